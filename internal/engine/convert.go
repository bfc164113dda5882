package engine

import (
	"math"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/contentlink"
)

// number returns v as a float64 (for range checks).
func number(v content.Value) float64 {
	switch v.Kind() {
	case content.KindInt:
		return float64(v.Int())
	case content.KindUint:
		return float64(v.Uint())
	}
	return v.Float()
}

// integer returns v as an int64 when it is an integer, or a float with an
// integral value, inside the int64 range.
func integer(v content.Value) (int64, bool) {
	switch v.Kind() {
	case content.KindInt:
		return v.Int(), true
	case content.KindFloat:
		f := v.Float()
		if f == math.Trunc(f) && f >= -(1<<63) && f < 1<<63 {
			return int64(f), true
		}
	}
	return 0, false
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
func (b Budget) Plain(v content.Value, mode content.Canonicalization) (content.Value, error) {
	budget := b.MaxNodes
	if budget <= 0 {
		budget = math.MaxInt
	}
	// A value read in place from MessagePack holds no Go value; Plain
	// converts no deeper than one level past MaxDepth.
	if isPacked(v) || !HoldsGo(v, &budget, MaxDepth) {
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
func (b Budget) ConvertGo(v content.Value, mode content.Canonicalization) (content.Value, error) {
	c := NewChecker(CheckOptions{Mode: mode, MaxNodes: b.MaxNodes, MaxBytes: b.MaxBytes, MaxDepth: b.maxDepth()})
	out, _ := c.plain(v, 1, b.maxDepth(), true)
	return out, c.Err()
}

// plain converts the Go values of v, which sits at depth. Past limit it
// leaves v as it is (for the checks to report max_depth beside their other
// findings), or when strict reports max_depth.
func (c *Checker) plain(v content.Value, depth, limit int, strict bool) (content.Value, bool) {
	if depth > limit && (v.Kind() == content.KindArray || v.Kind() == content.KindObject || v.Kind() == content.KindGo && !strict) {
		return v, false // left for the checks, which report max_depth
	}
	if c.halt || !c.countNode() {
		return v, false
	}
	switch v.Kind() {
	case content.KindGo:
		conv, msg := c.fromGo(v.Go())
		if msg != "" {
			c.Fail(content.CodeUnsupportedValue, msg)
			return v, false
		}
		if depth > limit && (conv.Kind() == content.KindArray || conv.Kind() == content.KindObject) {
			c.tooDeep(depth) // strict: a Go container past the limit
			return v, false
		}
		c.nodes--
		out, _ := c.plain(conv, depth, limit, strict)
		return out, true
	case content.KindArray, content.KindObject:
		if isPacked(v) {
			return v, false // a decoded document holds no Go value
		}
		var out []content.Value
		for i := range itemCount(v) {
			e := v.Index(i)
			if v.Kind() == content.KindArray {
				c.path.Index(i)
			} else if i%2 == 1 {
				k := v.Index(i - 1)
				if out != nil {
					k = out[i-1]
				}
				c.path.Key(k.Str())
			} else {
				// a key: a Go string key becomes a string, other keys stay
				if e.Kind() == content.KindGo {
					if s, ok := e.Go().(string); ok {
						if out == nil {
							out = allItems(v)
						}
						out[i] = content.NewString(s)
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
				out = allItems(v)
			}
			if out != nil {
				out[i] = ne
			}
		}
		if out != nil {
			if v.Kind() == content.KindArray {
				return content.NewArray(out...), true
			}
			return contentlink.ObjectItems(out), true
		}
	}
	return v, false
}

// EqualJSON reports whether a and b are the same JSON value: numbers equal
// by value (1 and 1.0 are equal), strings by their bytes, arrays element by
// element, and objects member by member whatever their order. An object
// with a repeated key equals nothing, and so does a value nested deeper than
// MaxParseDepth.
func EqualJSON(a, b content.Value) bool { return equalJSON(a, b, 0) }

func equalJSON(a, b content.Value, depth int) bool {
	if depth > content.MaxParseDepth {
		return false
	}
	if a.IsNumber() && b.IsNumber() {
		return numbersEqual(a, b)
	}
	if a.Kind() != b.Kind() {
		return false
	}
	switch a.Kind() {
	case content.KindNull:
		return true
	case content.KindBool:
		return a.Bool() == b.Bool()
	case content.KindString:
		return a.Str() == b.Str()
	case content.KindArray:
		if itemCount(a) != itemCount(b) {
			return false
		}
		for i := range itemCount(a) {
			if !equalJSON(a.Index(i), b.Index(i), depth+1) {
				return false
			}
		}
		return true
	case content.KindObject:
		if itemCount(a) != itemCount(b) {
			return false
		}
		idx := make(map[string]int, min(itemCount(b)/2, 1024))
		for i := 0; i < itemCount(b); i += 2 {
			k := b.Index(i)
			if k.Kind() != content.KindString {
				return false
			}
			idx[k.Str()] = i + 1
		}
		if len(idx) != itemCount(b)/2 {
			return false
		}
		used := make([]bool, itemCount(b)/2)
		for i := 0; i < itemCount(a); i += 2 {
			k := a.Index(i)
			j, ok := idx[k.Str()]
			if !ok || k.Kind() != content.KindString || used[j/2] || !equalJSON(a.Index(i+1), b.Index(j), depth+1) {
				return false
			}
			used[j/2] = true
		}
		return true
	}
	return false
}

// numbersEqual compares two numbers by value, exactly.
func numbersEqual(a, b content.Value) bool {
	if a.Kind() == content.KindFloat && b.Kind() == content.KindFloat {
		return a.Float() == b.Float()
	}
	if a.Kind() != content.KindFloat && b.Kind() != content.KindFloat {
		return a.Kind() == b.Kind() && a.Uint() == b.Uint() // Int and Uint never overlap
	}
	if a.Kind() != content.KindFloat {
		a, b = b, a
	}
	f := a.Float()
	if f != math.Trunc(f) {
		return false
	}
	if b.Kind() == content.KindInt {
		return f >= -(1<<63) && f < 1<<63 && int64(f) == b.Int()
	}
	return f >= 1<<63 && f < 1<<64 && uint64(f) == b.Uint()
}

// HoldsGo reports whether v holds a Go value (see content.FromGo) among
// its next *budget values (keys not counted, though a key that is a Go
// value is found), no more than maxDepth levels below v; *budget is left
// negative when the values ran out first. Plain and the Go host walk a
// value with it before they convert anything.
func HoldsGo(v content.Value, budget *int, maxDepth int) bool {
	if *budget--; *budget < 0 {
		return false
	}
	switch v.Kind() {
	case content.KindGo:
		return true
	case content.KindArray:
		for i := 0; i < v.Len() && maxDepth > 0; i++ {
			if HoldsGo(v.Index(i), budget, maxDepth-1) {
				return true
			}
		}
	case content.KindObject:
		for i := 0; i < v.Len() && maxDepth > 0; i++ {
			m := v.Member(i)
			if m.Key.Kind() == content.KindGo || HoldsGo(m.Value, budget, maxDepth-1) {
				return true
			}
		}
	}
	return false
}

// fromGoValue converts what every build converts alike: nil, and a Value
// (wrapped by FromGo) as it is.
func fromGoValue(g any) (content.Value, bool) {
	switch x := g.(type) {
	case nil:
		return content.Null(), true
	case content.Value:
		return x, true
	}
	return content.Value{}, false
}

// itemCount returns the number of items of an array or object (twice the
// members of an object), and 0 for any other kind.
func itemCount(v content.Value) int {
	if v.Kind() == content.KindObject {
		return 2 * v.Len()
	}
	return v.Len()
}

// firstItems returns the first n items of an array or object (see
// itemCount) in a new slice of the given capacity: where a check starts a
// copy of what it changes.
func firstItems(v content.Value, n, capacity int) []content.Value {
	out := make([]content.Value, n, capacity)
	for i := range out {
		out[i] = v.Index(i)
	}
	return out
}

// allItems returns the items of an array or object in a new slice.
func allItems(v content.Value) []content.Value {
	n := itemCount(v)
	return firstItems(v, n, n)
}
