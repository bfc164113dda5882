package engine

import (
	"encoding/base64"
	"hash/maphash"
	"math"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/contentlink"
	"github.com/mcpresult/mcpresult/internal/jstime"
)

// CheckOptions configure a [Checker].
type CheckOptions struct {
	// Mode is how free-form values that are not plain JSON are treated.
	Mode content.Canonicalization
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

// Revision says which fields a protocol revision defines (internal/revision
// holds the table of every revision; revision.Revision is one).
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
	capBy content.Code    // max_nodes or max_bytes, whichever set cap
	at    map[string]bool // paths with an error, when collecting several
	path  path
	errs  []*content.Error
	warns []*content.Error
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
	*c = Checker{opts: o, cap: o.MaxNodes, capBy: content.CodeMaxNodes}
	if byBytes := (o.MaxBytes + 1) / 2; o.MaxBytes > 0 && (c.cap == 0 || byBytes < c.cap) {
		c.cap, c.capBy = byBytes, content.CodeMaxBytes
	}
}

// Mode returns the canonicalization mode of the check.
func (c *Checker) Mode() content.Canonicalization { return c.opts.Mode }

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
func (c *Checker) Fail(code content.Code, msg string) bool {
	return c.FailAt(code, pathText(&c.path), msg)
}

// FailAt records an error at the given path.
func (c *Checker) FailAt(code content.Code, path, msg string) bool {
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
	c.errs = append(c.errs, content.NewError(code, path, msg))
	if len(c.errs) >= c.opts.MaxErrors {
		c.halt = true
	}
	return c.halt
}

// Warn records a warning at the current path (at most MaxErrors of them).
func (c *Checker) Warn(code content.Code, msg string) {
	if len(c.warns) < c.opts.MaxErrors && !c.at[pathText(&c.path)] {
		c.warns = append(c.warns, content.NewError(code, pathText(&c.path), msg))
	}
}

// Halted reports whether the check has stopped.
func (c *Checker) Halted() bool { return c.halt }

// Errors returns the errors recorded so far.
func (c *Checker) Errors() []*content.Error { return c.errs }

// Warnings returns the warnings recorded so far.
func (c *Checker) Warnings() []*content.Error { return c.warns }

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
func (c *Checker) failBudget(code content.Code, msg string) {
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
		if c.capBy == content.CodeMaxBytes {
			c.failBudget(content.CodeMaxBytes, msgMaxBytes(c.opts.MaxBytes))
		} else {
			c.failBudget(content.CodeMaxNodes, msgMaxNodes(c.opts.MaxNodes))
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
		c.failBudget(content.CodeMaxDepth, msgMaxDepth(c.opts.MaxDepth))
		return true
	}
	return false
}

// String checks that v is a string of valid UTF-8 and returns it.
func (c *Checker) String(v content.Value) (string, bool) {
	v, ok := c.Resolve(v)
	if !ok {
		return "", false
	}
	if v.Kind() != content.KindString {
		c.Fail(content.CodeInvalidType, "must be a string")
		return "", false
	}
	if !utf8.ValidString(v.Str()) {
		c.Fail(content.CodeInvalidUTF8, "string is not valid UTF-8")
		return "", false
	}
	return v.Str(), true
}

// Resolve converts a Go value (KindGo) at a declared place (an option, a
// block field) to a Value, one level deep; any other value is returned as it
// is. A Go value with no JSON form in the checker's mode is reported as
// unsupported_value, and ok is false.
func (c *Checker) Resolve(v content.Value) (out content.Value, ok bool) {
	if v.Kind() != content.KindGo {
		return v, true
	}
	out, msg := c.fromGo(v.Go())
	if msg != "" {
		c.Fail(content.CodeUnsupportedValue, msg)
		return v, false
	}
	return out, true
}

// Free checks and canonicalizes a free-form value (structured content, a
// _meta value) that sits at the given depth of the result. It returns the
// value as plain JSON; on an error the returned value must not be used.
func (c *Checker) Free(v content.Value, depth int) content.Value {
	out, _ := c.free(v, depth)
	return out
}

// free returns the canonical value and whether it differs from v.
func (c *Checker) free(v content.Value, depth int) (content.Value, bool) {
	if c.halt || !c.countNode() {
		return v, false
	}
	switch v.Kind() {
	case content.KindNull, content.KindBool, content.KindInt, content.KindUint:
		return v, false
	case content.KindFloat:
		if f := v.Float(); math.IsNaN(f) || math.IsInf(f, 0) {
			c.Fail(content.CodeNonFiniteNumber, "NaN and infinities are not JSON numbers")
		}
		return v, false
	case content.KindString:
		if !utf8.ValidString(v.Str()) {
			c.Fail(content.CodeInvalidUTF8, "string is not valid UTF-8")
		}
		return v, false
	case content.KindBytes:
		if c.opts.Mode != content.JSON {
			c.Fail(content.CodeUnsupportedValue, "binary data is not a JSON value (canonicalization \"json\" writes it as base64)")
			return v, false
		}
		return content.NewString(base64.StdEncoding.EncodeToString([]byte(v.Str()))), true
	case content.KindTime:
		if c.opts.Mode != content.JSON {
			c.Fail(content.CodeUnsupportedValue, "a timestamp is not a JSON value (canonicalization \"json\" writes it as an RFC 3339 string)")
			return v, false
		}
		sec, nsec := v.Time()
		s, ok := jstime.Format(sec, nsec)
		if !ok {
			c.Fail(content.CodeUnsupportedValue, "timestamp is outside the range of a JavaScript Date")
			return v, false
		}
		return content.NewString(s), true
	case kindExt:
		c.Fail(content.CodeUnsupportedValue, "MessagePack extension types other than timestamps are not supported")
		return v, false
	case content.KindGo:
		conv, msg := c.fromGo(v.Go())
		if msg != "" {
			c.Fail(content.CodeUnsupportedValue, msg)
			return v, false
		}
		c.nodes-- // the converted value counts, not its wrapper
		out, _ := c.free(conv, depth)
		return out, true
	case content.KindArray:
		if c.tooDeep(depth) {
			return v, false
		}
		var out []content.Value
		packed, viewed := isPacked(v), false
		for i := range itemCount(v) {
			c.path.Index(i)
			ne, changed := c.free(v.Index(i), depth+1)
			c.path.Pop()
			if c.halt {
				return v, false
			}
			switch {
			case !changed:
			case packed:
				viewed = true // a packed array is read through its JSON view
			case out == nil:
				out = allItems(v)
			}
			if out != nil {
				out[i] = ne
			}
		}
		if viewed {
			return jsonView(v), true
		}
		if out != nil {
			return content.NewArray(out...), true
		}
		return v, false
	case content.KindObject:
		if c.tooDeep(depth) {
			return v, false
		}
		var out []content.Value
		n := itemCount(v) / 2
		packed, viewed := isPacked(v), false
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
			k := v.Index(2 * i)
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
				dup = c.duplicate(v, out, i, nk.Str(), seen)
			}
			if dup {
				c.path.Key(nk.Str())
				stop := c.Fail(content.CodeDuplicateKey, "duplicate key")
				c.path.Pop()
				if stop {
					return v, false
				}
				continue
			}
			c.path.Key(nk.Str())
			nv, vchanged := c.free(v.Index(2*i+1), depth+1)
			c.path.Pop()
			if c.halt {
				return v, false
			}
			switch {
			case !kchanged && !vchanged:
			case packed:
				viewed = true // a packed object is read through its JSON view
			case out == nil:
				out = allItems(v)
			}
			if out != nil {
				out[2*i], out[2*i+1] = nk, nv
			}
		}
		if viewed {
			return jsonView(v), true
		}
		if out != nil {
			return contentlink.ObjectItems(out), true
		}
		return v, false
	}
	c.Fail(content.CodeUnsupportedValue, "value has no JSON form")
	return v, false
}

// key checks an object key of a free-form value and converts it in JSON
// mode. A key that fails is reported (at the object's place) when report is
// set: an object of a million bad keys makes one finding, and one path.
func (c *Checker) key(k content.Value, report bool) (content.Value, bool, bool) {
	fail := func(code content.Code, msg string) {
		if report {
			c.Fail(code, msg)
		}
	}
	switch k.Kind() {
	case content.KindString:
		if !utf8.ValidString(k.Str()) {
			fail(content.CodeInvalidUTF8, "object key is not valid UTF-8")
			return k, false, false
		}
		return k, false, true
	case content.KindInt, content.KindUint, content.KindBool:
		if c.opts.Mode == content.JSON {
			var s string
			switch k.Kind() {
			case content.KindInt:
				s = strconv.FormatInt(k.Int(), 10)
			case content.KindUint:
				s = strconv.FormatUint(k.Uint(), 10)
			default:
				s = strconv.FormatBool(k.Bool())
			}
			return content.NewString(s), true, true
		}
		fail(content.CodeInvalidMapKey, "object keys must be strings (canonicalization \"json\" converts integer and boolean keys)")
		return k, false, false
	case content.KindGo:
		if s, ok := k.Go().(string); ok {
			nk, _, ok := c.key(content.NewString(s), report)
			return nk, true, ok // changed: the writer needs the plain string
		}
	}
	fail(content.CodeInvalidMapKey, "object keys must be strings")
	return k, false, false
}

// duplicate reports whether the (converted) key of member i was seen among
// members 0..i-1. out, when not nil, holds converted keys.
func (c *Checker) duplicate(v content.Value, out []content.Value, i int, k string, seen map[string]struct{}) bool {
	if seen != nil {
		if _, dup := seen[k]; dup {
			return true
		}
		seen[k] = struct{}{}
		return false
	}
	for j := 0; j < i; j++ {
		pk := v.Index(2 * j)
		if out != nil {
			pk = out[2*j]
		}
		if pk.Kind() == content.KindString && pk.Str() == k {
			return true
		}
		if c.opts.Mode == content.JSON && pk.Kind() != content.KindString {
			if ck, _, ok := NewChecker(CheckOptions{Mode: content.JSON}).key(pk, false); ok && ck.Str() == k {
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
func (c *Checker) Meta(v content.Value, depth int, keys MetaKeys) content.Value {
	v, ok := c.Resolve(v)
	if !ok {
		return v
	}
	if v.Kind() != content.KindObject {
		c.Fail(content.CodeInvalidType, "_meta must be an object")
		return v
	}
	out := c.Free(v, depth)
	if c.halt {
		return out
	}
	for i := 0; i < out.Len(); i++ {
		k2 := out.Index(2 * i)
		if k2.Kind() != content.KindString {
			continue // reported by Free
		}
		k := k2.Str()
		ok, reserved := checkMetaKey(k)
		c.path.Key(k)
		stop := false
		switch {
		case slices.Contains(keys.Owned, k):
			stop = c.Fail(content.CodeProtocolOwnedField, "this _meta key is added by the server when the result is serialized, never by the caller")
		case !ok:
			stop = c.Fail(content.CodeInvalidMetaKey, "not a valid _meta key (optional prefix of dot-separated labels and \"/\", then a name of letters, digits, \"-\", \"_\" and \".\")")
		case reserved && !slices.Contains(keys.Allowed, k):
			stop = c.Fail(content.CodeReservedMetaKey, "keys with a second prefix label of \"modelcontextprotocol\" or \"mcp\" are reserved for MCP")
		}
		c.path.Pop()
		if stop {
			return out
		}
	}
	return out
}

// repeatedKeys marks, in a bit set, the members of a packed object whose
// key (as key converts it) repeats an earlier member's; a key that key
// refuses is not marked and takes no place. It finds them with an
// open-addressed table of member numbers, at most 16 bytes a member, where
// a map of strings costs several times that; the hash is seeded per table,
// so that no request can choose keys that collide.
func (c *Checker) repeatedKeys(v content.Value) []uint64 {
	n := itemCount(v) / 2
	dups := make([]uint64, (n+63)/64)
	size := 1
	for size < 2*n {
		size <<= 1
	}
	table := make([]uint32, size) // a member's number plus one; 0: free
	seed := maphash.MakeSeed()
	for i := 0; i < n; i++ {
		k, _, ok := c.key(v.Index(2*i), false)
		if !ok {
			continue
		}
		s := k.Str()
		for h := int(maphash.String(seed, s)) & (size - 1); ; h = (h + 1) & (size - 1) {
			j := int(table[h])
			if j == 0 {
				table[h] = uint32(i + 1)
				break
			}
			if pk, _, _ := c.key(v.Index(2*(j-1)), false); pk.Str() == s {
				dups[i/64] |= 1 << (i % 64)
				break
			}
		}
	}
	return dups
}
