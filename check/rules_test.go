package check

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// toolCall is a call with valid arguments and the given result.
func toolCall(rev, res string) ToolCall {
	return ToolCall{Revision: rev, Tool: Tool{Name: "t"}, Result: json.RawMessage(res), ArgsValid: true}
}

// withCode returns the findings of a code.
func withCode(fs []Finding, code Code) []Finding {
	var out []Finding
	for _, f := range fs {
		if f.Code == code {
			out = append(out, f)
		}
	}
	return out
}

func dump(fs []Finding) string {
	var b strings.Builder
	for _, f := range fs {
		fmt.Fprintf(&b, "\n  %s %s %q: %s", f.Severity, f.Code, f.Path, f.Message)
	}
	return b.String()
}

// expect checks that code is found at path with severity sev, or (path
// "-") that it is not found at all.
func expect(t *testing.T, fs []Finding, code Code, path string, sev Severity) {
	t.Helper()
	got := withCode(fs, code)
	if path == "-" {
		if len(got) != 0 {
			t.Fatalf("%s found, want none:%s", code, dump(fs))
		}
		return
	}
	for _, f := range got {
		if f.Path == path {
			if f.Severity != sev {
				t.Fatalf("%s at %q is %s, want %s", code, path, f.Severity, sev)
			}
			if f.Message == "" {
				t.Fatalf("%s at %q has no message", code, path)
			}
			return
		}
	}
	t.Fatalf("%s at %q not found:%s", code, path, dump(fs))
}

const good1125 = `{"content":[{"type":"text","text":"{\"city\":\"Oslo\",\"tempC\":3}"}],"structuredContent":{"city":"Oslo","tempC":3},"isError":false}`

// TestQuietOnGood: a good result of each revision gives only figures.
func TestQuietOnGood(t *testing.T) {
	cases := []struct{ rev, res, schema string }{
		{"2024-11-05", `{"content":[{"type":"text","text":"hello"}]}`, ""},
		{"2025-03-26", `{"content":[{"type":"text","text":"hello"}],"isError":false}`, ""},
		{"2025-06-18", good1125, `{"type":"object","properties":{"tempC":{"type":"integer"}}}`},
		{"2025-11-25", good1125, `{"type":"object","required":["city"]}`},
		{"2026-07-28", `{"content":[{"type":"text","text":"[1,2]"}],"structuredContent":[1,2],"isError":false,"resultType":"complete"}`, `{"type":"array","items":{"type":"integer"}}`},
		{"", `{"content":[{"type":"text","text":"hi"}],"isError":false,"resultType":"complete"}`, ""},
	}
	for _, c := range cases {
		t.Run(c.rev, func(t *testing.T) {
			call := toolCall(c.rev, c.res)
			if c.schema != "" {
				call.Tool.OutputSchema = json.RawMessage(c.schema)
			}
			fs := CheckToolCall(call)
			for _, f := range fs {
				if f.Severity != Info {
					t.Fatalf("unexpected finding:%s", dump(fs))
				}
			}
			expect(t, fs, CodeResultSize, "", Info)
			expect(t, fs, CodeResultTokens, "", Info)
		})
	}
	fs := CheckResourceRead(ResourceRead{Revision: "2025-06-18", URI: "file:///a.txt",
		Result: json.RawMessage(`{"contents":[{"uri":"file:///a.txt","mimeType":"text/plain","text":"hi"}]}`)})
	for _, f := range fs {
		if f.Severity != Info {
			t.Fatalf("resource: unexpected finding:%s", dump(fs))
		}
	}
}

// TestValidateFindings: validate's errors and warnings keep their code,
// path and severity.
func TestValidateFindings(t *testing.T) {
	cases := []struct {
		name, rev, res string
		code           Code
		path           string
		sev            Severity
	}{
		{"data URI", "2025-06-18", `{"content":[{"type":"text","text":"x"},{"type":"image","data":"data:image/png;base64,AAAA","mimeType":"image/png"}],"isError":false}`,
			"invalid_base64", "/content/1/data", Error},
		{"empty content", "2025-06-18", `{"content":[],"isError":false}`, "empty_content", "/content", Warning},
		{"missing text fallback", "2025-06-18", `{"content":[{"type":"image","data":"iVBORw0KGgo=","mimeType":"image/png"}],"structuredContent":{"a":1}}`,
			"missing_text_fallback", "/structuredContent", Warning},
		{"missing text fallback, the blocks are the data", "2025-06-18", `{"content":[{"type":"image","data":"iVBORw0KGgo=","mimeType":"image/png"}],"structuredContent":{"content":[{"type":"image","data":"iVBORw0KGgo=","mimeType":"image/png"}]}}`,
			"missing_text_fallback", "/structuredContent", Info},
		{"missing text fallback, a member is lost", "2025-11-25", `{"content":[{"type":"image","data":"iVBORw0KGgo=","mimeType":"image/png"}],"structuredContent":{"content":[{"type":"image","data":"iVBORw0KGgo=","mimeType":"image/png"}],"total":3}}`,
			"missing_text_fallback", "/structuredContent", Warning},
		{"missing text fallback, not an object in 2026-07-28", "2026-07-28", `{"content":[{"type":"image","data":"iVBORw0KGgo=","mimeType":"image/png"}],"structuredContent":[{"type":"image","data":"iVBORw0KGgo=","mimeType":"image/png"}],"isError":false,"resultType":"complete"}`,
			"missing_text_fallback", "/structuredContent", Warning},
		{"field of a later revision", "2025-03-26", `{"content":[{"type":"text","text":"x"}],"structuredContent":{"a":1}}`,
			"field_not_in_revision", "/structuredContent", Warning},
		{"field of a later revision, carried", "2025-03-26", `{"content":[{"type":"text","text":"{}"}],"structuredContent":{}}`,
			"field_not_in_revision", "/structuredContent", Info},
		{"no resultType on the wire", "2026-07-28", `{"content":[{"type":"text","text":"x"}],"isError":false}`,
			"missing_field", "/resultType", Error},
		{"not JSON", "2025-06-18", `{"content":`, "invalid_json", "", Error},
		{"no result", "2025-06-18", "", "invalid_json", "", Error},
		{"unknown revision", "1999-01-01", `{"content":[{"type":"text","text":"x"}]}`, "unsupported_protocol_version", "", Error},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			call := toolCall(c.rev, c.res)
			if c.res == "" {
				call.Result = nil
			}
			expect(t, CheckToolCall(call), c.code, c.path, c.sev)
		})
	}
	t.Run("resource", func(t *testing.T) {
		fs := CheckResourceRead(ResourceRead{Revision: "2025-06-18",
			Result: json.RawMessage(`{"contents":[{"uri":"file:///a","blob":"!!"}]}`)})
		expect(t, fs, "invalid_base64", "/contents/0/blob", Error)
	})
}

func TestTextCopyMismatch(t *testing.T) {
	cases := []struct {
		name, rev, res string
		path           string // "-": quiet
	}{
		{"differs", "2025-06-18", `{"content":[{"type":"text","text":"{\"a\":2}"}],"structuredContent":{"a":1}}`, "/content/0/text"},
		{"second block differs", "2025-11-25", `{"content":[{"type":"text","text":"Weather:"},{"type":"text","text":"[1]"}],"structuredContent":{"a":[1],"b":2}}`, "/content/1/text"},
		{"a wrapper of the server's own name", "2025-11-25", `{"content":[{"type":"text","text":"[{\"name\":\"A\"}]"}],"structuredContent":{"entities":[{"name":"A"}]}}`, "-"},
		{"a wrapped string that is the text", "2025-11-25", `{"content":[{"type":"text","text":"[{\"name\":\"a.txt\"}]"}],"structuredContent":{"content":"[{\"name\":\"a.txt\"}]"}}`, "-"},
		{"a wrapper whose value differs", "2025-11-25", `{"content":[{"type":"text","text":"[2]"}],"structuredContent":{"entities":[1]}}`, "/content/0/text"},
		{"scalar differs", "2026-07-28", `{"content":[{"type":"text","text":"42"}],"structuredContent":41,"resultType":"complete"}`, "/content/0/text"},
		{"equal, other key order", "2025-06-18", `{"content":[{"type":"text","text":"{\"b\":1.0,\"a\":[true]}"}],"structuredContent":{"a":[true],"b":1}}`, "-"},
		{"one of two blocks holds it", "2025-06-18", `{"content":[{"type":"text","text":"{\"x\":1}"},{"type":"text","text":"{\"a\":1}"}],"structuredContent":{"a":1}}`, "-"},
		{"wrapped value", "2025-11-25", `{"content":[{"type":"text","text":"[1,2]"}],"structuredContent":{"result":[1,2]}}`, "-"},
		{"summary text", "2025-06-18", `{"content":[{"type":"text","text":"Found 3 items"},{"type":"text","text":"3"}],"structuredContent":{"count":3}}`, "-"},
		{"no text block", "2025-06-18", `{"content":[{"type":"image","data":"iVBORw0KGgo=","mimeType":"image/png"}],"structuredContent":{"a":1}}`, "-"},
		{"no structured content", "2025-06-18", `{"content":[{"type":"text","text":"{\"a\":2}"}]}`, "-"},
		{"revision without structured content", "2025-03-26", `{"content":[{"type":"text","text":"{\"a\":2}"}],"structuredContent":{"a":1}}`, "-"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, CheckToolCall(toolCall(c.rev, c.res)), CodeTextCopyMismatch, c.path, Warning)
		})
	}
}

func TestUnsafeInteger(t *testing.T) {
	cases := []struct {
		name, rev, res string
		paths          []string // nil: quiet
	}{
		{"beyond 2^53", "2025-06-18", `{"content":[{"type":"text","text":"x"}],"structuredContent":{"id":9007199254740993}}`, []string{"/structuredContent/id"}},
		{"negative", "2025-06-18", `{"content":[{"type":"text","text":"x"}],"structuredContent":{"a":{"b":[0,-9007199254740992]}}}`, []string{"/structuredContent/a/b/1"}},
		{"beyond 64 bits", "2025-06-18", `{"content":[{"type":"text","text":"x"}],"structuredContent":{"n":123456789012345678901234567890}}`, []string{"/structuredContent/n"}},
		{"escaped key", "2025-06-18", `{"content":[{"type":"text","text":"x"}],"structuredContent":{"a/b":[{"~":18446744073709551615}]}}`, []string{"/structuredContent/a~1b/0/~0"}},
		{"result _meta", "2025-03-26", `{"content":[{"type":"text","text":"x"}],"_meta":{"traceId":12345678901234567890}}`, []string{"/_meta/traceId"}},
		{"block _meta", "2025-06-18", `{"content":[{"type":"text","text":"x","_meta":{"n":[1,2,9007199254740993]}}]}`, []string{"/content/0/_meta/n/2"}},
		{"several", "2025-06-18", `{"content":[{"type":"text","text":"x"}],"structuredContent":[1e400,{"a":9007199254740992,"b":9007199254740993}]}`, nil},
		{"largest safe", "2025-06-18", `{"content":[{"type":"text","text":"x"}],"structuredContent":{"a":9007199254740991,"b":-9007199254740991}}`, nil},
		{"floats", "2025-06-18", `{"content":[{"type":"text","text":"x"}],"structuredContent":{"a":1e300,"b":9007199254740993.5}}`, nil},
		{"not watched", "2025-06-18", `{"content":[{"type":"text","text":"x"}],"structuredContent":{},"other":{"a":9007199254740993}}`, nil},
		{"revision without structured content", "2025-03-26", `{"content":[{"type":"text","text":"x"}],"structuredContent":{"a":9007199254740993}}`, nil},
	}
	// "several": an array at the root of structured content (2025-06-18
	// reports invalid_type, and the integers are still read).
	cases[6].paths = []string{"/structuredContent/1/a", "/structuredContent/1/b"}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fs := CheckToolCall(toolCall(c.rev, c.res))
			got := withCode(fs, CodeUnsafeInteger)
			if len(got) != len(c.paths) {
				t.Fatalf("got %d unsafe_integer, want %v:%s", len(got), c.paths, dump(fs))
			}
			for i, p := range c.paths {
				expect(t, fs, CodeUnsafeInteger, p, Warning)
				if strings.Contains(got[i].Message, "900719925474099") {
					t.Fatalf("message repeats the value: %s", got[i].Message)
				}
			}
		})
	}
	t.Run("resource _meta", func(t *testing.T) {
		fs := CheckResourceRead(ResourceRead{Revision: "2025-06-18",
			Result: json.RawMessage(`{"contents":[{"uri":"file:///a","text":"x","_meta":{"n":9007199254740993}}]}`)})
		expect(t, fs, CodeUnsafeInteger, "/contents/0/_meta/n", Warning)
	})
}

func TestSize(t *testing.T) {
	text := func(n int) string {
		return `{"content":[{"type":"text","text":"` + strings.Repeat("a", n) + `"}],"isError":false}`
	}
	cases := []struct {
		name, res string
		capMsg    string // "": no result_over_client_cap
	}{
		{"small", text(100), ""},
		{"just under the warning", text(40_000), ""},
		{"over the warning", text(40_004), "10000"},
		{"over the default maximum", text(100_004), "25000"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fs := CheckToolCall(toolCall("2025-06-18", c.res))
			expect(t, fs, CodeResultSize, "", Info)
			expect(t, fs, CodeResultTokens, "", Info)
			caps := withCode(fs, CodeResultOverClientCap)
			if c.capMsg == "" {
				if len(caps) != 0 {
					t.Fatalf("unexpected cap:%s", dump(fs))
				}
				return
			}
			if len(caps) != 1 || caps[0].Severity != Warning || !strings.Contains(caps[0].Message, c.capMsg) || !strings.Contains(caps[0].Message, "Claude Code") {
				t.Fatalf("want one result_over_client_cap naming %s:%s", c.capMsg, dump(fs))
			}
		})
	}
	t.Run("compact bytes", func(t *testing.T) {
		fs := CheckToolCall(toolCall("2025-03-26", "{ \"content\" : [ {\"type\":\"text\", \"text\":\"abcd\"} ] }\n"))
		s := withCode(fs, CodeResultSize)
		want := len(`{"content":[{"type":"text","text":"abcd"}]}`)
		if len(s) != 1 || !strings.HasPrefix(s[0].Message, fmt.Sprint(want)+" bytes") {
			t.Fatalf("result_size:%s", dump(fs))
		}
		tk := withCode(fs, CodeResultTokens)
		if len(tk) != 1 || !strings.HasPrefix(tk[0].Message, "about 1 tokens") || !strings.Contains(tk[0].Message, "divided by 4") {
			t.Fatalf("result_tokens:%s", dump(fs))
		}
	})
	t.Run("resource: no client cap", func(t *testing.T) {
		fs := CheckResourceRead(ResourceRead{Revision: "2025-06-18",
			Result: json.RawMessage(`{"contents":[{"uri":"file:///a","text":"` + strings.Repeat("a", 200_000) + `"}]}`)})
		expect(t, fs, CodeResultTokens, "", Info)
		expect(t, fs, CodeResultOverClientCap, "-", Warning)
	})
}

func TestProtocolErrors(t *testing.T) {
	cases := []struct {
		rev       string
		code      int64
		argsValid bool
		want      Code // "": neither code
	}{
		{"2025-06-18", -32603, true, CodeProtocolErrorForToolFailure},
		{"2025-11-25", -32000, true, CodeProtocolErrorForToolFailure},
		{"2024-11-05", 1, true, CodeProtocolErrorForToolFailure},
		{"2025-06-18", -32601, true, ""},
		{"2025-06-18", -32600, true, ""},
		{"2025-06-18", -32700, true, ""},
		{"2025-11-25", -32042, true, ""},
		{"2026-07-28", -32021, true, ""},
		{"2025-06-18", -32602, false, ""},
		{"2025-03-26", -32602, true, ""},
		{"2025-11-25", -32602, false, CodeToolErrorForInvalidArguments},
		{"2026-07-28", -32602, false, CodeToolErrorForInvalidArguments},
		{"", -32602, true, CodeToolErrorForInvalidArguments},
		{"2025-11-25", -32603, false, CodeToolErrorForInvalidArguments},
		{"2025-06-18", -32603, false, CodeToolErrorForInvalidArguments},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s %d valid=%v", c.rev, c.code, c.argsValid), func(t *testing.T) {
			call := ToolCall{Revision: c.rev, Tool: Tool{Name: "t"}, ArgsValid: c.argsValid,
				RPCError: &RPCError{Code: c.code, Message: "failed"}}
			fs := CheckToolCall(call)
			for _, code := range []Code{CodeProtocolErrorForToolFailure, CodeToolErrorForInvalidArguments} {
				switch {
				case code != c.want:
					expect(t, fs, code, "-", Warning)
				case code == CodeProtocolErrorForToolFailure:
					expect(t, fs, code, "/error/code", Warning)
				default:
					expect(t, fs, code, "/error/code", Info)
				}
			}
			if len(fs) > 1 {
				t.Fatalf("more than one finding:%s", dump(fs))
			}
		})
	}
	t.Run("an isError result for invalid arguments", func(t *testing.T) {
		call := toolCall("2025-11-25", `{"content":[{"type":"text","text":"city: required"}],"isError":true}`)
		call.ArgsValid = false
		fs := CheckToolCall(call)
		expect(t, fs, CodeToolErrorForInvalidArguments, "-", Info)
		expect(t, fs, CodeProtocolErrorForToolFailure, "-", Warning)
	})
}

// TestStructuredNotInRevision: structuredContent sent to a revision that
// does not define it is info when content carries its data (a client of
// the revision reads only content and loses nothing), a warning when data
// is lost; the other fields a revision lacks stay warnings.
func TestStructuredNotInRevision(t *testing.T) {
	const png = `{"type":"image","data":"iVBORw0KGgo=","mimeType":"image/png"}`
	for _, c := range []struct {
		name, res string
		sev       Severity
		in        string // what the message says
	}{
		// Carried: nothing is lost.
		{"text is its JSON", `{"content":[{"type":"text","text":"{\"b\": 2.0, \"a\": [1]}"}],"structuredContent":{"a":[1],"b":2}}`, Info, "the JSON in the text at /content/0/text"},
		{"JSON in a later block", `{"content":[{"type":"text","text":"the forecast:"},{"type":"text","text":"[1,2]"}],"structuredContent":[1,2]}`, Info, "/content/1/text"},
		{"a scalar", `{"content":[{"type":"text","text":"42"}],"structuredContent":42}`, Info, "the JSON in the text"},
		{"a string, as text", `{"content":[{"type":"text","text":"hello"}],"structuredContent":"hello"}`, Info, "the text at /content/0/text"},
		{"one member, its JSON", `{"content":[{"type":"text","text":"[{\"name\":\"Ada\"}]"}],"structuredContent":{"entities":[{"name":"Ada"}]}}`, Info, `each member of structuredContent is in content: "entities" is the JSON in the text at /content/0/text`},
		{"one member, its string", `{"content":[{"type":"text","text":"[FILE] a.txt"}],"structuredContent":{"content":"[FILE] a.txt"}}`, Info, `"content" is the text at /content/0/text`},
		{"one member, an empty string", `{"content":[{"type":"text","text":""}],"structuredContent":{"content":""}}`, Info, `"content" is the text at /content/0/text`},
		{"one member, the content list", `{"content":[` + png + `],"structuredContent":{"content":[` + png + `]}}`, Info, `"content" is the content list itself`},
		{"one member, a block", `{"content":[{"type":"text","text":"a chart"},` + png + `],"structuredContent":{"chart":` + png + `}}`, Info, `"chart" is the block at /content/1`},
		{"each member in its block", `{"content":[{"type":"text","text":"Oslo"},{"type":"text","text":"3"}],"structuredContent":{"city":"Oslo","tempC":3}}`, Info, `"city" is the text at /content/0/text and "tempC" is the JSON in the text at /content/1/text`},
		{"a message and a flag", `{"content":[{"type":"text","text":"Entities deleted successfully"}],"structuredContent":{"success":true,"message":"Entities deleted successfully","next":null}}`, Info, `"success" is a boolean, let go, "message" is the text at /content/0/text and "next" is a null, let go`},
		{"an empty object", `{"content":[{"type":"text","text":"done"}],"structuredContent":{}}`, Info, "an empty object"},
		{"empty lists and a flag", `{"content":[{"type":"text","text":"Any remote PDF can be loaded."}],"structuredContent":{"localFiles":[],"allowedDirectories":[],"options":{},"truncated":false}}`, Info, `"localFiles" is empty, let go, "allowedDirectories" is empty, let go, "options" is empty, let go and "truncated" is a boolean, let go`},
		{"many members", `{"content":[{"type":"text","text":"1"},{"type":"text","text":"2"}],"structuredContent":{"a":1,"b":2,"c":true,"d":null,"e":"2"}}`, Info, "each of the 5 members of structuredContent is in content"},
		{"a secret as a member's name", `{"content":[{"type":"text","text":"x"}],"structuredContent":{"ghp_0123456789abcdefghijklmnopqrstuvwxyzAB":"x"}}`, Info, `"[redacted]" is the text at /content/0/text`},
		{"an error result", `{"content":[{"type":"text","text":"{\"error\":\"quota\"}"}],"structuredContent":{"error":"quota"},"isError":true}`, Info, "the JSON in the text"},

		// Not carried: the client of the revision loses data.
		{"a summary", `{"content":[{"type":"text","text":"3 orders"}],"structuredContent":{"total":3,"unit":"orders"}}`, Warning, "content does not carry its data"},
		{"JSON of another value", `{"content":[{"type":"text","text":"{\"total\":4}"}],"structuredContent":{"total":3}}`, Warning, "lost to them"},
		{"one member of two", `{"content":[{"type":"text","text":"[1,2]"}],"structuredContent":{"items":[1,2],"total":2}}`, Warning, "lost"},
		{"a string member beside", `{"content":[{"type":"text","text":"saved"}],"structuredContent":{"message":"saved","path":"/srv/x"}}`, Warning, "lost"},
		{"only flags, no text", `{"content":[` + png + `],"structuredContent":{"ok":true,"n":1}}`, Warning, "lost"},
		{"a copy one level down", `{"content":[{"type":"text","text":"[1]"}],"structuredContent":{"data":{"items":[1]}}}`, Warning, "lost"},
		{"text that is a part of a string", `{"content":[{"type":"text","text":"Checkref"}],"structuredContent":{"content":"Checkref notes"}}`, Warning, "lost"},
		{"a list with items", `{"content":[{"type":"text","text":"Any remote PDF can be loaded."}],"structuredContent":{"localFiles":["file:///a.pdf"],"truncated":false}}`, Warning, "lost"},
		{"a boolean as text", `{"content":[{"type":"text","text":"true"}],"structuredContent":{"found":true,"items":[1]}}`, Warning, "lost"},
	} {
		for _, rev := range []string{"2024-11-05", "2025-03-26"} {
			t.Run(c.name+"/"+rev, func(t *testing.T) {
				fs := CheckToolCall(toolCall(rev, c.res))
				expect(t, fs, "field_not_in_revision", "/structuredContent", c.sev)
				for _, f := range withCode(fs, "field_not_in_revision") {
					if !strings.Contains(f.Message, c.in) || !strings.HasPrefix(f.Message, "protocol revision "+rev+" does not define structuredContent") {
						t.Errorf("message %q, want it to say %q", f.Message, c.in)
					}
				}
			})
		}
	}
	// The revisions that define structuredContent say nothing of it.
	fs := CheckToolCall(toolCall("2025-06-18", `{"content":[{"type":"text","text":"3 orders"}],"structuredContent":{"total":3}}`))
	expect(t, fs, "field_not_in_revision", "-", Warning)
	// A field of a content block that the revision lacks (_meta and
	// annotations' lastModified appear in 2025-06-18) stays a warning, even
	// where a text block holds its JSON: only structuredContent has a copy
	// that clients are meant to read instead.
	fs = CheckToolCall(toolCall("2024-11-05", `{"content":[{"type":"text","text":"{\"a\":1}","_meta":{"a":1}},{"type":"text","text":"x","annotations":{"lastModified":"2025-01-01T00:00:00Z"}}]}`))
	expect(t, fs, "field_not_in_revision", "/content/0/_meta", Warning)
	expect(t, fs, "field_not_in_revision", "/content/1/annotations/lastModified", Warning)
}
