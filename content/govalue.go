package content

// fromGo converts one level of a Go value to a Value; nested values stay
// wrapped (KindGo) so that each is converted, and its errors reported, at its
// own path. The common types are handled here without reflection; the rest go
// to fromGoOther, which is reflection-based outside the WebAssembly guest. A
// non-empty message means the value is not supported in the checker's mode.
func (c *Checker) fromGo(g any) (Value, string) {
	switch x := g.(type) {
	case nil:
		return Null(), ""
	case Value:
		return x, ""
	case bool:
		return NewBool(x), ""
	case string:
		return NewString(x), ""
	case int:
		return NewInt(int64(x)), ""
	case int8:
		return NewInt(int64(x)), ""
	case int16:
		return NewInt(int64(x)), ""
	case int32:
		return NewInt(int64(x)), ""
	case int64:
		return NewInt(x), ""
	case uint:
		return NewUint(uint64(x)), ""
	case uint8:
		return NewUint(uint64(x)), ""
	case uint16:
		return NewUint(uint64(x)), ""
	case uint32:
		return NewUint(uint64(x)), ""
	case uint64:
		return NewUint(x), ""
	case float64:
		return NewFloat(x), ""
	case float32:
		return float32Value(x), ""
	case []byte:
		if x == nil && c.opts.Mode == JSON {
			return Null(), "" // as encoding/json writes a nil []byte
		}
		return NewBytes(x), ""
	case []any:
		if x == nil {
			return Null(), ""
		}
		if len(x) > c.left() {
			c.room(len(x))
			return Value{}, msgBudget
		}
		items := make([]Value, len(x))
		for i, e := range x {
			items[i] = FromGo(e)
		}
		return NewArray(items...), ""
	case []string:
		if x == nil {
			return Null(), ""
		}
		if len(x) > c.left() {
			c.room(len(x))
			return Value{}, msgBudget
		}
		items := make([]Value, len(x))
		for i, e := range x {
			items[i] = NewString(e)
		}
		return NewArray(items...), ""
	case map[string]any:
		if len(x) > c.left() {
			c.room(len(x))
			return Value{}, msgBudget
		}
		return sortedObject(x, fromGoShallow), ""
	case map[string]string:
		if len(x) > c.left() {
			c.room(len(x))
			return Value{}, msgBudget
		}
		return sortedObject(x, NewString), ""
	}
	v, msg := fromGoOther(g, c.opts.Mode, c.left())
	if msg == msgBudget {
		c.room(c.left() + 1)
	}
	return v, msg
}

// msgBudget is what fromGo returns for a Go slice or map with more elements
// than the node budget has room for: the checker has then stopped with the
// budget error, before converting them.
const msgBudget = "the value has more elements than the budget allows"

// fromGoShallow is FromGo that converts the common scalars (string, bool,
// int, float64, nil) at once: an object made of a map then needs no copy
// when it is checked, as it holds nothing left to convert. Any other value
// is wrapped, to be converted when it is checked.
func fromGoShallow(g any) Value {
	switch x := g.(type) {
	case nil:
		return Null()
	case string:
		return NewString(x)
	case bool:
		return NewBool(x)
	case int:
		return NewInt(int64(x))
	case int64:
		return NewInt(x)
	case float64:
		return NewFloat(x)
	}
	return FromGo(g)
}

// sortedObject returns a Go map as an object with its keys sorted by their
// bytes, as encoding/json writes it; a nil map is null.
func sortedObject[V any](m map[string]V, conv func(V) Value) Value {
	if m == nil {
		return Null()
	}
	items := make([]Value, 0, 2*len(m))
	for k, v := range m {
		items = append(items, NewString(k), conv(v))
	}
	sortMembers(items, func(a, b string) bool { return a < b })
	return objectFromItems(items)
}

// IsString reports whether v is a string as given: a KindString value, or a
// Go value of a string type (not a marshaler). Ordinary values use it to tell
// a string, written verbatim, from a value that becomes a string only through
// canonicalization (bytes, timestamps), which is written as JSON.
func (v Value) IsString() bool {
	switch v.kind {
	case KindString:
		return true
	case KindGo:
		if _, ok := v.g.(string); ok {
			return true
		}
		return goIsString(v.g)
	}
	return false
}

// IsNilMap reports whether g is nil or a nil Go map: an option that takes a
// map (meta) is left out for it, as a nil map means "nothing" in Go, rather
// than becoming JSON null.
func IsNilMap(g any) bool {
	switch x := g.(type) {
	case nil:
		return true
	case map[string]any:
		return x == nil
	case map[string]string:
		return x == nil
	}
	return goIsNilMap(g)
}
