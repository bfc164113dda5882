package check

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// memoryRun checks sdkServer in memory with the recording checks (an error
// and an info per call, a warning per read), in one revision or all.
func memoryRun(t *testing.T, protocol, only string) *Report {
	t.Helper()
	ctx := context.Background()
	srv := sdkServer()
	rep, err := run(ctx, Options{
		Transport: func() mcp.Transport {
			st, ct := mcp.NewInMemoryTransports()
			if _, err := srv.Connect(ctx, st, nil); err != nil {
				t.Fatal(err)
			}
			return ct
		},
		Protocol: protocol,
		Only:     only,
	}, (&recorded{}).checks())
	if err != nil {
		t.Fatal(err)
	}
	if rep.Error != "" {
		t.Fatalf("error %q", rep.Error)
	}
	return rep
}

func entry(rev, tool, resource, code, path string, sev Severity, n int) BaselineEntry {
	return BaselineEntry{FindingKey: FindingKey{Revision: rev, Tool: tool, Resource: resource, Code: Code(code), Path: path}, Severity: sev, Count: n}
}

// TestBaselineRoundTrip: a run's baseline, written and read back, is the
// same; a second run of the same server writes the same bytes; applied to
// that run, it lets every error and warning pass, and nothing is stale.
func TestBaselineRoundTrip(t *testing.T) {
	rep := memoryRun(t, "", "")
	b := rep.Baseline()
	// Per checked revision: greet and revision each an error, the note a
	// warning; the info findings are left out.
	if got := len(b.Findings); got != 3*rep.Totals.RevisionsChecked || got == 0 {
		t.Fatalf("%d entries for %d revisions: %+v", got, rep.Totals.RevisionsChecked, b.Findings)
	}
	if want := entry("2025-06-18", "greet", "", "seen_error", "/content", Error, 1); !contains(b.Findings, want) {
		t.Errorf("no entry %+v in %+v", want, b.Findings)
	}
	data, err := b.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(data, []byte("{\n  \"version\": 1,\n  \"findings\": [\n    {\n      \"revision\": \"2024-11-05\",\n      \"tool\": \"greet\",\n      \"code\": \"seen_error\",\n      \"path\": \"/content\",\n      \"severity\": \"error\",\n      \"count\": 1\n    },")) {
		t.Errorf("the file starts:\n%s", data[:min(len(data), 300)])
	}
	back, err := ReadBaseline(data)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, b) {
		t.Errorf("read back %+v, want %+v", back, b)
	}

	again := memoryRun(t, "", "")
	data2, err := again.Baseline().Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(data, data2) {
		t.Errorf("two runs of the same server give two baselines:\n%s\n%s", data, data2)
	}
	again.ApplyBaseline(back)
	res := again.BaselineResult
	if len(res.New) != 0 || len(res.Stale) != 0 || len(res.Matched) != len(b.Findings) || res.NewAt(Error) != 0 {
		t.Errorf("result %+v", res)
	}
	var js bytes.Buffer
	if err := again.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var parsed struct {
		Baseline struct{ Matched, New, Stale []json.RawMessage }
	}
	if err := json.Unmarshal(js.Bytes(), &parsed); err != nil || len(parsed.Baseline.Matched) != len(b.Findings) || parsed.Baseline.New == nil || parsed.Baseline.Stale == nil {
		t.Errorf("the JSON report's baseline: %v %+v", err, parsed.Baseline)
	}
}

func contains(es []BaselineEntry, e BaselineEntry) bool {
	for _, x := range es {
		if x == e {
			return true
		}
	}
	return false
}

// TestApplyBaseline: what is not listed is new, what is listed and gone is
// stale (where the run looked), counts compared, a severity that changed
// is both.
func TestApplyBaseline(t *testing.T) {
	const rev = "2025-06-18"
	greet := entry(rev, "greet", "", "seen_error", "/content", Error, 1)
	revTool := entry(rev, "revision", "", "seen_error", "/content", Error, 1)
	note := entry(rev, "", "memory://note", "seen_warning", "", Warning, 1)
	withCount := func(e BaselineEntry, n int) BaselineEntry { e.Count = n; return e }
	for _, tc := range []struct {
		name              string
		protocol, only    string
		listed            []BaselineEntry
		matched, new, old []BaselineEntry // old: stale
	}{
		{name: "all listed", protocol: rev, listed: []BaselineEntry{greet, revTool, note},
			matched: []BaselineEntry{greet, revTool, note}},
		{name: "one not listed is new", protocol: rev, listed: []BaselineEntry{greet, note},
			matched: []BaselineEntry{greet, note}, new: []BaselineEntry{revTool}},
		{name: "a fixed finding is stale", protocol: rev,
			listed:  []BaselineEntry{greet, revTool, note, entry(rev, "greet", "", "gone", "/x", Warning, 2), entry(rev, "", "", "too_many_tools", "", Warning, 1)},
			matched: []BaselineEntry{greet, revTool, note},
			old:     []BaselineEntry{entry(rev, "greet", "", "gone", "/x", Warning, 2), entry(rev, "", "", "too_many_tools", "", Warning, 1)}},
		{name: "a tool the server no longer lists is stale", protocol: rev,
			listed:  []BaselineEntry{greet, revTool, note, entry(rev, "removed", "", "seen_error", "", Error, 1)},
			matched: []BaselineEntry{greet, revTool, note}, old: []BaselineEntry{entry(rev, "removed", "", "seen_error", "", Error, 1)}},
		{name: "fewer than listed is stale by the difference", protocol: rev, listed: []BaselineEntry{withCount(greet, 3), revTool, note},
			matched: []BaselineEntry{greet, revTool, note}, old: []BaselineEntry{withCount(greet, 2)}},
		{name: "more than listed is new by the difference", protocol: rev, listed: []BaselineEntry{revTool, note},
			matched: []BaselineEntry{revTool, note}, new: []BaselineEntry{greet}},
		{name: "a severity that changed", protocol: rev, listed: []BaselineEntry{entry(rev, "greet", "", "seen_error", "/content", Warning, 1), revTool, note},
			matched: []BaselineEntry{revTool, note}, new: []BaselineEntry{greet}, old: []BaselineEntry{entry(rev, "greet", "", "seen_error", "/content", Warning, 1)}},
		{name: "a revision not checked is never stale", protocol: rev,
			listed:  []BaselineEntry{greet, revTool, note, entry("2024-11-05", "greet", "", "seen_error", "/content", Error, 1), entry("2024-11-05", "", "", "too_many_tools", "", Warning, 1)},
			matched: []BaselineEntry{greet, revTool, note}},
		{name: "only a tool: the others and the revision's are never stale", protocol: rev, only: "tool:greet",
			listed:  []BaselineEntry{greet, revTool, note, entry(rev, "", "", "too_many_tools", "", Warning, 1), entry(rev, "greet", "", "gone", "", Error, 1)},
			matched: []BaselineEntry{greet}, old: []BaselineEntry{entry(rev, "greet", "", "gone", "", Error, 1)}},
		{name: "only a resource", protocol: rev, only: "resource:memory://note", listed: []BaselineEntry{greet, revTool},
			matched: []BaselineEntry{}, new: []BaselineEntry{note}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep := memoryRun(t, tc.protocol, tc.only)
			rep.ApplyBaseline(&Baseline{Version: BaselineVersion, Findings: tc.listed})
			res := rep.BaselineResult
			for _, l := range []struct {
				what string
				got  []BaselineMatch
				want []BaselineEntry
			}{{"matched", res.Matched, tc.matched}, {"new", res.New, tc.new}, {"stale", res.Stale, tc.old}} {
				got := make([]BaselineEntry, len(l.got))
				for i, m := range l.got {
					got[i] = m.BaselineEntry
				}
				if len(got) != len(l.want) {
					t.Errorf("%s %+v, want %+v", l.what, got, l.want)
					continue
				}
				for _, w := range l.want {
					if !contains(got, w) {
						t.Errorf("%s %+v lacks %+v", l.what, got, w)
					}
				}
			}
		})
	}
}

// TestBaselineHostile: names with markup, |, ::, newlines, terminal escapes,
// bytes that are not UTF-8 and a secret: the file holds no secret and no
// character a terminal obeys, and read back it matches the same run.
func TestBaselineHostile(t *testing.T) {
	names := []string{
		hostileText, "lookup_" + hostileSecretKey, "<b>x</b>|y::error ::z\n%0A", "\xff\xfe", hostileText + hostileSecretKey,
	}
	rr := &RevisionReport{Revision: "2025-06-18", Status: StatusChecked}
	for _, n := range names {
		rr.Tools = append(rr.Tools, &ToolReport{Name: n, Calls: []*CallReport{{Findings: []Finding{
			{Severity: Error, Code: "seen_error", Path: "/structuredContent/" + hostileSecretKey},
			{Severity: Warning, Code: "seen_warning", Path: "/" + n},
		}}}})
		rr.Resources = append(rr.Resources, &ResourceReport{URI: "file:///" + n, Findings: []Finding{{Severity: Warning, Code: "seen_warning"}}})
	}
	rep := &Report{Revisions: []*RevisionReport{rr}}
	rep.finish([]string{"2025-06-18"}, time.Second)
	data, err := rep.Baseline().Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if !utf8.Valid(data) || !json.Valid(data) {
		t.Fatalf("not JSON:\n%q", data)
	}
	if strings.Contains(string(data), hostileSecretKey[10:]) {
		t.Errorf("the secret is in the file:\n%s", data)
	}
	if i := unsafeIn(string(data)); i >= 0 {
		t.Errorf("a raw control character at %d:\n%q", i, data)
	}
	b, err := ReadBaseline(data)
	if err != nil {
		t.Fatal(err)
	}
	rep.ApplyBaseline(b)
	if res := rep.BaselineResult; len(res.New) != 0 || len(res.Stale) != 0 || len(res.Matched) != len(b.Findings) {
		t.Errorf("read back, the baseline does not match the run: %+v", res)
	}
	// The text report's baseline section is escaped too.
	b.Findings = append(b.Findings, entry("2025-06-18", hostileText+hostileSecretKey, "", hostileText, hostileText, Error, 1))
	rep.ApplyBaseline(b)
	var out bytes.Buffer
	if err := rep.WriteText(&out, false); err != nil {
		t.Fatal(err)
	}
	if i := unsafeIn(out.String()); i >= 0 || strings.Contains(out.String(), hostileSecretKey[10:]) || !strings.Contains(out.String(), "\nbaseline:  ") {
		t.Errorf("the text report (unsafe at %d):\n%s", i, out.String())
	}
}

// TestReadBaselineErrors: what is not a baseline is refused, saying why.
func TestReadBaselineErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`[]`, "a baseline file is a JSON object"},
		{`not json`, "a baseline file is a JSON object"},
		{`{"version":1,"findings":[]} {}`, "a baseline file is a JSON object"},
		{`{"target":"node x","revisions":[]}`, `not a baseline file: it has a member "`},
		{`{"findings":[]}`, "it has no version"},
		{`{"version":"1","findings":[]}`, "the version of a baseline file is a number"},
		{`{"version":2,"findings":[]}`, "baseline version 2 is not known: this mcpresult reads version 1"},
		{`{"version":1}`, "the findings of a baseline file are an array of objects"},
		{`{"version":1,"findings":{}}`, "the findings of a baseline file are an array of objects"},
		{`{"version":1,"findings":[{"revision":"r","code":"c","severity":"error","count":1,"message":"m"}]}`, "baseline finding 1: an object of revision"},
		{`{"version":1,"findings":[{"code":"c","severity":"error","count":1}]}`, "baseline finding 1: it has no revision"},
		{`{"version":1,"findings":[{"revision":"r","severity":"error","count":1}]}`, "it has no code"},
		{`{"version":1,"findings":[{"revision":"r","tool":"t","resource":"u","code":"c","severity":"error","count":1}]}`, "both a tool and a resource"},
		{`{"version":1,"findings":[{"revision":"r","code":"c","severity":"info","count":1}]}`, "its severity is error or warning"},
		{`{"version":1,"findings":[{"revision":"r","code":"c","severity":"error","count":0}]}`, "its count is 1 or more"},
		{`{"version":1,"findings":[{"revision":"r","code":"c","severity":"error","count":1},{"revision":"r","code":"c","severity":"error","count":2}]}`, "baseline finding 2: listed twice"},
	} {
		b, err := ReadBaseline([]byte(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v %v, want %q", tc.in, b, err, tc.want)
		}
	}
	b, err := ReadBaseline([]byte(`{"version":1,"findings":[{"revision":"r","tool":"` + hostileSecretKey + `","code":"c","path":"","severity":"warning","count":2}]}`))
	if err != nil || len(b.Findings) != 1 || b.Findings[0].Tool != redacted || b.Findings[0].Count != 2 {
		t.Errorf("a secret written by hand: %+v %v", b, err)
	}
}

// lineLog keeps the lines a server read, as it read them.
type lineLog struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *lineLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *lineLog) lines() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Split(strings.TrimSuffix(l.buf.String(), "\n"), "\n")
}

// teeReadCloser is a pipe's reader that copies what is read.
type teeReadCloser struct {
	io.Reader
	io.Closer
}

// TestRequestAsSent: each call's and read's Request is, byte for byte, a
// line the server read; WriteJSON redacts a secret in it; the text report
// prints it only when verbose.
func TestRequestAsSent(t *testing.T) {
	got := &lineLog{}
	s := scripted{speaks: []string{"2025-06-18"}}
	transport := func() mcp.Transport {
		toServerR, toServerW := io.Pipe()
		toClientR, toClientW := io.Pipe()
		go s.serve(teeReadCloser{io.TeeReader(toServerR, got), toServerR}, toClientW)
		return &mcp.IOTransport{Reader: toClientR, Writer: toServerW}
	}
	const password = "hunter22hunter22"
	rep, err := Run(context.Background(), Options{
		Transport: transport,
		Protocol:  "2025-06-18",
		Timeout:   300 * time.Millisecond,
		Calls:     map[string][]Call{"exact": {{Arguments: json.RawMessage(`{"n":3,"password":"` + password + `"}`), Valid: true}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	read := map[string]bool{}
	for _, l := range got.lines() {
		read[l] = true
	}
	var requests []json.RawMessage
	for _, tr := range rep.Revisions[0].Tools {
		for _, c := range tr.Calls {
			requests = append(requests, c.Request)
			if !bytes.Contains(c.Request, []byte(`"method":"tools/call"`)) || !bytes.Contains(c.Request, []byte(`"name":"`+tr.Name+`"`)) {
				t.Errorf("%s: request %s", tr.Name, c.Request)
			}
			if c.Rerun != nil {
				t.Errorf("%s: a rerun %q for a transport", tr.Name, c.Rerun)
			}
		}
	}
	for _, res := range rep.Revisions[0].Resources {
		requests = append(requests, res.Request)
	}
	if len(requests) != 6 {
		t.Fatalf("%d requests, want 4 calls and 2 reads", len(requests))
	}
	for _, r := range requests {
		if !read[string(r)] {
			t.Errorf("request %s is not a line the server read:\n%s", r, strings.Join(got.lines(), "\n"))
		}
	}
	var js, text, verbose bytes.Buffer
	if err := rep.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	if err := rep.WriteText(&text, false); err != nil {
		t.Fatal(err)
	}
	if err := rep.WriteTextWith(&verbose, TextOptions{Verbose: true}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(js.String(), password) || !strings.Contains(js.String(), `"request":{"jsonrpc":"2.0","id":`) {
		t.Errorf("the JSON report's requests:\n%s", js.String())
	}
	if strings.Contains(text.String(), "request:") || !strings.Contains(verbose.String(), `request:  {"jsonrpc":"2.0","id":`) || strings.Contains(verbose.String(), password) {
		t.Errorf("the text report:\n%s\nverbose:\n%s", text.String(), verbose.String())
	}
}

// TestRerunArgs: the arguments that make one exchange again.
func TestRerunArgs(t *testing.T) {
	def := Options{Timeout: DefaultTimeout, MaxResponseBytes: DefaultMaxResponseBytes, MaxTools: DefaultMaxTools, MaxResources: DefaultMaxResources, MaxPages: DefaultMaxPages}
	withStdio := def
	withStdio.Stdio = []string{"node", "my server.mjs", "it's"}
	withStdio.CallsFile = "calls.json"
	withURL := def
	withURL.URL = "http://127.0.0.1:3000/mcp"
	withURL.Timeout = 2 * time.Second
	withURL.MaxResponseBytes = 1000
	withURL.MaxTools = 5000
	for _, tc := range []struct {
		o         Options
		only      string
		fromCalls bool
		want      []string
		line      string
	}{
		{withStdio, "tool:a b", true, []string{"--stdio", `node 'my server.mjs' 'it'"'"'s'`, "--protocol", "2025-06-18", "--only", "tool:a b", "--calls", "calls.json"},
			`mcpresult check --stdio 'node '\''my server.mjs'\'' '\''it'\''"'\''"'\''s'\''' --protocol 2025-06-18 --only 'tool:a b' --calls calls.json`},
		{withStdio, "resource:file:///x", false, []string{"--stdio", `node 'my server.mjs' 'it'"'"'s'`, "--protocol", "2025-06-18", "--only", "resource:file:///x"}, ""},
		{withURL, "tool:t", false, []string{"--url", "http://127.0.0.1:3000/mcp", "--protocol", "2025-06-18", "--only", "tool:t", "--timeout", "2s", "--max-response-bytes", "1000", "--max-tools", "5000"},
			"mcpresult check --url http://127.0.0.1:3000/mcp --protocol 2025-06-18 --only tool:t --timeout 2s --max-response-bytes 1000 --max-tools 5000"},
		{withURL, "tool:t", true, nil, ""}, // calls without their file
		{def, "tool:t", false, nil, ""},    // a transport
	} {
		got := rerunArgs(tc.o, "2025-06-18", tc.only, tc.fromCalls)
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: %q, want %q", tc.only, got, tc.want)
		}
		if tc.line != "" && RerunCommand(got) != tc.line {
			t.Errorf("%q: line %s, want %s", tc.only, RerunCommand(got), tc.line)
		}
		if got == nil {
			continue
		}
		// A POSIX shell reads the line back into the same words.
		line := strings.Replace(RerunCommand(got), "mcpresult check", `printf '%s\0'`, 1)
		out, err := exec.Command("sh", "-c", line).Output()
		if err != nil {
			t.Fatal(err)
		}
		if words := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00"); !reflect.DeepEqual(words, got) {
			t.Errorf("sh reads %s as %q, want %q", line, words, got)
		}
	}
}

// TestOnly: Options.Only calls the one tool, or reads the one resource,
// and nothing else; a name the server does not list is a note, and the
// report's Error says nothing was checked.
func TestOnly(t *testing.T) {
	rep := memoryRun(t, "2025-06-18", "tool:greet")
	rr := rep.Revisions[0]
	if len(rr.Tools) != 1 || rr.Tools[0].Name != "greet" || len(rr.Tools[0].Calls) != 1 || len(rr.Resources) != 0 || rep.Only != "tool:greet" {
		t.Errorf("tool:greet: tools %+v, resources %+v", rr.Tools, rr.Resources)
	}
	rep = memoryRun(t, "2025-06-18", "resource:memory://note")
	rr = rep.Revisions[0]
	if len(rr.Tools) != 0 || len(rr.Resources) != 1 || rep.Totals.ToolCalls != 0 {
		t.Errorf("resource: tools %+v, resources %+v", rr.Tools, rr.Resources)
	}
	ctx := context.Background()
	srv := sdkServer()
	for _, only := range []string{"tool:nope", "resource:memory://nope", "tool:memory://note"} {
		rep, err := Run(ctx, Options{Protocol: "2025-06-18", Only: only, Transport: func() mcp.Transport {
			st, ct := mcp.NewInMemoryTransports()
			srv.Connect(ctx, st, nil)
			return ct
		}})
		if err != nil {
			t.Fatal(err)
		}
		if !rep.Failed() || !strings.HasPrefix(rep.Error, "nothing was checked: no revision checked lists ") || rep.Totals.ToolCalls+rep.Totals.ResourceReads != 0 ||
			len(rep.Revisions[0].Notes) == 0 || !strings.HasPrefix(rep.Revisions[0].Notes[0], "only: ") {
			t.Errorf("%s: error %q, notes %q, totals %+v", only, rep.Error, rep.Revisions[0].Notes, rep.Totals)
		}
	}
	for _, only := range []string{"greet", "tool:", "resource:", "prompt:x"} {
		if _, err := Run(ctx, Options{URL: "http://localhost", Only: only}); err == nil {
			t.Errorf("Only %q: no error", only)
		}
	}
}

// TestRequestAsSentHTTP: over Streamable HTTP, each call's Request is the
// body of a POST the server received, byte for byte, and its Rerun names
// the URL.
func TestRequestAsSentHTTP(t *testing.T) {
	srv := sdkServer()
	handler := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, nil)
	var mu sync.Mutex
	bodies := map[string]bool{}
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			body, _ := io.ReadAll(r.Body)
			mu.Lock()
			bodies[string(body)] = true
			mu.Unlock()
			r.Body = io.NopCloser(bytes.NewReader(body))
		}
		handler.ServeHTTP(w, r)
	}))
	defer ts.Close()
	rep, err := Run(context.Background(), Options{URL: ts.URL, Protocol: "2025-06-18"})
	if err != nil {
		t.Fatal(err)
	}
	rr := rep.Revisions[0]
	if rep.Error != "" || len(rr.Tools) != 2 || len(rr.Resources) != 1 {
		t.Fatalf("error %q, %d tools, %d resources", rep.Error, len(rr.Tools), len(rr.Resources))
	}
	mu.Lock()
	defer mu.Unlock()
	for _, tr := range rr.Tools {
		c := tr.Calls[0]
		if !bodies[string(c.Request)] {
			t.Errorf("%s: request %s is not a body the server received", tr.Name, c.Request)
		}
		if want := []string{"--url", ts.URL, "--protocol", "2025-06-18", "--only", "tool:" + tr.Name}; !reflect.DeepEqual(c.Rerun, want) {
			t.Errorf("%s: rerun %q, want %q", tr.Name, c.Rerun, want)
		}
	}
	if res := rr.Resources[0]; !bodies[string(res.Request)] || !bytes.Contains(res.Request, []byte(`"method":"resources/read"`)) {
		t.Errorf("read: request %s", res.Request)
	}
}

// TestBaselineSectionBounded: the text report lists at most
// maxBaselineListed new findings and stale entries, and counts the others.
func TestBaselineSectionBounded(t *testing.T) {
	rr := &RevisionReport{Revision: "2025-06-18", Status: StatusChecked}
	var listed []BaselineEntry
	for i := range maxBaselineListed + 5 {
		name := "tool" + strconv.Itoa(i)
		rr.Tools = append(rr.Tools, &ToolReport{Name: name, Calls: []*CallReport{{Findings: []Finding{{Severity: Error, Code: "seen_error"}}}}})
		listed = append(listed, entry("2025-06-18", name, "", "gone", "", Warning, 1))
	}
	rep := &Report{Revisions: []*RevisionReport{rr}}
	rep.finish([]string{"2025-06-18"}, time.Second)
	rep.ApplyBaseline(&Baseline{Version: BaselineVersion, Findings: listed})
	var out bytes.Buffer
	if err := rep.WriteText(&out, false); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	if n := strings.Count(text, "\n  new    error"); n != maxBaselineListed {
		t.Errorf("%d new lines, want %d", n, maxBaselineListed)
	}
	if n := strings.Count(text, "\n  stale  warning"); n != maxBaselineListed {
		t.Errorf("%d stale lines, want %d", n, maxBaselineListed)
	}
	for _, want := range []string{"baseline:  0 findings listed and found, " + strconv.Itoa(maxBaselineListed+5) + " new, " + strconv.Itoa(maxBaselineListed+5) + " stale\n", "  and 5 more new (the JSON report lists them all)\n", "  and 5 more stale (the JSON report lists them all)\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in:\n%s", want, text)
		}
	}
}

// TestBaselineWhereLooked: an entry is stale only where the run looked.
func TestBaselineWhereLooked(t *testing.T) {
	called := func(name string) *ToolReport {
		return &ToolReport{Name: name, Calls: []*CallReport{{Findings: []Finding{}}}}
	}
	for _, tc := range []struct {
		name  string
		rr    *RevisionReport
		only  string
		entry BaselineEntry
		stale bool
	}{
		{"a tool called", &RevisionReport{Status: StatusChecked, Tools: []*ToolReport{called("a")}}, "", entry("r", "a", "", "c", "", Error, 1), true},
		{"a tool no longer listed", &RevisionReport{Status: StatusChecked}, "", entry("r", "gone", "", "c", "", Error, 1), true},
		{"a resource no longer listed", &RevisionReport{Status: StatusChecked}, "", entry("r", "", "file:///gone", "c", "", Error, 1), true},
		{"a tool the calls file gives no call", &RevisionReport{Status: StatusChecked, Tools: []*ToolReport{{Name: "a", Calls: []*CallReport{}}}}, "", entry("r", "a", "", "c", "", Error, 1), false},
		{"a tool past a bound", &RevisionReport{Status: StatusChecked, Findings: []Finding{{Severity: Warning, Code: CodeTooManyTools}}}, "", entry("r", "gone", "", "c", "", Error, 1), false},
		{"a resource past a cut list", &RevisionReport{Status: StatusChecked, Findings: []Finding{{Severity: Warning, Code: CodeCursorRepeated}}}, "", entry("r", "", "file:///gone", "c", "", Error, 1), false},
		{"a tool left out by only", &RevisionReport{Status: StatusChecked, Tools: []*ToolReport{called("a")}}, "tool:a", entry("r", "b", "", "c", "", Error, 1), false},
		{"the revision's own", &RevisionReport{Status: StatusChecked}, "", entry("r", "", "", string(CodeTooManyTools), "", Warning, 1), true},
		{"the revision's own, with only", &RevisionReport{Status: StatusChecked}, "tool:a", entry("r", "", "", string(CodeTooManyTools), "", Warning, 1), false},
		{"a revision that failed", &RevisionReport{Status: StatusFailed, Tools: []*ToolReport{called("a")}}, "", entry("r", "a", "", "c", "", Error, 1), false},
		{"a revision skipped", &RevisionReport{Status: StatusSkipped}, "", entry("r", "", "", "c", "", Error, 1), false},
		{"another revision", &RevisionReport{Status: StatusChecked}, "", entry("other", "a", "", "c", "", Error, 1), false},
	} {
		tc.rr.Revision = "r"
		rep := &Report{Only: tc.only, Revisions: []*RevisionReport{tc.rr}}
		rep.ApplyBaseline(&Baseline{Version: BaselineVersion, Findings: []BaselineEntry{tc.entry}})
		if got := len(rep.BaselineResult.Stale) == 1; got != tc.stale {
			t.Errorf("%s: stale %v, want %v", tc.name, got, tc.stale)
		}
	}
}
