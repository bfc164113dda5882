package content_test

import (
	"testing"

	"github.com/mcpresult/mcpresult/content"
)

// TestJSONViewOfOtherValues: JSONView returns any value that is not read in
// place from MessagePack as it is (a timestamp's nanoseconds and an
// extension's type, held beside the value, stay what they are).
func TestJSONViewOfOtherValues(t *testing.T) {
	for _, v := range []content.Value{
		content.NewTime(1, 5), content.NewExt(3, []byte{1}), content.NewString("x"),
		content.NewArray(content.NewInt(1)), content.NewObject(content.Str("a", content.NewBytes([]byte{1}))),
	} {
		if w := v.JSONView(); !w.Identical(v) || w.IsPacked() {
			t.Errorf("JSONView of a %v changed it", v.Kind())
		}
	}
}
