package check

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// textResult is a tool result with one text block.
func textResult(text string, isError bool) string {
	t, _ := json.Marshal(text)
	e := "false"
	if isError {
		e = "true"
	}
	return `{"content":[{"type":"text","text":` + string(t) + `}],"isError":` + e + `}`
}

var leakCodes = []Code{CodeErrorLeaksStack, CodeErrorLeaksPath, CodeErrorLeaksConnectionString, CodeErrorLeaksSecret}

func TestLeaks(t *testing.T) {
	cases := []struct {
		name    string
		text    string
		isError bool
		code    Code   // "": no leak code at all
		secret  string // a part of the text no message may repeat
		also    Code   // another code the text also gives
	}{
		{"go panic", "panic: runtime error: index out of range\n\ngoroutine 7 [running]:\nmain.f()", true, CodeErrorLeaksStack, "", ""},
		{"go frame", "main.handler(...)\n\tsrv/app/handler.go:88 +0x1a5", true, CodeErrorLeaksStack, "", ""},
		{"js", "TypeError: x is undefined\n    at handle (/srv/app/dist/index.js:10:15)\n    at process (node:internal/process:1:2)", true, CodeErrorLeaksStack, "", CodeErrorLeaksPath},
		{"js anonymous", "Error: boom\n    at file:///app/server.mjs:3:9", true, CodeErrorLeaksStack, "", CodeErrorLeaksPath},
		{"python", "Traceback (most recent call last):\n  File \"app.py\", line 3, in <module>", true, CodeErrorLeaksStack, "", ""},
		{"java", "java.lang.NullPointerException\n\tat com.acme.Weather.lookup(Weather.java:42)", true, CodeErrorLeaksStack, "", ""},
		{"dotnet", "System.Exception: x\n   at Acme.Weather.Lookup(String city) in C:\\src\\Weather.cs:line 42", true, CodeErrorLeaksStack, "", CodeErrorLeaksPath},
		{"rust", "thread 'main' panicked at src/main.rs:2:5", true, CodeErrorLeaksStack, "", ""},
		{"unix path", "cannot open /home/alice/projects/app/config.yaml", true, CodeErrorLeaksPath, "alice", ""},
		{"macos path", "ENOENT: '/Users/bob/Library/x.db'", true, CodeErrorLeaksPath, "bob", ""},
		{"var path", "failed to write /var/lib/app", true, CodeErrorLeaksPath, "", ""},
		{"file with an extension", "cannot bind /tmp/app.sock", true, CodeErrorLeaksPath, "", ""},
		{"home directory", "no access to /home/dave", true, CodeErrorLeaksPath, "dave", ""},
		{"windows path", `could not read C:\Users\carol\secrets.txt`, true, CodeErrorLeaksPath, "carol", ""},
		{"unc path", `\\fileserver\share\x.txt not found`, true, CodeErrorLeaksPath, "", ""},
		{"url with password", "connect failed: postgres://admin:s3cretPW@db.internal:5432/app", false, CodeErrorLeaksConnectionString, "s3cretPW", ""},
		{"redis password only", "redis://:p4ssword@cache:6379", false, CodeErrorLeaksConnectionString, "p4ssword", ""},
		{"ado.net", "Server=tcp:db.acme.net;Database=app;User ID=sa;Password=Tr0ub4dor;", false, CodeErrorLeaksConnectionString, "Tr0ub4dor", CodeErrorLeaksSecret},
		{"database url in an error", "dial mongodb+srv://cluster0.acme.mongodb.net failed", true, CodeErrorLeaksConnectionString, "", ""},
		{"jdbc in an error", "cannot connect to jdbc:mysql://db:3306/app", true, CodeErrorLeaksConnectionString, "", ""},
		{"aws", "key AKIAIOSFODNN7EXAMPLE used", false, CodeErrorLeaksSecret, "AKIAIOSFODNN7EXAMPLE", ""},
		{"github", "token ghp_0123456789abcdefghijklmnopqrstuvwxyzAB", false, CodeErrorLeaksSecret, "ghp_0123", ""},
		{"github pat", "github_pat_11ABCDEFG0123456789_abcdefghijklmnop", false, CodeErrorLeaksSecret, "github_pat_11", ""},
		{"slack", "xoxb-123456789012-abcdefghijkl", false, CodeErrorLeaksSecret, "xoxb-1234", ""},
		{"openai", "OPENAI key sk-proj-abcdefghijklmnopqrstuvwxyz012345", false, CodeErrorLeaksSecret, "sk-proj-abc", ""},
		{"anthropic", "sk-ant-api03-abcdefghijklmnopqrstuvwxyz_0123456789", false, CodeErrorLeaksSecret, "sk-ant-api03", ""},
		{"jwt", "Authorization failed for eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U", false, CodeErrorLeaksSecret, "eyJhbGci", ""},
		{"private key", "-----BEGIN RSA PRIVATE KEY-----\nMIIE", false, CodeErrorLeaksSecret, "MIIE", ""},
		{"bearer", "sent Authorization: Bearer abcdefghijklmnopqrstuvwxyz0123", false, CodeErrorLeaksSecret, "abcdefghijklmnop", ""},
		{"password=", "login with user=bob&password=hunter22 failed", false, CodeErrorLeaksSecret, "hunter22", ""},
		{"api_key=", "GET /v1/x?api_key=9f8e7d6c5b4a", true, CodeErrorLeaksSecret, "9f8e7d6c5b4a", ""},
		{"json password", `{"user":"bob","password":"hunter22"}`, false, CodeErrorLeaksSecret, "hunter22", ""},
		{"a token after an underscore", "tool lookup_ghp_0123456789abcdefghijklmnopqrstuvwxyzAB", false, CodeErrorLeaksSecret, "ghp_0123", ""},
		{"a jwt after an underscore", "sign_eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3", false, CodeErrorLeaksSecret, "eyJzdWIi", ""},
		{"a key after a dash", "key-AKIAIOSFODNN7EXAMPLE", false, CodeErrorLeaksSecret, "AKIAIOSFODNN7EXAMPLE", ""},

		{"plain error", "no such city: Atlantis", true, "", "", ""},
		{"summary", "Found 3 files in your project", false, "", "", ""},
		{"path in output", "Wrote /home/alice/projects/app/out.txt", false, "", "", ""},
		{"stack in output", "panic: is a word", false, "", "", ""},
		{"database url in output", "Your database: postgres://db.example.com/app", false, "", "", ""},
		{"route", "GET /api/v1/users returned 404", true, "", "", ""},
		{"short system path", "permission denied: /etc/shadow", true, "", "", ""},
		{"web url", "see https://example.com/home/docs/a.html", true, "", "", ""},
		{"password rule", "password: must be at least 8 characters", true, "", "", ""},
		{"masked password", "password=******** rejected", true, "", "", ""},
		{"placeholder in url", "use postgres://user:${PASSWORD}@host/db", false, "", "", ""},
		{"template password", "set api_key=<your key>", false, "", "", ""},
		{"sk- words", "the task-list is ready", false, "", "", ""},
		{"a token inside a word", "xAKIAIOSFODNN7EXAMPLE and desk-abcdefghijklmnopqrstuvwxyz", false, "", "", ""},
		{"date", "at 2025-06-18T10:00:00Z", true, "", "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fs := CheckToolCall(toolCall("2025-06-18", textResult(c.text, c.isError)))
			for _, code := range leakCodes {
				if code == c.code || code == c.also {
					expect(t, fs, code, "/content/0/text", Warning)
				} else {
					expect(t, fs, code, "-", Warning)
				}
			}
			if c.secret != "" {
				for _, f := range fs {
					if strings.Contains(f.Message, c.secret) {
						t.Fatalf("message repeats what it found: %s", f.Message)
					}
				}
			}
		})
	}
}

func TestLeakPlaces(t *testing.T) {
	t.Run("one finding per code and text, naming each kind", func(t *testing.T) {
		fs := CheckToolCall(toolCall("2025-06-18", textResult("panic: x\ngoroutine 1 [running]:\nTraceback (most recent call last):", true)))
		got := withCode(fs, CodeErrorLeaksStack)
		if len(got) != 1 || !strings.Contains(got[0].Message, "a Go goroutine dump, a Go panic and a Python traceback") {
			t.Fatalf("want one finding naming three kinds:%s", dump(fs))
		}
	})
	t.Run("embedded text resource", func(t *testing.T) {
		fs := CheckToolCall(toolCall("2025-06-18", `{"content":[{"type":"resource","resource":{"uri":"file:///a","text":"AKIAIOSFODNN7EXAMPLE"}}]}`))
		expect(t, fs, CodeErrorLeaksSecret, "/content/0/resource/text", Warning)
	})
	t.Run("structured content of an error", func(t *testing.T) {
		fs := CheckToolCall(toolCall("2025-06-18", `{"content":[{"type":"text","text":"failed"}],"structuredContent":{"error":{"stack":"Error: x\n    at f (/srv/a.js:1:2)"}},"isError":true}`))
		expect(t, fs, CodeErrorLeaksStack, "/structuredContent/error/stack", Warning)
	})
	t.Run("structured content of a success", func(t *testing.T) {
		fs := CheckToolCall(toolCall("2025-06-18", `{"content":[{"type":"text","text":"{\"p\":\"/home/a/b\"}"}],"structuredContent":{"p":"/home/a/b"}}`))
		for _, code := range leakCodes {
			expect(t, fs, code, "-", Warning)
		}
	})
	t.Run("resource text contents", func(t *testing.T) {
		fs := CheckResourceRead(ResourceRead{Revision: "2025-06-18",
			Result: json.RawMessage(`{"contents":[{"uri":"file:///.env","text":"DB=postgres://app:Sup3rSecret@db/app\nAPI_KEY=abcd1234efgh"}]}`)})
		expect(t, fs, CodeErrorLeaksConnectionString, "/contents/0/text", Warning)
		expect(t, fs, CodeErrorLeaksSecret, "/contents/0/text", Warning)
		for _, f := range fs {
			if strings.Contains(f.Message, "Sup3rSecret") || strings.Contains(f.Message, "abcd1234efgh") {
				t.Fatalf("message repeats what it found: %s", f.Message)
			}
		}
	})
	t.Run("JSON-RPC error message and data", func(t *testing.T) {
		fs := CheckToolCall(ToolCall{Revision: "2025-06-18", ArgsValid: true, RPCError: &RPCError{
			Code: -32603, Message: "ENOENT: /home/alice/x.json",
			Data: json.RawMessage(`{"stack":"Error: x\n    at f (/srv/a.js:1:2)","list":["ok","token ghp_0123456789abcdefghijklmnopqrstuvwxyzAB"]}`)}})
		expect(t, fs, CodeErrorLeaksPath, "/error/message", Warning)
		expect(t, fs, CodeErrorLeaksStack, "/error/data/stack", Warning)
		expect(t, fs, CodeErrorLeaksSecret, "/error/data/list/1", Warning)
		expect(t, fs, CodeProtocolErrorForToolFailure, "/error/code", Warning)
	})
	t.Run("resource JSON-RPC error", func(t *testing.T) {
		fs := CheckResourceRead(ResourceRead{Revision: "2025-06-18", URI: "file:///x", RPCError: &RPCError{
			Code: -32002, Message: "Resource not found: C:\\data\\private\\x.txt"}})
		expect(t, fs, CodeErrorLeaksPath, "/error/message", Warning)
		if len(fs) != 1 {
			t.Fatalf("want only the leak:%s", dump(fs))
		}
	})
}

func TestRedactPath(t *testing.T) {
	const ant = "sk-ant-api03-abcdefghijklmnopqrstuvwxyz_0123456789"
	for _, tc := range []struct{ path, want string }{
		{"", ""},
		{"/content/0/text", "/content/0/text"},
		{"/structuredContent/" + ant, "/structuredContent/[redacted]"},
		{"/structuredContent/" + ant + "/stack", "/structuredContent/[redacted]/stack"},
		{"/structuredContent/keys/sk-proj-abcdefghijklmnopqrstuvwxyz012345/0", "/structuredContent/keys/[redacted]/0"},
		{"/structuredContent/ghp_0123456789abcdefghijklmnopqrstuvwxyzAB", "/structuredContent/[redacted]"},
		{"/structuredContent/AKIAIOSFODNN7EXAMPLE", "/structuredContent/[redacted]"},
		{"/structuredContent/key AKIAIOSFODNN7EXAMPLE of ghp_0123456789abcdefghijklmnopqrstuvwxyzAB", "/structuredContent/key [redacted] of [redacted]"},
		{"/structuredContent/Bearer abc~1defghijklmnopqrstuvwxyz0123", "/structuredContent/Bearer [redacted]"},
		{"/structuredContent/postgres:~1~1admin:s3cretPW@db~1app", "/structuredContent/postgres:~1~1admin:[redacted]@db~1app"},
		{"/structuredContent/password=hunter22", "/structuredContent/password=[redacted]"},
		{"/a~0b/ghp_0123456789abcdefghijklmnopqrstuvwxyzAB~1x", "/a~0b/[redacted]~1x"},
		{"/structuredContent/password=****", "/structuredContent/password=****"},
		{"/structuredContent/the task-list", "/structuredContent/the task-list"},
		{"/error/data/-----BEGIN PRIVATE KEY-----\nMIIE~1abc/x", "/error/data/[redacted]/x"},
	} {
		if got := redactPath(tc.path); got != tc.want {
			t.Errorf("redactPath(%q) = %q, want %q", tc.path, got, tc.want)
		}
	}
}

// TestSecretKeyNeverPrinted: a secret used as an object key reaches a
// finding's path exactly, and neither its message nor either report.
func TestSecretKeyNeverPrinted(t *testing.T) {
	const key = "sk-ant-api03-abcdefghijklmnopqrstuvwxyz_0123456789"
	secret := key[13:]
	raw := `{"content":[{"type":"text","text":"failed"}],"structuredContent":{"` + key + `":{"stack":"Error: x\n    at f (/srv/a.js:1:2)","n":12345678901234567890}},"isError":true}`
	fs := CheckToolCall(toolCall("2025-06-18", raw))
	expect(t, fs, CodeErrorLeaksStack, "/structuredContent/"+key+"/stack", Warning)
	expect(t, fs, CodeUnsafeInteger, "/structuredContent/"+key+"/n", Warning)
	for _, f := range fs {
		if strings.Contains(f.Message, secret) {
			t.Errorf("%s message repeats the key: %s", f.Code, f.Message)
		}
	}
	r := &Report{Target: "x", Revisions: []*RevisionReport{{Revision: "2025-06-18", Status: StatusChecked,
		Tools: []*ToolReport{{Name: "t", Calls: []*CallReport{{Arguments: json.RawMessage(`{}`), ArgsValid: true, Source: SourceGenerated, Outcome: OutcomeToolError, Findings: fs}}}}}}}
	r.finish([]string{"2025-06-18"}, 0)
	var text, js bytes.Buffer
	if err := r.WriteText(&text, false); err != nil {
		t.Fatal(err)
	}
	if err := r.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(text.String(), secret) || !strings.Contains(text.String(), "error_leaks_stack at /structuredContent/[redacted]/stack: ") {
		t.Errorf("text report:\n%s", text.String())
	}
	// Nothing in the JSON report repeats the key: neither its findings nor
	// the result it holds (the key there is written [redacted] too).
	r.Revisions[0].Tools[0].Calls[0].Result = json.RawMessage(raw)
	js.Reset()
	if err := r.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(js.String(), secret) || !strings.Contains(js.String(), `"structuredContent":{"[redacted]":{"stack":`) {
		t.Errorf("JSON report:\n%s", js.String())
	}
	var back struct {
		Revisions []struct {
			Tools []struct {
				Calls []struct{ Findings []Finding }
			}
		}
	}
	if err := json.Unmarshal(js.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	got := back.Revisions[0].Tools[0].Calls[0].Findings
	if len(got) != len(fs) {
		t.Fatalf("%d findings in the JSON report, want %d", len(got), len(fs))
	}
	for _, f := range got {
		if strings.Contains(f.Path, secret) || strings.Contains(f.Message, secret) {
			t.Errorf("JSON finding repeats the key: %+v", f)
		}
	}
	expect(t, got, CodeErrorLeaksStack, "/structuredContent/[redacted]/stack", Warning)
	// The findings themselves keep the exact path.
	expect(t, fs, CodeErrorLeaksStack, "/structuredContent/"+key+"/stack", Warning)
}

// TestRedactSecrets: each secret the leak checks know is replaced with
// [redacted] and the text around it kept; a private key from its first
// line to its last, or to the end of the text, and from the start of the
// text to a last line without its first.
func TestRedactSecrets(t *testing.T) {
	const key = "-----BEGIN PRIVATE KEY-----\nMIIEvQ\nBKcw\n-----END PRIVATE KEY-----"
	for _, tc := range []struct{ in, want string }{
		{"no secret at all", "no secret at all"},
		{"key AKIAIOSFODNN7EXAMPLE used", "key [redacted] used"},
		{"lookup_ghp_0123456789abcdefghijklmnopqrstuvwxyzAB(x)", "lookup_[redacted](x)"},
		{"Authorization: Bearer abcdefghijklmnopqrstuvwxyz0123 sent", "Authorization: Bearer [redacted] sent"},
		{"postgres://admin:s3cretPW@db/app", "postgres://admin:[redacted]@db/app"},
		{"user=bob&password=hunter22&x=1", "user=bob&password=[redacted]&x=1"},
		{`{"api_key": "9f8e7d6c5b4a"}`, `{"api_key": "[redacted]"}`},
		{"before\n" + key + "\nafter", "before\n[redacted]\nafter"},
		{"before\n-----BEGIN RSA PRIVATE KEY-----\nMIIE\nBKcw", "before\n[redacted]"},
		{"MIIEvQ\nBKcw\n-----END PRIVATE KEY-----\nafter", "[redacted]\nafter"},
		{key + "\nmid\nBKcw\n-----END PRIVATE KEY-----\nafter", "[redacted][redacted]\nafter"},
		{"password=**** and ${TOKEN}", "password=**** and ${TOKEN}"},
	} {
		if got := redactSecrets(tc.in); got != tc.want {
			t.Errorf("redactSecrets(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestRedactJSON: every string of JSON, key or value, has its secrets
// redacted, the string value of a member whose key names a secret is
// [redacted], and the rest is kept byte for byte; JSON without a secret is
// the same slice.
func TestRedactJSON(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`{"a":[1,"x",{"b":null}],"c":"d"}`, `{"a":[1,"x",{"b":null}],"c":"d"}`},
		{`{"text":"key AKIAIOSFODNN7EXAMPLE"}`, `{"text":"key [redacted]"}`},
		{`{"AKIAIOSFODNN7EXAMPLE":1}`, `{"[redacted]":1}`},
		{`{"t":"\u0041KIAIOSFODNN7EXAMPLE \"q\" <b>"}`, `{"t":"[redacted] \"q\" <b>"}`},
		{`{"password":"hunter22","api_key" : "9f8e7d6c5b4a","Secret":"xyz","token":"abcdefgh"}`, `{"password":"[redacted]","api_key" : "[redacted]","Secret":"xyz","token":"abcdefgh"}`},
		{`{"password":"****","apiKey":"${KEY}","pwd":"hunter22","password2":"hunter22"}`, `{"password":"****","apiKey":"${KEY}","pwd":"hunter22","password2":"hunter22"}`},
		{`{"password":["hunter22"],"x":{"password":{"a":"hunter22"}}}`, `{"password":["hunter22"],"x":{"password":{"a":"hunter22"}}}`},
		{`{"text":"a \"password\": \"hunter22\" in text"}`, `{"text":"a \"password\": \"[redacted]\" in text"}`},
		{`{"k":"-----BEGIN PRIVATE KEY-----\nMIIE"}`, `{"k":"[redacted]"}`},
	} {
		got := redactJSON([]byte(tc.in))
		if string(got) != tc.want || !json.Valid(got) {
			t.Errorf("redactJSON(%s) = %s, want %s", tc.in, got, tc.want)
		}
	}
	in := []byte(`{"a":"b"}`)
	if got := redactJSON(in); &got[0] != &in[0] {
		t.Error("JSON without a secret is copied")
	}
}
