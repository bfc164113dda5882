package codec_test

import (
	"bytes"
	"testing"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/codec"
	"github.com/mcpresult/mcpresult/internal/msgpacktest"
)

var checkError = msgpacktest.CheckError

// FuzzDecode: Decode never panics; its errors are invalid_request,
// max_nodes or max_depth; a value that decodes re-encodes to bytes that
// decode to an equal value and re-encode to themselves.
func FuzzDecode(f *testing.F) {
	for _, fx := range msgpacktest.Fixtures(f) {
		f.Add(fx.Req)
		f.Add(fx.Resp)
	}
	for _, b := range validEncodings {
		f.Add(b)
	}
	f.Add(hx("d7 ff ee6b280000000000"))
	f.Add(hx("c7 0c ff 3b9ac9ff fffffff1886e0900"))
	f.Add(hx("dc 0015 dc 0014 0000000000000000000000000000000000000000"))
	f.Fuzz(func(t *testing.T, data []byte) {
		codes := []content.Code{content.CodeInvalidRequest, content.CodeMaxNodes, content.CodeMaxDepth}
		v, err := codec.Decode(data, codec.DecodeOptions{})
		bounded, berr := codec.Decode(data, codec.DecodeOptions{MaxNodes: 8})
		if berr != nil {
			checkError(t, berr, codes...)
		} else if err != nil || !content.Equal(v, bounded) {
			t.Fatalf("decodes with MaxNodes 8 (%s) but not without (%v)", show(bounded), err)
		}
		if err != nil {
			checkError(t, err, codes...)
			return
		}
		b := codec.AppendValue(nil, v)
		w, err := codec.Decode(b, codec.DecodeOptions{})
		if err != nil {
			t.Fatalf("% x decodes to %s, which re-encodes to % x, which does not decode: %v", data, show(v), b, err)
		}
		if !content.Equal(v, w) {
			t.Fatalf("% x decodes to %s, re-encoded and decoded to %s", data, show(v), show(w))
		}
		if c := codec.AppendValue(nil, w); !bytes.Equal(b, c) {
			t.Fatalf("not canonical: % x, then % x", b, c)
		}
	})
}
