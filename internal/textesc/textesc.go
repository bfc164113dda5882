// Package textesc says which characters are escaped when mcpresult prints a
// text that someone else chose (a key of a caller's value in a path, a
// tool name or a message a server sent), and writes them escaped. It is the
// one place that decides it: content.PrintablePath, the check's text and
// JSON reports and the command's output all escape through it.
//
// A character is escaped when a terminal would obey it, or when it would
// change how the text around it reads: the C0 controls (U+0000 to U+001F:
// ESC starts the sequences that move the cursor, recolour or hide a line,
// set the window title or reach the clipboard), DEL and the C1 controls
// (U+007F to U+009F: U+009B is a one-character CSI), the line and
// paragraph separators U+2028 and U+2029 (a line break to some readers,
// none to others), and the bidirectional embeddings, overrides and
// isolates U+202A to U+202E and U+2066 to U+2069, which reorder what
// follows them. A byte that is not UTF-8 (a lone surrogate's bytes among
// them) is escaped too, each byte on its own. Every other character is
// written as it is, a backslash too: what is printed is made safe, not
// reversible (the four characters \x1b may have been the text's own), and
// the exact text stays where it came from (an error's Path, the check's
// Report).
//
// There are two sets. Paths is the set above: the one content.PrintablePath
// escapes, which the vectors pin and the JavaScript package prints paths
// with, and the one of the JSON the command writes of a validation and of
// its errors, which carries such paths; changing it would change what
// every binding prints. Text adds the
// bidirectional marks U+061C (ARABIC LETTER MARK), U+200E (LEFT-TO-RIGHT
// MARK) and U+200F (RIGHT-TO-LEFT MARK): the check prints whole texts that
// a server chose (names, messages, its stderr), and a mark, which moves no
// text by itself, changes the order in which the digits and punctuation
// next to it are shown; nothing the check prints needs one.
//
// The escapes come in three forms, for three kinds of output: AppendUnicode
// (\u001b, \u202e; \xff for a byte that is not UTF-8) for paths,
// AppendReadable (\n, \r, \t, \x1b, \x7f, \u202e; \xff) for text for
// people, and AppendJSON for JSON text that an encoder wrote (\u007f,
// \u202e; \ufffd). Every escaped character is at most U+FFFF, so that four
// hexadecimal digits, in lowercase, always suffice.
//
// The package imports only unicode/utf8: package content, which the
// WebAssembly module compiles, uses it.
package textesc

import "unicode/utf8"

// Set is a set of characters to escape: Paths or Text. The zero Set is
// Paths.
type Set uint8

const (
	// Paths is the set that paths and the command's JSON output are
	// printed with: the C0 controls, DEL, the C1 controls, U+2028, U+2029,
	// U+202A to U+202E and U+2066 to U+2069.
	Paths Set = iota
	// Text is Paths and the bidirectional marks U+061C, U+200E and U+200F:
	// the set that the check prints what a server sent with.
	Text
)

// Escapes reports whether the character r is escaped in the set. (A byte
// that is not UTF-8 is escaped in every set; it is no character, and Needs
// and the appenders see it where Escapes cannot.)
func (s Set) Escapes(r rune) bool {
	switch {
	case r < 0x20, // C0
		r >= 0x7f && r <= 0x9f,   // DEL, C1
		r == 0x2028, r == 0x2029, // line and paragraph separators
		r >= 0x202a && r <= 0x202e, // embeddings and overrides
		r >= 0x2066 && r <= 0x2069: // isolates
		return true
	case r == 0x061c, r == 0x200e, r == 0x200f: // bidirectional marks
		return s == Text
	}
	return false
}

// Needs reports whether str holds a character of the set or a byte that is
// not UTF-8: whether AppendUnicode or AppendReadable would change it.
func (s Set) Needs(str string) bool {
	for i := 0; i < len(str); {
		if c := str[i]; c < utf8.RuneSelf {
			if c < 0x20 || c == 0x7f {
				return true
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(str[i:])
		if size == 1 || s.Escapes(r) { // size 1 above ASCII: not UTF-8
			return true
		}
		i += size
	}
	return false
}

// AppendUnicode appends str with each character of the set written \uXXXX
// and each byte that is not UTF-8 written \xNN: how paths are printed
// ("/a\u001b[2J/\u202eb/\xff").
//
// It has a loop of its own, not the one of the other forms: the
// WebAssembly module compiles it (through content.PrintablePath), and the
// shared loop would cost the module 4 KB.
func (s Set) AppendUnicode(dst []byte, str string) []byte {
	const hex = "0123456789abcdef"
	for i := 0; i < len(str); {
		r, n := utf8.DecodeRuneInString(str[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			dst = append(dst, '\\', 'x', hex[str[i]>>4], hex[str[i]&0xf])
		case s.Escapes(r):
			dst = append(dst, '\\', 'u', hex[r>>12&0xf], hex[r>>8&0xf], hex[r>>4&0xf], hex[r&0xf])
		default:
			dst = append(dst, str[i:i+n]...)
		}
		i += n
	}
	return dst
}

// AppendReadable appends str for people: \n, \r and \t; the other ASCII
// controls (C0 and DEL) and each byte that is not UTF-8 \xNN; the other
// characters of the set \uXXXX ("a\x1b[31m\n\u202eb\xff").
func (s Set) AppendReadable(dst []byte, str string) []byte {
	return appendEscaped(dst, str, s, readableForm)
}

// AppendJSON appends JSON text that an encoder wrote, with the characters
// of the set that JSON leaves as they are written as JSON escapes: DEL
// \u007f, the others above ASCII \uXXXX, and a byte that is not UTF-8
// \ufffd. The C0 controls are left as they are: an encoder escapes them in
// its strings, and outside strings JSON has only its whitespace among
// them. The JSON then says the same, and can be printed.
func (s Set) AppendJSON(dst, json []byte) []byte {
	return appendEscaped(dst, json, s, jsonForm)
}

// form is how AppendReadable or AppendJSON writes an escaped character.
type form uint8

const (
	readableForm form = iota
	jsonForm
)

// appendEscaped appends src with the characters of s escaped in form f.
func appendEscaped[T string | []byte](dst []byte, src T, s Set, f form) []byte {
	const hex = "0123456789abcdef"
	start := 0
	for i := 0; i < len(src); {
		c := src[i]
		r, size := rune(c), 1
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != 0x7f || f == jsonForm && c < 0x20 {
				i++
				continue
			}
		} else {
			var buf [utf8.UTFMax]byte
			r, size = utf8.DecodeRune(buf[:copy(buf[:], src[i:min(i+utf8.UTFMax, len(src))])])
			if size > 1 && !s.Escapes(r) {
				i += size
				continue
			}
		}
		dst = append(dst, src[start:i]...)
		invalid := size == 1 && c >= utf8.RuneSelf
		switch {
		case invalid && f == jsonForm:
			dst = append(dst, `\ufffd`...)
		case invalid || f == readableForm && r < utf8.RuneSelf && r != '\n' && r != '\r' && r != '\t':
			dst = append(dst, '\\', 'x', hex[c>>4], hex[c&0xf])
		case f == readableForm && r == '\n':
			dst = append(dst, `\n`...)
		case f == readableForm && r == '\r':
			dst = append(dst, `\r`...)
		case f == readableForm && r == '\t':
			dst = append(dst, `\t`...)
		default:
			dst = append(dst, '\\', 'u', hex[r>>12&0xf], hex[r>>8&0xf], hex[r>>4&0xf], hex[r&0xf])
		}
		i += size
		start = i
	}
	return append(dst, src[start:]...)
}
