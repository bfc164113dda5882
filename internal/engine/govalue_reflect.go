//go:build !wasip1

package engine

import (
	"encoding"
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"time"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/contentlink"
)

var (
	jsonMarshalerType = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
)

// fromGoOther converts the Go values that need reflection or encoding/json
// (see the package doc): time.Time, json.Number, typed slices and maps, and in
// JSON mode structs, pointers and marshalers through encoding/json. It is
// left out of the WebAssembly guest by its build constraint.
// A slice, array or map with more than room elements is msgBudget, before
// anything is converted.
func fromGoOther(g any, mode content.Canonicalization, room int) (content.Value, string) {
	switch x := g.(type) {
	case time.Time:
		return content.NewTime(x.Unix(), int32(x.Nanosecond())), ""
	case *time.Time:
		// The same as a time.Time (encoding/json would write nanoseconds
		// and the zone, a time.Time here is written as JavaScript does).
		if x == nil {
			return content.Null(), ""
		}
		return content.NewTime(x.Unix(), int32(x.Nanosecond())), ""
	case json.Number:
		v, err := content.ParseJSON([]byte(x))
		if err != nil || !v.IsNumber() {
			return content.Value{}, "json.Number does not hold a number"
		}
		return v, ""
	}
	rv := reflect.ValueOf(g)
	t := rv.Type()
	if t.Implements(jsonMarshalerType) || t.Implements(textMarshalerType) {
		return viaEncodingJSON(g, mode)
	}
	switch t.Kind() {
	case reflect.Bool:
		return content.NewBool(rv.Bool()), ""
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return content.NewInt(rv.Int()), ""
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return content.NewUint(rv.Uint()), ""
	case reflect.Float32:
		return float32Value(float32(rv.Float())), ""
	case reflect.Float64:
		return content.NewFloat(rv.Float()), ""
	case reflect.String:
		return content.NewString(rv.String()), ""
	case reflect.Slice, reflect.Array:
		if t.Kind() == reflect.Slice && rv.IsNil() {
			return content.Null(), ""
		}
		if rv.Len() > room && !(t.Elem().Kind() == reflect.Uint8 && t.Kind() == reflect.Slice) {
			return content.Value{}, msgBudget
		}
		if t.Elem().Kind() == reflect.Uint8 && t.Kind() == reflect.Slice {
			return content.NewBytes(rv.Bytes()), ""
		}
		items := make([]content.Value, rv.Len())
		for i := range items {
			items[i] = content.FromGo(rv.Index(i).Interface())
		}
		return content.NewArray(items...), ""
	case reflect.Map:
		if rv.IsNil() {
			return content.Null(), ""
		}
		if rv.Len() > room {
			return content.Value{}, msgBudget
		}
		type kv struct {
			sort string
			key  content.Value
			val  reflect.Value
		}
		var members []kv
		iter := rv.MapRange()
		for iter.Next() {
			k := iter.Key()
			var key content.Value
			var sortKey string
			switch k.Kind() {
			case reflect.String:
				key, sortKey = content.NewString(k.String()), k.String()
			case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
				key, sortKey = content.NewInt(k.Int()), strconv.FormatInt(k.Int(), 10)
			case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
				key, sortKey = content.NewUint(k.Uint()), strconv.FormatUint(k.Uint(), 10)
			case reflect.Bool:
				key, sortKey = content.NewBool(k.Bool()), strconv.FormatBool(k.Bool())
			default:
				return content.Value{}, "map keys must be strings, integers or booleans"
			}
			members = append(members, kv{sortKey, key, iter.Value()})
		}
		slices.SortFunc(members, func(a, b kv) int {
			switch {
			case a.sort < b.sort:
				return -1
			case a.sort > b.sort:
				return 1
			}
			return 0
		})
		items := make([]content.Value, 0, 2*len(members))
		for _, m := range members {
			items = append(items, m.key, content.FromGo(m.val.Interface()))
		}
		return contentlink.ObjectItems(items), ""
	case reflect.Struct, reflect.Pointer:
		return viaEncodingJSON(g, mode)
	}
	return content.Value{}, "this Go type has no JSON form"
}

// viaEncodingJSON converts a struct, pointer or marshaler as encoding/json
// writes it, in JSON mode only; the JSON it gives is then checked as strict.
func viaEncodingJSON(g any, mode content.Canonicalization) (content.Value, string) {
	if mode != content.JSON {
		return content.Value{}, "Go structs, pointers and JSON marshalers need canonicalization \"json\""
	}
	b, err := json.Marshal(g)
	if err != nil {
		return content.Value{}, "encoding/json could not encode this Go value"
	}
	v, perr := content.ParseJSON(b)
	if perr != nil {
		return content.Value{}, "encoding/json gave JSON that could not be read back"
	}
	return v, ""
}

// float32Value converts as encoding/json does: the shortest decimal of the
// float32, read as a float64 (so float32(0.1) is 0.1, not
// 0.10000000149011612).
func float32Value(x float32) content.Value {
	f, _ := strconv.ParseFloat(strconv.FormatFloat(float64(x), 'g', -1, 32), 64)
	return content.NewFloat(f)
}
