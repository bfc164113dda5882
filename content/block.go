package content

import "github.com/mcpresult/mcpresult/internal/gokind"

// Block is one content block of a tool result: text, image, audio,
// resource_link or resource (embedded). It holds the block as the caller gave
// it, in wire names; it is checked, and put in wire order, when a result is
// built (so that an error can name its place in the whole result, such as
// /content/1/mimeType).
type Block struct{ v Value }

// Contents is one resource contents entry (text or blob), as embedded in a
// resource block or listed in a resource result.
type Contents struct{ v Value }

// Option sets an optional field of a block or of resource contents, by its
// wire name. An option that the block kind does not have is reported as
// unknown_field when the result is built; the same option twice as
// duplicate_key.
type Option struct {
	key string
	val Value
}

// Role is an audience of an annotated block: "user" or "assistant".
type Role string

// The two roles of MCP.
const (
	User      Role = "user"
	Assistant Role = "assistant"
)

// Annotations tell a client how to use a block. A nil Audience, nil Priority
// and empty LastModified are absent.
type Annotations struct {
	Audience     []Role
	Priority     *float64
	LastModified string // RFC 3339 date-time with offset, such as "2025-01-12T15:00:58Z"
}

// Icon is an icon of a resource link or resource contents. Empty fields are
// absent; a non-nil empty Sizes is written as [].
type Icon struct {
	Src      string // a URI or a data: URI
	MIMEType string
	Sizes    []string
	Theme    string // "light" or "dark"
}

// Priority returns a pointer to p, for Annotations.Priority.
func Priority(p float64) *float64 { return &p }

// AsValue returns the block as given, in wire names.
func (b Block) AsValue() Value { return b.v }

// AsValue returns the contents as given, in wire names.
func (c Contents) AsValue() Value { return c.v }

func newBlock(typ string, fields []Member, opts []Option) Block {
	items := make([]Value, 0, 2*(1+len(fields)+len(opts)))
	items = append(items, NewString("type"), NewString(typ))
	for _, f := range fields {
		items = append(items, f.Key, f.Value)
	}
	for _, o := range opts {
		if o.key != "" {
			items = append(items, NewString(o.key), o.val)
		}
	}
	return Block{objectFromItems(items)}
}

// Text returns a text block. Options: WithAnnotations, WithMeta.
func Text(text string, opts ...Option) Block {
	return newBlock("text", []Member{Str("text", NewString(text))}, opts)
}

// Image returns an image block; data is base64 (canonical, padded) and
// mimeType an image/* media type. Options: WithAnnotations, WithMeta.
func Image(data, mimeType string, opts ...Option) Block {
	return newBlock("image", []Member{Str("data", NewString(data)), Str("mimeType", NewString(mimeType))}, opts)
}

// ImageBytes returns an image block of raw bytes, which are base64-encoded
// when the result is built.
func ImageBytes(data []byte, mimeType string, opts ...Option) Block {
	return newBlock("image", []Member{Str("data", NewBytes(data)), Str("mimeType", NewString(mimeType))}, opts)
}

// Audio returns an audio block; data is base64 and mimeType an audio/* media
// type. Options: WithAnnotations, WithMeta.
func Audio(data, mimeType string, opts ...Option) Block {
	return newBlock("audio", []Member{Str("data", NewString(data)), Str("mimeType", NewString(mimeType))}, opts)
}

// AudioBytes returns an audio block of raw bytes.
func AudioBytes(data []byte, mimeType string, opts ...Option) Block {
	return newBlock("audio", []Member{Str("data", NewBytes(data)), Str("mimeType", NewString(mimeType))}, opts)
}

// ResourceLink returns a resource_link block. Options: WithTitle,
// WithDescription, WithMIMEType, WithSize, WithIcons, WithAnnotations,
// WithMeta.
func ResourceLink(uri, name string, opts ...Option) Block {
	return newBlock("resource_link", []Member{Str("uri", NewString(uri)), Str("name", NewString(name))}, opts)
}

// EmbeddedResource returns a resource block that embeds c. Options:
// WithAnnotations, WithMeta.
func EmbeddedResource(c Contents, opts ...Option) Block {
	return newBlock("resource", []Member{Str("resource", c.v)}, opts)
}

func newContents(fields []Member, opts []Option) Contents {
	items := make([]Value, 0, 2*(len(fields)+len(opts)))
	for _, f := range fields {
		items = append(items, f.Key, f.Value)
	}
	for _, o := range opts {
		if o.key != "" {
			items = append(items, NewString(o.key), o.val)
		}
	}
	return Contents{objectFromItems(items)}
}

// TextResource returns text resource contents. Options: WithMIMEType,
// WithMeta. (Resource contents have no icons in any revision: WithIcons
// here is unknown_field when the result is built.)
func TextResource(uri, text string, opts ...Option) Contents {
	return newContents([]Member{Str("uri", NewString(uri)), Str("text", NewString(text))}, opts)
}

// BlobResource returns blob resource contents; blob is base64. Options:
// WithMIMEType, WithMeta.
func BlobResource(uri, blob string, opts ...Option) Contents {
	return newContents([]Member{Str("uri", NewString(uri)), Str("blob", NewString(blob))}, opts)
}

// BlobResourceBytes returns blob resource contents of raw bytes.
func BlobResourceBytes(uri string, blob []byte, opts ...Option) Contents {
	return newContents([]Member{Str("uri", NewString(uri)), Str("blob", NewBytes(blob))}, opts)
}

// WithAnnotations sets "annotations".
func WithAnnotations(a Annotations) Option {
	var items []Value
	if a.Audience != nil {
		aud := make([]Value, len(a.Audience))
		for i, r := range a.Audience {
			aud[i] = NewString(string(r))
		}
		items = append(items, NewString("audience"), NewArray(aud...))
	}
	if a.Priority != nil {
		items = append(items, NewString("priority"), NewFloat(*a.Priority))
	}
	if a.LastModified != "" {
		items = append(items, NewString("lastModified"), NewString(a.LastModified))
	}
	return Option{"annotations", objectFromItems(items)}
}

// WithMeta sets "_meta": a JSON object (map[string]any, a Value, or in
// canonicalization "json" anything encoding/json writes as an object). A nil
// map, or nil, is no _meta: the option is left out.
func WithMeta(meta any) Option {
	if gokind.IsNilMap(meta) {
		return Option{}
	}
	return Option{"_meta", FromGo(meta)}
}

// WithTitle sets "title" of a resource link.
func WithTitle(title string) Option { return Option{"title", NewString(title)} }

// WithDescription sets "description" of a resource link.
func WithDescription(d string) Option { return Option{"description", NewString(d)} }

// WithMIMEType sets "mimeType" of a resource link or resource contents.
func WithMIMEType(m string) Option { return Option{"mimeType", NewString(m)} }

// WithSize sets "size" (bytes) of a resource link.
func WithSize(n int64) Option { return Option{"size", NewInt(n)} }

// WithIcons sets "icons" of a resource link.
func WithIcons(icons ...Icon) Option {
	arr := make([]Value, len(icons))
	for i, ic := range icons {
		var items []Value
		items = append(items, NewString("src"), NewString(ic.Src))
		if ic.MIMEType != "" {
			items = append(items, NewString("mimeType"), NewString(ic.MIMEType))
		}
		if ic.Sizes != nil {
			sz := make([]Value, len(ic.Sizes))
			for j, s := range ic.Sizes {
				sz[j] = NewString(s)
			}
			items = append(items, NewString("sizes"), NewArray(sz...))
		}
		if ic.Theme != "" {
			items = append(items, NewString("theme"), NewString(ic.Theme))
		}
		arr[i] = objectFromItems(items)
	}
	return Option{"icons", NewArray(arr...)}
}
