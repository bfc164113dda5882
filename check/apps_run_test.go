package check

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// appServer is a server on the Go SDK whose tools link MCP Apps pages:
// "shown" links ui://app/shown.html (a resource of its own), "hidden" a
// page that a template serves and resources/list does not list, "broken"
// a link that is not ui://. Without resources, only the tools.
func appServer(resources bool) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "apps", Version: "v1"}, nil)
	tool := func(name, uri string) {
		s.AddTool(&mcp.Tool{Name: name, InputSchema: json.RawMessage(`{"type":"object"}`), Meta: mcp.Meta{"ui": map[string]any{"resourceUri": uri}}},
			func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: name}}}, nil
			})
	}
	tool("shown", "ui://app/shown.html")
	tool("hidden", "ui://app/hidden/page.html")
	tool("broken", "app://page")
	if !resources {
		return s
	}
	read := func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: appMIMEType, Text: "<p>page</p>"}}}, nil
	}
	s.AddResource(&mcp.Resource{URI: "ui://app/shown.html", Name: "shown", MIMEType: appMIMEType}, read)
	s.AddResourceTemplate(&mcp.ResourceTemplate{URITemplate: "ui://app/hidden/{name}", Name: "hidden", MIMEType: appMIMEType}, read)
	return s
}

// TestAppsRun: which pages a run reads and reports, with Options.Only and
// without the resources capability.
func TestAppsRun(t *testing.T) {
	type app struct {
		uri, tools string
		codes      []Code
	}
	tests := []struct {
		name      string
		resources bool
		only      string
		reads     []string
		apps      []app
		noteless  bool
	}{
		{name: "all", resources: true, reads: []string{"ui://app/hidden/page.html", "ui://app/shown.html"},
			apps: []app{{"app://page", "broken", []Code{CodeAppResourceURI}}, {"ui://app/hidden/page.html", "hidden", nil}, {"ui://app/shown.html", "shown", nil}}},
		{name: "only a tool", resources: true, only: "tool:hidden", reads: []string{"ui://app/hidden/page.html"},
			apps: []app{{"ui://app/hidden/page.html", "hidden", nil}}},
		{name: "only a broken tool", resources: true, only: "tool:broken",
			apps: []app{{"app://page", "broken", []Code{CodeAppResourceURI}}}},
		{name: "only an unlisted page", resources: true, only: "resource:ui://app/hidden/page.html", reads: []string{"ui://app/hidden/page.html"},
			apps: []app{{"ui://app/hidden/page.html", "hidden", nil}}, noteless: true},
		{name: "no resources capability", reads: []string{"ui://app/hidden/page.html", "ui://app/shown.html"},
			apps: []app{{"app://page", "broken", []Code{CodeAppResourceURI}}, {"ui://app/hidden/page.html", "hidden", []Code{CodeAppResourceMissing}}, {"ui://app/shown.html", "shown", []Code{CodeAppResourceMissing}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep, err := Run(t.Context(), Options{Transport: inMemory(t, appServer(tt.resources)), Protocol: "2025-11-25", Only: tt.only, NoProbes: true})
			if err != nil {
				t.Fatal(err)
			}
			if rep.Error != "" || len(rep.Revisions) != 1 {
				t.Fatalf("error %q, %d revisions", rep.Error, len(rep.Revisions))
			}
			rr := rep.Revisions[0]
			var reads []string
			for _, res := range rr.Resources {
				reads = append(reads, res.URI)
			}
			if !slices.Equal(reads, tt.reads) {
				t.Errorf("reads %q, want %q", reads, tt.reads)
			}
			var got []app
			for _, a := range rr.Apps {
				var codes []Code
				for _, f := range a.Findings {
					codes = append(codes, f.Code)
				}
				got = append(got, app{a.ResourceURI, strings.Join(a.Tools, ","), codes})
			}
			if len(got) != len(tt.apps) {
				t.Fatalf("apps %+v, want %+v", got, tt.apps)
			}
			for i := range got {
				if got[i].uri != tt.apps[i].uri || got[i].tools != tt.apps[i].tools || !slices.Equal(got[i].codes, tt.apps[i].codes) {
					t.Errorf("app %d: %+v, want %+v", i, got[i], tt.apps[i])
				}
			}
			if tt.noteless && slices.ContainsFunc(rr.Notes, func(n string) bool { return strings.HasPrefix(n, "only:") }) {
				t.Errorf("notes %q", rr.Notes)
			}
			if tt.only != "" && rep.Totals.ToolCalls+rep.Totals.ResourceReads == 0 {
				t.Errorf("nothing checked")
			}
		})
	}
}
