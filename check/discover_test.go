package check

import (
	"context"
	"encoding/json"
	"os"
	"reflect"
	"regexp"
	"testing"
)

// TestDiscoverSchemaCopied checks that the schema check validates
// server/discover with is the official one's DiscoverResult, with every
// definition it refers to, unmodified.
func TestDiscoverSchemaCopied(t *testing.T) {
	raw, err := os.ReadFile("../testdata/mcp-schemas/2026-07-28/schema.json")
	if err != nil {
		t.Fatal(err)
	}
	var official, copied struct {
		Schema string                     `json:"$schema"`
		Defs   map[string]json.RawMessage `json:"$defs"`
	}
	if err := json.Unmarshal(raw, &official); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(discoverSchemaJSON, &copied); err != nil {
		t.Fatal(err)
	}
	ref := regexp.MustCompile(`"#/\$defs/([^"]+)"`)
	want := map[string]bool{}
	for todo := []string{"DiscoverResult"}; len(todo) > 0; {
		name := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if want[name] {
			continue
		}
		want[name] = true
		for _, m := range ref.FindAllSubmatch(official.Defs[name], -1) {
			todo = append(todo, string(m[1]))
		}
	}
	if copied.Schema != official.Schema || len(copied.Defs) != len(want) {
		t.Fatalf("%s, %d definitions; want %s, %d", copied.Schema, len(copied.Defs), official.Schema, len(want))
	}
	for name := range want {
		var a, b any
		if json.Unmarshal(official.Defs[name], &a) != nil || json.Unmarshal(copied.Defs[name], &b) != nil || !reflect.DeepEqual(a, b) {
			t.Errorf("%s is not the official definition", name)
		}
	}
}

// validDiscover is a server/discover result with every member that
// DiscoverResult requires.
const validDiscover = `{"supportedVersions":["2026-07-28"],"capabilities":{"tools":{}},"resultType":"complete","ttlMs":0,"cacheScope":"public"}`

// TestCheckDiscover checks the findings of a server/discover result, each
// with the path of the member.
func TestCheckDiscover(t *testing.T) {
	for _, c := range []struct {
		name, result string
		want         []string // the paths of the findings
	}{
		{"valid", validDiscover, nil},
		{"no ttlMs nor cacheScope", `{"supportedVersions":["2026-07-28"],"capabilities":{},"resultType":"complete"}`, []string{"/cacheScope", "/ttlMs"}},
		{"wrong types", `{"supportedVersions":"2026-07-28","capabilities":{},"resultType":1,"ttlMs":-1,"cacheScope":"everyone"}`,
			[]string{"/cacheScope", "/resultType", "/supportedVersions", "/ttlMs"}},
		{"not an object", `[]`, []string{""}},
		{"not JSON", `{`, []string{""}},
	} {
		t.Run(c.name, func(t *testing.T) {
			fs := checkDiscover([]byte(c.result))
			var paths []string
			for _, f := range fs {
				if f.Code != CodeDiscoverInvalid || f.Severity != Error {
					t.Errorf("finding %+v", f)
				}
				paths = append(paths, f.Path)
			}
			if !reflect.DeepEqual(paths, c.want) {
				t.Errorf("paths %q, want %q:%s", paths, c.want, dump(fs))
			}
		})
	}
}

// TestRunDiscover checks that a 2026-07-28 session whose server/discover
// lacks a required member gets a finding of the revision at its path, and
// that one whose discover is whole gets none.
func TestRunDiscover(t *testing.T) {
	for _, c := range []struct {
		name, discover string
		want           []FindingKey
	}{
		{"whole", validDiscover, nil},
		{"no ttlMs", `{"supportedVersions":["2026-07-28"],"capabilities":{"tools":{}},"resultType":"complete","cacheScope":"public"}`,
			[]FindingKey{{Revision: "2026-07-28", Code: CodeDiscoverInvalid, Path: "/ttlMs"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := prober{tools: []string{"a"}, unknown: `"error":{"code":-32602,"message":"Unknown tool"}`, discover: c.discover}
			rep, err := Run(context.Background(), Options{Transport: p.transport, Protocol: "2026-07-28"})
			if err != nil {
				t.Fatal(err)
			}
			rr := rep.Revisions[0]
			if rr.Status != StatusChecked {
				t.Fatalf("%s: %s", rr.Status, rr.Reason)
			}
			var keys []FindingKey
			for l := range rep.located() {
				if l.Tool == nil && l.Resource == nil {
					keys = append(keys, l.Key)
				}
			}
			if !reflect.DeepEqual(keys, c.want) {
				t.Errorf("findings of the revision %+v, want %+v:%s", keys, c.want, dump(rr.Findings))
			}
		})
	}
}
