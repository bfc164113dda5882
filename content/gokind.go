package content

// IsString reports whether v is a string as given: a KindString value, or a
// Go value of a string type (not a marshaler). Ordinary values use it to tell
// a string, written verbatim, from a value that becomes a string only through
// canonicalization (bytes, timestamps), which is written as JSON.
func (v Value) IsString() bool {
	switch v.kind {
	case KindString:
		return true
	case KindGo:
		if _, ok := v.goValue().(string); ok {
			return true
		}
		return goIsString(v.goValue())
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
