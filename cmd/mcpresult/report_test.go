package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mcpresult/mcpresult/check"
)

// TestReportUsage: what --report refuses, before any server is started
// (exit 2, a line naming the flag, never the path).
func TestReportUsage(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name     string
		args     []string
		inStderr string
	}{
		{"no =", []string{"--report", "sarif"}, "--report is FORMAT=PATH (PATH - is standard output)"},
		{"unknown format", []string{"--report", "pdf=x.pdf"}, "--report: pdf is not a report format: the formats are html, json, junit, markdown, sarif, text"},
		{"a format that is no name", []string{"--report", "\x1b[2J=x"}, "--report: an unknown report format: the formats are"},
		{"empty format", []string{"--report", "=x"}, "--report: an unknown report format"},
		{"no path", []string{"--report", "sarif="}, "--report sarif= needs a path"},
		{"two to stdout", []string{"--report", "sarif=-", "--report", "junit=-"}, "only one report can go to standard output"},
		{"json and a report to stdout", []string{"--json", "--report", "junit=-"}, "--report junit=- and --json both write to standard output"},
		{"one file twice", []string{"--report", "sarif=" + filepath.Join(dir, "r"), "--report", "junit=" + filepath.Join(dir, ".", "r")}, "two reports are written to the same file"},
		{"NUL", []string{"--report", "sarif=a\x00b"}, "--report cannot hold a NUL character"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			args := append([]string{"check", "--stdio", "/nonexistent/server"}, tc.args...)
			if code := run(args, strings.NewReader(""), &out, &errOut); code != 2 {
				t.Fatalf("exit %d, want 2 (stderr %s)", code, errOut.String())
			}
			if !strings.Contains(errOut.String(), tc.inStderr) || out.Len() != 0 {
				t.Fatalf("stderr %q lacks %q (stdout %q)", errOut.String(), tc.inStderr, out.String())
			}
			if strings.Contains(errOut.String(), dir) || strings.Contains(errOut.String(), "\x1b") {
				t.Errorf("the usage error repeats a value: %q", errOut.String())
			}
		})
	}
}

// TestReportRepeatable: --report keeps every value, in order, in either
// spelling, and a flag that is not repeatable is still refused twice.
func TestReportRepeatable(t *testing.T) {
	flags, _, err := parseArgs("check", []string{"--report", "sarif=a b.sarif", "--url", "http://x", "--report=junit=c=d.xml", "--report", "json=-"})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := multiValue(flags, "report"), []string{"sarif=a b.sarif", "junit=c=d.xml", "json=-"}; !reflect.DeepEqual(got, want) {
		t.Errorf("--report values %q, want %q", got, want)
	}
	if got := multiValue(flags, "calls"); got != nil {
		t.Errorf("a flag not given: %q", got)
	}
	if _, _, err := parseArgs("check", []string{"--url", "http://x", "--url", "http://y"}); err == nil || !strings.Contains(err.Error(), "--url is given more than once") {
		t.Errorf("--url twice: %v", err)
	}
}

// TestCheckReports runs the command against the test server with every
// format written to a file beside the text report on standard output, then
// with SARIF on standard output instead of it, then with a report that
// cannot be written.
func TestCheckReports(t *testing.T) {
	t.Setenv("MCPRESULT_CMD_TEST_SERVER", "1")
	t.Setenv("NO_COLOR", "")
	dir := t.TempDir()
	t.Setenv("GITHUB_WORKSPACE", dir)
	t.Setenv("GITHUB_WORKFLOW_REF", "")
	calls := filepath.Join(dir, "mcp", "calls.json")
	os.Mkdir(filepath.Dir(calls), 0o755)
	os.WriteFile(calls, []byte(`{"echo": [{"arguments": {"text": "hi"}}, {"arguments": {}, "valid": false, "note": "text missing"}]}`), 0o644)
	server := joinArgs(os.Args[0], "-test.run=^TestCheckServerProcess$")
	base := []string{"check", "--stdio", server, "--protocol", "2025-06-18", "--calls", calls}
	file := func(name string) string { return filepath.Join(dir, name) }

	var out, errOut bytes.Buffer
	code := run(append(base, "--report", "sarif="+file("r.sarif"), "--report", "junit="+file("r.xml"), "--report", "json="+file("r.json"), "--report", "text="+file("r.txt")), nil, &out, &errOut)
	if code > 1 || errOut.Len() != 0 {
		t.Fatalf("exit %d, stderr %s", code, errOut.String())
	}
	text, _ := os.ReadFile(file("r.txt"))
	if !strings.HasPrefix(out.String(), "mcpresult check  ") || !strings.Contains(out.String(), "\n2025-06-18  1 tool, 2 calls, 0 resources") {
		t.Errorf("the text report on stdout:\n%s", out.String())
	}
	// The times differ from one report to the other; the rest is the same.
	if strings.Split(string(text), "\n")[0] != strings.Split(out.String(), "\n")[0] || !strings.Contains(string(text), "summary: 1 revision checked; 2 tool calls, 0 resource reads;") {
		t.Errorf("the text report in a file:\n%s", text)
	}
	var rep struct {
		Totals    map[string]int
		Revisions []struct {
			Tools []struct{ Calls []json.RawMessage }
		}
	}
	data, _ := os.ReadFile(file("r.json"))
	if err := json.Unmarshal(data, &rep); err != nil || len(rep.Revisions) != 1 || len(rep.Revisions[0].Tools[0].Calls) != 2 {
		t.Fatalf("the JSON report (%v): %s", err, data)
	}
	var sarif struct {
		Version string
		Runs    []struct {
			Tool struct {
				Driver struct{ Name, Version string }
			}
			Results []struct {
				Level     string
				Locations []struct {
					PhysicalLocation struct{ ArtifactLocation struct{ URI string } }
				}
			}
		}
	}
	data, _ = os.ReadFile(file("r.sarif"))
	if err := json.Unmarshal(data, &sarif); err != nil || sarif.Version != "2.1.0" || len(sarif.Runs) != 1 || sarif.Runs[0].Tool.Driver.Name != "mcpresult" {
		t.Fatalf("the SARIF report (%v): %s", err, data)
	}
	if n := len(sarif.Runs[0].Results); n != rep.Totals["error"]+rep.Totals["warning"] {
		t.Errorf("%d SARIF results for totals %v", n, rep.Totals)
	}
	for _, res := range sarif.Runs[0].Results {
		if uri := res.Locations[0].PhysicalLocation.ArtifactLocation.URI; uri != "mcp/calls.json" {
			t.Errorf("a result at %q, not the calls file", uri)
		}
	}
	var junit struct {
		Tests  int `xml:"tests,attr"`
		Suites []struct {
			Name  string `xml:"name,attr"`
			Cases []struct {
				Name string `xml:"name,attr"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	data, _ = os.ReadFile(file("r.xml"))
	// The calls, and the session: the Go SDK's server sends ttlMs and
	// cacheScope with tools/list to a 2025-06-18 client (revision_mismatch,
	// info).
	if err := xml.Unmarshal(data, &junit); err != nil || junit.Tests != 3 || len(junit.Suites) != 1 || junit.Suites[0].Name != "2025-06-18" ||
		len(junit.Suites[0].Cases) != 3 || junit.Suites[0].Cases[1].Name != "echo (call 2)" || junit.Suites[0].Cases[2].Name != "session" {
		t.Errorf("the JUnit report (%v): %s", err, data)
	}
	if left, _ := filepath.Glob(file(".*.tmp")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}

	// SARIF on standard output, instead of the text report.
	out.Reset()
	if code := run(append(base, "--report", "sarif=-"), nil, &out, &errOut); code > 1 || !json.Valid(out.Bytes()) || !strings.Contains(out.String(), `"version": "2.1.0"`) {
		t.Errorf("exit %d, --report sarif=- wrote:\n%s", code, out.String())
	}

	// A report that cannot be written fails the run, and the others are
	// written all the same.
	out.Reset()
	errOut.Reset()
	os.Remove(file("r.xml"))
	code = run(append(base, "--fail-on", "never", "--report", "sarif="+filepath.Join(dir, "absent", "r.sarif"), "--report", "junit="+file("r.xml")), nil, &out, &errOut)
	if code != 1 || errOut.String() != "mcpresult: check: cannot write the sarif report to "+filepath.Join(dir, "absent", "r.sarif")+": no such file or directory\n" {
		t.Errorf("exit %d, stderr %q", code, errOut.String())
	}
	if _, err := os.Stat(file("r.xml")); err != nil || !strings.HasPrefix(out.String(), "mcpresult check  ") {
		t.Errorf("the other reports were not written (%v):\n%s", err, out.String())
	}

	// A server that cannot be started, with no text report on standard
	// output: why, on standard error.
	out.Reset()
	errOut.Reset()
	code = run([]string{"check", "--stdio", "/nonexistent/server", "--report", "junit=-"}, nil, &out, &errOut)
	if code != 1 || !strings.Contains(out.String(), `<error message="the server could not be started: `) || !strings.HasPrefix(errOut.String(), "mcpresult: check: the server could not be started: ") {
		t.Errorf("exit %d, stdout %s, stderr %s", code, out.String(), errOut.String())
	}
}

// TestSARIFLocation: the calls file, else the file that starts the server,
// else the workflow, else none; each relative to the repository's root,
// and never one outside it.
func TestSARIFLocation(t *testing.T) {
	root := t.TempDir()
	t.Chdir(root)
	for _, f := range []string{"calls.json", "bin/server", "src/main.py"} {
		os.MkdirAll(filepath.Dir(f), 0o755)
		os.WriteFile(f, nil, 0o755)
	}
	outside := filepath.Join(t.TempDir(), "calls.json")
	os.WriteFile(outside, nil, 0o644)
	for _, tc := range []struct {
		name      string
		workspace string
		workflow  string
		calls     string
		argv      []string
		want      string
	}{
		{name: "the calls file", calls: "calls.json", argv: []string{"node", "server.mjs"}, want: "calls.json"},
		{name: "the calls file, absolute", calls: filepath.Join(root, "calls.json"), want: "calls.json"},
		{name: "a script", argv: []string{"node", "--enable-source-maps", "dist/server.mjs", "stdio"}, want: "dist/server.mjs"},
		{name: "a script, absolute", argv: []string{"python3", filepath.Join(root, "src", "main.py")}, want: "src/main.py"},
		{name: "a program of the repository", argv: []string{"./bin/server", "--port", "0"}, want: "bin/server"},
		{name: "a file argument", argv: []string{"uv", "run", "bin/server"}, want: "bin/server"},
		{name: "a command on PATH", argv: []string{"calls.json"}, want: ""},
		{name: "outside the repository", calls: outside, argv: []string{"node", filepath.Join(filepath.Dir(outside), "x.js")}, want: ""},
		{name: "the workflow", argv: []string{"npx", "-y", "some-server"}, workflow: "octo/repo/.github/workflows/mcp check.yml@refs/heads/main", want: ".github/workflows/mcp check.yml"},
		{name: "another root", workspace: filepath.Join(root, "src"), argv: []string{"python", "src/main.py"}, want: "main.py"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("GITHUB_WORKSPACE", tc.workspace)
			t.Setenv("GITHUB_WORKFLOW_REF", tc.workflow)
			flags := map[string]string{}
			if tc.calls != "" {
				flags["calls"] = tc.calls
			}
			if got := sarifLocation(flags, tc.argv, os.Getenv); got != tc.want {
				t.Errorf("%q", got)
			}
		})
	}
}

// TestWriteReportsColour: the text report is coloured on standard output
// when the context says so (a terminal), and never in a file.
func TestWriteReportsColour(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.txt")
	var out, errOut bytes.Buffer
	rc := reportContext{text: check.TextOptions{Color: true}}
	if !writeReports(&check.Report{Target: "x"}, []reportTarget{{"text", "-"}, {"text", path}}, rc, &out, &errOut) {
		t.Fatalf("not written: %s", errOut.String())
	}
	data, err := os.ReadFile(path)
	if err != nil || !strings.Contains(out.String(), "\x1b[1mmcpresult check\x1b[0m") || strings.Contains(string(data), "\x1b") || !strings.HasPrefix(string(data), "mcpresult check  x\n") {
		t.Errorf("stdout %q, file %q (%v)", out.String(), data, err)
	}
	if st, err := os.Stat(path); err != nil || st.Mode().Perm() != 0o644 {
		t.Errorf("the file's mode: %v %v", st.Mode(), err)
	}
}
