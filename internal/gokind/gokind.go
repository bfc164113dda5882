// Package gokind tells apart the Go values that content and result treat
// by their kind: a nil map, which an option that takes a map leaves out,
// and a value of a string type, which an ordinary value writes verbatim.
// The cases that need reflection are in a file that the WebAssembly
// guest's build leaves out (GOOS=wasip1): there a Go value is never more
// than a content.Value.
package gokind

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
	return isNilMap(g)
}

// IsString reports whether g is a Go value of a string type that is not a
// marshaler (a string, or a named string type): such a value is written as
// a plain string.
func IsString(g any) bool {
	if _, ok := g.(string); ok {
		return true
	}
	return isString(g)
}
