package check

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The codes of what making a tool's arguments from its inputSchema could not
// do, added to the findings of the call made with those arguments.
const (
	// CodeArgumentsNotGenerated (warning): no arguments that conform to
	// the tool's inputSchema could be made within the generator's limits
	// (a nesting of 32, 1,000 items or properties, strings of 65,536
	// characters, 1 MiB of arguments, 200,000 steps of work), or none exist
	// (the schema requires itself without end, accepts nothing there, is
	// not JSON or not an object schema).
	CodeArgumentsNotGenerated Code = "arguments_not_generated"
	// CodeArgumentsIncomplete (info): the arguments made may not conform to
	// the inputSchema, for want of a generator that could (a pattern they
	// do not match, unique items, a $ref outside the schema…).
	CodeArgumentsIncomplete Code = "arguments_incomplete"
)

// The limits of argument generation: whatever a server's inputSchema asks,
// making its arguments ends within them, in time linear in the schema's size
// plus at most maxArgSteps steps, and in memory linear in the schema's size
// plus at most maxArgBytes of arguments.
const (
	// maxArgDepth bounds the nesting of a generated value, and the length
	// of a chain of $ref and allOf, or of oneOf and anyOf, followed at one
	// place.
	maxArgDepth = 32
	// maxArgItems bounds the items of one generated array (minItems above
	// it is not met).
	maxArgItems = 1000
	// maxArgProperties bounds the members of one generated object
	// (required or minProperties above it is not met).
	maxArgProperties = 1000
	// maxArgStringLength bounds the characters of one generated string
	// (minLength above it is not met).
	maxArgStringLength = 1 << 16
	// maxArgBytes bounds the arguments of one call, as JSON.
	maxArgBytes = 1 << 20
	// maxArgSteps bounds the work of making the arguments of one call:
	// each value made, each keyword, property or required name merged from
	// a $ref, allOf, oneOf or anyOf, each step of a $ref's pointer, each
	// try of a oneOf or anyOf branch counts.
	maxArgSteps = 200_000
)

// generateArguments returns the arguments of a tool call made from the tool's
// inputSchema, for a server that is checked without a calls file: an object
// with every required property, each given the schema's default, else its
// examples[0], else its const, else its enum[0], else a small value of its
// type that honours the schema's bounds:
//
//   - a string of minLength "a"s (at least one, at most maxLength), or a
//     sample of its format (uri, email, date-time, date, time, uuid,
//     hostname, ipv4, ipv6…);
//   - the number or integer closest to 0 within minimum, maximum, their
//     exclusive forms and multipleOf;
//   - false, null;
//   - an array of minItems items (prefixItems, then items);
//   - an object of its required properties, recursively, plus optional ones
//     up to minProperties.
//
// Local $refs (to $defs, definitions or any JSON Pointer in the schema) are
// followed and allOf members are merged; of oneOf or anyOf, the first branch
// that gives a conforming value is taken (a branch that would contain itself
// without end is passed over, so an optional recursion, anyOf [{$ref},
// {type: null}], ends in null). Properties are written in the order of the
// schema's required list.
//
// It ends whatever the schema: within the limits maxArgDepth, maxArgItems,
// maxArgProperties, maxArgStringLength, maxArgBytes and maxArgSteps, in
// time linear in the schema's size. A schema that requires itself (a
// property or an item that must hold a value of the schema that holds it)
// is cut at once: it has no finite instance.
//
// complete is false when the schema asks for something this does not make
// (a pattern the value does not match, non-local $refs, unique items, a
// schema that accepts nothing, requires itself, or asks for more than the
// limits…): the arguments are then a best effort, and {} when the schema is
// not an object schema at all. A missing schema gives {} and true.
// generateArgumentsWithFindings says why.
func generateArguments(inputSchema json.RawMessage) (args json.RawMessage, complete bool) {
	args, complete, _ = generateArgumentsWithFindings(inputSchema)
	return args, complete
}

// generateArgumentsWithFindings is generateArguments with what it could not
// do as findings: one arguments_not_generated (warning) when no conforming
// arguments could be made, or exist, and one arguments_incomplete (info)
// when the arguments may not conform for want of a better generator. Each
// names the first place in the arguments and why, and how many more places
// there are; its path is "" (the findings are about the request, not the
// result). complete is true exactly when there are no findings.
func generateArgumentsWithFindings(inputSchema json.RawMessage) (args json.RawMessage, complete bool, findings []Finding) {
	schema := bytes.TrimSpace(inputSchema)
	if len(schema) == 0 {
		return json.RawMessage(`{}`), true, nil
	}
	g := &argGen{
		flats:   map[int]*flat{},
		merged:  map[mergeKey]*flat{},
		objMaps: map[int]map[string]int{},
		regexps: map[string]*regexp.Regexp{},
		onStack: map[int]bool{},
		inAlt:   map[int]bool{},
	}
	if !json.Valid(schema) {
		g.problem(notGenerated, "the inputSchema is not JSON (or is nested deeper than JSON decoders accept)")
		return json.RawMessage(`{}`), false, g.findings()
	}
	g.x = indexJSON(schema)
	g.value(0, 0)
	args = g.out
	if len(args) == 0 || args[0] != '{' {
		if g.count[notGenerated] == 0 {
			g.problem(notGenerated, "the inputSchema does not describe a JSON object, so {} is sent")
		}
		args = json.RawMessage(`{}`)
	}
	fs := g.findings()
	return args, len(fs) == 0, fs
}

// The kinds of problem, by the finding they give.
const (
	notGenerated = 0 // arguments_not_generated
	incomplete   = 1 // arguments_incomplete
)

// argProblem is the first problem of a kind: where in the arguments, why.
type argProblem struct{ path, why string }

// argTally is what went wrong so far; it is restored when a oneOf or
// anyOf branch is given up.
type argTally struct {
	first [2]argProblem
	count [2]int
}

// argGen generates the arguments of one call.
type argGen struct {
	x       *jsonIndex
	out     []byte
	steps   int
	stopped bool // a budget ran out: nothing more is written but closing brackets and nulls
	argTally

	flats   map[int]*flat          // each schema node, flattened once
	merged  map[mergeKey]*flat     // a flattened schema with one of its branches
	objMaps map[int]map[string]int // member lookup of large objects
	regexps map[string]*regexp.Regexp
	onStack map[int]bool // the schema nodes whose value is being made
	inAlt   map[int]bool // the branches being applied
	path    []string     // where in the arguments the value being made is
}

func (g *argGen) problem(kind int, why string) {
	g.count[kind]++
	if g.count[kind] == 1 {
		p := pointer("", toAny(g.path)...)
		g.first[kind] = argProblem{p, why}
	}
}

// findings turns the tally into findings.
func (g *argGen) findings() []Finding {
	var fs []Finding
	for kind, c := range g.count {
		if c == 0 {
			continue
		}
		p := g.first[kind]
		where := "at the top of the arguments"
		if p.path != "" {
			where = "at " + shorten(p.path, 120) + " of the arguments"
		}
		more := ""
		if c > 1 {
			more = fmt.Sprintf(" (and %d more)", c-1)
		}
		if kind == notGenerated {
			fs = append(fs, Finding{Severity: Warning, Code: CodeArgumentsNotGenerated, Message: fmt.Sprintf(
				"no arguments that conform to the tool's inputSchema could be made: %s, %s%s; the tool is called with a best effort", where, p.why, more)})
			continue
		}
		fs = append(fs, Finding{Severity: Info, Code: CodeArgumentsIncomplete, Message: fmt.Sprintf(
			"the arguments made from the tool's inputSchema may not conform to it: %s, %s%s; the tool is called with them", where, p.why, more)})
	}
	return fs
}

// spend counts n steps, and stops the generation past maxArgSteps.
func (g *argGen) spend(n int) bool {
	if g.stopped {
		return false
	}
	g.steps += n
	if g.steps > maxArgSteps {
		g.problem(notGenerated, fmt.Sprintf("making them would take more than %d steps", maxArgSteps))
		g.stopped = true
		return false
	}
	return true
}

// bytesPerStep is how many bytes written or copied count as a step.
const bytesPerStep = 256

// write appends b to the arguments, unless they would be over maxArgBytes
// (which stops the generation).
func (g *argGen) write(b []byte) bool {
	if g.stopped {
		return false
	}
	if len(g.out)+len(b) > maxArgBytes {
		g.problem(notGenerated, fmt.Sprintf("they would be over %d bytes", maxArgBytes))
		g.stopped = true
		return false
	}
	if !g.spend(len(b) / bytesPerStep) {
		return false
	}
	g.out = append(g.out, b...)
	return true
}

// writeValue writes a value, or null when it does not fit.
func (g *argGen) writeValue(b []byte) {
	if !g.write(b) {
		g.null()
	}
}

// null writes null, which is written even once the generation stopped (a
// few bytes where a value is due), so the arguments stay JSON.
func (g *argGen) null() { g.out = append(g.out, "null"...) }

// anyValue writes a value of a schema that accepts anything: a string is
// the likeliest to please a handler.
func (g *argGen) anyValue() { g.writeValue([]byte(`"a"`)) }

// ---------------------------------------------------------------- the schema, indexed

// jsonIndex is a JSON document read once: each value's place in the text
// and, for an object or an array, its members in order.
type jsonIndex struct {
	src   []byte
	nodes []jsonNode // in the order they start; the document is node 0
	kids  []int      // the members of each object or array, one run each
	keys  []string   // the key of each member of kids (objects only)
}

// jsonNode is one value of a jsonIndex.
type jsonNode struct {
	start, end int
	kind       byte // '{', '[', '"', 't', 'f', 'n', or '0' for a number
	first, n   int  // its members: kids[first:first+n]
}

// indexJSON indexes a valid JSON document (json.Valid holds) in one pass,
// without recursion.
func indexJSON(src []byte) *jsonIndex {
	x := &jsonIndex{src: src}
	type frame struct{ node, pending int }
	var stack []frame
	var pendKids []int
	var pendKeys []string
	key, wantKey := "", false
	i := 0
	for i < len(src) {
		c := src[i]
		switch c {
		case ' ', '\t', '\r', '\n', ':':
			i++
			continue
		case ',':
			wantKey = x.nodes[stack[len(stack)-1].node].kind == '{'
			i++
			continue
		case '}', ']':
			f := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			nd := &x.nodes[f.node]
			nd.end, nd.first, nd.n = i+1, len(x.kids), len(pendKids)-f.pending
			x.kids = append(x.kids, pendKids[f.pending:]...)
			x.keys = append(x.keys, pendKeys[f.pending:]...)
			pendKids, pendKeys = pendKids[:f.pending], pendKeys[:f.pending]
			i++
			if len(stack) == 0 {
				return x
			}
			continue
		}
		end := i + 1
		switch c {
		case '"':
			for end < len(src) && src[end] != '"' {
				if src[end] == '\\' {
					end++
				}
				end++
			}
			end++
		case '{', '[':
		default:
			for end < len(src) && !strings.ContainsRune(",}] \t\r\n", rune(src[end])) {
				end++
			}
		}
		if wantKey {
			key, wantKey = decodeString(src[i:end]), false
			i = end
			continue
		}
		kind := c
		if c == '-' || c >= '0' && c <= '9' {
			kind = '0'
		}
		idx := len(x.nodes)
		x.nodes = append(x.nodes, jsonNode{start: i, end: end, kind: kind})
		if len(stack) > 0 {
			pendKids, pendKeys = append(pendKids, idx), append(pendKeys, key)
		}
		i = end
		switch c {
		case '{', '[':
			stack = append(stack, frame{idx, len(pendKids)})
			wantKey = c == '{'
		default:
			if len(stack) == 0 {
				return x
			}
		}
	}
	return x
}

// decodeString decodes a JSON string literal.
func decodeString(lit []byte) string {
	if len(lit) >= 2 && bytes.IndexByte(lit, '\\') < 0 {
		return string(lit[1 : len(lit)-1])
	}
	var s string
	_ = json.Unmarshal(lit, &s)
	return s
}

// raw is a node's JSON text.
func (g *argGen) raw(n int) []byte {
	nd := g.x.nodes[n]
	return g.x.src[nd.start:nd.end]
}

// members are the nodes of an object's or an array's members.
func (g *argGen) members(n int) []int {
	nd := g.x.nodes[n]
	return g.x.kids[nd.first : nd.first+nd.n]
}

// member finds an object's member by key (the last, of a key repeated).
func (g *argGen) member(obj int, key string) (int, bool) {
	nd := g.x.nodes[obj]
	if nd.kind != '{' {
		return 0, false
	}
	if nd.n <= 8 {
		for k := nd.n - 1; k >= 0; k-- {
			if g.x.keys[nd.first+k] == key {
				return g.x.kids[nd.first+k], true
			}
		}
		return 0, false
	}
	m, ok := g.objMaps[obj]
	if !ok {
		g.spend(nd.n)
		m = make(map[string]int, nd.n)
		for k := 0; k < nd.n; k++ {
			m[g.x.keys[nd.first+k]] = g.x.kids[nd.first+k]
		}
		g.objMaps[obj] = m
	}
	v, ok := m[key]
	return v, ok
}

// str reads a string node.
func (g *argGen) str(n int) (string, bool) {
	if g.x.nodes[n].kind != '"' {
		return "", false
	}
	return decodeString(g.raw(n)), true
}

// ---------------------------------------------------------------- flattening

// flat is a schema with its $ref and allOf merged into it: its keywords
// (its own win), its properties and required names merged, and its groups
// of alternatives (oneOf, anyOf) still to choose from.
type flat struct {
	done, ok bool
	kind     int    // when not ok: notGenerated or incomplete
	why      string // when not ok
	note     string // a keyword ignored, when ok
	kw       map[string]int
	props    map[string]int
	required []string
	alts     [][]int
}

type mergeKey struct {
	f      *flat
	branch int
}

func failed(kind int, why string) *flat { return &flat{done: true, kind: kind, why: why} }

// flatten resolves a schema's $ref and merges its allOf members, once per
// schema node; depth counts the $refs and allOf followed to get there.
func (g *argGen) flatten(n, depth int) *flat {
	if f, ok := g.flats[n]; ok {
		if !f.done {
			return failed(notGenerated, "a $ref or allOf refers back to itself")
		}
		return f
	}
	if depth > maxArgDepth {
		return failed(notGenerated, fmt.Sprintf("$ref and allOf are nested deeper than %d", maxArgDepth))
	}
	if !g.spend(1) {
		return failed(notGenerated, "not made: a limit was reached")
	}
	f := &flat{}
	g.flats[n] = f
	g.fill(f, n, depth)
	f.done = true
	return f
}

func (f *flat) fail(kind int, why string) {
	f.ok, f.kind, f.why = false, kind, why
}

func (g *argGen) fill(f *flat, n, depth int) {
	nd := g.x.nodes[n]
	switch nd.kind {
	case 't':
		f.ok = true
		return
	case 'f':
		f.fail(notGenerated, "the schema is false: nothing is valid there")
		return
	case '{':
	default:
		f.fail(notGenerated, "a schema that is neither an object nor a boolean")
		return
	}
	g.spend(nd.n)
	f.kw = make(map[string]int, nd.n)
	for k := 0; k < nd.n; k++ {
		f.kw[g.x.keys[nd.first+k]] = g.x.kids[nd.first+k]
	}
	if p, ok := f.kw["properties"]; ok {
		if g.x.nodes[p].kind != '{' {
			f.note = "properties is not an object (ignored)"
		} else {
			ms := g.members(p)
			g.spend(len(ms))
			f.props = make(map[string]int, len(ms))
			first := g.x.nodes[p].first
			for k, m := range ms {
				f.props[g.x.keys[first+k]] = m
			}
		}
	}
	if r, ok := f.kw["required"]; ok {
		if g.x.nodes[r].kind != '[' {
			f.note = "required is not a list (ignored)"
		} else {
			ms := g.members(r)
			g.spend(len(ms))
			seen := make(map[string]bool, len(ms))
			for _, m := range ms {
				name, ok := g.str(m)
				if !ok {
					f.note = "required lists something that is not a string (ignored)"
					continue
				}
				if !seen[name] {
					seen[name] = true
					f.required = append(f.required, name)
				}
			}
		}
	}
	for _, kw := range []string{"oneOf", "anyOf"} {
		a, ok := f.kw[kw]
		if !ok {
			continue
		}
		if g.x.nodes[a].kind != '[' || g.x.nodes[a].n == 0 {
			f.fail(notGenerated, kw+" is not a list of schemas, or an empty one: nothing is valid there")
			return
		}
		f.alts = append(f.alts, g.members(a))
	}
	if ref, ok := f.kw["$ref"]; ok {
		s, ok := g.str(ref)
		if !ok {
			f.fail(notGenerated, "a $ref that is not a string")
			return
		}
		target, kind, why := g.resolve(s)
		if why != "" {
			f.fail(kind, why)
			return
		}
		t := g.flatten(target, depth+1)
		if !t.ok {
			f.fail(t.kind, t.why)
			return
		}
		g.merge(f, t)
	}
	if all, ok := f.kw["allOf"]; ok {
		if g.x.nodes[all].kind != '[' {
			f.fail(notGenerated, "allOf is not a list of schemas")
			return
		}
		for _, m := range g.members(all) {
			t := g.flatten(m, depth+1)
			if !t.ok {
				f.fail(t.kind, t.why)
				return
			}
			g.merge(f, t)
		}
	}
	f.ok = true
}

// merge merges b, a schema that applies as well, into a: a's keywords win,
// properties are merged and required names joined, the alternatives of both
// are kept.
func (g *argGen) merge(a, b *flat) {
	g.spend(len(b.kw) + len(b.props) + len(a.required) + len(b.required) + len(b.alts))
	if a.kw == nil {
		a.kw = map[string]int{}
	}
	for k, v := range b.kw {
		if _, ok := a.kw[k]; !ok {
			a.kw[k] = v
		}
	}
	if len(b.props) > 0 && a.props == nil {
		a.props = make(map[string]int, len(b.props))
	}
	for k, v := range b.props {
		if _, ok := a.props[k]; !ok {
			a.props[k] = v
		}
	}
	if len(b.required) > 0 {
		have := make(map[string]bool, len(a.required))
		for _, name := range a.required {
			have[name] = true
		}
		for _, name := range b.required {
			if !have[name] {
				a.required = append(a.required, name)
			}
		}
	}
	a.alts = append(a.alts, b.alts...)
	if a.note == "" {
		a.note = b.note
	}
}

// withBranch is f with a branch of its first group of alternatives merged
// in, once per flat and branch.
func (g *argGen) withBranch(f *flat, branch int, fb *flat) *flat {
	key := mergeKey{f, branch}
	if m, ok := g.merged[key]; ok {
		return m
	}
	g.spend(len(f.kw) + len(f.props) + len(f.required))
	m := &flat{done: true, ok: true, note: f.note, kw: make(map[string]int, len(f.kw)), props: make(map[string]int, len(f.props))}
	for k, v := range f.kw {
		m.kw[k] = v
	}
	for k, v := range f.props {
		m.props[k] = v
	}
	m.required = slices.Clone(f.required)
	m.alts = slices.Clone(f.alts[1:])
	g.merge(m, fb)
	g.merged[key] = m
	return m
}

// resolve finds a local $ref ("#", "#/$defs/a", any JSON Pointer fragment)
// in the schema; why says why it cannot.
func (g *argGen) resolve(ref string) (node, kind int, why string) {
	if !strings.HasPrefix(ref, "#") {
		return 0, incomplete, "a $ref outside the schema, which is not loaded"
	}
	ptr := ref[1:]
	if ptr == "" {
		return 0, 0, ""
	}
	if !strings.HasPrefix(ptr, "/") {
		return 0, incomplete, "a $ref to an anchor, which is not followed"
	}
	nowhere := "a $ref that points nowhere in the schema"
	cur := 0
	unescape := strings.NewReplacer("~1", "/", "~0", "~")
	for _, tok := range strings.Split(ptr[1:], "/") {
		if !g.spend(1) {
			return 0, notGenerated, "not made: a limit was reached"
		}
		tok = unescape.Replace(percentDecode(tok))
		switch g.x.nodes[cur].kind {
		case '[':
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= g.x.nodes[cur].n {
				return 0, notGenerated, nowhere
			}
			cur = g.members(cur)[i]
		case '{':
			next, ok := g.member(cur, tok)
			if !ok {
				return 0, notGenerated, nowhere
			}
			cur = next
		default:
			return 0, notGenerated, nowhere
		}
	}
	return cur, 0, ""
}

// percentDecode undoes the percent-encoding of a URI fragment; an invalid
// escape is kept as it is.
func percentDecode(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) {
			if v, err := strconv.ParseUint(s[i+1:i+3], 16, 8); err == nil {
				b.WriteByte(byte(v))
				i += 2
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// ---------------------------------------------------------------- generation

// value writes a value for the schema at node n (the inputSchema, a
// property's, an item's), or for any value when n is below 0.
func (g *argGen) value(n, depth int) {
	if g.stopped {
		g.null()
		return
	}
	if n < 0 {
		g.anyValue()
		return
	}
	if depth > maxArgDepth {
		g.problem(notGenerated, fmt.Sprintf("the value would be nested deeper than %d levels", maxArgDepth))
		g.null()
		return
	}
	if !g.spend(1) {
		g.null()
		return
	}
	if nd := g.x.nodes[n]; nd.kind == 't' || nd.kind == '{' && nd.n == 0 {
		g.anyValue()
		return
	}
	if g.onStack[n] {
		// The same schema inside its own value: its value would be
		// infinite (a value of itself can never be needed, since the
		// inner one would do at the outer place).
		g.problem(notGenerated, "the schema requires a value of itself inside itself, without end")
		g.null()
		return
	}
	f := g.flatten(n, 0)
	if !f.ok {
		g.problem(f.kind, f.why)
		g.null()
		return
	}
	g.onStack[n] = true
	g.gen(f, depth, 0)
	delete(g.onStack, n)
}

// gen writes a value for a flattened schema; altDepth counts the oneOf and
// anyOf branches chosen at this place.
func (g *argGen) gen(f *flat, depth, altDepth int) {
	if v, ok := f.kw["default"]; ok {
		g.writeValue(g.raw(v))
		return
	}
	if ex, ok := f.kw["examples"]; ok && g.x.nodes[ex].kind == '[' && g.x.nodes[ex].n > 0 {
		g.writeValue(g.raw(g.members(ex)[0]))
		return
	}
	if v, ok := f.kw["const"]; ok {
		g.writeValue(g.raw(v))
		return
	}
	if e, ok := f.kw["enum"]; ok {
		if g.x.nodes[e].kind == '[' && g.x.nodes[e].n > 0 {
			g.writeValue(g.raw(g.members(e)[0]))
			return
		}
		g.problem(notGenerated, "an enum that is empty or not a list: nothing is valid there")
		g.null()
		return
	}
	if len(f.alts) > 0 {
		g.alternatives(f, depth, altDepth)
		return
	}
	if f.note != "" {
		g.problem(incomplete, f.note)
	}
	switch g.schemaType(f) {
	case "object":
		g.object(f, depth)
	case "array":
		g.array(f, depth)
	case "string":
		g.string(f)
	case "integer":
		g.number(f, true)
	case "number":
		g.number(f, false)
	case "boolean":
		g.writeValue([]byte(`false`))
	case "null":
		g.writeValue([]byte(`null`))
	default:
		// No type and no keyword that implies one: anything is valid.
		g.anyValue()
	}
}

// alternatives chooses a branch of f's first group of alternatives: the
// first whose value has no problem, else the first with the least serious
// problems. A branch already being applied at this place is passed over.
func (g *argGen) alternatives(f *flat, depth, altDepth int) {
	if altDepth >= maxArgDepth {
		g.problem(notGenerated, fmt.Sprintf("oneOf and anyOf are nested deeper than %d", maxArgDepth))
		g.null()
		return
	}
	start, before := len(g.out), g.argTally
	var best []byte
	var bestTally argTally
	bestScore := 3
	for _, b := range f.alts[0] {
		if g.inAlt[b] {
			continue
		}
		if !g.spend(1) {
			break
		}
		fb := g.flatten(b, 0)
		if fb.ok {
			g.inAlt[b] = true
			g.gen(g.withBranch(f, b, fb), depth, altDepth+1)
			delete(g.inAlt, b)
		} else {
			g.problem(fb.kind, fb.why)
			g.null()
		}
		if g.stopped {
			return // what was written stands
		}
		score := 0
		switch {
		case g.count[notGenerated] > before.count[notGenerated]:
			score = 2
		case g.count[incomplete] > before.count[incomplete]:
			score = 1
		}
		if score == 0 {
			return
		}
		if score < bestScore && g.spend(len(g.out[start:])/bytesPerStep) {
			bestScore, bestTally = score, g.argTally
			best = append(best[:0], g.out[start:]...)
		}
		g.out, g.argTally = g.out[:start], before
	}
	if g.stopped {
		g.null()
		return
	}
	if best == nil {
		g.problem(notGenerated, "each branch of a oneOf or anyOf requires a value of itself, without end")
		g.null()
		return
	}
	g.out, g.argTally = append(g.out, best...), bestTally
}

// schemaType is the type a value is generated as: the schema's type (the
// first that is not "null" of a list, or "null"), else the one its
// keywords imply, else "".
func (g *argGen) schemaType(f *flat) string {
	if t, ok := f.kw["type"]; ok {
		if s, ok := g.str(t); ok {
			return s
		}
		if g.x.nodes[t].kind == '[' && g.x.nodes[t].n > 0 {
			for _, m := range g.members(t) {
				if !g.spend(1) {
					break
				}
				if s, ok := g.str(m); ok && s != "null" {
					return s
				}
			}
			return "null"
		}
	}
	has := func(kws ...string) bool {
		for _, kw := range kws {
			if _, ok := f.kw[kw]; ok {
				return true
			}
		}
		return false
	}
	switch {
	case has("properties", "required", "additionalProperties", "patternProperties", "minProperties", "maxProperties", "propertyNames"):
		return "object"
	case has("items", "prefixItems", "minItems", "maxItems", "uniqueItems", "contains"):
		return "array"
	case has("minLength", "maxLength", "pattern", "format"):
		return "string"
	case has("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"):
		return "number"
	}
	return ""
}

// object generates the required properties, in the order of required, and
// optional ones (by name) up to minProperties.
func (g *argGen) object(f *flat, depth int) {
	names := f.required
	if len(names) > maxArgProperties {
		g.problem(notGenerated, fmt.Sprintf("%d required properties, over the limit of %d", len(names), maxArgProperties))
		names = names[:maxArgProperties]
	}
	minProps := g.intKeyword(f, "minProperties", 0)
	if minProps > maxArgProperties {
		g.problem(notGenerated, fmt.Sprintf("minProperties %d is over the limit of %d properties", minProps, maxArgProperties))
		minProps = maxArgProperties
	}
	if minProps > len(names) && g.spend(len(f.props)+len(names)) {
		have := make(map[string]bool, len(names))
		for _, name := range names {
			have[name] = true
		}
		var optional []string
		for name := range f.props {
			if !have[name] {
				optional = append(optional, name)
			}
		}
		slices.Sort(optional)
		names = slices.Clone(names)
		for _, name := range optional {
			if len(names) >= minProps {
				break
			}
			names = append(names, name)
		}
		if len(names) < minProps {
			g.problem(incomplete, fmt.Sprintf("minProperties %d, more than the properties the schema names", minProps))
		}
	}
	g.out = append(g.out, '{')
	for i, name := range names {
		if g.stopped {
			break
		}
		k, _ := json.Marshal(name)
		if i > 0 {
			k = append([]byte{','}, k...)
		}
		if !g.write(append(k, ':')) {
			break
		}
		schema, ok := f.props[name]
		if !ok {
			schema = g.otherProperty(f, name)
		}
		g.path = append(g.path, name)
		g.value(schema, depth+1)
		g.path = g.path[:len(g.path)-1]
	}
	g.out = append(g.out, '}')
}

// otherProperty is the schema of a property that properties does not name:
// the first patternProperties entry (by pattern) whose pattern matches it,
// else additionalProperties, else any value (-1).
func (g *argGen) otherProperty(f *flat, name string) int {
	if pp, ok := f.kw["patternProperties"]; ok && g.x.nodes[pp].kind == '{' {
		ms := g.members(pp)
		first := g.x.nodes[pp].first
		if !g.spend(len(ms)) {
			return -1
		}
		order := make([]int, len(ms))
		for i := range order {
			order[i] = i
		}
		slices.SortFunc(order, func(a, b int) int { return strings.Compare(g.x.keys[first+a], g.x.keys[first+b]) })
		for _, i := range order {
			if re := g.regexp(g.x.keys[first+i]); re != nil && g.matches(re, name) {
				return ms[i]
			}
		}
	}
	if a, ok := f.kw["additionalProperties"]; ok {
		if g.x.nodes[a].kind == 'f' {
			g.problem(notGenerated, "a required property that additionalProperties false forbids")
			return -1
		}
		return a
	}
	return -1
}

// regexp compiles a pattern once; nil for one Go cannot compile.
func (g *argGen) regexp(pattern string) *regexp.Regexp {
	if re, ok := g.regexps[pattern]; ok {
		return re
	}
	g.spend(1 + len(pattern)/64)
	re, err := regexp.Compile(pattern)
	if err != nil {
		re = nil
	}
	g.regexps[pattern] = re
	return re
}

// maxMatchWork bounds the product of a pattern's and a string's lengths
// that a match is tried on (a match takes time in proportion to it).
const maxMatchWork = 1 << 22

// matches matches a string against a pattern, unless that would take long:
// then it reports false.
func (g *argGen) matches(re *regexp.Regexp, s string) bool {
	work := len(re.String()) * len(s)
	if work > maxMatchWork || !g.spend(1+work/bytesPerStep) {
		return false
	}
	return re.MatchString(s)
}

// array generates minItems items: prefixItems (or the draft-04 items list)
// first, then items (or additionalItems). The items after the prefix are
// all of one schema, so the first is made and copied (unless it could not
// be made: then the array ends there).
func (g *argGen) array(f *flat, depth int) {
	count := g.intKeyword(f, "minItems", 0)
	if count > maxArgItems {
		g.problem(notGenerated, fmt.Sprintf("minItems %d is over the limit of %d items", count, maxArgItems))
		count = maxArgItems
	}
	var prefix []int
	rest := -1
	if p, ok := f.kw["prefixItems"]; ok {
		if g.x.nodes[p].kind == '[' {
			prefix = g.members(p)
		} else {
			g.problem(incomplete, "prefixItems is not a list (ignored)")
		}
	}
	if it, ok := f.kw["items"]; ok {
		if g.x.nodes[it].kind == '[' {
			prefix = g.members(it)
			if ai, ok := f.kw["additionalItems"]; ok {
				rest = ai
			}
		} else {
			rest = it
		}
	}
	unique := false
	if u, ok := f.kw["uniqueItems"]; ok {
		unique = g.x.nodes[u].kind == 't'
	}
	var seen map[string]bool
	if unique {
		seen = map[string]bool{}
	}
	restStart, restEnd := -1, -1
	g.out = append(g.out, '[')
	for i := 0; i < count; i++ {
		if g.stopped || i > 0 && !g.write([]byte{','}) {
			break
		}
		start := len(g.out)
		switch {
		case i >= len(prefix) && restStart >= 0:
			if !g.write(g.out[restStart:restEnd]) {
				g.null()
			}
		default:
			schema := rest
			if i < len(prefix) {
				schema = prefix[i]
			}
			failures := g.count[notGenerated]
			g.path = append(g.path, strconv.Itoa(i))
			g.value(schema, depth+1)
			g.path = g.path[:len(g.path)-1]
			if i == len(prefix) {
				if g.count[notGenerated] > failures {
					count = i + 1 // copies would fail the same way
				}
				restStart, restEnd = start, len(g.out)
			}
		}
		if unique {
			v := string(g.out[start:])
			if seen[v] {
				g.path = append(g.path, strconv.Itoa(i))
				g.problem(incomplete, "uniqueItems, and the items made are the same")
				g.path = g.path[:len(g.path)-1]
				unique = false
			}
			seen[v] = true
		}
	}
	g.out = append(g.out, ']')
}

// formatSamples are valid values of the common string formats.
var formatSamples = map[string]string{
	"uri":                   "https://example.com",
	"iri":                   "https://example.com",
	"url":                   "https://example.com",
	"uri-reference":         "https://example.com",
	"iri-reference":         "https://example.com",
	"uri-template":          "https://example.com",
	"email":                 "user@example.com",
	"idn-email":             "user@example.com",
	"date-time":             "2025-01-01T00:00:00Z",
	"date":                  "2025-01-01",
	"time":                  "00:00:00Z",
	"duration":              "P1D",
	"uuid":                  "00000000-0000-4000-8000-000000000000",
	"hostname":              "example.com",
	"idn-hostname":          "example.com",
	"ipv4":                  "127.0.0.1",
	"ipv6":                  "::1",
	"json-pointer":          "/a",
	"relative-json-pointer": "0",
	"regex":                 "a",
}

// string generates minLength "a"s (at least one, at most maxLength), or a
// sample of the format, lengthened to minLength where the format allows.
func (g *argGen) string(f *flat) {
	minLen := g.intKeyword(f, "minLength", 0)
	maxLen := g.intKeyword(f, "maxLength", -1)
	if minLen > maxArgStringLength {
		g.problem(notGenerated, fmt.Sprintf("minLength %d is over the limit of %d characters", minLen, maxArgStringLength))
		minLen = maxArgStringLength
	}
	if maxLen >= 0 && minLen > maxLen {
		g.problem(notGenerated, "minLength is above maxLength: no string is valid there")
	}
	var format string
	if fm, ok := f.kw["format"]; ok {
		format, _ = g.str(fm)
	}
	s, ok := formatSamples[format]
	switch {
	case !ok:
		l := max(minLen, 1)
		if maxLen >= 0 && l > maxLen {
			l = maxLen
		}
		s = strings.Repeat("a", l)
	case utf8.RuneCountInString(s) < minLen:
		short := minLen - utf8.RuneCountInString(s)
		switch {
		case strings.HasPrefix(s, "https://"):
			s += "/" + strings.Repeat("a", max(short-1, 0))
		case strings.Contains(s, "@"):
			s = strings.Repeat("a", short) + s
		default:
			g.problem(incomplete, "a "+format+" of minLength, which is not made")
		}
	}
	if maxLen >= 0 && minLen <= maxLen && utf8.RuneCountInString(s) > maxLen {
		g.problem(incomplete, "a "+format+" of at most maxLength, which is not made")
	}
	if p, ok := f.kw["pattern"]; ok {
		if pattern, ok := g.str(p); ok {
			if re := g.regexp(pattern); re == nil || !g.matches(re, s) {
				g.problem(incomplete, "a string that does not match the pattern")
			}
		}
	}
	b, _ := json.Marshal(s)
	g.writeValue(b)
}

// number generates the value closest to 0 (0 itself when it is allowed)
// within the bounds, a multiple of multipleOf, an integer for integer.
func (g *argGen) number(f *flat, integer bool) {
	lo, hasLo, loExcl := g.bound(f, "minimum", "exclusiveMinimum")
	hi, hasHi, hiExcl := g.bound(f, "maximum", "exclusiveMaximum")
	if hasLo && hasHi && (lo > hi || lo == hi && (loExcl || hiExcl)) {
		g.problem(notGenerated, "the minimum is above the maximum: no number is valid there")
	}
	step := 0.0
	if m, ok := g.floatKeyword(f, "multipleOf"); ok && m > 0 {
		step = m
	}
	if integer {
		switch {
		case step == 0:
			step = 1
		case step != math.Trunc(step):
			// An integer multiple of a fraction: the fraction's smallest
			// integer multiple, when it is a short one.
			found := false
			for k := 2.0; k <= 1000; k++ {
				if v := step * k; math.Abs(v-math.Round(v)) < 1e-9 {
					step, found = math.Round(v), true
					break
				}
			}
			if !found {
				g.problem(incomplete, "an integer multiple of a fraction, which is not made")
				step = 1
			}
		}
	}
	ok := func(v float64) bool {
		if hasLo && (v < lo || loExcl && v <= lo) {
			return false
		}
		if hasHi && (v > hi || hiExcl && v >= hi) {
			return false
		}
		return true
	}
	v := 0.0
	if !ok(v) {
		if hasLo && (lo > 0 || loExcl && lo >= 0) {
			v = edge(lo, step, loExcl, 1)
			if step == 0 && loExcl && hasHi && v >= hi {
				v = lo + (hi-lo)/2
			}
		} else {
			v = edge(hi, step, hiExcl, -1)
			if step == 0 && hiExcl && hasLo && v <= lo {
				v = lo + (hi-lo)/2
			}
		}
	}
	if !ok(v) || math.IsInf(v, 0) || math.IsNaN(v) {
		g.problem(incomplete, "a number within the bounds and multipleOf, which is not made")
	}
	if integer && math.Abs(v) < 1<<53 {
		g.writeValue(strconv.AppendInt(nil, int64(v), 10))
		return
	}
	b, err := json.Marshal(v)
	if err != nil {
		b = []byte(`0`)
	}
	g.writeValue(b)
}

// edge is the allowed value nearest to a bound b on its allowed side (dir 1
// above a lower bound, -1 below an upper one): b itself when it is allowed
// (inclusive, and a multiple of step), else the next multiple of step, else
// (no step) one past it.
func edge(b, step float64, exclusive bool, dir float64) float64 {
	if step == 0 {
		if exclusive {
			return b + dir
		}
		return b
	}
	q := b / step
	if r := math.Round(q); math.Abs(r-q) < 1e-9 {
		if !exclusive {
			return b // exactly, without the rounding of r*step
		}
		return (r + dir) * step
	}
	if dir > 0 {
		return math.Ceil(q) * step
	}
	return math.Floor(q) * step
}

// bound reads a lower or upper bound: the inclusive keyword, and the
// exclusive one as a number (2019-09 on) or as a boolean on the inclusive
// one (draft-04). Of two bounds, the tighter wins.
func (g *argGen) bound(f *flat, inclusive, exclusive string) (v float64, ok, excl bool) {
	v, ok = g.floatKeyword(f, inclusive)
	if e, has := f.kw[exclusive]; has {
		switch g.x.nodes[e].kind {
		case 't':
			excl = ok
			return v, ok, excl
		case 'f':
			return v, ok, false
		}
		if x, isNum := g.floatKeyword(f, exclusive); isNum {
			lower := inclusive == "minimum"
			if !ok || lower && x >= v || !lower && x <= v {
				return x, true, true
			}
		}
	}
	return v, ok, excl
}

// floatKeyword reads a keyword whose value is a number (one beyond the
// range of a float64 is none).
func (g *argGen) floatKeyword(f *flat, kw string) (float64, bool) {
	n, ok := f.kw[kw]
	if !ok || g.x.nodes[n].kind != '0' {
		return 0, false
	}
	v, err := strconv.ParseFloat(string(g.raw(n)), 64)
	return v, err == nil
}

// intKeyword reads a keyword whose value is a count: a non-negative
// integer, as much as math.MaxInt32 for any larger one; def for none.
func (g *argGen) intKeyword(f *flat, kw string, def int) int {
	v, ok := g.floatKeyword(f, kw)
	if !ok {
		if n, has := f.kw[kw]; has && g.x.nodes[n].kind == '0' && g.raw(n)[0] != '-' {
			return math.MaxInt32 // beyond a float64
		}
		return def
	}
	if v < 0 || v != math.Trunc(v) {
		return def
	}
	return int(min(v, math.MaxInt32))
}
