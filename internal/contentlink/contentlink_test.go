package contentlink

import (
	"reflect"
	"testing"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/packed"
)

// TestReprMirrorsValue: repr has content.Value's fields, in its order, of
// the same names, sizes and offsets, so that of reads a Value as it is.
func TestReprMirrorsValue(t *testing.T) {
	v, r := reflect.TypeFor[content.Value](), reflect.TypeFor[repr]()
	if v.Size() != r.Size() || v.NumField() != r.NumField() {
		t.Fatalf("content.Value: %d bytes, %d fields; repr: %d bytes, %d fields", v.Size(), v.NumField(), r.Size(), r.NumField())
	}
	for i := range v.NumField() {
		a, b := v.Field(i), r.Field(i)
		if a.Name != b.Name || a.Offset != b.Offset || a.Type.Size() != b.Type.Size() || a.Type.Kind() != b.Type.Kind() {
			t.Errorf("field %d: content.Value has %s %s at %d, repr %s %s at %d", i, a.Name, a.Type, a.Offset, b.Name, b.Type, b.Offset)
		}
	}
}

// TestExt: an extension value has the kind KindExt, its type and a copy of
// its data, and is what content's own reader of MessagePack makes of the
// same bytes (Equal compares an extension's type and data).
func TestExt(t *testing.T) {
	valueOf := packed.ValueOf.(func(*packed.Doc, uint32) content.Value)
	for _, c := range []struct {
		typ  int8
		data []byte
		msg  []byte // the extension in MessagePack
	}{
		{-128, []byte{1}, []byte{0xd4, 0x80, 1}},
		{0, []byte{1, 2}, []byte{0xd5, 0x00, 1, 2}},
		{5, []byte{}, []byte{0xc7, 0x00, 0x05}},
		{127, []byte("abc"), []byte{0xc7, 0x03, 0x7f, 'a', 'b', 'c'}},
	} {
		data := append([]byte(nil), c.data...)
		x := NewExt(c.typ, data)
		if len(data) > 0 {
			data[0]++ // NewExt copied it
		}
		if x.Kind() != KindExt || ExtType(x) != c.typ || x.Str() != string(c.data) {
			t.Errorf("ext %d: kind %v, type %d, data %q", c.typ, x.Kind(), ExtType(x), x.Str())
		}
		read := valueOf(packed.New(c.msg, 0), 0)
		if read.Kind() != KindExt || ExtType(read) != c.typ || !content.Equal(x, read) {
			t.Errorf("ext %d: content reads % x as kind %v, type %d, data %q", c.typ, c.msg, read.Kind(), ExtType(read), read.Str())
		}
		if content.Equal(x, NewExt(c.typ^1, c.data)) {
			t.Errorf("ext %d: equal to an extension of another type", c.typ)
		}
	}
}

// TestObjectItems: an object of items reads as content.NewObject's of the
// same members, keeps the slice it is given, and is an empty object for
// none.
func TestObjectItems(t *testing.T) {
	items := []content.Value{content.NewString("a"), content.NewInt(1), content.NewInt(7), content.Null(), content.NewString("a"), content.NewInt(2)}
	o := ObjectItems(items)
	want := content.NewObject(content.Str("a", content.NewInt(1)), content.Member{Key: content.NewInt(7), Value: content.Null()}, content.Str("a", content.NewInt(2)))
	if o.Kind() != content.KindObject || o.Len() != 3 || !content.Equal(o, want) {
		t.Errorf("ObjectItems: %v of %d", o.Kind(), o.Len())
	}
	if v, ok := o.Get("a"); !ok || v.Int() != 2 {
		t.Errorf("ObjectItems: the last repeated key reads %d", v.Int())
	}
	items[1] = content.NewInt(9)
	if v := o.Member(0).Value; v.Int() != 9 {
		t.Errorf("ObjectItems copied its items: %d", v.Int())
	}
	for _, e := range []content.Value{ObjectItems(nil), ObjectItems([]content.Value{})} {
		if e.Kind() != content.KindObject || e.Len() != 0 || !content.Equal(e, content.NewObject()) {
			t.Errorf("no items: %v of %d", e.Kind(), e.Len())
		}
	}
}

// TestIdentical: the same memory, not the same contents.
func TestIdentical(t *testing.T) {
	s := content.NewString("xyz")
	o := content.NewObject(content.Str("a", s))
	items := []content.Value{content.NewString("a"), s}
	packedDoc := valueOfDoc()
	for _, c := range []struct {
		name string
		a, b content.Value
		want bool
	}{
		{"a string and itself", s, s, true},
		{"an object and itself", o, o, true},
		{"equal integers", content.NewInt(3), content.NewInt(3), true},
		{"an integer and a float", content.NewInt(0), content.NewFloat(0), false},
		{"times of other nanoseconds", content.NewTime(1, 1), content.NewTime(1, 2), false},
		{"equal strings of other bytes", s, content.NewString(string([]byte("xyz"))), false},
		{"equal objects of other items", o, content.NewObject(content.Str("a", s)), false},
		{"an object of items and itself", ObjectItems(items), ObjectItems(items), true},
		{"an object of a prefix of items", ObjectItems(items), ObjectItems(items[:0]), false},
		{"a packed object and itself", packedDoc, packedDoc, true},
		{"null and null", content.Null(), content.Null(), true},
		{"Go values", content.FromGo(1), content.FromGo(1), false},
	} {
		if got := Identical(c.a, c.b); got != c.want {
			t.Errorf("%s: %v", c.name, got)
		}
	}
}

// valueOfDoc is a packed object {"a": 1}.
func valueOfDoc() content.Value {
	valueOf := packed.ValueOf.(func(*packed.Doc, uint32) content.Value)
	d := packed.New([]byte{0x81, 0xa1, 'a', 0x01}, 3)
	root := d.Open(true, 2)
	d.Set(root, 0, 1)
	d.Set(root, 1, 3)
	return valueOf(d, root)
}
