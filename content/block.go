package content

import (
	"encoding/base64"
	"math"
	"slices"
	"unicode/utf8"
)

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
	if IsNilMap(meta) {
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

// fieldKind is how one declared field is checked.
type fieldKind uint8

const (
	fText        fieldKind = iota // any string
	fName                         // non-empty string
	fBase64                       // canonical base64, or raw bytes to encode
	fMIME                         // media type
	fMIMEImage                    // image/* media type
	fMIMEAudio                    // audio/* media type
	fURI                          // URI
	fSize                         // integer 0..2^53-1
	fIcons                        // array of icons
	fAnnotations                  // annotations object
	fMeta                         // _meta object
	fContents                     // resource contents
	fSizes                        // array of strings
	fTheme                        // "light" or "dark"
	fAudience                     // array of roles
	fPriority                     // number 0..1
	fDateTime                     // RFC 3339
)

type field struct {
	name     string
	kind     fieldKind
	required bool
}

// shape is the declared fields of one kind of object, in wire order, with
// every field any revision defines (a Revision tells which of them the
// target revision has). Shapes are static data (no init code: the
// WebAssembly module pays for every instruction).
type shape struct {
	name   string // the object's name for Revision.Defines
	what   string // for messages: "text block", "icon"…
	fields []field
}

func (s *shape) has(name string) bool {
	for _, f := range s.fields {
		if f.name == name {
			return true
		}
	}
	return false
}

func (s *shape) names() []string {
	out := make([]string, len(s.fields))
	for i, f := range s.fields {
		out[i] = f.name
	}
	return out
}

var (
	textShape = shape{"text", "text block", []field{{"type", fText, true}, {"text", fText, true},
		{"annotations", fAnnotations, false}, {"_meta", fMeta, false}}}
	imageShape = shape{"image", "image block", []field{{"type", fText, true}, {"data", fBase64, true}, {"mimeType", fMIMEImage, true},
		{"annotations", fAnnotations, false}, {"_meta", fMeta, false}}}
	audioShape = shape{"audio", "audio block", []field{{"type", fText, true}, {"data", fBase64, true}, {"mimeType", fMIMEAudio, true},
		{"annotations", fAnnotations, false}, {"_meta", fMeta, false}}}
	resourceLinkShape = shape{"resource_link", "resource_link block", []field{{"type", fText, true}, {"uri", fURI, true}, {"name", fName, true},
		{"title", fText, false}, {"description", fText, false}, {"mimeType", fMIME, false}, {"size", fSize, false},
		{"icons", fIcons, false}, {"annotations", fAnnotations, false}, {"_meta", fMeta, false}}}
	embeddedShape = shape{"resource", "resource block", []field{{"type", fText, true}, {"resource", fContents, true},
		{"annotations", fAnnotations, false}, {"_meta", fMeta, false}}}
	textContentsShape = shape{"contents", "text resource contents", []field{{"uri", fURI, true}, {"mimeType", fMIME, false},
		{"text", fText, true}, {"_meta", fMeta, false}}}
	blobContentsShape = shape{"contents", "blob resource contents", []field{{"uri", fURI, true}, {"mimeType", fMIME, false},
		{"blob", fBase64, true}, {"_meta", fMeta, false}}}
	annotationsShape = shape{"annotations", "annotations", []field{{"audience", fAudience, false}, {"priority", fPriority, false},
		{"lastModified", fDateTime, false}}}
	iconShape = shape{"icon", "icon", []field{{"src", fURI, true}, {"mimeType", fMIME, false},
		{"sizes", fSizes, false}, {"theme", fTheme, false}}}
	implementationShape = shape{"implementation", "implementation", []field{{"name", fText, true},
		{"title", fText, false}, {"version", fText, true}, {"description", fText, false},
		{"websiteUrl", fURI, false}, {"icons", fIcons, false}}}
)

// Implementation checks an MCP Implementation object (a server's identity,
// as the server-info _meta value of a result carries it): name and version,
// and the optional title, description, websiteUrl and icons. Its values are
// not counted against the node budget again: it is meant for a value inside
// a _meta object that Meta has already checked and counted.
func (c *Checker) Implementation(v Value, depth int) Value {
	nodes, limit := c.nodes, c.cap
	c.cap = 0
	out, _ := c.shaped(v, &implementationShape, depth)
	c.nodes, c.cap = nodes, limit
	return out
}

// ObjectOfField returns the object name (for Revision.Defines) of the value
// of a field that holds a protocol object: "annotations", "contents" (the
// resource of an embedded resource block) or "icon" (each entry of icons);
// "" for any other field.
func ObjectOfField(field string) string {
	switch field {
	case "annotations":
		return "annotations"
	case "resource":
		return "contents"
	case "icons":
		return "icon"
	}
	return ""
}

// blockShape returns the shape of a block type, or nil.
func blockShape(typ string) *shape {
	switch typ {
	case "text":
		return &textShape
	case "image":
		return &imageShape
	case "audio":
		return &audioShape
	case "resource_link":
		return &resourceLinkShape
	case "resource":
		return &embeddedShape
	}
	return nil
}

var blockTypes = []string{"text", "image", "audio", "resource_link", "resource"}

// Block checks a content block at the given depth of the result (3 in a tool
// result) and returns it in wire order. On an error the returned value must
// not be used.
func (c *Checker) Block(v Value, depth int) Value {
	v, ok := c.Resolve(v)
	if !ok {
		return v
	}
	if v.kind != KindObject {
		c.Fail(CodeInvalidType, "a content block must be an object")
		return v
	}
	tv, ok := v.Get("type")
	if !ok {
		c.path.Key("type")
		c.Fail(CodeMissingField, "a content block needs \"type\" (one of text, image, audio, resource_link, resource)")
		c.path.Pop()
		return v
	}
	if !c.opts.Lenient && repeated(v, "type") {
		// The type decides the block's shape: a repeated one is the fault
		// to report, before any field is read against a shape.
		c.path.Key("type")
		c.Fail(CodeDuplicateKey, "this key is given more than once")
		c.path.Pop()
		return v
	}
	c.path.Key("type")
	typ, ok := c.String(tv)
	c.path.Pop()
	if !ok {
		return v
	}
	s := blockShape(typ)
	if s == nil {
		c.path.Key("type")
		msg := "unknown content block type; expected one of text, image, audio, resource_link, resource"
		if sug := suggest(typ, blockTypes); sug != "" {
			msg += " (did you mean \"" + sug + "\"?)"
		}
		c.Fail(CodeInvalidValue, msg)
		c.path.Pop()
		return v
	}
	if r := c.opts.Revision; r != nil && !r.Defines(s.name, "") {
		c.Fail(CodeUnsupportedContentType, "the target protocol revision has no "+s.what+"s")
		return v
	}
	return c.object(v, s, depth)
}

// Contents checks resource contents at the given depth and returns them in
// wire order.
func (c *Checker) Contents(v Value, depth int) Value {
	v, ok := c.Resolve(v)
	if !ok {
		return v
	}
	if v.kind != KindObject {
		c.Fail(CodeInvalidType, "resource contents must be an object")
		return v
	}
	_, hasText := v.Get("text")
	_, hasBlob := v.Get("blob")
	switch {
	case hasText && hasBlob:
		if c.opts.Lenient {
			// The schemas read it as whichever contents its fields fit (text
			// first), the other field being an extra one (unknown_field).
			if t, _ := v.Get("text"); t.kind != KindString {
				if b, _ := v.Get("blob"); b.kind == KindString {
					return c.object(v, &blobContentsShape, depth)
				}
			}
			return c.object(v, &textContentsShape, depth)
		}
		c.path.Key("blob")
		c.Fail(CodeUnknownField, "resource contents carry either text or blob, not both")
		c.path.Pop()
		return v
	case hasBlob:
		return c.object(v, &blobContentsShape, depth)
	case !hasText:
		c.path.Key("text")
		c.Fail(CodeMissingField, "resource contents need \"text\" (or \"blob\" for base64 data)")
		c.path.Pop()
		return v
	}
	return c.object(v, &textContentsShape, depth)
}

// Keys checks the keys of an object with declared fields: strings, valid
// UTF-8, no duplicates, each one of known (unknown keys get the code unknown
// with a "did you mean"; an empty unknown lets them pass). It reports
// whether the check may go on.
func (c *Checker) Keys(v Value, known []string, unknown, duplicate Code, what string) bool {
	return c.keys(v, func(k string) bool { return slices.Contains(known, k) }, func() []string { return known }, unknown, duplicate, what)
}

// keys is Keys with the known names as a test (names, for "did you mean",
// is only called on an unknown key).
func (c *Checker) keys(v Value, has func(string) bool, names func() []string, unknown, duplicate Code, what string) bool {
	n := v.Len()
	var seen map[string]struct{}
	if n > 16 {
		seen = make(map[string]struct{}, min(n, 1024))
	}
	for i := 0; i < n; i++ {
		k := v.item(2 * i)
		if k.kind == KindGo {
			if s, ok := k.goValue().(string); ok {
				k = NewString(s)
			}
		}
		if k.kind != KindString {
			if c.Fail(CodeInvalidMapKey, "keys of "+what+" must be strings") {
				return false
			}
			continue
		}
		if !utf8.ValidString(k.str()) {
			if c.Fail(CodeInvalidUTF8, "key is not valid UTF-8") {
				return false
			}
			continue
		}
		dup := false
		if seen != nil {
			_, dup = seen[k.str()]
			seen[k.str()] = struct{}{}
		} else {
			for j := 0; j < i; j++ {
				if pk := v.item(2 * j); pk.kind == KindString && pk.str() == k.str() {
					dup = true
					break
				}
			}
		}
		c.path.Key(k.str())
		var stop bool
		switch {
		case dup:
			stop = c.Fail(duplicate, "this key is given more than once")
		case unknown != "" && !has(k.str()):
			msg := "unknown field of " + what
			if unknown == CodeUnknownOption {
				msg = "unknown option of " + what
			}
			if sug := suggest(k.str(), names()); sug != "" {
				msg += " (did you mean \"" + sug + "\"?)"
			}
			if c.opts.Lenient && unknown == CodeUnknownField {
				c.Warn(unknown, msg+"; clients ignore it")
			} else {
				stop = c.Fail(unknown, msg)
			}
		}
		c.path.Pop()
		if stop {
			return false
		}
	}
	return true
}

// object checks an object against a shape and returns its declared fields
// in wire order (an empty _meta left out).
func (c *Checker) object(v Value, s *shape, depth int) Value {
	if c.tooDeep(depth) {
		return v
	}
	if !c.keys(v, s.has, s.names, CodeUnknownField, CodeDuplicateKey, s.what) {
		return v
	}
	if c.opts.Lenient {
		// Unknown fields were warnings; their values are still JSON values
		// of the result.
		for i := 0; i < v.items() && !c.halt; i += 2 {
			if k := v.item(i); k.kind == KindString && !s.has(k.str()) {
				c.path.Key(k.str())
				c.Free(v.item(i+1), depth+1)
				c.path.Pop()
			}
		}
	}
	// The output is the declared fields in wire order. While it is the
	// same as v (the fields were given in that order and none changed),
	// nothing is copied and v itself is returned; out is made at the first
	// difference, from the prefix that was the same.
	var out []Value
	j := 0 // the length of v's prefix that the output repeats
	for _, f := range s.fields {
		fv, ok := v.Get(f.name)
		c.path.Key(f.name)
		switch {
		case !ok:
			if f.required {
				c.Fail(CodeMissingField, s.what+" needs \""+f.name+"\"")
			}
		case c.opts.Revision != nil && !c.opts.Revision.Defines(s.name, f.name):
			c.Warn(CodeFieldNotInRevision, "the target protocol revision does not define \""+f.name+"\" here; clients of it ignore the field")
		default:
			nv, keep := c.field(fv, f.kind, depth+1)
			if !keep || c.halt {
				break
			}
			if out == nil && j+1 < v.items() {
				if k := v.item(j); k.kind == KindString && k.str() == f.name && v.item(j+1).Identical(nv) {
					j += 2
					break
				}
			}
			if out == nil {
				out = make([]Value, j, 2*len(s.fields))
				for i := range j {
					out[i] = v.item(i)
				}
			}
			out = append(out, NewString(f.name), nv)
		}
		c.path.Pop()
		if c.halt {
			return v
		}
	}
	if out == nil {
		if j == v.items() {
			return v
		}
		if v.isPacked() {
			out = make([]Value, j)
			for i := range j {
				out[i] = v.item(i)
			}
		} else {
			out = v.elems()[:j:j] // fields dropped at the end: a prefix of v, shared
		}
	}
	return objectFromItems(out)
}

// field checks one declared field at the given depth. keep is false when the
// field is left out of the output (an empty _meta, or an error).
func (c *Checker) field(v Value, k fieldKind, depth int) (out Value, keep bool) {
	v, ok := c.Resolve(v)
	if !ok {
		return v, false
	}
	switch k {
	case fMeta:
		m := c.Meta(v, depth, MetaKeys{})
		return m, m.kind == KindObject && m.Len() > 0
	case fAnnotations:
		return c.shaped(v, &annotationsShape, depth)
	case fContents:
		return c.Contents(v, depth), true
	case fIcons, fSizes, fAudience:
		if v.kind != KindArray {
			c.Fail(CodeInvalidType, "must be an array")
			return v, false
		}
		if c.tooDeep(depth) {
			return v, false
		}
		// items is made at the first element that the check changes; until
		// then the output is v itself.
		var items []Value
		at := func(j int) Value {
			if items != nil {
				return items[j]
			}
			return v.item(j)
		}
		for i := range v.items() {
			e := v.item(i)
			var ne Value
			c.path.Index(i)
			switch k {
			case fIcons:
				ne, _ = c.shaped(e, &iconShape, depth+1)
			case fSizes:
				s, _ := c.String(e)
				ne = NewString(s)
			case fAudience:
				if s, ok := c.String(e); ok {
					if s != string(User) && s != string(Assistant) {
						c.Fail(CodeInvalidAnnotations, "audience entries are \"user\" or \"assistant\"")
					} else {
						for j := 0; j < i; j++ {
							if at(j).str() == s {
								c.Fail(CodeInvalidAnnotations, "audience lists a role twice")
								break
							}
						}
					}
					ne = NewString(s)
				}
			}
			c.path.Pop()
			if c.halt {
				return v, false
			}
			if items == nil && !ne.Identical(e) {
				items = make([]Value, v.items())
				for j := range i {
					items[j] = v.item(j)
				}
			}
			if items != nil {
				items[i] = ne
			}
		}
		if items == nil {
			return v, true
		}
		return NewArray(items...), true
	case fSize:
		if !v.IsNumber() {
			c.Fail(CodeInvalidType, "size must be an integer")
			return v, false
		}
		n, ok := v.integer()
		if !ok || n < 0 || n > MaxSafeInteger {
			c.Fail(CodeInvalidValue, "size must be an integer from 0 to 2^53-1")
			return v, false
		}
		return NewInt(n), true
	case fPriority:
		if !v.IsNumber() {
			c.Fail(CodeInvalidType, "priority must be a number")
			return v, false
		}
		if f := v.number(); math.IsNaN(f) || f < 0 || f > 1 {
			c.Fail(CodeInvalidAnnotations, "priority must be a number from 0 to 1")
			return v, false
		}
		return v, true
	case fBase64:
		if v.kind == KindBytes {
			return NewString(base64.StdEncoding.EncodeToString([]byte(v.str()))), true
		}
	}
	// string fields
	s, ok := c.String(v)
	if !ok {
		return v, false
	}
	msg, code := "", Code("")
	switch k {
	case fName:
		if s == "" {
			msg, code = "name must not be empty", CodeInvalidValue
		}
	case fBase64:
		msg, code = checkBase64(s), CodeInvalidBase64
	case fMIME:
		msg, code = checkMIMEType(s, ""), CodeInvalidMIMEType
	case fMIMEImage:
		msg, code = checkMIMEType(s, "image"), CodeInvalidMIMEType
	case fMIMEAudio:
		msg, code = checkMIMEType(s, "audio"), CodeInvalidMIMEType
	case fURI:
		msg, code = checkURI(s), CodeInvalidURI
	case fTheme:
		if s != "light" && s != "dark" {
			msg, code = "theme is \"light\" or \"dark\"", CodeInvalidValue
		}
	case fDateTime:
		msg, code = checkRFC3339(s), CodeInvalidAnnotations
	}
	if code == CodeInvalidMIMEType && s == "" && c.opts.Lenient {
		// The schemas accept it and clients treat it as absent.
		c.Warn(code, "an empty mimeType; clients treat it as absent")
		return v, true
	}
	if msg != "" {
		c.Fail(code, msg)
		return v, false
	}
	return v, true
}

// shaped checks that v is an object, then checks it against s.
func (c *Checker) shaped(v Value, s *shape, depth int) (Value, bool) {
	v, ok := c.Resolve(v)
	if !ok {
		return v, false
	}
	if v.kind != KindObject {
		c.Fail(CodeInvalidType, s.what+" must be an object")
		return v, false
	}
	return c.object(v, s, depth), true
}

// repeated reports whether the string key k appears more than once in
// object v.
func repeated(v Value, k string) bool {
	n := 0
	for i := 0; i < v.items(); i += 2 {
		if key := v.item(i); key.kind == KindString && key.str() == k {
			if n++; n > 1 {
				return true
			}
		}
	}
	return false
}
