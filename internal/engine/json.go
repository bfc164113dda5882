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
	dst, _ = appendText(dst, s, false)
	return dst
}

// appendValid is appendString for a string not yet known to be valid
// UTF-8, which it reports false for (with dst's bytes past len(dst)
// unspecified), as utf8.ValidString would. ASCII is checked as it is
// written, in the same pass; from the first byte above ASCII on, the rest
// is checked at once (utf8.ValidString), then written.
func appendValid(dst []byte, s string) ([]byte, bool) {
	return appendText(dst, s, true)
}

// appendText is appendString, and with check set appendValid: the words
// of s go through writeWords, with room made for them first, and the last
// few bytes are written here.
func appendText(dst []byte, s string, check bool) ([]byte, bool) {
	dst = append(slices.Grow(dst, len(s)+2), '"')
	exact := false // room is made for all that is left
	for i := 0; i < len(s); {
		if check && s[i] >= utf8.RuneSelf {
			if !utf8.ValidString(s[i:]) {
				return dst, false
			}
			check = false
		}
		if i+8 <= len(s) {
			// room for the next bytes' worst case (six bytes each, and the
			// overhang of a word's store); when that is short, room for all
			// that is left, counted (a second pass, only then)
			end := len(s)
			if room := cap(dst) - len(dst) - 8; !exact && 6*(end-i) > room {
				if room < 6*64 {
					dst = slices.Grow(dst, escapedLen(s[i:])+8)
					exact = true
				} else {
					end = i + room/6
				}
			}
			var n int
			n, i = writeWords(dst[:cap(dst)], len(dst), s, i, end, check)
			dst = dst[:n]
			continue // then the next words, or what stopped them
		}
		f := jsonForms[s[i]]
		for n := f >> 56; n > 0; n-- {
			dst = append(dst, byte(f))
			f >>= 8
		}
		i++
	}
	return append(dst, '"'), true
}

// writeWords writes the words of s from i, each of eight bytes, while a
// whole one is left before end, into out (of which n bytes are written)
// and returns the bytes written and where it stopped: at end's last few
// bytes, or with check set at a byte above ASCII, after the bytes of its
// word before it. out must have room for six bytes an input byte, and
// eight more. A plain word is read in one load and written in one store
// (escapeMask tells it, eight bytes at a time); a word with a byte to
// escape is written from the same load, each of its bytes with one load
// of its JSON form (see jsonForms) and one store, and no branch, so that
// text that quotes or breaks its lines often costs no mispredicted jump
// an escape. It calls nothing: in the WebAssembly module, where a call in
// a loop keeps the loop's values in memory, its values stay in locals.
func writeWords(out []byte, n int, s string, i, end int, check bool) (int, int) {
	var high uint64 // the top bits of the bytes above ASCII, when checked
	if check {
		high = 0x8080808080808080
	}
	for ; i+8 <= end; i += 8 {
		x := word(s, i)
		if escapeMask(x)|x&high == 0 {
			storeWord(out, n, x)
			n += 8
			continue
		}
		if x&high != 0 { // the bytes before the one above ASCII
			k := bits.TrailingZeros64(x&high) >> 3
			for j := range k {
				n = storeForm(out, n, byte(x>>(8*j)))
			}
			return n, i + k
		}
		// unrolled: a loop's jump back costs more than a byte in the module
		n = storeForm(out, n, byte(x))
		n = storeForm(out, n, byte(x>>8))
		n = storeForm(out, n, byte(x>>16))
		n = storeForm(out, n, byte(x>>24))
		n = storeForm(out, n, byte(x>>32))
		n = storeForm(out, n, byte(x>>40))
		n = storeForm(out, n, byte(x>>48))
		n = storeForm(out, n, byte(x>>56))
	}
	return n, i
}

// validJSONLen returns the length of s written as a JSON string, quotes
// included (what escapedLen gives), and whether s is valid UTF-8, without
// writing it: the ASCII words of s are counted eight bytes at a time
// (escapedWords), and from the first byte above ASCII on, the rest is
// checked at once (utf8.ValidString) and counted the same way. It is what
// a string answered by reference costs (OnePass.Refs): every check of a
// written string, none of its copy.
func validJSONLen(s string) (int, bool) {
	n, i := escapedWords(s, 0, len(s)+2, 0x8080808080808080)
	if !utf8.ValidString(s[i:]) {
		return 0, false
	}
	n, i = escapedWords(s, i, n, 0)
	for ; i < len(s); i++ {
		n += int(jsonForms[s[i]]>>56) - 1
	}
	return n, true
}

// escapedWords adds to n what the escapes of the words of s from i take
// beyond their bytes, while a whole word is left and, with high set, up to
// the first word with a byte above ASCII; it returns n and where it
// stopped. Only a word with a byte to escape (escapeMask) is looked at
// byte by byte. It calls nothing, as writeWords does not, so that in the
// WebAssembly module its values stay in locals.
func escapedWords(s string, i, n int, high uint64) (int, int) {
	const ones, lo7, tops = 0x0101010101010101, 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	for ; i+8 <= len(s); i += 8 {
		x := word(s, i)
		if x&high != 0 {
			return n, i
		}
		if m := escapeMask(x); m != 0 {
			// each escape one byte more, and a control character's form
			// (\n, \u001b) what it takes beyond that
			n += bits.OnesCount64(m)
			for c := ^((x&lo7 + ones*0x60) | x) & tops; c != 0; c &= c - 1 {
				n += int(jsonForms[byte(x>>(bits.TrailingZeros64(c)&^7))]>>56) - 2
			}
		}
	}
	return n, i
}

// storeForm writes the JSON form of c at out[n:] (in one store of eight
// bytes, of which its length count) and returns where it ends.
func storeForm(out []byte, n int, c byte) int {
	f := jsonForms[c]
	storeWord(out, n, f)
	return n + int(f>>56)
}

// jsonForms holds how each byte is written in a JSON string, in its low
// bytes as word reads them (itself; an escape: \n, \u001b) and its
// length in its top byte. A table (static data) rather than a switch, so
// that a byte costs a load and no branch.
var jsonForms = func() (t [256]uint64) {
	for c := range uint64(256) {
		f, n := c, uint64(1)
		if e := shortEscapes[c]; e != 0 {
			f, n = '\\'|uint64(e)<<8, 2
		} else if c < 0x20 {
			f, n = '\\'|'u'<<8|'0'<<16|'0'<<24|uint64(hexDigits[c>>4])<<32|uint64(hexDigits[c&0xf])<<40, 6
		}
		t[c] = f | n<<56
	}
	return t
}()

// shortEscapes holds the letter of the two-byte escape of each byte that
// has one (\n for a line feed), and 0 for the rest: of the bytes JSON
// escapes, those are written \u00XX (see jsonForms).
var shortEscapes = [256]byte{'"': '"', '\\': '\\', '\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't'}

// nextEscape returns the index of the first byte of s at or after i that
// JSON escapes, or len(s): eight bytes at a time, straight to the escaped
// one, and the last few a byte at a time. appendString and escapedLen go
// from one to the next.
func nextEscape(s string, i int) int {
	for ; i+8 <= len(s); i += 8 {
		if m := escapeMask(word(s, i)); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	for i < len(s) && s[i] >= 0x20 && s[i] != '"' && s[i] != '\\' {
		i++
	}
	return i
}

// escapeMask marks the bytes of the word x (a little-endian read of
// them, see word) that JSON escapes, a control character, '"' or '\\', with
// their top bit (0x80 in each such byte, 0 elsewhere), found with sums that
// carry nothing from one byte to the next: exactly those bytes, so that
// text that quotes often goes from one escape straight to the next in the
// same word. It is what makes writing long text fast, natively and in the
// WebAssembly module: plain text is passed eight bytes at a time.
func escapeMask(x uint64) uint64 {
	const ones, lo7, tops = 0x0101010101010101, 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	ctl := (x&lo7 + ones*0x60) | x // top bit clear: below 0x20
	q := x ^ ones*'"'
	q = (q&lo7 + lo7) | q // top bit clear: '"'
	b := x ^ ones*'\\'
	b = (b&lo7 + lo7) | b // top bit clear: '\\'
	return ^(ctl & q & b) & tops
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
