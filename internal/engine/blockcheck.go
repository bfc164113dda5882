package engine

import (
	"encoding/base64"
	"math"
	"slices"
	"unicode/utf8"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/contentlink"
)

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

func (s *shape) has(name string) bool { return s.index(name) >= 0 }

// index returns the place of the field named name, or -1.
func (s *shape) index(name string) int {
	for i, f := range s.fields {
		if f.name == name {
			return i
		}
	}
	return -1
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
func (c *Checker) Implementation(v content.Value, depth int) content.Value {
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
func (c *Checker) Block(v content.Value, depth int) content.Value {
	v, ok := c.Resolve(v)
	if !ok {
		return v
	}
	if v.Kind() != content.KindObject {
		c.Fail(content.CodeInvalidType, "a content block must be an object")
		return v
	}
	tv, ok := v.Get("type")
	if !ok {
		c.path.Key("type")
		c.Fail(content.CodeMissingField, "a content block needs \"type\" (one of text, image, audio, resource_link, resource)")
		c.path.Pop()
		return v
	}
	if !c.opts.Lenient && repeated(v, "type") {
		// The type decides the block's shape: a repeated one is the fault
		// to report, before any field is read against a shape.
		c.path.Key("type")
		c.Fail(content.CodeDuplicateKey, "this key is given more than once")
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
		c.Fail(content.CodeInvalidValue, msg)
		c.path.Pop()
		return v
	}
	if r := c.opts.Revision; r != nil && !r.Defines(s.name, "") {
		c.Fail(content.CodeUnsupportedContentType, "the target protocol revision has no "+s.what+"s")
		return v
	}
	return c.object(v, s, depth)
}

// Contents checks resource contents at the given depth and returns them in
// wire order.
func (c *Checker) Contents(v content.Value, depth int) content.Value {
	v, ok := c.Resolve(v)
	if !ok {
		return v
	}
	if v.Kind() != content.KindObject {
		c.Fail(content.CodeInvalidType, "resource contents must be an object")
		return v
	}
	_, hasText := v.Get("text")
	_, hasBlob := v.Get("blob")
	switch {
	case hasText && hasBlob:
		if c.opts.Lenient {
			// The schemas read it as whichever contents its fields fit (text
			// first), the other field being an extra one (unknown_field).
			if t, _ := v.Get("text"); t.Kind() != content.KindString {
				if b, _ := v.Get("blob"); b.Kind() == content.KindString {
					return c.object(v, &blobContentsShape, depth)
				}
			}
			return c.object(v, &textContentsShape, depth)
		}
		c.path.Key("blob")
		c.Fail(content.CodeUnknownField, "resource contents carry either text or blob, not both")
		c.path.Pop()
		return v
	case hasBlob:
		return c.object(v, &blobContentsShape, depth)
	case !hasText:
		c.path.Key("text")
		c.Fail(content.CodeMissingField, "resource contents need \"text\" (or \"blob\" for base64 data)")
		c.path.Pop()
		return v
	}
	return c.object(v, &textContentsShape, depth)
}

// Keys checks the keys of an object with declared fields: strings, valid
// UTF-8, no duplicates, each one of known (unknown keys get the code unknown
// with a "did you mean"; an empty unknown lets them pass). It reports
// whether the check may go on.
func (c *Checker) Keys(v content.Value, known []string, unknown, duplicate content.Code, what string) bool {
	return c.keys(v, func(k string) bool { return slices.Contains(known, k) }, func() []string { return known }, unknown, duplicate, what)
}

// keys is Keys with the known names as a test (names, for "did you mean",
// is only called on an unknown key).
func (c *Checker) keys(v content.Value, has func(string) bool, names func() []string, unknown, duplicate content.Code, what string) bool {
	n := v.Len()
	var seen map[string]struct{}
	if n > 16 {
		seen = make(map[string]struct{}, min(n, 1024))
	}
	for i := 0; i < n; i++ {
		k := v.Index(2 * i)
		if k.Kind() == content.KindGo {
			if s, ok := k.Go().(string); ok {
				k = content.NewString(s)
			}
		}
		if k.Kind() != content.KindString {
			if c.Fail(content.CodeInvalidMapKey, "keys of "+what+" must be strings") {
				return false
			}
			continue
		}
		if !utf8.ValidString(k.Str()) {
			if c.Fail(content.CodeInvalidUTF8, "key is not valid UTF-8") {
				return false
			}
			continue
		}
		dup := false
		if seen != nil {
			_, dup = seen[k.Str()]
			seen[k.Str()] = struct{}{}
		} else {
			for j := 0; j < i; j++ {
				if pk := v.Index(2 * j); pk.Kind() == content.KindString && pk.Str() == k.Str() {
					dup = true
					break
				}
			}
		}
		c.path.Key(k.Str())
		var stop bool
		switch {
		case dup:
			stop = c.Fail(duplicate, "this key is given more than once")
		case unknown != "" && !has(k.Str()):
			msg := "unknown field of " + what
			if unknown == content.CodeUnknownOption {
				msg = "unknown option of " + what
			}
			if sug := suggest(k.Str(), names()); sug != "" {
				msg += " (did you mean \"" + sug + "\"?)"
			}
			if c.opts.Lenient && unknown == content.CodeUnknownField {
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
func (c *Checker) object(v content.Value, s *shape, depth int) content.Value {
	if c.tooDeep(depth) {
		return v
	}
	if !c.keys(v, s.has, s.names, content.CodeUnknownField, content.CodeDuplicateKey, s.what) {
		return v
	}
	if c.opts.Lenient {
		// Unknown fields were warnings; their values are still JSON values
		// of the result.
		for i := 0; i < itemCount(v) && !c.halt; i += 2 {
			if k := v.Index(i); k.Kind() == content.KindString && !s.has(k.Str()) {
				c.path.Key(k.Str())
				c.Free(v.Index(i+1), depth+1)
				c.path.Pop()
			}
		}
	}
	// The output is the declared fields in wire order. While it is the
	// same as v (the fields were given in that order and none changed),
	// nothing is copied and v itself is returned; out is made at the first
	// difference, from the prefix that was the same.
	var out []content.Value
	j := 0 // the length of v's prefix that the output repeats
	for _, f := range s.fields {
		fv, ok := v.Get(f.name)
		c.path.Key(f.name)
		switch {
		case !ok:
			if f.required {
				c.Fail(content.CodeMissingField, s.what+" needs \""+f.name+"\"")
			}
		case c.opts.Revision != nil && !c.opts.Revision.Defines(s.name, f.name):
			c.Warn(content.CodeFieldNotInRevision, "the target protocol revision does not define \""+f.name+"\" here; clients of it ignore the field")
		default:
			nv, keep := c.field(fv, f.kind, depth+1)
			if !keep || c.halt {
				break
			}
			if out == nil && j+1 < itemCount(v) {
				if k := v.Index(j); k.Kind() == content.KindString && k.Str() == f.name && contentlink.Identical(v.Index(j+1), nv) {
					j += 2
					break
				}
			}
			if out == nil {
				out = firstItems(v, j, 2*len(s.fields))
			}
			out = append(out, content.NewString(f.name), nv)
		}
		c.path.Pop()
		if c.halt {
			return v
		}
	}
	if out == nil {
		if j == itemCount(v) {
			return v
		}
		out = firstItems(v, j, j) // fields dropped at the end: a prefix of v
	}
	return contentlink.ObjectItems(out)
}

// field checks one declared field at the given depth. keep is false when the
// field is left out of the output (an empty _meta, or an error).
func (c *Checker) field(v content.Value, k fieldKind, depth int) (out content.Value, keep bool) {
	v, ok := c.Resolve(v)
	if !ok {
		return v, false
	}
	switch k {
	case fMeta:
		m := c.Meta(v, depth, MetaKeys{})
		return m, m.Kind() == content.KindObject && m.Len() > 0
	case fAnnotations:
		return c.shaped(v, &annotationsShape, depth)
	case fContents:
		return c.Contents(v, depth), true
	case fIcons, fSizes, fAudience:
		if v.Kind() != content.KindArray {
			c.Fail(content.CodeInvalidType, "must be an array")
			return v, false
		}
		if c.tooDeep(depth) {
			return v, false
		}
		// items is made at the first element that the check changes; until
		// then the output is v itself.
		var items []content.Value
		at := func(j int) content.Value {
			if items != nil {
				return items[j]
			}
			return v.Index(j)
		}
		for i := range itemCount(v) {
			e := v.Index(i)
			var ne content.Value
			c.path.Index(i)
			switch k {
			case fIcons:
				ne, _ = c.shaped(e, &iconShape, depth+1)
			case fSizes:
				s, _ := c.String(e)
				ne = content.NewString(s)
			case fAudience:
				if s, ok := c.String(e); ok {
					if s != string(content.User) && s != string(content.Assistant) {
						c.Fail(content.CodeInvalidAnnotations, "audience entries are \"user\" or \"assistant\"")
					} else {
						for j := 0; j < i; j++ {
							if at(j).Str() == s {
								c.Fail(content.CodeInvalidAnnotations, "audience lists a role twice")
								break
							}
						}
					}
					ne = content.NewString(s)
				}
			}
			c.path.Pop()
			if c.halt {
				return v, false
			}
			if items == nil && !contentlink.Identical(ne, e) {
				items = make([]content.Value, itemCount(v))
				for j := range i {
					items[j] = v.Index(j)
				}
			}
			if items != nil {
				items[i] = ne
			}
		}
		if items == nil {
			return v, true
		}
		return content.NewArray(items...), true
	case fSize:
		if !v.IsNumber() {
			c.Fail(content.CodeInvalidType, "size must be an integer")
			return v, false
		}
		n, ok := integer(v)
		if !ok || n < 0 || n > MaxSafeInteger {
			c.Fail(content.CodeInvalidValue, "size must be an integer from 0 to 2^53-1")
			return v, false
		}
		return content.NewInt(n), true
	case fPriority:
		if !v.IsNumber() {
			c.Fail(content.CodeInvalidType, "priority must be a number")
			return v, false
		}
		if f := number(v); math.IsNaN(f) || f < 0 || f > 1 {
			c.Fail(content.CodeInvalidAnnotations, "priority must be a number from 0 to 1")
			return v, false
		}
		return v, true
	case fBase64:
		if v.Kind() == content.KindBytes {
			return content.NewString(base64.StdEncoding.EncodeToString([]byte(v.Str()))), true
		}
	}
	// string fields
	s, ok := c.String(v)
	if !ok {
		return v, false
	}
	msg, code := stringRule(k, s)
	if code == content.CodeInvalidMIMEType && s == "" && c.opts.Lenient {
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

// stringRule applies the rule of a string field of kind k to s, a valid
// UTF-8 string: the message and code of its fault, or "" when it passes
// (code may be set for a passing string: the code its fault would have).
// The checks of a value tree (field) and the one pass from MessagePack
// (onepass.go) both call it.
func stringRule(k fieldKind, s string) (msg string, code content.Code) {
	switch k {
	case fName:
		if s == "" {
			msg, code = "name must not be empty", content.CodeInvalidValue
		}
	case fBase64:
		msg, code = checkBase64(s), content.CodeInvalidBase64
	case fMIME:
		msg, code = checkMIMEType(s, ""), content.CodeInvalidMIMEType
	case fMIMEImage:
		msg, code = checkMIMEType(s, "image"), content.CodeInvalidMIMEType
	case fMIMEAudio:
		msg, code = checkMIMEType(s, "audio"), content.CodeInvalidMIMEType
	case fURI:
		msg, code = checkURI(s), content.CodeInvalidURI
	case fTheme:
		if s != "light" && s != "dark" {
			msg, code = "theme is \"light\" or \"dark\"", content.CodeInvalidValue
		}
	case fDateTime:
		msg, code = checkRFC3339(s), content.CodeInvalidAnnotations
	}
	return msg, code
}

// shaped checks that v is an object, then checks it against s.
func (c *Checker) shaped(v content.Value, s *shape, depth int) (content.Value, bool) {
	v, ok := c.Resolve(v)
	if !ok {
		return v, false
	}
	if v.Kind() != content.KindObject {
		c.Fail(content.CodeInvalidType, s.what+" must be an object")
		return v, false
	}
	return c.object(v, s, depth), true
}

// repeated reports whether the string key k appears more than once in
// object v.
func repeated(v content.Value, k string) bool {
	n := 0
	for i := 0; i < itemCount(v); i += 2 {
		if key := v.Index(i); key.Kind() == content.KindString && key.Str() == k {
			if n++; n > 1 {
				return true
			}
		}
	}
	return false
}
