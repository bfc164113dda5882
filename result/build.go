package result

import (
	"unicode/utf8"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/contentlink"
	"github.com/mcpresult/mcpresult/internal/engine"
)

// The build kinds of Build.
const (
	KindTool     = "tool"     // a tool result (tools/call)
	KindResource = "resource" // a resource result (resources/read)
	KindError    = "error"    // a client error, as a tool result
	KindValue    = "value"    // an ordinary value, as a tool result
)

// The option names of each kind, then the protocol-owned fields (see
// protocolOwned), which are known names too: they get their own error
// rather than unknown_option.
var (
	toolOptions     = []string{"content", "structuredContent", "isError", "meta", "maxJsonBytes", "canonicalization", "resultType", "ttlMs", "cacheScope"}
	resourceOptions = []string{"contents", "meta", "maxJsonBytes", "resultType", "ttlMs", "cacheScope"}
	errorOptions    = []string{"message", "code", "resultType", "ttlMs", "cacheScope"}
	valueOptions    = []string{"value", "maxJsonBytes", "canonicalization", "resultType", "ttlMs", "cacheScope"}
)

// BuildOptions say how Build builds.
type BuildOptions struct {
	// Settings are the runtime's settings (zero: the defaults).
	Settings Settings
	// Inherit marks a build inside a server's handler, which inherits the
	// settings: the request may not override maxJsonBytes or
	// canonicalization (option_not_allowed).
	Inherit bool
}

// Build builds a result from a request given as a value, the way every
// runtime builds it: kind is KindTool, KindResource, KindError or KindValue;
// input holds the options in wire names (for a tool: content,
// structuredContent, isError, meta, maxJsonBytes, canonicalization).
//
// The first fault found is returned as an *Error whose Path points into
// input.
func Build(kind string, input content.Value, o BuildOptions) (*Result, error) {
	if err := o.Settings.Check(); err != nil {
		return nil, err
	}
	b := builder{settings: o.Settings.withDefaults(), inherit: o.Inherit}
	if kind == KindResource && o.Settings.MaxJSONBytes == 0 && engine.HoldsAppPage(input) {
		// an MCP Apps page is a whole document, read by the host that
		// renders it: its result has a page's budget, not a result's
		b.settings.MaxJSONBytes = engine.AppPageMaxJSONBytes
	}
	switch kind {
	case KindTool:
		return b.tool(input)
	case KindResource:
		return b.resource(input)
	case KindError:
		return b.clientError(input)
	case KindValue:
		return b.value(input)
	}
	return nil, content.NewError(content.CodeInvalidOption, "/kind", "kind must be tool, resource, error or value")
}

type builder struct {
	settings Settings
	inherit  bool
	c        engine.Checker // by value: a build allocates no checker
}

// options checks the request object, its option names and the per-call
// settings, then makes the checker of the request's body with the settings
// that apply (strict, always, for a resource result).
func (b *builder) options(input *content.Value, known []string, what string, strict bool) bool {
	c := &b.c
	c.Reset(engine.CheckOptions{Mode: b.settings.Canonicalization})
	in, ok := c.Resolve(*input)
	if !ok {
		return false
	}
	*input = in
	if in.Kind() != content.KindObject {
		c.Fail(content.CodeInvalidType, "the request must be an object of options")
		return false
	}
	if !c.Keys(in, known, content.CodeUnknownOption, content.CodeDuplicateOption, what) {
		return false
	}
	for _, k := range protocolOwned {
		if _, ok := in.Get(k); ok {
			c.Key(k)
			c.Fail(content.CodeProtocolOwnedField, "\""+k+"\" is added by the server when the result is serialized, never by the caller")
			return false
		}
	}
	if x, ok := b.get(in, "maxJsonBytes"); ok {
		c.Key("maxJsonBytes")
		if b.inherit {
			c.Fail(content.CodeOptionNotAllowed, "maxJsonBytes is inherited from the server's settings and cannot be overridden here")
			return false
		}
		n, ok := intIn(x, MinMaxJSONBytes, MaxMaxJSONBytes)
		if !ok {
			c.Fail(content.CodeInvalidOption, msgMaxJSONBytes)
			return false
		}
		c.Pop()
		b.settings.MaxJSONBytes = n
	}
	if x, ok := b.get(in, "canonicalization"); ok {
		c.Key("canonicalization")
		if b.inherit {
			c.Fail(content.CodeOptionNotAllowed, "canonicalization is inherited from the server's settings and cannot be overridden here")
			return false
		}
		m, ok := modeOf(x)
		if !ok {
			c.Fail(content.CodeInvalidOption, msgCanonicalization)
			return false
		}
		c.Pop()
		b.settings.Canonicalization = m
	}
	mode := b.settings.Canonicalization
	if strict {
		mode = content.Strict
	}
	c.Reset(engine.CheckOptions{Mode: mode, MaxNodes: b.settings.MaxNodes, MaxBytes: b.settings.MaxJSONBytes})
	return true
}

func (b *builder) tool(input content.Value) (*Result, error) {
	if !b.options(&input, toolOptions, "a tool result", false) {
		return nil, b.c.Err()
	}
	c := &b.c
	out := make([]content.Value, 0, 8)

	// isError
	isError := false
	if x, ok := b.get(input, "isError"); ok {
		if x.Kind() != content.KindBool {
			c.Key("isError")
			c.Fail(content.CodeInvalidType, "isError must be a boolean")
			return nil, c.Err()
		}
		isError = x.Bool()
	}

	// structuredContent, before content: the fallback is made of it.
	sc, hasSC := input.Get("structuredContent")
	if hasSC {
		c.Key("structuredContent")
		sc = c.Free(sc, 2)
		c.Pop()
		if c.Halted() {
			return nil, c.Err()
		}
	}

	// content
	var blocks content.Value
	if cv, ok := b.get(input, "content"); ok {
		c.Key("content")
		blocks = b.list(cv, "content", "content block", false, 2, c.Block)
		c.Pop()
		if c.Halted() {
			return nil, c.Err()
		}
	} else {
		if !hasSC {
			c.Key("content")
			c.Fail(content.CodeContentRequired, "a tool result needs content, or structuredContent to make a text fallback from")
			return nil, c.Err()
		}
		// The structured content is in the result too, so its JSON must
		// fit the byte budget on its own: written with that bound, a huge
		// value is refused before it is written twice.
		text, err := engine.Budget{MaxBytes: b.settings.MaxJSONBytes, MaxDepth: content.MaxParseDepth}.AppendJSON(nil, sc, content.Wire)
		if err != nil {
			return nil, err
		}
		blocks = content.NewArray(content.NewObject(
			content.Str("type", content.NewString("text")),
			content.Str("text", content.NewString(string(text))),
		))
	}
	out = append(out, content.NewString("content"), blocks)
	if hasSC {
		out = append(out, content.NewString("structuredContent"), sc)
	}
	out = append(out, content.NewString("isError"), content.NewBool(isError))

	if meta, ok := b.meta(input); !ok {
		return nil, c.Err()
	} else if meta.Len() > 0 {
		out = append(out, content.NewString("_meta"), meta)
	}
	return b.finish(KindTool, out)
}

// get returns an option, a Go value (content.FromGo) converted one level so
// that options given as Go values are read as the same values given as
// MessagePack or JSON. A Go value with no JSON form is reported at the
// option.
func (b *builder) get(input content.Value, key string) (content.Value, bool) {
	v, ok := input.Get(key)
	if !ok || v.Kind() != content.KindGo {
		return v, ok
	}
	b.c.Key(key)
	r, _ := b.c.Resolve(v)
	b.c.Pop()
	return r, true
}

// meta checks the "meta" option.
func (b *builder) meta(input content.Value) (content.Value, bool) {
	m, ok := input.Get("meta")
	if !ok {
		return content.Value{}, true
	}
	b.c.Key("meta")
	m = b.c.Meta(m, 2, buildMetaKeys)
	if !b.c.Halted() {
		checkReservedMeta(&b.c, m, buildMetaKeys)
	}
	b.c.Pop()
	return m, !b.c.Halted()
}

// list checks a list option (content, contents): one entry or an array of
// entries, each checked by check at depth+1.
func (b *builder) list(v content.Value, name, what string, emptyOK bool, depth int, check func(content.Value, int) content.Value) content.Value {
	c := &b.c
	if v.Kind() == content.KindObject || v.Kind() == content.KindGo {
		e := check(v, depth+1)
		return content.NewArray(e)
	}
	if v.Kind() != content.KindArray {
		c.Fail(content.CodeInvalidType, name+" must be a "+what+" or an array of them")
		return v
	}
	if v.Len() == 0 && !emptyOK {
		c.Fail(content.CodeContentRequired, "an empty content list is not a tool result (omit content to get a text fallback of structuredContent)")
		return v
	}
	// The entries are copied only from the first one the check changed.
	var items []content.Value
	for i := 0; i < v.Len(); i++ {
		c.Index(i)
		e := check(v.Index(i), depth+1)
		c.Pop()
		if c.Halted() {
			return v
		}
		if items == nil && !contentlink.Identical(e, v.Index(i)) {
			items = make([]content.Value, v.Len())
			for j := range i {
				items[j] = v.Index(j)
			}
		}
		if items != nil {
			items[i] = e
		}
	}
	if items == nil {
		return v
	}
	return content.NewArray(items...)
}

func (b *builder) resource(input content.Value) (*Result, error) {
	if !b.options(&input, resourceOptions, "a resource result", true) {
		return nil, b.c.Err()
	}
	c := &b.c
	cv, ok := b.get(input, "contents")
	if !ok {
		c.Key("contents")
		c.Fail(content.CodeMissingField, "a resource result needs contents (one entry or a list)")
		return nil, c.Err()
	}
	c.Key("contents")
	contents := b.list(cv, "contents", "resource contents entry", true, 2, c.Contents)
	c.Pop()
	if c.Halted() {
		return nil, c.Err()
	}
	out := []content.Value{content.NewString("contents"), contents}
	if meta, ok := b.meta(input); !ok {
		return nil, c.Err()
	} else if meta.Len() > 0 {
		out = append(out, content.NewString("_meta"), meta)
	}
	return b.finish(KindResource, out)
}

// Client error limits.
const (
	MaxClientErrorMessage = 4096
	MaxClientErrorCode    = 128
)

// ErrorCodeKey is the _meta key that carries a client error's code.
const ErrorCodeKey = "io.github.mcpresult/errorCode"

func (b *builder) clientError(input content.Value) (*Result, error) {
	if !b.options(&input, errorOptions, "a client error", false) {
		return nil, b.c.Err()
	}
	c := &b.c
	mv, ok := b.get(input, "message")
	if !ok {
		c.Key("message")
		c.Fail(content.CodeMissingField, "a client error needs a message")
		return nil, c.Err()
	}
	if mv.Kind() != content.KindString {
		c.Key("message")
		c.Fail(content.CodeInvalidType, "message must be a string")
		return nil, c.Err()
	}
	code := ""
	if cv, ok := b.get(input, "code"); ok && cv.Kind() != content.KindNull {
		if cv.Kind() != content.KindString {
			c.Key("code")
			c.Fail(content.CodeInvalidType, "code must be a string")
			return nil, c.Err()
		}
		code = cv.Str()
		if code == "" {
			return nil, content.NewError(content.CodeInvalidClientError, "/code", "code must be 1 to 128 characters of A-Z a-z 0-9 _ . : -")
		}
	}
	if err := checkClientError(mv.Str(), code); err != nil {
		return nil, err
	}
	return b.finish(KindTool, clientErrorMembers(mv.Str(), code))
}

// checkClientError applies the client error rules (see ClientError) to a
// message and an optional code.
func checkClientError(message, code string) error {
	if !utf8.ValidString(message) || len(message) < 1 || len(message) > MaxClientErrorMessage {
		return content.NewError(content.CodeInvalidClientError, "/message", "message must be valid UTF-8 of 1 to 4096 bytes")
	}
	if code == "" {
		return nil
	}
	ok := len(code) <= MaxClientErrorCode
	for i := 0; ok && i < len(code); i++ {
		ch := code[i]
		ok = ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9' ||
			ch == '_' || ch == '.' || ch == ':' || ch == '-'
	}
	if !ok {
		return content.NewError(content.CodeInvalidClientError, "/code", "code must be 1 to 128 characters of A-Z a-z 0-9 _ . : -")
	}
	return nil
}

func clientErrorMembers(message, code string) []content.Value {
	out := []content.Value{
		content.NewString("content"), content.NewArray(textBlock(message)),
		content.NewString("isError"), content.NewBool(true),
	}
	if code != "" {
		out = append(out, content.NewString("_meta"), content.NewObject(content.Str(ErrorCodeKey, content.NewString(code))))
	}
	return out
}

func textBlock(text string) content.Value {
	return content.NewObject(
		content.Str("type", content.NewString("text")),
		content.Str("text", content.NewString(text)),
	)
}

func (b *builder) value(input content.Value) (*Result, error) {
	if !b.options(&input, valueOptions, "an ordinary value", false) {
		return nil, b.c.Err()
	}
	c := &b.c
	v, ok := input.Get("value")
	if !ok {
		c.Key("value")
		c.Fail(content.CodeMissingField, "an ordinary value needs \"value\"")
		return nil, c.Err()
	}
	return b.fromValue(v)
}

// fromValue turns the ordinary value at /value into a tool result: a string
// verbatim, anything else as its compact JSON.
func (b *builder) fromValue(v content.Value) (*Result, error) {
	// The value appears in the result only as JSON text, so the result's
	// depth and node budget do not apply to it; its text counts in the byte
	// budget, and its nesting is bounded by MaxParseDepth. n JSON values
	// take at least 2n-1 bytes of text, so the byte budget bounds them too
	// (max_bytes): that stops shared or cyclic Go values early.
	c := engine.NewChecker(engine.CheckOptions{
		Mode:     b.settings.Canonicalization,
		MaxBytes: b.settings.MaxJSONBytes,
		MaxDepth: content.MaxParseDepth,
	})
	c.Key("value")
	isString := engine.IsString(v)
	v = c.Free(v, 1)
	if c.Halted() {
		return nil, c.Err()
	}
	var text string
	if isString && v.Kind() == content.KindString {
		text = v.Str()
	} else {
		j, err := engine.Budget{MaxBytes: b.settings.MaxJSONBytes, MaxDepth: content.MaxParseDepth}.AppendJSON(nil, v, content.Wire)
		if err != nil {
			return nil, err
		}
		text = string(j)
	}
	return b.finish(KindTool, []content.Value{
		content.NewString("content"), content.NewArray(textBlock(text)),
		content.NewString("isError"), content.NewBool(false),
	})
}

// finish assembles the result object and applies the budget (nodes, depth,
// then the bytes of its compact wire JSON, counted while it is written).
func (b *builder) finish(kind string, members []content.Value) (*Result, error) {
	obj := contentlink.ObjectItems(members)
	j, err := b.settings.write(obj, content.Wire)
	if err != nil {
		return nil, err
	}
	return &Result{kind: kind, v: obj, json: j, settings: b.settings}, nil
}
