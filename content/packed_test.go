package content_test

import (
	"testing"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/contentlink"
	"github.com/mcpresult/mcpresult/internal/packed"
)

// TestJSONViewOfOtherValues: the JSON view returns any value that is not
// read in place from MessagePack as it is (a timestamp's nanoseconds and an
// extension's type, held beside the value, stay what they are).
func TestJSONViewOfOtherValues(t *testing.T) {
	jsonView := packed.JSONView.(func(content.Value) content.Value)
	isPacked := packed.IsPacked.(func(content.Value) bool)
	for _, v := range []content.Value{
		content.NewTime(1, 5), contentlink.NewExt(3, []byte{1}), content.NewString("x"),
		content.NewArray(content.NewInt(1)), content.NewObject(content.Str("a", content.NewBytes([]byte{1}))),
	} {
		if w := jsonView(v); !contentlink.Identical(w, v) || isPacked(w) {
			t.Errorf("JSON view of a %v changed it", v.Kind())
		}
	}
}

// TestPackedValues: a document of each kind of scalar and nested
// containers reads, through the accessors, as the values it holds, and
// its JSON view converts what canonicalization "json" converts.
func TestPackedValues(t *testing.T) {
	valueOf := packed.ValueOf.(func(*packed.Doc, uint32) content.Value)
	jsonView := packed.JSONView.(func(content.Value) content.Value)
	// {1: [true, "hi", bin "\x01"], "k": -3}
	data := []byte{0x82, 0x01, 0x93, 0xc3, 0xa2, 'h', 'i', 0xc4, 0x01, 0x01, 0xa1, 'k', 0xfd}
	d := packed.New(data, (1+4)+(1+3)) // each container: its header and its items
	root := d.Open(true, 4)
	arr := d.Open(false, 3)
	d.Set(root, 0, 1)
	d.Set(root, 1, arr)
	d.Set(arr, 0, 3)
	d.Set(arr, 1, 4)
	d.Set(arr, 2, 7)
	d.Set(root, 2, 10)
	d.Set(root, 3, 12)
	v := valueOf(d, root)
	if v.Kind() != content.KindObject || v.Len() != 2 {
		t.Fatalf("root: %v of %d", v.Kind(), v.Len())
	}
	if k := v.Member(0).Key; k.Kind() != content.KindInt || k.Int() != 1 {
		t.Errorf("key 0: %v", k.Kind())
	}
	a := v.Member(0).Value
	if a.Len() != 3 || !a.Index(0).Bool() || a.Index(1).Str() != "hi" || a.Index(2).Kind() != content.KindBytes {
		t.Errorf("array: %v", a)
	}
	if x, ok := v.Get("k"); !ok || x.Int() != -3 {
		t.Errorf("k: %v %v", x, ok)
	}
	view := jsonView(v)
	if k := view.Member(0).Key; k.Kind() != content.KindString || k.Str() != "1" {
		t.Errorf("viewed key 0: %v %q", k.Kind(), k.Str())
	}
	if b := view.Member(0).Value.Index(2); b.Kind() != content.KindString || b.Str() != "AQ==" {
		t.Errorf("viewed bytes: %v %q", b.Kind(), b.Str())
	}
}
