// Command fairgen generates result values the way real servers send them
// and validates each natively, for the fairness oracle
// (tools/oracle/fairness.mjs), which checks the verdicts against the
// official schema of each revision: validate must not report an error for a
// result the schema accepts, except for the library's documented policy
// findings.
//
// The values start from every build vector's output serialized (with
// finalize) for every revision, as revgen makes them, and from a few results
// built here with every block type; mutations then add what servers really
// send: unknown fields, misspelt fields, empty lists and media types, fields
// of another revision, values of the wrong type, removed required fields,
// odd URIs, base64, timestamps, _meta keys and numbers. Each value is
// written as JSON, parsed back with content.ParseJSON (so duplicate keys,
// lone surrogates and number spellings reach validate as a client sends
// them) and validated at stage wire. Output: JSON lines
//
//	[version, resultJSON, errorCodes, warningCodes, kind, label, errorPaths]
//
// where errorPaths lists the path of each error code, in the same order.
//
//	go run ./internal/cmd/fairgen | node tools/oracle/fairness.mjs
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/vectortest"
	"github.com/mcpresult/mcpresult/result"
)

type obj = map[string]any

// raw is JSON text written as it is (numbers, escapes, duplicate keys that a
// Go map cannot hold).
func raw(s string) json.RawMessage { return json.RawMessage(s) }

type base struct {
	version, kind, label string
	value                obj
}

type gen struct {
	w    *bufio.Writer
	seen map[string]bool
	n    int
}

func main() {
	g := &gen{w: bufio.NewWriter(os.Stdout), seen: map[string]bool{}}
	defer g.w.Flush()
	vectors, err := vectorBases()
	if err != nil {
		fmt.Fprintln(os.Stderr, "fairgen:", err)
		os.Exit(1)
	}
	synthetic, err := syntheticBases()
	if err != nil {
		fmt.Fprintln(os.Stderr, "fairgen:", err)
		os.Exit(1)
	}
	for _, b := range vectors {
		g.broad(b)
	}
	for _, b := range synthetic {
		g.broad(b)
		g.deep(b)
	}
	for _, v := range result.ProtocolVersions() {
		g.injected(v, synthetic)
		g.rawCases(v)
	}
	if g.n == 0 {
		fmt.Fprintln(os.Stderr, "fairgen: nothing generated")
		os.Exit(1)
	}
}

// vectorBases returns every build vector's output serialized with finalize
// for every revision.
func vectorBases() ([]base, error) {
	settings := result.Settings{MaxJSONBytes: result.MaxMaxJSONBytes, MaxNodes: result.MaxMaxNodes}
	vectors, err := vectortest.LoadDir(filepath.Join("testdata", "vectors"))
	if err != nil {
		return nil, err
	}
	names, outputs, err := vectortest.BuildOutputs(vectors)
	if err != nil {
		return nil, err
	}
	var out []base
	for i, built := range outputs {
		for _, version := range result.ProtocolVersions() {
			opts := content.NewObject(
				content.Str("protocolVersion", content.NewString(version)),
				content.Str("finalize", content.NewBool(true)),
			)
			j, err := vectortest.SerializeValue(settings, built, opts)
			if err != nil {
				continue // over the depth limit once wrapped (revgen checks the rest)
			}
			b, err := decode(j)
			if err != nil {
				return nil, err
			}
			kind := result.KindTool
			if _, ok := b["contents"]; ok {
				kind = result.KindResource
			}
			out = append(out, base{version, kind, "vector " + names[i], b})
		}
	}
	return out, nil
}

// syntheticBases builds, for every revision, a tool result with each block
// type alone (every optional field set) and resource results with text and
// blob contents, serialized with finalize.
func syntheticBases() ([]base, error) {
	ann := content.WithAnnotations(content.Annotations{Audience: []content.Role{content.User, content.Assistant},
		Priority: content.Priority(0.5), LastModified: "2025-01-12T15:00:58Z"})
	meta := content.WithMeta(map[string]any{"com.example/trace": "t-1"})
	textC := content.TextResource("file:///srv/notes.md", "# notes", content.WithMIMEType("text/markdown"), meta)
	blobC := content.BlobResource("https://example.com/a.bin", "AAEC", content.WithMIMEType("application/octet-stream"), meta)
	blocks := map[string]content.Block{
		"text":  content.Text("hello", ann, meta),
		"image": content.Image("iVBORw0KGgo=", "image/png", ann, meta),
		"audio": content.Audio("UklGRg==", "audio/wav", ann, meta),
		"resource_link": content.ResourceLink("https://example.com/r/1", "r1", content.WithTitle("R 1"),
			content.WithDescription("a link"), content.WithMIMEType("text/plain"), content.WithSize(12),
			content.WithIcons(content.Icon{Src: "https://example.com/i.png", MIMEType: "image/png", Sizes: []string{"48x48"}, Theme: "dark"}),
			ann, meta),
		"resource(text)": content.EmbeddedResource(textC, ann, meta),
		"resource(blob)": content.EmbeddedResource(blobC, ann, meta),
	}
	names := make([]string, 0, len(blocks))
	for k := range blocks {
		names = append(names, k)
	}
	sort.Strings(names)
	var out []base
	add := func(label, kind string, r *result.Result) error {
		for _, v := range result.ProtocolVersions() {
			j, err := result.Serialize(r, result.SerializeOptions{ProtocolVersion: v,
				Finalize: &result.Finalize{ServerInfo: &result.Implementation{Name: "srv", Version: "1.0.0"}}})
			if err != nil {
				return fmt.Errorf("%s for %s: %w", label, v, err)
			}
			b, err := decode(j)
			if err != nil {
				return err
			}
			out = append(out, base{v, kind, label, b})
		}
		return nil
	}
	for _, name := range names {
		r, err := result.Tool(result.Content(blocks[name]), result.Meta(map[string]any{"com.example/run": 1}))
		if err != nil {
			return nil, fmt.Errorf("synthetic %s: %w", name, err)
		}
		if err := add("synthetic "+name, result.KindTool, r); err != nil {
			return nil, err
		}
	}
	r, err := result.Tool(result.StructuredContent(map[string]any{"ok": true, "n": 2}))
	if err != nil {
		return nil, err
	}
	if err := add("synthetic structured", result.KindTool, r); err != nil {
		return nil, err
	}
	for label, c := range map[string]content.Contents{"synthetic contents(text)": textC, "synthetic contents(blob)": blobC} {
		r, err := result.Resource(result.Contents(c), result.Meta(map[string]any{"com.example/run": 1}))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", label, err)
		}
		if err := add(label, result.KindResource, r); err != nil {
			return nil, err
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].label < out[j].label })
	return out, nil
}

// decode parses JSON with numbers kept as written.
func decode(j []byte) (obj, error) {
	d := json.NewDecoder(bytes.NewReader(j))
	d.UseNumber()
	var m obj
	err := d.Decode(&m)
	return m, err
}

func clone(v any) any {
	switch x := v.(type) {
	case obj:
		m := make(obj, len(x))
		for k, e := range x {
			m[k] = clone(e)
		}
		return m
	case []any:
		a := make([]any, len(x))
		for i, e := range x {
			a[i] = clone(e)
		}
		return a
	}
	return v
}

func encode(v any) []byte {
	var b bytes.Buffer
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	if err := e.Encode(v); err != nil {
		panic(err)
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// emit validates one result as JSON text and writes its line, once.
func (g *gen) emit(version, kind, label string, j []byte) {
	key := version + "\x00" + kind + "\x00" + string(j)
	if g.seen[key] {
		return
	}
	g.seen[key] = true
	errs, warns, paths := []string{}, []string{}, []string{}
	v, err := content.ParseJSON(j)
	if err != nil {
		panic(fmt.Sprintf("%s: generated invalid JSON: %v", label, err))
	}
	rep, err := result.Validate(v, result.ValidateOptions{Kind: kind, ProtocolVersion: version, Stage: result.StageWire})
	if err != nil {
		panic(err)
	}
	for _, e := range rep.Errors {
		errs = append(errs, string(e.Code))
		paths = append(paths, e.Path)
	}
	for _, e := range rep.Warnings {
		warns = append(warns, string(e.Code))
	}
	line, err := json.Marshal([]any{version, string(j), errs, warns, kind, label, paths})
	if err != nil {
		panic(err)
	}
	g.w.Write(append(line, '\n'))
	g.n++
}

// edit emits a copy of b changed by f, unless f reports that it does not
// apply.
func (g *gen) edit(b base, what string, f func(r obj) bool) {
	r := clone(b.value).(obj)
	if f(r) {
		g.emit(b.version, b.kind, b.label+": "+what, encode(r))
	}
}

// set and del return edits of one object found by at.
func set(at func(obj) obj, k string, v any) func(obj) bool {
	return func(r obj) bool {
		o := at(r)
		if o == nil {
			return false
		}
		o[k] = clone(v)
		return true
	}
}

func del(at func(obj) obj, k string) func(obj) bool {
	return func(r obj) bool {
		o := at(r)
		if o == nil {
			return false
		}
		if _, ok := o[k]; !ok {
			return false
		}
		delete(o, k)
		return true
	}
}

func top(r obj) obj { return r }

func item(r obj, list string, i int) obj {
	a, _ := r[list].([]any)
	if i >= len(a) {
		return nil
	}
	o, _ := a[i].(obj)
	return o
}

// blockAt finds content block i; contentsAt finds resource contents i: of
// a resource result, or embedded in block i of a tool result.
func blockAt(i int) func(obj) obj { return func(r obj) obj { return item(r, "content", i) } }

func contentsAt(i int) func(obj) obj {
	return func(r obj) obj {
		if o := item(r, "contents", i); o != nil {
			return o
		}
		if b := item(r, "content", i); b != nil {
			c, _ := b["resource"].(obj)
			return c
		}
		return nil
	}
}

func annotationsAt(i int) func(obj) obj {
	return func(r obj) obj {
		b := item(r, "content", i)
		if b == nil {
			return nil
		}
		a, _ := b["annotations"].(obj)
		return a
	}
}

func iconAt(i int) func(obj) obj {
	return func(r obj) obj {
		b := item(r, "content", i)
		if b == nil {
			return nil
		}
		icons, _ := b["icons"].([]any)
		if len(icons) == 0 {
			return nil
		}
		o, _ := icons[0].(obj)
		return o
	}
}

func count(r obj, list string) int {
	a, _ := r[list].([]any)
	return min(len(a), 3)
}

// broad applies the mutations real servers produce most to any result.
func (g *gen) broad(b base) {
	g.emit(b.version, b.kind, b.label, encode(b.value))
	g.edit(b, "unknown top-level field", set(top, "foo", "bar"))
	g.edit(b, "misspelt top-level field", set(top, "iserror", true))
	g.edit(b, "remove _meta", del(top, "_meta"))
	g.edit(b, "_meta with a custom key", set(top, "_meta", obj{"com.example/x": 1}))
	g.edit(b, "resultType added", set(top, "resultType", "complete"))
	g.edit(b, "resultType removed", del(top, "resultType"))
	if b.kind == result.KindTool {
		g.edit(b, "content: []", set(top, "content", []any{}))
		g.edit(b, "content removed", del(top, "content"))
		g.edit(b, "isError removed", del(top, "isError"))
		g.edit(b, "isError as a string", set(top, "isError", "false"))
		g.edit(b, "structuredContent object", set(top, "structuredContent", obj{"a": 1}))
		g.edit(b, "structuredContent array", set(top, "structuredContent", []any{1, 2}))
		g.edit(b, "structuredContent string", set(top, "structuredContent", "s"))
		g.edit(b, "structuredContent null", set(top, "structuredContent", nil))
		g.edit(b, "ttlMs on a tool result", set(top, "ttlMs", 0))
	} else {
		g.edit(b, "contents: []", set(top, "contents", []any{}))
		g.edit(b, "contents removed", del(top, "contents"))
		g.edit(b, "ttlMs added", set(top, "ttlMs", 60000))
		g.edit(b, "ttlMs removed", del(top, "ttlMs"))
		g.edit(b, "cacheScope added", set(top, "cacheScope", "public"))
		g.edit(b, "cacheScope removed", del(top, "cacheScope"))
		g.edit(b, "unknown field isError", set(top, "isError", false))
	}
	for i := 0; i < count(b.value, "content"); i++ {
		at := blockAt(i)
		p := fmt.Sprintf("block %d ", i)
		g.edit(b, p+"unknown field name", set(at, "name", "x"))
		g.edit(b, p+"misspelt mimetype", set(at, "mimetype", "text/plain"))
		g.edit(b, p+"mimeType empty", func(r obj) bool {
			o := at(r)
			if o == nil || (o["mimeType"] == nil && o["type"] != "resource_link") {
				return false
			}
			o["mimeType"] = ""
			return true
		})
		g.edit(b, p+"_meta", set(at, "_meta", obj{"com.example/k": "v"}))
		g.edit(b, p+"type removed", del(at, "type"))
		g.edit(b, p+"annotations", set(at, "annotations", obj{"audience": []any{"user"}, "priority": 0.5, "lastModified": "2025-01-12T15:00:58Z"}))
		g.edit(b, p+"lastModified with a leap second", set(at, "annotations", obj{"lastModified": "2016-12-31T23:59:60Z"}))
		g.edit(b, p+"icons", func(r obj) bool {
			o := at(r)
			if o == nil || o["type"] != "resource_link" {
				return false
			}
			o["icons"] = []any{obj{"src": "https://example.com/i.png"}}
			return true
		})
		for _, k := range []string{"text", "data", "mimeType", "uri", "name", "resource"} {
			g.edit(b, p+k+" removed", del(at, k))
		}
	}
	n := count(b.value, "contents")
	if b.kind == result.KindTool {
		n = count(b.value, "content")
	}
	for i := 0; i < n; i++ {
		at := contentsAt(i)
		p := fmt.Sprintf("contents %d ", i)
		g.edit(b, p+"unknown field name", set(at, "name", "x"))
		g.edit(b, p+"unknown field title", set(at, "title", "T"))
		g.edit(b, p+"misspelt mimetype", set(at, "mimetype", "text/plain"))
		g.edit(b, p+"mimeType empty", set(at, "mimeType", ""))
		g.edit(b, p+"_meta", set(at, "_meta", obj{"com.example/k": "v"}))
		g.edit(b, p+"icons", set(at, "icons", []any{obj{"src": "https://example.com/i.png"}}))
		g.edit(b, p+"uri removed", del(at, "uri"))
		g.edit(b, p+"text removed", del(at, "text"))
		g.edit(b, p+"blob removed", del(at, "blob"))
		g.edit(b, p+"text and blob", func(r obj) bool {
			o := at(r)
			if o == nil {
				return false
			}
			if _, ok := o["text"]; ok {
				o["blob"] = "AAEC"
			} else {
				o["text"] = "x"
			}
			return true
		})
	}
}

var uris = []any{
	"https://example.com/a", "file:///srv/a.txt", "urn:isbn:0451450523", "mailto:a@example.com", "HTTP://EXAMPLE.COM/",
	"relative/path", "/abs/path", "//host/path", "", "https://user:pass@example.com/", "postgres://app@db/x",
	"https://example.com/a/../b", "https://../x", "https://%2e%2e/x", "http://exa mple.com/", "https://example.com/ü",
	"https://example.com/%20x", "https://example.com/%zz", "https://example.com/%00", "https://example.com/a\\b",
	"http://host:port/", "http://[::1]:8080/x", "http://[::1/", "a:b", "1a:b", "x-y+z.w:rest", "https://example.com/#frag",
	"https://example.com/?q=a b", "https://example.com/?q=%41", "data:text/plain;base64,SGk=", "https://@host/",
	"file://C:/dir/f", "https://example.com/a?b#c#d", "https://exa_mple.com/", "https://example.com:/x", 5, nil,
}

var base64s = []any{"", "AAEC", "AA==", "AB==", "AAE=", "AAF=", "QUJD\nREVG", "QUJDRA", "QUJD RA==", "QUJDRA-_", "not base64!",
	"data:image/png;base64,iVBORw0KGgo=", "====", "A===", 5, nil}

var mimeTypes = []any{"", "text/plain", "image/png", "audio/wav", "image", "image/png;", "IMAGE/PNG", "image/png; charset=utf-8",
	"image/svg+xml", "image/*", "*/*", "application/octet-stream", "text/plain; charset=\"utf-8\"", "text/plain;;a=b",
	"text /plain", "text/plain; a", "application/vnd.api+json", 5, nil}

var timestamps = []any{"2025-01-12T15:00:58Z", "2016-12-31T23:59:60Z", "2025-01-12t15:00:58z", "2025-01-12T15:00:58",
	"2025-01-12", "2025-02-30T00:00:00Z", "2025-01-12T24:00:00Z", "2025-01-12T15:00:58.123+05:30", "2025-01-12 15:00:58Z",
	"2025-01-12T15:00:58+0530", "20250112T150058Z", "yesterday", "", 5, nil}

var metas = []any{nil, []any{}, "x", obj{}, obj{"com.example/k": 1}, obj{"a b": 1}, obj{"": 1}, obj{"com.example/": 1},
	obj{"io.modelcontextprotocol/x": 1}, obj{"io.mcp/x": 1}, obj{"IO.MCP/x": 1}, obj{"modelcontextprotocol.io/x": 1},
	obj{"progressToken": 1}, obj{"a/b/c": 1}, obj{"-x": 1}, obj{"x.": 1}, obj{"com.-x/y": 1}, obj{"1.2/x": 1},
	obj{"io.modelcontextprotocol/serverInfo": obj{"name": "a", "version": "1"}},
	obj{"io.modelcontextprotocol/related-task": obj{"taskId": "t"}},
	obj{"nested": obj{"a b": obj{"io.modelcontextprotocol/x": 1}}}}

var serverInfos = []any{obj{"name": "a", "version": "1"}, obj{"name": "a", "version": "1", "title": "A", "websiteUrl": "https://a.example"},
	obj{"name": "a", "version": "1", "icons": []any{obj{"src": "not a uri"}}}, obj{"name": "a"}, obj{}, "a", nil,
	obj{"name": 1, "version": "1"}, obj{"name": "", "version": ""}, obj{"name": "a", "version": "1", "extra": true},
	obj{"name": "a", "version": "1", "title": 5}, obj{"name": "a", "version": "1", "websiteUrl": "not a uri"},
	obj{"name": "a", "version": "1", "icons": []any{obj{"src": "https://a.example/i.png", "theme": "blue"}}}}

var relatedTasks = []any{obj{"taskId": "t"}, obj{}, obj{"taskId": 5}, "t", nil, obj{"taskId": "t", "extra": 1}}

var numbers = []any{0, 1, -1, 1.5, "10", nil, true, raw("1.0"), raw("-0"), raw("1e3"), raw("1E+2"), raw("0.5e1"),
	raw("9007199254740991"), raw("9007199254740992"), raw("9007199254740993"), raw("1e20"), raw("1e400"), raw("-1e400"),
	raw("18446744073709551616"), raw("-0.0"), raw("1.0000000000000001")}

var priorities = []any{0, 1, 0.5, -0.1, 1.1, 2, "high", nil, raw("1.0"), raw("-0"), raw("1e-400"), raw("1e400"), raw("0.99999999999999999")}

var icons = []any{[]any{}, "x", nil, []any{obj{"src": "https://e.example/i.png"}}, []any{obj{"src": "https://e.example/i.png", "theme": "blue"}},
	[]any{obj{"src": "https://e.example/i.png", "theme": "light"}}, []any{obj{"src": "rel.png"}}, []any{obj{"src": "data:image/png;base64,AAAA"}},
	[]any{obj{"src": "x:y", "sizes": "48x48"}}, []any{obj{"src": "x:y", "sizes": []any{"48x48", "any"}}}, []any{obj{"src": "x:y", "sizes": []any{1}}},
	[]any{obj{"src": "x:y", "mimeType": ""}}, []any{obj{"src": "x:y", "mimeType": "png"}}, []any{obj{"src": "x:y", "extra": 1}}, []any{obj{}},
	[]any{"https://e.example/i.png"}, []any{obj{"src": "https://user:pw@e.example/i.png"}}}

var annotationsValues = []any{nil, obj{}, "x", []any{}, obj{"audience": "user"}, obj{"audience": []any{"user", "user"}},
	obj{"audience": []any{"system"}}, obj{"audience": []any{}}, obj{"audience": []any{"assistant", "user"}}, obj{"audience": []any{nil}},
	obj{"title": "x"}, obj{"lastmodified": "2025-01-12T15:00:58Z"}, obj{"priority": 0.5, "extra": obj{"a": 1}}}

var strs = []any{"", "x", 5, nil, true, obj{}, []any{"a"}}

// deep applies a catalogue of values to each field of a synthetic result.
func (g *gen) deep(b base) {
	each := func(at func(obj) obj, k, what string, vals []any) {
		for _, v := range vals {
			g.edit(b, fmt.Sprintf("%s %s = %s", what, k, encode(v)), set(at, k, v))
		}
	}
	if b.kind == result.KindTool {
		each(top, "isError", "result", []any{true, false, "true", nil, 1, obj{}})
		each(top, "content", "result", []any{[]any{}, nil, obj{}, "x", []any{nil}, []any{"text"}, []any{obj{}}, []any{obj{"type": "text"}}, []any{[]any{}}})
		each(top, "structuredContent", "result", []any{obj{}, obj{"a": 1}, []any{}, []any{1}, "s", 1, true, nil, obj{"a b": obj{"io.mcp/x": 1}}, raw("1e400"), raw(`{"x":"\ud800"}`), raw(`{"k":1,"k":2}`)})
		each(top, "ttlMs", "result", []any{0, -1, "x"})
		each(top, "cacheScope", "result", []any{"private", "shared"})
	} else {
		each(top, "contents", "result", []any{[]any{}, nil, obj{}, "x", []any{nil}, []any{obj{}}, []any{obj{"uri": "x:y"}}, []any{obj{"text": "t"}}})
		each(top, "ttlMs", "result", numbers)
		each(top, "cacheScope", "result", []any{"private", "public", "shared", "", "PUBLIC", nil, 1})
		each(top, "structuredContent", "result", []any{obj{"a": 1}})
	}
	each(top, "resultType", "result", []any{"complete", "incomplete", "", "COMPLETE", 1, nil, obj{}})
	each(top, "_meta", "result", metas)
	for _, si := range serverInfos {
		g.edit(b, "result _meta serverInfo = "+string(encode(si)), set(top, "_meta", obj{"io.modelcontextprotocol/serverInfo": si}))
	}
	for _, rt := range relatedTasks {
		g.edit(b, "result _meta related-task = "+string(encode(rt)), set(top, "_meta", obj{"io.modelcontextprotocol/related-task": rt}))
	}
	for _, k := range []string{"foo", "error", "Content", "structuredcontent", "nextCursor", "task", "_Meta", "meta", ""} {
		g.edit(b, "result unknown field "+k, set(top, k, obj{"code": 1, "nested": []any{raw(`"\ud800"`)}}))
	}
	g.edit(b, "result unknown field 1e400", set(top, "x", raw("1e400")))
	g.edit(b, "result unknown field deep", set(top, "x", raw(strings.Repeat("[", 70)+strings.Repeat("]", 70))))
	g.edit(b, "result unknown field lone surrogate key", set(top, "x", raw(`{"\udc00":1}`)))
	g.edit(b, "result unknown field duplicate keys", set(top, "x", raw(`{"a":1,"a":2}`)))

	for i := 0; i < count(b.value, "content"); i++ {
		at := blockAt(i)
		p := fmt.Sprintf("block %d", i)
		o := at(b.value)
		each(at, "type", p, []any{"TEXT", "markdown", "resource_link", "audio", 5, nil})
		each(at, "_meta", p, metas)
		each(at, "annotations", p, annotationsValues)
		each(at, "text", p, []any{5, nil, "", raw(`"\ud800"`), raw(`"\u0000"`)})
		if _, ok := o["data"]; ok {
			each(at, "data", p, base64s)
		}
		if _, ok := o["mimeType"]; ok || o["type"] == "resource_link" {
			each(at, "mimeType", p, mimeTypes)
		}
		if o["type"] == "resource_link" {
			each(at, "uri", p, uris)
			each(at, "name", p, strs)
			each(at, "title", p, strs)
			each(at, "description", p, strs)
			each(at, "size", p, numbers)
			each(at, "icons", p, icons)
			for _, k := range []string{"src", "theme", "sizes", "mimeType"} {
				g.edit(b, p+" icon "+k+" removed", del(iconAt(i), k))
			}
			each(iconAt(i), "src", p+" icon", uris)
			each(iconAt(i), "mimeType", p+" icon", mimeTypes)
			each(iconAt(i), "theme", p+" icon", []any{"dark", "light", "Dark", "", "blue", nil})
			each(iconAt(i), "sizes", p+" icon", []any{[]any{}, []any{"any"}, []any{"48"}, []any{""}, "48x48"})
		}
		if _, ok := o["resource"]; ok {
			each(at, "resource", p, []any{nil, "x", obj{}, obj{"uri": "x:y"}, obj{"uri": "x:y", "text": "t", "blob": "AAEC"}})
		}
		if _, ok := o["annotations"]; ok {
			aat := annotationsAt(i)
			each(aat, "lastModified", p+" annotations", timestamps)
			each(aat, "priority", p+" annotations", priorities)
			each(aat, "audience", p+" annotations", []any{[]any{"user"}, []any{"user", "user"}, []any{"User"}, "user", nil})
		}
	}
	n := count(b.value, "contents")
	if b.kind == result.KindTool {
		n = count(b.value, "content")
	}
	for i := 0; i < n; i++ {
		at := contentsAt(i)
		o := at(b.value)
		if o == nil {
			continue
		}
		p := fmt.Sprintf("contents %d", i)
		each(at, "uri", p, uris)
		each(at, "mimeType", p, mimeTypes)
		each(at, "_meta", p, metas)
		each(at, "name", p, []any{"x", 5})
		if _, ok := o["text"]; ok {
			each(at, "text", p, []any{"", 5, nil, raw(`"\ud800"`)})
			each(at, "blob", p+" (text and blob)", base64s)
		} else {
			each(at, "blob", p, base64s)
			each(at, "text", p+" (text and blob)", []any{"t", "", 5, nil, obj{}})
		}
	}
}

// injected puts blocks and contents of the newest revision into results of
// every revision: a field or block type the revision lacks, as a server
// written for another revision sends them.
func (g *gen) injected(version string, synthetic []base) {
	var shell base
	for _, b := range synthetic {
		if b.version == version && b.label == "synthetic text" {
			shell = b
		}
	}
	for _, b := range synthetic {
		if b.version != result.V20260728 {
			continue
		}
		if b.kind == result.KindTool {
			blocks, _ := b.value["content"].([]any)
			for _, blk := range blocks {
				into := base{version, result.KindTool, "injected into " + version + " " + b.label, shell.value}
				g.edit(into, "appended", func(r obj) bool {
					r["content"] = append(r["content"].([]any), clone(blk))
					return true
				})
			}
			continue
		}
		into := base{version, result.KindResource, "injected into " + version + " " + b.label, nil}
		for _, s := range synthetic {
			if s.version == version && s.label == b.label {
				into.value = s.value
			}
		}
		g.edit(into, "contents replaced", func(r obj) bool {
			r["contents"] = clone(b.value["contents"])
			return true
		})
	}
}

// rawCases are results whose JSON text a Go map cannot hold: duplicate keys
// at the top level and in blocks.
func (g *gen) rawCases(version string) {
	rt := ""
	if version == result.V20260728 {
		rt = `"resultType":"complete",`
	}
	res := rt
	if version == result.V20260728 {
		res += `"ttlMs":0,"cacheScope":"private",`
	}
	tool := func(label, body string) { g.emit(version, result.KindTool, "raw "+label, []byte("{"+rt+body+"}")) }
	resource := func(label, body string) {
		g.emit(version, result.KindResource, "raw "+label, []byte("{"+res+body+"}"))
	}
	tool("minimal", `"content":[{"type":"text","text":"a"}]`)
	tool("duplicate isError", `"content":[{"type":"text","text":"a"}],"isError":false,"isError":true`)
	tool("duplicate content", `"content":[],"content":[{"type":"text","text":"a"}]`)
	tool("duplicate unknown", `"content":[{"type":"text","text":"a"}],"x":1,"x":2`)
	tool("duplicate text", `"content":[{"type":"text","text":"a","text":"b"}]`)
	tool("duplicate type", `"content":[{"type":"image","type":"text","text":"a"}]`)
	tool("duplicate type, text last", `"content":[{"type":"image","data":"AAEC","mimeType":"image/png","type":"text","text":"a"}]`)
	tool("duplicate content, bad first", `"content":[{"type":"bogus"}],"content":[{"type":"text","text":"a"}]`)
	tool("duplicate text, bad first", `"content":[{"type":"text","text":5,"text":"a"}]`)
	tool("duplicate _meta key", `"content":[{"type":"text","text":"a"}],"_meta":{"k":1,"k":2}`)
	tool("duplicate annotations key", `"content":[{"type":"text","text":"a","annotations":{"priority":1,"priority":0}}]`)
	tool("lone surrogate text", `"content":[{"type":"text","text":"\ud800"}]`)
	tool("surrogate pair text", `"content":[{"type":"text","text":"\ud83d\ude00"}]`)
	tool("lone surrogate unknown key", `"content":[{"type":"text","text":"a","\udfff":1}]`)
	tool("lone surrogate _meta key", `"content":[{"type":"text","text":"a"}],"_meta":{"\ud800":1}`)
	tool("empty _meta", `"content":[{"type":"text","text":"a"}],"_meta":{}`)
	for _, j := range []string{`[]`, `"x"`, `null`, `1`, `true`} {
		g.emit(version, result.KindTool, "raw result "+j, []byte(j))
		g.emit(version, result.KindResource, "raw result "+j, []byte(j))
	}
	g.emit(version, result.KindTool, "raw empty object", []byte(`{}`))
	g.emit(version, result.KindResource, "raw empty object", []byte(`{}`))
	resource("minimal", `"contents":[{"uri":"x:y","text":"a"}]`)
	resource("duplicate uri", `"contents":[{"uri":"x:y","uri":"x:z","text":"a"}]`)
	resource("duplicate contents", `"contents":[],"contents":[]`)
	if version == result.V20260728 {
		g.emit(version, result.KindResource, "raw duplicate ttlMs", []byte(`{"resultType":"complete","ttlMs":0,"ttlMs":-1,"cacheScope":"private","contents":[]}`))
		g.emit(version, result.KindResource, "raw ttlMs 5.0", []byte(`{"resultType":"complete","ttlMs":5.0,"cacheScope":"private","contents":[]}`))
	}
	// Over the budget: bytes, values, depth.
	big := `"content":[{"type":"text","text":"` + strings.Repeat("a", 2_000_100) + `"}]`
	tool("over max bytes", big)
	tool("over max nodes", `"content":[{"type":"text","text":"a"}],"x":[`+strings.TrimSuffix(strings.Repeat("0,", 100_001), ",")+`]`)
	tool("over max depth in structuredContent", `"content":[{"type":"text","text":"a"}],"structuredContent":{"a":`+strings.Repeat("[", 70)+strings.Repeat("]", 70)+`}`)
	tool("over max depth in _meta", `"content":[{"type":"text","text":"a"}],"_meta":{"a":`+strings.Repeat("[", 70)+strings.Repeat("]", 70)+`}`)
}
