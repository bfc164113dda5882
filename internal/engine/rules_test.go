package engine

import (
	"math"
	"strconv"
	"testing"
	"time"

	"github.com/mcpresult/mcpresult/internal/jstime"
	"github.com/mcpresult/mcpresult/internal/pointer"
)

func TestCheckBase64(t *testing.T) {
	for _, tc := range []struct {
		in string
		ok bool
	}{
		{"", true},
		{"QQ==", true},
		{"QUI=", true},
		{"QUJD", true},
		{"iVBORw0KGgo=", true},
		{"+/+/", true},
		{"QR==", false},   // non-zero trailing bits
		{"QUJ=", false},   // non-zero trailing bits
		{"QQ", false},     // unpadded
		{"QQ=", false},    // bad length
		{"QQ==\n", false}, // line break
		{"QQ\n==", false},
		{"-_-_", false}, // URL alphabet
		{"Q===", false},
		{"=QQ=", false},
		{"QQ==QQ==", false}, // padding inside
		{"data:image/png;base64,QQ==", false},
		{"DATA:x", false},
		{"QQ ==", false},
	} {
		if got := checkBase64(tc.in) == ""; got != tc.ok {
			t.Errorf("checkBase64(%q) ok = %v, want %v", tc.in, got, tc.ok)
		}
	}
	if msg := checkBase64("data:image/png;base64,QQ=="); msg == "" || msg == checkBase64("QQ") {
		t.Errorf("a data: URI needs its own message, got %q", msg)
	}
}

func TestCheckMIMEType(t *testing.T) {
	for _, tc := range []struct {
		in, top string
		ok      bool
	}{
		{"image/png", "image", true},
		{"IMAGE/PNG", "image", true},
		{"image/svg+xml", "image", true},
		{"text/plain; charset=utf-8", "", true},
		{"text/plain;charset=utf-8", "", true},
		{`text/plain; charset="utf-8"`, "", true},
		{`multipart/mixed; boundary="a b;c"`, "", true},
		{"application/vnd.example.thing-v2+json", "", true},
		{"audio/wav", "audio", true},
		{"audio/wav", "image", false},
		{"image", "", false},
		{"image/", "", false},
		{"/png", "", false},
		{"image/png/x", "", false},
		{"image/ png", "", false},
		{"image/png;", "", true},
		{"text/plain; ;charset=utf-8", "", true},
		{"text/plain;charset=utf-8;", "", true},
		{"text/plain ;charset=utf-8", "", true},
		{"image/png;=x", "", false},
		{"image/png;a", "", false},
		{"image/png;a=\"x\\\x01\"", "", false},
		{"image/png;a=\"x\\\"y\"", "", true},
		{"image/png; charset", "", false},
		{"image/png; =x", "", false},
		{`text/plain; charset="utf-8`, "", false},
		{"text/plain ", "", false},
		{"-text/plain", "", false},
		{"te xt/plain", "", false},
		{"text/pl@in", "", false},
		{"", "", false},
	} {
		if got := checkMIMEType(tc.in, tc.top) == ""; got != tc.ok {
			t.Errorf("checkMIMEType(%q, %q) ok = %v, want %v", tc.in, tc.top, got, tc.ok)
		}
	}
}

func TestCheckURI(t *testing.T) {
	for _, tc := range []struct {
		in string
		ok bool
	}{
		{"file:///home/user/report.pdf", true},
		{"https://example.com/a/b?q=1#frag", true},
		{"https://example.com:8443/", true},
		{"https://[::1]:8080/x", true},
		{"urn:isbn:0451450523", true},
		{"data:image/png;base64,iVBORw0KGgo=", true},
		{"mailto:someone@example.com", true}, // no authority: "@" is not user-info
		{"custom+scheme.v1-x:thing", true},
		{"file:///a/%20b", true},
		{"file:///a/./b", true},
		{"file:///a..b/c", true},
		{"", false},
		{"report.pdf", false},
		{"/abs/path", false},
		{"1http://x", false},
		{":nope", false},
		{"file:///a b", false},
		{"file:///a\tb", false},
		{"file:///a\nb", false},
		{"file:///a\\b", false},
		{"https://user:pw@example.com/", false},
		{"https://user@example.com/", true},
		{"postgres://app@db/x", true},
		{"https://user:@example.com/", false},
		{"https://:pw@example.com/", false},
		{"https://app@[::1]:5432/x", true},
		{"https://a@b@example.com/", false},
		{"file:///a/%00b", false},
		{"file:///a/%1Fb", false},
		{"file:///a/%7f", false},
		{"https://host/%5C", false},
		{"https://host/%5cx", false},
		{"file:///a/%20b/%2F", true},
		{"https://./x", false},
		{"https://../x", false},
		{"https://%2e/x", false},
		{"https://%2E%2e:80/x", false},
		{"https://.../x", true},
		{"file:///a/.%2E/b", false},
		{"file:///a/.../b", true},
		{"https://h/?p=../x", true},
		{"file:///a/../b", false},
		{"file:///..", false},
		{"file:///a/%2e%2e/b", false},
		{"file:///a/%2E./b", false},
		{"file:///café", false},
		{"file:///a%zz", false},
		{"file:///a%2", false},
		{"https://example.com:80a/", false},
		{"https://exa[mple.com/", false},
		{"https://example.com/a#b#c", false},
		{"https://example.com/<x>", false},
		{"file:///a\x7f", false},
		{"https://h/?q=[1]", false},
		{"https://h/#a[1]", false},
		{"https://[::1]/a[b]", false},
		{"x://[zz]", false},
		{"https://[::1", false},
		{"https://[::1]x/", false},
		{"https://[1:2:3:4:5:6:7:8]:443/", true},
		{"https://[::ffff:192.0.2.1]/", true},
		{"https://[fe80::1]", true},
		{"https://[v1.fe80::a+en1]/", true},
		{"https://[1:2:3:4:5:6:7:8:9]/", false},
		{"https://[1::2::3]/", false},
		{"https://[::256.0.0.1]/", false},
		{"https://example.com?q=1", true},
		{"https://example.com:8080?q=1", true},
		{"https://example.com:80a?q=1", false},
	} {
		if got := checkURI(tc.in) == ""; got != tc.ok {
			t.Errorf("checkURI(%q) ok = %v, want %v (%s)", tc.in, got, tc.ok, checkURI(tc.in))
		}
	}
}

func TestCheckRFC3339(t *testing.T) {
	for _, tc := range []struct {
		in string
		ok bool
	}{
		{"2025-01-12T15:00:58Z", true},
		{"2025-01-12T15:00:58.123456Z", true},
		{"2025-01-12T15:00:58+02:00", true},
		{"2025-01-12T15:00:58-11:30", true},
		{"2024-02-29T00:00:00Z", true},
		{"2016-12-31T23:59:60Z", false},
		{"2023-02-29T00:00:00Z", false},
		{"2025-04-31T00:00:00Z", false},
		{"2025-13-01T00:00:00Z", false},
		{"2025-00-01T00:00:00Z", false},
		{"2025-01-12T24:00:00Z", false},
		{"2025-01-12T15:60:00Z", false},
		{"2025-01-12T15:00:61Z", false},
		{"2025-01-12 15:00:58Z", false},
		{"2025-01-12t15:00:58z", false},
		{"2025-01-12T15:00:58", false},
		{"2025-01-12T15:00Z", false},
		{"2025-01-12", false},
		{"2025-01-12T15:00:58.Z", false},
		{"2025-01-12T15:00:58+0200", false},
		{"2025-01-12T15:00:58+24:00", false},
		{"2025-1-12T15:00:58Z", false},
		{"yesterday", false},
	} {
		if got := checkRFC3339(tc.in) == ""; got != tc.ok {
			t.Errorf("checkRFC3339(%q) ok = %v, want %v", tc.in, got, tc.ok)
		}
	}
}

func TestCheckMetaKey(t *testing.T) {
	for _, tc := range []struct {
		in           string
		ok, reserved bool
	}{
		{"trace", true, false},
		{"com.example/trace-id", true, false},
		{"com.example/", true, false},
		{"", true, false},
		{"a.b.c/x_y.z", true, false},
		{"x1/y", true, false},
		{"io.modelcontextprotocol/serverInfo", true, true},
		{"dev.mcp/x", true, true},
		{"org.modelcontextprotocol.api/x", true, true},
		{"com.mcp.tools/x", true, true},
		{"com.example.mcp/x", true, false},
		{"mcp/x", true, false},
		{"-bad", false, false},
		{"bad-", false, false},
		{"has space", false, false},
		{"1com.example/x", false, false},
		{"com..example/x", false, false},
		{"com.example-/x", false, false},
		{"com.exa_mple/x", false, false},
		{"/x", false, false},
		{"a/b/c", false, false},
		{"é", false, false},
	} {
		ok, reserved := checkMetaKey(tc.in)
		if ok != tc.ok || (ok && reserved != tc.reserved) {
			t.Errorf("checkMetaKey(%q) = %v, %v; want %v, %v", tc.in, ok, reserved, tc.ok, tc.reserved)
		}
	}
}

func TestFormatJSTime(t *testing.T) {
	for _, tc := range []struct {
		sec  int64
		nsec int32
		want string
	}{
		{0, 0, "1970-01-01T00:00:00.000Z"},
		{1704164645, 678_900_000, "2024-01-02T03:04:05.678Z"},
		{-1, 500_000_000, "1969-12-31T23:59:59.500Z"},
		{-1, 500_500_000, "1969-12-31T23:59:59.501Z"}, // -499.5 ms truncated toward zero
		{253402300800, 0, "+010000-01-01T00:00:00.000Z"},
		{-62167219200 - 86400, 0, "-000001-12-31T00:00:00.000Z"},
		{951782400, 0, "2000-02-29T00:00:00.000Z"},
	} {
		got, ok := jstime.Format(tc.sec, tc.nsec)
		if !ok || got != tc.want {
			t.Errorf("jstime.Format(%d, %d) = %q, %v; want %q", tc.sec, tc.nsec, got, ok, tc.want)
		}
	}
	if _, ok := jstime.Format(8_640_000_000_001, 0); ok {
		t.Error("a time beyond a JS Date's range must be refused")
	}
	// Agreement with the time package over a spread of instants.
	for sec := int64(-5e10); sec < 5e10; sec += 987_654_321 {
		want := time.Unix(sec, 0).UTC().Format("2006-01-02T15:04:05.000Z")
		if got, _ := jstime.Format(sec, 0); got != want {
			t.Fatalf("jstime.Format(%d) = %s, want %s", sec, got, want)
		}
	}
}

func TestAppendFloatRoundTrips(t *testing.T) {
	// Every written float reads back as itself, and the writer never
	// produces a form ECMAScript would not (checked in detail by the
	// oracle vectors).
	f := 1.0
	for i := 0; i < 2000; i++ {
		for _, x := range []float64{f, -f, 1 / f, math.Nextafter(f, 0)} {
			s := string(appendFloat(nil, x))
			back, err := strconv.ParseFloat(s, 64)
			if err != nil || back != x {
				t.Fatalf("appendFloat(%v) = %s, reads back as %v", x, s, back)
			}
		}
		f *= 1.7
		if math.IsInf(f, 0) {
			break
		}
	}
}

func TestLessUTF16(t *testing.T) {
	// RFC 8785 section 3.2.3: U+10000 (surrogates D800 DC00) sorts before U+E000.
	if !lessUTF16("\U00010000", "\uE000") {
		t.Error("a supplementary character must sort before U+E000 in UTF-16 order")
	}
	if !lessUTF16("a", "b") || lessUTF16("b", "a") || !lessUTF16("a", "ab") || lessUTF16("ab", "ab") {
		t.Error("plain ordering is wrong")
	}
}

func TestCapPath(t *testing.T) {
	long := ""
	for len(long) < 700 {
		long += "/é~0"
	}
	p := capPath(long)
	if len(p) > pointer.MaxPathBytes {
		t.Fatalf("path is %d bytes", len(p))
	}
	if p[len(p)-1] == '~' {
		t.Fatal("path cut inside an escape")
	}
	if got := capPath("/a\xffb"); got != "/a\uFFFDb" {
		t.Fatalf("invalid UTF-8 in a path must be replaced, got %q", got)
	}
}
