package apps_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/mcpresult/mcpresult/apps"
	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/result"
)

const uri = "ui://maps/view.html"
const html = "<!doctype html><p>map</p>"

// TestResource: the contents built, as a resource result writes them.
func TestResource(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts []apps.Option
		want string
	}{
		{"minimal", nil, `{"uri":"ui://maps/view.html","mimeType":"text/html;profile=mcp-app","text":"<!doctype html><p>map</p>"}`},
		{"every option, keys in their fixed order",
			[]apps.Option{apps.Meta(map[string]any{"com.example/v": 2}), apps.PrefersBorder(false), apps.Domain("maps.example.net"),
				apps.Permissions(apps.ClipboardWrite, apps.Geolocation),
				apps.CSP(apps.Domains{BaseURI: []string{}, Frame: []string{"https://www.youtube.com"}, Resource: []string{"https://*.tiles.example.com"}, Connect: []string{"wss://live.example.com:8443"}})},
			`{"uri":"ui://maps/view.html","mimeType":"text/html;profile=mcp-app","text":"<!doctype html><p>map</p>","_meta":{"ui":{"csp":{"connectDomains":["wss://live.example.com:8443"],"resourceDomains":["https://*.tiles.example.com"],"frameDomains":["https://www.youtube.com"],"baseUriDomains":[]},"permissions":{"geolocation":{},"clipboardWrite":{}},"domain":"maps.example.net","prefersBorder":false},"com.example/v":2}}`},
		{"openai aliases",
			[]apps.Option{apps.OpenAI(), apps.CSP(apps.Domains{Connect: []string{"https://api.example.com"}, BaseURI: []string{"https://cdn.example.com"}}), apps.PrefersBorder(true), apps.Domain("https://maps.example.net")},
			`{"uri":"ui://maps/view.html","mimeType":"text/html;profile=mcp-app","text":"<!doctype html><p>map</p>","_meta":{"ui":{"csp":{"connectDomains":["https://api.example.com"],"baseUriDomains":["https://cdn.example.com"]},"domain":"https://maps.example.net","prefersBorder":true},"openai/widgetCSP":{"connect_domains":["https://api.example.com"]},"openai/widgetPrefersBorder":true,"openai/widgetDomain":"https://maps.example.net"}}`},
		{"a nil Meta is no option", []apps.Option{apps.Meta(map[string]any(nil))}, `{"uri":"ui://maps/view.html","mimeType":"text/html;profile=mcp-app","text":"<!doctype html><p>map</p>"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := apps.Resource(uri, html, tc.opts...)
			if err != nil {
				t.Fatal(err)
			}
			r, err := result.Resource(result.Contents(c))
			if err != nil {
				t.Fatal(err)
			}
			if got := string(r.JSON()); got != `{"contents":[`+tc.want+`]}` {
				t.Errorf("got  %s\nwant {\"contents\":[%s]}", got, tc.want)
			}
		})
	}
}

// TestToolMeta: the _meta of the tool, as the Go SDK's mcp.Meta holds it.
func TestToolMeta(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts []apps.Option
		want string
	}{
		{"minimal", nil, `{"ui":{"resourceUri":"ui://maps/view.html"},"ui/resourceUri":"ui://maps/view.html"}`},
		{"app only, with openai", []apps.Option{apps.Visibility(apps.App), apps.OpenAI()},
			`{"openai/outputTemplate":"ui://maps/view.html","openai/widgetAccessible":true,"ui":{"resourceUri":"ui://maps/view.html","visibility":["app"]},"ui/resourceUri":"ui://maps/view.html"}`},
		{"model only, with openai: no widgetAccessible", []apps.Option{apps.OpenAI(), apps.Visibility(apps.Model)},
			`{"openai/outputTemplate":"ui://maps/view.html","ui":{"resourceUri":"ui://maps/view.html","visibility":["model"]},"ui/resourceUri":"ui://maps/view.html"}`},
		{"meta", []apps.Option{apps.Meta(map[string]string{"com.example/team": "maps"})},
			`{"com.example/team":"maps","ui":{"resourceUri":"ui://maps/view.html"},"ui/resourceUri":"ui://maps/view.html"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := apps.ToolMeta(uri, tc.opts...)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := json.Marshal(m) // map keys sorted
			if string(b) != tc.want {
				t.Errorf("got  %s\nwant %s", b, tc.want)
			}
		})
	}
}

// TestRefused: each fault is a *result.Error with its code and its path in
// the options.
func TestRefused(t *testing.T) {
	cyclic := map[string]any{}
	cyclic["self"] = cyclic
	wide := map[string]any{}
	for i := 0; i < 64; i++ { // 2^64 paths through shared maps
		wide = map[string]any{"a": wide, "b": wide}
	}
	for _, tc := range []struct {
		name string
		err  error
		code content.Code
		path string
	}{
		{"https page", resourceErr("https://maps.example.com/", html), content.CodeAppResourceURI, "/uri"},
		{"empty html", resourceErr(uri, ""), content.CodeInvalidValue, "/html"},
		{"invalid UTF-8 html", resourceErr(uri, "\xff"), content.CodeInvalidUTF8, "/html"},
		{"a path in an origin", resourceErr(uri, html, apps.CSP(apps.Domains{Frame: []string{"https://ok.example.com", "https://www.youtube.com/embed"}})), content.CodeAppCSPInvalid, "/csp/frameDomains/1"},
		{"a wildcard host", resourceErr(uri, html, apps.CSP(apps.Domains{Connect: []string{"https://*"}})), content.CodeAppCSPInvalid, "/csp/connectDomains/0"},
		{"an unknown permission", resourceErr(uri, html, apps.Permissions("usb")), content.CodeAppPermissionUnknown, "/permissions/usb"},
		{"a permission twice", resourceErr(uri, html, apps.Permissions(apps.Camera, apps.Camera)), content.CodeDuplicateKey, "/permissions/camera"},
		{"an empty domain", resourceErr(uri, html, apps.Domain("")), content.CodeInvalidValue, "/domain"},
		{"ui in meta", resourceErr(uri, html, apps.Meta(map[string]any{"ui": map[string]any{}})), content.CodeAppMetaConflict, "/meta/ui"},
		{"a cyclic meta", resourceErr(uri, html, apps.Meta(cyclic)), content.CodeMaxDepth, ""},
		{"a meta of 2^64 paths", resourceErr(uri, html, apps.Meta(wide)), "", ""},
		{"visibility for a page", resourceErr(uri, html, apps.Visibility(apps.App)), content.CodeUnknownOption, "/visibility"},
		{"an option twice", resourceErr(uri, html, apps.PrefersBorder(true), apps.PrefersBorder(false)), content.CodeDuplicateOption, "/prefersBorder"},
		{"a file link", toolErr("file:///view.html"), content.CodeAppResourceURI, "/resourceUri"},
		{"no visibility", toolErr(uri, apps.Visibility()), content.CodeInvalidValue, "/visibility"},
		{"visibility twice app", toolErr(uri, apps.Visibility(apps.App, apps.App)), content.CodeInvalidValue, "/visibility/1"},
		{"an unknown audience", toolErr(uri, apps.Visibility("user")), content.CodeInvalidValue, "/visibility/0"},
		{"csp on a tool", toolErr(uri, apps.CSP(apps.Domains{})), content.CodeUnknownOption, "/csp"},
		{"the alias in meta", toolErr(uri, apps.Meta(map[string]any{"ui/resourceUri": uri})), content.CodeAppMetaConflict, "/meta/ui~1resourceUri"},
		{"a reserved meta key", toolErr(uri, apps.Meta(map[string]any{"io.modelcontextprotocol/ui": 1})), content.CodeReservedMetaKey, "/meta/io.modelcontextprotocol~1ui"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var e *result.Error
			if !errors.As(tc.err, &e) {
				t.Fatalf("got %v, want a *result.Error", tc.err)
			}
			if tc.code == "" { // a budget's code, whichever bound is met first
				if !errors.Is(e, content.CodeMaxBytes) && !errors.Is(e, content.CodeMaxNodes) && !errors.Is(e, content.CodeMaxDepth) {
					t.Errorf("got %v, want a budget's error", e)
				}
				return
			}
			if e.Code != tc.code || e.Path != tc.path {
				t.Errorf("got %s at %q, want %s at %q", e.Code, e.Path, tc.code, tc.path)
			}
			if strings.Contains(e.Message, "youtube") || strings.Contains(e.Message, "usb") {
				t.Errorf("the message repeats the value: %s", e.Message)
			}
		})
	}
}

func resourceErr(uri, html string, opts ...apps.Option) error {
	_, err := apps.Resource(uri, html, opts...)
	return err
}

func toolErr(uri string, opts ...apps.Option) error {
	_, err := apps.ToolMeta(uri, opts...)
	return err
}

// A page is a whole document with its scripts: its budget is a page's
// (16 MiB), not a result's 2 MB, so the page of a large app builds and
// only one past what hosts load is refused.
func TestResourcePageBudget(t *testing.T) {
	page := func(n int) string { return "<!doctype html><html><body>" + strings.Repeat("x", n) + "</body></html>" }
	if _, err := apps.Resource("ui://pdf/viewer.html", page(4_000_000)); err != nil {
		t.Fatalf("a 4 MB page: %v", err)
	}
	_, err := apps.Resource("ui://pdf/viewer.html", page(17<<20))
	var e *result.Error
	if !errors.As(err, &e) || e.Code != content.CodeMaxBytes {
		t.Errorf("a 17 MiB page: %v, want max_bytes", err)
	}
}

// A resource result that holds a page has the page's budget too, unless the
// settings give one.
func TestResourceResultPageBudget(t *testing.T) {
	c, err := apps.Resource("ui://pdf/viewer.html", "<!doctype html>"+strings.Repeat("x", 4_000_000))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := result.Resource(result.Contents(c)); err != nil {
		t.Errorf("a resource result of a 4 MB page: %v", err)
	}
	_, err = result.Resource(result.Contents(c), result.MaxJSONBytes(1_000_000))
	var e *result.Error
	if !errors.As(err, &e) || e.Code != content.CodeMaxBytes {
		t.Errorf("with a budget of 1 MB: %v, want max_bytes", err)
	}
	text := content.TextResource("file:///big.txt", strings.Repeat("x", 4_000_000))
	if _, err := result.Resource(result.Contents(text)); !errors.As(err, &e) || e.Code != content.CodeMaxBytes {
		t.Errorf("a 4 MB text resource that is no page: %v, want max_bytes", err)
	}
}
