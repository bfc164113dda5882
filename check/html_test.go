package check

import (
	"bytes"
	"encoding/json"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"
)

// htmlTag is a start tag of the page, and htmlAttr one of its attributes.
var (
	htmlTag  = regexp.MustCompile(`<([a-zA-Z][a-zA-Z0-9]*)([^>]*)>`)
	htmlAttr = regexp.MustCompile(`\s([a-zA-Z-]+)="([^"]*)"`)
)

// htmlAllowed are the elements and attributes the template writes: what
// a server chose can add none, and nothing of the page loads anything.
var htmlAllowed = map[string]bool{
	"html": true, "head": true, "meta": true, "title": true, "style": true, "body": true, "main": true, "header": true,
	"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "p": true, "strong": true, "dl": true, "dt": true, "dd": true,
	"code": true, "ul": true, "li": true, "div": true, "span": true, "table": true, "caption": true, "thead": true, "tbody": true,
	"tr": true, "th": true, "td": true, "a": true, "section": true, "pre": true,
	"@lang": true, "@charset": true, "@http-equiv": true, "@content": true, "@name": true, "@id": true, "@class": true,
	"@scope": true, "@role": true, "@aria-labelledby": true, "@href": true,
}

// checkHTML checks what any HTML report must be: one page with the
// policy that lets it load nothing, no element or attribute the template
// does not write, no link out of the page, a link to each anchor it has,
// the verdict as its first heading; and it returns the page.
func checkHTML(t *testing.T, r *Report) string {
	t.Helper()
	var b bytes.Buffer
	if err := r.WriteHTML(&b); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	if !strings.HasPrefix(page, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n") {
		t.Errorf("the page does not start with its policy:\n%.400s", page)
	}
	ids := map[string]bool{}
	var hrefs []string
	for _, m := range htmlTag.FindAllStringSubmatch(page, -1) {
		if !htmlAllowed[m[1]] {
			t.Errorf("an element the template does not write: %s", m[0])
		}
		for _, a := range htmlAttr.FindAllStringSubmatch(m[2], -1) {
			switch {
			case !htmlAllowed["@"+a[1]]:
				t.Errorf("an attribute the template does not write: %s", m[0])
			case a[1] == "href":
				hrefs = append(hrefs, a[2])
			case a[1] == "id":
				ids[a[2]] = true
			}
		}
		if rest := htmlAttr.ReplaceAllString(m[2], ""); strings.TrimSpace(rest) != "" {
			t.Errorf("a tag with more than quoted attributes: %s", m[0])
		}
	}
	for _, h := range hrefs {
		if !strings.HasPrefix(h, "#") || !ids[h[1:]] {
			t.Errorf("a link to %q, which is no anchor of the page", h)
		}
	}
	if first := regexp.MustCompile(`<h[1-6][^>]*>.*?</h`).FindString(page); !regexp.MustCompile(`^<h1 id="verdict" class="(passed|failed)">(✓ mcpresult check passed|✗ mcpresult check failed)</h`).MatchString(first) {
		t.Errorf("the first heading is %q", first)
	}
	if i := unsafeIn(page); i >= 0 {
		t.Errorf("a raw control character at %d", i)
	}
	return page
}

func TestWriteHTML(t *testing.T) {
	r := sampleReport()
	page := checkHTML(t, r)
	// A cell per revision and row, each saying its state in words.
	cells := regexp.MustCompile(`<td class="cell ([a-z-]+)">(?:<a href="#[^"]+">)?(.*?)(?:</a>)?</td>`).FindAllStringSubmatch(page, -1)
	if len(cells) != 5*3 {
		t.Fatalf("%d cells, want 15 (5 rows, 3 revisions)", len(cells))
	}
	for i, want := range []string{
		"skipped", "! warning <code>too_many_tools</code>", "failed",
		"skipped", "✗ error <code>missing_text_fallback</code>", "failed",
		"skipped", "i info <code>result_size</code> +1", "failed",
		"skipped", "✓ clean", "failed",
		"skipped", "✗ error <code>no_response</code>", "failed",
	} {
		if cells[i][2] != want {
			t.Errorf("cell %d is %q, want %q", i, cells[i][2], want)
		}
	}
	for _, want := range []string{
		"<p class=\"totals\">2 errors, 2 warnings, 5 info; 1 revision checked, 1 skipped, 1 failed; 3 tool calls, 2 resource reads</p>",
		"<dt>Server</dt><dd><code>weather 1.2.0</code></dd>", "<dt>Target</dt><dd><code>node server.mjs --port 0</code></dd>", "<dt>Duration</dt><dd>1.5s</dd>",
		"<tr><td>30s</td><td><code>2025-06-18</code></td><td><code>resource memory://b</code></td></tr>\n<tr><td>12ms</td>",
		"<section id=\"x1-1\" aria-labelledby=\"x1-1-h\">\n<h3 id=\"x1-1-h\"><code>2025-06-18</code> · tool <code>forecast</code></h3>",
		"<h4>call 2</h4>\n<p class=\"meta\">JSON-RPC error -32602, &lt;1ms</p>",
		"<p><code>tools/call</code> <code>forecast</code> with the arguments:</p>\n<pre>{\n  &#34;city&#34;: &#34;a&#34;,\n  &#34;days&#34;: 1\n}</pre>",
		"<h5>Result as received</h5>\n<pre>{\n  &#34;error&#34;: {\n    &#34;code&#34;: -32602,",
		"<h4>read</h4>\n<p class=\"meta\">no response, 30s</p>", "the report kept no result of this exchange",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}

	// A request that the report has as sent, with the command that makes
	// it again, is shown as such.
	var b bytes.Buffer
	if err := htmlTemplate.ExecuteTemplate(&b, "request", htmlRequest{Method: "tools/call", Name: "a", Arguments: "{}", Sent: `{"jsonrpc":"2.0"}`, Rerun: "mcpresult check <x>"}); err != nil {
		t.Fatal(err)
	}
	if want := "<h5>Request</h5>\n<pre>{&#34;jsonrpc&#34;:&#34;2.0&#34;}</pre>\n<p>To run it again:</p><pre>mcpresult check &lt;x&gt;</pre>"; b.String() != want {
		t.Errorf("a request as sent:\n%s\nwant\n%s", b.String(), want)
	}

	// The sections with errors or warnings come first.
	if i, j := strings.Index(page, `<section id="x1-1"`), strings.Index(page, `<h2 id="info">Information</h2>`); i < 0 || j < i || !strings.Contains(page[j:], `<section id="x2-1"`) {
		t.Errorf("the sections of errors and warnings do not come before those of information")
	}

	// A clean run passes, and has no findings.
	r = &Report{Target: "t", Revisions: []*RevisionReport{{Revision: "2025-06-18", Status: StatusChecked, Tools: []*ToolReport{{Name: "a", Calls: []*CallReport{{}}}}}}}
	r.finish(nil, time.Second)
	page = checkHTML(t, r)
	if !strings.Contains(page, "<h2 id=\"findings\">Errors and warnings</h2>\n<p>None.</p>") || !strings.Contains(page, `<td class="cell clean">✓ clean</td>`) {
		t.Errorf("a clean run:\n%s", page)
	}
}

// TestHTMLHostile: markup, links, escapes and an API key in every text a
// server chose, and in its results and arguments, add no element or
// attribute to the page and show no secret.
func TestHTMLHostile(t *testing.T) {
	evil := mdHostile + `"><script>alert(1)</script><a href="https://e.example">x</a>'><style>*{}</style>`
	js, _ := json.Marshal(map[string]any{"content": []any{map[string]string{"type": "text", "text": evil}}, evil: 1, "password": "hunter22hunter22"})
	r := &Report{Target: evil, Protocol: evil, Server: &ServerInfo{Name: evil, Version: evil}, Error: evil, Revisions: []*RevisionReport{
		{Revision: "2025-06-18", Status: StatusFailed, Negotiated: evil, Reason: evil,
			Tools: []*ToolReport{{Name: evil, Calls: []*CallReport{{Arguments: js, Result: js, Outcome: evil,
				Findings: []Finding{{Severity: Error, Code: Code(evil), Path: "/" + evil, Message: evil}}}}}},
			Resources: []*ResourceReport{{URI: evil, RPCError: &RPCError{Code: 1, Message: evil, Data: js}, Findings: []Finding{{Severity: Warning, Code: "c", Path: "/" + hostileSecretKey, Message: evil}}}},
			Findings:  []Finding{{Severity: Info, Code: "c", Message: evil}}},
	}}
	r.finish(nil, time.Second)
	page := checkHTML(t, r)
	if strings.Contains(page, hostileSecretKey[10:]) || strings.Contains(page, "hunter22") {
		t.Errorf("a secret is on the page")
	}
	for _, want := range []string{"&lt;img src=x onerror=alert(1)&gt;", "&lt;script&gt;alert(1)&lt;/script&gt;", `\n::error::x`, `\x1b[31m [redacted]`,
		"&#34;password&#34;: &#34;[redacted]&#34;", "<code>/[redacted]</code>"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
}

// TestHTMLResultCut: a large result is cut, with a note saying so.
func TestHTMLResultCut(t *testing.T) {
	big, _ := json.Marshal(map[string]string{"text": strings.Repeat("é", htmlResultBytes)})
	r := &Report{Target: "t", Revisions: []*RevisionReport{{Revision: "2025-06-18", Status: StatusChecked, Tools: []*ToolReport{{Name: "a", Calls: []*CallReport{{Arguments: json.RawMessage(`{}`), Result: big,
		Findings: []Finding{{Severity: Info, Code: "result_size", Message: "big"}}}}}}}}}
	r.finish(nil, time.Second)
	page := checkHTML(t, r)
	if !regexp.MustCompile(`</pre><p class="meta">cut: \d+ more bytes \(the JSON report has it all\)</p>`).MatchString(page) || len(page) > 2*htmlResultBytes+20000 {
		t.Errorf("a %d-byte result gives a %d-byte page without the note of its cut", len(big), len(page))
	}
}

// TestNewReportsEscape: with every string of a report (status and severity
// too) holding terminal escapes, markup and an API key, and every result
// a secret in a text, a key and a password member, no report of
// WriteMarkdown, WriteHTML or WriteWorkflowCommands holds a control
// character or a secret, and the HTML page no element of the server's.
func TestNewReportsEscape(t *testing.T) {
	for _, status := range []string{StatusChecked, StatusSkipped, StatusFailed, hostileText} {
		for _, sev := range []Severity{Error, Warning, Info, hostileText} {
			r := &Report{}
			s := hostileText + "<b>|`*_[x](y) " + hostileSecretKey
			fillStrings(reflect.ValueOf(r), s, json.RawMessage(`{"content":[{"type":"text","text":`+hostileJSON[:len(hostileJSON)-1]+` `+hostileSecretKey+`"}],"structuredContent":{"`+hostileSecretKey+`":1,"password":"hunter22hunter22"}}`))
			rr := r.Revisions[0]
			rr.Status = status
			for _, fs := range [][]Finding{rr.Findings, rr.Tools[0].Calls[0].Findings, rr.Resources[0].Findings} {
				fs[0].Severity = sev
				fs[0].Path = "/structuredContent/" + hostileSecretKey + "/" + hostileText
			}
			r.finish([]string{hostileText}, time.Second)
			var md, cmds bytes.Buffer
			if err := r.WriteMarkdown(&md); err != nil {
				t.Fatal(err)
			}
			if err := r.WriteWorkflowCommands(&cmds, s); err != nil {
				t.Fatal(err)
			}
			page := checkHTML(t, r)
			for what, out := range map[string]string{"markdown": md.String(), "workflow commands": cmds.String(), "html": page} {
				if i := unsafeIn(out); i >= 0 {
					t.Errorf("status %q, severity %q, %s: a raw control character at %d:\n%s", status, sev, what, i, out)
				}
				if strings.Contains(out, hostileSecretKey[10:]) || strings.Contains(out, "hunter22") {
					t.Errorf("status %q, severity %q, %s: a secret:\n%s", status, sev, what, out)
				}
			}
			for _, line := range strings.Split(strings.TrimSuffix(cmds.String(), "\n"), "\n") {
				if line != "" && !regexp.MustCompile(`^::(error|warning) file=[^:,]*,title=[^:,]*::`).MatchString(line) {
					t.Errorf("status %q, severity %q: not one workflow command: %q", status, sev, line)
				}
			}
		}
	}
}
