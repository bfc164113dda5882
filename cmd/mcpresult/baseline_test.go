package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mcpresult/mcpresult/check"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// onePixelPNG is a 1×1 PNG, which the baseline server sends as a JPEG.
const onePixelPNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="

// TestBaselineServerProcess is the server of the baseline tests, when this
// test binary runs as one (MCPRESULT_CMD_BASELINE_SERVER=1): a tool image
// whose PNG says it is a JPEG (media_type_mismatch, an error), a tool leak
// whose error names a path (error_leaks_path, a warning), a clean tool, and
// a resource memory://photo, a PNG said to be a JPEG. With
// MCPRESULT_CMD_BASELINE_FIXED=1 the image tool says image/png.
func TestBaselineServerProcess(t *testing.T) {
	if os.Getenv("MCPRESULT_CMD_BASELINE_SERVER") != "1" {
		t.Skip("the server of the baseline tests")
	}
	png, _ := base64.StdEncoding.DecodeString(onePixelPNG)
	mime := "image/jpeg"
	if os.Getenv("MCPRESULT_CMD_BASELINE_FIXED") == "1" {
		mime = "image/png"
	}
	obj := json.RawMessage(`{"type":"object"}`)
	s := mcp.NewServer(&mcp.Implementation{Name: "baseline-test", Version: "1"}, nil)
	s.AddTool(&mcp.Tool{Name: "image", InputSchema: obj}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "a pixel"}, &mcp.ImageContent{Data: png, MIMEType: mime}}}, nil
	})
	s.AddTool(&mcp.Tool{Name: "leak", InputSchema: obj}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "open /home/alice/app/config/settings.yaml: no such file or directory"}}, IsError: true}, nil
	})
	s.AddTool(&mcp.Tool{Name: "clean", InputSchema: obj}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "fine"}}}, nil
	})
	if os.Getenv("MCPRESULT_CMD_BASELINE_HOSTILE") == "1" {
		s.AddTool(&mcp.Tool{Name: hostileToolName, InputSchema: obj}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "open /home/alice/app/config/settings.yaml: denied"}}, IsError: true}, nil
		})
	}
	s.AddResource(&mcp.Resource{URI: "memory://photo", Name: "photo", MIMEType: "image/jpeg"},
		func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "image/jpeg", Blob: png}}}, nil
		})
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		os.Exit(1)
	}
	os.Exit(0)
}

// hostileSecret is an API key in the name of a tool of the baseline
// server (with MCPRESULT_CMD_BASELINE_HOSTILE=1), hostileToolName, beside
// a terminal escape, markup and a workflow command.
const (
	hostileSecret   = "sk-ant-api03-abcdefghijklmnopqrstuvwxyz_0123456789"
	hostileToolName = "lookup_" + hostileSecret + "\x1b]0;pwned\x07<b>|::error::x\n"
)

// baselineServer is the --stdio of TestBaselineServerProcess.
func baselineServer(t *testing.T) string {
	t.Setenv("MCPRESULT_CMD_BASELINE_SERVER", "1")
	t.Setenv("NO_COLOR", "")
	return joinArgs(os.Args[0], "-test.run=^TestBaselineServerProcess$")
}

// checkRun runs the command, returning its exit code, stdout and stderr.
func checkRun(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := run(append([]string{"check"}, args...), nil, &out, &errOut)
	return code, out.String(), errOut.String()
}

// TestCheckBaseline: --write-baseline records the errors and warnings, the
// same bytes each run; --baseline lets them pass, fails on a new one and on
// a stale one (not with --fail-on never), and a narrower run
// (--protocol, --only) leaves what it did not look at alone.
func TestCheckBaseline(t *testing.T) {
	server := baselineServer(t)
	dir := t.TempDir()
	all := filepath.Join(dir, "all.json")
	if code, out, errOut := checkRun("--stdio", server, "--write-baseline", all, "--fail-on", "never"); code != 0 {
		t.Fatalf("--write-baseline: exit %d\n%s%s", code, out, errOut)
	}
	data, err := os.ReadFile(all)
	if err != nil {
		t.Fatal(err)
	}
	b, err := check.ReadBaseline(data)
	if err != nil {
		t.Fatal(err)
	}
	var codes []string
	for _, e := range b.Findings {
		if e.Revision == "2025-06-18" {
			codes = append(codes, e.Tool+e.Resource+" "+string(e.Code)+" "+string(e.Severity))
		}
	}
	// (The Go SDK's server writes members of later revisions in a
	// resource's result: field_not_in_revision.)
	want := []string{"image media_type_mismatch error", "leak error_leaks_path warning", "memory://photo field_not_in_revision warning",
		"memory://photo field_not_in_revision warning", "memory://photo media_type_mismatch error"}
	if !slices.Equal(codes, want) {
		t.Fatalf("2025-06-18 entries %q, want %q:\n%s", codes, want, data)
	}
	again := filepath.Join(dir, "again.json")
	checkRun("--stdio", server, "--write-baseline", again)
	if data2, _ := os.ReadFile(again); !bytes.Equal(data, data2) {
		t.Errorf("two runs, two baselines:\n%s\n%s", data, data2)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("files left beside the baselines: %v", entries)
	}

	one := filepath.Join(dir, "one.json")
	if code, _, _ := checkRun("--stdio", server, "--protocol", "2025-06-18", "--write-baseline", one); code != 1 {
		t.Errorf("--write-baseline fails the run on its findings as before: exit %d", code)
	}
	// A baseline without the image tool's error.
	withoutImage := filepath.Join(dir, "without-image.json")
	bb, _ := check.ReadBaseline(data)
	bb.Findings = slices.DeleteFunc(bb.Findings, func(e check.BaselineEntry) bool { return e.Tool == "image" })
	js, _ := bb.Marshal()
	os.WriteFile(withoutImage, js, 0o644)

	for _, tc := range []struct {
		name  string
		env   string // MCPRESULT_CMD_BASELINE_FIXED
		args  []string
		code  int
		holds []string
	}{
		{"all listed", "", []string{"--baseline", all, "--fail-on", "warning"}, 0, []string{"\nbaseline:  ", " listed and found, 0 new, 0 stale\n"}},
		{"all listed, json", "", []string{"--baseline", all, "--json"}, 0, []string{`"baseline":{"matched":[{"revision":"2024-11-05","tool":"image","code":"media_type_mismatch","path":"/content/1/data","severity":"error","count":1,"listed":1,"found":1}`, `"new":[],"stale":[]}`}},
		{"a new error", "", []string{"--baseline", withoutImage}, 1, []string{" 5 new, 0 stale\n", "  new    error    2025-06-18  tool image  media_type_mismatch at /content/1/data  ×1\n"}},
		{"a new error, fail-on never", "", []string{"--baseline", withoutImage, "--fail-on", "never"}, 0, nil},
		{"a fixed error is stale", "1", []string{"--baseline", all}, 1, []string{" 0 new, 5 stale\n", "  stale  error    2025-06-18  tool image  media_type_mismatch at /content/1/data  listed 1, found 0: write the baseline again\n"}},
		{"stale, json", "1", []string{"--baseline", all, "--json"}, 1, []string{`"stale":[{"revision":"2024-11-05","tool":"image","code":"media_type_mismatch","path":"/content/1/data","severity":"error","count":1,"listed":1,"found":0}`}},
		{"stale, fail-on never", "1", []string{"--baseline", all, "--fail-on", "never"}, 0, nil},
		{"a narrower --protocol", "", []string{"--baseline", all, "--protocol", "2025-06-18", "--fail-on", "warning"}, 0, []string{" 0 new, 0 stale\n"}},
		{"--only the fixed tool", "1", []string{"--baseline", all, "--protocol", "2025-06-18", "--only", "tool:leak"}, 0, []string{"1 finding listed and found, 0 new, 0 stale\n"}},
		{"--only the fixed tool, stale", "1", []string{"--baseline", all, "--protocol", "2025-06-18", "--only", "tool:image"}, 1, []string{" 0 new, 1 stale\n"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("MCPRESULT_CMD_BASELINE_FIXED", tc.env)
			code, out, errOut := checkRun(append([]string{"--stdio", server}, tc.args...)...)
			if code != tc.code {
				t.Errorf("exit %d, want %d\n%s%s", code, tc.code, out, errOut)
			}
			for _, h := range tc.holds {
				if !strings.Contains(out, h) {
					t.Errorf("stdout lacks %q:\n%s", h, out)
				}
			}
		})
	}
}

// TestCheckBaselineUsage: a baseline that cannot be read, or is not one,
// and a malformed --only are usage errors; a run that could not check the
// server writes no baseline.
func TestCheckBaselineUsage(t *testing.T) {
	dir := t.TempDir()
	report := filepath.Join(dir, "report.json")
	os.WriteFile(report, []byte(`{"target":"x","revisions":[]}`), 0o644)
	future := filepath.Join(dir, "future.json")
	os.WriteFile(future, []byte(`{"version":7,"findings":[]}`), 0o644)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--baseline", filepath.Join(dir, "none.json")}, "cannot read the baseline: no such file"},
		{[]string{"--baseline", report}, `the baseline: not a baseline file: it has a member "`},
		{[]string{"--baseline", future}, "the baseline: baseline version 7 is not known: this mcpresult reads version 1"},
		{[]string{"--only", "echo"}, "--only is tool:NAME or resource:URI"},
		{[]string{"--only", "tool:"}, "--only is tool:NAME or resource:URI"},
	} {
		code, out, errOut := checkRun(append([]string{"--url", "http://localhost"}, tc.args...)...)
		if code != 2 || !strings.Contains(errOut, tc.want) || out != "" {
			t.Errorf("%q: exit %d, stderr %q, want %q", tc.args, code, errOut, tc.want)
		}
	}
	path := filepath.Join(dir, "b.json")
	code, _, errOut := checkRun("--stdio", "/nonexistent/server", "--write-baseline", path)
	if _, err := os.Stat(path); code != 1 || err == nil || !strings.Contains(errOut, "no baseline written: the server could not be checked in full") {
		t.Errorf("exit %d, stat %v, stderr %q", code, err, errOut)
	}
}

// TestCheckRerun: each call and read with an error or a warning carries
// the command that makes it again; run, that command checks that one tool
// (all its calls, from the calls file) or resource, in that revision, and
// gives the same findings. The text report prints it under the call.
func TestCheckRerun(t *testing.T) {
	server := baselineServer(t)
	calls := filepath.Join(t.TempDir(), "calls.json")
	os.WriteFile(calls, []byte(`{"leak": [{"arguments": {}}, {"arguments": {"x": 1}, "valid": false}]}`), 0o644)
	type exchange struct {
		Request  json.RawMessage
		Rerun    []string
		Findings []struct{ Code, Severity string }
	}
	type report struct {
		Only      string
		Revisions []struct {
			Revision, Status string
			Tools            []struct {
				Name  string
				Calls []exchange
			}
			Resources []struct {
				URI string
				exchange
			}
		}
		Totals map[string]int
	}
	read := func(args ...string) report {
		t.Helper()
		_, out, errOut := checkRun(append(args, "--json")...)
		var r report
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatalf("%v: %s%s", err, out, errOut)
		}
		return r
	}
	codes := func(e exchange) []string {
		var c []string
		for _, f := range e.Findings {
			if f.Severity != "info" {
				c = append(c, f.Code)
			}
		}
		return c
	}
	full := read("--stdio", server, "--calls", calls, "--protocol", "2025-11-25")
	reruns := 0
	for _, rr := range full.Revisions {
		for _, tr := range rr.Tools {
			for _, c := range tr.Calls {
				if !bytes.HasPrefix(c.Request, []byte(`{"jsonrpc":"2.0","id":`)) || !bytes.Contains(c.Request, []byte(`"name":"`+tr.Name+`"`)) {
					t.Errorf("%s: request %s", tr.Name, c.Request)
				}
				if len(codes(c)) == 0 {
					continue
				}
				reruns++
				again := read(c.Rerun...)
				if again.Only != "tool:"+tr.Name || len(again.Revisions) != 1 || again.Revisions[0].Revision != rr.Revision || len(again.Revisions[0].Tools) != 1 ||
					len(again.Revisions[0].Resources) != 0 || again.Totals["toolCalls"] != len(tr.Calls) {
					t.Fatalf("%s: rerun %q checked %+v", tr.Name, c.Rerun, again)
				}
				for i, c2 := range again.Revisions[0].Tools[0].Calls {
					if !slices.Equal(codes(c2), codes(tr.Calls[i])) {
						t.Errorf("%s: rerun call %d gives %q, want %q", tr.Name, i+1, codes(c2), codes(tr.Calls[i]))
					}
				}
				if fromFile := slices.Contains(c.Rerun, "--calls"); fromFile != (tr.Name == "leak") {
					t.Errorf("%s: rerun %q", tr.Name, c.Rerun)
				}
			}
		}
		for _, res := range rr.Resources {
			reruns++
			again := read(res.Rerun...)
			if len(again.Revisions) != 1 || len(again.Revisions[0].Tools) != 0 || len(again.Revisions[0].Resources) != 1 ||
				!slices.Equal(codes(again.Revisions[0].Resources[0].exchange), codes(res.exchange)) || len(codes(res.exchange)) == 0 {
				t.Errorf("%s: rerun %q checked %+v", res.URI, res.Rerun, again)
			}
		}
	}
	if reruns != 4 { // image, leak twice, the photo
		t.Errorf("%d reruns, want 4", reruns)
	}
	_, out, _ := checkRun("--stdio", server, "--protocol", "2025-11-25")
	if want := "      rerun:  mcpresult check --stdio " + shellQuoted(os.Args[0]+" -test.run=^TestBaselineServerProcess$") + " --protocol 2025-11-25 --only tool:image\n"; !strings.Contains(out, want) {
		t.Errorf("the text report lacks %q:\n%s", want, out)
	}
	if strings.Contains(out, "request:") {
		t.Errorf("the text report prints the request without --verbose:\n%s", out)
	}

	// A name the server does not list: a note, and exit 1.
	code, out, _ := checkRun("--stdio", server, "--protocol", "2025-11-25", "--only", "tool:nope")
	if code != 1 || !strings.Contains(out, `note: only: tool "nope" is not listed by the server: no tool called`) || !strings.Contains(out, "nothing was checked") {
		t.Errorf("--only tool:nope: exit %d\n%s", code, out)
	}
}

// shellQuoted is a word as check.RerunCommand quotes it.
func shellQuoted(w string) string {
	return strings.TrimPrefix(check.RerunCommand([]string{w}), "mcpresult check ")
}

// TestCheckBaselineHostile: a tool named with a secret and escapes: the
// baseline holds neither, the reports print neither, and the baseline
// still matches the next run.
func TestCheckBaselineHostile(t *testing.T) {
	server := baselineServer(t)
	t.Setenv("MCPRESULT_CMD_BASELINE_HOSTILE", "1")
	path := filepath.Join(t.TempDir(), "b.json")
	if code, out, errOut := checkRun("--stdio", server, "--protocol", "2025-06-18", "--write-baseline", path, "--fail-on", "never"); code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte(`"tool": "lookup_[redacted]\u001b]0;pwned\u0007<b>|::error::x\n"`)) || bytes.Contains(data, []byte(hostileSecret[10:])) || unsafeOnTerminal(string(data)) >= 0 {
		t.Errorf("the baseline:\n%s", data)
	}
	for _, tc := range []struct {
		args  []string
		rerun string
	}{
		{nil, `--only 'tool:lookup_[redacted]\x1b]0;pwned\x07<b>|::error::x\n'`},
		{[]string{"--json"}, `"--only","tool:lookup_[redacted]\u001b]0;pwned\u0007<b>|::error::x\n"]`},
	} {
		args := tc.args
		code, out, errOut := checkRun(append([]string{"--stdio", server, "--protocol", "2025-06-18", "--baseline", path, "--fail-on", "warning"}, args...)...)
		if code != 0 || !strings.Contains(out, tc.rerun) {
			t.Errorf("%q: exit %d\n%s%s", args, code, out, errOut)
		}
		if strings.Contains(out+errOut, hostileSecret[10:]) || unsafeOnTerminal(out+errOut) >= 0 {
			t.Errorf("%q: a secret or a control character:\n%s%s", args, out, errOut)
		}
	}
}
