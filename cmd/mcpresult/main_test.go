package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpresult/mcpresult/check"
	"github.com/mcpresult/mcpresult/internal/decimal"
	"github.com/mcpresult/mcpresult/result"
)

func TestRun(t *testing.T) {
	for _, tc := range []struct {
		name     string
		args     []string
		stdin    string
		code     int
		stdout   string
		inStderr string
	}{
		{"fallback", []string{"build"}, `{"structuredContent":{"ok":true}}`, 0,
			`{"content":[{"type":"text","text":"{\"ok\":true}"}],"structuredContent":{"ok":true},"isError":false}` + "\n", ""},
		{"resource", []string{"build", "--kind", "resource", "-"}, `{"contents":[]}`, 0, `{"contents":[]}` + "\n", ""},
		{"invalid request", []string{"build"}, `{"content":[]}`, 1, "", `"code":"content_required","path":"/content"`},
		{"invalid JSON", []string{"build"}, `{"content":`, 1, "", `"code":"invalid_json"`},
		{"json mode", []string{"build", "--kind", "value", "--canonicalization", "json"}, `{"value":[1]}`, 0,
			`{"content":[{"type":"text","text":"[1]"}],"isError":false}` + "\n", ""},
		{"budget", []string{"build", "--max-json-bytes", "512"}, `{"content":{"type":"text","text":"` + strings.Repeat("a", 600) + `"}}`, 1, "", `"code":"max_bytes"`},
		{"no command", nil, "", 2, "", "usage"},
		{"unknown command", []string{"frobnicate"}, "", 2, "", "usage"},
		{"bad kind", []string{"build", "--kind", "prompt"}, "{}", 2, "", "usage"},
		{"bad flag", []string{"build", "--nope"}, "{}", 2, "", ""},
		{"two files", []string{"build", "a", "b"}, "{}", 2, "", "usage"},
		{"missing file", []string{"build", "/nonexistent/x.json"}, "", 2, "", "no such file"},
		{"serialize 2025-06-18", []string{"serialize", "--protocol", "2025-06-18"}, `{"content":[{"type":"text","text":"x"}],"structuredContent":[1],"isError":false}`, 0,
			`{"content":[{"type":"text","text":"x"}],"structuredContent":{"result":[1]},"isError":false}` + "\n", ""},
		{"serialize finalize jcs", []string{"serialize", "--finalize", "--format", "jcs"}, `{"contents":[]}`, 0,
			`{"cacheScope":"private","contents":[],"resultType":"complete","ttlMs":0}` + "\n", ""},
		{"serialize unsupported error", []string{"serialize", "--protocol", "2025-03-26", "--unsupported", "error"}, `{"content":[{"type":"resource_link","uri":"file:///a","name":"a"}]}`, 1, "", `"code":"unsupported_content_type","path":"/content/0"`},
		{"serialize bad protocol", []string{"serialize", "--protocol", "2099-01-01"}, `{"content":[]}`, 2, "", "--protocol must be one of"},
		{"validate valid", []string{"validate", "--protocol", "2025-11-25"}, `{"content":[{"type":"text","text":"x"}]}`, 0,
			`{"valid":true,"errors":[],"warnings":[]}` + "\n", ""},
		{"validate invalid", []string{"validate", "--protocol", "2026-07-28"}, `{"content":[{"type":"image","data":"x","mimeType":"text/plain"}]}`, 1,
			`{"valid":false,"errors":[{"code":"missing_field","path":"/resultType","message":"protocol revision 2026-07-28 requires \"resultType\" on the wire"},{"code":"invalid_base64","path":"/content/0/data","message":"base64 must be padded standard base64 (length a multiple of 4)"},{"code":"invalid_mime_type","path":"/content/0/mimeType","message":"media type must be image/*"}],"warnings":[]}` + "\n", `"code":"invalid_base64"`},
		{"validate bad kind", []string{"validate", "--kind", "prompt"}, `{}`, 2, "", "--kind must be one of"},
		{"budget too small", []string{"build", "--max-json-bytes", "100"}, "{}", 2, "", "--max-json-bytes must be"},
		{"flag twice", []string{"serialize", "--format", "wire", "--format=jcs"}, "{}", 2, "", "more than once"},
		{"bad boolean", []string{"serialize", "--finalize=yes"}, "{}", 2, "", "--finalize is true or false"},
		{"flag without value", []string{"validate", "--stage"}, "{}", 2, "", "--stage needs a value"},
		{"serialize protocol-owned field", []string{"serialize"}, `{"resultType":"complete","content":[{"type":"text","text":"x"}]}`, 1, "", `"code":"protocol_owned_field","path":"/resultType"`},
		{"serialize invalid JSON", []string{"serialize"}, `[`, 1, "", `"code":"invalid_json"`},
		{"output-schema latest", []string{"output-schema"}, `{"type":"array","items":{"$ref":"#/$defs/A"}}`, 0,
			`{"type":"array","items":{"$ref":"#/$defs/A"}}` + "\n", ""},
		{"output-schema wrapped", []string{"output-schema", "--protocol", "2025-06-18"}, `{"type":"array","items":{"$ref":"#/$defs/A"}}`, 0,
			`{"type":"object","properties":{"result":{"type":"array","items":{"$ref":"#/properties/result/$defs/A"}}},"required":["result"]}` + "\n", ""},
		{"output-schema object unchanged", []string{"output-schema", "--protocol=2025-11-25"}, `{"type":"object"}`, 0, `{"type":"object"}` + "\n", ""},
		{"output-schema omitted", []string{"output-schema", "--protocol", "2024-11-05"}, `{"type":"array"}`, 0, "", ""},
		{"output-schema invalid even when omitted", []string{"output-schema", "--protocol", "2025-03-26"}, `"object"`, 1, "", `"code":"invalid_type","path":""`},
		{"output-schema duplicate key", []string{"output-schema"}, `{"type":"array","type":"object"}`, 1, "", `"code":"duplicate_key","path":"/type"`},
		{"output-schema budget", []string{"output-schema", "--protocol", "2025-06-18", "--max-json-bytes", "512"}, `{"description":"` + strings.Repeat("a", 470) + `"}`, 1, "", `"code":"max_bytes","path":""`},
		{"output-schema bad protocol", []string{"output-schema", "--protocol", "2099-01-01"}, `{}`, 2, "", "--protocol must be one of"},
		{"output-schema no kind flag", []string{"output-schema", "--kind", "tool"}, `{}`, 2, "", "not a flag of output-schema"},
		{"validate handler stage", []string{"validate", "--stage", "handler"}, `{"resultType":"complete","content":[{"type":"text","text":"x"}]}`, 1,
			`{"valid":false,"errors":[{"code":"protocol_owned_field","path":"/resultType","message":"\"resultType\" is added when the result is serialized for the wire, never by a handler"}],"warnings":[]}` + "\n", `"code":"protocol_owned_field"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := run(tc.args, strings.NewReader(tc.stdin), &out, &errOut)
			if code != tc.code {
				t.Fatalf("exit %d, want %d (stderr %s)", code, tc.code, errOut.String())
			}
			if out.String() != tc.stdout {
				t.Fatalf("stdout %q, want %q", out.String(), tc.stdout)
			}
			if !strings.Contains(errOut.String(), tc.inStderr) {
				t.Fatalf("stderr %q lacks %q", errOut.String(), tc.inStderr)
			}
			if tc.code != 0 {
				if errOut.Len() == 0 {
					t.Fatal("a failure with nothing on stderr")
				}
				noDoublePrefix(t, errOut.String())
			}
		})
	}
}

// noDoublePrefix fails when a line of stderr repeats the command's prefix
// (an *Error's text, which starts with "mcpresult: ", written after it).
func noDoublePrefix(t *testing.T, stderr string) {
	t.Helper()
	for _, line := range strings.Split(stderr, "\n") {
		if strings.HasPrefix(line, "mcpresult: mcpresult:") {
			t.Errorf("stderr line repeats the prefix: %q", line)
		}
	}
}

// TestRejectedValuesAreNotRepeated: no message repeats a value it rejects.
func TestRejectedValuesAreNotRepeated(t *testing.T) {
	const secret = "SECRETVALUE"
	for _, args := range [][]string{
		{"build", "--max-json-bytes", secret},
		{"build", "--max-json-bytes=" + secret},
		{"build", "--kind", secret},
		{"build", "--nope=" + secret},
		{"build", "--nope", secret},
		{"serialize", "--finalize=" + secret},
		{"serialize", "--protocol", secret},
		{"serialize", "--format=" + secret},
		{"validate", "--stage", secret},
		{"validate", "--protocol=" + secret},
		{"build", "/nonexistent/" + secret + ".json"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := run(args, strings.NewReader("{}"), &out, &errOut)
			if code != 2 {
				t.Errorf("exit %d, want 2 (stderr %s)", code, errOut.String())
			}
			if out.Len() != 0 {
				t.Errorf("stdout %q, want nothing", out.String())
			}
			if !strings.Contains(errOut.String(), "usage") {
				t.Errorf("stderr %q has no usage", errOut.String())
			}
			if strings.Contains(errOut.String(), secret) {
				t.Errorf("stderr repeats the rejected value: %q", errOut.String())
			}
			noDoublePrefix(t, errOut.String())
		})
	}
}

// step runs one command and fails the test unless it exits 0.
func step(t *testing.T, stdin []byte, args ...string) []byte {
	t.Helper()
	var out, errOut bytes.Buffer
	if code := run(args, bytes.NewReader(stdin), &out, &errOut); code != 0 {
		t.Fatalf("%v: exit %d\nstdin %s\nstdout %s\nstderr %s", args, code, stdin, out.String(), errOut.String())
	}
	if errOut.Len() != 0 {
		t.Errorf("%v: stderr %q on success", args, errOut.String())
	}
	return out.Bytes()
}

// TestBuildSerializeValidate: build | serialize | validate succeeds with the
// flags at their defaults, and with --protocol for every revision.
func TestBuildSerializeValidate(t *testing.T) {
	req, err := os.ReadFile("../../testdata/examples/01-weather.tool.json")
	if err != nil {
		t.Fatal(err)
	}
	built := step(t, req, "build")
	if fromFile := step(t, nil, "build", "../../testdata/examples/01-weather.tool.json"); !bytes.Equal(fromFile, built) {
		t.Errorf("build from a file %s, from stdin %s", fromFile, built)
	}
	versions := append([]string{""}, result.ProtocolVersions()...)
	if len(versions) != 6 {
		t.Fatalf("versions %v", versions)
	}
	for _, v := range versions {
		name := v
		if name == "" {
			name = "defaults"
		}
		t.Run(name, func(t *testing.T) {
			var flags []string
			if v != "" {
				flags = []string{"--protocol", v}
			}
			serialized := step(t, built, append([]string{"serialize"}, flags...)...)
			out := step(t, serialized, append([]string{"validate"}, flags...)...)
			var rep struct {
				Valid    bool              `json:"valid"`
				Errors   []json.RawMessage `json:"errors"`
				Warnings []json.RawMessage `json:"warnings"`
			}
			if err := json.Unmarshal(out, &rep); err != nil {
				t.Fatalf("report %s: %v", out, err)
			}
			if !rep.Valid || len(rep.Errors) != 0 || rep.Warnings == nil {
				t.Errorf("report %s for\n%s", out, serialized)
			}
			if (v == "" || v == result.V20260728) != bytes.HasPrefix(serialized, []byte(`{"resultType":"complete",`)) {
				t.Errorf("resultType first only for 2026-07-28: %s", serialized)
			}
		})
	}
}

func TestSerializeFinalizeFlag(t *testing.T) {
	in := []byte(`{"content":[{"type":"text","text":"x"}],"isError":false}`)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"serialize"}, `{"resultType":"complete","content":[{"type":"text","text":"x"}],"isError":false}`},
		{[]string{"serialize", "--finalize"}, `{"resultType":"complete","content":[{"type":"text","text":"x"}],"isError":false}`},
		{[]string{"serialize", "--finalize=true", "--protocol", "2026-07-28"}, `{"resultType":"complete","content":[{"type":"text","text":"x"}],"isError":false}`},
		{[]string{"serialize", "--finalize=false"}, `{"content":[{"type":"text","text":"x"}],"isError":false}`},
		{[]string{"serialize", "--protocol", "2026-07-28", "--finalize=false"}, `{"content":[{"type":"text","text":"x"}],"isError":false}`},
		{[]string{"serialize", "--protocol", "2025-11-25"}, `{"content":[{"type":"text","text":"x"}],"isError":false}`},
	} {
		if got := string(step(t, in, tc.args...)); got != tc.want+"\n" {
			t.Errorf("%v: %s, want %s", tc.args, got, tc.want)
		}
	}
	// A result serialized without finalizing is what a handler hands its
	// SDK: valid at the handler stage, not on the wire.
	handler := step(t, in, "serialize", "--finalize=false")
	step(t, handler, "validate", "--stage", "handler")
	var out, errOut bytes.Buffer
	if code := run([]string{"validate", "--protocol", "2026-07-28"}, bytes.NewReader(handler), &out, &errOut); code != 1 || !strings.Contains(errOut.String(), `"code":"missing_field","path":"/resultType"`) {
		t.Errorf("unfinalized result on the wire of 2026-07-28: exit %d, stderr %s", code, errOut.String())
	}
	// Without --protocol, the same result is valid: serialize adds resultType.
	if got := string(step(t, handler, "validate")); !strings.Contains(got, `"protocol":"2026-07-28","valid":true,"verdict":"valid once serialized","note":"valid once serialized: a server's serialize for 2026-07-28 adds resultType"`) {
		t.Errorf("validate without --protocol: %s", got)
	}
}

// TestInputSizeLimit: an input larger than 4 × maxJsonBytes + 64 KiB is
// refused before it is read whole; one at the limit is read.
func TestInputSizeLimit(t *testing.T) {
	const limit = 4*512 + 64<<10
	const tooLarge = "the input is larger than"
	small := `{"structuredContent":{"ok":true}}`
	atLimit := []byte(small + strings.Repeat(" ", limit-len(small)))
	over := []byte(small + strings.Repeat(" ", limit+1-len(small)))
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	atFile, overFile := write("at.json", atLimit), write("over.json", over)
	open := func(p string) *os.File {
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		return f
	}
	type input struct {
		name  string
		file  string // argument
		stdin func() io.Reader
	}
	for _, tc := range []struct {
		in   input
		over bool
	}{
		{input{"stdin over", "", func() io.Reader { return bytes.NewReader(over) }}, true},
		{input{"stdin - over", "-", func() io.Reader { return bytes.NewReader(over) }}, true},
		{input{"stdin file over", "", func() io.Reader { return open(overFile) }}, true},
		{input{"file over", overFile, func() io.Reader { return strings.NewReader("") }}, true},
		{input{"stdin at limit", "", func() io.Reader { return bytes.NewReader(atLimit) }}, false},
		{input{"stdin file at limit", "", func() io.Reader { return open(atFile) }}, false},
		{input{"file at limit", atFile, func() io.Reader { return strings.NewReader("") }}, false},
	} {
		t.Run(tc.in.name, func(t *testing.T) {
			for _, cmd := range []string{"build", "serialize", "validate", "output-schema"} {
				args := []string{cmd, "--max-json-bytes", "512"}
				if tc.in.file != "" {
					args = append(args, tc.in.file)
				}
				var out, errOut bytes.Buffer
				code := run(args, tc.in.stdin(), &out, &errOut)
				if tc.over {
					if code != 1 || out.Len() != 0 || !strings.Contains(errOut.String(), `"code":"max_bytes","path":""`) || !strings.Contains(errOut.String(), tooLarge) {
						t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 1 and max_bytes", cmd, code, out.String(), errOut.String())
					}
					noDoublePrefix(t, errOut.String())
					continue
				}
				if strings.Contains(errOut.String(), tooLarge) {
					t.Errorf("%s: an input at the limit is refused: %s", cmd, errOut.String())
				}
				if cmd == "build" && (code != 0 || out.String() != `{"content":[{"type":"text","text":"{\"ok\":true}"}],"structuredContent":{"ok":true},"isError":false}`+"\n") {
					t.Errorf("build at the limit: exit %d, stdout %s, stderr %s", code, out.String(), errOut.String())
				}
			}
		})
	}
}

// TestMain keeps the module's compilation cache out of the user's own
// cache directory.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "mcpresult-cache")
	if err != nil {
		panic(err)
	}
	os.Setenv("XDG_CACHE_HOME", dir)
	os.Setenv("HOME", dir)
	// The tests that run the command through run, which reads the
	// environment, expect what it writes outside a GitHub Actions job,
	// also when they run in one (TestCheckGitHubActions gives runCheck an
	// environment of its own).
	os.Unsetenv("GITHUB_ACTIONS")
	os.Unsetenv("GITHUB_STEP_SUMMARY")
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// TestEnginesAgree: every example, through the module and natively, gives
// the same output, stderr and exit code, for build and then serialize and
// validate for every revision, and read as an output schema; so do a few
// schemas.
func TestEnginesAgree(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "examples", "*.json"))
	if len(files) == 0 {
		t.Fatal("no examples")
	}
	run2 := func(args []string, stdin string) [2]string {
		var out [2]string
		for i, eng := range []string{"module", "native"} {
			var o, e bytes.Buffer
			code := run(append(args, "--engine", eng), strings.NewReader(stdin), &o, &e)
			out[i] = strconv.Itoa(code) + "\n" + o.String() + "\n" + e.String()
		}
		if out[0] != out[1] {
			t.Errorf("%v: module and native differ:\n%s\n---\n%s", args, out[0], out[1])
		}
		return out
	}
	for _, f := range files {
		kind := strings.TrimSuffix(filepath.Base(f), ".json")
		kind = kind[strings.LastIndexByte(kind, '.')+1:]
		built := run2([]string{"build", "--kind", kind, f}, "")
		lines := strings.SplitN(built[0], "\n", 3)
		if lines[0] != "0" {
			continue
		}
		run2([]string{"validate"}, lines[1]) // every revision, serialized where needed
		for _, v := range []string{"2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"} {
			run2([]string{"output-schema", "--protocol", v, f}, "") // a build request, read as a schema
			ser := run2([]string{"serialize", "--protocol", v}, lines[1])
			sl := strings.SplitN(ser[0], "\n", 3)
			run2([]string{"validate", "--protocol", v}, sl[1])
		}
	}
	for _, schema := range []string{`{"type":"object"}`, `true`, `{"$schema":"x","type":"array","items":{"$ref":"#"}}`, `[]`, `{"a":1,"a":2}`} {
		for _, v := range []string{"2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"} {
			run2([]string{"output-schema", "--protocol", v}, schema)
		}
	}
}

// TestPrintablePaths: an error's path, from a caller's keys, is printed
// with the characters a terminal acts on escaped, and reads back the same.
func TestPrintablePaths(t *testing.T) {
	in := []byte("{\"path\":\"/a\u0085b\u202ec\u2028\x7f\",\"plain\":\"é\"}")
	out := printable(in)
	if want := `{"path":"/a\u0085b\u202ec\u2028\u007f","plain":"é"}`; string(out) != want {
		t.Fatalf("printable: %s, want %s", out, want)
	}
	if !bytes.Equal(printable([]byte(`{"a":1}`)), []byte(`{"a":1}`)) {
		t.Fatal("plain JSON changed")
	}
}

// TestHelpDefaults: every command's help states the defaults the packages
// apply (written from their constants), with no placeholder left.
func TestHelpDefaults(t *testing.T) {
	for _, cmd := range commandNames {
		text := commandHelp(cmd)
		if strings.Contains(text, "{max") || strings.Contains(text, "{slow}") || strings.Contains(text, "{timeout}") || strings.Contains(text, "{deadline}") {
			t.Errorf("help %s keeps a placeholder:\n%s", cmd, text)
		}
	}
	if text := commandHelp("build"); !strings.Contains(text, "("+decimal.Grouped(result.DefaultMaxJSONBytes)+")") {
		t.Errorf("help build does not state the default maxJsonBytes:\n%s", text)
	}
	for _, want := range []string{"(" + duration(check.DefaultTimeout) + ")", "(" + duration(check.DefaultDeadline) + ")", "(" + strconv.Itoa(check.DefaultMaxTools) + ", "} {
		if !strings.Contains(commandHelp("check"), want) {
			t.Errorf("help check does not state %s", want)
		}
	}
}
