package check

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/schemac"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
)

// maxSchemaFindings bounds the output_schema_mismatch findings of a result.
const maxSchemaFindings = 20

// schemaURL is the address the output schema is compiled under: nothing is
// ever loaded from it, nor from any other address (see internal/schemac).
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
	if n := countObjects(doc, maxSchemaObjects); n > maxSchemaObjects {
		f.add(Warning, CodeOutputSchemaTooComplex, "", fmt.Sprintf(
			"the tool's outputSchema was not compiled, nor results checked against it: it has more than %d objects, and compiling a schema takes time that grows as the square of its parts", maxSchemaObjects))
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
		c := schemac.New()
		c.DefaultDraft(d.draft)
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
	var unchecked []string
	defer func() {
		if len(unchecked) > 0 {
			f.add(Warning, CodeOutputSchemaTooComplex, "/structuredContent", fmt.Sprintf(
				"structuredContent was not checked against the tool's outputSchema as JSON Schema %s: validating it would take more than %d evaluations of the schema's parts (anyOf, oneOf, allOf or $refs that reach one part by many ways multiply them); clients that check it may take as long",
				strings.Join(unchecked, " or "), maxSchemaEvaluations))
		}
	}()
	for _, cs := range schemas {
		if !validationWithin(cs.schema, inst) {
			unchecked = append(unchecked, cs.name)
			continue
		}
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

// CodeOutputSchemaTooComplex (warning): structuredContent was not checked
// against the tool's outputSchema under a dialect, because validating it
// would take more than 250,000 evaluations of the schema's parts (anyOf,
// oneOf, allOf and $refs that reach one part by many ways multiply them, so
// a short schema can take longer than a check has); or the outputSchema has
// more than 10,000 objects, and was not compiled at all.
const CodeOutputSchemaTooComplex Code = "output_schema_too_complex"

// maxSchemaObjects bounds the JSON objects of an outputSchema that is
// compiled: the compiler takes time that grows as the square of a schema's
// parts (10,000 take about half a second).
const maxSchemaObjects = 10_000

// countObjects counts the JSON objects of a decoded document, stopping
// past limit.
func countObjects(doc any, limit int) int {
	n := 0
	stack := []any{doc}
	for len(stack) > 0 && n <= limit {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch v := v.(type) {
		case map[string]any:
			n++
			for _, m := range v {
				stack = append(stack, m)
			}
		case []any:
			stack = append(stack, v...)
		}
	}
	return n
}

// maxSchemaEvaluations bounds the work of validating one structuredContent
// against one compiled outputSchema: the evaluations of a subschema at a
// place of the value, counted (from above) before validating. A failing
// evaluation costs a few microseconds, so this stays within a second or
// two whatever the schema.
const maxSchemaEvaluations = 250_000

// schemaWork counts, from above, the evaluations of subschemas that
// validating a value takes: at each place of the value, every subschema
// that applies there, once per way it is reached (a subschema reached
// through two branches of an anyOf is evaluated twice, and everything
// under it too). It stops past limit.
type schemaWork struct {
	limit, work int
}

// sat caps a count just past the limit, so that counts never overflow.
func (w *schemaWork) sat(n int) int { return min(n, w.limit+1) }

// add counts n evaluations, reporting false past the limit.
func (w *schemaWork) add(n int) bool {
	w.work = w.sat(w.work + n)
	return w.work <= w.limit
}

// validationWithin reports whether validating inst against s takes at most
// maxSchemaEvaluations evaluations.
func validationWithin(s *jsonschema.Schema, inst any) bool {
	w := &schemaWork{limit: maxSchemaEvaluations}
	return w.at(map[*jsonschema.Schema]int{s: 1}, inst)
}

// inPlace are the subschemas that apply to the same value as s.
func inPlace(s *jsonschema.Schema) []*jsonschema.Schema {
	out := make([]*jsonschema.Schema, 0, 4+len(s.AllOf)+len(s.AnyOf)+len(s.OneOf))
	out = append(out, s.Ref, s.RecursiveRef, s.Not, s.If, s.Then, s.Else)
	if s.DynamicRef != nil {
		out = append(out, s.DynamicRef.Ref)
	}
	out = append(out, s.AllOf...)
	out = append(out, s.AnyOf...)
	out = append(out, s.OneOf...)
	for _, d := range sortedKeys(s.DependentSchemas) {
		out = append(out, s.DependentSchemas[d])
	}
	for _, d := range sortedKeys(s.Dependencies) {
		if ds, ok := s.Dependencies[d].(*jsonschema.Schema); ok {
			out = append(out, ds)
		}
	}
	return slices.DeleteFunc(out, func(c *jsonschema.Schema) bool { return c == nil })
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// at counts the evaluations at one place of the value, where the
// subschemas of set apply, each as many times as its count, and under it.
func (w *schemaWork) at(set map[*jsonschema.Schema]int, inst any) bool {
	// The subschemas that apply here, parents before children (a $ref
	// back to a subschema being applied here is not followed: validators
	// stop such a loop), and how many ways each is reached. The walk costs
	// as much as counting what it finds, which follows.
	var order []*jsonschema.Schema
	state := map[*jsonschema.Schema]uint8{} // 1 visiting, 2 done
	var visit func(s *jsonschema.Schema)
	visit = func(s *jsonschema.Schema) {
		state[s] = 1
		for _, c := range inPlace(s) {
			if state[c] == 0 {
				visit(c)
			}
		}
		state[s] = 2
		order = append(order, s)
	}
	roots := make([]*jsonschema.Schema, 0, len(set))
	for s := range set {
		roots = append(roots, s)
	}
	slices.SortFunc(roots, func(a, b *jsonschema.Schema) int { return strings.Compare(a.Location, b.Location) })
	for _, s := range roots {
		if state[s] == 0 {
			visit(s)
		}
	}
	slices.Reverse(order)
	rank := make(map[*jsonschema.Schema]int, len(order))
	for i, s := range order {
		rank[s] = i
	}
	count := make(map[*jsonschema.Schema]int, len(order))
	for s, n := range set {
		count[s] = n
	}
	for i, s := range order {
		n := count[s]
		cost := 1
		if s.Enum != nil {
			cost += len(s.Enum.Values) / 64 // a comparison is cheap beside an evaluation
		}
		if !w.add(w.sat(n * cost)) {
			return false
		}
		for _, c := range inPlace(s) {
			if rank[c] > i { // not a loop back
				count[c] = w.sat(count[c] + n)
			}
		}
	}

	// The places under this one.
	switch v := inst.(type) {
	case map[string]any:
		for _, k := range sortedKeys(v) {
			if !w.add(len(order) / 4) { // each subschema here looks at the member
				return false
			}
			next := map[*jsonschema.Schema]int{}
			names := map[*jsonschema.Schema]int{}
			for _, s := range order {
				n := count[s]
				matched := false
				if p := s.Properties[k]; p != nil {
					next[p], matched = w.sat(next[p]+n), true
				}
				if len(s.PatternProperties) > 0 && !w.add(len(s.PatternProperties)) {
					return false
				}
				for re, p := range s.PatternProperties {
					if re.MatchString(k) {
						next[p], matched = w.sat(next[p]+n), true
					}
				}
				if ap, ok := s.AdditionalProperties.(*jsonschema.Schema); ok && !matched {
					next[ap] = w.sat(next[ap] + n)
				}
				if s.UnevaluatedProperties != nil {
					next[s.UnevaluatedProperties] = w.sat(next[s.UnevaluatedProperties] + n)
				}
				if s.PropertyNames != nil {
					names[s.PropertyNames] = w.sat(names[s.PropertyNames] + n)
				}
			}
			if len(next) > 0 && !w.at(next, v[k]) || len(names) > 0 && !w.at(names, k) {
				return false
			}
		}
	case []any:
		for i, item := range v {
			if !w.add(len(order) / 4) { // each subschema here looks at the item
				return false
			}
			next := map[*jsonschema.Schema]int{}
			put := func(p *jsonschema.Schema, n int) {
				if p != nil {
					next[p] = w.sat(next[p] + n)
				}
			}
			for _, s := range order {
				n := count[s]
				switch items := s.Items.(type) {
				case *jsonschema.Schema:
					put(items, n)
				case []*jsonschema.Schema:
					if i < len(items) {
						put(items[i], n)
					} else if ai, ok := s.AdditionalItems.(*jsonschema.Schema); ok {
						put(ai, n)
					}
				}
				if i < len(s.PrefixItems) {
					put(s.PrefixItems[i], n)
				} else {
					put(s.Items2020, n)
				}
				put(s.Contains, n)
				put(s.UnevaluatedItems, n)
			}
			if len(next) > 0 && !w.at(next, item) {
				return false
			}
		}
	}
	return true
}
