package result_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/pointer"
	"github.com/mcpresult/mcpresult/result"
)

// FuzzBuild feeds arbitrary JSON requests to every build kind: a build never
// panics, an error always has a code and a capped, valid path, and a result
// is valid JSON whose length is within the budget.
func FuzzBuild(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "examples", "*.json"))
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(`{"structuredContent":{"a":[1,2.5,"x",null,true]}}`))
	f.Add([]byte(`{"content":{"type":"resource","resource":{"uri":"file:///x","blob":"QQ=="}}}`))
	f.Add([]byte(`{"value":"\ud800"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		req, err := content.ParseJSON(data)
		if err != nil {
			return
		}
		for _, kind := range []string{result.KindTool, result.KindResource, result.KindError, result.KindValue} {
			for _, mode := range []content.Canonicalization{content.Strict, content.JSON} {
				s := result.Settings{MaxJSONBytes: 4096, MaxNodes: 500, Canonicalization: mode}
				r, err := result.Build(kind, req, result.BuildOptions{Settings: s})
				if err != nil {
					e := asError(err)
					ok := e != nil
					if !ok || e.Code == "" || len(e.Path) > pointer.MaxPathBytes || !utf8.ValidString(e.Path) {
						t.Fatalf("bad error %#v", err)
					}
					continue
				}
				out := r.JSON()
				if len(out) > 4096 || !json.Valid(out) || !utf8.Valid(out) {
					t.Fatalf("bad result %q", out)
				}
				// Whatever the library builds, it writes for every revision
				// and accepts again with Validate.
				for _, version := range result.ProtocolVersions() {
					b, err := result.Serialize(r, result.SerializeOptions{ProtocolVersion: version, Finalize: &result.Finalize{}})
					if err != nil {
						if e := asError(err); e != nil && (e.Code == "max_bytes" || e.Code == "max_nodes" || e.Code == "max_depth") {
							continue // finalize or wrapping can push a result over its budget
						}
						t.Fatalf("serialize %s: %v for %s", version, err, out)
					}
					v, _ := content.ParseJSON(b)
					rep, err := result.Validate(v, result.ValidateOptions{ProtocolVersion: version, Settings: s})
					if err != nil || !rep.Valid {
						t.Fatalf("validate %s: %v %v for %s", version, err, rep.Errors, b)
					}
				}
			}
		}
	})
}
