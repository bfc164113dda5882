package codec

import (
	"math"
	"strconv"
	"unsafe"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/contentlink"
	"github.com/mcpresult/mcpresult/internal/pointer"
)

// DecodeOptions bound what Decode may build.
type DecodeOptions struct {
	// MaxNodes is the most values the data may declare (0: no bound beyond
	// the bytes: every MessagePack value takes at least one byte). A
	// declared array or map larger than what is left of it is max_nodes
	// before anything is allocated for it.
	MaxNodes int
	// MaxDepth is the deepest nesting, the outermost value being level 0
	// (0: content.MaxParseDepth).
	MaxDepth int
	// Share makes the strings of the Value share data's memory instead of
	// copying it: data must then stay unchanged for as long as the Value
	// (or any string taken from it) is in use. The module's dispatch
	// shares, since nothing of a request outlives its call; a copy is the
	// safe default.
	Share bool
}

// Decode reads one MessagePack value into a content.Value, keeping what the
// checks need to see: map members in order, duplicate keys, keys of any
// type, integers as integers (uint64 above int64 included), float32 as its
// exact value, bin as bytes, ext -1 as a timestamp and any other ext as an
// extension. Nothing is converted or checked here: that is canonicalization's
// work, so that every runtime gives the same codes.
//
// A declared length beyond the bytes that remain is invalid_request, and one
// beyond the node bound max_nodes, before anything is allocated for it;
// nesting beyond content.MaxParseDepth is max_depth. Errors name the place
// as a JSON Pointer into the value (map keys that are not strings are
// written as their decimal or true/false). Data after the value is
// invalid_request.
func Decode(data []byte, o DecodeOptions) (content.Value, error) {
	d := Reader{data: data, left: o.MaxNodes, maxDepth: o.MaxDepth, share: o.Share}
	if d.maxDepth <= 0 {
		d.maxDepth = content.MaxParseDepth
	}
	if d.left <= 0 {
		d.left = len(data)
	}
	v := d.Value(0)
	if d.Err == nil && d.I != len(d.data) {
		d.Fail(content.CodeInvalidRequest, "unexpected bytes after the MessagePack value")
	}
	if d.Err != nil {
		return content.Value{}, d.Err
	}
	return v, nil
}

// Reader reads a MessagePack document: Decode, DecodeSpan and
// DecodePacked read with one, and a Reader of NewReader checks a document
// as they read it, with the same rules and errors, building nothing. The
// module's dispatch reads the top level of a request with it (Next,
// MapHeader, Count, Value, Skip, at I), and steps over what it does not read
// yet.
type Reader struct {
	data     []byte
	maxDepth int
	I        int // the offset of the next value
	left     int // values that may still be declared
	// Path is where the value being read is, for an error: a Reader's user
	// pushes the keys it reads itself (Path.Key, then Path.Pop).
	Path  pointer.Path
	Err   *content.Error // the first fault found
	share bool
	// skip reads without building: it checks the data as a decode does,
	// with the same errors, and allocates nothing.
	skip bool
	// budget, when set, bounds the values read into the Value (keys not
	// counted: each key has its value): a container declaring more than
	// remain, or a value past them, is the budget's error (over), or, with
	// truncate, ends the read there, the containers keeping what was read
	// (cut is set and cutPath names the container that was being read).
	budget   bool
	nodes    int
	over     *content.Error
	truncate bool
	cut      bool
	cutPath  string
	// pack, when set, makes entry read into a packed document.
	pack *packing
}

// Fail records a fault with the code and message at Path (the budget's
// codes at ""), unless one was recorded before.
func (d *Reader) Fail(code content.Code, msg string) {
	if d.Err != nil {
		return
	}
	var p []byte // budget codes are about the whole request: no path
	if code != content.CodeMaxNodes && code != content.CodeMaxDepth {
		p = d.Path.Append(nil, pointer.MaxPathBytes+8) // NewError caps it
	}
	d.Err = content.NewError(code, string(p), msg)
}

// take returns the next n bytes, or fails.
func (d *Reader) take(n int) []byte {
	if n < 0 || n > len(d.data)-d.I {
		d.Fail(content.CodeInvalidRequest, "MessagePack data ends early (at byte "+strconv.Itoa(d.I)+")")
		return nil
	}
	b := d.data[d.I : d.I+n]
	d.I += n
	return b
}

func (d *Reader) uint(n int) uint64 { return be(d.take(n)) }

// Count reserves the n elements of a container just read, each needing at
// least per bytes, against what remains: false (and Err) when they cannot
// be there.
func (d *Reader) Count(n uint64, per int) (int, bool) {
	if n > uint64(len(d.data)-d.I)/uint64(per) {
		d.Fail(content.CodeInvalidRequest, "a MessagePack container declares more elements than the bytes that remain")
		return 0, false
	}
	if n > uint64(d.left) {
		d.Fail(content.CodeMaxNodes, "the request declares more values than the budget allows")
		return 0, false
	}
	d.left -= int(n)
	return int(n), true
}

// Value reads the value at I, at depth (0 for a document's own value). A
// Reader of NewReader builds nothing: it returns a scalar (a string sharing
// the data's memory), and bytes, an extension or a container (which it
// checks) as null.
func (d *Reader) Value(depth int) content.Value {
	if d.Err != nil {
		return content.Value{}
	}
	b := d.take(1)
	if b == nil {
		return content.Value{}
	}
	c := b[0]
	switch {
	case c <= 0x7f:
		return content.NewInt(int64(c))
	case c >= 0xe0:
		return content.NewInt(int64(int8(c)))
	case c&0xf0 == 0x80:
		return d.object(uint64(c&0x0f), depth)
	case c&0xf0 == 0x90:
		return d.array(uint64(c&0x0f), depth)
	case c&0xe0 == 0xa0:
		return d.str(uint64(c & 0x1f))
	}
	switch c {
	case 0xc0:
		return content.Null()
	case 0xc2:
		return content.NewBool(false)
	case 0xc3:
		return content.NewBool(true)
	case 0xc4, 0xc5, 0xc6:
		n := d.uint(1 << (c - 0xc4))
		if b := d.take(clamp(n)); d.Err == nil && !d.skip {
			return content.NewBytes(b)
		}
	case 0xc7, 0xc8, 0xc9:
		n := d.uint(1 << (c - 0xc7))
		return d.ext(clamp(n))
	case 0xca:
		return content.NewFloat(float64(math.Float32frombits(uint32(d.uint(4)))))
	case 0xcb:
		return content.NewFloat(math.Float64frombits(d.uint(8)))
	case 0xcc, 0xcd, 0xce, 0xcf:
		return content.NewUint(d.uint(1 << (c - 0xcc)))
	case 0xd0:
		return content.NewInt(int64(int8(d.uint(1))))
	case 0xd1:
		return content.NewInt(int64(int16(d.uint(2))))
	case 0xd2:
		return content.NewInt(int64(int32(d.uint(4))))
	case 0xd3:
		return content.NewInt(int64(d.uint(8)))
	case 0xd4, 0xd5, 0xd6, 0xd7, 0xd8:
		return d.ext(1 << (c - 0xd4))
	case 0xd9, 0xda, 0xdb:
		return d.str(d.uint(1 << (c - 0xd9)))
	case 0xdc, 0xdd:
		return d.array(d.uint(2<<(c-0xdc)), depth)
	case 0xde, 0xdf:
		return d.object(d.uint(2<<(c-0xde)), depth)
	default: // 0xc1, never used
		d.I--
		d.Fail(content.CodeInvalidRequest, "0xc1 is not a MessagePack type (at byte "+strconv.Itoa(d.I)+")")
	}
	return content.Value{}
}

// clamp turns a declared length into an int that take refuses when it is
// larger than the data.
func clamp(n uint64) int {
	if n > math.MaxInt32 {
		return -1
	}
	return int(n)
}

func (d *Reader) str(n uint64) content.Value {
	b := d.take(clamp(n))
	if d.Err != nil {
		return content.Value{}
	}
	if (d.share || d.skip) && len(b) > 0 {
		return content.NewString(unsafe.String(&b[0], len(b)))
	}
	return content.NewString(string(b))
}

func (d *Reader) ext(n int) content.Value {
	t := d.take(1)
	data := d.take(n)
	if d.Err != nil {
		return content.Value{}
	}
	typ := int8(t[0])
	if typ != -1 {
		if d.skip {
			return content.Value{}
		}
		return contentlink.NewExt(typ, data)
	}
	var sec int64
	var nsec uint64
	switch n {
	case 4:
		sec = int64(be(data))
	case 8:
		u := be(data)
		nsec, sec = u>>34, int64(u&(1<<34-1))
	case 12:
		nsec, sec = be(data[:4]), int64(be(data[4:]))
	default:
		d.Fail(content.CodeInvalidRequest, "a MessagePack timestamp has 4, 8 or 12 bytes")
		return content.Value{}
	}
	if nsec > 999_999_999 {
		d.Fail(content.CodeInvalidRequest, "a MessagePack timestamp's nanoseconds are more than 999,999,999")
		return content.Value{}
	}
	return content.NewTime(sec, int32(nsec))
}

func be(b []byte) uint64 {
	var u uint64
	for _, c := range b {
		u = u<<8 | uint64(c)
	}
	return u
}

// enter checks the depth of a container at depth and reserves its n
// elements of at least per bytes each.
func (d *Reader) enter(n uint64, per, depth int) (int, bool) {
	if depth >= d.maxDepth {
		d.Fail(content.CodeMaxDepth, "the request nests deeper than "+strconv.Itoa(d.maxDepth)+" levels")
		return 0, false
	}
	return d.Count(n, per)
}

// spend counts one value read into the Value against the budget, and
// reports whether it may be read.
func (d *Reader) spend() bool {
	if !d.budget {
		return true
	}
	if d.nodes == 0 {
		d.stop()
		return false
	}
	d.nodes--
	return true
}

// stop ends the read at the budget: the budget's error, or with truncate
// the end of what is read.
func (d *Reader) stop() {
	if !d.truncate {
		if d.Err == nil {
			d.Err = d.over
		}
		return
	}
	if !d.cut {
		d.cut = true
		d.cutPath = string(d.Path.Append(nil, pointer.MaxPathBytes+8))
	}
}

// room returns how many of a container's m elements (each a value) the
// budget lets it hold, before anything is allocated for them: all of them,
// or, when they do not fit, the budget's error (0) or with truncate what
// remains.
func (d *Reader) room(m int) int {
	if !d.budget || m <= d.nodes {
		return m
	}
	if !d.truncate {
		d.stop()
		return 0
	}
	return d.nodes
}

func (d *Reader) array(n uint64, depth int) content.Value {
	m, ok := d.enter(n, 1, depth)
	if !ok {
		return content.Value{}
	}
	if d.skip {
		for j := 0; j < m && d.Err == nil; j++ {
			d.Path.Index(j)
			d.Value(depth + 1)
			d.Path.Pop()
		}
		return content.Value{}
	}
	items := make([]content.Value, d.room(m))
	if d.Err != nil {
		return content.Value{}
	}
	for j := range items {
		if !d.spend() {
			return content.NewArray(items[:j]...)
		}
		d.Path.Index(j)
		items[j] = d.Value(depth + 1)
		d.Path.Pop()
		if d.Err != nil {
			return content.Value{}
		}
		if d.cut {
			return content.NewArray(items[:j+1]...)
		}
	}
	if len(items) < m { // truncated: the rest did not fit
		d.stop()
	}
	return content.NewArray(items...)
}

func (d *Reader) object(n uint64, depth int) content.Value {
	m, ok := d.enter(n, 2, depth)
	if !ok {
		return content.Value{}
	}
	if d.skip {
		for j := 0; j < m && d.Err == nil; j++ {
			k := d.Value(depth + 1)
			if d.Err != nil {
				break
			}
			d.Path.Key(keyText(k))
			d.Value(depth + 1)
			d.Path.Pop()
		}
		return content.Value{}
	}
	items := make([]content.Value, 2*d.room(m))
	if d.Err != nil {
		return content.Value{}
	}
	for j := 0; j < len(items); j += 2 {
		if !d.spend() {
			return contentlink.ObjectItems(items[:j])
		}
		k := d.Value(depth + 1)
		if d.Err != nil {
			return content.Value{}
		}
		d.Path.Key(keyText(k))
		v := d.Value(depth + 1)
		d.Path.Pop()
		if d.Err != nil {
			return content.Value{}
		}
		items[j], items[j+1] = k, v
		if d.cut {
			return contentlink.ObjectItems(items[:j+2])
		}
	}
	if len(items) < 2*m {
		d.stop()
	}
	return contentlink.ObjectItems(items)
}

// keyText is a key as a JSON Pointer segment names it.
func keyText(k content.Value) string {
	switch k.Kind() {
	case content.KindString:
		return k.Str()
	case content.KindInt:
		return strconv.FormatInt(k.Int(), 10)
	case content.KindUint:
		return strconv.FormatUint(k.Uint(), 10)
	case content.KindBool:
		if k.Bool() {
			return "true"
		}
		return "false"
	}
	return ""
}

// skipFast reads the value at d.I, at depth, as value does in skip mode,
// with the same rules but without recursion, paths or messages: it only
// says whether the value is well formed (and then moves past it). A value
// it refuses is read again by value, which names the fault and its place;
// a well-formed one, the common case, costs a loop iteration per value.
func (d *Reader) skipFast(depth int) bool {
	if d.maxDepth > content.MaxParseDepth+1 || depth < 0 {
		d.Value(depth)
		return d.Err == nil
	}
	data, i, left := d.data, d.I, d.left
	var stack [content.MaxParseDepth + 2]uint64 // what remained to read at each open level
	sp := 0
	pending := uint64(1) // values still to read at this level
	need := func(n uint64) bool { return n <= uint64(len(data)-i) }
	for {
		if pending == 0 {
			if sp == 0 {
				break
			}
			sp--
			pending = stack[sp]
			continue
		}
		pending--
		if i >= len(data) {
			return false
		}
		c := data[i]
		i++
		var n uint64 // a container's declared length
		per := 0     // its values per element: 1 (array) or 2 (map); 0: not a container
		switch {
		case c <= 0x7f || c >= 0xe0:
			continue
		case c&0xf0 == 0x80:
			n, per = uint64(c&0x0f), 2
		case c&0xf0 == 0x90:
			n, per = uint64(c&0x0f), 1
		case c&0xe0 == 0xa0:
			if l := uint64(c & 0x1f); need(l) {
				i += int(l)
				continue
			}
			return false
		case c == 0xc0 || c == 0xc2 || c == 0xc3:
			continue
		case c == 0xc1:
			return false
		default:
			var w int // the width of a length or of a number
			switch {
			case c >= 0xc4 && c <= 0xc6: // bin
				w = 1 << (c - 0xc4)
			case c >= 0xc7 && c <= 0xc9: // ext
				w = 1 << (c - 0xc7)
			case c == 0xca:
				w = 4
			case c == 0xcb:
				w = 8
			case c >= 0xcc && c <= 0xcf:
				w = 1 << (c - 0xcc)
			case c >= 0xd0 && c <= 0xd3:
				w = 1 << (c - 0xd0)
			case c >= 0xd4 && c <= 0xd8: // fixext
				w = 0
			case c >= 0xd9 && c <= 0xdb: // str
				w = 1 << (c - 0xd9)
			case c == 0xdc || c == 0xde:
				w = 2
			default: // 0xdd, 0xdf
				w = 4
			}
			if !need(uint64(w)) {
				return false
			}
			u := be(data[i : i+w])
			i += w
			switch {
			case c >= 0xca && c <= 0xd3:
				continue // a number: its bytes were its width
			case c >= 0xdc && c <= 0xdd:
				n, per = u, 1
			case c >= 0xde:
				n, per = u, 2
			case c <= 0xc6 || c >= 0xd9: // bin, str
				if !need(u) || u > math.MaxInt32 {
					return false
				}
				i += int(u)
				continue
			default: // ext and fixext: a type, then the data
				l := u
				if c >= 0xd4 {
					l = 1 << (c - 0xd4)
				}
				if !need(1) || l > math.MaxInt32 || !need(1+l) {
					return false
				}
				typ := int8(data[i])
				ext := data[i+1 : i+1+int(l)]
				i += 1 + int(l)
				if typ == -1 && !timestampOK(ext) {
					return false
				}
				continue
			}
		}
		// a container at level depth+sp, of n elements of per values each
		if depth+sp >= d.maxDepth || n > uint64(len(data)-i)/uint64(per) || n > uint64(left) {
			return false
		}
		left -= int(n)
		if n > 0 {
			stack[sp] = pending
			sp++
			pending = n * uint64(per)
		}
	}
	d.I, d.left = i, left
	return true
}

// timestampOK reports whether data is the body of a timestamp ext -1 that
// ext accepts.
func timestampOK(data []byte) bool {
	switch len(data) {
	case 4:
		return true
	case 8:
		return be(data)>>34 <= 999_999_999
	case 12:
		return be(data[:4]) <= 999_999_999
	}
	return false
}

// Skip moves past the value at I, at depth, building nothing; a value that
// is not well formed sets Err with its place.
func (d *Reader) Skip(depth int) {
	at, left := d.I, d.left
	if d.skipFast(depth) {
		return
	}
	d.I, d.left, d.Err = at, left, nil
	d.Value(depth)
}

// Next returns the first byte of the next value, or 0xc1 (never a value)
// when the data has ended.
func (d *Reader) Next() byte {
	if d.I >= len(d.data) {
		return 0xc1
	}
	return d.data[d.I]
}

// NewReader returns a Reader that checks data from offset at, building
// nothing. Its depths count from a request's own map (0), whose values may
// nest content.MaxParseDepth levels more.
func NewReader(data []byte, at int) Reader {
	return Reader{data: data, I: at, maxDepth: content.MaxParseDepth + 1, left: len(data), skip: true}
}

// IsStr reports whether c starts a MessagePack string.
func IsStr(c byte) bool { return c&0xe0 == 0xa0 || c >= 0xd9 && c <= 0xdb }

// MapHeader reads a map's header, if the next value is a map, and returns
// its number of members.
func (d *Reader) MapHeader() (uint64, bool) {
	if d.I >= len(d.data) {
		return 0, false
	}
	c := d.data[d.I]
	switch {
	case c&0xf0 == 0x80:
		d.I++
		return uint64(c & 0x0f), true
	case c == 0xde && len(d.data)-d.I >= 3:
		d.I++
		return d.uint(2), true
	case c == 0xdf && len(d.data)-d.I >= 5:
		d.I++
		return d.uint(4), true
	}
	return 0, false
}
