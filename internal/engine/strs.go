package engine

// The few string functions the checks need, written here rather than taken
// from package strings: strings imports unicode, whose tables and
// initialization would be carried by the WebAssembly module (about 30 KB)
// for functions the checks never call. Each does what the strings function
// of the same name does for the arguments it is given here (single bytes
// and ASCII sets).

// indexByte is strings.IndexByte.
//
//go:noinline
func indexByte(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

// lastIndexByte is strings.LastIndexByte.
func lastIndexByte(s string, c byte) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == c {
			return i
		}
	}
	return -1
}

// hasPrefix is strings.HasPrefix.
func hasPrefix(s, prefix string) bool {
	return len(s) >= len(prefix) && s[:len(prefix)] == prefix
}

// indexAny is strings.IndexAny for a set of ASCII characters: the index
// of the first byte of s in chars.
func indexAny(s, chars string) int {
	for i := 0; i < len(s); i++ {
		if indexByte(chars, s[i]) >= 0 {
			return i
		}
	}
	return -1
}

// countByte is strings.Count with a one-byte separator.
func countByte(s string, c byte) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			n++
		}
	}
	return n
}

// trimSpaceTab is strings.TrimLeft(s, " \t").
func trimSpaceTab(s string) string {
	for len(s) > 0 && (s[0] == ' ' || s[0] == '\t') {
		s = s[1:]
	}
	return s
}

// splitByte is strings.Split with a one-byte separator: the pieces between
// the separators, one more than there are separators.
func splitByte(s string, sep byte) []string {
	out := make([]string, 0, countByte(s, sep)+1)
	for {
		i := indexByte(s, sep)
		if i < 0 {
			return append(out, s)
		}
		out = append(out, s[:i])
		s = s[i+1:]
	}
}
