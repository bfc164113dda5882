package check

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

func TestOutputSchema(t *testing.T) {
	const text = `{"type":"text","text":"x"}`
	cases := []struct {
		name, rev, schema, res string
		code                   Code // "": none of the output_schema codes
		path                   string
		msg                    string // a part of the message
	}{
		{"no structured content", "2025-06-18", `{"type":"object"}`,
			`{"content":[` + text + `],"isError":false}`, CodeOutputSchemaNoStructuredContent, "", "no structuredContent"},
		{"no structured content, isError omitted", "2025-11-25", `{"type":"object"}`,
			`{"content":[` + text + `]}`, CodeOutputSchemaNoStructuredContent, "", ""},
		{"wrong type", "2025-06-18", `{"type":"object","properties":{"id":{"type":"integer"}}}`,
			`{"content":[` + text + `],"structuredContent":{"id":"7"}}`, CodeOutputSchemaMismatch, "/structuredContent/id", "(fails under 2020-12 and draft-07): got string, want integer"},
		{"required", "2025-11-25", `{"type":"object","required":["city"]}`,
			`{"content":[` + text + `],"structuredContent":{"town":"Oslo"}}`, CodeOutputSchemaMismatch, "/structuredContent", "missing property"},
		{"deep, escaped", "2025-11-25", `{"type":"object","properties":{"a/b":{"type":"array","items":{"type":"boolean"}}}}`,
			`{"content":[` + text + `],"structuredContent":{"a/b":[true,1]}}`, CodeOutputSchemaMismatch, "/structuredContent/a~1b/1", ""},
		{"format: draft-07 only", "2025-06-18", `{"type":"object","properties":{"email":{"type":"string","format":"email"}}}`,
			`{"content":[` + text + `],"structuredContent":{"email":"not an address"}}`, CodeOutputSchemaMismatch, "/structuredContent/email", "fails under draft-07 only"},
		{"prefixItems: 2020-12 only", "2026-07-28", `{"type":"array","prefixItems":[{"type":"string"}]}`,
			`{"content":[` + text + `],"structuredContent":[1],"resultType":"complete"}`, CodeOutputSchemaMismatch, "/structuredContent/0", "fails under 2020-12 only"},
		{"anyOf reported once", "2025-06-18", `{"type":"object","properties":{"v":{"anyOf":[{"type":"string"},{"type":"null"}]}}}`,
			`{"content":[` + text + `],"structuredContent":{"v":1}}`, CodeOutputSchemaMismatch, "/structuredContent/v", "none of the anyOf"},
		{"local ref", "2025-06-18", `{"type":"object","properties":{"p":{"$ref":"#/$defs/P"}},"$defs":{"P":{"type":"object","required":["x"]}}}`,
			`{"content":[` + text + `],"structuredContent":{"p":{}}}`, CodeOutputSchemaMismatch, "/structuredContent/p", "/$defs/P/required"},
		{"invalid schema", "2025-06-18", `{"type":5}`,
			`{"content":[` + text + `],"structuredContent":{}}`, CodeOutputSchemaInvalid, "", "2020-12 or draft-07 (not valid against the dialect's meta-schema at /type)"},
		{"tuple items: invalid under 2020-12", "2025-06-18", `{"type":"object","properties":{"t":{"items":[{"type":"string"}]}}}`,
			`{"content":[` + text + `],"structuredContent":{"t":["a"]}}`, CodeOutputSchemaInvalid, "", "does not compile as JSON Schema 2020-12"},
		{"not a schema", "2025-06-18", `[1]`,
			`{"content":[` + text + `],"structuredContent":{}}`, CodeOutputSchemaInvalid, "", "neither"},
		{"file ref is not loaded", "2025-06-18", `{"type":"object","properties":{"a":{"$ref":"file:///etc/passwd"}}}`,
			`{"content":[` + text + `],"structuredContent":{"a":1}}`, CodeOutputSchemaInvalid, "", "not loaded"},
		{"remote ref is not loaded", "2025-06-18", `{"$ref":"https://example.com/schema.json"}`,
			`{"content":[` + text + `],"structuredContent":{"a":1}}`, CodeOutputSchemaInvalid, "", "not loaded"},

		{"matches", "2025-06-18", `{"type":"object","properties":{"id":{"type":"integer"}},"required":["id"]}`,
			`{"content":[{"type":"text","text":"{\"id\":7}"}],"structuredContent":{"id":7}}`, "", "", ""},
		{"big integer matches integer", "2025-06-18", `{"type":"object","properties":{"id":{"type":"integer","minimum":0}}}`,
			`{"content":[` + text + `],"structuredContent":{"id":123456789012345678901234567890}}`, "", "", ""},
		{"isError is not held to it", "2025-06-18", `{"type":"object","required":["id"]}`,
			`{"content":[{"type":"text","text":"no such city"}],"isError":true}`, "", "", ""},
		{"no outputSchema", "2025-06-18", ``,
			`{"content":[` + text + `]}`, "", "", ""},
		{"outputSchema null", "2025-06-18", `null`,
			`{"content":[` + text + `]}`, "", "", ""},
		{"revision without outputSchema", "2025-03-26", `{"type":"object","required":["id"]}`,
			`{"content":[` + text + `]}`, "", "", ""},
		{"object-only revision, array: validate's", "2025-06-18", `{"type":"object"}`,
			`{"content":[` + text + `],"structuredContent":[1]}`, "", "", ""},
		{"$schema draft-07 tuple", "2025-06-18", `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"t":{"items":[{"type":"string"}]}}}`,
			`{"content":[` + text + `],"structuredContent":{"t":["a"]}}`, "", "", ""},
		{"ECMAScript lookahead", "2025-06-18", `{"type":"object","properties":{"s":{"type":"string","pattern":"^(?!x)"}}}`,
			`{"content":[` + text + `],"structuredContent":{"s":"y"}}`, "", "", ""},
		{"last of repeated keys", "2025-06-18", `{"type":"object","properties":{"id":{"type":"integer"}}}`,
			`{"content":[` + text + `],"structuredContent":{"id":"x"},"structuredContent":{"id":1}}`, "", "", ""},
	}
	codes := []Code{CodeOutputSchemaNoStructuredContent, CodeOutputSchemaMismatch, CodeOutputSchemaInvalid}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			call := toolCall(c.rev, c.res)
			if c.schema != "" {
				call.Tool.OutputSchema = json.RawMessage(c.schema)
			}
			fs := CheckToolCall(call)
			for _, code := range codes {
				if code != c.code {
					expect(t, fs, code, "-", Error)
				}
			}
			if c.code == "" {
				return
			}
			expect(t, fs, c.code, c.path, Error)
			for _, f := range withCode(fs, c.code) {
				if f.Path == c.path && !strings.Contains(f.Message, c.msg) {
					t.Fatalf("message %q does not say %q", f.Message, c.msg)
				}
			}
		})
	}
}

// TestOutputSchemaMessages: messages name the keyword, never the value.
func TestOutputSchemaMessages(t *testing.T) {
	const secret = "hunter2-very-secret"
	cases := []struct{ name, schema string }{
		{"pattern", `{"type":"object","properties":{"p":{"type":"string","pattern":"^[0-9]+$"}}}`},
		{"format", `{"type":"object","properties":{"p":{"type":"string","format":"date"}}}`},
		{"enum", `{"type":"object","properties":{"p":{"enum":["a","b"]}}}`},
		{"const", `{"type":"object","properties":{"p":{"const":"a"}}}`},
		{"maxLength", `{"type":"object","properties":{"p":{"type":"string","maxLength":3}}}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			call := toolCall("2025-06-18", `{"content":[{"type":"text","text":"x"}],"structuredContent":{"p":"`+secret+`"}}`)
			call.Tool.OutputSchema = json.RawMessage(c.schema)
			fs := CheckToolCall(call)
			expect(t, fs, CodeOutputSchemaMismatch, "/structuredContent/p", Error)
			for _, f := range fs {
				if strings.Contains(f.Message, secret) {
					t.Fatalf("message repeats the value: %s", f.Message)
				}
			}
		})
	}
	t.Run("at most 20", func(t *testing.T) {
		var b strings.Builder
		for i := range 30 {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(`"x"`)
		}
		call := toolCall("2026-07-28", `{"content":[{"type":"text","text":"x"}],"structuredContent":[`+b.String()+`],"resultType":"complete"}`)
		call.Tool.OutputSchema = json.RawMessage(`{"type":"array","items":{"type":"integer"}}`)
		if n := len(withCode(CheckToolCall(call), CodeOutputSchemaMismatch)); n != 21 {
			t.Fatalf("%d findings, want 20 and a summary", n)
		}
	})
}

// defsChain is a schema of n $defs, each of which applies the next one
// twice (as each must, for each to be reached by 2^n ways), ending in last.
func defsChain(n int, each, last string) string {
	var b strings.Builder
	b.WriteString(`{"type":"object","properties":{"a":{"$ref":"#/$defs/d0"}},"$defs":{`)
	for i := 0; i < n; i++ {
		next := `{"$ref":"#/$defs/d` + strconv.Itoa(i+1) + `"}`
		b.WriteString(`"d` + strconv.Itoa(i) + `":` + strings.ReplaceAll(each, "NEXT", next) + `,`)
	}
	b.WriteString(`"d` + strconv.Itoa(n) + `":` + last + `}}`)
	return b.String()
}

func TestOutputSchemaTooComplex(t *testing.T) {
	items := func(n int, item string) string {
		return `[` + strings.TrimSuffix(strings.Repeat(item+",", n), ",") + `]`
	}
	var enum []string
	for i := range 1000 {
		enum = append(enum, `"v`+strconv.Itoa(i)+`"`)
	}
	enum1000 := `[` + strings.Join(enum, ",") + `]`
	for _, tc := range []struct {
		name, schema, sc string
		tooComplex       bool
		code             Code // another output_schema code it gives, or ""
	}{
		{"anyOf of two ways, 40 deep, failing",
			defsChain(40, `{"anyOf":[NEXT,{"allOf":[NEXT]}]}`, `{"type":"string"}`), `{"a":true}`, true, ""},
		{"oneOf of two ways, 40 deep, failing",
			defsChain(40, `{"oneOf":[NEXT,{"allOf":[NEXT]}]}`, `{"type":"string"}`), `{"a":true}`, true, ""},
		{"allOf of the same twice, 40 deep",
			defsChain(40, `{"allOf":[NEXT,{"not":{"not":NEXT}}]}`, `{"type":"boolean"}`), `{"a":true}`, true, ""},
		{"two ways per level of the value, 40 deep",
			defsChain(40, `{"anyOf":[{"properties":{"x":NEXT}},{"properties":{"x":NEXT},"required":[]}]}`, `{"type":"string"}`),
			`{"a":` + strings.Repeat(`{"x":`, 40) + `true` + strings.Repeat(`}`, 40) + `}`, true, ""},
		{"allOf of 2,000 parts on 1,000 items",
			`{"type":"object","properties":{"a":{"items":{"allOf":` + items(2000, `{"type":"integer"}`) + `}}}}`, `{"a":` + items(1000, `1`) + `}`, true, ""},

		{"100,000 parts: not compiled",
			`{"allOf":` + items(100_000, `{"type":"object"}`) + `}`, "", true, ""},

		{"anyOf of two ways, 10 deep (2^10)",
			defsChain(10, `{"anyOf":[NEXT,{"allOf":[NEXT]}]}`, `{"type":"string"}`), `{"a":true}`, false, CodeOutputSchemaMismatch},
		{"a recursive schema as deep as the value",
			`{"$ref":"#/$defs/n","$defs":{"n":{"type":"object","properties":{"next":{"anyOf":[{"$ref":"#/$defs/n"},{"type":"null"}]}}}}}`,
			strings.Repeat(`{"next":`, 50) + `null` + strings.Repeat(`}`, 50), false, ""},
		{"3,000 items of a small schema",
			`{"type":"object","properties":{"a":{"items":{"type":"object","properties":{"x":{"type":"integer"},"y":{"enum":` + enum1000 + `}}}}}}`,
			`{"a":` + items(3000, `{"x":1,"y":"v999"}`) + `}`, false, ""},
		{"a $ref loop in place",
			`{"$ref":"#/$defs/a","$defs":{"a":{"allOf":[{"$ref":"#/$defs/a"}]}}}`, `{}`, false, CodeOutputSchemaMismatch},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sc := tc.sc
			if sc == "" {
				sc = `{}`
			}
			res := `{"content":[{"type":"text","text":"x"}],"structuredContent":` + sc + `}`
			var fs []Finding
			within(t, func() {
				fs = CheckToolCall(ToolCall{Revision: "2025-06-18", Tool: Tool{Name: "t", OutputSchema: json.RawMessage(tc.schema)}, ArgsValid: true, Result: json.RawMessage(res)})
			})
			if tc.tooComplex && tc.sc == "" {
				expect(t, fs, CodeOutputSchemaTooComplex, "", Warning)
				return
			}
			if tc.tooComplex {
				expect(t, fs, CodeOutputSchemaTooComplex, "/structuredContent", Warning)
				if len(withCode(fs, CodeOutputSchemaTooComplex)) != 1 {
					t.Errorf("more than one finding:%s", dump(fs))
				}
				if f := withCode(fs, CodeOutputSchemaTooComplex); !strings.Contains(f[0].Message, "as JSON Schema 2020-12 or draft-07: validating it would take more than 250000 evaluations") {
					t.Errorf("message %q", f[0].Message)
				}
			} else {
				expect(t, fs, CodeOutputSchemaTooComplex, "-", Warning)
			}
			for _, code := range []Code{CodeOutputSchemaMismatch, CodeOutputSchemaInvalid, CodeOutputSchemaNoStructuredContent} {
				if got := len(withCode(fs, code)) > 0; got != (code == tc.code) {
					t.Errorf("%s: %v:%s", code, got, dump(fs))
				}
			}
		})
	}
}
