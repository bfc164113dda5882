package engine

import "testing"

// TestCheckOrigin: the forms of an origin a page's CSP may list, and the
// near misses, beyond the vectors (which every runtime runs).
func TestCheckOrigin(t *testing.T) {
	for _, tc := range []struct {
		origin string
		ok     bool
	}{
		{"https://example.com", true},
		{"https://example.com:0", true},
		{"https://example.com:65535", true},
		{"https://example.com:65536", false},
		{"https://example.com:004430", false}, // six digits
		{"https://example.com:-1", false},
		{"https://example.com:+443", false},
		{"https://*.a.b.example.com", true},
		{"https://*.*.example.com", false},
		{"https://-a.example.com", false},
		{"https://a-.example.com", false},
		{"https://a.example.com.", false}, // an empty last label
		{"https://[::1]", true},
		{"https://[::1]:443", true},
		{"https://[::1]443", false},
		{"https://[::1", false},
		{"https://[example.com]", false},
		{"https://[::1]:", false},
		{"wss://example.com", true},
		{"ws://example.com", true},
		{"http://127.0.0.1", true},
		{"file://example.com", false},
		{"https:example.com", false},
		{"https://" + string(make([]byte, 64)), false},
		{"https://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.com", true},   // 63
		{"https://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.com", false}, // 64
	} {
		if msg := checkOrigin(tc.origin); (msg == "") != tc.ok {
			t.Errorf("checkOrigin(%q) = %q, want ok %v", tc.origin, msg, tc.ok)
		}
	}
}
