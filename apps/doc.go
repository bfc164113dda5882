// Package apps builds the two objects of an MCP App (the extension
// io.modelcontextprotocol/ui), with the rules every mcpresult runtime
// applies to them: the resource contents of an app's page (Resource) and
// the _meta of the tool that shows it (ToolMeta).
//
// An MCP App is a tool whose result the host renders in an HTML page: the
// tool lists _meta.ui.resourceUri, a ui:// URI, and the page is the
// resource at that URI, whose contents have the media type
// text/html;profile=mcp-app, the HTML in text, and in _meta.ui what the
// host needs to sandbox it: the content security policy (csp: the origins
// the page may connect to, load from, frame and use as its base URI), the
// browser permissions it asks for, a dedicated domain, and whether it
// prefers a border. The host allows nothing the policy does not declare,
// so a wrong origin leaves the widget blank; these builders refuse it
// instead, with a code and a JSON Pointer into the options as the builder
// was given them:
//
//   - app_resource_uri (/uri, /resourceUri): not ui:// followed by a name,
//     or not a URI;
//   - app_csp_invalid (/csp/<key>, /csp/<key>/<i>): a CSP key that is not
//     connectDomains, resourceDomains, frameDomains or baseUriDomains, or
//     an entry that is not an origin;
//   - app_permission_unknown (/permissions/<name>): a permission that is
//     not camera, microphone, geolocation or clipboardWrite, and
//     invalid_value for one that is not {};
//   - app_meta_conflict (/meta/<key>): a key of Meta that the builder
//     writes itself (ui, ui/resourceUri, an alias OpenAI asks for);
//   - invalid_type for a value of the wrong type (a prefersBorder that is
//     not a boolean, a domain that is not a string), invalid_value for an
//     empty html or domain and for a visibility that is not one or both of
//     "model" and "app", each once; the _meta key rules of every _meta
//     (invalid_meta_key, reserved_meta_key) for the keys of Meta.
//
// # Decisions
//
// An origin is a lowercase scheme of https, http, wss or ws, "://", a host
// and an optional port of digits up to 65535; nothing else, not even a
// trailing "/" (a path), a query, a fragment or user information. The host
// is a DNS name in ASCII (an internationalized name in its xn-- form), an
// IPv4 address or a bracketed IPv6 address; "*" may be its whole leftmost
// label only (https://*.example.com), never the whole host. Other CSP
// source forms ('self', data:, a bare host) are not origins and are
// refused: the host reads these lists as origins.
//
// The output is the same bytes in every runtime: the builder's keys in a
// fixed order (uri, mimeType, text, _meta; in _meta.ui csp, permissions,
// domain, prefersBorder; the CSP lists and the permissions in the order
// above, whatever order they were given in), then the OpenAI aliases, then
// the caller's Meta in its order. Empty _meta.ui and _meta are not
// written. The page is text (html must be a non-empty string); the tool's
// _meta always has the flat ui/resourceUri beside ui.resourceUri, equal,
// as the official ext-apps helpers write it for hosts that read only it.
// visibility is written only when given. With OpenAI,
// openai/widgetAccessible is written (true) when the page may call the
// tool: visibility left out, or listing "app"; openai/widgetCSP has no
// baseUriDomains, which ChatGPT does not have.
//
// The same rules run in the WebAssembly module (build kinds appResource and
// appToolMeta, ABI minor version 4), which the JavaScript and Python
// packages call: mcp.appResource and mcp.appToolMeta, m.app_resource and
// m.app_tool_meta.
//
//	page, err := apps.Resource("ui://weather/view.html", html,
//		apps.CSP(apps.Domains{Resource: []string{"https://cdn.example.com"}}), apps.PrefersBorder(true))
//	meta, err := apps.ToolMeta("ui://weather/view.html", apps.Visibility(apps.Model, apps.App))
//	// &mcp.Tool{Name: "weather", Meta: meta}; result.Resource(result.Contents(page))
package apps
