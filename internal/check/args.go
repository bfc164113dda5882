package check

import (
	"bytes"
	"encoding/json"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// GenerateArguments returns the arguments of a tool call made from the tool's
// inputSchema, for a server that is checked without a calls file: an object
// with every required property, each given the schema's default, else its
// examples[0], else its const, else its enum[0], else a small value of its
// type that honours the schema's bounds:
//
//   - a string of minLength "a"s (at least one, at most maxLength), or a
//     sample of its format (uri, email, date-time, date, time, uuid,
//     hostname, ipv4, ipv6…);
//   - the number or integer closest to 0 within minimum, maximum, their
//     exclusive forms and multipleOf;
//   - false, null;
//   - an array of minItems items (prefixItems, then items);
//   - an object of its required properties, recursively, plus optional ones
//     up to minProperties.
//
// Local $refs (to $defs, definitions or any JSON Pointer in the schema) are
// followed, allOf members are merged, and oneOf or anyOf take their first
// branch. Properties are written in the order of the schema's required list.
//
// complete is false when the schema asks for something this does not make
// (a pattern the value does not match, non-local $refs, unique items, a
// schema that accepts nothing, a schema too deep…): the arguments are then a
// best effort, and {} when the schema is not an object schema at all. A
// missing schema gives {} and true.
func GenerateArguments(inputSchema json.RawMessage) (args json.RawMessage, complete bool) {
	if len(bytes.TrimSpace(inputSchema)) == 0 {
		return json.RawMessage(`{}`), true
	}
	g := &argGen{root: inputSchema, complete: true}
	v := g.value(inputSchema, 0)
	if len(v) == 0 || v[0] != '{' {
		return json.RawMessage(`{}`), false
	}
	return v, g.complete
}

// maxArgDepth bounds the nesting of generated values (and of $ref chains):
// a schema that requires itself has no finite instance.
const maxArgDepth = 32

// argGen generates one value; complete turns false on the first compromise.
type argGen struct {
	root     json.RawMessage
	complete bool
}

// schemaNode is a schema object with its keywords' values still raw.
type schemaNode map[string]json.RawMessage

func (g *argGen) giveUp() { g.complete = false }

// value generates a value for a schema (an object or a boolean schema).
func (g *argGen) value(raw json.RawMessage, depth int) json.RawMessage {
	if depth > maxArgDepth {
		g.giveUp()
		return json.RawMessage(`null`)
	}
	switch string(bytes.TrimSpace(raw)) {
	case "true", "{}":
		// Anything is valid; a string is the likeliest to please a handler.
		return json.RawMessage(`"a"`)
	case "false":
		g.giveUp()
		return json.RawMessage(`null`)
	}
	n, ok := g.flatten(raw, 0)
	if !ok {
		g.giveUp()
		return json.RawMessage(`null`)
	}
	if v, ok := n["default"]; ok {
		return v
	}
	if ex, ok := n["examples"]; ok {
		var list []json.RawMessage
		if json.Unmarshal(ex, &list) == nil && len(list) > 0 {
			return list[0]
		}
	}
	if v, ok := n["const"]; ok {
		return v
	}
	if e, ok := n["enum"]; ok {
		var list []json.RawMessage
		if json.Unmarshal(e, &list) == nil && len(list) > 0 {
			return list[0]
		}
		g.giveUp()
		return json.RawMessage(`null`)
	}
	switch schemaType(n) {
	case "object":
		return g.object(n, depth)
	case "array":
		return g.array(n, depth)
	case "string":
		return g.string(n)
	case "integer":
		return g.number(n, true)
	case "number":
		return g.number(n, false)
	case "boolean":
		return json.RawMessage(`false`)
	case "null":
		return json.RawMessage(`null`)
	}
	// No type and no keyword that implies one: anything is valid.
	return json.RawMessage(`"a"`)
}

// flatten resolves a schema's local $ref, merges its allOf members and the
// first branch of its oneOf and anyOf into it, and returns its keywords. It
// reports false for a schema it cannot read (not an object, a $ref that is
// not a local JSON Pointer or points nowhere, false).
func (g *argGen) flatten(raw json.RawMessage, depth int) (schemaNode, bool) {
	if depth > maxArgDepth {
		return nil, false
	}
	raw = bytes.TrimSpace(raw)
	if string(raw) == "true" {
		return schemaNode{}, true
	}
	var n schemaNode
	if json.Unmarshal(raw, &n) != nil || n == nil {
		return nil, false
	}
	if ref, ok := n["$ref"]; ok {
		var s string
		if json.Unmarshal(ref, &s) != nil {
			return nil, false
		}
		target, ok := g.resolve(s)
		if !ok {
			return nil, false
		}
		t, ok := g.flatten(target, depth+1)
		if !ok {
			return nil, false
		}
		delete(n, "$ref")
		n = mergeSchemas(n, t)
	}
	if all, ok := n["allOf"]; ok {
		delete(n, "allOf")
		var members []json.RawMessage
		if json.Unmarshal(all, &members) != nil {
			return nil, false
		}
		for _, m := range members {
			t, ok := g.flatten(m, depth+1)
			if !ok {
				return nil, false
			}
			n = mergeSchemas(n, t)
		}
	}
	for _, kw := range []string{"oneOf", "anyOf"} {
		alt, ok := n[kw]
		if !ok {
			continue
		}
		delete(n, kw)
		var branches []json.RawMessage
		if json.Unmarshal(alt, &branches) != nil || len(branches) == 0 {
			return nil, false
		}
		t, ok := g.flatten(branches[0], depth+1)
		if !ok {
			return nil, false
		}
		n = mergeSchemas(n, t)
	}
	return n, true
}

// resolve finds a local $ref ("#", "#/$defs/a", any JSON Pointer fragment)
// in the root schema.
func (g *argGen) resolve(ref string) (json.RawMessage, bool) {
	if !strings.HasPrefix(ref, "#") {
		return nil, false
	}
	cur := g.root
	ptr := ref[1:]
	if ptr == "" {
		return cur, true
	}
	if !strings.HasPrefix(ptr, "/") {
		return nil, false // an anchor
	}
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(percentDecode(tok))
		trimmed := bytes.TrimSpace(cur)
		if len(trimmed) > 0 && trimmed[0] == '[' {
			var list []json.RawMessage
			i, err := strconv.Atoi(tok)
			if json.Unmarshal(cur, &list) != nil || err != nil || i < 0 || i >= len(list) {
				return nil, false
			}
			cur = list[i]
			continue
		}
		var obj map[string]json.RawMessage
		if json.Unmarshal(cur, &obj) != nil {
			return nil, false
		}
		next, ok := obj[tok]
		if !ok {
			return nil, false
		}
		cur = next
	}
	return cur, true
}

// percentDecode undoes the percent-encoding of a URI fragment; an invalid
// escape is kept as it is.
func percentDecode(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) {
			if v, err := strconv.ParseUint(s[i+1:i+3], 16, 8); err == nil {
				b.WriteByte(byte(v))
				i += 2
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// mergeSchemas merges two schemas that both apply: a's keywords win, except
// that properties are merged and required lists joined.
func mergeSchemas(a, b schemaNode) schemaNode {
	out := schemaNode{}
	for k, v := range b {
		out[k] = v
	}
	for k, v := range a {
		switch k {
		case "properties":
			if bv, ok := b[k]; ok {
				var pa, pb map[string]json.RawMessage
				if json.Unmarshal(v, &pa) == nil && json.Unmarshal(bv, &pb) == nil {
					for name, s := range pa {
						pb[name] = s
					}
					if m, err := json.Marshal(pb); err == nil {
						v = m
					}
				}
			}
		case "required":
			if bv, ok := b[k]; ok {
				var ra, rb []string
				if json.Unmarshal(v, &ra) == nil && json.Unmarshal(bv, &rb) == nil {
					for _, name := range rb {
						if !slices.Contains(ra, name) {
							ra = append(ra, name)
						}
					}
					if m, err := json.Marshal(ra); err == nil {
						v = m
					}
				}
			}
		}
		out[k] = v
	}
	return out
}

// schemaType is the type a value is generated as: the schema's type (the
// first that is not "null" of a list, or "null"), else the one its
// keywords imply, else "".
func schemaType(n schemaNode) string {
	if t, ok := n["type"]; ok {
		var s string
		if json.Unmarshal(t, &s) == nil {
			return s
		}
		var list []string
		if json.Unmarshal(t, &list) == nil && len(list) > 0 {
			for _, s := range list {
				if s != "null" {
					return s
				}
			}
			return "null"
		}
	}
	has := func(kws ...string) bool {
		for _, kw := range kws {
			if _, ok := n[kw]; ok {
				return true
			}
		}
		return false
	}
	switch {
	case has("properties", "required", "additionalProperties", "patternProperties", "minProperties", "maxProperties", "propertyNames"):
		return "object"
	case has("items", "prefixItems", "minItems", "maxItems", "uniqueItems", "contains"):
		return "array"
	case has("minLength", "maxLength", "pattern", "format"):
		return "string"
	case has("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"):
		return "number"
	}
	return ""
}

// object generates the required properties, in the order of required, and
// optional ones (by name) up to minProperties.
func (g *argGen) object(n schemaNode, depth int) json.RawMessage {
	var props map[string]json.RawMessage
	if p, ok := n["properties"]; ok && json.Unmarshal(p, &props) != nil {
		g.giveUp()
	}
	var required []string
	if r, ok := n["required"]; ok && json.Unmarshal(r, &required) != nil {
		g.giveUp()
		required = nil
	}
	names := make([]string, 0, len(required))
	for _, name := range required {
		if !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	if minProps := intKeyword(n, "minProperties", 0); minProps > len(names) {
		optional := make([]string, 0, len(props))
		for name := range props {
			if !slices.Contains(names, name) {
				optional = append(optional, name)
			}
		}
		slices.Sort(optional)
		for _, name := range optional {
			if len(names) >= minProps {
				break
			}
			names = append(names, name)
		}
		if len(names) < minProps {
			g.giveUp()
		}
	}
	var b bytes.Buffer
	b.WriteByte('{')
	for i, name := range names {
		schema, ok := props[name]
		if !ok {
			schema = g.otherProperty(n, name)
		}
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(name)
		b.Write(k)
		b.WriteByte(':')
		b.Write(g.value(schema, depth+1))
	}
	b.WriteByte('}')
	return b.Bytes()
}

// otherProperty is the schema of a property that properties does not name:
// the first patternProperties entry whose pattern matches it, else
// additionalProperties, else true.
func (g *argGen) otherProperty(n schemaNode, name string) json.RawMessage {
	var patterns map[string]json.RawMessage
	if p, ok := n["patternProperties"]; ok && json.Unmarshal(p, &patterns) == nil {
		keys := make([]string, 0, len(patterns))
		for k := range patterns {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			if re, err := regexp.Compile(k); err == nil && re.MatchString(name) {
				return patterns[k]
			}
		}
	}
	if a, ok := n["additionalProperties"]; ok {
		if string(bytes.TrimSpace(a)) == "false" {
			g.giveUp() // required, yet not allowed
			return json.RawMessage(`true`)
		}
		return a
	}
	return json.RawMessage(`true`)
}

// array generates minItems items: prefixItems (or the draft-04 items list)
// first, then items (or additionalItems).
func (g *argGen) array(n schemaNode, depth int) json.RawMessage {
	count := intKeyword(n, "minItems", 0)
	var prefix []json.RawMessage
	rest := json.RawMessage(`true`)
	if p, ok := n["prefixItems"]; ok {
		if json.Unmarshal(p, &prefix) != nil {
			g.giveUp()
		}
	}
	if it, ok := n["items"]; ok {
		if t := bytes.TrimSpace(it); len(t) > 0 && t[0] == '[' {
			if json.Unmarshal(it, &prefix) != nil {
				g.giveUp()
			}
			if ai, ok := n["additionalItems"]; ok {
				rest = ai
			}
		} else {
			rest = it
		}
	}
	if count > 1000 {
		g.giveUp()
		count = 1000
	}
	unique := string(bytes.TrimSpace(n["uniqueItems"])) == "true"
	items := make([]json.RawMessage, 0, count)
	for i := 0; i < count; i++ {
		schema := rest
		if i < len(prefix) {
			schema = prefix[i]
		}
		v := g.value(schema, depth+1)
		if unique {
			for _, prev := range items {
				if bytes.Equal(prev, v) {
					g.giveUp()
				}
			}
		}
		items = append(items, v)
	}
	var b bytes.Buffer
	b.WriteByte('[')
	for i, v := range items {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(v)
	}
	b.WriteByte(']')
	return b.Bytes()
}

// formatSamples are valid values of the common string formats.
var formatSamples = map[string]string{
	"uri":                   "https://example.com",
	"iri":                   "https://example.com",
	"url":                   "https://example.com",
	"uri-reference":         "https://example.com",
	"iri-reference":         "https://example.com",
	"uri-template":          "https://example.com",
	"email":                 "user@example.com",
	"idn-email":             "user@example.com",
	"date-time":             "2025-01-01T00:00:00Z",
	"date":                  "2025-01-01",
	"time":                  "00:00:00Z",
	"duration":              "P1D",
	"uuid":                  "00000000-0000-4000-8000-000000000000",
	"hostname":              "example.com",
	"idn-hostname":          "example.com",
	"ipv4":                  "127.0.0.1",
	"ipv6":                  "::1",
	"json-pointer":          "/a",
	"relative-json-pointer": "0",
	"regex":                 "a",
}

// string generates minLength "a"s (at least one, at most maxLength), or a
// sample of the format, lengthened to minLength where the format allows.
func (g *argGen) string(n schemaNode) json.RawMessage {
	minLen := intKeyword(n, "minLength", 0)
	maxLen := intKeyword(n, "maxLength", -1)
	if minLen > 1<<16 {
		g.giveUp()
		minLen = 1 << 16
	}
	var format string
	if f, ok := n["format"]; ok {
		_ = json.Unmarshal(f, &format)
	}
	s, ok := formatSamples[format]
	switch {
	case !ok:
		l := max(minLen, 1)
		if maxLen >= 0 && l > maxLen {
			l = maxLen
		}
		s = strings.Repeat("a", l)
	case utf8.RuneCountInString(s) < minLen:
		short := minLen - utf8.RuneCountInString(s)
		switch {
		case strings.HasPrefix(s, "https://"):
			s += "/" + strings.Repeat("a", max(short-1, 0))
		case strings.Contains(s, "@"):
			s = strings.Repeat("a", short) + s
		default:
			g.giveUp()
		}
	}
	if maxLen >= 0 && utf8.RuneCountInString(s) > maxLen {
		g.giveUp()
	}
	if p, ok := n["pattern"]; ok {
		var pattern string
		if json.Unmarshal(p, &pattern) == nil {
			if re, err := regexp.Compile(pattern); err != nil || !re.MatchString(s) {
				g.giveUp()
			}
		}
	}
	b, _ := json.Marshal(s)
	return b
}

// number generates the value closest to 0 (0 itself when it is allowed)
// within the bounds, a multiple of multipleOf, an integer for integer.
func (g *argGen) number(n schemaNode, integer bool) json.RawMessage {
	lo, hasLo, loExcl := bound(n, "minimum", "exclusiveMinimum")
	hi, hasHi, hiExcl := bound(n, "maximum", "exclusiveMaximum")
	step := 0.0
	if m, ok := floatKeyword(n, "multipleOf"); ok && m > 0 {
		step = m
	}
	if integer {
		switch {
		case step == 0:
			step = 1
		case step != math.Trunc(step):
			// An integer multiple of a fraction: the fraction's smallest
			// integer multiple, when it is a short one.
			found := false
			for k := 2.0; k <= 1000; k++ {
				if v := step * k; math.Abs(v-math.Round(v)) < 1e-9 {
					step, found = math.Round(v), true
					break
				}
			}
			if !found {
				g.giveUp()
				step = 1
			}
		}
	}
	ok := func(v float64) bool {
		if hasLo && (v < lo || loExcl && v <= lo) {
			return false
		}
		if hasHi && (v > hi || hiExcl && v >= hi) {
			return false
		}
		return true
	}
	v := 0.0
	if !ok(v) {
		if hasLo && (lo > 0 || loExcl && lo >= 0) {
			v = edge(lo, step, loExcl, 1)
			if step == 0 && loExcl && hasHi && v >= hi {
				v = lo + (hi-lo)/2
			}
		} else {
			v = edge(hi, step, hiExcl, -1)
			if step == 0 && hiExcl && hasLo && v <= lo {
				v = lo + (hi-lo)/2
			}
		}
	}
	if !ok(v) || math.IsInf(v, 0) || math.IsNaN(v) {
		g.giveUp()
	}
	if integer && math.Abs(v) < 1<<53 {
		return json.RawMessage(strconv.FormatInt(int64(v), 10))
	}
	b, err := json.Marshal(v)
	if err != nil {
		g.giveUp()
		return json.RawMessage(`0`)
	}
	return b
}

// edge is the allowed value nearest to a bound b on its allowed side (dir 1
// above a lower bound, -1 below an upper one): b itself when it is allowed
// (inclusive, and a multiple of step), else the next multiple of step, else
// (no step) one past it.
func edge(b, step float64, exclusive bool, dir float64) float64 {
	if step == 0 {
		if exclusive {
			return b + dir
		}
		return b
	}
	q := b / step
	if r := math.Round(q); math.Abs(r-q) < 1e-9 {
		if !exclusive {
			return b // exactly, without the rounding of r*step
		}
		return (r + dir) * step
	}
	if dir > 0 {
		return math.Ceil(q) * step
	}
	return math.Floor(q) * step
}

// bound reads a lower or upper bound: the inclusive keyword, and the
// exclusive one as a number (2019-09 on) or as a boolean on the inclusive
// one (draft-04). Of two bounds, the tighter wins.
func bound(n schemaNode, inclusive, exclusive string) (v float64, ok, excl bool) {
	v, ok = floatKeyword(n, inclusive)
	if e, has := n[exclusive]; has {
		switch string(bytes.TrimSpace(e)) {
		case "true":
			excl = ok
			return v, ok, excl
		case "false":
			return v, ok, false
		}
		if x, isNum := floatKeyword(n, exclusive); isNum {
			lower := inclusive == "minimum"
			if !ok || lower && x >= v || !lower && x <= v {
				return x, true, true
			}
		}
	}
	return v, ok, excl
}

func floatKeyword(n schemaNode, kw string) (float64, bool) {
	raw, ok := n[kw]
	if !ok {
		return 0, false
	}
	var f float64
	if json.Unmarshal(raw, &f) != nil {
		return 0, false
	}
	return f, true
}

func intKeyword(n schemaNode, kw string, def int) int {
	f, ok := floatKeyword(n, kw)
	if !ok || f < 0 || f != math.Trunc(f) || f > math.MaxInt32 {
		return def
	}
	return int(f)
}
