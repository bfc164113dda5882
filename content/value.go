package content

import (
	"math"
	"unsafe"
)

// Kind is the kind of a [Value].
type Kind uint8

// The kinds of [Value]. Null, Bool, Int, Uint, Float, String, Array and
// Object are JSON values. Bytes, Time and Go are values that arrive from
// MessagePack or from Go and that canonicalization (see the package doc) either
// converts to JSON or rejects. (The WebAssembly module's decoder has one kind
// more, that of a MessagePack extension of another type than a timestamp,
// which no constructor here makes and every check rejects as
// unsupported_value.)
const (
	KindNull   Kind = iota // JSON null
	KindBool               // true or false
	KindInt                // a signed integer (int64)
	KindUint               // an unsigned integer above math.MaxInt64
	KindFloat              // a float64, possibly non-finite before checking
	KindString             // a string of bytes, not yet checked for UTF-8
	KindArray              // an ordered list of values
	KindObject             // an ordered list of key/value members; keys may repeat or be non-strings before checking
	KindBytes              // raw bytes (MessagePack bin, Go []byte)
	KindTime               // a timestamp (MessagePack ext -1, Go time.Time)
	kindExt                // any other MessagePack extension (contentlink.KindExt)
	KindGo                 // a Go value not yet converted (see FromGo)
)

// Value is one value of a request or a result: a JSON value, or a value that
// still has to be canonicalized. Objects keep their members in the order they
// were given, duplicates included, so that checks can report them and writers
// can keep the caller's order.
//
// The zero Value is JSON null. Values are immutable once built; the
// constructors copy nothing, so callers must not change slices they passed in.
//
// Package contentlink mirrors these fields (a test checks that the two
// agree, field for field): it makes and reads for the module's other
// packages what content does not export.
type Value struct {
	kind Kind
	n2   int32          // Time nanoseconds, Ext type (beside kind: the two share a word)
	n    uint64         // Bool (0/1), Int (as uint64 bits), Uint, Float (bits), Time (seconds, int64 bits); the length of a String, Bytes or Ext's data, or of an Array's or Object's items
	p    unsafe.Pointer // the first byte of a String, Bytes or Ext's data; the first of an Array's or Object's items; a Go value's *any
}

// A Value is three words (24 bytes on 64-bit machines and in the module):
// a tree of values (a small request, a result being built) holds one per
// JSON value. Strings and items are kept as a pointer and a length rather
// than as a string and a slice (which would take 40 bytes more), and a Go
// value, rare and never in a decoded request, in a box. A large request is
// held packed instead (see internal/packed), at four bytes a value.

// str returns the string of a String, Bytes or Ext value, and "" for any
// other kind.
//
//go:noinline
func (v Value) str() string {
	if v.kind != KindString && v.kind != KindBytes && v.kind != kindExt {
		return ""
	}
	return unsafe.String((*byte)(v.p), int(v.n))
}

// elems returns the items of an Array or Object (an object's members as key,
// value, key, value…), and nil for any other kind. The items of a packed
// container are made for the call: walks of values that may be large use
// item and items instead.
//
//go:noinline
func (v Value) elems() []Value {
	if v.kind != KindArray && v.kind != KindObject {
		return nil
	}
	if v.n2 != 0 {
		return v.materialize()
	}
	return unsafe.Slice((*Value)(v.p), int(v.n))
}

// goValue returns the Go value of a KindGo value.
func (v Value) goValue() any {
	if v.kind != KindGo {
		return nil
	}
	return *(*any)(v.p)
}

// ofString returns a value of kind k (String, Bytes or Ext) holding s.
func ofString(k Kind, s string) Value {
	return Value{kind: k, n: uint64(len(s)), p: unsafe.Pointer(unsafe.StringData(s))}
}

// ofItems returns an Array or Object of the given items.
func ofItems(k Kind, items []Value) Value {
	return Value{kind: k, n: uint64(len(items)), p: unsafe.Pointer(unsafe.SliceData(items))}
}

// Member is one key/value pair of an object.
type Member struct {
	Key   Value
	Value Value
}

// Null returns JSON null.
func Null() Value { return Value{} }

// NewBool returns a boolean value.
func NewBool(b bool) Value {
	v := Value{kind: KindBool}
	if b {
		v.n = 1
	}
	return v
}

// NewInt returns an integer value.
func NewInt(i int64) Value { return Value{kind: KindInt, n: uint64(i)} }

// NewUint returns an integer value; one that fits int64 is stored as KindInt.
func NewUint(u uint64) Value {
	if u <= math.MaxInt64 {
		return Value{kind: KindInt, n: u}
	}
	return Value{kind: KindUint, n: u}
}

// NewFloat returns a float value (which may be non-finite; canonicalization
// rejects NaN and infinities).
func NewFloat(f float64) Value { return Value{kind: KindFloat, n: math.Float64bits(f)} }

// NewString returns a string value. Its bytes are checked for UTF-8 when the
// value is checked, not here.
func NewString(s string) Value { return ofString(KindString, s) }

// NewBytes returns a raw bytes value. The bytes are copied.
func NewBytes(b []byte) Value { return ofString(KindBytes, string(b)) }

// NewTime returns a timestamp value: seconds since the Unix epoch and
// nanoseconds (0..999,999,999) after them, as MessagePack's timestamp holds it.
func NewTime(sec int64, nsec int32) Value {
	return Value{kind: KindTime, n: uint64(sec), n2: nsec}
}

// NewArray returns an array of the given elements.
//
//go:noinline
func NewArray(elems ...Value) Value {
	if elems == nil {
		elems = []Value{}
	}
	return ofItems(KindArray, elems)
}

// NewObject returns an object with the members in the given order.
//
//go:noinline
func NewObject(members ...Member) Value {
	items := make([]Value, 0, 2*len(members))
	for _, m := range members {
		items = append(items, m.Key, m.Value)
	}
	return ofItems(KindObject, items)
}

// Str is a shorthand for a Member with a string key.
//
//go:noinline
func Str(key string, v Value) Member { return Member{Key: NewString(key), Value: v} }

// objectFromItems wraps an items slice that already alternates key, value.
func objectFromItems(items []Value) Value {
	if items == nil {
		items = []Value{}
	}
	return ofItems(KindObject, items)
}

// FromGo wraps an ordinary Go value (nil, bool, numbers, string, []any,
// map[string]any, []byte, time.Time, structs…) so that it can be placed in a
// request. It is converted when the request is checked, following the
// canonicalization mode of that check.
//
//go:noinline
func FromGo(v any) Value {
	if x, ok := v.(Value); ok {
		return x
	}
	box := new(any)
	*box = v
	return Value{kind: KindGo, p: unsafe.Pointer(box)}
}

// Kind returns the kind of v.
func (v Value) Kind() Kind { return v.kind }

// Bool returns the boolean of a KindBool value.
func (v Value) Bool() bool { return v.n != 0 }

// Int returns the integer of a KindInt value.
func (v Value) Int() int64 { return int64(v.n) }

// Uint returns the integer of a KindUint value (or of a non-negative KindInt).
func (v Value) Uint() uint64 { return v.n }

// Float returns the float of a KindFloat value.
func (v Value) Float() float64 { return math.Float64frombits(v.n) }

// Str returns the string of a KindString value, or the bytes of a KindBytes
// value.
func (v Value) Str() string { return v.str() }

// Time returns the seconds and nanoseconds of a KindTime value.
func (v Value) Time() (sec int64, nsec int32) { return int64(v.n), v.n2 }

// Go returns the Go value of a KindGo value.
func (v Value) Go() any { return v.goValue() }

// Len returns the number of elements of an array or members of an object.
// (Only arrays and objects have items.)
func (v Value) Len() int {
	n := v.items()
	if v.kind == KindObject {
		n >>= 1
	}
	return n
}

// Index returns element i of an array. Of an object it returns item i of
// its keys and values in turn: member i's key at 2i, its value at 2i+1
// (which is what a walk of every value of a document reads).
func (v Value) Index(i int) Value { return v.item(i) }

// Member returns member i of an object.
//
//go:noinline
func (v Value) Member(i int) Member { return Member{Key: v.item(2 * i), Value: v.item(2*i + 1)} }

// Get returns the value of the member with the string key k (the last one,
// when the key is repeated).
//
//go:noinline
func (v Value) Get(k string) (Value, bool) {
	if v.kind != KindObject {
		return Value{}, false
	}
	// From the end: of repeated keys, the last is the one JSON.parse and
	// encoding/json keep, so a check reads what a client reads.
	for i := v.items() - 2; i >= 0; i -= 2 {
		if key := v.item(i); key.kind == KindString && key.str() == k {
			return v.item(i + 1), true
		}
	}
	return Value{}, false
}

// IsNumber reports whether v is an integer or a float.
func (v Value) IsNumber() bool {
	return v.kind == KindInt || v.kind == KindUint || v.kind == KindFloat
}

// Equal reports whether a and b are the same value, member order included
// (a value nested deeper than MaxParseDepth equals nothing).
func Equal(a, b Value) bool { return equal(a, b, 0) }

func equal(a, b Value, depth int) bool {
	if depth > MaxParseDepth || a.kind != b.kind {
		return false
	}
	switch a.kind {
	case KindGo:
		return false
	case KindString, KindBytes:
		return a.str() == b.str()
	case kindExt:
		return a.n2 == b.n2 && a.str() == b.str()
	case KindArray, KindObject:
		if a.items() != b.items() {
			return false
		}
		for i := range a.items() {
			if !equal(a.item(i), b.item(i), depth+1) {
				return false
			}
		}
		return true
	case KindTime:
		return a.n == b.n && a.n2 == b.n2
	}
	return a.n == b.n
}
