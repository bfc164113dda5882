package check

import (
	"encoding/base64"
	"fmt"
	"regexp"
	"strings"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/result"
)

// An MCP Apps page (HTML with its scripts bundled, often megabytes of it) is
// loaded by a host into a frame, never read by a model: its size and the
// secret heuristics judge it as a page, and the result that holds it is
// not held to the text budget of a result for a model.

// CodeAppPageTooLarge (warning): a page's HTML is over the largest page a
// host documents that it loads (limitGoosePageBytes).
const CodeAppPageTooLarge Code = "app_page_too_large"

// limitGoosePageBytes is the largest page a host is known to load: Goose
// stores a page's HTML for its sandbox frame up to 16 MiB
// (GUEST_HTML_MAX_BYTES) and refuses a larger one. Hosts with a lower
// default let it be raised, so only this figure makes a warning.
var limitGoosePageBytes = clientLimit{"Goose", "bytes of an MCP Apps page's HTML; a larger page is not loaded", 16 << 20,
	"Goose: the HTML of an MCP Apps page is stored for its sandbox up to 16 MiB (GUEST_HTML_MAX_BYTES)"}

// pageMaxJSONBytes is the JSON budget of a result that holds a page: the
// largest that result.Settings allows, since the budget of a result built
// for a model (2 MB by default) says nothing of a page.
const pageMaxJSONBytes = 64_000_000

// isPage reports resource contents that are an MCP Apps page: their
// mimeType is the page type (or the skybridge one), or their uri, or the
// uri read when they have none, is ui://.
func isPage(c content.Value, readURI string) bool {
	if c.Kind() != content.KindObject {
		return false
	}
	uri := readURI
	if u, ok := c.Get("uri"); ok && u.Kind() == content.KindString {
		uri = u.Str()
	}
	return isPageMIMEType(strMember(c, "mimeType")) || isUIURI(uri)
}

// isPageMIMEType reports the media type of a page, its case and spaces
// around the parameter aside (app_mime_type judges the exact spelling).
func isPageMIMEType(mt string) bool {
	mt = strings.ToLower(strings.ReplaceAll(mt, " ", ""))
	return mt == appMIMEType || mt == skybridgeMIMEType
}

// isUIURI reports a ui:// URI, the scheme of MCP Apps pages.
func isUIURI(uri string) bool {
	return len(uri) >= 5 && strings.EqualFold(uri[:5], "ui://")
}

// pageItem is one page in a result: where its contents are, and its HTML
// (the text, or the blob's data as sent).
type pageItem struct {
	path string // the JSON Pointer of the contents
	text string
	blob bool // text is base64
}

// pages lists the pages of a result: the contents of a resource result, or
// the embedded resources of a tool result, that isPage says are pages.
func pages(v content.Value, kind, readURI string) []pageItem {
	var out []pageItem
	add := func(c content.Value, path string) {
		if !isPage(c, readURI) {
			return
		}
		if t, ok := c.Get("text"); ok && t.Kind() == content.KindString {
			out = append(out, pageItem{path: path, text: t.Str()})
		} else if b, ok := c.Get("blob"); ok && b.Kind() == content.KindString {
			out = append(out, pageItem{path: path, text: b.Str(), blob: true})
		}
	}
	if kind == result.KindResource {
		if cs, ok := v.Get("contents"); ok && cs.Kind() == content.KindArray {
			for i := 0; i < cs.Len(); i++ {
				add(cs.Index(i), pointer("/contents", i))
			}
		}
		return out
	}
	readURI = ""
	for i, b := range contentBlocks(v) {
		if strMember(b, "type") == "resource" {
			r, _ := b.Get("resource")
			add(r, pointer("/content", i, "resource"))
		}
	}
	return out
}

// htmlBytes is the size of a page's HTML: the text's bytes, or what the
// blob decodes to (its base64 length when it is not base64, which
// validate reports).
func (p pageItem) htmlBytes() int {
	if !p.blob {
		return len(p.text)
	}
	if n, err := base64.StdEncoding.DecodeString(p.text); err == nil {
		return len(n)
	}
	return len(p.text)
}

// pageSize adds app_page_too_large for each page over the largest a host
// loads.
func (f *findings) pageSize(ps []pageItem) {
	l := limitGoosePageBytes
	for _, p := range ps {
		if n := p.htmlBytes(); int64(n) > l.Value {
			f.add(Warning, CodeAppPageTooLarge, p.path, fmt.Sprintf(
				"this MCP Apps page is %d bytes of HTML, over %s's %d (%s; %s); load large assets from a declared domain instead of bundling them",
				n, l.Client, l.Value, l.What, l.Source))
		}
	}
}

// pageText is a page's text as the secret heuristics read it: the base64
// payload of each data: URL (a font, an image, a wasm module bundled into
// the page) left out, as what a random run of base64 spells is no secret.
func pageText(s string) string {
	if !strings.Contains(s, ";base64,") {
		return s
	}
	return dataURLPayload.ReplaceAllString(s, "data:$1;base64,")
}

// dataURLPayload is a data: URL with a base64 payload; $1 is its media type
// and parameters.
var dataURLPayload = regexp.MustCompile(`data:([\w.+-]+/[\w.+-]+(?:;[\w.+-]+=[\w.+-]+)*);base64,[A-Za-z0-9+/]+=*`)

// pageLiteral is a string literal of a script, in any of its quotes, of 4
// characters or more without a space; its text is the last group.
const pageLiteral = `["'` + "`" + `]([^"'` + "`" + `\s\\]{4,})["'` + "`" + `]`

// The patterns that read a page as code: a name that says secret is one
// only when a string literal is assigned to it (password = "…",
// apiKey: '…'); an expression (A.Password=PC(13), a variable, a call) is
// code. A quoted "password" is a JSON member's key only after { or , (not
// the value of a ternary, ?"password":"text").
var (
	pageAssignment = regexp.MustCompile(`(?i)\b(?:pwd|` + secretNames + `)\s*[:=]\s*` + pageLiteral)
	pageJSONMember = regexp.MustCompile(`(?i)[{,]\s*["'](?:` + secretNames + `)["']\s*:\s*` + pageLiteral)
)

// linkedNote ends the message of a finding about structured content that
// is graded info because the tool links an MCP Apps page.
const linkedNote = "the tool links an MCP Apps page (_meta.ui.resourceUri), which reads structuredContent, while the model reads content, so no text copy is owed"
