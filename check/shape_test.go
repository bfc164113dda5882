package check

import (
	"context"
	"encoding/json"
	"os"
	"reflect"
	"slices"
	"testing"
)

// mismatches counts the revision_mismatch findings of each revision.
func mismatches(rep *Report) map[string]int {
	n := map[string]int{}
	for l := range rep.located() {
		if l.Finding.Code == CodeRevisionMismatch {
			n[l.Key.Revision]++
		}
	}
	return n
}

// TestRevisionMembers checks revisionMembers against the official schemas:
// for each type, every member that some revisions define and others do
// not, with the revisions that define it.
func TestRevisionMembers(t *testing.T) {
	revs := []string{"2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"}
	defined := map[string]map[string][]string{} // type, member: revisions
	has := map[string][]string{}                // type: the revisions that have it
	for _, rev := range revs {
		raw, err := os.ReadFile("../testdata/mcp-schemas/" + rev + "/schema.json")
		if err != nil {
			t.Fatal(err)
		}
		var s struct {
			Definitions map[string]struct {
				Properties map[string]json.RawMessage `json:"properties"`
			} `json:"definitions"`
			Defs map[string]struct {
				Properties map[string]json.RawMessage `json:"properties"`
			} `json:"$defs"`
		}
		if err := json.Unmarshal(raw, &s); err != nil {
			t.Fatal(err)
		}
		defs := s.Definitions
		if defs == nil {
			defs = s.Defs
		}
		for typ := range revisionMembers {
			d, ok := defs[typ]
			if !ok {
				continue
			}
			has[typ] = append(has[typ], rev)
			if defined[typ] == nil {
				defined[typ] = map[string][]string{}
			}
			for m := range d.Properties {
				defined[typ][m] = append(defined[typ][m], rev)
			}
		}
	}
	for typ, members := range defined {
		want := map[string][]string{}
		for m, rs := range members {
			if len(rs) < len(has[typ]) {
				want[m] = rs
			}
		}
		got := revisionMembers[typ]
		if typ == "InitializeResult" {
			// No member varies; those listed are 2026-07-28's own, of
			// every 2026-07-28 result.
			for m, rs := range got {
				if !slices.Equal(rs, []string{"2026-07-28"}) || !slices.Contains(requiredFrom2026, m) || len(want) != 0 {
					t.Errorf("InitializeResult: %s %v", m, rs)
				}
			}
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %v, the schemas say %v", typ, got, want)
		}
	}
}

// TestRevisionMismatch checks the findings of answers of another
// revision's shape, and that answers of the session's own get none.
func TestRevisionMismatch(t *testing.T) {
	for _, c := range []struct {
		name, rev, method, typ, result string
		want                           []Finding // Severity, Path only
	}{
		{"ttlMs to 2025-06-18", "2025-06-18", "tools/list", "ListToolsResult", `{"tools":[],"resultType":"complete","ttlMs":0,"cacheScope":"public"}`,
			[]Finding{{Severity: Info, Path: "/cacheScope"}, {Severity: Info, Path: "/resultType"}, {Severity: Info, Path: "/ttlMs"}}},
		{"2026-07-28 without its members", "2026-07-28", "resources/list", "ListResourcesResult", `{"resources":[]}`,
			[]Finding{{Severity: Warning, Path: "/cacheScope"}, {Severity: Warning, Path: "/resultType"}, {Severity: Warning, Path: "/ttlMs"}}},
		{"2026-07-28 whole", "2026-07-28", "tools/list", "ListToolsResult", `{"tools":[],"resultType":"complete","ttlMs":0,"cacheScope":"public"}`, nil},
		{"2025-06-18 plain", "2025-06-18", "tools/list", "ListToolsResult", `{"tools":[],"nextCursor":"x","_meta":{}}`, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			var obj map[string]json.RawMessage
			if err := json.Unmarshal([]byte(c.result), &obj); err != nil {
				t.Fatal(err)
			}
			var l shapeLog
			l.look(c.rev, c.method, c.typ, "", obj)
			l.look(c.rev, c.method, c.typ, "", obj) // once per member
			var got []Finding
			for _, f := range l.fs {
				if f.Code != CodeRevisionMismatch || f.Message == "" {
					t.Errorf("finding %+v", f)
				}
				got = append(got, Finding{Severity: f.Severity, Path: f.Path})
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("findings:%s\nwant %+v", dump(l.fs), c.want)
			}
		})
	}

	// initialize: a 2025-03-26 server info with a title and icons, tasks
	// among the capabilities, and resultType.
	var l shapeLog
	l.lookInitialize("2025-03-26", []byte(`{"protocolVersion":"2025-03-26","resultType":"complete","capabilities":{"tools":{},"tasks":{}},"serverInfo":{"name":"s","version":"1","title":"S","icons":[]}}`))
	var paths []string
	for _, f := range l.fs {
		paths = append(paths, f.Path)
	}
	slices.Sort(paths)
	if want := []string{"/capabilities/tasks", "/resultType", "/serverInfo/icons", "/serverInfo/title"}; !slices.Equal(paths, want) {
		t.Errorf("initialize: %q, want %q:%s", paths, want, dump(l.fs))
	}
	if i := slices.IndexFunc(l.fs, func(f Finding) bool { return f.Path == "/serverInfo/title" }); i < 0 ||
		l.fs[i].Message != `initialize: serverInfo has "title", which revision 2025-03-26 does not define: the shape of revisions 2025-06-18, 2025-11-25 and 2026-07-28` {
		t.Errorf("the message of title: %s", dump(l.fs))
	}
}

// TestRunRevisionMismatch checks that a session finds what its answers say
// of another revision: a listed tool with the members of later revisions,
// in a 2024-11-05 session, at the tool's path.
func TestRunRevisionMismatch(t *testing.T) {
	p := prober{tools: []string{"a"}, unknown: `"error":{"code":-32602,"message":"Unknown tool"}`}
	rep, err := Run(context.Background(), Options{Transport: p.transport, Protocol: "2024-11-05"})
	if err != nil {
		t.Fatal(err)
	}
	if got := mismatches(rep); len(got) != 0 {
		t.Errorf("a 2024-11-05 server: %v", got)
	}
	srv := sdkServer()
	rep, err = Run(context.Background(), Options{Transport: inMemory(t, srv), Protocol: "2024-11-05"})
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, f := range rep.Revisions[0].Findings {
		if f.Code == CodeRevisionMismatch {
			keys = append(keys, string(f.Severity)+" "+f.Path)
		}
	}
	slices.Sort(keys)
	// The Go SDK's server lists revision's outputSchema, and sends ttlMs
	// and cacheScope with each list, to a 2024-11-05 client.
	// (The paths are those of each answer: tools/list's and
	// resources/list's are the same.)
	if want := []string{"info /cacheScope", "info /cacheScope", "info /tools/1/outputSchema", "info /ttlMs", "info /ttlMs"}; !slices.Equal(keys, want) {
		t.Errorf("findings %q, want %q:%s", keys, want, dump(rep.Revisions[0].Findings))
	}
}
