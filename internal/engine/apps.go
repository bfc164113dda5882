package engine

import (
	"slices"

	"github.com/mcpresult/mcpresult/content"
)

// The build kinds of MCP Apps (the extension io.modelcontextprotocol/ui):
// not results, but the two objects an app server lists, checked by the same
// rules everywhere.
const (
	// KindAppResource builds the resource contents of an app's page.
	KindAppResource = "appResource"
	// KindAppToolMeta builds the _meta object of a tool that shows a page.
	KindAppToolMeta = "appToolMeta"
)

// AppPageMaxJSONBytes is the byte budget of an app build when the settings
// give none: an app's page is a whole HTML document with its scripts
// bundled (the official examples' pages reach 4 MB), read by a host that
// renders it, not by a model, so the 2 MB budget of a result does not fit
// it; 16 MiB is the largest page a host is known to load (Goose refuses
// more). A maxJsonBytes the caller gives still bounds the build.
const AppPageMaxJSONBytes = 16 << 20

// HoldsAppPage reports whether a resource result's request (its contents:
// one entry or a list) holds an app's page, contents of AppMIMEType: such a
// result has the page budget (AppPageMaxJSONBytes) when the settings give
// no maxJsonBytes. A value that is not of that shape holds none (the build
// then reports what is wrong with it).
func HoldsAppPage(input content.Value) bool {
	if input.Kind() != content.KindObject {
		return false
	}
	cv, ok := input.Get("contents")
	if !ok {
		return false
	}
	page := func(c content.Value) bool {
		if c.Kind() != content.KindObject {
			return false
		}
		m, ok := c.Get("mimeType")
		return ok && m.Kind() == content.KindString && m.Str() == AppMIMEType
	}
	if cv.Kind() != content.KindArray {
		return page(cv)
	}
	for i := range cv.Len() {
		if page(cv.Index(i)) {
			return true
		}
	}
	return false
}

// AppMIMEType is the media type of an app's page: hosts render contents of
// exactly this type, and no other, as an app.
const AppMIMEType = "text/html;profile=mcp-app"

// The option names of each kind, the four CSP keys, the four permissions
// and the two visibilities, each in the order they are written.
var (
	appResourceOptions = []string{"uri", "html", "csp", "permissions", "domain", "prefersBorder", "meta", "openai"}
	appToolMetaOptions = []string{"resourceUri", "visibility", "openai", "meta"}
	appCSPKeys         = []string{"connectDomains", "resourceDomains", "frameDomains", "baseUriDomains"}
	appPermissions     = []string{"camera", "microphone", "geolocation", "clipboardWrite"}
	appVisibilities    = []string{"model", "app"}
)

// openAICSPKeys are the names ChatGPT gives the CSP keys it has, in the
// order of appCSPKeys ("" for baseUriDomains, which it has not).
var openAICSPKeys = []string{"connect_domains", "resource_domains", "frame_domains", ""}

// IsAppKind reports whether kind is one of the MCP Apps build kinds.
func IsAppKind(kind string) bool { return kind == KindAppResource || kind == KindAppToolMeta }

// BuildApp checks the input of an MCP Apps build kind and returns the value
// it builds: for KindAppResource the resource contents {uri, mimeType, text,
// _meta}, for KindAppToolMeta the tool's _meta object. The first fault is an
// *content.Error whose path points into input. The caller's meta is read
// strictly, as resource contents always are (a tool's _meta is listed, not
// a result a server's canonicalization applies to); maxBytes bounds the
// values read and the JSON of what is built (0: no bound).
func BuildApp(kind string, input content.Value, maxBytes int) (content.Value, error) {
	c := NewChecker(CheckOptions{Mode: content.Strict, MaxBytes: maxBytes})
	b := appBuilder{c: c}
	var out content.Value
	switch kind {
	case KindAppResource:
		out = b.resource(input)
	case KindAppToolMeta:
		out = b.toolMeta(input)
	default:
		return content.Value{}, content.NewError(content.CodeInvalidOption, "/kind", "kind must be appResource or appToolMeta")
	}
	if c.Halted() {
		return content.Value{}, c.Err()
	}
	if maxBytes > 0 {
		// the JSON of what is built, within the budget, whichever host
		// writes it
		if _, err := (Budget{MaxBytes: maxBytes}).Measure(out); err != nil {
			return content.Value{}, err
		}
	}
	return out, nil
}

// AppJSON is BuildApp, then the compact JSON of what it built, within
// maxBytes (max_bytes past it): the bytes every runtime answers.
func AppJSON(kind string, input content.Value, maxBytes int) ([]byte, error) {
	v, err := BuildApp(kind, input, maxBytes)
	if err != nil {
		return nil, err
	}
	return Budget{MaxBytes: maxBytes, Checked: true}.AppendJSON(nil, v, content.Wire)
}

// appBuilder holds one app build's checker and the members it writes.
type appBuilder struct {
	c *Checker
}

// options checks that input is an object of the kind's option names and
// gives it resolved.
func (b *appBuilder) options(input content.Value, known []string, what string) (content.Value, bool) {
	c := b.c
	in, ok := c.Resolve(input)
	if !ok {
		return in, false
	}
	if in.Kind() != content.KindObject {
		c.Fail(content.CodeInvalidType, "the request must be an object of options")
		return in, false
	}
	return in, c.Keys(in, known, content.CodeUnknownOption, content.CodeDuplicateOption, what)
}

// get returns an option resolved one level (a Go value as the value it
// converts to); the checker's path is at the option until pop.
func (b *appBuilder) get(in content.Value, key string) (content.Value, bool) {
	v, ok := in.Get(key)
	if !ok {
		return v, false
	}
	b.c.Key(key)
	r, ok := b.c.Resolve(v)
	return r, ok
}

// flag reads a boolean option (false when absent).
func (b *appBuilder) flag(in content.Value, key string) (bool, bool) {
	v, ok := b.get(in, key)
	if !ok {
		return false, !b.c.Halted()
	}
	defer b.c.Pop()
	if v.Kind() != content.KindBool {
		b.c.Fail(content.CodeInvalidType, key+" must be a boolean")
		return false, false
	}
	return v.Bool(), true
}

// uri reads a required ui:// URI option.
func (b *appBuilder) uri(in content.Value, key string) (string, bool) {
	c := b.c
	v, ok := b.get(in, key)
	if !ok {
		if !c.Halted() {
			c.Key(key)
			c.Fail(content.CodeMissingField, "an app needs "+key+", a ui:// URI")
		}
		return "", false
	}
	defer c.Pop()
	s, ok := c.String(v)
	if !ok {
		return "", false
	}
	if len(s) <= len("ui://") || s[:len("ui://")] != "ui://" {
		c.Fail(content.CodeAppResourceURI, key+" must be a ui:// URI with a name after the scheme")
		return "", false
	}
	if msg := checkURI(s); msg != "" {
		c.Fail(content.CodeAppResourceURI, msg)
		return "", false
	}
	return s, true
}

// resource builds the contents of an app's page.
func (b *appBuilder) resource(input content.Value) content.Value {
	c := b.c
	in, ok := b.options(input, appResourceOptions, "an app resource")
	if !ok {
		return in
	}
	uri, ok := b.uri(in, "uri")
	if !ok {
		return in
	}
	hv, ok := b.get(in, "html")
	if !ok {
		if !c.Halted() {
			c.Key("html")
			c.Fail(content.CodeMissingField, "an app resource needs html, the page as a string")
		}
		return in
	}
	html, ok := c.String(hv)
	if ok && html == "" {
		c.Fail(content.CodeInvalidValue, "html must not be empty: an app's page is an HTML document")
	}
	c.Pop()
	if c.Halted() {
		return in
	}
	openai, ok := b.flag(in, "openai")
	if !ok {
		return in
	}
	var ui, aliases []content.Value
	if v, ok := b.get(in, "csp"); ok {
		csp, alias := b.csp(v)
		c.Pop()
		if c.Halted() {
			return in
		}
		ui = append(ui, content.NewString("csp"), csp)
		if openai {
			aliases = append(aliases, content.NewString("openai/widgetCSP"), alias)
		}
	} else if c.Halted() {
		return in
	}
	if v, ok := b.get(in, "permissions"); ok {
		p := b.permissions(v)
		c.Pop()
		if c.Halted() {
			return in
		}
		ui = append(ui, content.NewString("permissions"), p)
	} else if c.Halted() {
		return in
	}
	var domain content.Value
	if v, ok := b.get(in, "domain"); ok {
		s, ok := c.String(v)
		if ok && s == "" {
			c.Fail(content.CodeInvalidValue, "domain must not be empty")
		}
		c.Pop()
		if c.Halted() {
			return in
		}
		domain = content.NewString(s)
		ui = append(ui, content.NewString("domain"), domain)
	} else if c.Halted() {
		return in
	}
	if _, ok := in.Get("prefersBorder"); ok {
		border, ok := b.flag(in, "prefersBorder")
		if !ok {
			return in
		}
		ui = append(ui, content.NewString("prefersBorder"), content.NewBool(border))
		if openai {
			aliases = append(aliases, content.NewString("openai/widgetPrefersBorder"), content.NewBool(border))
		}
	}
	if openai && domain.Kind() == content.KindString {
		aliases = append(aliases, content.NewString("openai/widgetDomain"), domain)
	}
	var meta []content.Value
	if len(ui) > 0 {
		meta = append(meta, content.NewString("ui"), objectOf(ui))
	}
	meta = append(meta, aliases...)
	meta, ok = b.meta(in, meta)
	if !ok {
		return in
	}
	out := []content.Value{
		content.NewString("uri"), content.NewString(uri),
		content.NewString("mimeType"), content.NewString(AppMIMEType),
		content.NewString("text"), content.NewString(html),
	}
	if len(meta) > 0 {
		out = append(out, content.NewString("_meta"), objectOf(meta))
	}
	return objectOf(out)
}

// toolMeta builds the _meta object of an app's tool.
func (b *appBuilder) toolMeta(input content.Value) content.Value {
	c := b.c
	in, ok := b.options(input, appToolMetaOptions, "an app tool's _meta")
	if !ok {
		return in
	}
	uri, ok := b.uri(in, "resourceUri")
	if !ok {
		return in
	}
	ui := []content.Value{content.NewString("resourceUri"), content.NewString(uri)}
	widget := true // the default visibility, model and app, has the app
	if v, ok := b.get(in, "visibility"); ok {
		vis := b.visibility(v)
		c.Pop()
		if c.Halted() {
			return in
		}
		ui = append(ui, content.NewString("visibility"), vis)
		widget = false
		for i := 0; i < vis.Len(); i++ {
			widget = widget || vis.Index(i).Str() == "app"
		}
	} else if c.Halted() {
		return in
	}
	openai, ok := b.flag(in, "openai")
	if !ok {
		return in
	}
	// The flat key is the deprecated alias that hosts of the first drafts
	// read; the official helpers write it beside ui, equal, and so does this.
	meta := []content.Value{
		content.NewString("ui"), objectOf(ui),
		content.NewString("ui/resourceUri"), content.NewString(uri),
	}
	if openai {
		meta = append(meta, content.NewString("openai/outputTemplate"), content.NewString(uri))
		if widget {
			meta = append(meta, content.NewString("openai/widgetAccessible"), content.NewBool(true))
		}
	}
	meta, _ = b.meta(in, meta)
	return objectOf(meta)
}

// meta appends the caller's meta option to the members the builder wrote
// (written), after checking its keys as every _meta's: a key the builder
// wrote, or ui, is app_meta_conflict.
func (b *appBuilder) meta(in content.Value, written []content.Value) ([]content.Value, bool) {
	c := b.c
	v, ok := in.Get("meta")
	if !ok {
		return written, true
	}
	c.Key("meta")
	defer c.Pop()
	m := c.Meta(v, 2, MetaKeys{})
	if c.Halted() {
		return written, false
	}
	for i := 0; i < m.Len(); i++ {
		k := m.Index(2 * i).Str()
		if k == "ui" || hasKey(written, k) {
			c.Key(k)
			c.Fail(content.CodeAppMetaConflict, "this _meta key is written by the app builder from its own options")
			return written, false
		}
		written = append(written, m.Index(2*i), m.Index(2*i+1))
	}
	return written, true
}

// csp checks the csp option and gives it, its keys in the order of
// appCSPKeys, and ChatGPT's alias of it. The path is at csp.
func (b *appBuilder) csp(v content.Value) (content.Value, content.Value) {
	c := b.c
	if v.Kind() != content.KindObject {
		c.Fail(content.CodeInvalidType, "csp must be an object of connectDomains, resourceDomains, frameDomains and baseUriDomains")
		return v, v
	}
	if !c.Keys(v, appCSPKeys, content.CodeAppCSPInvalid, content.CodeDuplicateKey, "csp") {
		return v, v
	}
	var out, alias []content.Value
	for i, k := range appCSPKeys {
		list, ok := v.Get(k)
		if !ok {
			continue
		}
		c.Key(k)
		list = b.origins(list)
		c.Pop()
		if c.Halted() {
			return v, v
		}
		out = append(out, content.NewString(k), list)
		if openAICSPKeys[i] != "" {
			alias = append(alias, content.NewString(openAICSPKeys[i]), list)
		}
	}
	return objectOf(out), objectOf(alias)
}

// origins checks one CSP list: an array of origins.
func (b *appBuilder) origins(v content.Value) content.Value {
	c := b.c
	v, ok := c.Resolve(v)
	if !ok {
		return v
	}
	if v.Kind() != content.KindArray {
		c.Fail(content.CodeInvalidType, "a CSP list must be an array of origins")
		return v
	}
	items := make([]content.Value, v.Len())
	for i := range items {
		c.Index(i)
		s, ok := c.String(v.Index(i))
		if ok {
			if msg := checkOrigin(s); msg != "" {
				c.Fail(content.CodeAppCSPInvalid, msg)
			}
		}
		c.Pop()
		if c.Halted() {
			return v
		}
		items[i] = content.NewString(s)
	}
	return content.NewArray(items...)
}

// permissions checks the permissions option and gives it in the order of
// appPermissions. The path is at permissions.
func (b *appBuilder) permissions(v content.Value) content.Value {
	c := b.c
	if v.Kind() != content.KindObject {
		c.Fail(content.CodeInvalidType, "permissions must be an object of camera, microphone, geolocation and clipboardWrite")
		return v
	}
	if !c.Keys(v, appPermissions, content.CodeAppPermissionUnknown, content.CodeDuplicateKey, "permissions") {
		return v
	}
	var out []content.Value
	for _, k := range appPermissions {
		p, ok := v.Get(k)
		if !ok {
			continue
		}
		c.Key(k)
		p, ok = c.Resolve(p)
		if ok && (p.Kind() != content.KindObject || p.Len() != 0) {
			c.Fail(content.CodeInvalidValue, "a permission is asked for with an empty object, {}")
		}
		c.Pop()
		if c.Halted() {
			return v
		}
		out = append(out, content.NewString(k), objectOf(nil))
	}
	return objectOf(out)
}

// visibility checks the visibility option: a non-empty array of distinct
// "model" and "app". The path is at visibility.
func (b *appBuilder) visibility(v content.Value) content.Value {
	c := b.c
	if v.Kind() != content.KindArray {
		c.Fail(content.CodeInvalidType, "visibility must be an array of \"model\" and \"app\"")
		return v
	}
	if v.Len() == 0 || v.Len() > len(appVisibilities) {
		c.Fail(content.CodeInvalidValue, "visibility lists \"model\", \"app\" or both, each once")
		return v
	}
	items := make([]content.Value, v.Len())
	for i := range items {
		c.Index(i)
		s, ok := c.String(v.Index(i))
		switch {
		case !ok:
		case !slices.Contains(appVisibilities, s):
			c.Fail(content.CodeInvalidValue, "a visibility is \"model\" or \"app\"")
		case i > 0 && items[0].Str() == s:
			c.Fail(content.CodeInvalidValue, "each visibility is listed once")
		}
		c.Pop()
		if c.Halted() {
			return v
		}
		items[i] = content.NewString(s)
	}
	return content.NewArray(items...)
}

// objectOf makes an object of keys and values in turn.
func objectOf(items []content.Value) content.Value {
	members := make([]content.Member, len(items)/2)
	for i := range members {
		members[i] = content.Member{Key: items[2*i], Value: items[2*i+1]}
	}
	return content.NewObject(members...)
}

// hasKey reports whether the keys and values in turn have key k.
func hasKey(items []content.Value, k string) bool {
	for i := 0; i < len(items); i += 2 {
		if items[i].Str() == k {
			return true
		}
	}
	return false
}

// checkOrigin returns why s is not an origin a page's CSP may list, or "":
// a scheme of https, http, wss or ws (lowercase), "://", a host, and an
// optional port of at most five digits (up to 65535), nothing else (no
// path, not even "/", no query, fragment or userinfo). The host is a DNS name of ASCII letters, digits
// and hyphens in dot-separated labels (an internationalized name in its
// ASCII form), an IPv4 address, or an IPv6 address in brackets; its
// leftmost label may be "*" alone, which stands for any subdomain.
func checkOrigin(s string) string {
	rest := ""
	for _, scheme := range []string{"https://", "http://", "wss://", "ws://"} {
		if len(s) > len(scheme) && s[:len(scheme)] == scheme {
			rest = s[len(scheme):]
			break
		}
	}
	if rest == "" {
		return "an origin starts with https://, http://, wss:// or ws:// and has a host"
	}
	for i := 0; i < len(rest); i++ {
		switch rest[i] {
		case '/', '?', '#':
			return "an origin has no path, query or fragment (not even a trailing \"/\")"
		case '@':
			return "an origin has no user information"
		}
	}
	host, port := rest, ""
	if rest[0] == '[' {
		end := indexByte(rest, ']')
		if end < 0 || !ipv6(rest[1:end]) {
			return "an IPv6 host is an address in brackets"
		}
		host, rest = rest[:end+1], rest[end+1:]
		if rest != "" && rest[0] != ':' {
			return "an origin's host is followed by nothing or a port"
		}
		if rest != "" {
			port = rest[1:]
			if port == "" {
				return "an origin's port is a number from 0 to 65535"
			}
		}
	} else if i := indexByte(rest, ':'); i >= 0 {
		host, port = rest[:i], rest[i+1:]
		if port == "" {
			return "an origin's port is a number from 0 to 65535"
		}
	}
	if port != "" {
		n := 0
		for i := 0; i < len(port) && n <= 65535; i++ {
			if !isDigit(port[i]) {
				n = -1
				break
			}
			n = 10*n + int(port[i]-'0')
		}
		if n < 0 || n > 65535 || len(port) > 5 {
			return "an origin's port is a number from 0 to 65535"
		}
	}
	if host == "" {
		return "an origin has a host"
	}
	if host[0] == '[' {
		return ""
	}
	labels := splitByte(host, '.')
	for i, l := range labels {
		if l == "*" && i == 0 && len(labels) > 1 {
			continue
		}
		if !hostLabel(l) {
			if indexByte(l, '*') >= 0 {
				return "a wildcard is only the whole leftmost label of a host, as in https://*.example.com"
			}
			return "a host is dot-separated labels of ASCII letters, digits and hyphens"
		}
	}
	return ""
}

// hostLabel reports whether l is a DNS label: 1 to 63 ASCII letters,
// digits and hyphens, neither first nor last a hyphen.
func hostLabel(l string) bool {
	if l == "" || len(l) > 63 || l[0] == '-' || l[len(l)-1] == '-' {
		return false
	}
	for i := 0; i < len(l); i++ {
		if c := l[i]; !isAlpha(c) && !isDigit(c) && c != '-' {
			return false
		}
	}
	return true
}
