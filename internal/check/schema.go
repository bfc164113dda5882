package check

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/mcpresult/mcpresult/content"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
)

// maxSchemaFindings bounds the output_schema_mismatch findings of a result.
const maxSchemaFindings = 20

// schemaURL is the address the output schema is compiled under: nothing is
// ever loaded from it, nor from any other address (see noLoader).
const schemaURL = "urn:mcpresult:check:output-schema"

// The two dialects clients validate output schemas with: the Go SDK
// (2020-12), Ajv's default in the TypeScript SDK (draft-07).
var schemaDrafts = []struct {
	name  string
	draft *jsonschema.Draft
}{
	{"2020-12", jsonschema.Draft2020},
	{"draft-07", jsonschema.Draft7},
}

// noLoader refuses every remote or file reference: an output schema comes
// from the server being checked and must not make the checker read files
// or the network.
type noLoader struct{}

// Load refuses url.
func (noLoader) Load(url string) (any, error) {
	return nil, errors.New("references outside the schema are not loaded")
}

// lenientRegexp compiles with Go's regexp and, for an ECMAScript pattern
// that RE2 does not support (lookaround, backreferences), accepts every
// string rather than call a schema invalid that JavaScript clients accept.
func lenientRegexp(s string) (jsonschema.Regexp, error) {
	if re, err := regexp.Compile(s); err == nil {
		return re, nil
	}
	return anyString(s), nil
}

// anyString is a pattern RE2 cannot compile, which matches every string.
type anyString string

// MatchString matches every string.
func (anyString) MatchString(string) bool { return true }

// String is the pattern as written.
func (a anyString) String() string { return string(a) }

// compiledSchema is the output schema compiled under one dialect.
type compiledSchema struct {
	name   string // "2020-12", "draft-07", or "its $schema"
	schema *jsonschema.Schema
}

// compileOutputSchema compiles the tool's output schema under each
// dialect (once, when it names its own with $schema), adding
// output_schema_invalid for each dialect it does not compile under.
func (f *findings) compileOutputSchema(raw []byte) []compiledSchema {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		f.add(Error, CodeOutputSchemaInvalid, "", "the tool's outputSchema in tools/list is not JSON")
		return nil
	}
	switch doc.(type) {
	case map[string]any, bool:
	default:
		f.add(Error, CodeOutputSchemaInvalid, "", "the tool's outputSchema in tools/list is neither a JSON object nor a boolean")
		return nil
	}
	drafts := schemaDrafts
	if m, ok := doc.(map[string]any); ok {
		if d, ok := m["$schema"]; ok {
			// The schema names its dialect; the default does not apply.
			ds, _ := d.(string)
			drafts = []struct {
				name  string
				draft *jsonschema.Draft
			}{{dialectName(ds), jsonschema.Draft2020}}
		}
	}
	var out []compiledSchema
	var failed, reasons []string
	defer func() {
		if len(failed) == 0 {
			return
		}
		reason := reasons[0]
		if len(reasons) > 1 && reasons[1] != reasons[0] {
			reason = failed[0] + ": " + reasons[0] + "; " + failed[1] + ": " + reasons[1]
		}
		f.add(Error, CodeOutputSchemaInvalid, "", fmt.Sprintf(
			"the tool's outputSchema does not compile as JSON Schema %s (%s); clients cannot check results against it, and may refuse the tool or every call",
			strings.Join(failed, " or "), reason))
	}()
	for _, d := range drafts {
		c := jsonschema.NewCompiler()
		c.DefaultDraft(d.draft)
		c.UseLoader(noLoader{})
		c.UseRegexpEngine(lenientRegexp)
		if err := c.AddResource(schemaURL, doc); err != nil {
			f.add(Error, CodeOutputSchemaInvalid, "", "the tool's outputSchema cannot be read as a schema")
			return nil
		}
		s, err := c.Compile(schemaURL)
		if err != nil {
			failed, reasons = append(failed, d.name), append(reasons, schemaCompileReason(err))
			continue
		}
		out = append(out, compiledSchema{d.name, s})
	}
	return out
}

// schemaCompileReason says why a schema did not compile, without the
// schema's values.
func schemaCompileReason(err error) string {
	var se *jsonschema.SchemaValidationError
	if errors.As(err, &se) {
		var ve *jsonschema.ValidationError
		if errors.As(se.Err, &ve) {
			for len(ve.Causes) > 0 {
				ve = ve.Causes[0]
			}
			loc := pointer("", toAny(ve.InstanceLocation)...)
			if loc == "" {
				loc = "its root"
			}
			return "not valid against the dialect's meta-schema at " + loc
		}
		return "not valid against the dialect's meta-schema"
	}
	var le *jsonschema.LoadURLError
	if errors.As(err, &le) {
		return "it refers to a schema outside itself, which is not loaded"
	}
	msg := err.Error()
	if len(msg) > 200 {
		msg = msg[:200] + "…"
	}
	return msg
}

func toAny(s []string) []any {
	out := make([]any, len(s))
	for i, x := range s {
		out[i] = x
	}
	return out
}

// outputSchema checks a result against the tool's outputSchema:
// output_schema_invalid, output_schema_no_structured_content,
// output_schema_mismatch. An isError result is not held to it.
func (f *findings) outputSchema(c ToolCall, raw []byte, v content.Value, isError bool) {
	s := bytes.TrimSpace(c.Tool.OutputSchema)
	if len(s) == 0 || string(s) == "null" || isError {
		return
	}
	schemas := f.compileOutputSchema(s)
	sc, ok := v.Get("structuredContent")
	if !ok {
		f.add(Error, CodeOutputSchemaNoStructuredContent, "",
			"the tool declares an outputSchema but the result has no structuredContent; clients that check it (Cursor, the official SDKs' clients) reject the call")
		return
	}
	if objectOnly(c.Revision) && sc.Kind() != content.KindObject {
		return // validate reports it; this revision's clients read only an object
	}
	if len(schemas) == 0 {
		return
	}
	// The value as a schema validator reads it: the last of repeated keys,
	// numbers as json.Number.
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return
	}
	m, _ := doc.(map[string]any)
	inst := m["structuredContent"]

	type mismatch struct {
		path, msg string
		drafts    []string
	}
	var list []*mismatch
	byKey := map[string]*mismatch{}
	for _, cs := range schemas {
		err := cs.schema.Validate(inst)
		var ve *jsonschema.ValidationError
		if !errors.As(err, &ve) {
			continue
		}
		for _, l := range schemaLeaves(ve) {
			p := pointer("/structuredContent", toAny(l.InstanceLocation)...)
			msg := describeSchemaError(l)
			key := p + "\x00" + msg
			if m := byKey[key]; m != nil {
				m.drafts = append(m.drafts, cs.name)
				continue
			}
			m := &mismatch{path: p, msg: msg, drafts: []string{cs.name}}
			byKey[key] = m
			list = append(list, m)
		}
	}
	sort.SliceStable(list, func(i, j int) bool { return list[i].path < list[j].path })
	for i, m := range list {
		if i == maxSchemaFindings {
			f.add(Error, CodeOutputSchemaMismatch, "/structuredContent", fmt.Sprintf("and %d more places that do not match the outputSchema", len(list)-i))
			break
		}
		under := "fails under " + strings.Join(m.drafts, " and ")
		if len(m.drafts) == 1 && len(schemas) > 1 {
			under += " only"
		}
		f.add(Error, CodeOutputSchemaMismatch, m.path, fmt.Sprintf(
			"structuredContent does not match the tool's outputSchema (%s): %s; clients that check it reject the call", under, m.msg))
	}
}

// schemaLeaves returns the errors to report: the innermost ones, except
// that a failed anyOf or oneOf is reported as one (its branches' errors
// would each be misleading).
func schemaLeaves(e *jsonschema.ValidationError) []*jsonschema.ValidationError {
	switch e.ErrorKind.(type) {
	case *kind.AnyOf, *kind.OneOf:
		return []*jsonschema.ValidationError{e}
	}
	if len(e.Causes) == 0 {
		return []*jsonschema.ValidationError{e}
	}
	var out []*jsonschema.ValidationError
	for _, c := range e.Causes {
		out = append(out, schemaLeaves(c)...)
	}
	return out
}

// describeSchemaError says what failed and at which keyword of the schema,
// without the instance's value.
func describeSchemaError(e *jsonschema.ValidationError) string {
	var what string
	switch k := e.ErrorKind.(type) {
	case *kind.Format:
		what = "not a valid " + k.Want
	case *kind.Pattern:
		what = fmt.Sprintf("does not match the pattern %q", k.Want)
	case *kind.Minimum:
		what = "below the minimum"
	case *kind.Maximum:
		what = "above the maximum"
	case *kind.ExclusiveMinimum:
		what = "not above the exclusive minimum"
	case *kind.ExclusiveMaximum:
		what = "not below the exclusive maximum"
	case *kind.MultipleOf:
		what = "not a multiple of multipleOf"
	case *kind.Enum:
		what = "not one of the enum's values"
	case *kind.Const:
		what = "not the const value"
	case *kind.AnyOf:
		what = "matches none of the anyOf choices"
	case *kind.OneOf:
		if len(k.Subschemas) > 1 {
			what = "matches more than one of the oneOf choices"
		} else {
			what = "matches none of the oneOf choices"
		}
	case *kind.FalseSchema:
		what = "the schema allows nothing here (false)"
	default:
		what = leafMessage(e)
	}
	if kw := keywordLocation(e); kw != "" {
		what += " (schema keyword " + kw + ")"
	}
	return what
}

// keywordLocation is the JSON Pointer of the failing keyword in the schema.
func keywordLocation(e *jsonschema.ValidationError) string {
	loc := ""
	if i := strings.IndexByte(e.SchemaURL, '#'); i >= 0 {
		loc = e.SchemaURL[i+1:]
	}
	for _, k := range e.ErrorKind.KeywordPath() {
		loc = pointer(loc, k)
	}
	return loc
}

// leafMessage is the library's English message of an error (used only for
// the kinds whose message names no instance value).
func leafMessage(e *jsonschema.ValidationError) string {
	if out := e.BasicOutput(); out != nil && out.Error != nil {
		return out.Error.String()
	}
	return "does not match"
}

// dialectName names the dialect a $schema value names.
func dialectName(s string) string {
	for _, d := range []string{"2020-12", "2019-09", "draft-07", "draft-06", "draft-04"} {
		if strings.Contains(s, "/"+d+"/") || strings.HasSuffix(s, "/"+d) {
			return d + " (its $schema)"
		}
	}
	return "as its $schema names it"
}
