package result

import (
	"unicode/utf8"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/contentlink"
	"github.com/mcpresult/mcpresult/internal/engine"
	"github.com/mcpresult/mcpresult/internal/revision"
)

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
	TTLMs      int64  // 0 to 2^53-1
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
	// UnsupportedError makes what the revision cannot carry an
	// unsupported_content_type error instead of a conversion: a
	// resource_link block before 2025-06-18, an audio block before
	// 2025-03-26, and structured content before 2025-06-18 that no text
	// block holds.
	UnsupportedError bool
}

// Serialize writes a built result as the given protocol revision defines it
// (see the package doc): it wraps non-object structured content as
// {"result": value} for 2025-06-18 and 2025-11-25, removes what a revision
// lacks, keeps the data of structured content for the oldest revisions in a
// text block, converts resource links and audio for them, adds the
// protocol-owned fields when finalizing for 2026-07-28, and checks the
// budget the result was built with again on what it writes.
func Serialize(r *Result, opts SerializeOptions) ([]byte, error) {
	if r == nil || r.json == nil {
		return nil, content.NewError(content.CodeInvalidType, "", "no result to serialize")
	}
	o, err := opts.check()
	if err != nil {
		return nil, err
	}
	s := r.settings.withDefaults()
	t := transformer{o: o, maxBytes: s.MaxJSONBytes}
	out := t.result(r.v, r.kind)
	if t.err != nil {
		return nil, t.err
	}
	if j := splice(out, r.v, s, o, r.json); j != nil {
		return j, nil
	}
	return t.write(out, s)
}

// serializeOpts are checked serialize options.
type serializeOpts struct {
	rev         revision.Revision
	format      content.Format
	finalize    *Finalize
	unsupported bool
}

func (o SerializeOptions) check() (serializeOpts, error) {
	rev, err := revisionOf(o.ProtocolVersion)
	if err != nil {
		return serializeOpts{}, err
	}
	if o.Format != content.Wire && o.Format != content.JCS {
		return serializeOpts{}, content.NewError(content.CodeInvalidOption, "/format", "format must be \"wire\" or \"jcs\"")
	}
	if f := o.Finalize; f != nil {
		if _, ok := checkTTL(content.NewInt(f.TTLMs)); !ok {
			return serializeOpts{}, content.NewError(content.CodeInvalidOption, "/finalize/ttlMs", msgTTL)
		}
		if f.CacheScope != "" && !checkCacheScope(f.CacheScope) {
			return serializeOpts{}, content.NewError(content.CodeInvalidOption, "/finalize/cacheScope", msgCacheScope)
		}
		if si := f.ServerInfo; si != nil && !checkImplementation(si.Name, si.Version) {
			return serializeOpts{}, content.NewError(content.CodeInvalidOption, "/finalize/serverInfo", msgServerInfo)
		}
	}
	return serializeOpts{rev: rev, format: o.Format, finalize: o.Finalize, unsupported: o.UnsupportedError}, nil
}

const msgServerInfo = "serverInfo must be {name, version}, two non-empty strings of valid UTF-8"

func checkImplementation(name, version string) bool {
	return name != "" && version != "" && utf8.ValidString(name) && utf8.ValidString(version)
}

// serialize transforms a checked result value for a revision and writes it
// within the budget.
func serialize(v content.Value, kind string, s Settings, o serializeOpts) ([]byte, error) {
	t := transformer{o: o, maxBytes: s.MaxJSONBytes}
	out := t.result(v, kind)
	if t.err != nil {
		return nil, t.err
	}
	return t.write(out, s)
}

// write writes a transformed result within the budget of s.
func (t *transformer) write(out content.Value, s Settings) ([]byte, error) {
	j, err := s.write(out, t.o.format)
	if err != nil {
		if t.wrapped {
			err = unwrapPath(err)
		}
		return nil, err
	}
	return j, nil
}

// resultTypeMember is the JSON of the resultType member of a finalized
// result, written first.
const resultTypeMember = `"resultType":"complete",`

// splice returns the wire JSON of out made from built, the wire JSON of v,
// when out is v with nothing changed but a resultType member put first
// (the same bytes as writing out, since the writer writes a member as it
// is); nil otherwise, and when the budget is near (the writer then says
// what passes it, as ever). Serialize of a built result uses it: a large
// result is then copied once rather than written again.
func splice(out, v content.Value, s Settings, o serializeOpts, built []byte) []byte {
	if built == nil || o.format != content.Wire || len(built) < 2 || v.Len() == 0 {
		return nil
	}
	lead := out.Len() - v.Len()
	if lead < 0 || lead > 1 || lead == 1 && out.Member(0).Key.Str() != "resultType" {
		return nil
	}
	for i := 0; i < v.Len(); i++ {
		a, b := out.Member(lead+i), v.Member(i)
		if a.Key.Str() != b.Key.Str() || !contentlink.Identical(a.Value, b.Value) {
			return nil
		}
	}
	n := len(built)
	if lead == 1 {
		n += len(resultTypeMember)
	}
	if n > s.MaxJSONBytes || s.budget().Check(out) != nil {
		return nil
	}
	j := make([]byte, 0, n)
	j = append(j, '{')
	if lead == 1 {
		j = append(j, resultTypeMember...)
	}
	return append(j, built[1:]...)
}

// unwrapPath makes an error in wrapped structured content (not_i_json at
// /structuredContent/result/…) name the place the caller gave it.
func unwrapPath(err error) error {
	const wrapped = "/structuredContent/result"
	// The writer returns its own *content.Error, unwrapped (no errors.As:
	// it would link reflection into the WebAssembly guest).
	e, ok := err.(*content.Error)
	if ok && len(e.Path) >= len(wrapped) && e.Path[:len(wrapped)] == wrapped &&
		(len(e.Path) == len(wrapped) || e.Path[len(wrapped)] == '/') {
		return content.NewError(e.Code, "/structuredContent"+e.Path[len(wrapped):], e.Message)
	}
	return err
}

type transformer struct {
	o        serializeOpts
	maxBytes int
	wrapped  bool // structured content was wrapped as {"result": value}
	err      error
}

func (t *transformer) fail(code content.Code, path, msg string) {
	if t.err == nil {
		t.err = content.NewError(code, path, msg)
	}
}

// result rebuilds a result object for the revision, keeping wire order.
// Every error path names a place in the result as the caller gave it.
func (t *transformer) result(v content.Value, kind string) content.Value {
	rev := t.o.rev
	var out []content.Member
	fin := t.o.finalize != nil && rev.Defines(resultObject(kind), "resultType")
	if fin {
		out = append(out, content.Str("resultType", content.NewString("complete")))
	}
	sc, hasSC := v.Get("structuredContent")
	var meta content.Value
	hasMeta := false
	for i := 0; i < v.Len(); i++ {
		m := v.Member(i)
		switch k := m.Key.Str(); k {
		case "content":
			items := make([]content.Value, 0, m.Value.Len()+1)
			same := true
			for j := 0; j < m.Value.Len(); j++ {
				if b, keep := t.block(m.Value.Index(j), "/content/"+itoa(j)); keep {
					items = append(items, b)
					same = same && contentlink.Identical(b, m.Value.Index(j))
				}
			}
			if hasSC && !rev.Defines(resultObject(kind), "structuredContent") {
				if b, ok := t.structuredText(sc, m.Value); ok {
					items = append(items, b)
				}
			}
			if same && len(items) == m.Value.Len() {
				out = append(out, m) // unchanged: the same value
			} else {
				out = append(out, content.Str(k, content.NewArray(items...)))
			}
		case "contents":
			items := make([]content.Value, m.Value.Len())
			for j := range items {
				items[j] = t.fields(m.Value.Index(j), "contents")
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
			case !rev.Defines(resultObject(kind), k):
				// left out: a text block carries its data
			case !rev.StructuredAnyValue() && m.Value.Kind() != content.KindObject:
				out = append(out, content.Str(k, content.NewObject(content.Str("result", m.Value))))
				t.wrapped = true
			default:
				out = append(out, m)
			}
		case "_meta":
			meta, hasMeta = m.Value, true
			if _, ok := meta.Get(relatedTaskKey); ok && !rev.DefinesMetaKey(relatedTaskKey) {
				meta = filter(meta, func(m content.Member) (content.Member, bool) { return m, m.Key.Str() != relatedTaskKey })
			}
		default:
			out = append(out, m)
		}
	}
	if fin && t.o.finalize.ServerInfo != nil {
		si := t.o.finalize.ServerInfo
		entry := content.Str(serverInfoKey, content.NewObject(
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

// structuredText is the text block that carries structured content to a
// revision without structuredContent, unless a text block of blocks already
// holds it (its text parses as JSON to an equal value). With
// UnsupportedError it is an unsupported_content_type error instead.
func (t *transformer) structuredText(sc, blocks content.Value) (content.Value, bool) {
	n := countValues(sc)
	for i := 0; i < blocks.Len(); i++ {
		b := blocks.Index(i)
		if typ, _ := b.Get("type"); typ.Str() != "text" {
			continue
		}
		if text, _ := b.Get("text"); holds(text.Str(), sc, n) {
			return content.Value{}, false
		}
	}
	if t.o.unsupported {
		t.fail(content.CodeUnsupportedContentType, "/structuredContent", "protocol revision "+t.o.rev.String()+" has no structuredContent, and no text block holds its JSON")
		return content.Value{}, false
	}
	j, err := engine.Budget{MaxBytes: t.maxBytes, MaxDepth: content.MaxParseDepth}.AppendJSON(nil, sc, content.Wire)
	if err != nil {
		t.err = err
		return content.Value{}, false
	}
	return textBlock(string(j)), true
}

// holds reports whether text is JSON for a value equal to v, which has n
// JSON values: the same value, whatever the key order, spacing or escapes of
// the encoder that wrote it.
func holds(text string, v content.Value, n int) bool {
	i := 0
	for i < len(text) && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r') {
		i++
	}
	if i == len(text) {
		return false
	}
	// A cheap test before parsing: the first character says the kind.
	switch c := text[i]; v.Kind() {
	case content.KindObject:
		if c != '{' {
			return false
		}
	case content.KindArray:
		if c != '[' {
			return false
		}
	case content.KindString:
		if c != '"' {
			return false
		}
	}
	// A text that holds v has as many JSON values as v: parsing stops past
	// that, so a long text costs no more than v itself does.
	p, err := content.ParseJSONLimit([]byte(text), n)
	return err == nil && engine.EqualJSON(p, v)
}

// countValues counts the JSON values of a checked value.
func countValues(v content.Value) int {
	n := 1
	for i := 0; i < v.Len(); i++ {
		if v.Kind() == content.KindArray {
			n += countValues(v.Index(i))
		} else {
			n += countValues(v.Member(i).Value)
		}
	}
	return n
}

// block rewrites one content block for the revision; keep is false when it
// is dropped (never, today: unsupported blocks are converted or an error).
func (t *transformer) block(b content.Value, path string) (content.Value, bool) {
	rev := t.o.rev
	typ, _ := b.Get("type")
	switch ty := typ.Str(); {
	case ty == "resource_link" && !rev.Defines(ty, ""):
		if t.o.unsupported {
			t.fail(content.CodeUnsupportedContentType, path, "resource_link blocks do not exist before protocol revision 2025-06-18")
			return b, false
		}
		uri, _ := b.Get("uri")
		name, _ := b.Get("name")
		return t.convertedText(b, "Resource: "+name.Str()+" "+uri.Str()), true
	case ty == "audio" && !rev.Defines(ty, ""):
		if t.o.unsupported {
			t.fail(content.CodeUnsupportedContentType, path, "audio blocks do not exist before protocol revision 2025-03-26")
			return b, false
		}
		mt, _ := b.Get("mimeType")
		return t.convertedText(b, "[audio omitted: "+mt.Str()+"]"), true
	}
	return t.fields(b, typ.Str()), true
}

// fields rewrites a protocol object (a block, resource contents,
// annotations, an icon) for the revision: it leaves out the fields the
// revision does not define, and an annotations object left empty by that.
// Free-form values (_meta values) are never entered.
func (t *transformer) fields(obj content.Value, object string) content.Value {
	rev := t.o.rev
	return filter(obj, func(m content.Member) (content.Member, bool) {
		k := m.Key.Str()
		if !rev.Defines(object, k) {
			return m, false
		}
		switch sub := engine.ObjectOfField(k); sub {
		case "annotations", "contents":
			before := m.Value.Len()
			m.Value = t.fields(m.Value, sub)
			if before > 0 && m.Value.Len() == 0 {
				return m, false // emptied by the revision (lastModified)
			}
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
		if fa := t.fields(a, "annotations"); fa.Len() > 0 || a.Len() == 0 {
			members = append(members, content.Str("annotations", fa))
		}
	}
	return content.NewObject(members...)
}

// filter returns the members of object v that keep accepts, as it changes
// them: v itself when it keeps them all unchanged.
func filter(v content.Value, keep func(content.Member) (content.Member, bool)) content.Value {
	out := make([]content.Member, 0, v.Len())
	same := true
	for i := 0; i < v.Len(); i++ {
		m := v.Member(i)
		if k, ok := keep(m); ok {
			out = append(out, k)
			same = same && contentlink.Identical(k.Value, m.Value)
		}
	}
	if same && len(out) == v.Len() {
		return v
	}
	return content.NewObject(out...)
}
