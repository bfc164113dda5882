// Package pointer holds Path, the JSON Pointer (RFC 6901) that mcpresult's
// checker, JSON writer and MessagePack decoder keep of the value they are
// at, so that an error can name its place.
//
// A Path is pushed and popped at every member and element, and written out
// only when an error is reported: its first eight steps are held in the
// Path itself (with no pointer to itself, so that a checker or decoder that
// holds one can live on its caller's stack), an index stays a number until
// it is written, and nothing is allocated for a shallow value.
//
//	var p pointer.Path
//	p.Key("content")
//	p.Index(0)
//	p.Key("a/b")
//	string(p.Append(nil, 0)) // "/content/0/a~1b"
package pointer

import (
	"strconv"
	"unicode/utf8"
)

// Path is a JSON Pointer being walked. The zero Path is the whole value
// (""). Its methods, like other small helpers marked go:noinline in this
// module, are kept out of line: inlined at their many call sites they make
// the WebAssembly module larger than the calls do.
type Path struct {
	n    int
	buf  [8]step
	more []step // the steps past the first eight
}

// step is one step: an object key, or an array index.
type step struct {
	key   string
	index int
	isKey bool
}

// Key pushes an object key.
//
//go:noinline
func (p *Path) Key(k string) { p.push(step{key: k, isKey: true}) }

// Index pushes an array index.
//
//go:noinline
func (p *Path) Index(i int) { p.push(step{index: i}) }

//go:noinline
func (p *Path) push(s step) {
	if p.n < len(p.buf) {
		p.buf[p.n] = s
	} else {
		p.more = append(p.more[:p.n-len(p.buf)], s)
	}
	p.n++
}

// Pop removes the last step (there must be one).
//
//go:noinline
func (p *Path) Pop() { p.n-- }

// Len returns the number of steps.
func (p *Path) Len() int { return p.n }

// Append appends the pointer's text ("/content/0/a~1b") to dst, and stops
// after the step that takes what it appended past limit bytes (0: no
// limit), so that a very deep path costs no more than its caller keeps.
func (p *Path) Append(dst []byte, limit int) []byte {
	start := len(dst)
	for i := 0; i < p.n; i++ {
		var s *step
		if i < len(p.buf) {
			s = &p.buf[i]
		} else {
			s = &p.more[i-len(p.buf)]
		}
		if s.isKey {
			dst = AppendSegment(dst, s.key)
		} else {
			dst = strconv.AppendInt(append(dst, '/'), int64(s.index), 10)
		}
		if limit > 0 && len(dst)-start > limit {
			break
		}
	}
	return dst
}

// AppendSegment appends "/" and s as a JSON Pointer segment ("~" written
// "~0", "/" written "~1").
func AppendSegment(dst []byte, s string) []byte {
	dst = append(dst, '/')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '~':
			dst = append(dst, '~', '0')
		case '/':
			dst = append(dst, '~', '1')
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// MaxPathBytes is the longest path an error carries (content.Error's
// Path): content.NewError, the checks and the MessagePack decoder cap their
// paths to it with Cap.
const MaxPathBytes = 512

// Cap makes p valid UTF-8 and at most max bytes long, cutting at a
// character boundary and never inside a "~0"/"~1" escape.
func Cap(p string, max int) string {
	if !utf8.ValidString(p) {
		p = toValidUTF8(p)
	}
	if len(p) <= max {
		return p
	}
	n := max
	for n > 0 && !utf8.RuneStart(p[n]) {
		n--
	}
	if n > 0 && p[n-1] == '~' {
		n--
	}
	return p[:n]
}

// toValidUTF8 is strings.ToValidUTF8(s, "\uFFFD"): each run of invalid
// bytes becomes one U+FFFD.
func toValidUTF8(s string) string {
	b := make([]byte, 0, len(s)+utf8.UTFMax)
	invalid := false // the previous byte was invalid
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			i++
			invalid = false
			b = append(b, c)
			continue
		}
		_, n := utf8.DecodeRuneInString(s[i:])
		if n == 1 {
			i++
			if !invalid {
				invalid = true
				b = append(b, "\uFFFD"...)
			}
			continue
		}
		invalid = false
		b = append(b, s[i:i+n]...)
		i += n
	}
	return string(b)
}
