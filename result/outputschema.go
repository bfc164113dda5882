package result

import (
	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/engine"
)

// OutputSchema returns the JSON of the output schema a server advertises for
// a tool in tools/list to a client of protocolVersion ("" is 2026-07-28), as
// the package doc's "Output schemas" describes: the schema unchanged, or
// wrapped as {"type":"object","properties":{"result":schema},
// "required":["result"]} for 2025-06-18 and 2025-11-25 when it is not an
// object schema, or nil with no error for 2025-03-26 and 2024-11-05, which
// have no outputSchema (leave the field out).
//
// The schema is a JSON object or a boolean: a content.Value (parse JSON
// text, such as a json.RawMessage, with content.ParseJSON: it keeps the key
// order) or a plain Go value such as a map[string]any (whose keys are
// written sorted, as encoding/json writes them). It is read strictly and
// bounded by the default settings.
func OutputSchema(schema any, protocolVersion string) ([]byte, error) {
	if _, err := revisionOf(protocolVersion); err != nil {
		return nil, err
	}
	options := content.Null()
	if protocolVersion != "" {
		options = content.NewObject(content.Str("protocolVersion", content.NewString(protocolVersion)))
	}
	return outputSchemaValue(Settings{}, schema, options)
}

var outputSchemaOptionNames = []string{"protocolVersion"}

// outputSchemaValue is OutputSchema with settings and with options given as
// a value in wire names ({protocolVersion}), as the module and the vectors
// give them: an unknown or repeated option, or one of the wrong type, is the
// error of the call (unknown_option, duplicate_option, invalid_option,
// unsupported_protocol_version), as for serializeValue. The settings bound
// the schema as they bound a result (maxJsonBytes, maxNodes, depth 64); their
// canonicalization does not apply: a schema is always read strictly (so the
// hint of an unsupported_value message at canonicalization "json" does not
// apply to it either).
func outputSchemaValue(s Settings, schema any, options content.Value) ([]byte, error) {
	if err := s.Check(); err != nil {
		return nil, err
	}
	if err := optionsObject(options, outputSchemaOptionNames, "outputSchema"); err != nil {
		return nil, err
	}
	version, err := versionOption(options)
	if err != nil {
		return nil, err
	}
	rev, err := revisionOf(version)
	if err != nil {
		return nil, err
	}
	s = s.withDefaults()
	c := engine.NewChecker(engine.CheckOptions{Mode: content.Strict, MaxNodes: s.MaxNodes, MaxBytes: s.MaxJSONBytes})
	v, ok := c.Resolve(content.FromGo(schema))
	if !ok {
		return nil, c.Err()
	}
	if k := v.Kind(); k != content.KindObject && k != content.KindBool {
		return nil, content.NewError(content.CodeInvalidType, "", "an output schema must be a JSON object or a boolean")
	}
	v = c.Free(v, 1)
	if err := c.Err(); err != nil {
		return nil, err
	}
	if t, _ := v.Get("type"); rev.Defines("tool", "outputSchema") && !rev.StructuredAnyValue() && (t.Kind() != content.KindString || t.Str() != "object") {
		// Not an object schema: the schema of {"result": value}, a root
		// $schema moved to the wrapper, the local refs following the
		// schema to /properties/result.
		w := make([]content.Member, 0, 4)
		if d, ok := v.Get("$schema"); ok {
			w = append(w, content.Str("$schema", d))
		}
		v = content.NewObject(append(w,
			content.Str("type", content.NewString("object")),
			content.Str("properties", content.NewObject(content.Str("result", rebase(v, false, true)))),
			content.Str("required", content.NewArray(content.NewString("result"))))...)
	}
	out, err := s.write(v, content.Wire)
	if !rev.Defines("tool", "outputSchema") {
		// No outputSchema in this revision: the schema is still checked,
		// as 2026-07-28 writes it.
		out = nil
	}
	return out, err
}

// rebase rewrites the $ref values "#" and "#/…" of a schema, of an array of
// schemas or (names) of a map of names to schemas as "#/properties/result…".
// It leaves alone a schema with an $id (its refs resolve against it) and
// the data of const, enum, default and examples, and reads the members of
// properties, patternProperties, $defs, definitions, dependentSchemas and
// dependencies as schemas whatever their names. root drops the $schema of
// the root (moved to the wrapper), whether or not it has an $id.
//
//go:noinline
func rebase(v content.Value, names, root bool) content.Value {
	n := v.Len()
	if v.Kind() == content.KindArray {
		items := make([]content.Value, n)
		for i := range items {
			items[i] = rebase(v.Index(i), false, false)
		}
		return content.NewArray(items...)
	}
	_, id := v.Get("$id")
	id = id && !names
	if v.Kind() != content.KindObject || id && !root {
		return v
	}
	out := make([]content.Member, n)
	j := 0
	for i := range out {
		m := v.Member(i)
		switch key := m.Key.Str(); {
		case names:
			m.Value = rebase(m.Value, false, false)
		case root && key == "$schema":
			continue
		case id: // the root, a resource of its own
		default:
			switch key {
			case "const", "enum", "default", "examples":
			case "$ref":
				if r := m.Value.Str(); m.Value.Kind() == content.KindString && (r == "#" || len(r) > 1 && r[:2] == "#/") {
					m.Value = content.NewString("#/properties/result" + r[1:])
				}
			case "properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies":
				m.Value = rebase(m.Value, true, false)
			default:
				m.Value = rebase(m.Value, false, false)
			}
		}
		out[j] = m
		j++
	}
	return content.NewObject(out[:j]...)
}
