//go:build !wasip1

package gokind

import (
	"encoding"
	"encoding/json"
	"reflect"
)

// isString reports a Go value of a named string type that is not a
// marshaler (such values are written as plain strings).
func isString(g any) bool {
	if g == nil {
		return false
	}
	if _, isNumber := g.(json.Number); isNumber {
		return false // encoding/json writes it as a number
	}
	t := reflect.TypeOf(g)
	return t.Kind() == reflect.String && !t.Implements(jsonMarshalerType) && !t.Implements(textMarshalerType)
}

// isNilMap reports a nil map of any map type.
func isNilMap(g any) bool {
	rv := reflect.ValueOf(g)
	return rv.Kind() == reflect.Map && rv.IsNil()
}

var (
	jsonMarshalerType = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
)
