// Package contentlink makes and reads for the packages of this module the
// parts of content.Value that only they need, without content exporting
// them: an object of items a decoder read straight into one slice, the
// MessagePack extension values the module's decoder reads (which no
// constructor of content makes, and which every check refuses), and the
// test of two values being the same memory, with which the checks return a
// value they did not change. Users build with content's constructors and
// read with its accessors; these would be promises they never need.
//
// It works on content.Value's representation, which it mirrors field for
// field (repr; a test checks the two agree, and that what it makes reads
// through content's accessors as it should). Its functions are small and
// inlined where they are called: function variables set by content would
// cost a call through a pointer at every use, which in the WebAssembly
// module, whose size is budgeted, is several kilobytes for these few.
package contentlink

import (
	"unsafe"

	"github.com/mcpresult/mcpresult/content"
)

// KindExt is the kind of a MessagePack extension of another type than -1
// (a timestamp): a value that only the module's decoder makes, and that
// every check reports as unsupported_value.
const KindExt content.Kind = content.KindTime + 1

// repr is content.Value's representation: its kind; the nanoseconds of a
// Time, the type of an extension, or for an array or object read in place
// from MessagePack its segment (0 for a tree of Values); a scalar, or the
// length of a string, an extension's data or a container's items; and the
// first byte or item.
type repr struct {
	kind content.Kind
	n2   int32
	n    uint64
	p    unsafe.Pointer
}

// of returns the representation of *v.
func of(v *content.Value) *repr { return (*repr)(unsafe.Pointer(v)) }

// ObjectItems returns the object whose members are items taken two at a
// time, key then value, in order (duplicates kept). The object keeps items
// (it is not copied): a decoder that reads members straight into one slice
// makes the object with one allocation, where content.NewObject takes two.
func ObjectItems(items []content.Value) (v content.Value) {
	if items == nil {
		items = []content.Value{}
	}
	*of(&v) = repr{kind: content.KindObject, n: uint64(len(items)), p: unsafe.Pointer(unsafe.SliceData(items))}
	return v
}

// NewExt returns an extension value of type typ (not -1) holding a copy of
// data, which its Str returns.
func NewExt(typ int8, data []byte) (v content.Value) {
	s := string(data)
	*of(&v) = repr{kind: KindExt, n2: int32(typ), n: uint64(len(s)), p: unsafe.Pointer(unsafe.StringData(s))}
	return v
}

// ExtType returns the type of an extension value.
func ExtType(v content.Value) int8 { return int8(of(&v).n2) }

// Identical reports whether a and b are the same value in memory: the same
// kind and scalar, the same bytes and the same items (not copies of them).
// It is not a comparison of contents (content.Equal is); the checks use it
// to return a value they did not change, rather than a copy of it. A Go
// value (content.KindGo) is identical to nothing.
func Identical(a, b content.Value) bool {
	x, y := of(&a), of(&b)
	return x.kind == y.kind && x.kind != content.KindGo && x.n == y.n && x.n2 == y.n2 && x.p == y.p
}
