package engine

import (
	"math"
	"strconv"
	"unicode/utf8"
	"unsafe"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/revision"
)

// OnePass writes the wire JSON of a tool or resource result straight from
// the MessagePack of a build request's input, in one pass and without a
// value tree: it reads each member, checks it with the same rules as the
// checks of a value tree (the shapes of blocks and contents, stringRule,
// checkMetaKey, utf8.ValidString, appendString, appendFloat), and writes
// it at once.
//
// It takes only the shapes servers send most: content blocks and resource
// contents of any type, structured content and _meta of plain JSON values
// (string keys, no repeated key, no binary data, timestamps or
// extensions), no per-call option (maxJsonBytes, canonicalization) or
// protocol-owned field, and every object's members in the order they are
// written (the result's members; a block's type first, then its fields in
// the order of its shape), as servers and this package's own helpers give
// them: the pass reads each value once and writes it at once, with no
// lookahead. On anything else, and on any fault at all, it answers false
// and writes nothing that counts: the checks of a value tree (package
// result's Build) then answer, with the same bytes or with the error. So
// the one pass never has an error of its own to get right; it only has to
// be sure, when it answers true, that the general path would have
// succeeded with the same bytes, which the tests check for every vector
// and a differential fuzz target for arbitrary requests.
//
// The pass stops as soon as its output passes MaxBytes (a bound on the
// memory it takes, whatever the input); the caller then checks what it
// counted against the budget (see Written): a result at a bound is left to
// the general path, which reports it.
type OnePass struct {
	// MaxBytes is the result's byte budget (maxJsonBytes).
	MaxBytes int
	// Serialize, when set, makes the pass write a built result (the
	// serialize op's input, in wire names) for a protocol revision, with
	// Result, instead of a build's.
	Serialize *Serialize
	// Also, on a build's pass (Serialize nil), is a revision the built
	// result is written for next: the pass notes (Written.Differs) whether
	// that revision would change anything of the tool result it writes but
	// the resultType its finalize adds first (see Open), so that the
	// caller has the result's wire JSON without a second pass.
	Also *Serialize
	// Refs, when above 0 on a build's pass, is the length in bytes from
	// which a string field of a content block or of resource contents is
	// answered by reference: checked and counted as it would be written,
	// but written as "" and listed in Written.Refs (see abi.Ref), so that a
	// host that sent it has it back without the bytes going out again.
	Refs int
}

// Ref is a string a pass answered by reference (OnePass.Refs).
type Ref struct {
	// At is where the string's MessagePack starts in the input.
	At int
	// In is where its placeholder "" starts in the result's JSON.
	In int
	// Pointer is the JSON Pointer of the string in the result.
	Pointer string
}

// Serialize is how the serialize op writes a built result for a protocol
// revision, as far as the one pass writes it: a result whose fields and
// block types Revision all defines, so that the revision changes nothing
// of it but the protocol-owned members a finalize adds. Anything the
// revision would change (a field it lacks, a block type it converts,
// structured content it wraps) is left to the general path.
type Serialize struct {
	// Revision says which fields the revision defines.
	Revision Revision
	// AnyStructured says whether structured content may be any JSON value
	// (else only an object: the general path wraps any other).
	AnyStructured bool
	// Finalize adds the protocol-owned members the revision defines:
	// resultType first, and a resource result's ttlMs and cacheScope.
	Finalize bool
	// TTLMs is a finalized resource result's ttlMs.
	TTLMs int64
	// CacheScope is a finalized resource result's cacheScope: "public",
	// or "private" ("" too).
	CacheScope string
}

// The names of the result objects for Revision.Defines (a block type is
// "resource"), as internal/revision's table names them.
const (
	ToolResult     = revision.ToolResult
	ResourceResult = revision.ResourceResult
)

// Written is what a pass read and wrote.
type Written struct {
	// Nodes are the JSON values it wrote, as Budget counts a result's.
	Nodes int
	// Values are the values and keys it read (an input's decode counts
	// its values).
	Values int
	// Read is how many bytes of the input it read.
	Read int
	// Differs (a pass with Also) says that Also's revision would change
	// more of the result than its resultType.
	Differs bool
	// Refs (a pass with OnePass.Refs) are the strings answered by
	// reference, in the order of their places in the JSON; RefBytes the
	// bytes their JSON would take beyond their placeholders, which the
	// result's size counts.
	Refs     []Ref
	RefBytes int
}

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
	// differs: o.Also's revision would change more than the resultType
	differs bool
	keys    [maxFreeMembers]string // the keys of the free-form objects being read, for repeats
	nkeys   int
	// with o.Refs: the strings answered by reference, the bytes their JSON
	// takes beyond their placeholders, and the path of the value being
	// written (a key, or an index where key is "")
	refs     []Ref
	refBytes int
	path     [maxRefDepth]pathStep
	depth    int
}

// maxRefDepth is the deepest a string answered by reference lies (a
// field of an icon of an embedded resource's block is six steps down);
// a deeper one is written.
const maxRefDepth = 8

// pathStep is one step of a path: a member's key, or an array's index.
type pathStep struct {
	key   string
	index int
}

// step enters a member or an element of the value being written (with
// o.Refs only: a pass without refs keeps no path).
func (p *pass) step(key string, index int) {
	if p.o.Refs > 0 {
		if p.depth < len(p.path) {
			p.path[p.depth] = pathStep{key, index}
		}
		p.depth++
	}
}

// leave leaves what step entered.
func (p *pass) leave() {
	if p.o.Refs > 0 {
		p.depth--
	}
}

// Tool appends the JSON of the tool result that the MessagePack map at the
// start of input asks for (the options content, structuredContent, isError
// and meta) to dst, and reports true with what it read and wrote; or it
// reports false (with dst's bytes past len(dst) unspecified), and the
// general path answers.
func (o OnePass) Tool(dst, input []byte) ([]byte, Written, bool) {
	p := pass{in: input, out: dst, base: len(dst), o: o}
	ok := p.tool() && p.within()
	return p.out, Written{p.nodes, p.values, p.i, p.differs, p.refs, p.refBytes}, ok
}

// Open reports whether a finalize for s's revision writes resultType
// first in a tool result: the one member by which a result Tool wrote
// with Also set to s, and Written.Differs false, differs from its wire
// JSON for that revision (which it starts, as ResultTypeMember).
func Open(s *Serialize) bool {
	return s.Finalize && s.Revision.Defines(ToolResult, "resultType")
}

// ResultTypeMember is the member a finalize writes first (see Open).
const ResultTypeMember = `"resultType":"complete",`

// Result is Tool for the serialize op (o.Serialize set): the built result
// at the start of input (in wire names: a tool result's content,
// structuredContent, isError and _meta, or a resource result's contents and
// _meta) written for the revision.
func (o OnePass) Result(dst, input []byte) ([]byte, Written, bool) {
	p := pass{in: input, out: dst, base: len(dst), o: o}
	ok := o.Serialize != nil && p.built() && p.within()
	return p.out, Written{p.nodes, p.values, p.i, false, nil, 0}, ok
}

// Resource is Tool for a resource result (the options contents and meta).
func (o OnePass) Resource(dst, input []byte) ([]byte, Written, bool) {
	p := pass{in: input, out: dst, base: len(dst), o: o}
	ok := p.resource() && p.within()
	return p.out, Written{p.nodes, p.values, p.i, false, p.refs, p.refBytes}, ok
}

// within reports whether the output is within MaxBytes (the strings
// answered by reference counted as written).
func (p *pass) within() bool { return p.room() >= 0 }

// room is what MaxBytes leaves of the output.
func (p *pass) room() int { return p.base + p.o.MaxBytes - len(p.out) - p.refBytes }

// key writes "k": (k is a field name, which needs no escaping).
func (p *pass) key(k string) {
	p.out = append(p.out, '"')
	p.out = append(p.out, k...)
	p.out = append(p.out, '"', ':')
}

// member reads the key of an object's next member and returns its place
// among names, and false for a key that is not among them or that comes
// before place from (out of order, or repeated).
func (p *pass) member(names []string, from int) (int, bool) {
	k, ok := p.str()
	if !ok {
		return 0, false
	}
	p.values++
	for x := from; x < len(names); x++ {
		if names[x] == k {
			return x, true
		}
	}
	return 0, false
}

// toolMembers are a tool result's options, in the order of the members
// they become; builtToolMembers are a built result's members (serialize's
// input), in their order.
var (
	toolMembers      = []string{"content", "structuredContent", "isError", "meta"}
	builtToolMembers = []string{"content", "structuredContent", "isError", "_meta"}
)

// tool writes a tool result: its content (for a build, or the text
// fallback of its structured content), structuredContent, isError and
// _meta.
func (p *pass) tool() bool {
	n, ok := p.mapLen()
	if !ok {
		return false
	}
	p.values++
	ser := p.o.Serialize
	members := toolMembers
	if ser != nil {
		members = builtToolMembers
	}
	p.open(ToolResult)
	p.out = append(p.out, `"content":`...)
	next := 0  // the earliest member that may come next
	sc := -1   // where the structured content's JSON starts, when written before any content
	wrote := 0 // what is written: 1 the content, 2 isError too
	for j := 0; j < n; j++ {
		idx, ok := p.member(members, next)
		if !ok || ser != nil && j == 0 && idx != 0 {
			return false // a built result's content comes first: the general path reads any other
		}
		next = idx + 1
		if idx >= 2 && wrote == 0 {
			if !p.fallback(sc) {
				return false
			}
			wrote = 1
		}
		if idx == 3 && wrote == 1 {
			p.nodes++
			p.out = append(p.out, `,"isError":false`...)
			wrote = 2
		}
		switch idx {
		case 0:
			p.step("content", 0)
			if !p.list(3, false) {
				return false
			}
			p.leave()
			wrote = 1
		case 1:
			if ser != nil && (!ser.Revision.Defines(ToolResult, "structuredContent") ||
				!ser.AnyStructured && (p.i >= len(p.in) || !isMap(p.in[p.i]))) {
				return false // a revision without it, or that wraps it
			}
			if a := p.o.Also; a != nil && (!a.Revision.Defines(ToolResult, "structuredContent") ||
				!a.AnyStructured && (p.i >= len(p.in) || !isMap(p.in[p.i]))) {
				p.differs = true
			}
			if wrote == 0 {
				sc = len(p.out)
			} else {
				p.out = append(p.out, `,"structuredContent":`...)
			}
			if !p.free(2) {
				return false
			}
		case 2:
			if !p.isError() {
				return false
			}
			wrote = 2
		case 3:
			if !p.meta(2, true) {
				return false
			}
		}
	}
	if wrote == 0 && !p.fallback(sc) {
		return false
	}
	if wrote < 2 {
		p.nodes++
		p.out = append(p.out, `,"isError":false`...)
	}
	p.out = append(p.out, '}')
	return true
}

// fallback writes the content of a tool result given no content: a text
// block of the structured content's JSON, which is written at sc (-1: no
// structured content, which is content_required), then the structured
// content after it.
func (p *pass) fallback(sc int) bool {
	if sc < 0 {
		return false
	}
	n := len(p.out) - sc
	text := unsafe.String(unsafe.SliceData(p.out[sc:]), n)
	if n+escapedLen(text)+32 > p.room() {
		return false // the JSON twice, once as text
	}
	p.nodes += 4 // the list, the block, its type and its text
	p.out = append(p.out, `[{"type":"text","text":`...)
	p.out = appendString(p.out, text)
	p.out = append(p.out, `}],"structuredContent":`...)
	p.out = append(p.out, p.out[sc:sc+n]...)
	p.out = append(p.out[:sc], p.out[sc+n:]...)
	return true
}

// resourceMembers are a resource result's options, in the order of the
// members they become; builtResourceMembers a built one's.
var (
	resourceMembers      = []string{"contents", "meta"}
	builtResourceMembers = []string{"contents", "_meta"}
)

// resource writes a resource result: its contents (for a finalize, then
// ttlMs and cacheScope), and _meta.
func (p *pass) resource() bool {
	n, ok := p.mapLen()
	if !ok || n == 0 || n > 2 {
		return false // missing_field, or unknown
	}
	p.values++
	ser := p.o.Serialize
	members := resourceMembers
	if ser != nil {
		members = builtResourceMembers
	}
	p.open(ResourceResult)
	p.out = append(p.out, `"contents":`...)
	p.step("contents", 0)
	if idx, ok := p.member(members, 0); !ok || idx != 0 || !p.list(3, true) {
		return false
	}
	p.leave()
	if ser != nil && ser.Finalize && ser.Revision.Defines(ResourceResult, "ttlMs") {
		scope := ser.CacheScope
		if scope == "" {
			scope = "private"
		}
		p.nodes += 2
		p.out = append(p.out, `,"ttlMs":`...)
		p.out = strconv.AppendInt(p.out, ser.TTLMs, 10)
		p.out = append(p.out, `,"cacheScope":`...)
		p.out = appendString(p.out, scope)
	}
	if n == 2 {
		if _, ok := p.member(members, 1); !ok || !p.meta(2, true) {
			return false
		}
	}
	p.out = append(p.out, '}')
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
	n := 1
	if !isMap(p.in[p.i]) || p.o.Serialize != nil { // a built result's lists are arrays
		var ok bool
		if n, ok = p.arrayLen(); !ok || n == 0 && !contents {
			return false
		}
		p.values++
	}
	for j := 0; j < n; j++ {
		if j > 0 {
			p.out = append(p.out, ',')
		}
		p.step("", j)
		ok := false
		if contents {
			ok = p.object(&textContentsShape, depth)
		} else {
			ok = p.block(depth)
		}
		if !ok || !p.within() {
			return false
		}
		p.leave()
	}
	p.out = append(p.out, ']')
	return true
}

// defines reports whether the revision a built result is written for
// defines a field of an object (see Revision); a build defines every one.
func (p *pass) defines(object, field string) bool {
	if s := p.o.Serialize; s != nil {
		return s.Revision.Defines(object, field)
	}
	if a := p.o.Also; a != nil && !a.Revision.Defines(object, field) {
		p.differs = true
	}
	return true
}

// built writes a built result for a revision: a resource result when its
// first member is contents, else a tool result.
func (p *pass) built() bool {
	at := p.i
	if _, ok := p.mapLen(); !ok {
		return false
	}
	k, ok := p.str()
	p.i = at
	if ok && k == "contents" {
		return p.resource()
	}
	return p.tool()
}

// open writes the start of a result object: with a finalize for a
// revision that defines it, resultType first.
func (p *pass) open(object string) {
	p.nodes++ // the result object
	p.out = append(p.out, '{')
	if ser := p.o.Serialize; ser != nil && ser.Finalize && ser.Revision.Defines(object, "resultType") {
		p.nodes++
		p.out = append(p.out, ResultTypeMember...)
	}
}

// isError writes a result's isError member.
func (p *pass) isError() bool {
	if p.i >= len(p.in) || p.in[p.i] != 0xc2 && p.in[p.i] != 0xc3 {
		return false
	}
	p.values++
	p.nodes++
	if p.in[p.i] == 0xc3 {
		p.out = append(p.out, `,"isError":true`...)
	} else {
		p.out = append(p.out, `,"isError":false`...)
	}
	p.i++
	return true
}

// block writes a content block at depth: its type first, then its fields
// in the order of its shape.
func (p *pass) block(depth int) bool {
	n, ok := p.mapLen()
	if !ok || n == 0 || depth > MaxDepth {
		return false
	}
	if k, ok := p.str(); !ok || k != "type" {
		return false
	}
	p.values += 2 // the block and its first key
	typ, ok := p.text()
	if !ok {
		return false
	}
	s := blockShape(typ)
	if s == nil || !p.defines(typ, "") {
		return false
	}
	p.nodes += 2 // the block, its type
	p.out = append(p.out, `{"type":`...)
	p.out = appendString(p.out, typ)
	return p.fields(s, n-1, 1, depth, true)
}

// object writes an object at depth against shape s: its fields in the
// order of the shape. Resource contents are read against the text shape:
// a blob in the place of text makes them blob contents.
func (p *pass) object(s *shape, depth int) bool {
	n, ok := p.mapLen()
	if !ok || depth > MaxDepth {
		return false
	}
	p.values++
	p.nodes++
	p.out = append(p.out, '{')
	return p.fields(s, n, 0, depth, false)
}

// fields writes the n members left of an object at depth against shape s,
// the next of them no earlier than field next; wrote says whether a field
// is written already.
func (p *pass) fields(s *shape, n, next, depth int, wrote bool) bool {
	for j := 0; j < n; j++ {
		k, ok := p.str()
		if !ok {
			return false
		}
		p.values++
		f := s.index(k)
		if f < 0 && s == &textContentsShape && k == "blob" {
			s, f = &blobContentsShape, s.index("text")
		}
		if f < next || !p.defines(s.name, k) {
			return false // unknown, out of order, repeated, or not in the revision
		}
		for _, skipped := range s.fields[next:f] {
			if skipped.required {
				return false
			}
		}
		next = f + 1
		mark := len(p.out)
		if wrote {
			p.out = append(p.out, ',')
		}
		p.key(k)
		p.step(k, 0)
		keep, ok := p.field(s.fields[f].kind, depth+1)
		if !ok {
			return false
		}
		p.leave()
		if !keep {
			p.out = p.out[:mark]
			continue
		}
		wrote = true
	}
	for _, missing := range s.fields[next:] {
		if missing.required {
			return false
		}
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
		return true, p.object(&annotationsShape, depth)
	case fContents:
		return true, p.object(&textContentsShape, depth)
	case fIcons, fSizes, fAudience:
		n, ok := p.arrayLen()
		if !ok || depth > MaxDepth {
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
				p.step("", j)
				if !p.object(&iconShape, depth+1) {
					return false, false
				}
				p.leave()
				continue
			}
			s, ok := p.stringValue()
			if !ok {
				return false, false
			}
			if k == fAudience {
				if s != string(content.User) && s != string(content.Assistant) || j >= 2 || j == 1 && roles[0] == s {
					return false, false
				}
				roles[j] = s
			}
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
	s, ok := p.fieldString()
	if !ok {
		return false, false
	}
	if msg, _ := stringRule(k, s); msg != "" {
		return false, false
	}
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
		if !ok || depth > MaxDepth {
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
		_, ok := p.stringValue()
		return ok
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
	if !ok || n > maxFreeMembers || depth > MaxDepth {
		return false
	}
	p.values++
	p.nodes++
	p.out = append(p.out, '{')
	base := p.nkeys
	for j := 0; j < n; j++ {
		k, ok := p.str()
		if !ok {
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
		if !p.write(k) {
			return false
		}
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

// stringValue reads a string value and writes it, and reports it, or
// false for one that is not valid UTF-8.
func (p *pass) stringValue() (string, bool) {
	s, ok := p.str()
	if !ok || !p.write(s) {
		return "", false
	}
	p.values++
	p.nodes++
	return s, true
}

// fieldString is stringValue for the string of a declared field, which
// with o.Refs goes by reference when it is long enough (and not too deep):
// checked (valid UTF-8) and counted as write would write it, but written
// as "" and listed in refs.
func (p *pass) fieldString() (string, bool) {
	at := p.i
	s, ok := p.str()
	if !ok {
		return "", false
	}
	if p.o.Refs == 0 || len(s) < p.o.Refs || p.depth > len(p.path) {
		p.i = at
		return p.stringValue()
	}
	n, ok := validJSONLen(s)
	if !ok || n > p.room() {
		return "", false
	}
	p.refs = append(p.refs, Ref{At: at, In: len(p.out) - p.base, Pointer: p.pointer()})
	p.out = append(p.out, '"', '"')
	p.refBytes += n - 2
	p.values++
	p.nodes++
	return s, true
}

// pointer is the JSON Pointer of the value being written (its keys are
// the names of fields, which need no escaping).
func (p *pass) pointer() string {
	var b []byte
	for _, st := range p.path[:p.depth] {
		b = append(b, '/')
		if st.key != "" {
			b = append(b, st.key...)
		} else {
			b = strconv.AppendInt(b, int64(st.index), 10)
		}
	}
	return string(b)
}

// write writes s as a JSON string, or reports false for one that is not
// valid UTF-8 or whose bytes alone pass MaxBytes.
func (p *pass) write(s string) bool {
	// Measured before it is copied (an escape takes up to six bytes), so
	// that the pass never writes past the budget by more than a token.
	if room := p.room(); len(s)+2 > room || 6*len(s)+2 > room && escapedLen(s) > room {
		return false
	}
	out, ok := appendValid(p.out, s) // checked as it is written: one pass over it
	p.out = out
	return ok
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

// Skip steps over the MessagePack value at in[i:] and returns where it
// ends, checking only that its bytes are whole: a loop over the values
// left to step over (a map's header adds two for each member, an array's
// one for each item), without recursion, so that no nesting costs stack.
// Binary data and extensions, which the one pass leaves to the general
// path, are false, as is 0xc1.
func Skip(in []byte, i int) (int, bool) {
	for left := 1; left > 0; left-- {
		if i >= len(in) || left > len(in)-i {
			return 0, false // each value takes a byte at least
		}
		c := in[i]
		switch {
		case c <= 0x7f || c >= 0xe0 || c == 0xc0 || c == 0xc2 || c == 0xc3:
			i++
		case c&0xe0 == 0xa0:
			i += 1 + int(c&0x1f)
		case c&0xf0 == 0x80:
			i++
			left += 2 * int(c&0x0f)
		case c&0xf0 == 0x90:
			i++
			left += int(c & 0x0f)
		default:
			size := 0 // the bytes of the length or value after c
			switch c {
			case 0xcc, 0xd0, 0xd9:
				size = 1
			case 0xcd, 0xd1, 0xda, 0xdc, 0xde:
				size = 2
			case 0xca, 0xce, 0xd2, 0xdb, 0xdd, 0xdf:
				size = 4
			case 0xcb, 0xcf, 0xd3:
				size = 8
			default:
				return 0, false
			}
			if len(in)-i < 1+size {
				return 0, false
			}
			var u uint64
			for _, b := range in[i+1 : i+1+size] {
				u = u<<8 | uint64(b)
			}
			i += 1 + size
			switch c {
			case 0xd9, 0xda, 0xdb: // a string of u bytes
				if u > uint64(len(in)-i) {
					return 0, false
				}
				i += int(u)
			case 0xdc, 0xdd: // an array of u items
				if u > uint64(len(in)-i) {
					return 0, false
				}
				left += int(u)
			case 0xde, 0xdf: // a map of u members
				if u > uint64(len(in)-i)/2 {
					return 0, false
				}
				left += 2 * int(u)
			}
		}
	}
	if i > len(in) {
		return 0, false
	}
	return i, true
}
