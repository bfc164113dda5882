package check

import (
	"bytes"
	"encoding/json"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/mcpresult/mcpresult/abi"
)

// sarifBack is what a test reads back of a SARIF report.
type sarifBack struct {
	Schema  string `json:"$schema"`
	Version string
	Runs    []struct {
		Tool struct {
			Driver struct {
				Name, Version, InformationURI string
				Rules                         []struct {
					ID                   string
					ShortDescription     struct{ Text string }
					FullDescription      struct{ Text string }
					Help                 struct{ Text, Markdown string }
					HelpURI              string
					DefaultConfiguration struct{ Level string }
					Properties           map[string]any
				}
			}
		}
		Invocations []struct {
			ExecutionSuccessful        bool
			ToolExecutionNotifications []struct {
				Level   string
				Message struct{ Text string }
			}
		}
		Results []struct {
			RuleID    string
			RuleIndex int
			Level     string
			Message   struct{ Text string }
			Locations []struct {
				PhysicalLocation struct {
					ArtifactLocation struct{ URI string }
					Region           struct{ StartLine int }
				}
			}
			PartialFingerprints map[string]string
		}
	}
}

func writeSARIF(t *testing.T, r *Report, o SARIFOptions) (sarifBack, string) {
	t.Helper()
	var b bytes.Buffer
	if err := r.WriteSARIF(&b, o); err != nil {
		t.Fatal(err)
	}
	var back sarifBack
	if !utf8.Valid(b.Bytes()) {
		t.Fatalf("the SARIF report is not UTF-8:\n%s", b.String())
	}
	dec := json.NewDecoder(&b)
	if err := dec.Decode(&back); err != nil {
		t.Fatalf("the SARIF report is not JSON (%v)", err)
	}
	return back, b.String()
}

var hex64 = regexp.MustCompile(`^[0-9a-f]{64}$`)

// TestWriteSARIF: one run, the tool's name and version, a rule per code of
// an error or warning (sorted, each described, linked to its anchor, at
// the most severe level of its results), a result per error and warning
// (no info) with its message, rule, location and fingerprint, and an
// invocation that says the run failed and why.
func TestWriteSARIF(t *testing.T) {
	r := sampleReport()
	back, _ := writeSARIF(t, r, SARIFOptions{Location: `servers\weather/calls file.json`})
	if back.Schema != sarifSchema || back.Version != "2.1.0" || len(back.Runs) != 1 {
		t.Fatalf("log %+v", back)
	}
	run := back.Runs[0]
	d := run.Tool.Driver
	if d.Name != "mcpresult" || d.Version != abi.ModuleVersion || d.InformationURI != toolInformationURI {
		t.Errorf("driver %+v", d)
	}
	var ids []string
	for _, rule := range d.Rules {
		ids = append(ids, rule.ID)
		if rule.ShortDescription.Text != codeSummary(Code(rule.ID)) || rule.HelpURI != FindingDocsURL+"#"+rule.ID ||
			!strings.Contains(rule.Help.Text, rule.HelpURI) || !strings.Contains(rule.Help.Markdown, "("+rule.HelpURI+")") || rule.FullDescription.Text == "" {
			t.Errorf("rule %+v", rule)
		}
	}
	wantIDs := []string{"missing_text_fallback", "no_response", "too_many_tools", "unsafe_integer"}
	if !reflect.DeepEqual(ids, wantIDs) {
		t.Errorf("rules %v, want %v", ids, wantIDs)
	}
	levels := map[string]string{}
	for _, rule := range d.Rules {
		levels[rule.ID] = rule.DefaultConfiguration.Level
	}
	if want := map[string]string{"missing_text_fallback": "error", "no_response": "error", "too_many_tools": "warning", "unsafe_integer": "warning"}; !reflect.DeepEqual(levels, want) {
		t.Errorf("rule levels %v, want %v", levels, want)
	}
	wantResults := []struct{ rule, level, text string }{
		{"missing_text_fallback", "error", "revision 2025-06-18, tool forecast, call 1 of 2: missing_text_fallback at /content: structured content without a text copy"},
		{"unsafe_integer", "warning", "revision 2025-06-18, tool forecast, call 1 of 2: unsafe_integer at /structuredContent/t: an integer past 2^53"},
		{"no_response", "error", "revision 2025-06-18, resource memory://b: no_response: no answer within 30s"},
		{"too_many_tools", "warning", "revision 2025-06-18: too_many_tools: tools/list lists more than 2 tools: the first 2 listed are called, the others are not"},
	}
	// located gives the revision's own findings first.
	wantResults = append(wantResults[3:], wantResults[:3]...)
	if len(run.Results) != len(wantResults) {
		t.Fatalf("%d results, want %d: %+v", len(run.Results), len(wantResults), run.Results)
	}
	seen := map[string]bool{}
	for i, res := range run.Results {
		w := wantResults[i]
		if res.RuleID != w.rule || res.Level != w.level || res.Message.Text != w.text || d.Rules[res.RuleIndex].ID != res.RuleID {
			t.Errorf("result %d: %+v, want %+v", i, res, w)
		}
		if len(res.Locations) != 1 || res.Locations[0].PhysicalLocation.ArtifactLocation.URI != "servers/weather/calls%20file.json" || res.Locations[0].PhysicalLocation.Region.StartLine != 1 {
			t.Errorf("result %d: locations %+v", i, res.Locations)
		}
		fp := res.PartialFingerprints[sarifFingerprintKey]
		if len(res.PartialFingerprints) != 1 || !hex64.MatchString(fp) || seen[fp] {
			t.Errorf("result %d: fingerprints %v", i, res.PartialFingerprints)
		}
		seen[fp] = true
	}
	if len(run.Invocations) != 1 || run.Invocations[0].ExecutionSuccessful {
		t.Fatalf("invocations %+v: the run failed", run.Invocations)
	}
	n := run.Invocations[0].ToolExecutionNotifications
	if len(n) != 1 || n[0].Level != "error" || !strings.HasPrefix(n[0].Message.Text, `revision 2025-11-25 failed: initialize failed: EOF; the server exited (exit status 1); its stderr ends with:\n    boom`) {
		t.Errorf("notifications %+v", n)
	}

	// Without a location: the default one; without findings: no rule, no
	// result, and a run that succeeded.
	clean := &Report{Revisions: []*RevisionReport{{Revision: "2025-06-18", Status: StatusChecked}}}
	clean.finish([]string{"2025-06-18"}, time.Second)
	back, _ = writeSARIF(t, clean, SARIFOptions{})
	run = back.Runs[0]
	if len(run.Tool.Driver.Rules) != 0 || len(run.Results) != 0 || !run.Invocations[0].ExecutionSuccessful || run.Tool.Driver.Rules == nil || run.Results == nil {
		t.Errorf("a clean run: %+v", run)
	}
	r.Revisions[1].Tools[0].Calls[0].Findings[1].Code = CodeErrorLeaksSecret
	back, _ = writeSARIF(t, r, SARIFOptions{})
	if uri := back.Runs[0].Results[1].Locations[0].PhysicalLocation.ArtifactLocation.URI; uri != DefaultSARIFLocation {
		t.Errorf("default location %q", uri)
	}
	for _, rule := range back.Runs[0].Tool.Driver.Rules {
		tags := rule.Properties["tags"]
		if rule.ID == string(CodeErrorLeaksSecret) {
			if rule.Properties["security-severity"] != "7.5" || !reflect.DeepEqual(tags, []any{"mcp", "security"}) {
				t.Errorf("a leak's rule: %+v", rule.Properties)
			}
		} else if _, ok := rule.Properties["security-severity"]; ok || !reflect.DeepEqual(tags, []any{"mcp"}) {
			t.Errorf("rule %s: %+v", rule.ID, rule.Properties)
		}
	}
}

// TestSARIFFingerprints: a finding has the same fingerprint in another run
// that took other times, made other arguments, got other results and
// messages; and another one when its server, revision, tool, resource,
// code or path differs.
func TestSARIFFingerprints(t *testing.T) {
	fingerprints := func(r *Report) []string {
		back, _ := writeSARIF(t, r, SARIFOptions{})
		var fps []string
		for _, res := range back.Runs[0].Results {
			fps = append(fps, res.PartialFingerprints[sarifFingerprintKey])
		}
		return fps
	}
	first := sampleReport()
	first.Server = &ServerInfo{Name: "weather"}
	again := sampleReport()
	again.Server = &ServerInfo{Name: "weather", Version: "1.3.0"}
	again.Started = again.Started.Add(24 * time.Hour)
	again.Duration *= 3
	rr := again.Revisions[1]
	rr.Duration /= 2
	call := rr.Tools[0].Calls[0]
	call.Arguments = json.RawMessage(`{"city":"b","days":3}`)
	call.Result = json.RawMessage(`{"content":[],"structuredContent":{"t":2}}`)
	call.Duration = 7 * time.Second
	call.Findings[1].Message = "the same, said otherwise"
	if a, b := fingerprints(first), fingerprints(again); !reflect.DeepEqual(a, b) || len(a) != 4 {
		t.Fatalf("fingerprints of two runs:\n%v\n%v", a, b)
	}
	base := FindingKey{Revision: "2025-06-18", Tool: "forecast", Code: CodeUnsafeInteger, Path: "/structuredContent/t"}
	fp := findingFingerprint("weather", base)
	for _, tc := range []struct {
		server string
		key    FindingKey
	}{
		{"weather2", base},
		{"weather", FindingKey{Revision: "2025-11-25", Tool: base.Tool, Code: base.Code, Path: base.Path}},
		{"weather", FindingKey{Revision: base.Revision, Tool: "forecast2", Code: base.Code, Path: base.Path}},
		{"weather", FindingKey{Revision: base.Revision, Resource: "forecast", Code: base.Code, Path: base.Path}},
		{"weather", FindingKey{Revision: base.Revision, Tool: base.Tool, Code: CodeTextCopyMismatch, Path: base.Path}},
		{"weather", FindingKey{Revision: base.Revision, Tool: base.Tool, Code: base.Code, Path: "/structuredContent/u"}},
		// The parts are told apart: moving a character from one to the
		// next is another finding.
		{"weathe", FindingKey{Revision: "r2025-06-18", Tool: base.Tool, Code: base.Code, Path: base.Path}},
	} {
		if findingFingerprint(tc.server, tc.key) == fp {
			t.Errorf("%q %+v has the fingerprint of %+v", tc.server, tc.key, base)
		}
	}
}

// TestSARIFHostile: whatever the server chose (a tool name, a URI, a path,
// a message, a reason, its name) reaches the SARIF report escaped as the
// text report prints it (no control character, no bidirectional mark, no
// new line of its own), as valid JSON, and with no secret in it, a secret
// in a tool's name included.
func TestSARIFHostile(t *testing.T) {
	for _, status := range []string{StatusChecked, StatusFailed} {
		r := &Report{}
		fillStrings(reflect.ValueOf(r), hostileText+" "+hostileSecretKey, json.RawMessage(`{"content":[]}`))
		rr := r.Revisions[0]
		rr.Status = status
		secretPath := "/structuredContent/" + hostileSecretKey + "/" + hostileText
		for _, fs := range [][]Finding{rr.Findings, rr.Tools[0].Calls[0].Findings, rr.Resources[0].Findings} {
			fs[0] = Finding{Severity: Warning, Code: CodeErrorLeaksSecret, Path: secretPath, Message: "at " + secretPath + ": " + hostileText + "|::error::x <b>"}
		}
		rr.Tools = append(rr.Tools, &ToolReport{Name: "lookup_" + hostileSecretKey + " <script>|::", Calls: []*CallReport{{Findings: []Finding{{Severity: Error, Code: hostileText, Message: hostileText}}}}})
		r.finish([]string{hostileText}, time.Second)
		back, out := writeSARIF(t, r, SARIFOptions{Location: hostileText})
		if i := unsafeIn(out); i >= 0 {
			t.Fatalf("a raw control character at %d:\n%s", i, out)
		}
		if strings.Contains(out, hostileSecretKey[10:]) {
			t.Errorf("the secret is in the SARIF report:\n%s", out)
		}
		res := back.Runs[0].Results
		if len(res) != 4 {
			t.Fatalf("%d results: %+v", len(res), res)
		}
		for _, x := range res {
			if strings.ContainsAny(x.Message.Text, "\n\r\x1b\u202e") || !strings.HasPrefix(x.Message.Text, `revision a\x1b[2J`) {
				t.Errorf("message %q", x.Message.Text)
			}
			if !strings.HasPrefix(x.Locations[0].PhysicalLocation.ArtifactLocation.URI, "a%1B%5B2J") {
				t.Errorf("location %q is not escaped as a URI", x.Locations[0].PhysicalLocation.ArtifactLocation.URI)
			}
		}
		found := false
		for _, x := range res {
			found = found || strings.Contains(x.Message.Text, `, tool lookup_[redacted] <script>|::: a\x1b[2J`)
		}
		if !found {
			t.Errorf("no result names the tool with a secret in its name, redacted: %+v", res)
		}
		if !strings.Contains(res[1].Message.Text, "at /structuredContent/[redacted]/a") {
			t.Errorf("a secret path: %q", res[1].Message.Text)
		}
	}
}

// TestReportsCarryRerun: a finding of an exchange that has its rerun
// arguments says how to run it again, in the SARIF result's message and in
// the JUnit testcase's system-out, escaped and redacted as the text report
// prints it.
func TestReportsCarryRerun(t *testing.T) {
	r := sampleReport()
	var c *CallReport
	for _, rr := range r.Revisions {
		for _, tr := range rr.Tools {
			for _, cr := range tr.Calls {
				if c == nil && hasProblems(cr.Findings) {
					c = cr
				}
			}
		}
	}
	if c == nil {
		t.Fatal("the sample report has no call with an error or a warning")
	}
	c.Rerun = []string{"--stdio", "node server.mjs --token sk-ant-api03-" + strings.Repeat("x", 40), "--protocol", "2025-06-18", "--only", "tool:a\x1b[31m"}
	want := rerunLine(c.Rerun)
	if strings.Contains(want, "sk-ant") || strings.Contains(want, "\x1b") {
		t.Fatalf("the rerun line is not redacted and escaped: %q", want)
	}
	var sarif, junit strings.Builder
	if err := r.WriteSARIF(&sarif, SARIFOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := r.WriteJUnit(&junit); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				Message struct{ Text string } `json:"message"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(sarif.String()), &log); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, res := range log.Runs[0].Results {
		found = found || strings.Contains(res.Message.Text, "(run it again: "+want+")")
	}
	if !found {
		t.Errorf("no SARIF result says how to run the call again (%q)", want)
	}
	if !strings.Contains(junit.String(), "rerun: "+strings.ReplaceAll(want, "'", "&#39;")) {
		t.Errorf("the JUnit report has no rerun line (%q):\n%s", want, junit.String())
	}
	if strings.Contains(sarif.String()+junit.String(), "sk-ant") {
		t.Error("a report holds the secret of the rerun's command line")
	}
}
