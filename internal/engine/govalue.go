//go:build !wasip1

package engine

import (
	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/contentlink"
)

// fromGo converts one level of a Go value to a Value; nested values stay
// wrapped (KindGo) so that each is converted, and its errors reported, at its
// own path. The common types are handled here without reflection; the rest go
// to fromGoOther, which is reflection-based. A non-empty message means the
// value is not supported in the checker's mode. (The WebAssembly guest has a
// fromGo of its own: it only ever sees MessagePack values.)
func (c *Checker) fromGo(g any) (content.Value, string) {
	if v, ok := fromGoValue(g); ok {
		return v, ""
	}
	switch x := g.(type) {
	case bool:
		return content.NewBool(x), ""
	case string:
		return content.NewString(x), ""
	case int:
		return content.NewInt(int64(x)), ""
	case int8:
		return content.NewInt(int64(x)), ""
	case int16:
		return content.NewInt(int64(x)), ""
	case int32:
		return content.NewInt(int64(x)), ""
	case int64:
		return content.NewInt(x), ""
	case uint:
		return content.NewUint(uint64(x)), ""
	case uint8:
		return content.NewUint(uint64(x)), ""
	case uint16:
		return content.NewUint(uint64(x)), ""
	case uint32:
		return content.NewUint(uint64(x)), ""
	case uint64:
		return content.NewUint(x), ""
	case float64:
		return content.NewFloat(x), ""
	case float32:
		return float32Value(x), ""
	case []byte:
		if x == nil && c.opts.Mode == content.JSON {
			return content.Null(), "" // as encoding/json writes a nil []byte
		}
		return content.NewBytes(x), ""
	case []any:
		if x == nil {
			return content.Null(), ""
		}
		if len(x) > c.left() {
			c.room(len(x))
			return content.Value{}, msgBudget
		}
		items := make([]content.Value, len(x))
		for i, e := range x {
			items[i] = content.FromGo(e)
		}
		return content.NewArray(items...), ""
	case []string:
		if x == nil {
			return content.Null(), ""
		}
		if len(x) > c.left() {
			c.room(len(x))
			return content.Value{}, msgBudget
		}
		items := make([]content.Value, len(x))
		for i, e := range x {
			items[i] = content.NewString(e)
		}
		return content.NewArray(items...), ""
	case map[string]any:
		if len(x) > c.left() {
			c.room(len(x))
			return content.Value{}, msgBudget
		}
		return sortedObject(x, fromGoShallow), ""
	case map[string]string:
		if len(x) > c.left() {
			c.room(len(x))
			return content.Value{}, msgBudget
		}
		return sortedObject(x, content.NewString), ""
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
func fromGoShallow(g any) content.Value {
	switch x := g.(type) {
	case nil:
		return content.Null()
	case string:
		return content.NewString(x)
	case bool:
		return content.NewBool(x)
	case int:
		return content.NewInt(int64(x))
	case int64:
		return content.NewInt(x)
	case float64:
		return content.NewFloat(x)
	}
	return content.FromGo(g)
}

// sortedObject returns a Go map as an object with its keys sorted by their
// bytes, as encoding/json writes it; a nil map is null.
func sortedObject[V any](m map[string]V, conv func(V) content.Value) content.Value {
	if m == nil {
		return content.Null()
	}
	items := make([]content.Value, 0, 2*len(m))
	if len(m) > 16 {
		for k, v := range m {
			items = append(items, content.NewString(k), conv(v))
		}
		order := make([]int32, len(m)) // distinct keys: the order is total
		keys := make([]string, len(m))
		for j := range order {
			order[j] = int32(j)
			keys[j] = items[2*j].Str()
		}
		sortMembers(keys, order, lessBytes)
		sorted := make([]content.Value, 0, len(items))
		for _, j := range order {
			sorted = append(sorted, items[2*j], items[2*j+1])
		}
		return contentlink.ObjectItems(sorted)
	}
	// A few keys (the usual map): each member goes straight to its place
	// among those before it (the keys of a map are distinct, so the order
	// is total and the sort needs no stability).
	for k, v := range m {
		j := len(items)
		for j > 0 && k < items[j-2].Str() {
			j -= 2
		}
		items = append(items, content.Value{}, content.Value{})
		copy(items[j+2:], items[j:])
		items[j], items[j+1] = content.NewString(k), conv(v)
	}
	return contentlink.ObjectItems(items)
}
