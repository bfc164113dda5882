package engine

import (
	"strings"
	"testing"
)

// escapeOneByOne is the escaping of appendString written plainly, a byte at
// a time: the reference for the word-at-a-time scan.
func escapeOneByOne(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		default:
			if c < 0x20 {
				b.WriteString(`\u00`)
				b.WriteByte("0123456789abcdef"[c>>4])
				b.WriteByte("0123456789abcdef"[c&0xf])
			} else {
				b.WriteByte(c)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}

// TestEscapeEveryPosition puts every byte that is escaped, and the bytes
// either side of those ranges, at every position of strings of 0 to 40
// bytes of ASCII and multi-byte UTF-8, alone and in pairs: appendString and
// escapedLen must agree with the plain reference wherever the byte falls
// in the eight-byte words they test at once.
func TestEscapeEveryPosition(t *testing.T) {
	var special []byte
	for c := 0; c < 0x20; c++ {
		special = append(special, byte(c))
	}
	special = append(special, ' ', '!', '"', '#', '[', '\\', ']', 0x7f)
	fills := []string{"a", "é", "\u2028", "😀"}
	n := 0
	check := func(s string) {
		want := escapeOneByOne(s)
		if got := string(appendString(nil, s)); got != want {
			t.Fatalf("appendString(%q) = %s, want %s", s, got, want)
		}
		if got := escapedLen(s); got != len(want) {
			t.Fatalf("escapedLen(%q) = %d, want %d", s, got, len(want))
		}
		n++
	}
	for _, fill := range fills {
		for size := 0; size <= 40; size++ {
			base := strings.Repeat(fill, size)
			check(base)
			for _, c := range special {
				for at := 0; at <= len(base); at += len(fill) {
					s := base[:at] + string(c) + base[at:]
					check(s)
					check(s + string(c))
					if at >= 9 {
						check(s[:at-9] + string(c) + s[at-9:])
					}
				}
			}
		}
	}
	t.Logf("%d strings", n)
}

// TestAppendFloatAsJS: numbers are written as JavaScript's Number#toString
// writes them (exponents from 1e21 and below 1e-6, the shortest digits
// that read back, -0 as 0).
func TestAppendFloatAsJS(t *testing.T) {
	a, b := 0.1, 0.2
	for _, c := range []struct {
		f    float64
		want string
	}{{1e21, "1e+21"}, {1e-7, "1e-7"}, {a + b, "0.30000000000000004"}, {100, "100"}, {-a * 0, "0"}, {1e20, "100000000000000000000"}, {1.5e-6, "0.0000015"}} {
		if got := string(appendFloat(nil, c.f)); got != c.want {
			t.Errorf("appendFloat(%v) = %s, want %s", c.f, got, c.want)
		}
	}
}
