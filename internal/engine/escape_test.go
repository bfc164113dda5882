package engine

import (
	"strings"
	"testing"
	"unicode/utf8"
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

// TestEscapeEveryPosition puts every byte that is escaped, the bytes
// either side of those ranges, and bytes that are not UTF-8 (a lone
// continuation byte, 0xff, a lead byte without its continuation) at every
// position of strings of 0 to 40 bytes of ASCII and multi-byte UTF-8,
// alone and in pairs: appendString and escapedLen must agree with the
// plain reference wherever the byte falls in the eight-byte words they
// test at once, and appendValid with it and with utf8.ValidString.
func TestEscapeEveryPosition(t *testing.T) {
	var special []byte
	for c := 0; c < 0x20; c++ {
		special = append(special, byte(c))
	}
	special = append(special, ' ', '!', '"', '#', '[', '\\', ']', 0x7f, 0x80, 0xc3, 0xed, 0xff)
	fills := []string{"a", "é", "\u2028", "😀", "\ufffd", "\xed\xa0\x80", "\xc0\xaf"} // the last two not UTF-8: a surrogate, an overlong "/"
	n := 0
	check := func(s string) {
		want := escapeOneByOne(s)
		if got := string(appendString(nil, s)); got != want {
			t.Fatalf("appendString(%q) = %s, want %s", s, got, want)
		}
		if got := escapedLen(s); got != len(want) {
			t.Fatalf("escapedLen(%q) = %d, want %d", s, got, len(want))
		}
		got, ok := appendValid([]byte("x"), s)
		if valid := utf8.ValidString(s); ok != valid || valid && string(got) != "x"+want {
			t.Fatalf("appendValid(%q) = %s, %v; want %s, %v", s, got, ok, want, valid)
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

// TestEscapeLong writes long texts, plain, quoting often, all escapes, and
// above ASCII (a byte that is not UTF-8 early, late or none), after a
// prefix into buffers of several capacities: the room appendString makes
// as it goes (in steps while the buffer has room, counted when it runs
// short) must give the plain reference's bytes wherever a step ends.
func TestEscapeLong(t *testing.T) {
	texts := []string{
		strings.Repeat("lorem ipsum dolor sit amet, ", 400),
		strings.Repeat("lorem ipsum \"dolor\" sit amet\n", 400),
		strings.Repeat("\x01\"\\\x1f", 3000),
		strings.Repeat("The café’s “menu”,\tdéjà vu. ", 300),
		"\xff" + strings.Repeat("abcdefgh", 1000),
		strings.Repeat("abc\"defgh", 1000) + "\xc3",
		strings.Repeat("日本語の「引用」\n", 500) + "\xed\xa0\x80",
	}
	for ti, s := range texts {
		want := "pre" + escapeOneByOne(s)
		valid := utf8.ValidString(s)
		for _, room := range []int{0, 10, len(s), len(s) + len(s)/8 + 160, 2 * len(s), 7 * len(s)} {
			dst := append(make([]byte, 0, 3+room), "pre"...)
			if got := string(appendString(dst, s)); got != want {
				t.Fatalf("text %d, room %d: appendString differs from the reference", ti, room)
			}
			dst = append(make([]byte, 0, 3+room), "pre"...)
			got, ok := appendValid(dst, s)
			if ok != valid || valid && string(got) != want {
				t.Fatalf("text %d, room %d: appendValid = %v, want %v (or its bytes differ)", ti, room, ok, valid)
			}
		}
	}
}

// TestValidJSONLen: validJSONLen gives what the writer writes, and refuses
// what it refuses, for strings of every length around a word.
func TestValidJSONLen(t *testing.T) {
	parts := []string{"a", "\"", "\\", "\n", "\x01", "\x1f", "é", "€", "😀", "\u2028", "\xff", "\xe2\x82", " ", "\x7f"}
	for seed := 0; seed < 4000; seed++ {
		var b []byte
		x := uint32(seed)*2654435761 + 1
		for n := int(x % 29); n > 0; n-- {
			x = x*1103515245 + 12345
			b = append(b, parts[(x>>16)%uint32(len(parts))]...)
		}
		s := string(b)
		n, ok := validJSONLen(s)
		out, valid := appendValid(nil, s)
		if ok != valid || ok && n != len(out) {
			t.Fatalf("%q: validJSONLen %d %v, written %d %v", s, n, ok, len(out), valid)
		}
	}
}
