package check

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"
)

// appReport is a report with one MCP Apps page and one tool whose link is
// broken, every name the server chose hostile: a secret in the page's URI
// and in its CSP, markup, control characters.
func appReport() *Report {
	tool := mdHostile + hostileText
	page := "ui://widget/" + hostileSecretKey + "/<script>alert(1)</script>"
	csp := json.RawMessage(`{"resourceDomains":["https://cdn.example.com","</script><script>alert(1)</script>"],"connectDomains":["https://` + hostileSecretKey + `.example.com"],"x":` + hostileJSON + `}`)
	r := &Report{Target: "node server.mjs", Revisions: []*RevisionReport{{
		Revision: "2025-11-25", Status: StatusChecked,
		Tools:     []*ToolReport{{Name: tool, Calls: []*CallReport{{Outcome: OutcomeResult, Rerun: []string{"--stdio", "node server.mjs", "--only", "tool:" + tool}}}}},
		Resources: []*ResourceReport{{URI: page, Outcome: OutcomeResult, Rerun: []string{"--stdio", "node server.mjs", "--only", "resource:" + page}}},
		Apps: []*AppReport{{
			ResourceURI: page, Tools: []string{tool}, MIMEType: "text/html" + hostileText, CSP: csp,
			Findings: []AppFinding{
				{Finding: Finding{Severity: Warning, Code: CodeAppCSPUncovered, Path: "/contents/0/_meta/ui/csp/resourceDomains",
					Message: "the page loads a script (<script src>) from https://" + hostileSecretKey + ".example.com" + hostileText}},
				{Finding: Finding{Severity: Error, Code: CodeAppMIMEType, Path: "/contents/0/mimeType", Message: "the page's mimeType is not " + appMIMEType}},
				{Finding: Finding{Severity: Error, Code: CodeAppMetaConflict, Path: pathFlatURI, Message: "the keys disagree " + mdHostile}, Tool: tool},
			},
		}},
	}}}
	r.finish(nil, time.Second)
	return r
}

// TestAppsReports: every report shows the apps, and their findings where
// the reports put findings, escaped for its medium and redacted.
func TestAppsReports(t *testing.T) {
	r := appReport()
	if r.Totals.Errors != 2 || r.Totals.Warnings != 1 {
		t.Errorf("totals %+v", r.Totals)
	}
	if fs := r.Revisions[0].Apps[0].Findings; fs[0].Severity != Error || fs[2].Severity != Warning {
		t.Errorf("not sorted by severity: %+v", fs)
	}
	var text, js, md, sarif, junit bytes.Buffer
	if err := r.WriteText(&text, false); err != nil {
		t.Fatal(err)
	}
	if err := r.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	if err := r.WriteMarkdown(&md); err != nil {
		t.Fatal(err)
	}
	if err := r.WriteSARIF(&sarif, SARIFOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := r.WriteJUnit(&junit); err != nil {
		t.Fatal(err)
	}
	page := checkHTML(t, r)
	for what, out := range map[string]string{"text": text.String(), "json": js.String(), "markdown": md.String(), "html": page, "sarif": sarif.String(), "junit": junit.String()} {
		if i := unsafeIn(out); i >= 0 {
			t.Errorf("%s: a raw control character at %d:\n%s", what, i, out)
		}
		if strings.Contains(out, hostileSecretKey[10:]) {
			t.Errorf("%s: the secret is written:\n%s", what, out)
		}
		if (what == "html" || what == "junit") && strings.Contains(out, "<script>") {
			t.Errorf("%s: markup of the server's:\n%s", what, out)
		}
	}
	for what, c := range map[string]struct {
		out  string
		want []string
	}{
		"text": {text.String(), []string{
			"  app ui://widget/[redacted]/<script>alert(1)</script>  tools x|y",
			"    csp:  {\"resourceDomains\":[\"https://cdn.example.com\",\"</script><script>alert(1)</script>\"],\"connectDomains\":[\"https://[redacted].example.com\"]",
			"    error   app_meta_conflict at /_meta/ui~1resourceUri: tool x|y",
			"    warning app_csp_uncovered at /contents/0/_meta/ui/csp/resourceDomains: the page loads a script (<script src>) from https://[redacted].example.com",
			"1 call, no findings  MCP Apps findings below\n",
			"  result  <1ms  no findings  MCP Apps findings below\n",
		}},
		"markdown": {md.String(), []string{
			"### MCP Apps\n\n- `2025-11-25` page `ui://widget/[redacted]/<script>alert(1)</script>`: tools ",
			"; ❌ `app_mime_type`, ❌ `app_meta_conflict`, ⚠️ `app_csp_uncovered`\n",
			"- ❌ **error** `app_meta_conflict` at `/_meta/ui~1resourceUri`",
			"- ⚠️ **warning** `app_csp_uncovered` at `/contents/0/_meta/ui/csp/resourceDomains`",
		}},
		"html": {page, []string{
			`<h2 id="apps">MCP Apps pages</h2>`,
			"page <code>ui://widget/[redacted]/&lt;script&gt;alert(1)&lt;/script&gt;</code>",
			"&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;",
			"<code>app_meta_conflict</code> at <code>/_meta/ui~1resourceUri</code>: <span class=\"message\">tool x|y",
		}},
		"junit": {junit.String(), []string{`<failure message="app_mime_type at /contents/0/mimeType`, `type="app_meta_conflict"`}},
		"sarif": {sarif.String(), []string{`"ruleId": "app_csp_uncovered"`, `"ruleId": "app_meta_conflict"`, `"ruleId": "app_mime_type"`, "--only 'resource:ui://widget/[redacted]/"}},
	} {
		for _, w := range c.want {
			if !strings.Contains(c.out, w) {
				t.Errorf("%s lacks %q:\n%s", what, w, c.out)
			}
		}
	}

	var got struct {
		Revisions []struct {
			Apps []struct {
				ResourceURI string          `json:"resourceUri"`
				Tools       []string        `json:"tools"`
				MIMEType    string          `json:"mimeType"`
				CSP         json.RawMessage `json:"csp"`
				Findings    []struct {
					Severity, Code, Path, Message, Tool string
				} `json:"findings"`
			} `json:"apps"`
		} `json:"revisions"`
	}
	if err := json.Unmarshal(js.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	a := got.Revisions[0].Apps[0]
	if a.ResourceURI != "ui://widget/[redacted]/<script>alert(1)</script>" || len(a.Tools) != 1 || !strings.HasPrefix(a.MIMEType, "text/html") ||
		!strings.Contains(string(a.CSP), `"https://cdn.example.com"`) || len(a.Findings) != 3 || a.Findings[1].Tool == "" || a.Findings[0].Tool != "" {
		t.Errorf("apps in JSON: %+v", a)
	}

	// The baseline keys a page's finding at its resource, a link's at its
	// tool; the matrix colours their rows.
	keys := map[string]bool{}
	for _, e := range r.Baseline().Findings {
		keys[string(e.Code)+" "+e.Tool+"|"+e.Resource] = true
	}
	for _, k := range []string{"app_mime_type |ui://widget/[redacted]/<script>alert(1)</script>", "app_csp_uncovered |ui://widget/[redacted]/<script>alert(1)</script>"} {
		if !keys[k] {
			t.Errorf("baseline lacks %q: %v", k, keys)
		}
	}
	m := r.newMatrix()
	for _, row := range m.rows {
		if row.cells[0].state != cellError {
			t.Errorf("row %s %q: %s, want error", row.kind, row.name, row.cells[0].state)
		}
	}
}

// TestAppsOrphans: a finding of an app whose read or tool the revision
// does not have (a report made by hand) is one of the revision's session
// in every report, and none of them fails on it.
func TestAppsOrphans(t *testing.T) {
	r := &Report{Revisions: []*RevisionReport{{Revision: "2025-11-25", Status: StatusChecked, Apps: []*AppReport{{
		ResourceURI: "ui://gone", Tools: []string{"gone"},
		Findings: []AppFinding{
			{Finding: Finding{Severity: Error, Code: CodeAppResourceMissing, Path: "/error", Message: "m"}},
			{Finding: Finding{Severity: Error, Code: CodeAppResourceURI, Path: pathNestedURI, Message: "m"}, Tool: "gone"},
		},
	}}}}}
	r.finish(nil, time.Second)
	n := 0
	for l := range r.located() {
		n++
		if l.Tool != nil || l.Resource != nil || (l.Key.Tool == "" && l.Key.Resource == "") {
			t.Errorf("%+v", l.Key)
		}
	}
	var b bytes.Buffer
	for _, write := range []func() error{
		func() error { return r.WriteJUnit(&b) }, func() error { return r.WriteMarkdown(&b) }, func() error { return r.WriteHTML(&b) },
		func() error { return r.WriteSARIF(&b, SARIFOptions{}) }, func() error { return r.WriteText(&b, false) },
	} {
		if err := write(); err != nil {
			t.Fatal(err)
		}
	}
	if n != 2 || r.Totals.Errors != 2 || !strings.Contains(b.String(), "app_resource_missing") {
		t.Errorf("%d located, totals %+v", n, r.Totals)
	}
}

// TestCheckAppPage: what the read of a page gives, finding by finding.
func TestCheckAppPage(t *testing.T) {
	const uri = "ui://app/page.html"
	html := func(body string) string {
		b, _ := json.Marshal("<!DOCTYPE html><html><body>" + body + "</body></html>")
		return string(b)
	}
	item := func(fields string) string { return `{"contents":[{"uri":"` + uri + `",` + fields + `}]}` }
	tests := []struct {
		name   string
		result string
		want   []string // "severity code path"
		mime   string
	}{
		{"clean", item(`"mimeType":"text/html;profile=mcp-app","text":` + html("<p>hi</p>")), nil, appMIMEType},
		{"no contents", `{"contents":[]}`, []string{"error app_resource_missing /contents"}, ""},
		{"another URI", `{"contents":[{"uri":"ui://app/other.html","mimeType":"text/html;profile=mcp-app","text":"<p>x</p>"}]}`, []string{"error app_resource_missing /contents"}, ""},
		{"empty text", item(`"mimeType":"text/html;profile=mcp-app","text":"  "`), []string{"error app_resource_missing /contents/0"}, appMIMEType},
		{"no text nor blob", item(`"mimeType":"text/html;profile=mcp-app"`), []string{"error app_resource_missing /contents/0"}, appMIMEType},
		{"plain html", item(`"mimeType":"text/html","text":"<p>x</p>"`), []string{"error app_mime_type /contents/0/mimeType"}, "text/html"},
		{"charset", item(`"mimeType":"text/html;profile=mcp-app;charset=utf-8","text":"<p>x</p>"`), []string{"error app_mime_type /contents/0/mimeType"}, "text/html;profile=mcp-app;charset=utf-8"},
		{"skybridge", item(`"mimeType":"text/html+skybridge","text":"<p>x</p>"`), []string{"warning app_mime_type /contents/0/mimeType"}, skybridgeMIMEType},
		{"no mimeType", item(`"text":"<p>x</p>"`), []string{"error app_mime_type /contents/0"}, ""},
		{"blob scanned", item(`"mimeType":"text/html;profile=mcp-app","blob":"PHNjcmlwdCBzcmM9Imh0dHBzOi8vY2RuLmV4YW1wbGUuY29tL2EuanMiPjwvc2NyaXB0Pg=="`),
			[]string{"warning app_csp_uncovered /contents/0/_meta/ui/csp/resourceDomains"}, appMIMEType},
		{"blob not base64", item(`"mimeType":"text/html;profile=mcp-app","blob":"%%%"`), nil, appMIMEType},
		{"csp not an object", item(`"mimeType":"text/html;profile=mcp-app","text":"<p>x</p>","_meta":{"ui":{"csp":["https://a.example.com"]}}`),
			[]string{"error app_csp_invalid /contents/0/_meta/ui/csp"}, appMIMEType},
		{"csp lists", item(`"mimeType":"text/html;profile=mcp-app","text":"<p>x</p>","_meta":{"ui":{"csp":{"connectDomains":"https://a.example.com","resourceDomains":[7,"https://ok.example.com","'self'"],"frameDomains":null,"connect_domains":[],"a/b~c":1}}}`),
			[]string{"warning app_csp_invalid /contents/0/_meta/ui/csp/a~1b~0c", "error app_csp_invalid /contents/0/_meta/ui/csp/connectDomains",
				"warning app_csp_invalid /contents/0/_meta/ui/csp/connect_domains", "error app_csp_invalid /contents/0/_meta/ui/csp/resourceDomains/0",
				"error app_csp_invalid /contents/0/_meta/ui/csp/resourceDomains/2"}, appMIMEType},
		{"_meta.ui not an object", item(`"mimeType":"text/html;profile=mcp-app","text":` + html(`<img src="https://i.example.com/a.png">`) + `,"_meta":{"ui":"x"}`),
			[]string{"warning app_csp_uncovered /contents/0/_meta/ui/csp/resourceDomains"}, appMIMEType},
		{"covered", item(`"mimeType":"text/html;profile=mcp-app","text":` + html(`<base href="https://cdn.example.com/app/"><script src="main.js"></script><img src="https://a.img.example.com/x.png"><iframe src="https://www.youtube.com/embed/1"></iframe><script>fetch("https://api.example.com/x"); new WebSocket("wss://rt.example.com")</script>`) +
			`,"_meta":{"ui":{"csp":{"resourceDomains":["https://cdn.example.com","https://*.img.example.com"],"baseUriDomains":["https://cdn.example.com"],"frameDomains":["https://www.youtube.com"],"connectDomains":["https://api.example.com","wss://rt.example.com"]}}}`), nil, appMIMEType},
		{"uncovered each", item(`"mimeType":"text/html;profile=mcp-app","text":` + html(`<base href="https://base.example.com/"><script src="main.js"></script><img src="https://img.example.com/x.png"><iframe src="https://f.example.com/"></iframe><script>new EventSource("https://ev.example.com/s")</script>`) +
			`,"_meta":{"ui":{"csp":{"resourceDomains":["https://*.img.example.com"],"connectDomains":["https://ev.example.com:8443"]}}}`),
			[]string{"warning app_csp_uncovered /contents/0/_meta/ui/csp/baseUriDomains", "warning app_csp_uncovered /contents/0/_meta/ui/csp/connectDomains",
				"warning app_csp_uncovered /contents/0/_meta/ui/csp/frameDomains", "warning app_csp_uncovered /contents/0/_meta/ui/csp/resourceDomains"}, appMIMEType},
		{"not JSON of its shape", `{"contents":7}`, nil, ""},
		{"the csp of the listing", item(`"mimeType":"text/html;profile=mcp-app","text":` + html(`<img src="https://i.example.com/a.png"><img src="https://j.example.com/a.png">`)),
			[]string{"warning app_csp_uncovered /contents/0/_meta/ui/csp/resourceDomains", "error app_csp_invalid /contents/0/_meta/ui/csp/resourceDomains/1"}, appMIMEType},
		{"the contents' csp first", item(`"mimeType":"text/html;profile=mcp-app","text":` + html(`<img src="https://i.example.com/a.png">`) + `,"_meta":{"ui":{"csp":{}}}`),
			[]string{"warning app_csp_uncovered /contents/0/_meta/ui/csp/resourceDomains"}, appMIMEType},
	}
	// The csp of the page's entry in resources/list.
	listed := map[string]string{
		"the csp of the listing":  `{"resourceDomains":["https://i.example.com","https://j.example.com/path"]}`,
		"the contents' csp first": `{"resourceDomains":["https://i.example.com"]}`,
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := &appPage{}
			checkAppPage(p, uri, json.RawMessage(tt.result), listedCSP(listed[tt.name]))
			var got []string
			for _, f := range p.findings {
				got = append(got, string(f.Severity)+" "+string(f.Code)+" "+f.Path)
			}
			slices.Sort(got)
			want := slices.Clone(tt.want)
			slices.Sort(want)
			if !slices.Equal(got, want) || p.mime != tt.mime {
				t.Errorf("findings %q, mime %q; want %q, %q (%+v)", got, p.mime, want, tt.mime, p.findings)
			}
		})
	}
}

// TestAppUncoveredBound: at most appMaxFindings warnings a page, the last
// saying how many more origins are not covered.
func TestAppUncoveredBound(t *testing.T) {
	var page strings.Builder
	for i := range appMaxFindings + 5 {
		page.WriteString(`<img src="https://h` + itoa(i) + `.example.com/a.png">`)
	}
	fs := uncovered([]byte(page.String()), map[string][]cspSource{}, "/contents/0/_meta/ui/csp")
	if len(fs) != appMaxFindings || !strings.HasSuffix(fs[len(fs)-1].Message, "; 5 more origins not covered are not reported") {
		t.Errorf("%d findings, the last %q", len(fs), fs[len(fs)-1].Message)
	}
	if !strings.Contains(fs[0].Message, `(add "https://h0.example.com" to _meta.ui.csp.resourceDomains)`) {
		t.Errorf("%q", fs[0].Message)
	}
}

func TestAppURIProblem(t *testing.T) {
	for raw, want := range map[string]string{
		`"ui://app/page.html"`: "", `"ui://x"`: "", `"ui://"`: "is not a ui:// URI", `"UI://x"`: "is not a ui:// URI",
		`"https://x.example.com/p"`: "is not a ui:// URI", `"myapp://w"`: "is not a ui:// URI", `""`: "is empty",
		`7`: "is not a string", `null`: "is not a string", `{"a":1}`: "is not a string",
	} {
		if got := appURIProblem(json.RawMessage(raw)); got != want {
			t.Errorf("appURIProblem(%s) = %q, want %q", raw, got, want)
		}
	}
}

// listedCSP is a csp of resources/list, nil for "".
func listedCSP(s string) json.RawMessage {
	if s == "" {
		return nil
	}
	return json.RawMessage(s)
}
