package main

import (
	"bytes"
	"strings"
	"testing"
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
		{"validate invalid", []string{"validate"}, `{"content":[{"type":"image","data":"x","mimeType":"text/plain"}]}`, 1,
			`{"valid":false,"errors":[{"code":"missing_field","path":"/resultType","message":"protocol revision 2026-07-28 requires \"resultType\" on the wire"},{"code":"invalid_base64","path":"/content/0/data","message":"base64 must be padded standard base64 (length a multiple of 4)"},{"code":"invalid_mime_type","path":"/content/0/mimeType","message":"media type must be image/*"}],"warnings":[]}` + "\n", `"code":"invalid_base64"`},
		{"validate bad kind", []string{"validate", "--kind", "prompt"}, `{}`, 2, "", "--kind must be one of"},
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
		})
	}
}
