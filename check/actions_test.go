package check

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
	"time"
)

func TestWriteWorkflowCommands(t *testing.T) {
	for _, tc := range []struct {
		file string
		want string
	}{
		{"", "::warning title=too_many_tools · 2025-06-18 · session::tools/list lists more than 2 tools: the first 2 listed are called, the others are not\n" +
			"::error title=missing_text_fallback · 2025-06-18 · tool forecast::call 1 at /content: structured content without a text copy\n" +
			"::warning title=unsafe_integer · 2025-06-18 · tool forecast::call 1 at /structuredContent/t: an integer past 2^53\n" +
			"::error title=no_response · 2025-06-18 · resource memory%3A//b::no answer within 30s\n" +
			"::error title=mcpresult check could not check the whole server::revision 2025-11-25 failed: initialize failed: EOF; the server exited (exit status 1); its stderr ends with:\\n    boom\n"},
		{"ci/calls, 100%:1.json", "::warning file=ci/calls%2C 100%25%3A1.json,title=too_many_tools · 2025-06-18 · session::tools/list"},
	} {
		var b bytes.Buffer
		if err := sampleReport().WriteWorkflowCommands(&b, tc.file); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(b.String(), tc.want) {
			t.Errorf("file %q: got\n%s\nwant\n%s", tc.file, b.String(), tc.want)
		}
	}

	// A run without errors or warnings writes nothing; one that could
	// not start the server writes one error that says why.
	r := &Report{Target: "t", Revisions: []*RevisionReport{{Revision: "2025-06-18", Status: StatusChecked,
		Tools: []*ToolReport{{Name: "a", Calls: []*CallReport{{Findings: []Finding{{Severity: Info, Code: "result_size", Message: "1 byte"}}}}}}}}}
	r.finish(nil, time.Second)
	var b bytes.Buffer
	if err := r.WriteWorkflowCommands(&b, ""); err != nil || b.Len() != 0 {
		t.Errorf("a clean run: %q, %v", b.String(), err)
	}
	r = &Report{Target: "t", Error: "the server could not be started: 100% gone\nreally", Revisions: []*RevisionReport{}}
	b.Reset()
	if err := r.WriteWorkflowCommands(&b, ""); err != nil || b.String() != "::error title=mcpresult check could not check the whole server::the server could not be started: 100%25 gone\\nreally\n" {
		t.Errorf("a run that checked nothing: %q, %v", b.String(), err)
	}
}

// TestWorkflowCommandsHostile: a tool name, a URI, a path and a message
// that end the line and start a workflow command of their own, with
// properties, escapes and an API key, give one command per finding, each
// with the server's texts in its title and message only.
func TestWorkflowCommandsHostile(t *testing.T) {
	const evil = "t\n::error::x\r\n::warning file=a,title=b::c%0A::error::y,z:w\x1b[31m " + hostileSecretKey
	r := &Report{Target: evil, Revisions: []*RevisionReport{{Revision: "2025-06-18", Status: StatusChecked,
		Tools:     []*ToolReport{{Name: evil, Calls: []*CallReport{{Findings: []Finding{{Severity: Error, Code: "c", Path: "/" + evil, Message: evil}}}}}},
		Resources: []*ResourceReport{{URI: evil, Findings: []Finding{{Severity: Warning, Code: "c", Message: evil}}}}}}}
	r.finish(nil, time.Second)
	var b bytes.Buffer
	if err := r.WriteWorkflowCommands(&b, evil); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	command := regexp.MustCompile(`^::(error|warning) file=[^:,\r]*,title=[^:,\r]*::[^\r]*$`)
	if len(lines) != 2 {
		t.Fatalf("%d lines, want 2:\n%s", len(lines), out)
	}
	for _, l := range lines {
		if !command.MatchString(l) {
			t.Errorf("not one command: %q", l)
		}
	}
	if strings.Contains(out, hostileSecretKey[10:]) || unsafeIn(out) >= 0 {
		t.Errorf("a secret or a control character:\n%q", out)
	}
	if want := "::error file=t\\n%3A%3Aerror%3A%3Ax\\r\\n%3A%3Awarning file=a%2Ctitle=b%3A%3Ac%250A%3A%3Aerror%3A%3Ay%2Cz%3Aw\\x1b[31m [redacted],title=c · 2025-06-18 · tool t\\n%3A%3Aerror"; !strings.HasPrefix(out, want) {
		t.Errorf("got %q\nwant the start %q", out, want)
	}
}
