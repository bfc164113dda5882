package sdkproof

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// revisions are the protocol revisions proved, oldest first.
var revisions = []string{"2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"}

// officialSchemas are the official MCP schemas, one compiler a revision.
var officialSchemas = struct {
	sync.Mutex
	byDef map[string]*jsonschema.Schema // "<rev>#<definition>"
}{byDef: map[string]*jsonschema.Schema{}}

// noLoader refuses every reference outside the schema.
type noLoader struct{}

func (noLoader) Load(url string) (any, error) {
	return nil, errors.New("not loaded: " + url)
}

// validateOfficial validates raw JSON against a definition of the official
// schema of rev (CallToolResult, ReadResourceResult…).
func validateOfficial(rev, def string, raw []byte) error {
	officialSchemas.Lock()
	defer officialSchemas.Unlock()
	key := rev + "#" + def
	s, ok := officialSchemas.byDef[key]
	if !ok {
		path := filepath.Join("..", "..", "testdata", "mcp-schemas", rev, "schema.json")
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		doc, err := jsonschema.UnmarshalJSON(f)
		f.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		defs := "definitions"
		if m, ok := doc.(map[string]any); ok {
			if _, ok := m["$defs"]; ok {
				defs = "$defs"
			}
		}
		url := "urn:mcp-schema:" + rev
		c := jsonschema.NewCompiler()
		c.UseLoader(noLoader{})
		if err := c.AddResource(url, doc); err != nil {
			return err
		}
		if s, err = c.Compile(url + "#/" + defs + "/" + def); err != nil {
			return fmt.Errorf("%s: %s: %w", rev, def, err)
		}
		officialSchemas.byDef[key] = s
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return err
	}
	return s.Validate(v)
}

// compileSchema compiles a tool's output schema as a client would (JSON
// Schema 2020-12 unless it names its own dialect with $schema).
func compileSchema(raw json.RawMessage) (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.UseLoader(noLoader{})
	if err := c.AddResource("urn:output-schema", doc); err != nil {
		return nil, err
	}
	return c.Compile("urn:output-schema")
}
