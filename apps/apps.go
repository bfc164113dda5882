package apps

import (
	"encoding/json"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/engine"
	"github.com/mcpresult/mcpresult/internal/gokind"
)

// MIMEType is the media type of an app's page, text/html;profile=mcp-app:
// hosts render contents of exactly this type as an app, and no other.
const MIMEType = engine.AppMIMEType

// Option is one option of Resource or ToolMeta, by its wire name. An option
// the builder does not take (Visibility for Resource, CSP for ToolMeta) is
// unknown_option at its name; the same option twice is duplicate_option.
type Option struct {
	key string // "": no option (Meta of a nil map)
	val content.Value
}

// Domains are the origins a page's content security policy allows, each
// list one directive of it. An origin is a scheme (https, http, wss or ws),
// "://", a host and an optional port, with no path: https://cdn.example.com,
// https://*.example.com (any subdomain), wss://live.example.com:8443. A nil
// list is left out; an empty one is written as [] (nothing allowed, as
// leaving it out means too).
type Domains struct {
	Connect  []string // connectDomains: fetch, XMLHttpRequest, WebSocket, EventSource
	Resource []string // resourceDomains: scripts, styles, images, fonts, media
	Frame    []string // frameDomains: nested iframes
	BaseURI  []string // baseUriDomains: the document's <base href>
}

// Permission is a browser capability a page asks the host for.
type Permission string

// The permissions of MCP Apps. A host may grant them or not: a page still
// tests for the feature.
const (
	Camera         Permission = "camera"
	Microphone     Permission = "microphone"
	Geolocation    Permission = "geolocation"
	ClipboardWrite Permission = "clipboardWrite"
)

// Audience is who may call an app's tool: the model, the page (app), or
// both, the default.
type Audience string

// The two audiences of a tool's visibility.
const (
	Model Audience = "model"
	App   Audience = "app"
)

// CSP sets the page's content security policy (_meta.ui.csp). The host
// allows the page nothing it does not declare: a page that loads a script
// from a CDN it does not list stays blank.
func CSP(d Domains) Option {
	var items []content.Value
	for _, l := range []struct {
		key  string
		list []string
	}{{"connectDomains", d.Connect}, {"resourceDomains", d.Resource}, {"frameDomains", d.Frame}, {"baseUriDomains", d.BaseURI}} {
		if l.list == nil {
			continue
		}
		vals := make([]content.Value, len(l.list))
		for i, s := range l.list {
			vals[i] = content.NewString(s)
		}
		items = append(items, content.NewString(l.key), content.NewArray(vals...))
	}
	members := make([]content.Member, len(items)/2)
	for i := range members {
		members[i] = content.Member{Key: items[2*i], Value: items[2*i+1]}
	}
	return Option{"csp", content.NewObject(members...)}
}

// Permissions sets the permissions the page asks for (_meta.ui.permissions,
// each written as {}, in a fixed order). Asking for one twice is
// duplicate_key.
func Permissions(p ...Permission) Option {
	members := make([]content.Member, len(p))
	for i, x := range p {
		members[i] = content.Str(string(x), content.NewObject())
	}
	return Option{"permissions", content.NewObject(members...)}
}

// Domain sets the dedicated origin the host serves the page from
// (_meta.ui.domain), whose form each host defines (a hash-based
// subdomain of the host's own domain, for instance).
func Domain(d string) Option { return Option{"domain", content.NewString(d)} }

// PrefersBorder asks the host for a visible border and background around
// the page, or none (_meta.ui.prefersBorder); left out, the host decides.
func PrefersBorder(b bool) Option { return Option{"prefersBorder", content.NewBool(b)} }

// Visibility sets who may call the tool (_meta.ui.visibility): one or both
// of Model and App, each once. Only App hides the tool from the model: only
// the page calls it. Left out, both may (and nothing is written).
func Visibility(a ...Audience) Option {
	vals := make([]content.Value, len(a))
	for i, x := range a {
		vals[i] = content.NewString(string(x))
	}
	return Option{"visibility", content.NewArray(vals...)}
}

// OpenAI also writes what ChatGPT reads in place of the MCP Apps keys: on a
// tool, openai/outputTemplate (the page's URI) and, when the page may call
// the tool, openai/widgetAccessible; on a page, openai/widgetCSP (its
// connect, resource and frame domains), openai/widgetPrefersBorder and
// openai/widgetDomain, for what is given.
func OpenAI() Option { return Option{"openai", content.NewBool(true)} }

// Meta adds keys of the caller's own to the _meta written: a JSON object
// whose keys follow the MCP _meta key syntax. A key the builder writes (ui,
// ui/resourceUri, and the aliases OpenAI asks for) is app_meta_conflict. A
// nil map (or nil) is no option.
func Meta(m any) Option {
	if gokind.IsNilMap(m) {
		return Option{}
	}
	return Option{"meta", content.FromGo(m)}
}

// request makes the build request of the required members and the options.
func request(required []content.Member, opts []Option) content.Value {
	members := required
	for _, o := range opts {
		if o.key != "" {
			members = append(members, content.Str(o.key, o.val))
		}
	}
	return content.NewObject(members...)
}

// Resource returns the resource contents of an app's page: uri (ui://…),
// MIMEType, the page in text, and _meta.ui of the options (CSP,
// Permissions, Domain, PrefersBorder; Meta and OpenAI). A resource handler
// returns it in a resource result (result.Resource(result.Contents(c))).
// The first fault is an *result.Error (a *content.Error) whose Path names
// the option: /uri, /html, /csp/resourceDomains/0, /meta/ui.
func Resource(uri, html string, opts ...Option) (content.Contents, error) {
	in := request([]content.Member{content.Str("uri", content.NewString(uri)), content.Str("html", content.NewString(html))}, opts)
	v, err := engine.BuildApp(engine.KindAppResource, in, engine.AppPageMaxJSONBytes)
	if err != nil {
		return content.Contents{}, err
	}
	var cop []content.Option
	cop = append(cop, content.WithMIMEType(MIMEType))
	if m, ok := v.Get("_meta"); ok {
		cop = append(cop, content.WithMeta(m))
	}
	return content.TextResource(uri, html, cop...), nil
}

// ToolMeta returns the _meta object of a tool that shows the page at
// resourceURI (ui://…): ui.resourceUri, ui.visibility when Visibility is
// given, the deprecated flat ui/resourceUri beside them (equal, as the
// official helpers write it, for hosts that read only that), and what
// OpenAI and Meta add. It is what the Go SDK's mcp.Tool.Meta (an mcp.Meta)
// holds. The first fault is an *result.Error whose Path names the option.
func ToolMeta(resourceURI string, opts ...Option) (map[string]any, error) {
	in := request([]content.Member{content.Str("resourceUri", content.NewString(resourceURI))}, opts)
	j, err := engine.AppJSON(engine.KindAppToolMeta, in, engine.AppPageMaxJSONBytes)
	if err != nil {
		return nil, err
	}
	var m map[string]any
	if err := json.Unmarshal(j, &m); err != nil {
		return nil, content.NewError(content.CodeInternal, "", "the built _meta could not be read back")
	}
	return m, nil
}
