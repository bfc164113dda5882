package main

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/mcpresult/mcpresult/abi"
	"github.com/mcpresult/mcpresult/result"
)

// TestHelpAndVersion: help and the version go to standard output with exit
// 0, in every form a user may try.
func TestHelpAndVersion(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []string // in stdout
	}{
		{[]string{"--help"}, []string{"usage:", "mcpresult build ", "mcpresult check ", "mcpresult help [COMMAND]"}},
		{[]string{"-h"}, []string{"usage:", "mcpresult validate "}},
		{[]string{"help"}, []string{"usage:", "mcpresult output-schema "}},
		{[]string{"help", "check"}, []string{"usage: mcpresult check", "--fail-on error|warning|never", "--progress", "--verbose", "Examples:"}},
		{[]string{"check", "--help"}, []string{"usage: mcpresult check"}},
		{[]string{"build", "-h"}, []string{"usage: mcpresult build", "--kind tool ", "--kind resource ", "--kind error ", "--kind value ", `{"value": [`}},
		{[]string{"build", "--kind", "value", "--help"}, []string{"usage: mcpresult build"}},
		{[]string{"help", "validate"}, []string{"Without --protocol", "valid once serialized", "--kind tool ", "--kind resource ", `{"contents": [`}},
		{[]string{"serialize", "--help"}, []string{"usage: mcpresult serialize"}},
		{[]string{"output-schema", "-help"}, []string{"usage: mcpresult output-schema"}},
		{[]string{"--version"}, []string{"mcpresult " + abi.ModuleVersion + "\n"}},
		{[]string{"version"}, []string{"mcpresult " + abi.ModuleVersion + "\n"}},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			var out, errOut bytes.Buffer
			if code := run(tc.args, strings.NewReader(""), &out, &errOut); code != 0 || errOut.Len() != 0 {
				t.Fatalf("exit %d, stderr %q", code, errOut.String())
			}
			for _, w := range tc.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("stdout lacks %q:\n%s", w, out.String())
				}
			}
		})
	}
	var out bytes.Buffer
	run([]string{"--version"}, nil, &out, &out)
	if out.String() != "mcpresult "+abi.ModuleVersion+"\n" {
		t.Errorf("--version: %q", out.String())
	}
}

// TestUsageErrors: a usage error is one line that names what is wrong (a
// flag by its name, never its value), then the command's synopsis: never
// the whole help.
func TestUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{args: []string{"build", "--kindd", "tool"}, want: "mcpresult: --kindd is not a flag of build\n"},
		{args: []string{"build", "--kindd=tool"}, want: "mcpresult: --kindd is not a flag of build\n"},
		{args: []string{"build", "-x"}, want: "mcpresult: --x is not a flag of build\n"},
		{args: []string{"validate", "--stage"}, want: "mcpresult: --stage needs a value\n"},
		{args: []string{"build", "---kind", "tool"}, want: "mcpresult: a malformed flag"},
		{args: []string{"build", "--kind=prompt"}, want: "mcpresult: --kind must be one of tool, resource, error, value\n"},
		{args: []string{"build", "/nonexistent/x.json"}, want: "mcpresult: cannot open the input file: no such file or directory (give a file that exists, or - or no file to read standard input)\n"},
		{args: []string{"help", "frobnicate"}, want: "mcpresult: help: no such command"},
		{args: []string{"frobnicate"}, want: "mcpresult: no such command"},
		{args: []string{"--kind", "tool"}, want: "mcpresult: --kind is not a command: a command comes first"},
		{args: []string{"--versionX=SECRET"}, want: "mcpresult: --versionX is not a command"},
		{args: []string{"version", "x"}, want: "mcpresult: version takes no arguments\n"},
		{args: []string{"check", "file.json"}, want: "mcpresult: check reads no input file"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := run(tc.args, strings.NewReader("{}"), &out, &errOut)
			if code != 2 || out.Len() != 0 {
				t.Fatalf("exit %d, stdout %q", code, out.String())
			}
			lines := strings.Split(strings.TrimSuffix(errOut.String(), "\n"), "\n")
			switch {
			case strings.Contains(errOut.String(), "SECRET"):
				t.Errorf("stderr %q repeats a flag's value", errOut.String())
			case !strings.HasPrefix(errOut.String(), tc.want) || len(lines) != 2 || !strings.HasPrefix(lines[1], "usage: mcpresult "):
				t.Errorf("stderr %q, want %q then one usage line", errOut.String(), tc.want)
			}
		})
	}
}

// TestFlagsAnywhere: flags may come before or after the file, and after
// "--" every argument is a file.
func TestFlagsAnywhere(t *testing.T) {
	const f = "../../testdata/examples/04-readme.resource.json"
	a := step(t, nil, "build", "--kind", "resource", f)
	if b := step(t, nil, "build", f, "--kind=resource"); !bytes.Equal(a, b) {
		t.Errorf("flag after the file: %s, want %s", b, a)
	}
	if b := step(t, nil, "build", "--kind", "resource", "--", f); !bytes.Equal(a, b) {
		t.Errorf("file after --: %s, want %s", b, a)
	}
	if b := step(t, []byte(`{"contents":[]}`), "build", "-kind", "resource", "-"); string(b) != `{"contents":[]}`+"\n" {
		t.Errorf("- is standard input: %s", b)
	}
}

// validateReport is the report of validate without --protocol.
type validateReport struct {
	Valid     bool              `json:"valid"`
	Errors    []json.RawMessage `json:"errors"`
	Warnings  []json.RawMessage `json:"warnings"`
	Revisions []struct {
		Protocol  string `json:"protocol"`
		Valid     bool   `json:"valid"`
		Verdict   string `json:"verdict"`
		Note      string `json:"note"`
		Serialize []struct {
			Code, Path string
		} `json:"serialize"`
		Errors []struct {
			Code, Path string
		} `json:"errors"`
		Warnings []json.RawMessage `json:"warnings"`
	} `json:"revisions"`
}

// TestValidateEveryRevision: validate without --protocol gives a verdict for
// each revision, newest first, and says what serialize still adds; every
// example that builds validates (exit 0), and so does its serialized form
// for each revision; a result with an error is invalid in every revision.
func TestValidateEveryRevision(t *testing.T) {
	req, err := os.ReadFile("../../testdata/examples/01-weather.tool.json")
	if err != nil {
		t.Fatal(err)
	}
	built := step(t, req, "build")
	var rep validateReport
	if err := json.Unmarshal(step(t, built, "validate"), &rep); err != nil {
		t.Fatal(err)
	}
	if !rep.Valid || len(rep.Errors) != 0 || len(rep.Revisions) != len(result.ProtocolVersions()) {
		t.Fatalf("report %+v", rep)
	}
	for i, rv := range rep.Revisions {
		want := result.ProtocolVersions()[len(result.ProtocolVersions())-1-i]
		if rv.Protocol != want || !rv.Valid {
			t.Errorf("revision %d: %+v, want %s valid", i, rv, want)
		}
		if want == result.V20260728 {
			if rv.Verdict != "valid once serialized" || len(rv.Serialize) != 1 || rv.Serialize[0].Path != "/resultType" || !strings.Contains(rv.Note, "adds resultType") {
				t.Errorf("2026-07-28: %+v", rv)
			}
		} else if rv.Verdict != "valid" || len(rv.Serialize) != 0 || rv.Note != "valid on the wire as it is" {
			t.Errorf("%s: %+v", want, rv)
		}
	}
	// Serialized for each revision, the result is valid for every revision
	// (resultType is a field older revisions ignore: a warning).
	for _, v := range result.ProtocolVersions() {
		step(t, step(t, built, "serialize", "--protocol", v), "validate")
	}
	// --stage given: the strict check of 2026-07-28 at that stage.
	var out, errOut bytes.Buffer
	if code := run([]string{"validate", "--stage", "wire"}, bytes.NewReader(built), &out, &errOut); code != 1 || !strings.Contains(errOut.String(), `"path":"/resultType"`) {
		t.Errorf("--stage wire: exit %d, stderr %s", code, errOut.String())
	}
	step(t, built, "validate", "--stage", "handler")

	// An invalid result: invalid for every revision, its errors once each
	// in the report and on standard error, resultType not among them.
	out.Reset()
	errOut.Reset()
	bad := `{"content":[{"type":"image","data":"x","mimeType":"text/plain"}]}`
	if code := run([]string{"validate"}, strings.NewReader(bad), &out, &errOut); code != 1 {
		t.Fatalf("exit %d", code)
	}
	rep = validateReport{}
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Valid || len(rep.Errors) != 2 || strings.Contains(errOut.String(), "resultType") || strings.Count(errOut.String(), "invalid_base64") != 1 {
		t.Errorf("report %s\nstderr %s", out.String(), errOut.String())
	}
	for _, rv := range rep.Revisions {
		if rv.Valid || rv.Verdict != "invalid" || len(rv.Errors) != 2 {
			t.Errorf("%s: %+v", rv.Protocol, rv)
		}
	}
}
