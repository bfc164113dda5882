package textesc

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestEscapes(t *testing.T) {
	for _, tc := range []struct {
		r           rune
		paths, text bool
	}{
		{0x00, true, true}, {0x07, true, true}, {'\t', true, true}, {'\n', true, true}, {0x1b, true, true}, {0x1f, true, true},
		{' ', false, false}, {'\\', false, false}, {'~', false, false},
		{0x7f, true, true}, {0x80, true, true}, {0x9b, true, true}, {0x9f, true, true},
		{0xa0, false, false}, {0xad, false, false}, {'é', false, false},
		{0x061b, false, false}, {0x061c, false, true}, {0x061d, false, false},
		{0x200b, false, false}, {0x200d, false, false}, {0x200e, false, true}, {0x200f, false, true}, {0x2010, false, false},
		{0x2027, false, false}, {0x2028, true, true}, {0x2029, true, true},
		{0x202a, true, true}, {0x202b, true, true}, {0x202c, true, true}, {0x202d, true, true}, {0x202e, true, true}, {0x202f, false, false},
		{0x2065, false, false}, {0x2066, true, true}, {0x2067, true, true}, {0x2068, true, true}, {0x2069, true, true}, {0x206a, false, false},
		{0xfeff, false, false}, {0xfffd, false, false}, {0x1f642, false, false}, {0x10ffff, false, false},
	} {
		if got := Paths.Escapes(tc.r); got != tc.paths {
			t.Errorf("Paths.Escapes(%U) = %v, want %v", tc.r, got, tc.paths)
		}
		if got := Text.Escapes(tc.r); got != tc.text {
			t.Errorf("Text.Escapes(%U) = %v, want %v", tc.r, got, tc.text)
		}
	}
	// Every escaped character fits four hexadecimal digits, and Text holds
	// Paths.
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if Text.Escapes(r) && r > 0xffff {
			t.Fatalf("%U is escaped and needs more than four digits", r)
		}
		if Paths.Escapes(r) && !Text.Escapes(r) {
			t.Fatalf("%U is in Paths and not in Text", r)
		}
	}
}

// hostile are texts that would drive a terminal or reorder a line, each
// with how every form writes it in each set.
var hostile = []struct {
	name, in                        string
	unicode, readable, json         string // Paths
	textUnicode, textRead, textJSON string // Text
}{
	{name: "plain", in: `plain: C:\dir, café, 日本, 🙂 "q"`,
		unicode: `plain: C:\dir, café, 日本, 🙂 "q"`, readable: `plain: C:\dir, café, 日本, 🙂 "q"`, json: `plain: C:\dir, café, 日本, 🙂 "q"`},
	{name: "empty"},
	{name: "ESC sequences", in: "\x1b[31mred\x1b[0m \x1b]0;title\x07 \x1b]52;c;cHduZWQ=\x07",
		unicode:  `\u001b[31mred\u001b[0m \u001b]0;title\u0007 \u001b]52;c;cHduZWQ=\u0007`,
		readable: `\x1b[31mred\x1b[0m \x1b]0;title\x07 \x1b]52;c;cHduZWQ=\x07`,
		json:     "\x1b[31mred\x1b[0m \x1b]0;title\x07 \x1b]52;c;cHduZWQ=\x07"},
	{name: "C0, NUL and DEL", in: "a\r\nb\tc\x00\x08\x7f",
		unicode: `a\u000d\u000ab\u0009c\u0000\u0008\u007f`, readable: `a\r\nb\tc\x00\x08\x7f`, json: "a\r\nb\tc\x00\x08\\u007f"},
	{name: "C1", in: "\u0080\u009b2J\u009f\u00a0",
		unicode: `\u0080\u009b2J\u009f` + "\u00a0", readable: `\u0080\u009b2J\u009f` + "\u00a0", json: `\u0080\u009b2J\u009f` + "\u00a0"},
	{name: "bidi override", in: "invoice\u202egpj.exe \u2066x\u2069 \u202a\u202b\u202c\u202d",
		unicode:  `invoice\u202egpj.exe \u2066x\u2069 \u202a\u202b\u202c\u202d`,
		readable: `invoice\u202egpj.exe \u2066x\u2069 \u202a\u202b\u202c\u202d`,
		json:     `invoice\u202egpj.exe \u2066x\u2069 \u202a\u202b\u202c\u202d`},
	{name: "bidi marks", in: "1\u200f2\u200e3\u061c4\u200d",
		unicode: "1\u200f2\u200e3\u061c4\u200d", readable: "1\u200f2\u200e3\u061c4\u200d", json: "1\u200f2\u200e3\u061c4\u200d",
		textUnicode: `1\u200f2\u200e3\u061c4` + "\u200d", textRead: `1\u200f2\u200e3\u061c4` + "\u200d", textJSON: `1\u200f2\u200e3\u061c4` + "\u200d"},
	{name: "line separators", in: "a\u2028b\u2029c",
		unicode: `a\u2028b\u2029c`, readable: `a\u2028b\u2029c`, json: `a\u2028b\u2029c`},
	{name: "invalid UTF-8", in: "bad \xff\xc2 end \xe2\x80",
		unicode: `bad \xff\xc2 end \xe2\x80`, readable: `bad \xff\xc2 end \xe2\x80`, json: `bad \ufffd\ufffd end \ufffd\ufffd`},
	{name: "lone surrogate", in: "\xed\xa0\x80x",
		unicode: `\xed\xa0\x80x`, readable: `\xed\xa0\x80x`, json: `\ufffd\ufffd\ufffdx`},
	{name: "escaped C1 bytes split", in: "\xc2\x9b\xc2",
		unicode: `\u009b\xc2`, readable: `\u009b\xc2`, json: `\u009b\ufffd`},
	{name: "U+FFFD itself", in: "\ufffd", unicode: "\ufffd", readable: "\ufffd", json: "\ufffd"},
	{name: "backslashes stay", in: `\x1b \u202e \\`, unicode: `\x1b \u202e \\`, readable: `\x1b \u202e \\`, json: `\x1b \u202e \\`},
}

func TestAppend(t *testing.T) {
	for _, tc := range hostile {
		t.Run(tc.name, func(t *testing.T) {
			textUnicode, textRead, textJSON := tc.textUnicode, tc.textRead, tc.textJSON
			if textUnicode == "" && textRead == "" && textJSON == "" {
				textUnicode, textRead, textJSON = tc.unicode, tc.readable, tc.json
			}
			for _, c := range []struct {
				name      string
				got, want string
			}{
				{"Paths.AppendUnicode", string(Paths.AppendUnicode(nil, tc.in)), tc.unicode},
				{"Paths.AppendReadable", string(Paths.AppendReadable(nil, tc.in)), tc.readable},
				{"Paths.AppendJSON", string(Paths.AppendJSON(nil, []byte(tc.in))), tc.json},
				{"Text.AppendUnicode", string(Text.AppendUnicode(nil, tc.in)), textUnicode},
				{"Text.AppendReadable", string(Text.AppendReadable(nil, tc.in)), textRead},
				{"Text.AppendJSON", string(Text.AppendJSON(nil, []byte(tc.in))), textJSON},
			} {
				if c.got != c.want {
					t.Errorf("%s(%q) = %q, want %q", c.name, tc.in, c.got, c.want)
				}
			}
			for _, s := range []Set{Paths, Text} {
				want := string(s.AppendUnicode(nil, tc.in)) != tc.in
				if got := s.Needs(tc.in); got != want {
					t.Errorf("Set %d: Needs(%q) = %v, want %v", s, tc.in, got, want)
				}
			}
			// The appenders append.
			if got := string(Text.AppendReadable([]byte("> "), tc.in)); got != "> "+textRead {
				t.Errorf("AppendReadable after a prefix: %q", got)
			}
		})
	}
}

// FuzzAppend: nothing of the set, and no byte that is not UTF-8, is left
// in any form (C0 only in JSON, which escapes it itself); an escaped
// text needs no more escaping; and a text without anything to escape is
// written as it is.
func FuzzAppend(f *testing.F) {
	for _, tc := range hostile {
		f.Add(tc.in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		for _, s := range []Set{Paths, Text} {
			u, r, j := string(s.AppendUnicode(nil, in)), string(s.AppendReadable(nil, in)), string(s.AppendJSON(nil, []byte(in)))
			for _, out := range []string{u, r} {
				if s.Needs(out) || !utf8.ValidString(out) {
					t.Fatalf("set %d: %q escaped is %q", s, in, out)
				}
			}
			if !utf8.ValidString(j) || strings.ContainsFunc(j, func(c rune) bool { return c >= 0x20 && s.Escapes(c) }) {
				t.Fatalf("set %d: %q as JSON is %q", s, in, j)
			}
			if !s.Needs(in) && (u != in || r != in) {
				t.Fatalf("set %d: %q needs nothing, and is written %q, %q", s, in, u, r)
			}
		}
	})
}

func BenchmarkNeedsASCII(b *testing.B) {
	s := strings.Repeat("/structuredContent/items/0/name", 4)
	for b.Loop() {
		if Text.Needs(s) {
			b.Fatal("needs")
		}
	}
}
