package revision

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// schemasDir holds the official JSON Schema of every revision, copied
// unmodified: the oracle of the table.
var schemasDir = filepath.Join("..", "..", "testdata", "mcp-schemas")

// officialSchema reads a revision's official schema: its definitions by
// name, and its text.
func officialSchema(t *testing.T, version string) (map[string]map[string]any, string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(schemasDir, version, "schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Definitions map[string]map[string]any `json:"definitions"`
		Defs        map[string]map[string]any `json:"$defs"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Definitions == nil {
		doc.Definitions = doc.Defs
	}
	if len(doc.Definitions) == 0 {
		t.Fatalf("%s: no definitions", version)
	}
	return doc.Definitions, string(data)
}

// properties are the properties of a definition, following one $ref.
func properties(defs map[string]map[string]any, def map[string]any) map[string]any {
	if ref, ok := def["$ref"].(string); ok {
		def = defs[ref[strings.LastIndex(ref, "/")+1:]]
	}
	p, _ := def["properties"].(map[string]any)
	return p
}

// TestVersionsAreTheOfficialSchemas: the revisions are those whose official
// schema the repository holds, oldest first, and Parse and String are each
// other's inverse.
func TestVersionsAreTheOfficialSchemas(t *testing.T) {
	entries, err := os.ReadDir(schemasDir)
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for _, e := range entries {
		if e.IsDir() {
			dirs = append(dirs, e.Name())
		}
	}
	slices.Sort(dirs)
	if got := Versions(); !slices.Equal(got, dirs) {
		t.Fatalf("Versions() = %v, the official schemas are %v", got, dirs)
	}
	if Latest.String() != dirs[len(dirs)-1] || LatestVersion != Latest.String() {
		t.Errorf("Latest is %s (LatestVersion %s), the newest schema %s", Latest, LatestVersion, dirs[len(dirs)-1])
	}
	for i, v := range Versions() {
		r, ok := Parse(v)
		if !ok || int(r) != i || r.String() != v {
			t.Errorf("Parse(%q) = %d, %v (String %q), want %d", v, r, ok, r.String(), i)
		}
	}
	for _, v := range []string{"", "2024-10-07", "2026-07-28 ", "latest"} {
		if _, ok := Parse(v); ok {
			t.Errorf("Parse(%q) is a revision", v)
		}
	}
	vs := Versions()
	vs[0] = "changed"
	if Versions()[0] != V20241105 {
		t.Error("Versions returns the list itself, not a copy")
	}
}

// TestAmong: the known revisions among a list, oldest first.
func TestAmong(t *testing.T) {
	for _, tc := range []struct {
		in, want []string
	}{
		{nil, nil},
		{[]string{"2024-10-07", "1999-01-01"}, nil},
		{[]string{V20260728, V20251125, V20250618, V20250326, V20241105}, Versions()},
		{[]string{V20251125, "2024-10-07", V20241105, V20251125}, []string{V20241105, V20251125}},
	} {
		if got := Among(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("Among(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

// TestTableIsTheOfficialSchemas: for every revision, each field the table
// decides is defined exactly where the revision's official schema has it,
// each block type exists exactly where the schema has its definition, and
// structured content, the reserved _meta keys and initialize are as the
// schema gives them.
func TestTableIsTheOfficialSchemas(t *testing.T) {
	// object of Defines, its definition in the schemas, and the fields of
	// it whose presence depends on the revision ("" is the object itself)
	objects := []struct {
		object, def string
		fields      []string
	}{
		{ToolResult, "CallToolResult", []string{"_meta", "structuredContent", "resultType", "isError", "content"}},
		{ResourceResult, "ReadResourceResult", []string{"_meta", "resultType", "ttlMs", "cacheScope", "contents"}},
		{"text", "TextContent", []string{"", "_meta", "annotations"}},
		{"image", "ImageContent", []string{"", "_meta", "annotations"}},
		{"audio", "AudioContent", []string{"", "_meta", "annotations"}},
		{"resource_link", "ResourceLink", []string{"", "_meta", "icons", "title", "size"}},
		{"resource", "EmbeddedResource", []string{"", "_meta"}},
		{"contents", "TextResourceContents", []string{"_meta", "mimeType"}},
		{"contents", "BlobResourceContents", []string{"_meta", "mimeType"}},
		{"tool", "Tool", []string{"outputSchema", "icons"}},
	}
	for _, v := range Versions() {
		r, _ := Parse(v)
		defs, text := officialSchema(t, v)
		for _, o := range objects {
			def, exists := defs[o.def]
			for _, f := range o.fields {
				want := exists
				if f != "" {
					if !exists {
						// a field of a block type the revision lacks is
						// not asked about: the block type is refused
						continue
					}
					_, want = properties(defs, def)[f]
				}
				if got := r.Defines(o.object, f); got != want {
					t.Errorf("%s: Defines(%q, %q) = %v, the official schema says %v", v, o.object, f, got, want)
				}
			}
		}
		// annotations: a definition of their own, or inline in a block
		ann := properties(defs, properties(defs, defs["TextContent"])["annotations"].(map[string]any))
		if _, want := ann["lastModified"]; r.Defines("annotations", "lastModified") != want {
			t.Errorf("%s: Defines(annotations, lastModified) = %v, the official schema says %v", v, !want, want)
		}

		sc, hasSC := properties(defs, defs["CallToolResult"])["structuredContent"].(map[string]any)
		if want := hasSC && sc["type"] != "object"; r.StructuredAnyValue() != want {
			t.Errorf("%s: StructuredAnyValue() = %v, the official schema says %v", v, !want, want)
		}
		for _, key := range []string{ServerInfoKey, RelatedTaskKey} {
			if want := strings.Contains(text, `"`+key+`"`) || strings.Contains(text, "`"+key+"`"); r.DefinesMetaKey(key) != want {
				t.Errorf("%s: DefinesMetaKey(%q) = %v, the official schema says %v", v, key, !want, want)
			}
		}
		if r.DefinesMetaKey("io.modelcontextprotocol/other") {
			t.Errorf("%s: an unknown reserved key is defined", v)
		}
		if _, initialize := defs["InitializeRequest"]; r.Stateless() == initialize {
			t.Errorf("%s: Stateless() = %v, but the official schema has initialize: %v", v, r.Stateless(), initialize)
		}
	}
}

// TestOrdinalsAreChronological: "from this revision on" compares ordinals,
// which are in the order of the dates.
func TestOrdinalsAreChronological(t *testing.T) {
	vs := Versions()
	if !slices.IsSorted(vs) {
		t.Fatalf("Versions() = %v is not oldest first", vs)
	}
	for i := 1; i < len(vs); i++ {
		a, _ := Parse(vs[i-1])
		b, _ := Parse(vs[i])
		if !(a < b) {
			t.Errorf("%s is not before %s as ordinals", a, b)
		}
	}
}

// TestInputErrorsInResult pins the revisions whose specification says a
// tool's input validation errors come back in the result: 2025-11-25 on.
func TestInputErrorsInResult(t *testing.T) {
	want := map[Revision]bool{R20241105: false, R20250326: false, R20250618: false, R20251125: true, R20260728: true}
	for r, w := range want {
		if got := r.InputErrorsInResult(); got != w {
			t.Errorf("%s: InputErrorsInResult() = %v, want %v", r, got, w)
		}
	}
	if len(want) != len(Versions()) {
		t.Errorf("the test names %d revisions, the table has %d", len(want), len(Versions()))
	}
}
