package check

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// pageFixture reads a page of testdata/checkapps/pages: pages of the
// official MCP Apps example servers (README.md there says how each was
// made).
func pageFixture(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "testdata", "checkapps", "pages", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// readResult is a resources/read result of one text contents.
func readResultOf(uri, mimeType, text string) json.RawMessage {
	b, _ := json.Marshal(map[string]any{"contents": []any{map[string]any{"uri": uri, "mimeType": mimeType, "text": text}}})
	return b
}

// severities are the severities of the findings of code.
func severities(fs []Finding, code Code) []Severity {
	var out []Severity
	for _, f := range withCode(fs, code) {
		out = append(out, f.Severity)
	}
	return out
}

// inScript puts a line of script in a page before its last </script>.
func inScript(page, line string) string {
	i := strings.LastIndex(page, "</script>")
	return page[:i] + line + "\n" + page[i:]
}

// TestPageLeaks: a page is read as HTML and bundled scripts: what a
// minified bundle spells (a property named Password, a ternary's
// "password", base64 assets) is no secret, and a key or a string literal
// assigned to a secret's name in a script still is; the same text read as
// text for a model keeps the text rules.
func TestPageLeaks(t *testing.T) {
	pdf := pageFixture(t, "pdf-viewer-trimmed.html")
	basic := pageFixture(t, "basic-vanillajs.html")
	const page, viewer = appMIMEType, "ui://pdf-viewer/mcp-app.html"
	// An AWS key ID's shape in a base64 payload, after a /.
	asset := `<img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAA/AKIAQWERTYUIOPASDFGH/AAAA==">`
	cases := []struct {
		name, uri, mimeType, text string
		secret                    bool
	}{
		{"pdf viewer page", viewer, page, pdf, false},
		{"pdf viewer as text for a model", "file:///viewer.html", "text/html", pdf, true},
		{"pdf viewer, ui:// without a mimeType", viewer, "", pdf, false},
		{"pdf viewer, app type at another uri", "https://example.com/viewer.html", page, pdf, false},
		{"pdf viewer, skybridge type", "https://example.com/viewer.html", skybridgeMIMEType, pdf, false},
		{"basic page", "ui://basic/mcp-app.html", page, basic, false},
		{"base64 asset in a page", viewer, page, "<html><body>" + asset + "</body></html>", false},
		{"base64 asset as text", "file:///a.html", "text/html", asset, true},
		{"assigned expression in a page", viewer, page, inScript(basic, "this.password = form.elements.pw.value;"), false},
		{"assigned expression as text", "file:///a.js", "text/javascript", "this.password = form.elements.pw.value;", true},
		{"OpenAI key in a page's script", viewer, page, inScript(pdf, `const OPENAI_KEY="sk-proj-Abcdefghijklmnopqrstuvwx1234";`), true},
		{"GitHub token in a page's script", viewer, page, inScript(basic, `fetch(u,{headers:{a:"ghp_abcdefghijklmnopqrstuvwxyz0123456789"}});`), true},
		{"literal assigned to apiKey in a page", viewer, page, inScript(basic, `const cfg={apiKey:"k3y-live-8f2b9c1d"};`), true},
		{"literal assigned to password in a page", viewer, page, inScript(basic, `let password = 'hunter2hunter2';`), true},
		{"JSON member in a page", viewer, page, inScript(basic, `init({"api_key":"live-8f2b9c1d77"});`), true},
		{"placeholder literal in a page", viewer, page, inScript(basic, `const cfg={apiKey:"<your key>"};`), false},
		{"private key in a page", viewer, page, inScript(basic, "const k=`-----BEGIN PRIVATE KEY-----\nMIIE`;"), true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fs := CheckResourceRead(ResourceRead{Revision: "2025-11-25", URI: c.uri, Result: readResultOf(c.uri, c.mimeType, c.text)})
			got := severities(fs, CodeErrorLeaksSecret)
			if c.secret != (len(got) > 0) {
				t.Errorf("error_leaks_secret %v, want %v: %+v", got, c.secret, fs)
			}
			for _, f := range fs {
				if f.Severity == Error {
					t.Errorf("error finding %+v", f)
				}
			}
		})
	}
}

// TestEmbeddedPageLeaks: a page embedded in a tool result is read as a page
// too, and never as error text.
func TestEmbeddedPageLeaks(t *testing.T) {
	pdf := pageFixture(t, "pdf-viewer-trimmed.html")
	embedded := func(mimeType string, isError bool) json.RawMessage {
		b, _ := json.Marshal(map[string]any{"isError": isError, "content": []any{
			map[string]any{"type": "text", "text": "the viewer"},
			map[string]any{"type": "resource", "resource": map[string]any{"uri": "ui://pdf/v.html", "mimeType": mimeType, "text": pdf}},
		}})
		return b
	}
	for _, isError := range []bool{false, true} {
		fs := CheckToolCall(ToolCall{Revision: "2025-11-25", Tool: Tool{Name: "t"}, Result: embedded(appMIMEType, isError), ArgsValid: true})
		if got := severities(fs, CodeErrorLeaksSecret); len(got) != 0 {
			t.Errorf("isError %v: an embedded page gives error_leaks_secret %v", isError, got)
		}
	}
}

// TestPageSize: a page is held to what hosts load, not to the JSON budget
// of a result for a model, and its HTML counts for no tokens.
func TestPageSize(t *testing.T) {
	big := "<!doctype html><script>" + strings.Repeat("x", 3_000_000) + "</script>"
	huge := "<!doctype html><script>" + strings.Repeat("x", 16<<20) + "</script>"
	blob := func(uri, html string) json.RawMessage {
		b, _ := json.Marshal(map[string]any{"contents": []any{map[string]any{"uri": uri, "mimeType": appMIMEType, "blob": base64.StdEncoding.EncodeToString([]byte(html))}}})
		return b
	}
	cases := []struct {
		name     string
		uri      string
		result   json.RawMessage
		maxBytes bool     // validate's max_bytes
		tooLarge bool     // app_page_too_large
		tokens   string   // the start of the result_tokens message
		kinds    []string // nothing else
	}{
		{"3 MB page", "ui://a/p.html", readResultOf("ui://a/p.html", appMIMEType, big), false, false, "about 0 tokens", nil},
		{"3 MB page in a blob", "ui://a/p.html", blob("ui://a/p.html", big), false, false, "about 0 tokens", nil},
		{"3 MB of text for a model", "file:///p.html", readResultOf("file:///p.html", "text/html", big), true, false, "about 750008 tokens", nil},
		{"page over 16 MiB", "ui://a/p.html", readResultOf("ui://a/p.html", appMIMEType, huge), false, true, "about 0 tokens", nil},
		{"small page", "ui://a/p.html", readResultOf("ui://a/p.html", appMIMEType, "<!doctype html><p>hi</p>"), false, false, "about 0 tokens", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fs := CheckResourceRead(ResourceRead{Revision: "2025-11-25", URI: c.uri, Result: c.result})
			if got := len(withCode(fs, "max_bytes")) > 0; got != c.maxBytes {
				t.Errorf("max_bytes %v, want %v", got, c.maxBytes)
			}
			if got := severities(fs, CodeAppPageTooLarge); (len(got) > 0) != c.tooLarge || len(got) > 0 && got[0] != Warning {
				t.Errorf("app_page_too_large %v, want %v", got, c.tooLarge)
			}
			for _, f := range fs {
				if f.Code == CodeResultTokens && !strings.HasPrefix(f.Message, c.tokens) {
					t.Errorf("result_tokens %q, want %q…", f.Message, c.tokens)
				}
				if f.Severity != Info && f.Code != "max_bytes" && f.Code != CodeAppPageTooLarge {
					t.Errorf("finding %+v", f)
				}
			}
		})
	}
}

// TestPageHTMLBytes: a blob's HTML is what it decodes to.
func TestPageHTMLBytes(t *testing.T) {
	cases := []struct {
		p    pageItem
		want int
	}{
		{pageItem{text: "<p>héllo</p>"}, 13},
		{pageItem{text: base64.StdEncoding.EncodeToString([]byte("<p>hi</p>")), blob: true}, 9},
		{pageItem{text: "not base64!", blob: true}, 11},
	}
	for _, c := range cases {
		if got := c.p.htmlBytes(); got != c.want {
			t.Errorf("%+v: %d bytes, want %d", c.p, got, c.want)
		}
	}
}

// TestLinkedToolStructured: the structured content of a tool that links a
// page is the page's data, and is owed no text copy; its content is still
// judged.
func TestLinkedToolStructured(t *testing.T) {
	const link = `{"ui":{"resourceUri":"ui://a/p.html"}}`
	const flat = `{"ui/resourceUri":"ui://a/p.html"}`
	cases := []struct {
		name, rev, meta, result string
		code                    Code
		want                    []Severity
	}{
		{"old revision, not carried, unlinked", "2024-11-05", "", `{"content":[{"type":"text","text":"3 items"}],"structuredContent":{"items":[1,2,3]}}`,
			"field_not_in_revision", []Severity{Warning}},
		{"old revision, not carried, linked", "2024-11-05", link, `{"content":[{"type":"text","text":"3 items"}],"structuredContent":{"items":[1,2,3]}}`,
			"field_not_in_revision", []Severity{Info}},
		{"old revision, not carried, flat link", "2025-03-26", flat, `{"content":[{"type":"text","text":"3 items"}],"structuredContent":{"items":[1,2,3]}}`,
			"field_not_in_revision", []Severity{Info}},
		{"no text block, unlinked", "2025-11-25", "", `{"content":[{"type":"resource_link","uri":"https://example.com/a","name":"a"}],"structuredContent":{"items":[1,2,3]}}`,
			"missing_text_fallback", []Severity{Warning}},
		{"no text block, linked", "2025-11-25", link, `{"content":[{"type":"resource_link","uri":"https://example.com/a","name":"a"}],"structuredContent":{"items":[1,2,3]}}`,
			"missing_text_fallback", []Severity{Info}},
		{"a scalar without text in 2026-07-28, linked", "2026-07-28", link, `{"content":[{"type":"resource_link","uri":"https://example.com/a","name":"a"}],"structuredContent":[1,2,3]}`,
			"missing_text_fallback", []Severity{Warning}},
		{"other JSON as text, unlinked", "2025-11-25", "", `{"content":[{"type":"text","text":"{\"count\":3}"}],"structuredContent":{"items":[1,2,3]}}`,
			CodeTextCopyMismatch, []Severity{Warning}},
		{"other JSON as text, linked", "2025-11-25", link, `{"content":[{"type":"text","text":"{\"count\":3}"}],"structuredContent":{"items":[1,2,3]}}`,
			CodeTextCopyMismatch, []Severity{Info}},
		{"empty content, linked", "2025-11-25", link, `{"content":[],"structuredContent":{"items":[1,2,3]}}`,
			"empty_content", []Severity{Warning}},
		{"no content, linked", "2025-11-25", link, `{"structuredContent":{"items":[1,2,3]}}`,
			"missing_field", []Severity{Error}},
		{"a visibility without a link is no link", "2025-11-25", `{"ui":{"visibility":["app"]}}`, `{"content":[{"type":"text","text":"{\"count\":3}"}],"structuredContent":{"items":[1,2,3]}}`,
			CodeTextCopyMismatch, []Severity{Warning}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tool := Tool{Name: "t", Meta: json.RawMessage(c.meta)}
			if c.meta == "" {
				tool.Meta = nil
			}
			fs := CheckToolCall(ToolCall{Revision: c.rev, Tool: tool, Result: json.RawMessage(c.result), ArgsValid: true})
			got := severities(fs, c.code)
			if len(got) != len(c.want) || len(got) > 0 && got[0] != c.want[0] {
				t.Errorf("%s: %v, want %v (findings %+v)", c.code, got, c.want, fs)
			}
		})
	}
}

// TestAppToolNoResponse: a tool that only a page calls and that does not
// answer in time is a warning (a widget's long poll); a tool the model can
// call that does not answer stays an error. The short timeout only
// provokes the lack of an answer.
func TestAppToolNoResponse(t *testing.T) {
	srv := mcp.NewServer(&mcp.Implementation{Name: "apps", Version: "1"}, nil)
	wait := func(ctx context.Context, _ *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		<-ctx.Done()
		return nil, ctx.Err()
	}
	answer := func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "no command"}}}, nil
	}
	ui := func(visibility ...string) mcp.Meta {
		m := map[string]any{"resourceUri": "ui://apps/page.html"}
		if visibility != nil {
			m["visibility"] = visibility
		}
		return mcp.Meta{"ui": m}
	}
	schema := json.RawMessage(`{"type":"object"}`)
	srv.AddTool(&mcp.Tool{Name: "poll", InputSchema: schema, Meta: ui("app")}, wait)
	srv.AddTool(&mcp.Tool{Name: "poll_answered", InputSchema: schema, Meta: ui("app")}, answer)
	srv.AddTool(&mcp.Tool{Name: "model_and_app", InputSchema: schema, Meta: ui("model", "app")}, wait)
	srv.AddTool(&mcp.Tool{Name: "linked_default", InputSchema: schema, Meta: ui()}, wait)
	srv.AddTool(&mcp.Tool{Name: "plain", InputSchema: schema}, wait)
	rep, err := Run(context.Background(), Options{Transport: inMemory(t, srv), Protocol: "2025-11-25", Timeout: 200 * time.Millisecond, NoProbes: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Revisions) != 1 || rep.Revisions[0].Status != StatusChecked {
		t.Fatalf("revisions %+v", rep.Revisions)
	}
	want := map[string]Finding{
		"poll":           {Severity: Warning, Code: CodeAppToolNoResponse},
		"poll_answered":  {},
		"model_and_app":  {Severity: Error, Code: CodeNoResponse},
		"linked_default": {Severity: Error, Code: CodeNoResponse},
		"plain":          {Severity: Error, Code: CodeNoResponse},
	}
	seen := 0
	for _, tr := range rep.Revisions[0].Tools {
		w, ok := want[tr.Name]
		if !ok || len(tr.Calls) != 1 {
			t.Errorf("tool %s, %d calls", tr.Name, len(tr.Calls))
			continue
		}
		seen++
		c := tr.Calls[0]
		var got Finding
		for _, f := range c.Findings {
			if f.Code == CodeNoResponse || f.Code == CodeAppToolNoResponse {
				got = f
			}
		}
		if got.Severity != w.Severity || got.Code != w.Code {
			t.Errorf("%s: %s %s, want %s %s", tr.Name, got.Severity, got.Code, w.Severity, w.Code)
		}
		if w.Code != "" && c.Outcome != OutcomeNoResponse {
			t.Errorf("%s: outcome %s", tr.Name, c.Outcome)
		}
		if w.Code == CodeAppToolNoResponse && !strings.Contains(got.Message, "no answer within 200ms") {
			t.Errorf("%s: message %q", tr.Name, got.Message)
		}
	}
	if seen != len(want) {
		t.Errorf("%d of %d tools checked", seen, len(want))
	}
	if rep.Totals.Errors < 3 || rep.Totals.Warnings < 1 {
		t.Errorf("totals %+v: the no-answer findings are not counted", rep.Totals)
	}
}
