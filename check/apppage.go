package check

import (
	"bytes"
	"iter"
	"net/url"
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// What an MCP Apps page declares it loads (its _meta.ui.csp) and what its
// markup loads, compared. The host builds the page's Content-Security-Policy
// from the four lists and allows nothing else, so an origin the page loads
// that no entry covers is a resource the browser refuses: a blank widget.

// The CSP lists of _meta.ui.csp, each the directives a host builds of it.
const (
	cspConnect  = "connectDomains"  // connect-src: fetch, XHR, WebSocket, EventSource
	cspResource = "resourceDomains" // script-src, style-src, img-src, font-src, media-src
	cspFrame    = "frameDomains"    // frame-src
	cspBaseURI  = "baseUriDomains"  // base-uri
)

// cspLists are the lists in the order the reports name them.
var cspLists = []string{cspConnect, cspResource, cspFrame, cspBaseURI}

// cspSource is one valid entry of a CSP list: an origin, its host
// possibly a wildcard of the leftmost label.
type cspSource struct {
	scheme   string // lower case: http, https, ws or wss
	host     string // lower case, without the "*." of a wildcard
	wildcard bool   // "*.host": any subdomain of host, not host itself
	port     string // "" (the scheme's default), "*" (any) or digits
}

// parseCSPSource reads an entry of a CSP list as an origin
// (scheme://host[:port], with an optional "/" alone after it), or says in
// words why it is not one.
func parseCSPSource(s string) (cspSource, string) {
	var src cspSource
	scheme, rest, ok := strings.Cut(s, "://")
	if !ok || scheme == "" {
		switch {
		case s == "":
			return src, "it is empty"
		case strings.HasPrefix(s, "'"):
			return src, "it is a CSP keyword, not an origin"
		case strings.HasSuffix(s, ":") && !strings.Contains(s, "/"):
			return src, "it is a scheme alone, which allows every host"
		case s == "*":
			return src, "it is a wildcard of every host"
		}
		return src, "it has no scheme (write it as https://host)"
	}
	src.scheme = strings.ToLower(scheme)
	switch src.scheme {
	case "http", "https", "ws", "wss":
	default:
		return src, "its scheme is not http, https, ws or wss"
	}
	rest = strings.TrimSuffix(rest, "/")
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		return src, "it has a path, a query or a fragment: an origin has none"
	}
	if strings.Contains(rest, "@") {
		return src, "it has user information: an origin has none"
	}
	host := rest
	if i := strings.LastIndexByte(rest, ':'); i >= 0 && !strings.HasSuffix(rest, "]") {
		host, src.port = rest[:i], rest[i+1:]
		if src.port != "*" {
			n, err := strconv.Atoi(src.port)
			if err != nil || n < 1 || n > 65535 || strings.HasPrefix(src.port, "+") {
				return src, "its port is not a number from 1 to 65535 or *"
			}
		}
	}
	host = strings.ToLower(host)
	if rest, ok := strings.CutPrefix(host, "*."); ok {
		src.wildcard, host = true, rest
	}
	if host == "" {
		return src, "it has no host"
	}
	if strings.Contains(host, "*") {
		return src, "a wildcard stands only for the whole leftmost label (https://*.example.com)"
	}
	if !validHost(host) {
		return src, "its host is not a host name or an IP address"
	}
	src.host = host
	return src, ""
}

// validHost reports a host name of letters, digits, hyphens and dots (an
// internationalized name in its ASCII form), an IPv4 address, or an IPv6
// address in brackets.
func validHost(h string) bool {
	if strings.HasPrefix(h, "[") {
		return strings.HasSuffix(h, "]") && len(h) > 2 && strings.Trim(h[1:len(h)-1], "0123456789abcdef:.") == ""
	}
	for _, label := range strings.Split(h, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for i := 0; i < len(label); i++ {
			c := label[i]
			if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
				return false
			}
		}
	}
	return len(h) <= 253
}

// webOrigin is where a page loads something from, as a CSP compares it.
type webOrigin struct {
	scheme, host string
	port         string // "" for the scheme's default
}

// String writes the origin as a CSP entry that covers it.
func (o webOrigin) String() string {
	s := o.scheme + "://" + o.host
	if o.port != "" {
		s += ":" + o.port
	}
	return s
}

// defaultPort is the port a scheme's URLs have when they name none.
func defaultPort(scheme string) string {
	switch scheme {
	case "http", "ws":
		return "80"
	case "https", "wss":
		return "443"
	}
	return ""
}

// covers reports whether the entry allows the origin, as CSP Level 3
// matches a host-source: the schemes match when they are the same, or when
// the entry's is the insecure form of the origin's (http covers https, ws
// covers wss, and ws and wss cover http and https likewise); the host
// exactly (case aside), or, for a wildcard, any host ending in "." and the
// entry's host; the port when the entry names the same one, or "*", or
// none and the origin has its scheme's default.
func (s cspSource) covers(o webOrigin) bool {
	switch {
	case s.scheme == o.scheme:
	case s.scheme == "http" && o.scheme == "https":
	case s.scheme == "ws" && (o.scheme == "wss" || o.scheme == "http" || o.scheme == "https"):
	case s.scheme == "wss" && o.scheme == "https":
	default:
		return false
	}
	if s.wildcard {
		if !strings.HasSuffix(o.host, "."+s.host) {
			return false
		}
	} else if o.host != s.host {
		return false
	}
	port := o.port
	if port == "" {
		port = defaultPort(o.scheme)
	}
	switch s.port {
	case "*":
		return true
	case "":
		return port == defaultPort(o.scheme)
	}
	// A port named with its default (https://host:443) is that port.
	return s.port == port
}

// pageLoad is an origin a page loads or connects to, with the CSP list
// that must allow it and what in the page loads it.
type pageLoad struct {
	origin webOrigin
	list   string // one of the csp… lists
	what   string // "a script (<script src>)", "fetch(…)"…
}

// Bounds of the scan of a page: the most bytes a token (a tag with its
// attributes, the text of a script) may hold, and the most loads kept.
// A page is at most the response that carried it (Options.MaxResponseBytes);
// the tokenizer reads it once, holding one token at a time.
const (
	pageMaxToken = 16 << 20
	pageMaxLoads = 1000
)

// scanPage reads a page's HTML with the tokenizer of golang.org/x/net/html
// (no tree is built: a page nested a million levels deep costs no more
// than a flat one) and returns each distinct origin it loads, in the order
// first met, with the list it belongs in: <script src>, <link href> of a
// stylesheet, preload, modulepreload, prefetch or icon, <img src|srcset>,
// <video src|poster>, <audio src>, <source src|srcset>, <track src>
// (resourceDomains); <iframe src>, <frame src> (frameDomains); <base href>
// (baseUriDomains); the string literals passed to fetch(, WebSocket(
// and EventSource( in inline scripts (connectDomains), and those they
// import (import("…"), and in a module import "…" and from "…":
// resourceDomains). What is inside a
// <template> loads nothing. A <base href> that base allows (baseUriDomains
// covers it) is the base of the relative URLs after it; one it does not
// allow is ignored, as the browser ignores it. Relative URLs, data:,
// blob: and other schemes than http(s) and ws(s) need no domain; a URL
// that starts with // has the scheme https, the scheme of the hosts'
// pages. truncated says the page had more distinct loads than pageMaxLoads,
// or a token past pageMaxToken, where the scan stopped.
func scanPage(page []byte, base func(webOrigin) bool) (loads []pageLoad, truncated bool) {
	z := html.NewTokenizer(bytes.NewReader(page))
	z.SetMaxBuf(pageMaxToken)
	seen := map[[2]string]bool{}
	var baseURL *url.URL
	template := 0
	add := func(raw, list, what string) {
		o, ok := loadOrigin(raw, baseURL)
		if !ok {
			return
		}
		k := [2]string{o.String(), list}
		if seen[k] {
			return
		}
		if len(loads) == pageMaxLoads {
			truncated = true
			return
		}
		seen[k] = true
		loads = append(loads, pageLoad{o, list, what})
	}
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			// io.EOF at the end, ErrBufferExceeded past pageMaxToken.
			return loads, truncated || z.Err() == html.ErrBufferExceeded
		case html.EndTagToken:
			if name, _ := z.TagName(); atom.Lookup(name) == atom.Template && template > 0 {
				template--
			}
			continue
		case html.StartTagToken, html.SelfClosingTagToken:
		default:
			continue
		}
		name, hasAttr := z.TagName()
		a := atom.Lookup(name)
		if a == atom.Template {
			if tt == html.StartTagToken {
				template++
			}
			continue
		}
		attrs := map[string]string{}
		for hasAttr {
			var k, v []byte
			k, v, hasAttr = z.TagAttr()
			if _, dup := attrs[string(k)]; !dup { // the first of a repeated attribute counts
				attrs[string(k)] = string(v)
			}
		}
		if a == atom.Script && tt == html.StartTagToken {
			_, external := attrs["src"]
			if z.Next() == html.TextToken && !external && template == 0 && scriptIsJS(attrs["type"]) {
				text := z.Text()
				for _, c := range scriptConnects(text) {
					add(c.url, cspConnect, c.call)
				}
				module := strings.EqualFold(strings.TrimSpace(attrs["type"]), "module")
				for _, u := range scriptImports(text, module) {
					add(u, cspResource, "a module (import)")
				}
			}
		}
		if template > 0 {
			continue
		}
		switch a {
		case atom.Script:
			if src, ok := attrs["src"]; ok {
				add(src, cspResource, "a script (<script src>)")
			}
		case atom.Link:
			if href, ok := attrs["href"]; ok && linkLoads(attrs["rel"]) {
				add(href, cspResource, "a <link rel="+strconv.Quote(strings.ToLower(strings.TrimSpace(attrs["rel"])))+" href>")
			}
		case atom.Img, atom.Video, atom.Audio, atom.Source, atom.Track:
			tag := a.String()
			if src, ok := attrs["src"]; ok {
				add(src, cspResource, "<"+tag+" src>")
			}
			if a == atom.Video {
				if p, ok := attrs["poster"]; ok {
					add(p, cspResource, "<video poster>")
				}
			}
			if set, ok := attrs["srcset"]; ok && (a == atom.Img || a == atom.Source) {
				for _, c := range strings.Split(set, ",") {
					if f := strings.Fields(c); len(f) > 0 {
						add(f[0], cspResource, "<"+tag+" srcset>")
					}
				}
			}
		case atom.Iframe, atom.Frame:
			if src, ok := attrs["src"]; ok {
				add(src, cspFrame, "<"+a.String()+" src>")
			}
		case atom.Base:
			href, ok := attrs["href"]
			if !ok || baseURL != nil {
				continue // only the first <base href> counts
			}
			add(href, cspBaseURI, "<base href>")
			if u, err := url.Parse(strings.TrimSpace(href)); err == nil && u.IsAbs() {
				if o, ok := loadOrigin(href, nil); ok && base(o) {
					baseURL = u
				}
			}
		}
	}
}

// loadOrigin is the origin a URL of the page loads from, resolved against
// base when it is relative and base is set; ok is false for a URL that
// needs no domain (relative, data:, blob:, javascript:…) or cannot be read.
func loadOrigin(raw string, base *url.URL) (webOrigin, bool) {
	// As a browser reads a URL: tabs and newlines dropped, NUL read as
	// U+FFFD (which the host of a URL cannot hold, its path can).
	raw = strings.TrimSpace(strings.NewReplacer("\t", "", "\n", "", "\r", "", "\x00", "\uFFFD").Replace(raw))
	if raw == "" {
		return webOrigin{}, false
	}
	u, err := url.Parse(raw)
	if err != nil {
		return webOrigin{}, false
	}
	if !u.IsAbs() {
		switch {
		case strings.HasPrefix(raw, "//"):
			u.Scheme = "https"
		case base != nil:
			u = base.ResolveReference(u)
		default:
			return webOrigin{}, false
		}
	}
	o := webOrigin{scheme: strings.ToLower(u.Scheme), host: strings.ToLower(u.Hostname()), port: u.Port()}
	if strings.Contains(o.host, ":") {
		o.host = "[" + o.host + "]"
	}
	switch o.scheme {
	case "http", "https", "ws", "wss":
	default:
		return webOrigin{}, false
	}
	if o.host == "" {
		return webOrigin{}, false
	}
	if o.port == defaultPort(o.scheme) {
		o.port = ""
	}
	return o, true
}

// linkLoads reports a <link rel> that loads what it links: a stylesheet,
// a preload, a module preload, a prefetch or an icon (a preconnect or a
// dns-prefetch loads nothing, a canonical or an alternate is not fetched).
func linkLoads(rel string) bool {
	for _, r := range strings.Fields(strings.ToLower(rel)) {
		switch r {
		case "stylesheet", "preload", "modulepreload", "prefetch", "icon", "apple-touch-icon":
			return true
		}
	}
	return false
}

// scriptIsJS reports a <script type> whose text the browser runs as
// JavaScript (no type, a JavaScript media type, or module); a JSON block,
// an import map or a template is not run.
func scriptIsJS(t string) bool {
	t = strings.ToLower(strings.TrimSpace(t))
	switch t {
	case "", "module", "text/javascript", "application/javascript", "text/ecmascript", "application/ecmascript", "text/jscript", "application/x-javascript":
		return true
	}
	return false
}

// scriptConnect is a URL literal an inline script passes to a call that
// connects.
type scriptConnect struct {
	url, call string
}

// connectCalls are the calls whose first argument is a URL the page
// connects to.
var connectCalls = []string{"fetch", "WebSocket", "EventSource"}

// scriptConnects finds, in a script's text, each of connectCalls as a
// name (not the end of a longer one: refetch( is not fetch() followed by
// "(" and a string literal ('…', "…" or `…`; a template literal up to its
// first ${, when what comes before it names a whole origin). It reads the
// text, it does not run it: a URL built at run time is not seen.
func scriptConnects(js []byte) []scriptConnect {
	var out []scriptConnect
	for _, name := range connectCalls {
		for after := range namesIn(js, name, false) {
			if len(after) == 0 || after[0] != '(' {
				continue
			}
			if lit, ok := stringLiteral(bytes.TrimLeft(after[1:], jsSpace)); ok {
				call := name + "(…)"
				if name != "fetch" {
					call = "new " + call
				}
				out = append(out, scriptConnect{lit, call})
			}
		}
	}
	return out
}

// scriptImports finds, in a script's text, the string literals a script
// imports: import("…") in any script, and in a module import "…" and
// from "…" (import … from, export … from). A module's imports are
// scripts, which resourceDomains must allow.
func scriptImports(js []byte, module bool) []string {
	var out []string
	words := []string{"import"}
	if module {
		words = append(words, "from")
	}
	for _, word := range words {
		for after := range namesIn(js, word, true) {
			if len(after) > 0 && after[0] == '(' && word == "import" {
				after = bytes.TrimLeft(after[1:], jsSpace)
			} else if !module {
				continue
			}
			if lit, ok := stringLiteral(after); ok {
				out = append(out, lit)
			}
		}
	}
	return out
}

// jsSpace is the white space skipped between a name and what follows it.
const jsSpace = " \t\r\n"

// namesIn yields, for each place where name stands in js as a name of its
// own (not part of a longer one; with noMember, not a member either:
// obj.import), what follows it, its white space skipped.
func namesIn(js []byte, name string, noMember bool) iter.Seq[[]byte] {
	return func(yield func([]byte) bool) {
		rest := js
		for {
			i := bytes.Index(rest, []byte(name))
			if i < 0 {
				return
			}
			before := byte(' ')
			if i > 0 {
				before = rest[i-1]
			}
			after := rest[i+len(name):]
			rest = after
			if isIdentByte(before) || (noMember && before == '.') || (len(after) > 0 && isIdentByte(after[0])) {
				continue
			}
			if !yield(bytes.TrimLeft(after, jsSpace)) {
				return
			}
		}
	}
}

// isIdentByte reports a byte that can be part of a JavaScript name (an
// ASCII letter or digit, _ or $, or a byte of a non-ASCII character).
func isIdentByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '$' || c >= 0x80
}

// maxLiteral bounds the string literal read as a URL.
const maxLiteral = 4096

// stringLiteral reads the string literal that s starts with, without
// unescaping (a URL has no need of escapes): its text, and whether it is
// one. A template literal counts up to its first ${ only when the origin is
// whole by then (a / ? or # follows the host).
func stringLiteral(s []byte) (string, bool) {
	if len(s) == 0 || (s[0] != '\'' && s[0] != '"' && s[0] != '`') {
		return "", false
	}
	q := s[0]
	for i := 1; i < len(s) && i < maxLiteral; i++ {
		switch c := s[i]; {
		case c == '\\' || c == '\n':
			return "", false
		case c == q:
			return string(s[1:i]), true
		case q == '`' && c == '$' && i+1 < len(s) && s[i+1] == '{':
			lit := string(s[1:i])
			if _, host, ok := strings.Cut(lit, "://"); ok && strings.ContainsAny(host, "/?#") {
				return lit, true
			}
			return "", false
		}
	}
	return "", false
}
