package engine

import (
	"math"
	"strconv"
	"unicode/utf8"
	"unsafe"

	"github.com/mcpresult/mcpresult/content"
)

// OnePass writes the wire JSON of a tool or resource result straight from
// the MessagePack of a build request's input, in one pass and without a
// value tree: it reads each member, checks it with the same rules as the
// checks of a value tree (the shapes of blocks and contents, stringRule,
// checkMetaKey, appendString, appendFloat), and writes it at once.
//
// It takes only the shapes servers send most: content blocks and resource
// contents of any type, structured content and _meta of plain JSON values
// (string keys, no repeated key, no binary data, timestamps or extensions),
// and no per-call option (maxJsonBytes, canonicalization) or
// protocol-owned field. On anything else, and on any fault at all, it
// answers false and writes nothing that counts: the checks of a value tree
// (package result's Build) then answer, with the same bytes or with the
// error. So the one pass never has an error of its own to get right; it
// only has to be sure, when it answers true, that the general path would
// have succeeded with the same bytes, which the tests check for every
// vector and a differential fuzz target for arbitrary requests.
//
// The pass stops as soon as its output passes MaxBytes (a bound on the
// memory it takes, whatever the input); the caller then checks what it
// counted against the budget (see Written), which it may only know once
// the input is read: a result at a bound is left to the general path,
// which reports it.
type OnePass struct {
	MaxBytes int
}

// Written is what a pass read and wrote: the JSON values it wrote (as
// Budget counts a result's), the values and keys it read (an input's
// decode counts its values), and the bytes of the input it read.
type Written struct {
	Nodes, Values, Read int
}

// maxScanMembers is the most members of an object with declared fields the
// pass reads: the largest shape has ten fields, so more repeats one or is
// unknown (the general path reports which).
const maxScanMembers = 10

// maxFreeMembers is the most members of a free-form object the pass reads:
// it finds a repeated key by comparing each key with those before it, and
// leaves larger objects to the general path.
const maxFreeMembers = 32

// pass is one run of OnePass over an input.
type pass struct {
	in     []byte // the MessagePack of the input
	i      int    // the next byte of in
	out    []byte
	base   int // where the result's JSON starts in out
	nodes  int // JSON values written
	values int // values and keys read
	o      OnePass
	keys   [maxFreeMembers]string // the keys of the free-form objects being read, for repeats
	nkeys  int
}

// Tool appends the JSON of the tool result that the MessagePack map at the
// start of input asks for (the options content, structuredContent, isError
// and meta) to dst, and reports true with what it read and wrote; or it
// reports false (with dst's bytes past len(dst) unspecified), and the
// general path answers.
func (o OnePass) Tool(dst, input []byte) ([]byte, Written, bool) {
	p := pass{in: input, out: dst, base: len(dst), o: o}
	ok := p.tool() && p.within()
	return p.out, Written{p.nodes, p.values, p.i}, ok
}

// Resource is Tool for a resource result (the options contents and meta).
func (o OnePass) Resource(dst, input []byte) ([]byte, Written, bool) {
	p := pass{in: input, out: dst, base: len(dst), o: o}
	ok := p.resource() && p.within()
	return p.out, Written{p.nodes, p.values, p.i}, ok
}

// within reports whether the output is within MaxBytes.
func (p *pass) within() bool { return len(p.out)-p.base <= p.o.MaxBytes }

// member is where one member of an object lies: its key, and the first
// byte of its value in the input.
type member struct {
	key string
	at  int
}

// scan reads the members of the map at p.i (at most max, each key a
// string), skipping their values, into ms; it returns them, or false.
func (p *pass) scan(ms *[maxScanMembers]member, max, depth int) ([]member, bool) {
	n, ok := p.mapLen()
	if !ok || n > max {
		return nil, false
	}
	p.values++
	for j := 0; j < n; j++ {
		k, ok := p.str()
		if !ok {
			return nil, false
		}
		p.values++
		for _, m := range ms[:j] {
			if m.key == k {
				return nil, false // repeated
			}
		}
		ms[j] = member{k, p.i}
		if !p.skip(depth + 1) {
			return nil, false
		}
	}
	return ms[:n], true
}

// find returns the value's place of the member named k, or -1.
func find(ms []member, k string) int {
	for _, m := range ms {
		if m.key == k {
			return m.at
		}
	}
	return -1
}

// known reports whether every member is one of names.
func known(ms []member, names ...string) bool {
	for _, m := range ms {
		found := false
		for _, n := range names {
			found = found || m.key == n
		}
		if !found {
			return false
		}
	}
	return true
}

// key writes "k": (k is a field name, which needs no escaping).
func (p *pass) key(k string) {
	p.out = append(p.out, '"')
	p.out = append(p.out, k...)
	p.out = append(p.out, '"', ':')
}

func (p *pass) tool() bool {
	var buf [maxScanMembers]member
	ms, ok := p.scan(&buf, 4, 0)
	if !ok || !known(ms, "content", "structuredContent", "isError", "meta") {
		return false
	}
	end := p.i
	isError := false
	if at := find(ms, "isError"); at >= 0 {
		switch p.in[at] {
		case 0xc2:
		case 0xc3:
			isError = true
		default:
			return false
		}
		p.values++
	}
	p.nodes++ // the result object
	p.out = append(p.out, '{')
	p.key("content")
	scAt := find(ms, "structuredContent")
	if at := find(ms, "content"); at >= 0 {
		p.i = at
		if !p.list(3, false) {
			return false
		}
		if scAt >= 0 {
			p.out = append(p.out, ',')
			p.key("structuredContent")
			p.i = scAt
			if !p.free(2) {
				return false
			}
		}
	} else {
		if scAt < 0 {
			return false // content_required
		}
		// The text fallback is the structured content's JSON: written
		// first, past the end, then escaped into its text block, and
		// moved after it.
		mark := len(p.out)
		p.i = scAt
		if !p.free(2) {
			return false
		}
		n := len(p.out) - mark
		if len(p.out)+n > p.base+p.o.MaxBytes {
			return false
		}
		p.nodes += 4 // the list, the block, its type and its text
		p.out = append(p.out, `[{"type":"text","text":`...)
		p.out = appendString(p.out, unsafe.String(unsafe.SliceData(p.out[mark:]), n))
		p.out = append(p.out, `}],"structuredContent":`...)
		p.out = append(p.out, p.out[mark:mark+n]...)
		p.out = append(p.out[:mark], p.out[mark+n:]...)
	}
	p.nodes++
	if isError {
		p.out = append(p.out, `,"isError":true`...)
	} else {
		p.out = append(p.out, `,"isError":false`...)
	}
	if at := find(ms, "meta"); at >= 0 {
		p.i = at
		if !p.meta(2, true) {
			return false
		}
	}
	p.out = append(p.out, '}')
	p.i = end
	return true
}

func (p *pass) resource() bool {
	var buf [maxScanMembers]member
	ms, ok := p.scan(&buf, 2, 0)
	if !ok || !known(ms, "contents", "meta") {
		return false
	}
	end := p.i
	at := find(ms, "contents")
	if at < 0 {
		return false // missing_field
	}
	p.nodes++
	p.out = append(p.out, '{')
	p.key("contents")
	p.i = at
	if !p.list(3, true) {
		return false
	}
	if at := find(ms, "meta"); at >= 0 {
		p.i = at
		if !p.meta(2, true) {
			return false
		}
	}
	p.out = append(p.out, '}')
	p.i = end
	return true
}

// list writes a list option: content (one block, or an array of them),
// or with contents set, resource contents (one entry, an array of them,
// which may be empty); each an object at depth.
func (p *pass) list(depth int, contents bool) bool {
	if p.i >= len(p.in) {
		return false
	}
	p.nodes++
	p.out = append(p.out, '[')
	if isMap(p.in[p.i]) {
		if !p.entry(depth, contents) {
			return false
		}
		p.out = append(p.out, ']')
		return true
	}
	n, ok := p.arrayLen()
	if !ok || n == 0 && !contents {
		return false
	}
	p.values++
	for j := 0; j < n; j++ {
		if j > 0 {
			p.out = append(p.out, ',')
		}
		if !p.entry(depth, contents) || !p.within() {
			return false
		}
	}
	p.out = append(p.out, ']')
	return true
}

// entry writes one entry of a list.
func (p *pass) entry(depth int, contents bool) bool {
	if contents {
		return p.contents(depth)
	}
	return p.block(depth)
}

// block writes a content block at depth, its fields in its shape's order.
func (p *pass) block(depth int) bool {
	var buf [maxScanMembers]member
	ms, ok := p.scan(&buf, maxScanMembers, depth)
	if !ok {
		return false
	}
	end := p.i
	at := find(ms, "type")
	if at < 0 {
		return false
	}
	p.i = at
	typ, ok := p.str()
	if !ok {
		return false
	}
	s := blockShape(typ)
	if s == nil {
		return false
	}
	if !p.object(ms, s, depth) {
		return false
	}
	p.i = end
	return true
}

// contents writes resource contents at depth.
func (p *pass) contents(depth int) bool {
	var buf [maxScanMembers]member
	ms, ok := p.scan(&buf, maxScanMembers, depth)
	if !ok {
		return false
	}
	end := p.i
	text, blob := find(ms, "text") >= 0, find(ms, "blob") >= 0
	s := &textContentsShape
	switch {
	case text == blob:
		return false // both, or neither
	case blob:
		s = &blobContentsShape
	}
	if !p.object(ms, s, depth) {
		return false
	}
	p.i = end
	return true
}

// shaped writes the object at p.i (at depth) against shape s.
func (p *pass) shaped(s *shape, depth int) bool {
	var buf [maxScanMembers]member
	ms, ok := p.scan(&buf, maxScanMembers, depth)
	if !ok {
		return false
	}
	end := p.i
	if !p.object(ms, s, depth) {
		return false
	}
	p.i = end
	return true
}

// object writes the members ms of an object at depth against shape s: its
// declared fields in the shape's order, an empty _meta left out.
func (p *pass) object(ms []member, s *shape, depth int) bool {
	if depth > content.MaxDepth {
		return false
	}
	for _, m := range ms {
		if !s.has(m.key) {
			return false
		}
	}
	p.nodes++
	p.out = append(p.out, '{')
	first := true
	for _, f := range s.fields {
		at := find(ms, f.name)
		if at < 0 {
			if f.required {
				return false
			}
			continue
		}
		mark := len(p.out)
		if !first {
			p.out = append(p.out, ',')
		}
		p.key(f.name)
		p.i = at
		keep, ok := p.field(f.kind, depth+1)
		if !ok {
			return false
		}
		if !keep {
			p.out = p.out[:mark]
			continue
		}
		first = false
	}
	p.out = append(p.out, '}')
	return true
}

// field writes the value of a declared field of kind k at depth; keep is
// false for a field left out (an empty _meta).
func (p *pass) field(k fieldKind, depth int) (keep, ok bool) {
	switch k {
	case fMeta:
		mark := len(p.out)
		if !p.meta(depth, false) {
			return false, false
		}
		return len(p.out) > mark, true
	case fAnnotations:
		return true, p.shaped(&annotationsShape, depth)
	case fContents:
		return true, p.contents(depth)
	case fIcons, fSizes, fAudience:
		n, ok := p.arrayLen()
		if !ok || depth > content.MaxDepth {
			return false, false
		}
		p.values++
		p.nodes++
		p.out = append(p.out, '[')
		var roles [2]string // audience: each role at most once
		for j := 0; j < n; j++ {
			if j > 0 {
				p.out = append(p.out, ',')
			}
			if k == fIcons {
				if !p.shaped(&iconShape, depth+1) {
					return false, false
				}
				continue
			}
			s, ok := p.text()
			if !ok {
				return false, false
			}
			if k == fAudience {
				if s != string(content.User) && s != string(content.Assistant) || j >= 2 || j == 1 && roles[0] == s {
					return false, false
				}
				roles[j] = s
			}
			p.nodes++
			p.out = appendString(p.out, s)
		}
		p.out = append(p.out, ']')
		return true, true
	case fSize:
		n, ok := p.integer()
		if !ok || n < 0 || n > MaxSafeInteger {
			return false, false
		}
		p.nodes++
		p.out = strconv.AppendInt(p.out, n, 10)
		return true, true
	case fPriority:
		if p.i >= len(p.in) {
			return false, false
		}
		if c := p.in[p.i]; c == 0xca || c == 0xcb {
			f, ok := p.float()
			if !ok || math.IsNaN(f) || f < 0 || f > 1 {
				return false, false
			}
			p.nodes++
			p.out = appendFloat(p.out, f)
			return true, true
		}
		n, ok := p.integer()
		if !ok || n < 0 || n > 1 {
			return false, false
		}
		p.nodes++
		p.out = strconv.AppendInt(p.out, n, 10)
		return true, true
	}
	s, ok := p.text()
	if !ok {
		return false, false
	}
	if msg, _ := stringRule(k, s); msg != "" {
		return false, false
	}
	if len(p.out)+len(s)+2 > p.base+p.o.MaxBytes {
		return false, false
	}
	p.nodes++
	p.out = appendString(p.out, s)
	return true, true
}

// meta writes a _meta object at depth, preceded by `,"_meta":` when
// member is set (a result's own); an empty one writes nothing. Every key
// must follow the _meta key syntax without a reserved prefix: the reserved
// keys a place accepts or refuses are left to the general path.
func (p *pass) meta(depth int, member bool) bool {
	save := p.i
	n, ok := p.mapLen()
	if !ok {
		return false
	}
	if n == 0 { // empty: left out
		p.values++
		return true
	}
	p.i = save
	if member {
		p.out = append(p.out, ',')
		p.key("_meta")
	}
	return p.object2(depth, true)
}

// free writes a free-form value at depth: plain JSON only.
func (p *pass) free(depth int) bool {
	if p.i >= len(p.in) {
		return false
	}
	c := p.in[p.i]
	switch {
	case isMap(c):
		return p.object2(depth, false)
	case isArray(c):
		n, ok := p.arrayLen()
		if !ok || depth > content.MaxDepth {
			return false
		}
		p.values++
		p.nodes++
		p.out = append(p.out, '[')
		for j := 0; j < n; j++ {
			if j > 0 {
				p.out = append(p.out, ',')
			}
			if !p.free(depth+1) || !p.within() {
				return false
			}
		}
		p.out = append(p.out, ']')
		return true
	case isStr(c):
		s, ok := p.text()
		if !ok || len(p.out)+len(s)+2 > p.base+p.o.MaxBytes {
			return false
		}
		p.nodes++
		p.out = appendString(p.out, s)
		return true
	case c == 0xc0:
		p.i++
		p.out = append(p.out, "null"...)
	case c == 0xc2:
		p.i++
		p.out = append(p.out, "false"...)
	case c == 0xc3:
		p.i++
		p.out = append(p.out, "true"...)
	case c == 0xca || c == 0xcb:
		f, ok := p.float()
		if !ok || math.IsNaN(f) || math.IsInf(f, 0) {
			return false
		}
		p.out = appendFloat(p.out, f)
	case c >= 0xcc && c <= 0xcf:
		u, ok := p.uint(1 << (c - 0xcc))
		if !ok {
			return false
		}
		p.out = strconv.AppendUint(p.out, u, 10)
	default:
		n, ok := p.integer()
		if !ok {
			return false // bin, ext, 0xc1
		}
		p.out = strconv.AppendInt(p.out, n, 10)
		return true // integer counted the value
	}
	p.values++
	p.nodes++
	return true
}

// object2 writes a free-form object at depth (a _meta object when meta is
// set: its keys follow the _meta key syntax, none reserved).
func (p *pass) object2(depth int, meta bool) bool {
	n, ok := p.mapLen()
	if !ok || n > maxFreeMembers || depth > content.MaxDepth {
		return false
	}
	p.values++
	p.nodes++
	p.out = append(p.out, '{')
	base := p.nkeys
	for j := 0; j < n; j++ {
		k, ok := p.str()
		if !ok || !utf8.ValidString(k) {
			return false
		}
		p.values++
		for _, pk := range p.keys[base:p.nkeys] {
			if pk == k {
				return false // duplicate_key
			}
		}
		if meta {
			if ok, reserved := checkMetaKey(k); !ok || reserved {
				return false
			}
		}
		if p.nkeys == len(p.keys) {
			return false // more keys open at once than the pass holds
		}
		p.keys[p.nkeys] = k
		p.nkeys++
		if j > 0 {
			p.out = append(p.out, ',')
		}
		if len(p.out)+len(k)+3 > p.base+p.o.MaxBytes {
			return false
		}
		p.out = appendString(p.out, k)
		p.out = append(p.out, ':')
		if !p.free(depth+1) || !p.within() {
			return false
		}
	}
	p.nkeys = base
	p.out = append(p.out, '}')
	return true
}

// The MessagePack reader: each call reads one value or header at p.i and
// reports false, reading nothing that counts, for bytes that are not what
// it reads or that end too soon.

func isMap(c byte) bool   { return c&0xf0 == 0x80 || c == 0xde || c == 0xdf }
func isArray(c byte) bool { return c&0xf0 == 0x90 || c == 0xdc || c == 0xdd }
func isStr(c byte) bool   { return c&0xe0 == 0xa0 || c >= 0xd9 && c <= 0xdb }

// uint reads the n-byte big-endian number after the type byte at p.i.
func (p *pass) uint(n int) (uint64, bool) {
	if len(p.in)-p.i < 1+n {
		return 0, false
	}
	var u uint64
	for _, c := range p.in[p.i+1 : p.i+1+n] {
		u = u<<8 | uint64(c)
	}
	p.i += 1 + n
	return u, true
}

// count reads a declared length of n bytes; a length beyond the bytes that
// remain is refused (malformed, or past the decode's bound).
func (p *pass) count(n int) (int, bool) {
	u, ok := p.uint(n)
	if !ok || u > uint64(len(p.in)-p.i) {
		return 0, false
	}
	return int(u), true
}

func (p *pass) mapLen() (int, bool) {
	if p.i >= len(p.in) {
		return 0, false
	}
	switch c := p.in[p.i]; {
	case c&0xf0 == 0x80:
		p.i++
		return int(c & 0x0f), true
	case c == 0xde:
		return p.count(2)
	case c == 0xdf:
		return p.count(4)
	}
	return 0, false
}

func (p *pass) arrayLen() (int, bool) {
	if p.i >= len(p.in) {
		return 0, false
	}
	switch c := p.in[p.i]; {
	case c&0xf0 == 0x90:
		p.i++
		return int(c & 0x0f), true
	case c == 0xdc:
		return p.count(2)
	case c == 0xdd:
		return p.count(4)
	}
	return 0, false
}

// str reads a string; it shares the input's memory.
func (p *pass) str() (string, bool) {
	if p.i >= len(p.in) {
		return "", false
	}
	var n int
	var ok bool
	switch c := p.in[p.i]; {
	case c&0xe0 == 0xa0:
		p.i++
		n, ok = int(c&0x1f), true
	case c >= 0xd9 && c <= 0xdb:
		n, ok = p.count(1 << (c - 0xd9))
	}
	if !ok || n > len(p.in)-p.i {
		return "", false
	}
	s := unsafe.String(unsafe.SliceData(p.in[p.i:]), n)
	p.i += n
	return s, true
}

// text reads a string value of valid UTF-8.
func (p *pass) text() (string, bool) {
	s, ok := p.str()
	if !ok || !utf8.ValidString(s) {
		return "", false
	}
	p.values++
	return s, true
}

// integer reads an integer of any MessagePack form within int64, and
// counts it.
func (p *pass) integer() (int64, bool) {
	if p.i >= len(p.in) {
		return 0, false
	}
	c := p.in[p.i]
	var n int64
	switch {
	case c <= 0x7f:
		p.i++
		n = int64(c)
	case c >= 0xe0:
		p.i++
		n = int64(int8(c))
	case c >= 0xcc && c <= 0xcf:
		u, ok := p.uint(1 << (c - 0xcc))
		if !ok || u > math.MaxInt64 {
			return 0, false
		}
		n = int64(u)
	case c >= 0xd0 && c <= 0xd3:
		u, ok := p.uint(1 << (c - 0xd0))
		if !ok {
			return 0, false
		}
		switch c {
		case 0xd0:
			n = int64(int8(u))
		case 0xd1:
			n = int64(int16(u))
		case 0xd2:
			n = int64(int32(u))
		default:
			n = int64(u)
		}
	default:
		return 0, false
	}
	p.values++
	p.nodes++
	return n, true
}

// float reads a float32 or float64 (the caller counts it).
func (p *pass) float() (float64, bool) {
	if p.in[p.i] == 0xca {
		u, ok := p.uint(4)
		return float64(math.Float32frombits(uint32(u))), ok
	}
	u, ok := p.uint(8)
	return math.Float64frombits(u), ok
}

// skip steps over one value at depth, checking only that its bytes are
// whole; it leaves deeper nesting than a result may have to the general
// path.
func (p *pass) skip(depth int) bool {
	if p.i >= len(p.in) || depth > content.MaxDepth+1 {
		return false
	}
	c := p.in[p.i]
	switch {
	case c <= 0x7f || c >= 0xe0 || c == 0xc0 || c == 0xc2 || c == 0xc3:
		p.i++
		return true
	case isStr(c):
		_, ok := p.str()
		return ok
	case isMap(c), isArray(c):
		var n int
		var ok bool
		if isMap(c) {
			n, ok = p.mapLen()
			n *= 2
		} else {
			n, ok = p.arrayLen()
		}
		for j := 0; ok && j < n; j++ {
			ok = p.skip(depth + 1)
		}
		return ok
	case c >= 0xca && c <= 0xd3:
		size := [...]int{4, 8, 1, 2, 4, 8, 1, 2, 4, 8}[c-0xca]
		_, ok := p.uint(size)
		return ok
	}
	return false // bin, ext, 0xc1: the general path reads them
}
