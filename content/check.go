package content

import (
	"encoding/base64"
	"hash/maphash"
	"math"
	"slices"
	"strconv"
	"unicode/utf8"
)

// Canonicalization is how free-form values (structured content and _meta
// values) that are not plain JSON are treated.
type Canonicalization uint8

const (
	// Strict keeps plain JSON values and rejects everything else.
	Strict Canonicalization = iota
	// JSON converts what a JSON encoder would: bytes to base64, timestamps to
	// RFC 3339 strings, integer and boolean map keys to strings, Go structs
	// and json.Marshalers through encoding/json.
	JSON
)

// String returns "strict" or "json" ("invalid" for any other value, which
// every check rejects as invalid_option).
func (m Canonicalization) String() string {
	switch m {
	case Strict:
		return "strict"
	case JSON:
		return "json"
	}
	return "invalid"
}

// MaxDepth is the deepest nesting of objects and arrays a result may have,
// the result object itself being level 1.
const MaxDepth = 64

// CheckOptions configure a [Checker].
type CheckOptions struct {
	// Mode is how free-form values that are not plain JSON are treated.
	Mode Canonicalization
	// MaxNodes bounds the JSON values of free-form values the check walks
	// (0: no bound), so that a huge or shared Go value stops early
	// (max_nodes).
	MaxNodes int
	// MaxBytes, when not 0, is the byte budget of the result: n JSON values
	// take at least 2n-1 bytes, so more than (MaxBytes+1)/2 of them cannot
	// fit, and the check stops there too (max_bytes).
	MaxBytes int
	// MaxDepth is the deepest level a free-form value may reach; 0 is
	// [MaxDepth]. An ordinary value, which appears in a result only as JSON
	// text, is bounded by [MaxParseDepth] instead.
	MaxDepth int
	// MaxErrors is how many errors are collected before the check stops: 1
	// (or 0) stops at the first, as a build does; validate collects more.
	MaxErrors int
	// Lenient reads a result as validate does: a field that no revision
	// defines (unknown_field) and an empty mimeType (invalid_mime_type) are
	// warnings, since the official schemas accept them and clients ignore
	// them.
	Lenient bool
	// Revision, when not nil, says which of the fields this package knows
	// the target protocol revision defines: a field it does not define is a
	// field_not_in_revision warning and is not checked further, a block type
	// it does not define is unsupported_content_type. Nil checks against
	// every field, as a build does.
	Revision Revision
}

// Revision says which fields a protocol revision defines (package result
// holds the table of every revision).
type Revision interface {
	// Defines reports whether the revision defines field on object. object
	// is a block type ("text", "image", "audio", "resource_link",
	// "resource"), "contents", "annotations" or "icon"; field "" asks about
	// the block type itself.
	Defines(object, field string) bool
}

// Checker carries one check of a request or a result: its options, the node
// count, the path to the place being checked, and the errors and warnings
// found so far. Package result drives it over a whole request; most programs
// never use it directly. Its state is private: it changes only through the
// check itself.
type Checker struct {
	opts  CheckOptions
	nodes int
	cap   int             // the node bound: MaxNodes or what MaxBytes allows (0: none)
	capBy Code            // max_nodes or max_bytes, whichever set cap
	at    map[string]bool // paths with an error, when collecting several
	path  path
	errs  []*Error
	warns []*Error
	halt  bool
}

// NewChecker returns a Checker with the given options.
//
//go:noinline
func NewChecker(o CheckOptions) *Checker {
	c := new(Checker)
	c.Reset(o)
	return c
}

// Reset makes c a new Checker with the given options, as NewChecker does,
// in place: a Checker held by value (in a builder's own struct) then costs
// no allocation.
//
//go:noinline
func (c *Checker) Reset(o CheckOptions) {
	if o.MaxErrors < 1 {
		o.MaxErrors = 1
	}
	if o.MaxDepth < 1 {
		o.MaxDepth = MaxDepth
	}
	*c = Checker{opts: o, cap: o.MaxNodes, capBy: CodeMaxNodes}
	if byBytes := (o.MaxBytes + 1) / 2; o.MaxBytes > 0 && (c.cap == 0 || byBytes < c.cap) {
		c.cap, c.capBy = byBytes, CodeMaxBytes
	}
}

// Mode returns the canonicalization mode of the check.
func (c *Checker) Mode() Canonicalization { return c.opts.Mode }

// Key pushes an object key onto the current path.
//
//go:noinline
func (c *Checker) Key(k string) { c.path.Key(k) }

// Index pushes an array index onto the current path.
func (c *Checker) Index(i int) { c.path.Index(i) }

// Pop removes the last step of the current path.
//
//go:noinline
func (c *Checker) Pop() { c.path.Pop() }

// Path returns the current path as a JSON Pointer.
func (c *Checker) Path() string { return pathText(&c.path) }

// Fail records an error at the current path. It reports whether the check
// must stop (the error limit is reached).
func (c *Checker) Fail(code Code, msg string) bool {
	return c.FailAt(code, pathText(&c.path), msg)
}

// FailAt records an error at the given path.
func (c *Checker) FailAt(code Code, path, msg string) bool {
	if c.halt {
		return true
	}
	if c.opts.MaxErrors > 1 {
		// A place gets one finding: a second one at the same path is
		// dropped, and does not use up the error limit.
		if c.at == nil {
			c.at = map[string]bool{}
		}
		p := capPath(path)
		if c.at[p] {
			return false
		}
		c.at[p] = true
	}
	c.errs = append(c.errs, NewError(code, path, msg))
	if len(c.errs) >= c.opts.MaxErrors {
		c.halt = true
	}
	return c.halt
}

// Warn records a warning at the current path (at most MaxErrors of them).
func (c *Checker) Warn(code Code, msg string) {
	if len(c.warns) < c.opts.MaxErrors && !c.at[pathText(&c.path)] {
		c.warns = append(c.warns, NewError(code, pathText(&c.path), msg))
	}
}

// Halted reports whether the check has stopped.
func (c *Checker) Halted() bool { return c.halt }

// Errors returns the errors recorded so far.
func (c *Checker) Errors() []*Error { return c.errs }

// Warnings returns the warnings recorded so far.
func (c *Checker) Warnings() []*Error { return c.warns }

// Err returns the first error, or nil.
//
//go:noinline
func (c *Checker) Err() error {
	if len(c.errs) == 0 {
		return nil
	}
	return c.errs[0]
}

// failBudget records a budget error (always at the path "", since it is
// about the whole result) and stops the check.
func (c *Checker) failBudget(code Code, msg string) {
	c.FailAt(code, "", msg)
	c.halt = true
}

// countNode counts one value against the node budget.
func (c *Checker) countNode() bool { return c.room(1) }

// room counts n values against the node budget; when they do not fit, the
// check stops (before a caller converts or allocates them).
func (c *Checker) room(n int) bool {
	c.nodes += n
	if c.cap > 0 && c.nodes > c.cap {
		if c.capBy == CodeMaxBytes {
			c.failBudget(CodeMaxBytes, msgMaxBytes(c.opts.MaxBytes))
		} else {
			c.failBudget(CodeMaxNodes, msgMaxNodes(c.opts.MaxNodes))
		}
		return false
	}
	return true
}

// left returns how many more values the node budget allows.
func (c *Checker) left() int {
	if c.cap == 0 {
		return math.MaxInt
	}
	return max(c.cap-c.nodes, 0)
}

// tooDeep reports (and records) a container at a level beyond the limit.
func (c *Checker) tooDeep(depth int) bool {
	if depth > c.opts.MaxDepth {
		c.failBudget(CodeMaxDepth, msgMaxDepth(c.opts.MaxDepth))
		return true
	}
	return false
}

// String checks that v is a string of valid UTF-8 and returns it.
func (c *Checker) String(v Value) (string, bool) {
	v, ok := c.Resolve(v)
	if !ok {
		return "", false
	}
	if v.kind != KindString {
		c.Fail(CodeInvalidType, "must be a string")
		return "", false
	}
	if !utf8.ValidString(v.str()) {
		c.Fail(CodeInvalidUTF8, "string is not valid UTF-8")
		return "", false
	}
	return v.str(), true
}

// Resolve converts a Go value (KindGo) at a declared place (an option, a
// block field) to a Value, one level deep; any other value is returned as it
// is. A Go value with no JSON form in the checker's mode is reported as
// unsupported_value, and ok is false.
func (c *Checker) Resolve(v Value) (out Value, ok bool) {
	if v.kind != KindGo {
		return v, true
	}
	out, msg := c.fromGo(v.goValue())
	if msg != "" {
		c.Fail(CodeUnsupportedValue, msg)
		return v, false
	}
	return out, true
}

// Free checks and canonicalizes a free-form value (structured content, a
// _meta value) that sits at the given depth of the result. It returns the
// value as plain JSON; on an error the returned value must not be used.
func (c *Checker) Free(v Value, depth int) Value {
	out, _ := c.free(v, depth)
	return out
}

// free returns the canonical value and whether it differs from v.
func (c *Checker) free(v Value, depth int) (Value, bool) {
	if c.halt || !c.countNode() {
		return v, false
	}
	switch v.kind {
	case KindNull, KindBool, KindInt, KindUint:
		return v, false
	case KindFloat:
		if f := v.Float(); math.IsNaN(f) || math.IsInf(f, 0) {
			c.Fail(CodeNonFiniteNumber, "NaN and infinities are not JSON numbers")
		}
		return v, false
	case KindString:
		if !utf8.ValidString(v.str()) {
			c.Fail(CodeInvalidUTF8, "string is not valid UTF-8")
		}
		return v, false
	case KindBytes:
		if c.opts.Mode != JSON {
			c.Fail(CodeUnsupportedValue, "binary data is not a JSON value (canonicalization \"json\" writes it as base64)")
			return v, false
		}
		return NewString(base64.StdEncoding.EncodeToString([]byte(v.str()))), true
	case KindTime:
		if c.opts.Mode != JSON {
			c.Fail(CodeUnsupportedValue, "a timestamp is not a JSON value (canonicalization \"json\" writes it as an RFC 3339 string)")
			return v, false
		}
		sec, nsec := v.Time()
		s, ok := formatJSTime(sec, nsec)
		if !ok {
			c.Fail(CodeUnsupportedValue, "timestamp is outside the range of a JavaScript Date")
			return v, false
		}
		return NewString(s), true
	case KindExt:
		c.Fail(CodeUnsupportedValue, "MessagePack extension types other than timestamps are not supported")
		return v, false
	case KindGo:
		conv, msg := c.fromGo(v.goValue())
		if msg != "" {
			c.Fail(CodeUnsupportedValue, msg)
			return v, false
		}
		c.nodes-- // the converted value counts, not its wrapper
		out, _ := c.free(conv, depth)
		return out, true
	case KindArray:
		if c.tooDeep(depth) {
			return v, false
		}
		var out []Value
		packed, viewed := v.isPacked(), false
		for i := range v.items() {
			c.path.Index(i)
			ne, changed := c.free(v.item(i), depth+1)
			c.path.Pop()
			if c.halt {
				return v, false
			}
			switch {
			case !changed:
			case packed:
				viewed = true // a packed array is read through its JSON view
			case out == nil:
				out = make([]Value, v.items())
				copy(out, v.elems())
			}
			if out != nil {
				out[i] = ne
			}
		}
		if viewed {
			return v.jsonView(), true
		}
		if out != nil {
			return ofItems(KindArray, out), true
		}
		return v, false
	case KindObject:
		if c.tooDeep(depth) {
			return v, false
		}
		var out []Value
		n := v.items() / 2
		packed, viewed := v.isPacked(), false
		var seen map[string]struct{}
		var dups []uint64 // a packed object's repeated keys, found at once
		switch {
		case packed && n > 1024:
			dups = c.repeatedKeys(v)
		case n > 8:
			// sized for the keys it will hold, not for a count a request
			// declares: keys that fail hold no place in it
			seen = make(map[string]struct{}, min(n, 1024))
		}
		keyFailed := false // the object's place has its finding about a key
		for i := 0; i < n; i++ {
			k := v.item(2 * i)
			nk, kchanged, ok := c.key(k, !keyFailed)
			if !ok {
				if c.halt {
					return v, false
				}
				keyFailed = true
				continue
			}
			var dup bool
			if dups != nil {
				dup = dups[i/64]&(1<<(i%64)) != 0
			} else {
				dup = c.duplicate(v, out, i, nk.str(), seen)
			}
			if dup {
				c.path.Key(nk.str())
				stop := c.Fail(CodeDuplicateKey, "duplicate key")
				c.path.Pop()
				if stop {
					return v, false
				}
				continue
			}
			c.path.Key(nk.str())
			nv, vchanged := c.free(v.item(2*i+1), depth+1)
			c.path.Pop()
			if c.halt {
				return v, false
			}
			switch {
			case !kchanged && !vchanged:
			case packed:
				viewed = true // a packed object is read through its JSON view
			case out == nil:
				out = make([]Value, v.items())
				copy(out, v.elems())
			}
			if out != nil {
				out[2*i], out[2*i+1] = nk, nv
			}
		}
		if viewed {
			return v.jsonView(), true
		}
		if out != nil {
			return ofItems(KindObject, out), true
		}
		return v, false
	}
	c.Fail(CodeUnsupportedValue, "value has no JSON form")
	return v, false
}

// key checks an object key of a free-form value and converts it in JSON
// mode. A key that fails is reported (at the object's place) when report is
// set: an object of a million bad keys makes one finding, and one path.
func (c *Checker) key(k Value, report bool) (Value, bool, bool) {
	fail := func(code Code, msg string) {
		if report {
			c.Fail(code, msg)
		}
	}
	switch k.kind {
	case KindString:
		if !utf8.ValidString(k.str()) {
			fail(CodeInvalidUTF8, "object key is not valid UTF-8")
			return k, false, false
		}
		return k, false, true
	case KindInt, KindUint, KindBool:
		if c.opts.Mode == JSON {
			var s string
			switch k.kind {
			case KindInt:
				s = strconv.FormatInt(k.Int(), 10)
			case KindUint:
				s = strconv.FormatUint(k.n, 10)
			default:
				s = strconv.FormatBool(k.Bool())
			}
			return NewString(s), true, true
		}
		fail(CodeInvalidMapKey, "object keys must be strings (canonicalization \"json\" converts integer and boolean keys)")
		return k, false, false
	case KindGo:
		if s, ok := k.goValue().(string); ok {
			nk, _, ok := c.key(NewString(s), report)
			return nk, true, ok // changed: the writer needs the plain string
		}
	}
	fail(CodeInvalidMapKey, "object keys must be strings")
	return k, false, false
}

// duplicate reports whether the (converted) key of member i was seen among
// members 0..i-1. out, when not nil, holds converted keys.
func (c *Checker) duplicate(v Value, out []Value, i int, k string, seen map[string]struct{}) bool {
	if seen != nil {
		if _, dup := seen[k]; dup {
			return true
		}
		seen[k] = struct{}{}
		return false
	}
	for j := 0; j < i; j++ {
		pk := v.item(2 * j)
		if out != nil {
			pk = out[2*j]
		}
		if pk.kind == KindString && pk.str() == k {
			return true
		}
		if c.opts.Mode == JSON && pk.kind != KindString {
			if ck, _, ok := NewChecker(CheckOptions{Mode: JSON}).key(pk, false); ok && ck.str() == k {
				return true
			}
		}
	}
	return false
}

// MetaKeys says which reserved _meta keys a place accepts.
type MetaKeys struct {
	// Owned keys belong to the protocol: given by a caller they are
	// protocol_owned_field (the serializer adds them).
	Owned []string
	// Allowed keys have a reserved prefix but are defined by MCP for this
	// place, so they are accepted.
	Allowed []string
}

// Allows reports whether key is one of the allowed reserved keys.
func (k MetaKeys) Allows(key string) bool { return slices.Contains(k.Allowed, key) }

// Meta checks a _meta object at the given depth and returns it canonical.
// Every key must follow the MCP key syntax; a key with a reserved prefix is
// rejected unless keys allows it. An empty object is returned as such;
// writers omit an empty _meta.
func (c *Checker) Meta(v Value, depth int, keys MetaKeys) Value {
	v, ok := c.Resolve(v)
	if !ok {
		return v
	}
	if v.kind != KindObject {
		c.Fail(CodeInvalidType, "_meta must be an object")
		return v
	}
	out := c.Free(v, depth)
	if c.halt {
		return out
	}
	for i := 0; i < out.Len(); i++ {
		k2 := out.item(2 * i)
		if k2.kind != KindString {
			continue // reported by Free
		}
		k := k2.str()
		ok, reserved := checkMetaKey(k)
		c.path.Key(k)
		stop := false
		switch {
		case slices.Contains(keys.Owned, k):
			stop = c.Fail(CodeProtocolOwnedField, "this _meta key is added by the server when the result is serialized, never by the caller")
		case !ok:
			stop = c.Fail(CodeInvalidMetaKey, "not a valid _meta key (optional prefix of dot-separated labels and \"/\", then a name of letters, digits, \"-\", \"_\" and \".\")")
		case reserved && !slices.Contains(keys.Allowed, k):
			stop = c.Fail(CodeReservedMetaKey, "keys with a second prefix label of \"modelcontextprotocol\" or \"mcp\" are reserved for MCP")
		}
		c.path.Pop()
		if stop {
			return out
		}
	}
	return out
}

// formatJSTime writes a timestamp as JavaScript's Date.prototype.toJSON
// does: UTC, milliseconds (truncated toward zero, as a Date holds them),
// "Z", and six-digit signed years outside 0000..9999. It reports false for a
// time outside a Date's range (±8.64e15 ms).
func formatJSTime(sec int64, nsec int32) (string, bool) {
	const maxMs = 8_640_000_000_000_000
	if sec > maxMs/1000+1 || sec < -maxMs/1000-1 || nsec < 0 || nsec > 999_999_999 {
		return "", false
	}
	ms := sec*1000 + int64(nsec)/1_000_000
	if ms < 0 && nsec%1_000_000 != 0 {
		ms++ // toward zero
	}
	if ms > maxMs || ms < -maxMs {
		return "", false
	}
	days := ms / 86_400_000
	rem := ms % 86_400_000
	if rem < 0 {
		rem += 86_400_000
		days--
	}
	y, m, d := civil(days)
	b := make([]byte, 0, 30)
	switch {
	case y < 0:
		b = append(b, '-')
		b = pad(b, -y, 6)
	case y > 9999:
		b = append(b, '+')
		b = pad(b, y, 6)
	default:
		b = pad(b, y, 4)
	}
	b = append(b, '-')
	b = pad(b, m, 2)
	b = append(b, '-')
	b = pad(b, d, 2)
	b = append(b, 'T')
	b = pad(b, rem/3_600_000, 2)
	b = append(b, ':')
	b = pad(b, rem/60_000%60, 2)
	b = append(b, ':')
	b = pad(b, rem/1000%60, 2)
	b = append(b, '.')
	b = pad(b, rem%1000, 3)
	b = append(b, 'Z')
	return string(b), true
}

func pad(b []byte, n int64, width int) []byte {
	s := strconv.FormatInt(n, 10)
	for i := len(s); i < width; i++ {
		b = append(b, '0')
	}
	return append(b, s...)
}

// civil converts days since 1970-01-01 to a proleptic Gregorian date
// (Howard Hinnant's days_from_civil inverse).
func civil(days int64) (y, m, d int64) {
	z := days + 719468
	era := z / 146097
	if z < 0 && z%146097 != 0 {
		era--
	}
	doe := z - era*146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	y = yoe + era*400
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	d = doy - (153*mp+2)/5 + 1
	if mp < 10 {
		m = mp + 3
	} else {
		m = mp - 9
	}
	if m <= 2 {
		y++
	}
	return y, m, d
}

// repeatedKeys marks, in a bit set, the members of a packed object whose
// key (as key converts it) repeats an earlier member's; a key that key
// refuses is not marked and takes no place. It finds them with an
// open-addressed table of member numbers, at most 16 bytes a member, where
// a map of strings costs several times that; the hash is seeded per table,
// so that no request can choose keys that collide.
func (c *Checker) repeatedKeys(v Value) []uint64 {
	n := v.items() / 2
	dups := make([]uint64, (n+63)/64)
	size := 1
	for size < 2*n {
		size <<= 1
	}
	table := make([]uint32, size) // a member's number plus one; 0: free
	seed := maphash.MakeSeed()
	for i := 0; i < n; i++ {
		k, _, ok := c.key(v.item(2*i), false)
		if !ok {
			continue
		}
		s := k.str()
		for h := int(maphash.String(seed, s)) & (size - 1); ; h = (h + 1) & (size - 1) {
			j := int(table[h])
			if j == 0 {
				table[h] = uint32(i + 1)
				break
			}
			if pk, _, _ := c.key(v.item(2*(j-1)), false); pk.str() == s {
				dups[i/64] |= 1 << (i % 64)
				break
			}
		}
	}
	return dups
}
