package content

import (
	"math"
	"unsafe"
)

// Kind is the kind of a [Value].
type Kind uint8

// The kinds of [Value]. Null, Bool, Int, Uint, Float, String, Array and
// Object are JSON values. Bytes, Time, Ext and Go are values that arrive from
// MessagePack or from Go and that canonicalization (see the package doc) either
// converts to JSON or rejects.
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
	KindExt                // any other MessagePack extension
	KindGo                 // a Go value not yet converted (see FromGo)
)

// Value is one value of a request or a result: a JSON value, or a value that
// still has to be canonicalized. Objects keep their members in the order they
// were given, duplicates included, so that checks can report them and writers
// can keep the caller's order.
//
// The zero Value is JSON null. Values are immutable once built; the
// constructors copy nothing, so callers must not change slices they passed in.
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
// held packed instead (see Packed), at four bytes a value.

// str returns the string of a String, Bytes or Ext value, and "" for any
// other kind.
//
//go:noinline
func (v Value) str() string {
	if v.kind != KindString && v.kind != KindBytes && v.kind != KindExt {
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

// NewExt returns a MessagePack extension value of another type than -1.
func NewExt(typ int8, data []byte) Value {
	v := ofString(KindExt, string(data))
	v.n2 = int32(typ)
	return v
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

// NewObjectItems returns an object whose members are items taken two at a
// time, key then value, in order (duplicates kept). The object keeps items
// (it is not copied): a decoder that reads members straight into one slice
// makes the object with one allocation, where NewObject takes two.
func NewObjectItems(items []Value) Value {
	return objectFromItems(items)
}

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

// Identical reports whether v and w are the same value in memory: the same
// kind and scalar, the same bytes and the same items (not copies of them).
// It is not a comparison of contents; checks use it to return a value they
// did not change, rather than a copy of it.
//
//go:noinline
func (v Value) Identical(w Value) bool {
	return v.kind == w.kind && v.kind != KindGo && v.n == w.n && v.n2 == w.n2 && v.p == w.p
}

// Bool returns the boolean of a KindBool value.
func (v Value) Bool() bool { return v.n != 0 }

// Int returns the integer of a KindInt value.
func (v Value) Int() int64 { return int64(v.n) }

// Uint returns the integer of a KindUint value (or of a non-negative KindInt).
func (v Value) Uint() uint64 { return v.n }

// Float returns the float of a KindFloat value.
func (v Value) Float() float64 { return math.Float64frombits(v.n) }

// Str returns the string of a KindString value, or the bytes of a KindBytes
// or KindExt value.
func (v Value) Str() string { return v.str() }

// Time returns the seconds and nanoseconds of a KindTime value.
func (v Value) Time() (sec int64, nsec int32) { return int64(v.n), v.n2 }

// ExtType returns the extension type of a KindExt value.
func (v Value) ExtType() int8 { return int8(v.n2) }

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

// Index returns element i of an array.
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

// number returns v as a float64 (for range checks).
func (v Value) number() float64 {
	switch v.kind {
	case KindInt:
		return float64(int64(v.n))
	case KindUint:
		return float64(v.n)
	}
	return math.Float64frombits(v.n)
}

// integer returns v as an int64 when it is an integer, or a float with an
// integral value, inside the int64 range.
func (v Value) integer() (int64, bool) {
	switch v.kind {
	case KindInt:
		return int64(v.n), true
	case KindFloat:
		f := v.Float()
		if f == math.Trunc(f) && f >= -(1<<63) && f < 1<<63 {
			return int64(f), true
		}
	}
	return 0, false
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
	case KindExt:
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

// Plain converts the Go values inside v (see FromGo) to Values, in the given
// canonicalization mode, so that v can be walked and measured as a whole
// (validate does so with a value it is given). Bytes and timestamps stay
// what they are; the checks decide what they become. It stops past
// b.MaxNodes values (max_nodes; 0: no bound) or past what b.MaxBytes allows
// (n values take at least 2n-1 bytes of JSON: max_bytes; 0: no bound),
// which also ends a cyclic or widely shared Go value before it costs more
// than the budget; a Go value with no JSON form in mode is
// unsupported_value at its path. It converts no deeper than one level past
// MaxDepth (b.MaxDepth is not used), so that the checks report max_depth
// beside their other findings. A value that holds no Go value is returned
// as it is (the checks that follow bound it themselves).
func (b Budget) Plain(v Value, mode Canonicalization) (Value, error) {
	budget := b.MaxNodes
	if budget <= 0 {
		budget = math.MaxInt
	}
	if !hasGo(v, &budget, 1) {
		return v, nil
	}
	c := NewChecker(CheckOptions{Mode: mode, MaxNodes: b.MaxNodes, MaxBytes: b.MaxBytes})
	out, _ := c.plain(v, 1, MaxDepth+1, false)
	return out, c.Err()
}

// ConvertGo converts every Go value inside v, as Plain does, for a caller
// that must hand on a value with no Go value left in it (a host encoding a
// request for the WebAssembly module): a Go value that is an array or
// object nested deeper than b.MaxDepth (0: MaxDepth) is max_depth (at the
// path ""), as the checks report it natively, so that a cyclic Go value
// ends at once; a Value nested that deep is left for the checks.
// b.MaxNodes and b.MaxBytes bound it as they bound Plain.
func (b Budget) ConvertGo(v Value, mode Canonicalization) (Value, error) {
	c := NewChecker(CheckOptions{Mode: mode, MaxNodes: b.MaxNodes, MaxBytes: b.MaxBytes, MaxDepth: b.maxDepth()})
	out, _ := c.plain(v, 1, b.maxDepth(), true)
	return out, c.Err()
}

// plain converts the Go values of v, which sits at depth. Past limit it
// leaves v as it is (for the checks to report max_depth beside their other
// findings), or when strict reports max_depth.
func (c *Checker) plain(v Value, depth, limit int, strict bool) (Value, bool) {
	if depth > limit && (v.kind == KindArray || v.kind == KindObject || v.kind == KindGo && !strict) {
		return v, false // left for the checks, which report max_depth
	}
	if c.halt || !c.countNode() {
		return v, false
	}
	switch v.kind {
	case KindGo:
		conv, msg := c.fromGo(v.goValue())
		if msg != "" {
			c.Fail(CodeUnsupportedValue, msg)
			return v, false
		}
		if depth > limit && (conv.kind == KindArray || conv.kind == KindObject) {
			c.tooDeep(depth) // strict: a Go container past the limit
			return v, false
		}
		c.nodes--
		out, _ := c.plain(conv, depth, limit, strict)
		return out, true
	case KindArray, KindObject:
		if v.isPacked() {
			return v, false // a decoded document holds no Go value
		}
		var out []Value
		for i, e := range v.elems() {
			if v.kind == KindArray {
				c.path.Index(i)
			} else if i%2 == 1 {
				k := v.elems()[i-1]
				if out != nil {
					k = out[i-1]
				}
				c.path.Key(k.str())
			} else {
				// a key: a Go string key becomes a string, other keys stay
				if e.kind == KindGo {
					if s, ok := e.goValue().(string); ok {
						if out == nil {
							out = append([]Value(nil), v.elems()...)
						}
						out[i] = NewString(s)
					}
				}
				continue
			}
			ne, changed := c.plain(e, depth+1, limit, strict)
			c.path.Pop()
			if c.halt {
				return v, false
			}
			if changed && out == nil {
				out = append([]Value(nil), v.elems()...)
			}
			if out != nil {
				out[i] = ne
			}
		}
		if out != nil {
			return ofItems(v.kind, out), true
		}
	}
	return v, false
}

// EqualJSON reports whether a and b are the same JSON value: numbers equal
// by value (1 and 1.0 are equal), strings by their bytes, arrays element by
// element, and objects member by member whatever their order. An object
// with a repeated key equals nothing, and so does a value nested deeper than
// MaxParseDepth.
func EqualJSON(a, b Value) bool { return equalJSON(a, b, 0) }

func equalJSON(a, b Value, depth int) bool {
	if depth > MaxParseDepth {
		return false
	}
	if a.IsNumber() && b.IsNumber() {
		return numbersEqual(a, b)
	}
	if a.kind != b.kind {
		return false
	}
	switch a.kind {
	case KindNull:
		return true
	case KindBool:
		return a.n == b.n
	case KindString:
		return a.str() == b.str()
	case KindArray:
		if a.items() != b.items() {
			return false
		}
		for i := range a.items() {
			if !equalJSON(a.item(i), b.item(i), depth+1) {
				return false
			}
		}
		return true
	case KindObject:
		if a.items() != b.items() {
			return false
		}
		idx := make(map[string]int, min(b.items()/2, 1024))
		for i := 0; i < b.items(); i += 2 {
			k := b.item(i)
			if k.kind != KindString {
				return false
			}
			idx[k.str()] = i + 1
		}
		if len(idx) != b.items()/2 {
			return false
		}
		used := make([]bool, b.items()/2)
		for i := 0; i < a.items(); i += 2 {
			k := a.item(i)
			j, ok := idx[k.str()]
			if !ok || k.kind != KindString || used[j/2] || !equalJSON(a.item(i+1), b.item(j), depth+1) {
				return false
			}
			used[j/2] = true
		}
		return true
	}
	return false
}

// numbersEqual compares two numbers by value, exactly.
func numbersEqual(a, b Value) bool {
	if a.kind == KindFloat && b.kind == KindFloat {
		return a.Float() == b.Float()
	}
	if a.kind != KindFloat && b.kind != KindFloat {
		return a.kind == b.kind && a.n == b.n // Int and Uint never overlap
	}
	if a.kind != KindFloat {
		a, b = b, a
	}
	f := a.Float()
	if f != math.Trunc(f) {
		return false
	}
	if b.kind == KindInt {
		return f >= -(1<<63) && f < 1<<63 && int64(f) == b.Int()
	}
	return f >= 1<<63 && f < 1<<64 && uint64(f) == b.Uint()
}

// hasGo reports whether v holds a Go value among the next *budget values
// and MaxDepth+1 levels (Plain converts no deeper).
func hasGo(v Value, budget *int, depth int) bool {
	if *budget--; *budget < 0 {
		return false
	}
	switch v.kind {
	case KindGo:
		return true
	case KindArray, KindObject:
		if depth > MaxDepth || v.isPacked() {
			return false // a decoded document holds no Go value
		}
		for _, e := range v.elems() {
			if hasGo(e, budget, depth+1) {
				return true
			}
		}
	}
	return false
}
