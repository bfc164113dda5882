package result_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/vectortest"
	"github.com/mcpresult/mcpresult/result"
)

func ExampleOutputSchema() {
	// A tool that returns a list: its structured content is an array, which
	// Serialize wraps as {"result": [...]} for 2025-06-18 and 2025-11-25, so
	// the schema those clients are given is wrapped the same way.
	schema, _ := content.ParseJSON([]byte(`{"$schema":"https://json-schema.org/draft/2020-12/schema",` +
		`"type":"array","items":{"$ref":"#/$defs/reading"},"$defs":{"reading":{"type":"number"}}}`))
	for _, v := range []string{"2026-07-28", "2025-06-18", "2025-03-26"} {
		b, err := result.OutputSchema(schema, v)
		switch {
		case err != nil:
			fmt.Println(v, err)
		case b == nil:
			fmt.Println(v, "(no outputSchema in this revision)")
		default:
			fmt.Println(v, string(b))
		}
	}
	// Output:
	// 2026-07-28 {"$schema":"https://json-schema.org/draft/2020-12/schema","type":"array","items":{"$ref":"#/$defs/reading"},"$defs":{"reading":{"type":"number"}}}
	// 2025-06-18 {"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"result":{"type":"array","items":{"$ref":"#/properties/result/$defs/reading"},"$defs":{"reading":{"type":"number"}}}},"required":["result"]}
	// 2025-03-26 (no outputSchema in this revision)
}

// TestOutputSchemaGoValues: the Go values the package accepts elsewhere,
// read strictly; a Go map's keys sorted, a parsed value's order kept; the
// same as OutputSchemaValue with the options as a value.
func TestOutputSchemaGoValues(t *testing.T) {
	type point struct{ X int }
	parsed, err := content.ParseJSON([]byte(`{"type":"string","title":"b","description":"a"}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name      string
		schema    any
		version   string
		want      string // "" with code "": omitted
		code      content.Code
		path      string
		wantValue bool // OutputSchemaValue agrees (false: the version is only valid natively)
	}{
		{"map, sorted keys", map[string]any{"type": "string", "title": "b", "description": "a"}, "2026-07-28",
			`{"description":"a","title":"b","type":"string"}`, "", "", true},
		{"parsed, order kept, wrapped", parsed, "2025-11-25",
			`{"type":"object","properties":{"result":{"type":"string","title":"b","description":"a"}},"required":["result"]}`, "", "", true},
		{"map[string]string", map[string]string{"type": "object"}, "2025-06-18", `{"type":"object"}`, "", "", true},
		{"bool", true, "", `true`, "", "", false},
		{"omitted", map[string]any{"type": "array"}, "2024-11-05", "", "", "", true},
		{"nil", nil, "", "", content.CodeInvalidType, "", false},
		{"a string", "object", "2025-06-18", "", content.CodeInvalidType, "", true},
		{"a []any", []any{true}, "2025-06-18", "", content.CodeInvalidType, "", true},
		{"a struct at the root", point{1}, "2025-06-18", "", content.CodeUnsupportedValue, "", true},
		{"a struct inside, strict", map[string]any{"default": point{1}}, "2025-06-18", "", content.CodeUnsupportedValue, "/default", true},
		{"bytes inside", map[string]any{"examples": []any{[]byte("x")}}, "2025-03-26", "", content.CodeUnsupportedValue, "/examples/0", true},
		{"an unknown revision", true, "2025-01-01", "", content.CodeUnsupportedProtocolVersion, "/protocolVersion", true},
	} {
		got, err := result.OutputSchema(c.schema, c.version)
		check := func(api string, got []byte, err error) {
			t.Helper()
			if c.code != "" {
				var e *result.Error
				if !errors.As(err, &e) || e.Code != c.code || e.Path != c.path || !errors.Is(err, c.code) || got != nil {
					t.Errorf("%s, %s: %q, %v; want %s at %q", c.name, api, got, err, c.code, c.path)
				}
				return
			}
			if err != nil || string(got) != c.want || (got == nil) != (c.want == "") {
				t.Errorf("%s, %s: %q, %v; want %q", c.name, api, got, err, c.want)
			}
		}
		check("OutputSchema", got, err)
		if c.wantValue {
			got, err = vectortest.OutputSchemaValue(result.Settings{}, c.schema,
				content.NewObject(content.Str("protocolVersion", content.NewString(c.version))))
			check("OutputSchemaValue", got, err)
		}
	}
	// Options null or {} are the default revision; settings are checked first.
	for _, o := range []content.Value{content.Null(), content.NewObject()} {
		if got, err := vectortest.OutputSchemaValue(result.Settings{}, []any{}, o); !errors.Is(err, content.CodeInvalidType) || got != nil {
			t.Errorf("options %v: %q %v", o, got, err)
		}
		if got, err := vectortest.OutputSchemaValue(result.Settings{}, true, o); err != nil || string(got) != "true" {
			t.Errorf("options %v: %q %v", o, got, err)
		}
	}
	if _, err := vectortest.OutputSchemaValue(result.Settings{MaxNodes: -1}, "x", content.NewString("x")); !errors.Is(err, content.CodeInvalidOption) {
		t.Errorf("bad settings: %v", err)
	}
}

// TestOutputSchemaMatchesSerialize: the wrapped schema describes what
// Serialize writes for the same revisions: structured content that is not
// an object appears under "result", an object as it is.
func TestOutputSchemaMatchesSerialize(t *testing.T) {
	for _, c := range []struct {
		sc     any
		schema string
	}{
		{[]any{1.5, 2}, `{"type":"array"}`},
		{"text", `{"type":"string"}`},
		{map[string]any{"a": 1}, `{"type":"object"}`},
	} {
		r, err := result.Tool(result.StructuredContent(c.sc))
		if err != nil {
			t.Fatal(err)
		}
		schema, _ := content.ParseJSON([]byte(c.schema))
		for _, v := range []string{result.V20250618, result.V20251125} {
			out, err := result.Serialize(r, result.SerializeOptions{ProtocolVersion: v})
			if err != nil {
				t.Fatal(err)
			}
			s, err := result.OutputSchema(schema, v)
			if err != nil {
				t.Fatal(err)
			}
			written, _ := content.ParseJSON(out)
			sc, _ := written.Get("structuredContent")
			parsed, _ := content.ParseJSON(s)
			typ, _ := parsed.Get("type")
			props, wrapped := parsed.Get("properties")
			_, inResult := sc.Get("result")
			if typ.Str() != "object" || sc.Kind() != content.KindObject || wrapped != inResult {
				t.Errorf("%v for %s: structuredContent %s, schema %s", c.sc, v, out, s)
			}
			if wrapped {
				inner, _ := props.Get("result")
				if !content.Equal(inner, schema) {
					t.Errorf("%v for %s: inner schema %s", c.sc, v, s)
				}
			}
		}
	}
}
