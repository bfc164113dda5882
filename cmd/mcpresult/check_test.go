package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/mcpresult/mcpresult/internal/nodetest"
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
		{"bad deadline", []string{"check", "--url", "http://localhost", "--deadline", "soon"}, "--deadline must be a positive duration"},
		{"bad response bytes", []string{"check", "--url", "http://localhost", "--max-response-bytes", "16MB"}, "--max-response-bytes must be a positive number of bytes"},
		{"zero response bytes", []string{"check", "--url", "http://localhost", "--max-response-bytes", "0"}, "--max-response-bytes must be a positive number of bytes"},
		{"bad max tools", []string{"check", "--url", "http://localhost", "--max-tools", "-1"}, "--max-tools must be a positive integer"},
		{"bad max resources", []string{"check", "--url", "http://localhost", "--max-resources", "x"}, "--max-resources must be a positive integer"},
		{"bad max pages", []string{"check", "--url", "http://localhost", "--max-pages", "0"}, "--max-pages must be a positive integer"},
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

func TestParseBytes(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
	}{
		{"1", 1}, {"1000000", 1000000}, {"16MiB", 16 << 20}, {"16M", 16 << 20}, {"64 KiB", 64 << 10}, {"2K", 2048}, {"1GiB", 1 << 30}, {"1024G", 1 << 40},
		{"0", 0}, {"-1", 0}, {"16MB", 0}, {"MiB", 0}, {"1.5MiB", 0}, {"1025G", 0}, {"", 0}, {"99999999999999999999", 0},
	} {
		got, err := parseBytes(tc.in)
		if got != tc.want || (err == nil) != (tc.want > 0) {
			t.Errorf("%q: %d %v, want %d", tc.in, got, err, tc.want)
		}
	}
}

// TestCheckDeadline runs the command with a deadline shorter than the
// answer of a tool that never answers: the report says the run was cut
// short, with the call in progress, and the exit code is 1.
func TestCheckDeadline(t *testing.T) {
	t.Setenv("MCPRESULT_CMD_TEST_SERVER", "1")
	t.Setenv("MCPRESULT_CMD_TEST_MARKER", filepath.Join(t.TempDir(), "called"))
	server := joinArgs(os.Args[0], "-test.run=^TestCheckServerProcess$")
	var out, errOut bytes.Buffer
	start := time.Now()
	code := run([]string{"check", "--stdio", server, "--protocol", "2025-06-18", "--deadline", "2s", "--timeout", "1m"}, nil, &out, &errOut)
	if time.Since(start) > time.Minute {
		t.Errorf("the run took %v with a deadline of 2s", time.Since(start))
	}
	if code != 1 || !strings.Contains(out.String(), "failed: cut short: the run's deadline (2s) passed") || !strings.Contains(out.String(), "cut_short") ||
		!strings.Contains(out.String(), "tool echo") {
		t.Errorf("exit %d, report:\n%s\nstderr %s", code, out.String(), errOut.String())
	}
}

// hostileMessage is what a server could send to take over the terminal
// check prints on: set the window title, clear the screen, reverse the text
// that follows, a C1 CSI, a carriage return.
const hostileMessage = "no\x1b]0;pwned\x07\x1b[2J\u202eevil\u009b2J\rdone"

// unsafeOnTerminal returns the first character of s that a terminal would
// obey, or that reorders the text around it (but \n), or -1.
func unsafeOnTerminal(s string) int {
	for i, r := range s {
		if r < 0x20 && r != '\n' || r >= 0x7f && r <= 0x9f || r == 0x2028 || r == 0x2029 ||
			r == 0x061c || r == 0x200e || r == 0x200f || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 {
			return i
		}
	}
	return -1
}

// TestCheckStderrEscaped runs the command against a server that refuses
// initialize with a message full of escape sequences: the error printed on
// standard error (with --json) and the report on standard output say what
// the server said, escaped.
func TestCheckStderrEscaped(t *testing.T) {
	t.Setenv("MCPRESULT_CMD_TEST_SERVER", "refuse")
	server := joinArgs(os.Args[0], "-test.run=^TestCheckServerProcess$")
	const escaped = `no\x1b]0;pwned\x07\x1b[2J\u202eevil\u009b2J\rdone`
	for _, tc := range []struct {
		name             string
		json             bool
		stdout, inStderr string
	}{
		{"json", true, `"error":"server does not speak 2025-06-18 (it refused initialize: JSON-RPC error -32602: no\u001b]0;pwned\u0007\u001b[2J\u202eevil\u009b2J\rdone)"`,
			"mcpresult: check: server does not speak 2025-06-18 (it refused initialize: JSON-RPC error -32602: " + escaped + ")\n"},
		{"text", false, "skipped: server does not speak 2025-06-18 (it refused initialize: JSON-RPC error -32602: " + escaped + ")", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := []string{"check", "--stdio", server, "--protocol", "2025-06-18", "--timeout", "1m"}
			if tc.json {
				args = append(args, "--json")
			}
			var out, errOut bytes.Buffer
			code := run(args, nil, &out, &errOut)
			if code != 1 || !strings.Contains(out.String(), tc.stdout) || errOut.String() != tc.inStderr {
				t.Errorf("exit %d, stdout %q (want it to hold %q), stderr %q, want %q", code, out.String(), tc.stdout, errOut.String(), tc.inStderr)
			}
			for what, s := range map[string]string{"stdout": out.String(), "stderr": errOut.String()} {
				if i := unsafeOnTerminal(s); i >= 0 {
					t.Errorf("a raw control character in %s at %d: %q", what, i, s)
				}
			}
		})
	}
}

// TestProgressLine checks the progress line: each step erases the line
// before it, and what the server named in it is escaped, then cut to 76
// characters.
func TestProgressLine(t *testing.T) {
	for _, tc := range []struct {
		name, msg, want string
	}{
		{"plain", "2025-06-18: tools/call forecast (3/11)", "2025-06-18: tools/call forecast (3/11)"},
		{"escapes", "tools/call " + hostileMessage + " (1/2)", `tools/call no\x1b]0;pwned\x07\x1b[2J\u202eevil\u009b2J\rdone (1/2)`},
		{"long", strings.Repeat("a", 100), strings.Repeat("a", 75) + "…"},
		{"long, escaped past the cut", strings.Repeat("a", 70) + "\x1b[2J\x1b[2J", strings.Repeat("a", 70) + `\x1b[…`},
		{"not UTF-8", "tools/call \xff\xfe", `tools/call \xff\xfe`},
		{"a secret", "tools/call lookup_ghp_0123456789abcdefghijklmnopqrstuvwxyzAB (1/2)", "tools/call lookup_[redacted] (1/2)"},
		{"a secret past the cut", strings.Repeat("a", 60) + " sk-ant-api03-abcdefghijklmnopqrstuvwxyz_0123456789", strings.Repeat("a", 60) + " [redacted]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			progressLine(&b)(tc.msg)
			if want := "\r\x1b[K" + tc.want; b.String() != want {
				t.Errorf("%q, want %q", b.String(), want)
			}
			if i := unsafeOnTerminal(strings.TrimPrefix(b.String(), "\r\x1b[K")); i >= 0 {
				t.Errorf("a raw control character at %d: %q", i, b.String())
			}
		})
	}
}

// TestCheckInterrupt runs the command as a process (this test binary, as
// TestCheckCLIProcess) and interrupts it (SIGINT) during a call that never
// ends: it writes the report of what it checked, and exits 1.
func TestCheckInterrupt(t *testing.T) {
	marker := filepath.Join(t.TempDir(), "called")
	calls := filepath.Join(t.TempDir(), "calls.json")
	os.WriteFile(calls, []byte(`{"echo": [{"arguments": {"text": "hi"}}], "wait": [{"arguments": {}}]}`), 0o644)
	args, _ := json.Marshal([]string{"check", "--stdio", joinArgs(os.Args[0], "-test.run=^TestCheckServerProcess$"), "--protocol", "2025-06-18", "--calls", calls})
	cmd := exec.Command(os.Args[0], "-test.run=^TestCheckCLIProcess$")
	cmd.Env = append(os.Environ(), "MCPRESULT_CMD_TEST_SERVER=1", "MCPRESULT_CMD_TEST_MARKER="+marker, "MCPRESULT_CMD_TEST_CLI="+string(args))
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	// The server writes the marker when the call that never ends arrives.
	for start := time.Now(); ; time.Sleep(10 * time.Millisecond) {
		if _, err := os.Stat(marker); err == nil {
			break
		}
		if time.Since(start) > time.Minute {
			cmd.Process.Kill()
			t.Fatalf("the call never arrived; stdout %s, stderr %s", out.String(), errOut.String())
		}
	}
	cmd.Process.Signal(os.Interrupt)
	select {
	case err := <-exited:
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 1 {
			t.Errorf("exit %v, want 1", err)
		}
	case <-time.After(time.Minute):
		cmd.Process.Kill()
		t.Fatalf("still running a minute after SIGINT; stdout %s", out.String())
	}
	report := out.String()
	if !strings.Contains(report, "failed: interrupted") || !strings.Contains(report, "cut_short") || !strings.Contains(report, "tool echo  1 call") ||
		!strings.Contains(report, "summary: 0 revisions checked, 1 failed; 2 tool calls") {
		t.Errorf("report:\n%s\nstderr %s", report, errOut.String())
	}
}

// TestCheckCLIProcess is the command of TestCheckInterrupt, when this test
// binary runs as one: its arguments, as a JSON array, in
// MCPRESULT_CMD_TEST_CLI.
func TestCheckCLIProcess(t *testing.T) {
	var args []string
	if json.Unmarshal([]byte(os.Getenv("MCPRESULT_CMD_TEST_CLI")), &args) != nil {
		t.Skip("the command of TestCheckInterrupt")
	}
	os.Exit(run(args, nil, os.Stdout, os.Stderr))
}

// TestCheckServerProcess is the server of TestCheck, when this test binary
// runs as one: a tool echo that returns its text, or a tool error without it;
// with MCPRESULT_CMD_TEST_MARKER, a tool wait that writes that file and
// never answers. With MCPRESULT_CMD_TEST_SERVER=refuse, it answers every
// request with a JSON-RPC error whose message is hostileMessage.
func TestCheckServerProcess(t *testing.T) {
	switch os.Getenv("MCPRESULT_CMD_TEST_SERVER") {
	case "1":
	case "refuse":
		in := bufio.NewScanner(os.Stdin)
		for in.Scan() {
			var req struct {
				ID json.RawMessage `json:"id"`
			}
			if json.Unmarshal(in.Bytes(), &req) != nil || req.ID == nil {
				continue
			}
			msg, _ := json.Marshal(hostileMessage)
			os.Stdout.WriteString(`{"jsonrpc":"2.0","id":` + string(req.ID) + `,"error":{"code":-32602,"message":` + string(msg) + `}}` + "\n")
		}
		os.Exit(0)
	default:
		t.Skip("the server of TestCheck")
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "cmd-test", Version: "1"}, nil)
	if marker := os.Getenv("MCPRESULT_CMD_TEST_MARKER"); marker != "" {
		s.AddTool(&mcp.Tool{Name: "wait", InputSchema: json.RawMessage(`{"type":"object"}`)},
			func(ctx context.Context, _ *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				os.WriteFile(marker, nil, 0o644)
				<-ctx.Done()
				return nil, ctx.Err()
			})
	}
	if name := os.Getenv("MCPRESULT_CMD_TEST_EVIL"); name != "" {
		// A tool whose structured content is not what its output schema
		// says (output_schema_mismatch, an error), named by the test.
		s.AddTool(&mcp.Tool{Name: name, InputSchema: json.RawMessage(`{"type":"object"}`),
			OutputSchema: json.RawMessage(`{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]}`)},
			func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: `{"n":"x"}`}}, StructuredContent: json.RawMessage(`{"n":"x"}`)}, nil
			})
	}
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

// TestCheckFailOnProgressVerbose: --fail-on sets the findings that fail the
// run; --progress writes a line for each call as it ends although standard
// error is no terminal; --verbose unfolds the info findings.
func TestCheckFailOnProgressVerbose(t *testing.T) {
	t.Setenv("MCPRESULT_CMD_TEST_SERVER", "1")
	calls := filepath.Join(t.TempDir(), "calls.json")
	os.WriteFile(calls, []byte(`{"echo": [{"arguments": {"text": "hi"}}, {"arguments": {}, "valid": false, "note": "text missing"}]}`), 0o644)
	server := joinArgs(os.Args[0], "-test.run=^TestCheckServerProcess$")
	base := []string{"check", "--stdio", server, "--protocol", "2025-06-18", "--calls", calls}

	var out, errOut bytes.Buffer
	run(append(base, "--json"), nil, &out, &errOut)
	var rep struct{ Totals map[string]int }
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("%v: %s", err, out.String())
	}
	if rep.Totals["info"] == 0 {
		t.Fatalf("no info finding to fold: %s", out.String())
	}
	for _, tc := range []struct {
		failOn string
		want   int
	}{
		{"never", 0},
		{"error", map[bool]int{false: 0, true: 1}[rep.Totals["error"] > 0]},
		{"warning", map[bool]int{false: 0, true: 1}[rep.Totals["error"]+rep.Totals["warning"] > 0]},
	} {
		out.Reset()
		errOut.Reset()
		if code := run(append(base, "--fail-on", tc.failOn), nil, &out, &errOut); code != tc.want {
			t.Errorf("--fail-on %s: exit %d, want %d (totals %v)", tc.failOn, code, tc.want, rep.Totals)
		}
		if !strings.Contains(out.String(), "\ninfo:  ") || strings.Contains(out.String(), "    info    ") {
			t.Errorf("--fail-on %s: info findings not folded:\n%s", tc.failOn, out.String())
		}
		if errOut.Len() != 0 {
			t.Errorf("--fail-on %s: stderr %q without --progress off a terminal", tc.failOn, errOut.String())
		}
	}

	out.Reset()
	errOut.Reset()
	run(append(base, "--progress", "--verbose"), nil, &out, &errOut)
	lines := strings.Split(strings.TrimSuffix(errOut.String(), "\n"), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "2025-06-18  tools/call 1/2  echo  result  ") || !strings.HasPrefix(lines[1], "2025-06-18  tools/call 2/2  echo  tool error  ") || strings.Contains(errOut.String(), "\x1b") {
		t.Errorf("--progress: stderr %q", errOut.String())
	}
	if strings.Contains(out.String(), "folded") || !strings.Contains(out.String(), "    info    ") {
		t.Errorf("--verbose: the info findings are folded:\n%s", out.String())
	}
	errOut.Reset()
	if code := run(append(base, "--fail-on", "info"), nil, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "--fail-on must be one of error, warning, never") {
		t.Errorf("--fail-on info: exit %d, stderr %q", code, errOut.String())
	}
	errOut.Reset()
	if code := run(append(base, "--slow", "0s"), nil, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "--slow must be a positive duration") {
		t.Errorf("--slow 0s: exit %d, stderr %q", code, errOut.String())
	}
}

// TestCheckHostileFixture runs the command against `node
// tools/checkfixture/server.mjs hostile`, a server on the TypeScript SDK
// whose name, title, version, tool names, descriptions, input schemas,
// results, errors, resource URIs and names and stderr carry secrets and
// terminal escapes (and `hostile refuse`, which refuses initialize with
// them): no secret reaches standard output or standard error, as text or
// JSON, with progress lines, and nothing there can drive a terminal. The
// command writes no other file.
func TestCheckHostileFixture(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	node := nodetest.Need(t, root, "tools/checkfixture")
	server := filepath.Join(root, "tools", "checkfixture", "server.mjs")
	listed, err := exec.Command(node, server, "secrets").Output()
	if err != nil {
		t.Fatal(err)
	}
	var secrets []string
	if err := json.Unmarshal(listed, &secrets); err != nil || len(secrets) < 8 {
		t.Fatalf("secrets %q: %v", listed, err)
	}
	for _, tc := range []struct {
		name           string
		args           []string
		stdout, stderr string // what each must hold
	}{
		{"text", []string{"--stdio", joinArgs(node, server, "hostile"), "--progress", "--verbose"},
			"tool lookup [redacted]", "tools/call 2/3  lookup [redacted]"},
		{"json", []string{"--stdio", joinArgs(node, server, "hostile"), "--progress", "--json"},
			`"name":"fixture [redacted]\u001b]0;pwned\u0007`, "tools/call 3/3  sign_[redacted]"},
		{"refused, json", []string{"--stdio", joinArgs(node, server, "hostile", "refuse"), "--protocol", "2025-06-18", "--json"},
			`"error":"server does not speak 2025-06-18 (it refused initialize: JSON-RPC error -32602: no session for https://admin:[redacted]@`,
			"mcpresult: check: server does not speak 2025-06-18 (it refused initialize: JSON-RPC error -32602: no session for https://admin:[redacted]@db.example.com/export with Bearer [redacted]\\x1b]0;pwned"},
		{"refused, text", []string{"--stdio", joinArgs(node, server, "hostile", "refuse"), "--protocol", "2025-06-18"},
			"(it refused initialize: JSON-RPC error -32602: no session for https://admin:[redacted]@db.example.com/export with Bearer [redacted]\\x1b]0;pwned", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := run(append([]string{"check", "--timeout", "10s"}, tc.args...), nil, &out, &errOut)
			if code != 1 || !strings.Contains(out.String(), tc.stdout) || !strings.Contains(errOut.String(), tc.stderr) {
				t.Errorf("exit %d (want 1), stdout (want %q):\n%s\nstderr (want %q):\n%s", code, tc.stdout, out.String(), tc.stderr, errOut.String())
			}
			for what, s := range map[string]string{"stdout": out.String(), "stderr": errOut.String()} {
				for _, secret := range secrets {
					if strings.Contains(s, secret) {
						t.Errorf("%s holds the secret %q:\n%s", what, secret, s)
					}
				}
				if i := unsafeOnTerminal(s); i >= 0 {
					t.Errorf("a raw control character in %s at %d: %q", what, i, s)
				}
			}
		})
	}
}

// TestCheckGitHubActions: under GITHUB_ACTIONS=true the command writes a
// workflow command per error (on standard output, or standard error with
// --json), with file= the calls file when there is one (as the SARIF
// report places it: relative to the workspace), and appends the
// Markdown report to $GITHUB_STEP_SUMMARY; a summary it cannot write is a
// line on standard error and changes no exit code. A tool named to start a
// workflow command of its own starts none.
func TestCheckGitHubActions(t *testing.T) {
	const hostileSecret = "sk-ant-api03-abcdefghijklmnopqrstuvwxyz_0123456789"
	t.Setenv("MCPRESULT_CMD_TEST_SERVER", "1")
	t.Setenv("MCPRESULT_CMD_TEST_EVIL", "evil\n::error::x "+hostileSecret)
	dir := t.TempDir()
	calls := filepath.Join(dir, "calls, 1.json")
	os.WriteFile(calls, []byte(`{"echo": [{"arguments": {"text": "hi"}}]}`), 0o644)
	server := joinArgs(os.Args[0], "-test.run=^TestCheckServerProcess$")
	const command = "::error title=output_schema_mismatch · 2025-06-18 · tool evil\\n%3A%3Aerror%3A%3Ax [redacted]::call 1 at /structuredContent/n: structuredContent does not match"
	for _, tc := range []struct {
		name        string
		args        []string
		env         map[string]string // besides GITHUB_STEP_SUMMARY, a file holding "before\n"
		noSummary   bool              // GITHUB_STEP_SUMMARY is not set
		code        int
		stdout      string   // a line of it starts with this
		stderr      []string // it holds these
		summarized  bool     // the summary has the report after "before\n"
		passed      bool     // and its verdict is passed
		commandsOut int      // lines starting with "::" on stdout
		commandsErr int      // and on stderr
	}{
		{name: "text", args: []string{"--stdio", server, "--protocol", "2025-06-18"}, env: map[string]string{"GITHUB_ACTIONS": "true"},
			code: 1, stdout: command, summarized: true, commandsOut: 1},
		{name: "calls file", args: []string{"--stdio", server, "--protocol", "2025-06-18", "--calls", calls}, env: map[string]string{"GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": dir},
			code: 1, stdout: "::error file=calls%2C 1.json,title=output_schema_mismatch", summarized: true, commandsOut: 1},
		{name: "json", args: []string{"--stdio", server, "--protocol", "2025-06-18", "--json"}, env: map[string]string{"GITHUB_ACTIONS": "true"},
			code: 1, stderr: []string{command}, summarized: true, commandsErr: 1},
		{name: "fail on never", args: []string{"--stdio", server, "--protocol", "2025-06-18", "--fail-on", "never"}, env: map[string]string{"GITHUB_ACTIONS": "true"},
			code: 0, stdout: command, summarized: true, passed: true, commandsOut: 1},
		{name: "not in Actions", args: []string{"--stdio", server, "--protocol", "2025-06-18"}, env: map[string]string{"GITHUB_ACTIONS": "false"},
			code: 1},
		{name: "no summary file", args: []string{"--stdio", server, "--protocol", "2025-06-18"}, env: map[string]string{"GITHUB_ACTIONS": "true"}, noSummary: true,
			code: 1, stdout: command, stderr: []string{"mcpresult: check: GITHUB_STEP_SUMMARY is not set: no job summary written\n"}, commandsOut: 1},
		{name: "summary not to be opened", args: []string{"--stdio", server, "--protocol", "2025-06-18", "--fail-on", "never"},
			env:  map[string]string{"GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": filepath.Join(dir, "absent", "summary.md")},
			code: 0, stdout: command, stderr: []string{"mcpresult: check: cannot open the job summary: no such file or directory\n"}, commandsOut: 1},
		{name: "not checked", args: []string{"--stdio", "/nonexistent/server"}, env: map[string]string{"GITHUB_ACTIONS": "true"},
			code: 1, stdout: "::error title=mcpresult check could not check the whole server::the server could not be started: ", summarized: true, commandsOut: 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			summary := filepath.Join(t.TempDir(), "summary.md")
			os.WriteFile(summary, []byte("before\n"), 0o644)
			env := map[string]string{"GITHUB_STEP_SUMMARY": summary}
			if tc.noSummary {
				delete(env, "GITHUB_STEP_SUMMARY")
			}
			for k, v := range tc.env {
				env[k] = v
			}
			flags, _, err := parseArgs("check", tc.args)
			if err != nil {
				t.Fatal(err)
			}
			var out, errOut bytes.Buffer
			code := runCheck(flags, &out, &errOut, func(k string) string { return env[k] })
			if code != tc.code {
				t.Errorf("exit %d, want %d; stderr %s", code, tc.code, errOut.String())
			}
			if tc.stdout != "" && !strings.HasPrefix(out.String(), tc.stdout) && !strings.Contains(out.String(), "\n"+tc.stdout) {
				t.Errorf("stdout has no line starting %q:\n%s", tc.stdout, out.String())
			}
			for _, want := range tc.stderr {
				if !strings.Contains(errOut.String(), want) {
					t.Errorf("stderr lacks %q:\n%s", want, errOut.String())
				}
			}
			commands := func(s string) int { return strings.Count("\n"+s, "\n::") }
			if n, m := commands(out.String()), commands(errOut.String()); n != tc.commandsOut || m != tc.commandsErr {
				t.Errorf("%d workflow commands on stdout, %d on stderr; want %d and %d:\n%s\n%s", n, m, tc.commandsOut, tc.commandsErr, out.String(), errOut.String())
			}
			if tc.name == "json" && !json.Valid(out.Bytes()) {
				t.Errorf("stdout is no JSON report: %s", out.String())
			}
			data, err := os.ReadFile(summary)
			if err != nil {
				t.Fatal(err)
			}
			got := string(data)
			head := map[bool]string{false: "before\n## ❌ mcpresult check failed: ", true: "before\n## ✅ mcpresult check passed: "}[tc.passed]
			if tc.summarized != (got != "before\n") || !strings.HasPrefix(got, "before\n") || tc.summarized && !strings.HasPrefix(got, head) {
				t.Errorf("the summary file holds:\n%s", got)
			}
			for what, s := range map[string]string{"stdout": out.String(), "stderr": errOut.String(), "summary": got} {
				if strings.Contains(s, hostileSecret[10:]) {
					t.Errorf("%s holds the secret:\n%s", what, s)
				}
			}
		})
	}
}

// TestCheckProbes: each revision probes a tool the server does not list
// (revisions[].probes in the JSON report), unless --probes=false; --probes
// takes only true or false.
func TestCheckProbes(t *testing.T) {
	t.Setenv("MCPRESULT_CMD_TEST_SERVER", "1")
	server := joinArgs(os.Args[0], "-test.run=^TestCheckServerProcess$")
	for _, c := range []struct {
		flags  []string
		probes int
	}{
		{nil, 1},
		{[]string{"--probes"}, 1},
		{[]string{"--probes=false"}, 0},
	} {
		var out, errOut bytes.Buffer
		code := run(append([]string{"check", "--stdio", server, "--protocol", "2025-06-18", "--json"}, c.flags...), nil, &out, &errOut)
		var rep struct {
			NoProbes  bool `json:"noProbes"`
			Revisions []struct {
				Probes []struct{ Tool, Outcome string }
			}
		}
		if err := json.Unmarshal(out.Bytes(), &rep); err != nil || len(rep.Revisions) != 1 {
			t.Fatalf("%q: exit %d, stdout %s, stderr %s", c.flags, code, out.String(), errOut.String())
		}
		ps := rep.Revisions[0].Probes
		if len(ps) != c.probes || rep.NoProbes != (c.probes == 0) || c.probes == 1 && (ps[0].Tool != "mcpresult-check-no-such-tool" || ps[0].Outcome != "rpc_error") {
			t.Errorf("%q: probes %+v, noProbes %v", c.flags, ps, rep.NoProbes)
		}
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"check", "--stdio", server, "--probes=maybe"}, nil, &out, &errOut); code != 2 {
		t.Errorf("--probes=maybe: exit %d, stderr %s", code, errOut.String())
	}
}
