package check

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/mcpresult/mcpresult/internal/nodetest"
)

// fixtureCase is what one tool or resource of tools/checkfixture/server.mjs
// must give in each revision: code (with its severity) in the revisions
// from `from` (inclusive) to `before` (exclusive, "" for no end), along with
// the codes of also; no error and no warning at all in the others. A case
// whose code is "" is clean: no error and no warning in any revision.
type fixtureCase struct {
	name   string // the tool's name, or the resource's URI
	code   Code
	sev    Severity
	from   string
	before string
	// also are the other errors and warnings the defect brings, where it
	// applies (the driver's client_rejected, when the Go SDK's client
	// refuses the result).
	also map[Code]Severity
}

func (c fixtureCase) applies(rev string) bool {
	return c.code != "" && rev >= c.from && (c.before == "" || rev < c.before)
}

// The revisions that have structuredContent and outputSchema, and the one
// from which invalid arguments are meant to be tool results.
const (
	fixtureStructured = "2025-06-18"
	fixtureInputError = "2025-11-25"
)

// fixtureRevisions are the revisions the fixture server (the TypeScript
// SDK 1.32.2, up to 2025-11-25) must be checked in; any later revision
// of ProtocolRevisions is skipped (the server answers with its own) or,
// with a newer SDK, checked against the same table.
var fixtureRevisions = []string{"2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"}

var clientRejected = map[Code]Severity{CodeClientRejected: Warning}

// fixtureTools: one per tool of the server, named after the code it must
// trigger.
var fixtureTools = []fixtureCase{
	{name: "clean"},

	// The output schema checks run from 2025-06-18 on; before, the server
	// lists no outputSchema and sends no structuredContent.
	{name: "output_schema_no_structured_content", code: CodeOutputSchemaNoStructuredContent, sev: Error, from: fixtureStructured},
	{name: "output_schema_mismatch", code: CodeOutputSchemaMismatch, sev: Error, from: fixtureStructured},
	{name: "output_schema_invalid", code: CodeOutputSchemaInvalid, sev: Error, from: fixtureStructured},
	{name: "text_copy_mismatch", code: CodeTextCopyMismatch, sev: Warning, from: fixtureStructured},

	// Media, numbers in _meta, leaks, size and JSON-RPC errors: every
	// revision.
	{name: "media_type_mismatch", code: CodeMediaTypeMismatch, sev: Error},
	{name: "media_type_unknown", code: CodeMediaTypeUnknown, sev: Warning},
	{name: "image_format_unsupported", code: CodeImageFormatUnsupported, sev: Warning},
	{name: "image_too_large", code: CodeImageTooLarge, sev: Warning},
	{name: "image_downscaled", code: CodeImageDownscaled, sev: Info},
	{name: "unsafe_integer", code: CodeUnsafeInteger, sev: Warning},
	{name: "error_leaks_stack", code: CodeErrorLeaksStack, sev: Warning},
	{name: "error_leaks_path", code: CodeErrorLeaksPath, sev: Warning},
	{name: "error_leaks_connection_string", code: CodeErrorLeaksConnectionString, sev: Warning},
	{name: "error_leaks_secret", code: CodeErrorLeaksSecret, sev: Warning},
	{name: "result_over_client_cap", code: CodeResultOverClientCap, sev: Warning},
	{name: "protocol_error_for_tool_failure", code: CodeProtocolErrorForToolFailure, sev: Warning},

	// -32602 for invalid arguments is what revisions before 2025-11-25 ask
	// for: noted from 2025-11-25 on only, on the call marked invalid.
	{name: "tool_error_for_invalid_arguments", code: CodeToolErrorForInvalidArguments, sev: Info, from: fixtureInputError},

	// result.Validate's codes, passed through.
	{name: "invalid_base64", code: "invalid_base64", sev: Error, also: clientRejected},
	{name: "invalid_json", code: "invalid_json", sev: Error, also: clientRejected},
	{name: "unsupported_content_type", code: "unsupported_content_type", sev: Error, before: fixtureStructured},
	// structuredContent before 2025-06-18: a warning when the text does not
	// carry its data, info when it does.
	{name: "field_not_in_revision", code: "field_not_in_revision", sev: Warning, before: fixtureStructured},
	{name: "field_not_in_revision.member_lost", code: "field_not_in_revision", sev: Warning, before: fixtureStructured},
	{name: "field_not_in_revision.json_copy", code: "field_not_in_revision", sev: Info, before: fixtureStructured},
	{name: "field_not_in_revision.member_copy", code: "field_not_in_revision", sev: Info, before: fixtureStructured},
	{name: "field_not_in_revision.member_text", code: "field_not_in_revision", sev: Info, before: fixtureStructured},
	{name: "field_not_in_revision.flag_beside", code: "field_not_in_revision", sev: Info, before: fixtureStructured},
	{name: "field_not_in_revision.content_blocks", code: "field_not_in_revision", sev: Info, before: fixtureStructured},
	{name: "missing_text_fallback", code: "missing_text_fallback", sev: Warning, from: fixtureStructured},
	{name: "empty_content", code: "empty_content", sev: Warning},

	// Two answers to each call: the call is judged by the first, and the
	// second is a duplicate_response. The stray tool's own call is clean:
	// its response for an id never sent is a finding of the revision.
	{name: "duplicate_response.first_valid", code: CodeDuplicateResponse, sev: Error},
	{name: "duplicate_response.first_invalid", code: CodeDuplicateResponse, sev: Error,
		also: map[Code]Severity{"invalid_base64": Error, CodeClientRejected: Warning}},
	{name: "duplicate_response.same", code: CodeDuplicateResponse, sev: Error},
	{name: "duplicate_response.stray"},
}

// fixtureResources: one per resource of the server, every revision.
var fixtureResources = []fixtureCase{
	{name: "fixture://clean.png"},
	{name: "fixture://clean.txt"},
	{name: "fixture://error_leaks_path.txt", code: CodeErrorLeaksPath, sev: Warning}, // in a JSON-RPC error's message
	{name: "fixture://error_leaks_secret.env", code: CodeErrorLeaksSecret, sev: Warning},
	{name: "fixture://invalid_base64.png", code: "invalid_base64", sev: Error, also: clientRejected},
	{name: "fixture://media_type_mismatch.jpg", code: CodeMediaTypeMismatch, sev: Error},
}

// TestFixtureServer runs Run against tools/checkfixture/server.mjs, a
// server on the official TypeScript SDK with one defect per tool, over
// stdio, in every revision, and checks that each defect gives its code
// where it applies and nothing else, and that the clean tool and resources
// give no error and no warning.
func TestFixtureServer(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	node := nodetest.Need(t, root, "tools/checkfixture")
	data, err := os.ReadFile(filepath.Join(root, "testdata", "checkfixture", "calls.json"))
	if err != nil {
		t.Fatal(err)
	}
	calls, err := ParseCalls(data)
	if err != nil {
		t.Fatalf("calls.json: %v", err)
	}
	for _, rev := range fixtureRevisions {
		if !slices.Contains(ProtocolRevisions(), rev) {
			t.Fatalf("revision %s is not one of ProtocolRevisions %v: update fixtureRevisions", rev, ProtocolRevisions())
		}
	}

	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Second)
	defer cancel()
	start := time.Now()
	rep, err := Run(ctx, Options{
		Stdio:   []string{node, filepath.Join(root, "tools", "checkfixture", "server.mjs")},
		Calls:   calls,
		Timeout: 10 * time.Second, // each request; every answer is immediate
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("Run: %d revisions, %d tool calls, %d resource reads in %v",
		rep.Totals.RevisionsChecked, rep.Totals.ToolCalls, rep.Totals.ResourceReads, time.Since(start).Round(time.Millisecond))
	if rep.Error != "" || rep.Failed() {
		t.Fatalf("the run failed: %s (revisions: %s)", rep.Error, revisionStates(rep))
	}

	seen := map[Code]bool{} // every code found anywhere
	checked := 0
	for _, rr := range rep.Revisions {
		if rr.Status == StatusSkipped && !slices.Contains(fixtureRevisions, rr.Revision) {
			continue // a revision the SDK does not speak
		}
		if rr.Status != StatusChecked {
			t.Errorf("%s: %s (%s), want checked", rr.Revision, rr.Status, rr.Reason)
			continue
		}
		checked++
		rev := rr.Revision

		var tools []string
		for _, tr := range rr.Tools {
			tools = append(tools, tr.Name)
		}
		if want := caseNames(fixtureTools); !slices.Equal(tools, want) {
			t.Errorf("%s: the server lists the tools %v, the table has %v", rev, tools, want)
		}
		var uris []string
		for _, res := range rr.Resources {
			uris = append(uris, res.URI)
		}
		if want := caseNames(fixtureResources); !slices.Equal(uris, want) {
			t.Errorf("%s: the server lists the resources %v, the table has %v", rev, uris, want)
		}

		for _, c := range fixtureTools {
			var all []Finding
			var invalid []Finding // the findings of the calls marked invalid
			for _, tr := range rr.Tools {
				if tr.Name != c.name {
					continue
				}
				for _, cr := range tr.Calls {
					if cr.Outcome == OutcomeNoResponse {
						t.Errorf("%s: tool %s: no response: %v", rev, c.name, cr.Findings)
					}
					all = append(all, cr.Findings...)
					if !cr.ArgsValid {
						invalid = append(invalid, cr.Findings...)
					}
				}
			}
			for _, f := range all {
				seen[f.Code] = true
			}
			checkFixtureFindings(t, rev, "tool "+c.name, c, all)
			if c.code == CodeDuplicateResponse {
				// What the second answer was, against the first.
				want := "not the same as the first"
				if c.name == "duplicate_response.same" {
					want = "the same as the first, byte for byte"
				}
				if fs := withCode(all, c.code); len(fs) != 1 || !strings.Contains(fs[0].Message, "answered this request once more after its first answer ("+want+")") {
					t.Errorf("%s: tool %s: %s", rev, c.name, describeFindings(fs))
				}
			}
			if c.code == CodeToolErrorForInvalidArguments && c.applies(rev) && !hasCode(invalid, c.code) {
				t.Errorf("%s: tool %s: %s is not on the call marked invalid", rev, c.name, c.code)
			}
		}
		// The revision's own findings: the stray response, and nothing else.
		if len(rr.Findings) != 1 || rr.Findings[0].Code != CodeDuplicateResponse || rr.Findings[0].Severity != Error ||
			!strings.Contains(rr.Findings[0].Message, `a response for request id "mcpresult-checkfixture-stray", which the check never sent`) {
			t.Errorf("%s: the revision's findings: %s", rev, describeFindings(rr.Findings))
		}
		for _, f := range rr.Findings {
			seen[f.Code] = true
		}
		for _, c := range fixtureResources {
			var all []Finding
			for _, res := range rr.Resources {
				if res.URI == c.name {
					if res.Outcome == OutcomeNoResponse {
						t.Errorf("%s: resource %s: no response: %v", rev, c.name, res.Findings)
					}
					all = append(all, res.Findings...)
				}
			}
			for _, f := range all {
				seen[f.Code] = true
			}
			checkFixtureFindings(t, rev, "resource "+c.name, c, all)
		}
	}
	if checked < len(fixtureRevisions) {
		t.Errorf("%d revisions checked, want at least %d (%s)", checked, len(fixtureRevisions), revisionStates(rep))
	}

	// Every code of the package's checks is produced by the live server
	// somewhere (no_response, the driver's code for a server that does not
	// answer, is left to TestRunRawResults: a silent tool here would cost a
	// timeout in each revision).
	for _, code := range []Code{
		CodeOutputSchemaNoStructuredContent, CodeOutputSchemaMismatch, CodeOutputSchemaInvalid,
		CodeTextCopyMismatch, CodeMediaTypeMismatch, CodeMediaTypeUnknown, CodeImageFormatUnsupported,
		CodeImageTooLarge, CodeImageDownscaled, CodeUnsafeInteger, CodeErrorLeaksStack, CodeErrorLeaksPath,
		CodeErrorLeaksConnectionString, CodeErrorLeaksSecret, CodeResultSize, CodeResultTokens,
		CodeResultOverClientCap, CodeProtocolErrorForToolFailure, CodeToolErrorForInvalidArguments,
		CodeClientRejected, CodeDuplicateResponse,
	} {
		if !seen[code] {
			t.Errorf("no tool or resource of the fixture server gave %s", code)
		}
	}
}

// checkFixtureFindings compares what one tool or resource gave in a
// revision with its case: where the case applies, its code with its
// severity, and as errors and warnings exactly that code and those of also;
// elsewhere, no error, no warning and not the code.
func checkFixtureFindings(t *testing.T, rev, what string, c fixtureCase, fs []Finding) {
	t.Helper()
	want := map[Code]Severity{}
	if c.applies(rev) {
		if c.sev != Info {
			want[c.code] = c.sev
		}
		for code, sev := range c.also {
			want[code] = sev
		}
		found := false
		for _, f := range fs {
			if f.Code == c.code {
				found = true
				if f.Severity != c.sev {
					t.Errorf("%s: %s: %s is %s, want %s: %s", rev, what, c.code, f.Severity, c.sev, f.Message)
				}
			}
		}
		if !found {
			t.Errorf("%s: %s: no %s (findings: %s)", rev, what, c.code, describeFindings(fs))
		}
	} else if c.code != "" && hasCode(fs, c.code) {
		t.Errorf("%s: %s: %s, where it does not apply (findings: %s)", rev, what, c.code, describeFindings(fs))
	}
	got := map[Code]Severity{}
	for _, f := range fs {
		if f.Severity == Error || f.Severity == Warning {
			if prev, ok := got[f.Code]; !ok || prev == Warning {
				got[f.Code] = f.Severity
			}
		}
	}
	for code, sev := range got {
		if want[code] != sev {
			t.Errorf("%s: %s: unexpected %s %s (findings: %s)", rev, what, sev, code, describeFindings(fs))
		}
	}
	for code, sev := range want {
		if _, ok := got[code]; !ok && code != c.code { // c.code: reported above
			t.Errorf("%s: %s: no %s %s (findings: %s)", rev, what, sev, code, describeFindings(fs))
		}
	}
}

func hasCode(fs []Finding, code Code) bool {
	return slices.ContainsFunc(fs, func(f Finding) bool { return f.Code == code })
}

func caseNames(cs []fixtureCase) []string {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = c.name
	}
	sort.Strings(names)
	return names
}

func describeFindings(fs []Finding) string {
	if len(fs) == 0 {
		return "none"
	}
	parts := make([]string, len(fs))
	for i, f := range fs {
		parts[i] = string(f.Severity) + " " + string(f.Code)
		if f.Path != "" {
			parts[i] += " at " + f.Path
		}
		parts[i] += ": " + f.Message
	}
	return strings.Join(parts, "; ")
}

func revisionStates(rep *Report) string {
	var parts []string
	for _, rr := range rep.Revisions {
		s := rr.Revision + " " + rr.Status
		if rr.Reason != "" {
			s += " (" + rr.Reason + ")"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}

// fixtureNode returns node and the repository's root, for the fixture
// server.
func fixtureNode(t *testing.T) (node, root string) {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	return nodetest.Need(t, root, "tools/checkfixture"), root
}

// fixtureSecrets are the parts of the hostile fixture server's secrets that
// no output may hold, as `node server.mjs secrets` prints them.
func fixtureSecrets(t *testing.T, node, root string) []string {
	t.Helper()
	out, err := exec.Command(node, filepath.Join(root, "tools", "checkfixture", "server.mjs"), "secrets").Output()
	if err != nil {
		t.Fatal(err)
	}
	var parts []string
	if err := json.Unmarshal(out, &parts); err != nil || len(parts) < 8 {
		t.Fatalf("secrets %q: %v", out, err)
	}
	return parts
}

// TestFixtureHostile runs Run against `node tools/checkfixture/server.mjs
// hostile`, a server on the TypeScript SDK whose name, title, version,
// tool names, descriptions, input schemas, results, JSON-RPC errors,
// resource URIs and names and stderr all carry secrets and terminal escapes,
// in every revision (each ends with the server exiting, so that a reason
// quotes its stderr); and with `hostile refuse`, which refuses initialize
// with them. No secret is in anything the package prints (the text report,
// coloured or not, folded or verbose; the JSON report; Step.String of each
// call; what Options.Progress is told, as it is and escaped; Report.Error)
// and nothing in them can drive a terminal.
func TestFixtureHostile(t *testing.T) {
	node, root := fixtureNode(t)
	secrets := fixtureSecrets(t, node, root)
	server := filepath.Join(root, "tools", "checkfixture", "server.mjs")

	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Second)
	defer cancel()
	// Every text the package printed, or told, by name; colored ones
	// have colours of the package's own.
	type output struct {
		name, text string
		colored    bool
	}
	var outputs []output
	add := func(name, text string, colored bool) { outputs = append(outputs, output{name, text, colored}) }
	var steps []Step
	rep, err := Run(ctx, Options{
		Stdio:    []string{node, server, "hostile"},
		Timeout:  10 * time.Second,
		Progress: func(s string) { add("progress", s, false); add("progress, escaped", escapeText(s), false) },
		Ended:    func(s Step) { steps = append(steps, s); add("Step.String", s.String(), false) },
	})
	if err != nil {
		t.Fatal(err)
	}
	// The run went as planned: every revision the SDK speaks was checked
	// up to the resource that crashes the server.
	failed := 0
	for _, rr := range rep.Revisions {
		if rr.Status != StatusFailed {
			continue
		}
		failed++
		if len(rr.Tools) != 3 || len(rr.Resources) != 2 || !strings.Contains(rr.Reason, "its stderr ends with:") || !strings.Contains(rr.Reason, "[redacted]") ||
			!strings.Contains(rr.Reason, "fatal: the key was") || len(rr.Notes) != 1 || !strings.Contains(rr.Notes[0], "more than once") {
			t.Errorf("%s: %d tools, %d resources, reason %q, notes %q", rr.Revision, len(rr.Tools), len(rr.Resources), rr.Reason, rr.Notes)
		}
	}
	if failed < len(fixtureRevisions) || len(steps) < 5*len(fixtureRevisions) || rep.Server == nil {
		t.Fatalf("%d revisions failed, %d steps, server %+v: %s", failed, len(steps), rep.Server, revisionStates(rep))
	}
	// The report itself keeps what the server sent (the tool's name as
	// listed): the secrets are in it, and only printing redacts them.
	if !strings.Contains(rep.Revisions[0].Tools[0].Name+rep.Server.Name, "sk-ant-api03-") {
		t.Errorf("the report does not keep what was sent: %q, %q", rep.Revisions[0].Tools[0].Name, rep.Server.Name)
	}

	var text string // the verbose report, without colours
	for _, o := range []TextOptions{{}, {Color: true}, {Verbose: true}, {Color: true, Verbose: true}} {
		var b strings.Builder
		if err := rep.WriteTextWith(&b, o); err != nil {
			t.Fatal(err)
		}
		add(fmt.Sprintf("text report %+v", o), b.String(), o.Color)
		if o.Verbose && !o.Color {
			text = b.String()
		}
	}
	var js strings.Builder
	if err := rep.WriteJSON(&js); err != nil || !json.Valid([]byte(js.String())) {
		t.Fatalf("JSON report (%v):\n%s", err, js.String())
	}
	add("JSON report", js.String(), false)

	refused, err := Run(ctx, Options{Stdio: []string{node, server, "hostile", "refuse"}, Protocol: "2025-06-18", Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(refused.Error, "it refused initialize: JSON-RPC error -32602: no session for https://admin:[redacted]@db.example.com/export") {
		t.Errorf("refused: %q", refused.Error)
	}
	add("Report.Error, escaped", escapeText(refused.Error), false)
	for _, part := range secrets { // as it is, not yet escaped
		if strings.Contains(refused.Error, part) {
			t.Errorf("Report.Error holds the secret %q: %q", part, refused.Error)
		}
	}
	var b strings.Builder
	refused.WriteText(&b, true)
	add("text report, refused", b.String(), true)
	b.Reset()
	refused.WriteJSON(&b)
	add("JSON report, refused", b.String(), false)

	for _, out := range outputs {
		for _, s := range secrets {
			if strings.Contains(out.text, s) {
				t.Errorf("%s holds the secret %q:\n%s", out.name, s, out.text)
			}
		}
		clean := out.text
		if out.colored {
			clean = stripANSI(clean)
		}
		if at := unsafeIn(clean); at >= 0 {
			t.Errorf("%s: a raw control character at %d:\n%q", out.name, at, out.text)
		}
	}
	// Each escape is shown, escaped, where the server put it.
	for _, want := range []string{`server  fixture [redacted]\x1b]0;pwned\x07\x1b[2J\r\u202e\u009b2J (Fixture Bearer [redacted]`, "tool lookup [redacted]", "tool sign_[redacted]", "resource https://admin:[redacted]@db.example.com/export"} {
		if !strings.Contains(text, want) {
			t.Errorf("the text report lacks %q:\n%s", want, text)
		}
	}
}
