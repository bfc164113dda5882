package check

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/mcpresult/mcpresult/internal/textesc"
)

// junitBack is what a test reads back of a JUnit report.
type junitBack struct {
	XMLName xml.Name `xml:"testsuites"`
	Name    string   `xml:"name,attr"`
	junitBackCounts
	Time   string `xml:"time,attr"`
	Suites []struct {
		Name string `xml:"name,attr"`
		junitBackCounts
		Time      string `xml:"time,attr"`
		Timestamp string `xml:"timestamp,attr"`
		Cases     []struct {
			Classname string        `xml:"classname,attr"`
			Name      string        `xml:"name,attr"`
			Time      string        `xml:"time,attr"`
			Failure   *junitProblem `xml:"failure"`
			Error     *junitProblem `xml:"error"`
			Skipped   *junitSkipped `xml:"skipped"`
			SystemOut string        `xml:"system-out"`
		} `xml:"testcase"`
	} `xml:"testsuite"`
}

// junitBackCounts are the counts read back, by their own declaration (not
// the writer's), so that a misnamed attribute is caught.
type junitBackCounts struct {
	Tests    int `xml:"tests,attr"`
	Failures int `xml:"failures,attr"`
	Errors   int `xml:"errors,attr"`
	Skipped  int `xml:"skipped,attr"`
}

func writeJUnit(t *testing.T, r *Report) (junitBack, string) {
	t.Helper()
	var b bytes.Buffer
	if err := r.WriteJUnit(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if !strings.HasPrefix(out, `<?xml version="1.0" encoding="UTF-8"?>`+"\n<testsuites ") || !utf8.ValidString(out) {
		t.Fatalf("not a JUnit XML document:\n%s", out)
	}
	var back junitBack
	dec := xml.NewDecoder(strings.NewReader(out))
	dec.Strict = true
	if err := dec.Decode(&back); err != nil {
		t.Fatalf("the JUnit report is not XML (%v):\n%s", err, out)
	}
	return back, out
}

// TestWriteJUnit: a testsuite per revision with its counts and time, a
// testcase per call (named by the tool, and the call when there are
// several) and per read, a failure for each with an error finding, the
// other findings in system-out, and a session testcase for the
// revision's own findings, a skipped revision and a failed one.
func TestWriteJUnit(t *testing.T) {
	back, _ := writeJUnit(t, sampleReport())
	type suite struct {
		name                             string
		tests, failures, errors, skipped int
		time                             string
	}
	var suites []suite
	for _, s := range back.Suites {
		suites = append(suites, suite{s.Name, s.Tests, s.Failures, s.Errors, s.Skipped, s.Time})
		if s.Timestamp != "2026-11-30T12:00:00Z" || len(s.Cases) != s.Tests {
			t.Errorf("suite %s: timestamp %q, %d cases, tests %d", s.Name, s.Timestamp, len(s.Cases), s.Tests)
		}
	}
	want := []suite{{"2024-11-05", 1, 0, 0, 1, "0.003"}, {"2025-06-18", 6, 2, 0, 0, "1.234"}, {"2025-11-25", 1, 0, 1, 0, "0.005"}}
	if !reflect.DeepEqual(suites, want) {
		t.Errorf("suites %+v, want %+v", suites, want)
	}
	if back.Name != "mcpresult check" || back.Tests != 8 || back.Failures != 2 || back.Errors != 1 || back.Skipped != 1 || back.Time != "1.500" {
		t.Errorf("testsuites %s: %d tests, %d failures, %d errors, %d skipped, %s", back.Name, back.Tests, back.Failures, back.Errors, back.Skipped, back.Time)
	}
	type tcase struct{ classname, name, time, failure, failureType, out string }
	var cases []tcase
	for _, c := range back.Suites[1].Cases {
		tc := tcase{classname: c.Classname, name: c.Name, time: c.Time, out: c.SystemOut}
		if c.Failure != nil {
			tc.failure, tc.failureType = c.Failure.Message+"\n"+c.Failure.Text, c.Failure.Type
		}
		cases = append(cases, tc)
	}
	wantCases := []tcase{
		{"2025-06-18 tools/call", "forecast (call 1)", "0.012",
			"missing_text_fallback at /content: structured content without a text copy\nerror missing_text_fallback at /content: structured content without a text copy\n", "missing_text_fallback",
			"warning unsafe_integer at /structuredContent/t: an integer past 2^53\ninfo result_size: 43 bytes\n"},
		{"2025-06-18 tools/call", "forecast (call 2)", "0.000", "", "", "info tool_error_for_invalid_arguments at /error/code: answered with -32602\n"},
		{"2025-06-18 tools/call", "greet", "0.002", "", "", "info result_size: 60 bytes\ninfo result_tokens: 1 token\n"},
		{"2025-06-18 resources/read", "memory://a", "0.001", "", "", ""},
		{"2025-06-18 resources/read", "memory://b", "30.000", "no_response: no answer within 30s\nerror no_response: no answer within 30s\n", "no_response", ""},
		{"2025-06-18 session", "session", "0.000", "", "",
			"warning too_many_tools: tools/list lists more than 2 tools: the first 2 listed are called, the others are not\ninfo results_not_kept: the report keeps at most 64 MiB of results: 2 checked after that are not in it\n"},
	}
	if !reflect.DeepEqual(cases, wantCases) {
		t.Errorf("cases of 2025-06-18:\n%+v\nwant\n%+v", cases, wantCases)
	}
	skipped := back.Suites[0].Cases[0]
	if skipped.Classname != "2024-11-05 session" || skipped.Skipped == nil || skipped.Skipped.Message != `server does not speak 2024-11-05 (it answered "2025-06-18")` || skipped.Failure != nil || skipped.Error != nil {
		t.Errorf("the skipped revision: %+v", skipped)
	}
	failed := back.Suites[2].Cases[0]
	if failed.Name != "session" || failed.Error == nil || failed.Error.Type != "failed" || failed.Error.Message != "initialize failed: EOF; the server exited (exit status 1); its stderr ends with:" ||
		failed.Error.Text != `initialize failed: EOF; the server exited (exit status 1); its stderr ends with:\n    boom` {
		t.Errorf("the failed revision: %+v", failed)
	}

	// A server that could not be started: one suite "server", in error.
	none := &Report{Target: "x"}
	none.Error = "the server could not be started: exec: no such file"
	none.finish([]string{"2025-06-18"}, time.Second)
	back, _ = writeJUnit(t, none)
	if len(back.Suites) != 1 || back.Suites[0].Name != "server" || back.Errors != 1 || back.Tests != 1 ||
		back.Suites[0].Cases[0].Error == nil || back.Suites[0].Cases[0].Error.Message != none.Error {
		t.Errorf("no revision: %+v", back)
	}
}

// TestJUnitHostile: whatever the server chose reaches the XML escaped as
// the text report prints it, so that the document is well-formed XML 1.0
// (no control character, which XML cannot carry), names no markup of its
// own, and holds no secret, a secret in a tool's name included.
func TestJUnitHostile(t *testing.T) {
	for _, status := range []string{StatusChecked, StatusSkipped, StatusFailed} {
		for _, sev := range []Severity{Error, Warning} {
			r := &Report{}
			fillStrings(reflect.ValueOf(r), hostileText+" "+hostileSecretKey+` </system-out><failure message="x"/>]]>&amp;`, json.RawMessage(`{"content":[]}`))
			rr := r.Revisions[0]
			rr.Status = status
			for _, fs := range [][]Finding{rr.Findings, rr.Tools[0].Calls[0].Findings, rr.Resources[0].Findings} {
				fs[0].Severity = sev
			}
			rr.Tools = append(rr.Tools, &ToolReport{Name: "lookup_" + hostileSecretKey + "|::warning::x", Calls: []*CallReport{{}, {Findings: []Finding{{Severity: Error, Code: CodeNoResponse, Message: "\x00\x01\ufffe\uffff"}}}}})
			r.finish([]string{hostileText}, time.Second)
			back, out := writeJUnit(t, r)
			for i, c := range out {
				if c != '\n' && textesc.Text.Escapes(c) || c == '\ufffe' || c == '\uffff' {
					t.Fatalf("status %s, %s: a raw control character, or one XML cannot carry, at %d:\n%s", status, sev, i, out)
				}
			}
			if !strings.Contains(out, "<failure message=\"no_response: \\x00\\x01\ufffd\ufffd\" type=\"no_response\">") {
				t.Errorf("the characters XML cannot carry are not replaced:\n%s", out)
			}
			if strings.Contains(out, hostileSecretKey[10:]) {
				t.Errorf("the secret is in the JUnit report:\n%s", out)
			}
			if strings.Count(out, "<failure")+strings.Count(out, "<error ")+strings.Count(out, "<skipped") != back.Failures+back.Errors+back.Skipped {
				t.Errorf("markup of the server's own:\n%s", out)
			}
			names := map[string]bool{}
			for _, c := range back.Suites[0].Cases {
				names[c.Name] = true
			}
			if !names["lookup_[redacted]|::warning::x (call 2)"] || !names["lookup_[redacted]|::warning::x (call 1)"] {
				t.Errorf("the tool with a secret in its name: %v", names)
			}
			if !strings.Contains(out, `a\x1b[2J\x1b]0;title\x07`) || !strings.Contains(out, `&lt;/system-out&gt;&lt;failure message=&#34;x&#34;/&gt;]]&gt;&amp;amp;`) {
				t.Errorf("the escapes are not as written:\n%s", out)
			}
		}
	}
}
