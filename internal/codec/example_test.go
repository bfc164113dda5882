package codec_test

import (
	"fmt"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/codec"
)

// A value written and read back: keys in their order, a repeated key kept,
// an integer key kept (the checks report both).
func Example() {
	v := content.NewObject(
		content.Str("a", content.NewInt(1)),
		content.Str("a", content.NewBytes([]byte{0xff})),
		content.Member{Key: content.NewInt(7), Value: content.NewBool(true)},
	)
	b := codec.AppendValue(nil, v)
	fmt.Printf("% x\n", b)

	w, err := codec.Decode(b, codec.DecodeOptions{})
	fmt.Println(w.Len(), w.Member(1).Value.Kind() == content.KindBytes, w.Member(2).Key.Int(), content.Equal(v, w), err)

	_, err = codec.Decode(b[:len(b)-1], codec.DecodeOptions{})
	fmt.Println(err)
	// Output:
	// 83 a1 61 01 a1 61 c4 01 ff 07 c3
	// 3 true 7 true <nil>
	// mcpresult: invalid_request at /7: MessagePack data ends early (at byte 10)
}
