package result

import (
	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/contentlink"
	"github.com/mcpresult/mcpresult/internal/gokind"
)

// Result is a built, checked result: a tool result or a resource result. It
// is immutable. Its JSON is the compact wire JSON (key order and escaping as
// the package doc says), so it can be placed as it is in a JSON-RPC
// response. A Result, a *Result or a struct field of either is written by
// encoding/json as that JSON: the same bytes through a json.Encoder with
// SetEscapeHTML(false), and the same value through json.Marshal, which
// escapes <, >, & and U+2028/U+2029 in whatever a MarshalJSON returns.
//
// The zero Result is not a result: its JSON is empty and MarshalJSON
// returns an error. Results come from the builders of this package.
type Result struct {
	kind     string
	v        content.Value
	json     []byte
	settings Settings // what it was built with; Serialize checks the budget again
}

// Kind returns KindTool or KindResource ("" for the zero Result).
func (r Result) Kind() string { return r.kind }

// AsValue returns the result as a value in wire names and wire order.
func (r Result) AsValue() content.Value { return r.v }

// JSON returns the compact wire JSON of the result. The slice is shared:
// do not modify it.
func (r Result) JSON() []byte { return r.json }

// MarshalJSON returns a copy of JSON(), or an invalid_value error for the
// zero Result (which no builder returns), rather than "{}".
func (r Result) MarshalJSON() ([]byte, error) {
	if r.json == nil {
		return nil, content.NewError(content.CodeInvalidValue, "", "the zero Result is not a result; build one with this package")
	}
	return append([]byte(nil), r.json...), nil
}

// String returns the compact wire JSON.
func (r Result) String() string { return string(r.json) }

// IsError reports whether the result is a tool result with isError true.
func (r Result) IsError() bool {
	v, _ := r.v.Get("isError")
	return v.Kind() == content.KindBool && v.Bool()
}

// Option is one option of a result build, by its wire name. Giving the same
// option twice is duplicate_option; an option the kind of result does not
// have (Contents for a tool) is unknown_option.
type Option struct {
	key string // "": no option (Meta of a nil map)
	val content.Value
}

// Content sets the content blocks of a tool result, in order. No blocks at
// all is content_required: leave Content out to get the text fallback of
// StructuredContent instead.
func Content(blocks ...content.Block) Option {
	items := make([]content.Value, len(blocks))
	for i, b := range blocks {
		items[i] = b.AsValue()
	}
	return Option{"content", content.NewArray(items...)}
}

// StructuredContent sets the structured content of a tool result: any JSON
// value, nil being JSON null. Go maps are written with sorted keys; other
// Go types follow the canonicalization mode (see Settings).
func StructuredContent(v any) Option { return Option{"structuredContent", content.FromGo(v)} }

// IsError marks a tool result as a tool error (isError is always written,
// false by default).
func IsError(b bool) Option { return Option{"isError", content.NewBool(b)} }

// Meta sets the result's _meta: a JSON object whose keys follow the MCP
// _meta key syntax. An empty object is not written; a nil map (or nil) is
// no _meta at all, as if the option were left out.
func Meta(m any) Option {
	if gokind.IsNilMap(m) {
		return Option{}
	}
	return Option{"meta", content.FromGo(m)}
}

// MaxJSONBytes overrides the byte budget for this result (512..64,000,000).
// Not allowed in the …FromContext builders, which inherit the server's.
func MaxJSONBytes(n int) Option { return Option{"maxJsonBytes", content.NewInt(int64(n))} }

// WithCanonicalization overrides the canonicalization mode for this tool
// result or ordinary value. Not allowed in the …FromContext builders, nor
// for resource results (always strict).
func WithCanonicalization(m content.Canonicalization) Option {
	return Option{"canonicalization", content.NewString(m.String())}
}

// Contents sets the contents of a resource result (an empty list is
// allowed).
func Contents(entries ...content.Contents) Option {
	items := make([]content.Value, len(entries))
	for i, e := range entries {
		items[i] = e.AsValue()
	}
	return Option{"contents", content.NewArray(items...)}
}

func request(opts []Option, extra ...content.Member) content.Value {
	items := make([]content.Value, 0, 2*(len(opts)+len(extra)))
	for _, m := range extra {
		items = append(items, m.Key, m.Value)
	}
	for _, o := range opts {
		if o.key != "" {
			items = append(items, content.NewString(o.key), o.val)
		}
	}
	return contentlink.ObjectItems(items)
}

// Tool builds a tool result with the default settings, which the options
// MaxJSONBytes and WithCanonicalization may override.
func Tool(opts ...Option) (*Result, error) {
	return Build(KindTool, request(opts), BuildOptions{})
}

// Resource builds a resource result (resources/read). Options: Contents
// (required), Meta, MaxJSONBytes. Free-form values are always strict. A
// result that holds an MCP Apps page (contents of mimeType
// text/html;profile=mcp-app, as package apps builds them) has a page's
// budget, 16 MiB, unless MaxJSONBytes or the settings give one.
func Resource(opts ...Option) (*Result, error) {
	return Build(KindResource, request(opts), BuildOptions{})
}

// FromValue turns an ordinary handler return value into a tool result: a
// string becomes one text block verbatim; any other JSON value one text
// block holding its compact JSON, with no structured content. Options:
// MaxJSONBytes and WithCanonicalization, as for Tool; with
// WithCanonicalization(JSON), structs, time.Time, []byte and
// json.RawMessage are written as encoding/json writes them.
func FromValue(v any, opts ...Option) (*Result, error) {
	return Build(KindValue, request(opts, content.Str("value", content.FromGo(v))), BuildOptions{})
}
