package check

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/mcpresult/mcpresult/internal/checklink"
	"github.com/mcpresult/mcpresult/internal/textesc"
)

// sampleReport is a report as Run builds it, with fixed timings.
func sampleReport() *Report {
	ms := func(n float64) time.Duration { return time.Duration(n * float64(time.Millisecond)) }
	r := &Report{
		Target:  "node server.mjs --port 0",
		Started: time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC),
		Revisions: []*RevisionReport{
			{Revision: "2024-11-05", Status: StatusSkipped, Negotiated: "2025-06-18", Reason: `server does not speak 2024-11-05 (it answered "2025-06-18")`, Duration: ms(3)},
			{
				Revision: "2025-06-18", Status: StatusChecked, Negotiated: "2025-06-18",
				Server: &ServerInfo{Name: "weather", Version: "1.2.0"},
				Tools: []*ToolReport{
					{Name: "forecast", Calls: []*CallReport{
						{Arguments: json.RawMessage(`{"city":"a","days":1}`), ArgsValid: true, Source: SourceGenerated, Outcome: OutcomeResult,
							Result: json.RawMessage(`{"content":[],"structuredContent":{"t":1}}`), Duration: ms(12.3456),
							Findings: []Finding{
								{Severity: "info", Code: "result_size", Path: "", Message: "43 bytes"},
								{Severity: "error", Code: "missing_text_fallback", Path: "/content", Message: "structured content without a text copy"},
								{Severity: "warning", Code: "unsafe_integer", Path: "/structuredContent/t", Message: "an integer past 2^53"},
							}},
						{Arguments: json.RawMessage(`{"city":"` + strings.Repeat("x", 80) + `","days":0}`), ArgsValid: false, Source: SourceCalls, Note: "days below its minimum",
							Outcome: OutcomeRPCError, RPCError: &RPCError{Code: -32602, Message: "invalid params", Data: json.RawMessage(`{"field":"days"}`)}, Duration: ms(0.4),
							Findings: []Finding{{Severity: "info", Code: "tool_error_for_invalid_arguments", Path: "/error/code", Message: "answered with -32602"}}},
					}},
					{Name: "greet", Calls: []*CallReport{
						{Arguments: json.RawMessage(`{"name":"a"}`), ArgsValid: true, Source: SourceGeneratedPartial, Outcome: OutcomeToolError, Result: json.RawMessage(`{"content":[{"type":"text","text":"no"}],"isError":true}`), Duration: ms(2),
							Findings: []Finding{{Severity: "info", Code: "result_size", Message: "60 bytes"}, {Severity: "info", Code: "result_tokens", Message: "1 token"}}},
					}},
				},
				Resources: []*ResourceReport{
					{URI: "memory://a", Outcome: OutcomeResult, Result: json.RawMessage(`{"contents":[]}`), Duration: ms(1)},
					{URI: "memory://b", Outcome: OutcomeNoResponse, Duration: ms(30000), Findings: []Finding{{Severity: "error", Code: CodeNoResponse, Message: "no answer within 30s"}}},
				},
				Findings: []Finding{
					{Severity: "info", Code: CodeResultsNotKept, Message: "the report keeps at most 64 MiB of results: 2 checked after that are not in it"},
					{Severity: "warning", Code: CodeTooManyTools, Message: "tools/list lists more than 2 tools: the first 2 listed are called, the others are not"},
				},
				Notes:    []string{`calls file: tool "absent" is not listed by the server: not called`},
				Duration: ms(1234),
			},
			{Revision: "2025-11-25", Status: StatusFailed, Reason: "initialize failed: EOF; the server exited (exit status 1); its stderr ends with:\n    boom", Duration: ms(5)},
		},
	}
	r.finish([]string{"2024-11-05", "2025-06-18", "2025-11-25"}, 1500*time.Millisecond)
	return r
}

const sampleText = `mcpresult check  node server.mjs --port 0
server  weather 1.2.0

2024-11-05  skipped: server does not speak 2024-11-05 (it answered "2025-06-18")

2025-06-18  2 tools, 3 calls, 2 resources  1.23s
  tool forecast
    call 1  {"city":"a","days":1}  generated  result  12ms
      error   missing_text_fallback at /content: structured content without a text copy
      warning unsafe_integer at /structuredContent/t: an integer past 2^53
      info    result_size: 43 bytes
    call 2  {"city":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…  invalid on purpose, from the calls file: days below its minimum  JSON-RPC error -32602  <1ms  no errors or warnings
  tool greet  1 call, no errors or warnings
  resource memory://a  result  1ms  no findings
  resource memory://b  no response  30s slow
    error   no_response: no answer within 30s
  warning too_many_tools: tools/list lists more than 2 tools: the first 2 listed are called, the others are not
  info    results_not_kept: the report keeps at most 64 MiB of results: 2 checked after that are not in it
  note: calls file: tool "absent" is not listed by the server: not called

2025-11-25  failed: initialize failed: EOF; the server exited (exit status 1); its stderr ends with:
      boom

slow:  1 exchange took 1s or longer
  30s  2025-06-18  resource memory://b
info:  3 findings folded (tool_error_for_invalid_arguments 1, result_size 1, result_tokens 1)
summary: 1 revision checked, 1 skipped, 1 failed; 3 tool calls, 2 resource reads; 2 errors, 2 warnings, 5 info (1.5s)
`

// TestWriteTextVerbose: with Verbose every info finding is shown in full
// under its exchange and nothing is folded; Slow sets the time from which
// an exchange is slow.
func TestWriteTextVerbose(t *testing.T) {
	r := sampleReport()
	var b bytes.Buffer
	if err := r.WriteTextWith(&b, TextOptions{Verbose: true, Slow: 10 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"  tool greet  1 call, no errors or warnings\n    info    result_size: 60 bytes\n",
		"\n    info    result_tokens: ",
		"days below its minimum  JSON-RPC error -32602  <1ms  no errors or warnings\n      info    tool_error_for_invalid_arguments at /error/code: ",
		"call 1  {\"city\":\"a\",\"days\":1}  generated  result  12ms slow\n",
		"slow:  2 exchanges took 10ms or longer\n  30s  2025-06-18  resource memory://b\n  12ms  2025-06-18  tool forecast call 1\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("verbose report lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "folded") {
		t.Errorf("verbose report folds:\n%s", out)
	}
}

func TestWriteText(t *testing.T) {
	r := sampleReport()
	var b bytes.Buffer
	if err := r.WriteText(&b, false); err != nil {
		t.Fatal(err)
	}
	if b.String() != sampleText {
		t.Errorf("text report:\n%s\nwant:\n%s", b.String(), sampleText)
	}
	if strings.Contains(b.String(), "\x1b[") {
		t.Error("colour without color")
	}
	b.Reset()
	r.WriteText(&b, true)
	for _, want := range []string{"\x1b[31m\x1b[1merror  \x1b[0m", "\x1b[33mwarning\x1b[0m", "\x1b[36minfo   \x1b[0m", "\x1b[1m2025-06-18\x1b[0m"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("coloured report lacks %q", want)
		}
	}
	if plain := stripANSI(b.String()); plain != sampleText {
		t.Errorf("coloured report without its colours:\n%s", plain)
	}

	// A run that could check nothing says why.
	r = &Report{Target: "x", Revisions: []*RevisionReport{{Revision: "2025-06-18", Status: StatusFailed, Reason: "the server could not be started: no such file"}}}
	r.finish([]string{"2025-06-18"}, 0)
	b.Reset()
	r.WriteText(&b, false)
	if want := "error:  no session could be made with the server: the server could not be started: no such file\nsummary: 0 revisions checked, 1 failed;"; !strings.Contains(b.String(), want) {
		t.Errorf("failed run:\n%s", b.String())
	}

	// A session that broke before any tool or resource still prints the
	// revision's findings, and counts them.
	r = &Report{Target: "x", Revisions: []*RevisionReport{{Revision: "2025-06-18", Status: StatusFailed, Negotiated: "2025-06-18",
		Reason:   "resources/list failed: no answer within 30s",
		Findings: []Finding{{Severity: Warning, Code: CodeListTooLarge, Message: "tools/list is over 16 MiB, the limit of a response: stopped listing"}}}}}
	r.finish([]string{"2025-06-18"}, 0)
	b.Reset()
	r.WriteText(&b, false)
	if want := "2025-06-18  failed: resources/list failed: no answer within 30s\n  warning list_too_large: tools/list is over 16 MiB, the limit of a response: stopped listing\n\nsummary: 0 revisions checked, 1 failed; 0 tool calls, 0 resource reads; 0 errors, 1 warning, 0 info"; !strings.Contains(b.String(), want) {
		t.Errorf("failed revision with findings:\n%s", b.String())
	}
}

func stripANSI(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == 0x1b {
			for i < len(s) && s[i] != 'm' {
				i++
			}
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func TestWriteJSON(t *testing.T) {
	r := sampleReport()
	var b bytes.Buffer
	if err := r.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Target    string
		Server    ServerInfo
		Started   string
		Duration  json.Number `json:"durationMs"`
		Totals    map[string]int
		Revisions []struct {
			Revision, Status, Reason string
			Tools                    []struct {
				Name  string
				Calls []map[string]json.RawMessage
			}
			Resources []map[string]json.RawMessage
			Findings  json.RawMessage
		}
	}
	dec := json.NewDecoder(&b)
	dec.UseNumber()
	if err := dec.Decode(&got); err != nil {
		t.Fatal(err)
	}
	if got.Target != r.Target || got.Server.Name != "weather" || got.Started != "2026-11-30T12:00:00Z" || got.Duration != "1500" {
		t.Errorf("header %+v", got)
	}
	wantTotals := map[string]int{"error": 2, "warning": 2, "info": 5, "revisionsChecked": 1, "revisionsSkipped": 1, "revisionsFailed": 1, "toolCalls": 3, "resourceReads": 2}
	for k, v := range wantTotals {
		if got.Totals[k] != v {
			t.Errorf("totals[%s] = %d, want %d", k, got.Totals[k], v)
		}
	}
	if len(got.Revisions) != 3 || got.Revisions[0].Status != "skipped" || got.Revisions[2].Reason == "" {
		t.Fatalf("revisions %+v", got.Revisions)
	}
	// Skipped and failed revisions have empty lists, not null.
	if got.Revisions[0].Tools == nil || got.Revisions[0].Resources == nil || string(got.Revisions[0].Findings) != `[]` {
		t.Errorf("a skipped revision's tools, resources or findings are null (findings %s)", got.Revisions[0].Findings)
	}
	// The revision's own findings, by severity.
	if want := `[{"severity":"warning","code":"too_many_tools","path":"","message":"tools/list lists more than 2 tools: the first 2 listed are called, the others are not"},` +
		`{"severity":"info","code":"results_not_kept","path":"","message":"the report keeps at most 64 MiB of results: 2 checked after that are not in it"}]`; string(got.Revisions[1].Findings) != want {
		t.Errorf("revision findings %s, want %s", got.Revisions[1].Findings, want)
	}
	calls := got.Revisions[1].Tools[0].Calls
	c1, c2 := calls[0], calls[1]
	for k, want := range map[string]string{
		"arguments":  `{"city":"a","days":1}`,
		"argsValid":  `true`,
		"source":     `"generated"`,
		"outcome":    `"result"`,
		"result":     `{"content":[],"structuredContent":{"t":1}}`,
		"durationMs": `12.346`,
	} {
		if string(c1[k]) != want {
			t.Errorf("call 1 %s: %s, want %s", k, c1[k], want)
		}
	}
	if _, ok := c1["rpcError"]; ok {
		t.Error("call 1 has an rpcError")
	}
	if !strings.Contains(string(c1["findings"]), `{"severity":"error","code":"missing_text_fallback","path":"/content","message":"structured content without a text copy"}`) {
		t.Errorf("call 1 findings %s", c1["findings"])
	}
	if string(c2["rpcError"]) != `{"code":-32602,"message":"invalid params","data":{"field":"days"}}` || !strings.Contains(string(c2["findings"]), `"code":"tool_error_for_invalid_arguments"`) || c2["result"] != nil {
		t.Errorf("call 2: %s", c2)
	}
	if r := got.Revisions[1].Resources[1]; string(r["outcome"]) != `"no_response"` {
		t.Errorf("resource 2: %s", r)
	}
}

// hostileText is what a server could put in any string to take over a
// terminal: clear the screen, set the window title, write the clipboard
// (OSC 52), go back to the start of the line and print a green line of its
// own, reverse the text that follows, C1 controls (CSI, NEL), a byte that is
// not UTF-8, and new lines that would start a summary of its own.
const hostileText = "a\x1b[2J\x1b]0;title\x07\x1b]52;c;cHduZWQ=\x07\r\x1b[32mno errors or warnings\x1b[0m\u202eevil\u202c\u2066x\u2069\u2028\u2029\u009b2J\u0085\x7f\x00\t\xff\nsummary: 0 errors\n"

// hostileSecretKey is an API key that a result uses as an object key.
const hostileSecretKey = "sk-ant-api03-abcdefghijklmnopqrstuvwxyz_0123456789"

// hostileJSON is a JSON string holding the characters of hostileText that
// JSON may hold unescaped.
const hostileJSON = `"a\u001b[2J\u0007\r` + "\u202e\u2066\u2028\u009b\u0085\x7f\xff" + `"`

// fillStrings sets every string in v (recursively, through pointers, slices
// and structs) to s, every json.RawMessage to raw, and gives every slice of
// structs or pointers one element.
func fillStrings(v reflect.Value, s string, raw json.RawMessage) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		fillStrings(v.Elem(), s, raw)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				fillStrings(v.Field(i), s, raw)
			}
		}
	case reflect.Slice:
		if v.Type() == reflect.TypeOf(json.RawMessage(nil)) {
			v.SetBytes(raw)
			return
		}
		if v.Len() == 0 {
			v.Set(reflect.MakeSlice(v.Type(), 1, 1))
		}
		for i := 0; i < v.Len(); i++ {
			fillStrings(v.Index(i), s, raw)
		}
	case reflect.String:
		v.SetString(s)
	}
}

// unsafeIn returns the first character of out that a terminal would obey
// (but \n), or -1.
func unsafeIn(out string) int {
	for i, r := range out {
		if r != '\n' && textesc.Text.Escapes(r) || r == utf8.RuneError {
			return i
		}
	}
	return -1
}

func TestReportEscapes(t *testing.T) {
	for _, status := range []string{StatusChecked, StatusSkipped, StatusFailed, hostileText} {
		for _, sev := range []Severity{Error, Warning, Info, hostileText} {
			// Every string holds the escapes and, after them, an API key;
			// every result too, in a text, a key and a password member.
			r := &Report{}
			fillStrings(reflect.ValueOf(r), hostileText+" "+hostileSecretKey, json.RawMessage(`{"content":[{"type":"text","text":`+hostileJSON[:len(hostileJSON)-1]+` `+hostileSecretKey+`"}],"structuredContent":{"`+hostileSecretKey+`":1,"password":"hunter22hunter22"}}`))
			rr := r.Revisions[0]
			rr.Status = status
			secretPath := "/structuredContent/" + hostileSecretKey + "/" + hostileText
			rr.Tools[0].Calls[0].Findings[0].Path = secretPath
			rr.Tools[0].Calls[0].Findings[0].Message = "at " + secretPath + ": " + hostileText
			rr.Resources[0].Findings[0].Path = secretPath
			rr.Findings[0].Path = secretPath
			rr.Findings[0].Message = "at " + secretPath + ": " + hostileText
			// A second tool with no call, and one whose call has no
			// finding of its own severity.
			rr.Tools = append(rr.Tools, &ToolReport{Name: hostileText}, &ToolReport{Name: hostileText, Calls: []*CallReport{{Arguments: json.RawMessage(hostileJSON), Source: SourceCalls, Outcome: OutcomeToolError, Findings: []Finding{{Severity: Info, Code: hostileText, Message: hostileText}}}}})
			for _, tr := range rr.Tools {
				for _, c := range tr.Calls {
					for i := range c.Findings {
						c.Findings[i].Severity = sev
					}
				}
			}
			for _, res := range rr.Resources {
				res.Findings[0].Severity = sev
			}
			rr.Findings[0].Severity = sev
			r.finish([]string{hostileText}, time.Second)
			for _, color := range []bool{false, true} {
				var b bytes.Buffer
				if err := r.WriteText(&b, color); err != nil {
					t.Fatal(err)
				}
				out := b.String()
				if color {
					for _, code := range []string{ansiReset, ansiBold, ansiDim, ansiRed, ansiGreen, ansiYellow, ansiCyan} {
						out = strings.ReplaceAll(out, code, "")
					}
				}
				if i := unsafeIn(out); i >= 0 {
					t.Fatalf("status %q, severity %q, color %v: a raw control character at %d:\n%s", status, sev, color, i, out)
				}
				if strings.Contains(out, hostileSecretKey[10:]) {
					t.Errorf("the secret is printed:\n%s", out)
				}
				// A line a server wrote starts with the escape of its
				// first control character, or is indented under the line
				// it belongs to.
				for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
					switch {
					case line == "", strings.HasPrefix(line, " "), strings.HasPrefix(line, "mcpresult check  a\\x1b[2J"),
						strings.HasPrefix(line, "server  a\\x1b[2J"), strings.HasPrefix(line, "a\\x1b[2J"),
						strings.HasPrefix(line, "error:  a\\x1b[2J"), strings.HasPrefix(line, "summary: "),
						strings.HasPrefix(line, "info:  "), strings.HasPrefix(line, "slow:  "), strings.HasPrefix(line, "baseline:  "),
						strings.HasPrefix(line, "caveat:  every call failed the same way (a\\x1b[2J"):
					default:
						t.Errorf("a line of the server's own: %q", line)
					}
				}
				if !strings.Contains(out, `a\x1b[2J\x1b]0;title\x07\x1b]52;c;cHduZWQ=\x07\r\x1b[32mno errors or warnings\x1b[0m\u202eevil\u202c\u2066x\u2069\u2028\u2029\u009b2J\u0085\x7f\x00\t\xff`) {
					t.Errorf("the escapes are not as written:\n%s", out)
				}
			}

			var b bytes.Buffer
			if err := r.WriteJSON(&b); err != nil {
				t.Fatal(err)
			}
			if !json.Valid(b.Bytes()) || !utf8.Valid(b.Bytes()) {
				t.Fatalf("the JSON report is not JSON:\n%s", b.String())
			}
			if i := unsafeIn(b.String()); i >= 0 {
				t.Fatalf("a raw control character in the JSON report at %d:\n%s", i, b.String())
			}
			if strings.Contains(b.String(), hostileSecretKey[10:]) {
				t.Errorf("the secret is in the JSON report:\n%s", b.String())
			}
			var back struct {
				Target    string
				Revisions []struct {
					Findings []Finding
					Tools    []struct {
						Calls []struct {
							Result   json.RawMessage
							Findings []Finding
						}
					}
				}
			}
			if err := json.Unmarshal(b.Bytes(), &back); err != nil {
				t.Fatal(err)
			}
			if want := strings.ToValidUTF8(hostileText, "\uFFFD") + " [redacted]"; back.Target != want {
				t.Errorf("target read back %q, want %q", back.Target, want)
			}
			var text struct {
				Content           []struct{ Text string }
				StructuredContent map[string]any
			}
			if err := json.Unmarshal(back.Revisions[0].Tools[0].Calls[0].Result, &text); err != nil || text.Content[0].Text != "a\x1b[2J\a\r\u202e\u2066\u2028\u009b\u0085\x7f\uFFFD [redacted]" ||
				text.StructuredContent["[redacted]"] != 1.0 || text.StructuredContent["password"] != "[redacted]" {
				t.Errorf("result read back %q (%v)", text, err)
			}
			if strings.Contains(b.String(), "hunter22") {
				t.Errorf("a password is in the JSON report:\n%s", b.String())
			}
			f := back.Revisions[0].Tools[0].Calls[0].Findings[0]
			if want := "/structuredContent/[redacted]/" + strings.ToValidUTF8(hostileText, "\uFFFD"); f.Path != want || strings.Contains(f.Message, hostileSecretKey[10:]) {
				t.Errorf("a finding as JSON: %+v", f)
			}
			if f := back.Revisions[0].Findings[0]; f.Path != "/structuredContent/[redacted]/"+strings.ToValidUTF8(hostileText, "\uFFFD") || strings.Contains(f.Message, hostileSecretKey[10:]) {
				t.Errorf("a revision's finding as JSON: %+v", f)
			}
		}
	}
}

func TestEscapeText(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"plain: C:\\dir, café, 日本, emoji 🙂", "plain: C:\\dir, café, 日本, emoji 🙂"},
		{"\x1b[31mred\x1b[0m", `\x1b[31mred\x1b[0m`},
		{"a\r\nb\tc\x00\x07\x08\x7f", `a\r\nb\tc\x00\x07\x08\x7f`},
		{"\u0080\u009b\u009f\u00a0", `\u0080\u009b\u009f` + "\u00a0"},
		{"\u2028\u2029\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c\u200d", `\u2028\u2029\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c` + "\u200d"},
		{"bad \xff\xc2 end \xe2\x80", `bad \xff\xc2 end \xe2\x80`},
		{"\x1b]52;c;cHduZWQ=\x07", `\x1b]52;c;cHduZWQ=\x07`},
	} {
		if got := escapeText(tc.in); got != tc.want {
			t.Errorf("escapeText(%q) = %q, want %q", tc.in, got, tc.want)
		}
		// The command prints through the same escape.
		if got := checklink.EscapeText(tc.in); got != tc.want {
			t.Errorf("checklink.EscapeText(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if got := string(escapeJSON(nil, []byte(`"`+strings.ReplaceAll(tc.in, `\`, `\\`)+`"`))); !json.Valid([]byte(strings.Map(func(r rune) rune {
			if r < 0x20 {
				return -1 // JSON escapes these itself; escapeJSON sees JSON
			}
			return r
		}, got))) {
			t.Errorf("JSON form of %q is not JSON: %q", tc.in, got)
		}
	}
}

// FuzzEscapeText: nothing a terminal obeys is left, in either form.
func FuzzEscapeText(f *testing.F) {
	for _, s := range []string{"", "plain", hostileText, "\xe2\x80\xae\xc2\x9b\xc2", "\\x1b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := escapeText(s)
		if !utf8.ValidString(out) || unsafeIn(out) >= 0 || strings.Contains(out, "\n") {
			t.Fatalf("escapeText(%q) = %q", s, out)
		}
		// The JSON form says what the encoder's JSON says.
		b, _ := json.Marshal(s)
		j := escapeJSON(nil, b)
		var want, got string
		if !utf8.Valid(j) || unsafeIn(string(j)) >= 0 || json.Unmarshal(b, &want) != nil || json.Unmarshal(j, &got) != nil || got != want {
			t.Fatalf("JSON form of %q: %s", s, j)
		}
	})
}
