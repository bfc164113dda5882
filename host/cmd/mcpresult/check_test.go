package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestSplitCommandLine(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
		err  string
	}{
		{"node server.mjs", []string{"node", "server.mjs"}, ""},
		{"  node   js/examples/server.mjs\t--port 0 ", []string{"node", "js/examples/server.mjs", "--port", "0"}, ""},
		{`python -c 'print("hi there")'`, []string{"python", "-c", `print("hi there")`}, ""},
		{`go run "./cmd/my server" --name "a \"b\" \\ \c"`, []string{"go", "run", "./cmd/my server", "--name", `a "b" \ \c`}, ""},
		{`a\ b c\'d`, []string{"a b", "c'd"}, ""},
		{`x '' ""`, []string{"x", "", ""}, ""},
		{`pre'quoted'post`, []string{"prequotedpost"}, ""},
		{`$HOME/bin/x | y > z`, []string{"$HOME/bin/x", "|", "y", ">", "z"}, ""},
		{"", nil, ""},
		{`a 'b`, nil, "single quote is not closed"},
		{`a "b\"`, nil, "double quote is not closed"},
		{`a \`, nil, "ends with a backslash"},
	} {
		got, err := splitCommandLine(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: %q %v, want %q", tc.in, got, err, tc.want)
		}
	}
}

func TestCheckUsage(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"tool": [{"args": {}}]}`), 0o644)
	for _, tc := range []struct {
		name     string
		args     []string
		inStderr string
	}{
		{"no server", []string{"check"}, "check needs one server"},
		{"two servers", []string{"check", "--stdio", "x", "--url", "http://localhost"}, "check needs one server"},
		{"empty command", []string{"check", "--stdio", "  "}, "--stdio needs a command"},
		{"bad quoting", []string{"check", "--stdio", "node 'x"}, "--stdio: a single quote is not closed"},
		{"bad url", []string{"check", "--url", "localhost:8080"}, "--url must be an http or https URL"},
		{"bad protocol", []string{"check", "--url", "http://localhost", "--protocol", "2024-01-01"}, "--protocol must be one of 2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25, 2026-07-28"},
		{"bad timeout", []string{"check", "--url", "http://localhost", "--timeout", "0s"}, "--timeout must be a positive duration"},
		{"missing calls file", []string{"check", "--url", "http://localhost", "--calls", filepath.Join(dir, "none.json")}, "cannot read the calls file: no such file"},
		{"invalid calls file", []string{"check", "--url", "http://localhost", "--calls", bad}, `the calls file: tool "tool", call 1: unknown member "args"`},
		{"input file", []string{"check", "--url", "http://localhost", "server.json"}, "check reads no input file"},
		{"unknown flag", []string{"check", "--url", "http://localhost", "--kind", "tool"}, "not a flag of check"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			if code := run(tc.args, strings.NewReader(""), &out, &errOut); code != 2 {
				t.Fatalf("exit %d, want 2 (stderr %s)", code, errOut.String())
			}
			if !strings.Contains(errOut.String(), tc.inStderr) || !strings.Contains(errOut.String(), "mcpresult check") {
				t.Fatalf("stderr %q lacks %q or the usage", errOut.String(), tc.inStderr)
			}
			if out.Len() != 0 {
				t.Fatalf("stdout %q", out.String())
			}
		})
	}
}

// TestCheck runs the command against a server over stdio (this test binary,
// as TestCheckServerProcess), and against one that cannot be started.
func TestCheck(t *testing.T) {
	t.Setenv("MCPRESULT_CMD_TEST_SERVER", "1")
	t.Setenv("NO_COLOR", "")
	calls := filepath.Join(t.TempDir(), "calls.json")
	os.WriteFile(calls, []byte(`{"echo": [{"arguments": {"text": "hi"}}, {"arguments": {}, "valid": false, "note": "text missing"}]}`), 0o644)
	server := joinArgs(os.Args[0], "-test.run=^TestCheckServerProcess$")

	var out, errOut bytes.Buffer
	code := run([]string{"check", "--stdio", server, "--protocol", "2025-06-18", "--calls", calls, "--json"}, nil, &out, &errOut)
	var rep struct {
		Server    struct{ Name string }
		Totals    map[string]int
		Revisions []struct {
			Revision, Status string
			Tools            []struct {
				Name  string
				Calls []struct {
					Arguments json.RawMessage
					ArgsValid bool
					Outcome   string
					Result    json.RawMessage
				}
			}
		}
	}
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("stdout is no JSON report (%v): %s; stderr %s", err, out.String(), errOut.String())
	}
	if want := map[bool]int{false: 0, true: 1}[rep.Totals["error"] > 0]; code != want {
		t.Errorf("exit %d with %d error findings", code, rep.Totals["error"])
	}
	if rep.Server.Name != "cmd-test" || len(rep.Revisions) != 1 || rep.Revisions[0].Status != "checked" || len(rep.Revisions[0].Tools) != 1 {
		t.Fatalf("report %s", out.String())
	}
	c := rep.Revisions[0].Tools[0].Calls
	if len(c) != 2 || string(c[0].Arguments) != `{"text":"hi"}` || !c[0].ArgsValid || c[0].Outcome != "result" ||
		string(c[0].Result) != `{"content":[{"type":"text","text":"hi"}]}` || c[1].ArgsValid || c[1].Outcome != "tool_error" {
		t.Errorf("calls %+v", c)
	}
	if errOut.Len() != 0 {
		t.Errorf("stderr %q (no progress off a terminal)", errOut.String())
	}

	// The text report, without colours off a terminal.
	out.Reset()
	code = run([]string{"check", "--stdio", server, "--protocol=2025-03-26"}, nil, &out, &errOut)
	if code > 1 || !strings.HasPrefix(out.String(), "mcpresult check  ") || !strings.Contains(out.String(), "\n2025-03-26  1 tool, 1 call, 0 resources") ||
		!strings.Contains(out.String(), "summary: 1 revision checked; 1 tool call, 0 resource reads;") || strings.Contains(out.String(), "\x1b[") {
		t.Errorf("exit %d, text report:\n%s", code, out.String())
	}

	// A server that cannot be started: exit 1, and why on stderr with --json.
	out.Reset()
	errOut.Reset()
	code = run([]string{"check", "--stdio", "/nonexistent/server --flag", "--json"}, nil, &out, &errOut)
	if code != 1 || !strings.Contains(out.String(), `"error":"the server could not be started: `) ||
		!strings.HasPrefix(errOut.String(), "mcpresult: check: the server could not be started: ") {
		t.Errorf("exit %d, stdout %s, stderr %s", code, out.String(), errOut.String())
	}
}

// joinArgs quotes a command line for --stdio.
func joinArgs(args ...string) string {
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	return strings.Join(q, " ")
}

// TestCheckServerProcess is the server of TestCheck, when this test binary
// runs as one: a tool echo that returns its text, or a tool error without it.
func TestCheckServerProcess(t *testing.T) {
	if os.Getenv("MCPRESULT_CMD_TEST_SERVER") != "1" {
		t.Skip("the server of TestCheck")
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "cmd-test", Version: "1"}, nil)
	s.AddTool(&mcp.Tool{Name: "echo", InputSchema: json.RawMessage(`{"type":"object","properties":{"text":{"type":"string"}},"required":["text"]}`)},
		func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			var args struct {
				Text *string `json:"text"`
			}
			if json.Unmarshal(req.Params.Arguments, &args) != nil || args.Text == nil {
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "text is required"}}, IsError: true}, nil
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: *args.Text}}}, nil
		})
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		os.Exit(1)
	}
	os.Exit(0)
}
