package engine

import (
	"math"
	"math/bits"
	"slices"
	"sort"
	"strconv"
	"unicode/utf8"

	"github.com/mcpresult/mcpresult/content"
)

const hexDigits = "0123456789abcdef"

// appendString appends s as a JSON string escaped exactly as ECMAScript
// JSON.stringify escapes it: '"', '\\', \b, \f, \n, \r, \t, other code points
// below U+0020 as \u00xx, and nothing else. s must be valid UTF-8 (checks
// reject anything else before writing).
func appendString(dst []byte, s string) []byte {
	dst = append(slices.Grow(dst, len(s)+2), '"')
	i := 0
	for i+8 <= len(s) {
		x := word(s, i)
		if !escapes(x) {
			dst = appendWord(dst, x)
			i += 8
			continue
		}
		// The bytes before the escaped one, written as the whole word
		// and cut after them: no copy of a few bytes an escape.
		k, n := firstEscape(x), len(dst)
		dst = appendEscape(appendWord(dst, x)[:n+k], s[i+k])
		i += k + 1
	}
	for ; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' {
			dst = appendEscape(dst, c)
		} else {
			dst = append(dst, c)
		}
	}
	return append(dst, '"')
}

// appendEscape appends the escape of a byte JSON escapes.
func appendEscape(dst []byte, c byte) []byte {
	if e := shortEscapes[c]; e != 0 {
		return append(dst, '\\', e)
	}
	return append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
}

// shortEscapes holds the letter of the two-byte escape of each byte that
// has one (\n for a line feed), and 0 for the rest: of the bytes JSON
// escapes, those are written \u00XX. A table (static data) rather than a
// switch, so that text that escapes often costs a load an escape.
var shortEscapes = [256]byte{'"': '"', '\\': '\\', '\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't'}

// nextEscape returns the index of the first byte of s at or after i that
// JSON escapes, or len(s): eight bytes at a time, straight to the escaped
// one, and the last few a byte at a time. appendString and escapedLen go
// from one to the next.
func nextEscape(s string, i int) int {
	for ; i+8 <= len(s); i += 8 {
		if x := word(s, i); escapes(x) {
			return i + firstEscape(x)
		}
	}
	for i < len(s) && s[i] >= 0x20 && s[i] != '"' && s[i] != '\\' {
		i++
	}
	return i
}

// escapes tells whether any of the eight bytes of the word x (a
// little-endian read of them, see word) is one JSON escapes: a control
// character, '"' or '\\'. Such a byte sets its top bit in one of these
// differences (a borrow may mark a byte after a true one too, so this tells
// whether, not where: see firstEscape). It is what makes writing long text
// fast, natively and in the WebAssembly module: plain text is passed eight
// bytes at a time.
func escapes(x uint64) bool {
	const ones, tops = 0x0101010101010101, 0x8080808080808080
	q, b := x^ones*'"', x^ones*'\\'
	return ((x-ones*0x20)&^x|(q-ones)&^q|(b-ones)&^b)&tops != 0
}

// firstEscape is the index of the first byte of x that escapes tells of,
// found with sums that carry nothing from one byte to the next, so that
// text that quotes often goes from one escape straight to the next.
func firstEscape(x uint64) int {
	const ones, lo7, tops = 0x0101010101010101, 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	ctl := (x&lo7 + ones*0x60) | x // top bit clear: below 0x20
	q := x ^ ones*'"'
	q = (q&lo7 + lo7) | q // top bit clear: '"'
	b := x ^ ones*'\\'
	b = (b&lo7 + lo7) | b // top bit clear: '\\'
	return bits.TrailingZeros64(^(ctl&q&b)&tops) >> 3
}

// appendFloat appends f as ECMAScript Number.prototype.toString writes it:
// the shortest digits that read back as f, plain notation for exponents from
// -6 to 20, otherwise "1e+21" / "1.5e-7" forms; -0 is written as 0. A
// non-finite f is written as null, as JSON.stringify does (checks reject such
// numbers before writing).
func appendFloat(dst []byte, f float64) []byte {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return append(dst, "null"...)
	}
	if f == 0 {
		return append(dst, '0')
	}
	var buf [32]byte
	b := strconv.AppendFloat(buf[:0], f, 'e', -1, 64) // [-]d[.ddd]e±XX
	if b[0] == '-' {
		dst = append(dst, '-')
		b = b[1:]
	}
	var digits [24]byte
	k := 0
	i := 0
	for ; b[i] != 'e'; i++ {
		if b[i] != '.' {
			digits[k] = b[i]
			k++
		}
	}
	e := 0 // the exponent, "e+21" or "e-07" (no strconv.Atoi: its error path links strconv.Quote)
	for _, c := range b[i+2:] {
		e = e*10 + int(c-'0')
	}
	if b[i+1] == '-' {
		e = -e
	}
	n := e + 1 // the decimal point sits after n digits
	d := digits[:k]
	switch {
	case k <= n && n <= 21:
		dst = append(dst, d...)
		for j := k; j < n; j++ {
			dst = append(dst, '0')
		}
	case 0 < n && n <= 21:
		dst = append(dst, d[:n]...)
		dst = append(dst, '.')
		dst = append(dst, d[n:]...)
	case -6 < n && n <= 0:
		dst = append(dst, '0', '.')
		for j := 0; j < -n; j++ {
			dst = append(dst, '0')
		}
		dst = append(dst, d...)
	default:
		dst = append(dst, d[0])
		if k > 1 {
			dst = append(dst, '.')
			dst = append(dst, d[1:]...)
		}
		dst = append(dst, 'e')
		if n-1 >= 0 {
			dst = append(dst, '+')
		}
		dst = strconv.AppendInt(dst, int64(n-1), 10)
	}
	return dst
}

// MaxSafeInteger is 2^53-1, the largest integer a JavaScript number holds
// with every smaller one: the bound of every integer field (size, ttlMs).
const MaxSafeInteger = 1<<53 - 1

// maxJCSInteger is the largest magnitude JCS writes: integers beyond ±2^53
// are rejected; 2^53 itself is exact in a float64 and is written.
const maxJCSInteger = 1 << 53

// AppendJSON appends the compact JSON of v, which must be a canonical JSON
// value (no Bytes, Time, Ext or Go kinds, valid UTF-8, finite numbers). In JCS
// format object keys are sorted by UTF-16 code units and an integer beyond
// ±2^53 is an error (not_i_json). The error path is relative to v.
func AppendJSON(dst []byte, v content.Value, f content.Format) ([]byte, error) {
	w := writer{format: f}
	dst = w.value(dst, v)
	if w.err != nil {
		return dst, w.err
	}
	return dst, nil
}

type writer struct {
	format content.Format
	path   path
	err    *content.Error
	// base is where this call's output starts in dst; limit, when not 0,
	// is the most bytes it may write (max_bytes past it).
	base, limit int
	over        bool
	checked     bool // strings are known to be valid UTF-8 (Budget.Checked)
}

func (w *writer) fail(code content.Code, msg string) {
	if w.err == nil {
		w.err = content.NewError(code, pathText(&w.path), msg)
	}
}

// room reports whether n more bytes fit the limit; when they do not, the
// writer stops with max_bytes.
func (w *writer) room(dst []byte, n int) bool {
	if w.limit == 0 || len(dst)-w.base+n <= w.limit {
		return true
	}
	if !w.over {
		w.over = true
		w.err = content.NewError(content.CodeMaxBytes, "", msgMaxBytes(w.limit))
	}
	return false
}

// str appends a string, measured first when it might not fit.
func (w *writer) str(dst []byte, s string) []byte {
	if w.limit != 0 && len(dst)-w.base+6*len(s)+2 > w.limit && !w.room(dst, escapedLen(s)) {
		return dst
	}
	return appendString(dst, s)
}

// value writes v, then checks the limit: past it by a token at most (a
// string is measured before it is written), the writer stops.
func (w *writer) value(dst []byte, v content.Value) []byte {
	if w.over {
		return dst
	}
	if w.path.Len() > content.MaxParseDepth {
		// Only a caller's own Value can nest so deep (parsing and the
		// budget stop far earlier); refuse it rather than exhaust the stack.
		w.over = true
		w.err = content.NewError(content.CodeMaxDepth, "", msgMaxDepth(content.MaxParseDepth))
		return dst
	}
	dst = w.write(dst, v)
	w.room(dst, 0)
	return dst
}

func (w *writer) write(dst []byte, v content.Value) []byte {
	switch v.Kind() {
	case content.KindNull:
		return append(dst, "null"...)
	case content.KindBool:
		if v.Bool() {
			return append(dst, "true"...)
		}
		return append(dst, "false"...)
	case content.KindInt:
		i := v.Int()
		if w.format == content.JCS && (i > maxJCSInteger || i < -maxJCSInteger) {
			w.fail(content.CodeNotIJSON, "integer beyond ±2^53 cannot be written as I-JSON (RFC 8785)")
		}
		return strconv.AppendInt(dst, i, 10)
	case content.KindUint:
		if w.format == content.JCS {
			w.fail(content.CodeNotIJSON, "integer beyond ±2^53 cannot be written as I-JSON (RFC 8785)")
		}
		return strconv.AppendUint(dst, v.Uint(), 10)
	case content.KindFloat:
		f := v.Float()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			w.fail(content.CodeNonFiniteNumber, "NaN and infinities are not JSON numbers")
		}
		return appendFloat(dst, f)
	case content.KindString:
		if !w.checked && !utf8.ValidString(v.Str()) {
			w.fail(content.CodeInvalidUTF8, "string is not valid UTF-8")
		}
		return w.str(dst, v.Str())
	case content.KindArray:
		dst = append(dst, '[')
		for i := range itemCount(v) {
			if w.over {
				return dst
			}
			if i > 0 {
				dst = append(dst, ',')
			}
			w.path.Index(i)
			dst = w.value(dst, v.Index(i))
			w.path.Pop()
		}
		return append(dst, ']')
	case content.KindObject:
		dst = append(dst, '{')
		n := itemCount(v) / 2
		var order []int32 // the members in the order they are written
		if w.format == content.JCS && n > 1 {
			order = sortedMembers(v)
		}
		for i := 0; i < n; i++ {
			if w.over {
				return dst
			}
			if i > 0 {
				dst = append(dst, ',')
			}
			m := i
			if order != nil {
				m = int(order[i])
			}
			k, e := v.Index(2*m), v.Index(2*m+1)
			if k.Kind() != content.KindString {
				w.fail(content.CodeInvalidMapKey, "object key is not a string")
			} else if !w.checked && !utf8.ValidString(k.Str()) {
				w.fail(content.CodeInvalidUTF8, "object key is not valid UTF-8")
			}
			dst = w.str(dst, k.Str())
			dst = append(dst, ':')
			w.path.Key(k.Str())
			dst = w.value(dst, e)
			w.path.Pop()
		}
		return append(dst, '}')
	}
	w.fail(content.CodeUnsupportedValue, "value has no JSON form")
	return append(dst, "null"...)
}

// sortedMembers returns a copy of an object's items with members sorted by key
// in UTF-16 code-unit order (RFC 8785 section 3.2.3).
func sortedMembers(v content.Value) []int32 {
	order := make([]int32, itemCount(v)/2)
	keys := make([]string, len(order)) // read once: a view converts a key each time it is read
	less := lessBytes
	for i := range order {
		order[i] = int32(i)
		keys[i] = v.Index(2 * i).Str()
		if hasUTF16Trap(keys[i]) {
			less = lessUTF16
		}
	}
	sortMembers(keys, order, less)
	return order
}

func lessBytes(a, b string) bool { return a < b }

// hasUTF16Trap reports whether s holds a character from U+E000 (lead byte
// 0xEE) up, the only ones whose UTF-16 order can differ from the UTF-8 byte
// order that plain string comparison (a vectorized memcmp) gives.
func hasUTF16Trap(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0xEE {
			return true
		}
	}
	return false
}

// sortMembers sorts member numbers by their keys, stably. (sort.Stable
// with an interface rather than the generic slices.Sort: one sort in the
// WebAssembly module, not one per instantiation.) It sorts four-byte
// numbers rather than the members themselves, so that sorting a large
// object costs a fraction of a copy of it.
func sortMembers(keys []string, order []int32, less func(a, b string) bool) {
	s := memberSorter{keys, order, less}
	if s.Len() > 16 {
		sort.Stable(s)
		return
	}
	// A few members (the usual object): an insertion sort, which is
	// stable and allocates nothing.
	for i := 1; i < s.Len(); i++ {
		for j := i; j > 0 && s.Less(j, j-1); j-- {
			s.Swap(j, j-1)
		}
	}
}

type memberSorter struct {
	keys  []string // by member number
	order []int32
	less  func(a, b string) bool
}

func (s memberSorter) Len() int           { return len(s.order) }
func (s memberSorter) Less(i, j int) bool { return s.less(s.keys[s.order[i]], s.keys[s.order[j]]) }
func (s memberSorter) Swap(i, j int)      { s.order[i], s.order[j] = s.order[j], s.order[i] }

// lessUTF16 compares two UTF-8 strings by their UTF-16 code units. UTF-8
// byte order is code point order, which UTF-16 order differs from only
// between a supplementary character and U+E000..U+FFFF; so the bytes are
// compared as they are, and only the first pair of characters that differ is
// decoded. Keys that share a long prefix cost one pass over the prefix.
func lessUTF16(a, b string) bool {
	n := min(len(a), len(b))
	i := 0
	for i < n && a[i] == b[i] {
		i++
	}
	if i == n {
		return len(a) < len(b)
	}
	for i > 0 && !utf8.RuneStart(a[i]) {
		i-- // back to the start of the character that differs
	}
	ra, _ := utf8.DecodeRuneInString(a[i:])
	rb, _ := utf8.DecodeRuneInString(b[i:])
	return utf16Key(ra) < utf16Key(rb)
}

// utf16Key maps a code point to a number that orders as its first UTF-16 code
// unit does, then by the code point itself: supplementary characters (whose
// first unit is a high surrogate 0xD800..0xDBFF) sort before U+E000..U+FFFF.
func utf16Key(r rune) int64 {
	if r >= 0x10000 {
		hi := 0xD800 + (r-0x10000)>>10
		return int64(hi)<<21 | int64(r)
	}
	return int64(r) << 21
}
