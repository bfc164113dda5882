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
