package result

import (
	"unicode/utf8"

	"github.com/mcpresult/mcpresult/content"
)

// The MCP protocol revisions mcpresult writes and checks, oldest first.
const (
	V20241105 = "2024-11-05"
	V20250326 = "2025-03-26"
	V20250618 = "2025-06-18"
	V20251125 = "2025-11-25"
	V20260728 = "2026-07-28"

	// LatestProtocolVersion is the default revision.
	LatestProtocolVersion = V20260728
)

// ProtocolVersions lists the supported revisions, oldest first.
var ProtocolVersions = []string{V20241105, V20250326, V20250618, V20251125, V20260728}

// Codes that only Serialize and Validate give.
const (
	CodeUnsupportedProtocolVersion = "unsupported_protocol_version"
	CodeUnsupportedContentType     = "unsupported_content_type"
	CodeMissingTextFallback        = "missing_text_fallback"
)

// revision is a protocol revision as an ordinal, for "from this one on".
type revision int

const (
	r20241105 revision = iota
	r20250326
	r20250618
	r20251125
	r20260728
)

// errUnsupportedVersion is the error for a protocolVersion this library does
// not know: never a silent guess.
func errUnsupportedVersion() error {
	return content.NewError(CodeUnsupportedProtocolVersion, "/protocolVersion", "unsupported protocol version; supported: 2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25, 2026-07-28")
}

func revisionOf(v string) (revision, bool) {
	for i, p := range ProtocolVersions {
		if p == v {
			return revision(i), true
		}
	}
	return 0, false
}

// What each revision has (SPEC section 9).
func (r revision) hasStructuredContent() bool { return r >= r20250618 }
func (r revision) structuredAnyValue() bool   { return r >= r20260728 }
func (r revision) hasIcons() bool             { return r >= r20251125 }
func (r revision) hasBlockMeta() bool         { return r >= r20250618 }
func (r revision) hasLastModified() bool      { return r >= r20250618 }
func (r revision) hasResourceLink() bool      { return r >= r20250618 }
func (r revision) hasAudio() bool             { return r >= r20250326 }
func (r revision) hasProtocolOwned() bool     { return r >= r20260728 }
func (r revision) hasRelatedTask() bool       { return r == r20251125 }

// Implementation identifies a server, as _meta["io.modelcontextprotocol/serverInfo"].
type Implementation struct {
	Name    string
	Version string
}

// Finalize are the protocol-owned fields a server adds for revision
// 2026-07-28: resultType "complete" always; the server identity when
// ServerInfo is set; for resource results ttlMs (default 0) and cacheScope
// (default "private").
type Finalize struct {
	ServerInfo *Implementation
	TTLMs      int64  // 0 or more
	CacheScope string // "public" or "private"; "" is "private"
}

// SerializeOptions say how to write a result.
type SerializeOptions struct {
	// ProtocolVersion is the revision the client speaks; "" is 2026-07-28.
	ProtocolVersion string
	// Format is Wire (default) or JCS.
	Format content.Format
	// Finalize, when not nil, adds the protocol-owned fields of 2026-07-28.
	// It changes nothing for older revisions, which have none.
	Finalize *Finalize
	// UnsupportedError makes a block the revision cannot carry
	// (resource_link before 2025-06-18, audio before 2025-03-26) an
	// unsupported_content_type error instead of a text block.
	UnsupportedError bool
}

// Serialize writes a built result as the given protocol revision defines it
// (SPEC section 9): it wraps non-object structured content as
// {"result": value} for the 2025 revisions, removes what a revision lacks,
// converts resource links and audio for the oldest ones, adds the
// protocol-owned fields when finalizing for 2026-07-28, and checks the
// budget the result was built with again on what it writes.
func Serialize(r *Result, opts SerializeOptions) ([]byte, error) {
	if r == nil {
		return nil, content.NewError(content.CodeInvalidType, "", "no result to serialize")
	}
	o, err := opts.check()
	if err != nil {
		return nil, err
	}
	return serialize(r.v, r.kind, r.settings.withDefaults(), o)
}

// serializeOpts are checked serialize options.
type serializeOpts struct {
	rev         revision
	format      content.Format
	finalize    *Finalize
	unsupported bool
}

func (o SerializeOptions) check() (serializeOpts, error) {
	v := o.ProtocolVersion
	if v == "" {
		v = LatestProtocolVersion
	}
	rev, ok := revisionOf(v)
	if !ok {
		return serializeOpts{}, errUnsupportedVersion()
	}
	if o.Format != Wire && o.Format != JCS {
		return serializeOpts{}, content.NewError(content.CodeInvalidOption, "/format", "format must be \"wire\" or \"jcs\"")
	}
	if f := o.Finalize; f != nil {
		if f.TTLMs < 0 || f.TTLMs > 1<<53-1 {
			return serializeOpts{}, content.NewError(content.CodeInvalidOption, "/finalize/ttlMs", "ttlMs must be an integer from 0 to 2^53-1")
		}
		if f.CacheScope != "" && f.CacheScope != "public" && f.CacheScope != "private" {
			return serializeOpts{}, content.NewError(content.CodeInvalidOption, "/finalize/cacheScope", "cacheScope must be \"public\" or \"private\"")
		}
		if si := f.ServerInfo; si != nil {
			if msg := checkImplementation(si.Name, si.Version); msg != "" {
				return serializeOpts{}, content.NewError(content.CodeInvalidOption, "/finalize/serverInfo", msg)
			}
		}
	}
	return serializeOpts{rev: rev, format: o.Format, finalize: o.Finalize, unsupported: o.UnsupportedError}, nil
}

func checkImplementation(name, version string) string {
	if name == "" || version == "" || !utf8.ValidString(name) || !utf8.ValidString(version) {
		return "serverInfo needs a non-empty name and version of valid UTF-8"
	}
	return ""
}

// serialize transforms a checked result value for a revision and writes it.
func serialize(v content.Value, kind string, s Settings, o serializeOpts) ([]byte, error) {
	t := transformer{o: o}
	out := t.result(v, kind)
	if t.err != nil {
		return nil, t.err
	}
	nodes, hint := measure(out)
	if nodes > s.MaxNodes {
		return nil, content.NewError(content.CodeMaxNodes, "", "the serialized result has more than "+itoa(s.MaxNodes)+" JSON values")
	}
	// Wrapping structured content as {"result": value} adds a level.
	if p, deep := tooDeep(out, 1, nil); deep {
		return nil, content.NewError(content.CodeMaxDepth, p, "the serialized result nests deeper than 64 levels")
	}
	j, err := content.AppendJSON(make([]byte, 0, min(hint, s.MaxJSONBytes+1)), out, o.format)
	if err != nil {
		return nil, err
	}
	if len(j) > s.MaxJSONBytes {
		return nil, content.NewError(content.CodeMaxBytes, "", "the serialized result is "+itoa(len(j))+" bytes of JSON, more than maxJsonBytes ("+itoa(s.MaxJSONBytes)+")")
	}
	return j, nil
}

type transformer struct {
	o   serializeOpts
	err error
}

func (t *transformer) fail(code, path, msg string) {
	if t.err == nil {
		t.err = content.NewError(code, path, msg)
	}
}

// result rebuilds a result object for the revision, keeping wire order.
func (t *transformer) result(v content.Value, kind string) content.Value {
	rev := t.o.rev
	var out []content.Member
	fin := t.o.finalize != nil && rev.hasProtocolOwned()
	if fin {
		out = append(out, content.Str("resultType", content.NewString("complete")))
	}
	var meta content.Value
	hasMeta := false
	for i := 0; i < v.Len(); i++ {
		m := v.Member(i)
		switch k := m.Key.Str(); k {
		case "content":
			items := make([]content.Value, 0, m.Value.Len())
			for j := 0; j < m.Value.Len(); j++ {
				if b, keep := t.block(m.Value.Index(j), "/content/"+itoa(j)); keep {
					items = append(items, b)
				}
			}
			out = append(out, content.Str(k, content.NewArray(items...)))
		case "contents":
			items := make([]content.Value, m.Value.Len())
			for j := range items {
				items[j] = t.fields(m.Value.Index(j))
			}
			out = append(out, content.Str(k, content.NewArray(items...)))
			if fin && kind == KindResource {
				f := t.o.finalize
				scope := f.CacheScope
				if scope == "" {
					scope = "private"
				}
				out = append(out, content.Str("ttlMs", content.NewInt(f.TTLMs)), content.Str("cacheScope", content.NewString(scope)))
			}
		case "structuredContent":
			switch {
			case !rev.hasStructuredContent():
				// left out: the text fallback carries it
			case !rev.structuredAnyValue() && m.Value.Kind() != content.KindObject:
				out = append(out, content.Str(k, content.NewObject(content.Str("result", m.Value))))
			default:
				out = append(out, m)
			}
		case "_meta":
			meta, hasMeta = m.Value, true
			if _, ok := meta.Get(RelatedTaskKey); ok && !rev.hasRelatedTask() {
				meta = filter(meta, func(m content.Member) (content.Member, bool) { return m, m.Key.Str() != RelatedTaskKey })
			}
		default:
			out = append(out, m)
		}
	}
	if fin && t.o.finalize.ServerInfo != nil {
		si := t.o.finalize.ServerInfo
		entry := content.Str(ServerInfoKey, content.NewObject(
			content.Str("name", content.NewString(si.Name)),
			content.Str("version", content.NewString(si.Version)),
		))
		var members []content.Member
		for i := 0; i < meta.Len(); i++ {
			members = append(members, meta.Member(i))
		}
		meta, hasMeta = content.NewObject(append(members, entry)...), true
	}
	if hasMeta && meta.Len() > 0 {
		out = append(out, content.Str("_meta", meta))
	}
	return content.NewObject(out...)
}

// block rewrites one content block for the revision; keep is false when it
// is dropped (never, today: unsupported blocks are converted or an error).
func (t *transformer) block(b content.Value, path string) (content.Value, bool) {
	rev := t.o.rev
	typ, _ := b.Get("type")
	switch typ.Str() {
	case "resource_link":
		if !rev.hasResourceLink() {
			if t.o.unsupported {
				t.fail(CodeUnsupportedContentType, path, "resource_link blocks do not exist before protocol revision 2025-06-18")
				return b, false
			}
			uri, _ := b.Get("uri")
			name, _ := b.Get("name")
			return t.convertedText(b, "Resource: "+name.Str()+" "+uri.Str()), true
		}
	case "audio":
		if !rev.hasAudio() {
			if t.o.unsupported {
				t.fail(CodeUnsupportedContentType, path, "audio blocks do not exist before protocol revision 2025-03-26")
				return b, false
			}
			mt, _ := b.Get("mimeType")
			return t.convertedText(b, "[audio omitted: "+mt.Str()+"]"), true
		}
	}
	return t.fields(b), true
}

// fields rewrites a block, resource contents or annotations object for the
// revision: it leaves out _meta, icons and lastModified where the revision
// lacks them, and rewrites the nested annotations and resource contents.
// Free-form values (_meta values) are never entered.
func (t *transformer) fields(obj content.Value) content.Value {
	rev := t.o.rev
	if rev.hasIcons() && rev.hasBlockMeta() && rev.hasLastModified() {
		return obj // the revision has every field
	}
	return filter(obj, func(m content.Member) (content.Member, bool) {
		switch m.Key.Str() {
		case "_meta":
			return m, rev.hasBlockMeta()
		case "icons":
			return m, rev.hasIcons()
		case "lastModified":
			return m, rev.hasLastModified()
		case "annotations", "resource":
			m.Value = t.fields(m.Value)
		}
		return m, true
	})
}

// convertedText is the text block that stands for a block the revision
// lacks; it keeps the block's annotations.
func (t *transformer) convertedText(b content.Value, text string) content.Value {
	members := []content.Member{
		content.Str("type", content.NewString("text")),
		content.Str("text", content.NewString(text)),
	}
	if a, ok := b.Get("annotations"); ok {
		members = append(members, content.Str("annotations", t.fields(a)))
	}
	return content.NewObject(members...)
}

// filter returns the members of object v that keep accepts, as it changes
// them.
func filter(v content.Value, keep func(content.Member) (content.Member, bool)) content.Value {
	out := make([]content.Member, 0, v.Len())
	for i := 0; i < v.Len(); i++ {
		if m, ok := keep(v.Member(i)); ok {
			out = append(out, m)
		}
	}
	return content.NewObject(out...)
}

// tooDeep finds the first object or array of v nested beyond MaxDepth (v is
// at the given level) and returns its JSON Pointer.
func tooDeep(v content.Value, level int, path []string) (string, bool) {
	k := v.Kind()
	if k != content.KindArray && k != content.KindObject {
		return "", false
	}
	if level > MaxDepth {
		var b []byte
		for _, seg := range path {
			b = append(b, '/')
			b = append(b, pointer(seg)[1:]...)
		}
		return string(b), true
	}
	for i := 0; i < v.Len(); i++ {
		var child content.Value
		var seg string
		if k == content.KindArray {
			child, seg = v.Index(i), itoa(i)
		} else {
			m := v.Member(i)
			child, seg = m.Value, m.Key.Str()
		}
		if p, deep := tooDeep(child, level+1, append(path, seg)); deep {
			return p, true
		}
	}
	return "", false
}
