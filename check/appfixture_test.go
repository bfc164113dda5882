package check

import (
	"context"
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mcpresult/mcpresult/internal/nodetest"
)

// appFixtureCase is what one tool of tools/appfixture/server.mjs and the
// page it links must give in every revision: the app under resourceUri,
// linked by that tool alone, with the given mimeType, and exactly the app
// findings of want (code, severity, whose: "tool" or "page", and path).
type appFixtureCase struct {
	tool, uri, mime string
	want            []appWant
}

type appWant struct {
	code  Code
	sev   Severity
	whose string // "tool" (the link) or "page"
	path  string
}

var appFixture = []appFixtureCase{
	{tool: "app_clean", uri: "ui://fixture/clean.html", mime: appMIMEType},
	{tool: "app_meta_agrees", uri: "ui://fixture/hidden/agrees.html", mime: appMIMEType},
	{tool: "app_resource_uri", uri: "myapp://widget",
		want: []appWant{{CodeAppResourceURI, Error, "tool", pathNestedURI}}},
	{tool: "app_resource_uri.https", uri: "https://app.example.com/widget.html",
		want: []appWant{{CodeAppResourceURI, Error, "tool", pathNestedURI}}},
	{tool: "app_resource_missing", uri: "ui://fixture/missing.html",
		want: []appWant{{CodeAppResourceMissing, Error, "page", "/error"}}},
	{tool: "app_mime_type", uri: "ui://fixture/plain.html", mime: "text/html",
		want: []appWant{{CodeAppMIMEType, Error, "page", "/contents/0/mimeType"}}},
	{tool: "app_mime_type.skybridge", uri: "ui://fixture/skybridge.html", mime: skybridgeMIMEType,
		want: []appWant{{CodeAppMIMEType, Warning, "page", "/contents/0/mimeType"}}},
	{tool: "app_csp_invalid", uri: "ui://fixture/csp-invalid.html", mime: appMIMEType,
		want: []appWant{
			{CodeAppCSPInvalid, Error, "page", "/contents/0/_meta/ui/csp/resourceDomains/0"},
			{CodeAppCSPInvalid, Error, "page", "/contents/0/_meta/ui/csp/resourceDomains/1"},
		}},
	{tool: "app_csp_uncovered", uri: "ui://fixture/uncovered.html", mime: appMIMEType,
		want: []appWant{
			{CodeAppCSPUncovered, Warning, "page", "/contents/0/_meta/ui/csp/resourceDomains"},
			{CodeAppCSPUncovered, Warning, "page", "/contents/0/_meta/ui/csp/connectDomains"},
		}},
	{tool: "app_meta_conflict", uri: "ui://fixture/conflict.html", mime: appMIMEType,
		want: []appWant{{CodeAppMetaConflict, Error, "tool", pathFlatURI}}},
}

// TestAppFixtureServer runs check over stdio against the MCP Apps server
// of tools/appfixture (the official TypeScript SDK 2.x and ext-apps
// helpers) and asserts, in every revision it speaks, each app with its
// tools and its findings, and no error or warning anywhere else.
func TestAppFixtureServer(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	node := nodetest.Need(t, root, "tools/appfixture")
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Second)
	defer cancel()
	rep, err := Run(ctx, Options{
		Stdio:   []string{node, filepath.Join(root, "tools", "appfixture", "server.mjs")},
		Timeout: 10 * time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Error != "" || rep.Failed() || rep.Totals.RevisionsChecked == 0 {
		t.Fatalf("the run failed: %s (revisions: %s)", rep.Error, revisionStates(rep))
	}
	t.Logf("revisions: %s", revisionStates(rep))
	for _, rr := range rep.Revisions {
		if rr.Status != StatusChecked {
			continue
		}
		rev := rr.Revision
		// No error or warning but the apps' own, and before 2025-06-18, whose
		// resource contents have no _meta, the pages' _meta (their CSP),
		// which the clients of those revisions ignore.
		for l := range rep.located() {
			oldMeta := rev < fixtureStructured && l.Finding.Code == "field_not_in_revision" && l.Finding.Path == "/contents/0/_meta"
			if l.Revision == rr && (l.Finding.Severity == Error || l.Finding.Severity == Warning) && !strings.HasPrefix(string(l.Finding.Code), "app_") && !oldMeta {
				t.Errorf("%s: %+v: %s %s at %s: %s", rev, l.Key, l.Finding.Severity, l.Finding.Code, l.Finding.Path, l.Finding.Message)
			}
		}
		var uris []string
		for _, a := range rr.Apps {
			uris = append(uris, a.ResourceURI)
		}
		if !slices.IsSorted(uris) || len(rr.Apps) != len(appFixture) {
			t.Errorf("%s: apps %q, want %d sorted", rev, uris, len(appFixture))
		}
		for _, c := range appFixture {
			i := slices.Index(uris, c.uri)
			if i < 0 {
				t.Errorf("%s: no app %s", rev, c.uri)
				continue
			}
			a := rr.Apps[i]
			if !slices.Equal(a.Tools, []string{c.tool}) || a.MIMEType != c.mime {
				t.Errorf("%s %s: tools %q, mimeType %q; want [%s], %q", rev, c.uri, a.Tools, a.MIMEType, c.tool, c.mime)
			}
			var got []appWant
			for _, f := range a.Findings {
				whose := "page"
				if f.Tool != "" {
					whose = "tool"
					if f.Tool != c.tool {
						t.Errorf("%s %s: a finding of tool %s", rev, c.uri, f.Tool)
					}
				}
				got = append(got, appWant{f.Code, f.Severity, whose, f.Path})
			}
			slices.SortFunc(got, func(a, b appWant) int { return strings.Compare(a.path, b.path) })
			want := slices.Clone(c.want)
			slices.SortFunc(want, func(a, b appWant) int { return strings.Compare(a.path, b.path) })
			if !slices.Equal(got, want) {
				t.Errorf("%s %s: findings %+v, want %+v", rev, c.uri, got, want)
			}
			// Every finding is where the reports look: at the tool, or at
			// the page's read.
			for l := range rep.located() {
				if l.Revision != rr || !strings.HasPrefix(string(l.Finding.Code), "app_") {
					continue
				}
				if (l.Tool == nil || l.Call != nil) && l.Resource == nil {
					t.Errorf("%s: %s at neither a tool nor a read: %+v", rev, l.Finding.Code, l.Key)
				}
			}
		}
		// The clean app's CSP is reported as declared; the unlisted page
		// was read, and its tool's two keys are a note.
		clean := rr.Apps[slices.Index(uris, "ui://fixture/clean.html")]
		var csp map[string][]string
		if json.Unmarshal(clean.CSP, &csp) != nil || !slices.Equal(csp["frameDomains"], []string{"https://www.youtube.com"}) {
			t.Errorf("%s: clean csp %s", rev, clean.CSP)
		}
		read := false
		for _, res := range rr.Resources {
			read = read || res.URI == "ui://fixture/hidden/agrees.html"
		}
		if !read {
			t.Errorf("%s: the unlisted page was not read", rev)
		}
		if !slices.ContainsFunc(rr.Notes, func(n string) bool {
			return strings.Contains(n, `"app_meta_agrees"`) && strings.Contains(n, "nothing to fix")
		}) {
			t.Errorf("%s: no note of app_meta_agrees: %q", rev, rr.Notes)
		}
	}
	for _, code := range []Code{CodeAppResourceURI, CodeAppResourceMissing, CodeAppMIMEType, CodeAppCSPInvalid, CodeAppCSPUncovered, CodeAppMetaConflict} {
		if !slices.ContainsFunc(rep.Baseline().Findings, func(e BaselineEntry) bool { return e.Code == code }) {
			t.Errorf("the baseline has no %s", code)
		}
	}
}
