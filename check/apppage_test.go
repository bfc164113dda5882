package check

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

func TestParseCSPSource(t *testing.T) {
	tests := []struct {
		entry string
		ok    bool
		want  cspSource
	}{
		{"https://cdn.example.com", true, cspSource{scheme: "https", host: "cdn.example.com"}},
		{"HTTPS://CDN.Example.com", true, cspSource{scheme: "https", host: "cdn.example.com"}},
		{"https://cdn.example.com/", true, cspSource{scheme: "https", host: "cdn.example.com"}},
		{"https://*.example.com", true, cspSource{scheme: "https", host: "example.com", wildcard: true}},
		{"wss://rt.example.com:8443", true, cspSource{scheme: "wss", host: "rt.example.com", port: "8443"}},
		{"http://localhost:*", true, cspSource{scheme: "http", host: "localhost", port: "*"}},
		{"http://127.0.0.1:3000", true, cspSource{scheme: "http", host: "127.0.0.1", port: "3000"}},
		{"http://[::1]:3000", true, cspSource{scheme: "http", host: "[::1]", port: "3000"}},
		{"https://cdn.example.com/lib/", false, cspSource{}},
		{"https://cdn.example.com?x=1", false, cspSource{}},
		{"https://cdn.*.example.com", false, cspSource{}},
		{"https://*example.com", false, cspSource{}},
		{"https://*", false, cspSource{}},
		{"*", false, cspSource{}},
		{"'self'", false, cspSource{}},
		{"https:", false, cspSource{}},
		{"data:", false, cspSource{}},
		{"cdn.example.com", false, cspSource{}},
		{"", false, cspSource{}},
		{"ftp://files.example.com", false, cspSource{}},
		{"https://user:pw@cdn.example.com", false, cspSource{}},
		{"https://cdn.example.com:0", false, cspSource{}},
		{"https://cdn.example.com:99999", false, cspSource{}},
		{"https://cdn.example.com:+80", false, cspSource{}},
		{"https://cdn_x.example.com", false, cspSource{}},
		{"https://-cdn.example.com", false, cspSource{}},
		{"https://cdn..example.com", false, cspSource{}},
		{"https://", false, cspSource{}},
	}
	for _, tt := range tests {
		got, why := parseCSPSource(tt.entry)
		if (why == "") != tt.ok || (tt.ok && got != tt.want) {
			t.Errorf("parseCSPSource(%q) = %+v, %q; want ok %v %+v", tt.entry, got, why, tt.ok, tt.want)
		}
	}
}

func TestCSPCovers(t *testing.T) {
	tests := []struct {
		entry, url string
		covers     bool
	}{
		{"https://cdn.example.com", "https://cdn.example.com/app.js", true},
		{"https://cdn.example.com", "https://CDN.example.com/app.js", true},
		{"https://cdn.example.com", "https://cdn.example.com:443/app.js", true},
		{"https://cdn.example.com:443", "https://cdn.example.com/app.js", true},
		{"https://cdn.example.com", "https://cdn.example.com:8443/app.js", false},
		{"https://cdn.example.com:8443", "https://cdn.example.com:8443/app.js", true},
		{"https://cdn.example.com:*", "https://cdn.example.com:8443/app.js", true},
		{"https://cdn.example.com", "http://cdn.example.com/app.js", false},
		{"http://cdn.example.com", "https://cdn.example.com/app.js", true},
		{"https://cdn.example.com", "wss://cdn.example.com/socket", false},
		{"wss://rt.example.com", "wss://rt.example.com/socket", true},
		{"ws://rt.example.com", "wss://rt.example.com/socket", true},
		{"wss://rt.example.com", "ws://rt.example.com/socket", false},
		{"wss://rt.example.com", "https://rt.example.com/x", true},
		{"ws://rt.example.com", "http://rt.example.com/x", true},
		{"https://*.example.com", "https://a.example.com/x", true},
		{"https://*.example.com", "https://a.b.example.com/x", true},
		{"https://*.example.com", "https://example.com/x", false},
		{"https://*.example.com", "https://badexample.com/x", false},
		{"https://*.example.com", "https://example.com.evil.net/x", false},
		{"https://cdn.example.com", "https://cdn.example.com.evil.net/x", false},
		{"http://localhost:3000", "http://localhost:3000/x", true},
		{"http://localhost:3000", "http://localhost:3001/x", false},
	}
	for _, tt := range tests {
		src, why := parseCSPSource(tt.entry)
		if why != "" {
			t.Fatalf("%q: %s", tt.entry, why)
		}
		o, ok := loadOrigin(tt.url, nil)
		if !ok {
			t.Fatalf("%q: no origin", tt.url)
		}
		if got := src.covers(o); got != tt.covers {
			t.Errorf("%q covers %q (%v) = %v, want %v", tt.entry, tt.url, o, got, tt.covers)
		}
	}
}

// loadsOf is a page's loads as "list origin" lines.
func loadsOf(t *testing.T, page string, bases ...string) []string {
	t.Helper()
	loads, _ := scanPage([]byte(page), func(o webOrigin) bool {
		for _, b := range bases {
			if o.String() == b {
				return true
			}
		}
		return false
	})
	var out []string
	for _, l := range loads {
		out = append(out, l.list+" "+l.origin.String())
	}
	return out
}

func TestScanPage(t *testing.T) {
	tests := []struct {
		name  string
		page  string
		bases []string
		want  []string
	}{
		{"script", `<script src="https://cdn.example.com/app.js"></script>`, nil, []string{"resourceDomains https://cdn.example.com"}},
		{"relative and data", `<script src="app.js"></script><img src="data:image/png;base64,AAAA"><img src="blob:x"><img src="/a.png">`, nil, nil},
		{"protocol-relative", `<img src="//img.example.com/a.png">`, nil, []string{"resourceDomains https://img.example.com"}},
		{"port kept", `<img src="https://img.example.com:8443/a.png"><img src="https://img.example.com:443/b.png">`, nil,
			[]string{"resourceDomains https://img.example.com:8443", "resourceDomains https://img.example.com"}},
		{"links", `<link rel="stylesheet" href="https://fonts.example.com/css"><link rel="preconnect" href="https://pre.example.com"><link rel="canonical" href="https://canon.example.com"><link rel="modulepreload" href="https://mod.example.com/m.js"><link rel="ICON" href="https://icon.example.com/i.png">`, nil,
			[]string{"resourceDomains https://fonts.example.com", "resourceDomains https://mod.example.com", "resourceDomains https://icon.example.com"}},
		{"media", `<video src="https://v.example.com/a.mp4" poster="https://p.example.com/a.jpg"><source src="https://s.example.com/a.webm"><track src="https://t.example.com/a.vtt"></video><audio src="https://a.example.com/a.mp3"></audio><img srcset="https://x1.example.com/a.png 1x, https://x2.example.com/a.png 2x">`, nil,
			[]string{"resourceDomains https://v.example.com", "resourceDomains https://p.example.com", "resourceDomains https://s.example.com", "resourceDomains https://t.example.com", "resourceDomains https://a.example.com", "resourceDomains https://x1.example.com", "resourceDomains https://x2.example.com"}},
		{"iframe", `<iframe src="https://www.youtube.com/embed/x"></iframe>`, nil, []string{"frameDomains https://www.youtube.com"}},
		{"base not allowed: ignored", `<base href="https://cdn.example.com/app/"><script src="main.js"></script>`, nil, []string{"baseUriDomains https://cdn.example.com"}},
		{"base allowed: relative URLs after it", `<script src="early.js"></script><base href="https://cdn.example.com/app/"><script src="main.js"></script><base href="https://other.example.com/">`, []string{"https://cdn.example.com"},
			[]string{"baseUriDomains https://cdn.example.com", "resourceDomains https://cdn.example.com"}},
		{"fetch literals", `<script>
			fetch("https://api.example.com/v1/x"); window.fetch('https://api2.example.com');
			const ws = new WebSocket( "wss://rt.example.com/socket" );
			new EventSource(` + "`https://events.example.com/stream?id=${id}`" + `);
			fetch(` + "`https://${host}/x`" + `); fetch(url); refetch("https://not.example.com"); myWebSocket("wss://no.example.com");
			fetch("relative/path"); fetch("data:text/plain,hi");
		</script>`, nil,
			[]string{"connectDomains https://api.example.com", "connectDomains https://api2.example.com", "connectDomains wss://rt.example.com", "connectDomains https://events.example.com"}},
		{"script types", `<script type="application/json">{"u": fetch("https://json.example.com")}</script><script type="module">fetch("https://mod.example.com")</script><script src="https://ext.example.com/a.js">fetch("https://ignored.example.com")</script>`, nil,
			[]string{"connectDomains https://mod.example.com", "resourceDomains https://ext.example.com"}},
		{"imports", `<script type="module">import { App } from "https://unpkg.com/@modelcontextprotocol/ext-apps/app-with-deps";
			import "https://side.example.com/effect.js"; export { x } from 'https://re.example.com/x.js'; import y from "./local.js";
			const m = await import("https://dyn.example.com/m.js"); const s = "from https://no.example.com"; obj.import("https://method.example.com");
			</script><script>import("https://classic.example.com/m.js"); from("https://not-module.example.com")</script>`, nil,
			[]string{"resourceDomains https://side.example.com", "resourceDomains https://dyn.example.com", "resourceDomains https://unpkg.com",
				"resourceDomains https://re.example.com", "resourceDomains https://classic.example.com"}},
		{"tricky strings", `<script>const s = "</scr" + "ipt>"; const t = 'fetch("https://in-string.example.com")'; fetch("https://real.example.com")</script>`, nil,
			[]string{"connectDomains https://in-string.example.com", "connectDomains https://real.example.com"}},
		{"template is inert", `<template><img src="https://tpl.example.com/a.png"><script>fetch("https://tplfetch.example.com")</script></template><img src="https://after.example.com/a.png">`, nil,
			[]string{"resourceDomains https://after.example.com"}},
		// Inside a tag, "<img" is an attribute's name: the browser, as the
		// tokenizer, reads one <div> there, and drops the tag cut by the end.
		{"broken markup", `<div <img src="https://broken.example.com/a.png" <script src=https://inside.example.com/a.js></script><img src='https://cut.example.com/a.png'`, nil, nil},
		{"unclosed elements", `<p><b><img src="https://ok.example.com/a.png"></i></p></div><img src=https://unquoted.example.com/a.png><script src="https://s.example.com/a.js">`, nil,
			[]string{"resourceDomains https://ok.example.com", "resourceDomains https://unquoted.example.com", "resourceDomains https://s.example.com"}},
		{"nul bytes and case", "<IMG SRC=\"https://nul.example.com/a\x00.png\"><scr\x00ipt src=\"https://x.example.com\">", nil,
			[]string{"resourceDomains https://nul.example.com"}},
		{"repeated attribute: the first", `<img src="https://first.example.com/a.png" src="https://second.example.com/a.png">`, nil,
			[]string{"resourceDomains https://first.example.com"}},
		{"same origin once", `<img src="https://a.example.com/1.png"><img src="https://A.example.com/2.png">`, nil, []string{"resourceDomains https://a.example.com"}},
		{"userinfo dropped", `<img src="https://user:s3cret@img.example.com/a.png">`, nil, []string{"resourceDomains https://img.example.com"}},
		{"other schemes", `<img src="javascript:alert(1)"><iframe src="about:blank"></iframe><img src="ftp://f.example.com/a">`, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := loadsOf(t, tt.page, tt.bases...)
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("loads\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

// TestScanPageBounds: a page of many megabytes, one nested a million
// levels deep and one of many distinct origins are read once, within the
// bounds, without building a tree.
func TestScanPageBounds(t *testing.T) {
	huge := bytes.Repeat([]byte(`<p class="x">text <img src="https://img.example.com/a.png"></p>`), 200_000) // about 12 MB
	deep := bytes.Repeat([]byte("<div>"), 1_000_000)
	deep = append(deep, `<script src="https://deep.example.com/a.js"></script>`...)
	var many bytes.Buffer
	for i := range pageMaxLoads + 10 {
		many.WriteString(`<img src="https://h` + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + `.example.com:` + itoa(1000+i) + `/a.png">`)
	}
	bigScript := append([]byte("<script>"), bytes.Repeat([]byte("var a = 1; "), 1_000_000)...)
	bigScript = append(bigScript, `fetch("https://end.example.com")</script>`...)
	for _, tt := range []struct {
		name      string
		page      []byte
		loads     int
		truncated bool
	}{
		{"huge", huge, 1, false},
		{"deep", deep, 1, false},
		{"many origins", many.Bytes(), pageMaxLoads, true},
		{"big script", bigScript, 1, false},
		{"token past the bound", append([]byte("<img src=\""), bytes.Repeat([]byte("a"), pageMaxToken+10)...), 0, true},
	} {
		start := time.Now()
		loads, truncated := scanPage(tt.page, func(webOrigin) bool { return false })
		if len(loads) != tt.loads || truncated != tt.truncated {
			t.Errorf("%s: %d loads, truncated %v; want %d, %v", tt.name, len(loads), truncated, tt.loads, tt.truncated)
		}
		t.Logf("%s: %d bytes in %v", tt.name, len(tt.page), time.Since(start))
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }
