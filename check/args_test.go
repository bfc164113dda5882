package check

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestGenerateArguments(t *testing.T) {
	for _, tc := range []struct {
		name     string
		schema   string
		want     string
		complete bool
	}{
		{"no schema", ``, `{}`, true},
		{"empty object schema", `{"type":"object"}`, `{}`, true},
		{"optional properties are left out", `{"type":"object","properties":{"a":{"type":"string"}}}`, `{}`, true},
		{"required in its order", `{"type":"object","properties":{"b":{"type":"integer"},"a":{"type":"string"}},"required":["b","a"]}`, `{"b":0,"a":"a"}`, true},
		{"required listed twice", `{"type":"object","properties":{"a":{"type":"boolean"}},"required":["a","a"]}`, `{"a":false}`, true},
		{"default first", `{"type":"object","properties":{"a":{"type":"string","default":"d","examples":["e"],"enum":["x","d"]}},"required":["a"]}`, `{"a":"d"}`, true},
		{"examples before const", `{"type":"object","properties":{"a":{"examples":[ 12 ,3],"const":12}},"required":["a"]}`, `{"a":12}`, true},
		{"const", `{"type":"object","properties":{"a":{"const":{"k":[1,2]}}},"required":["a"]}`, `{"a":{"k":[1,2]}}`, true},
		{"enum", `{"type":"object","properties":{"unit":{"type":"string","enum":["celsius","fahrenheit"]}},"required":["unit"]}`, `{"unit":"celsius"}`, true},
		{"empty enum", `{"type":"object","properties":{"a":{"enum":[]}},"required":["a"]}`, `{"a":null}`, false},
		{"raw values kept", `{"type":"object","properties":{"n":{"default":12345678901234567890}},"required":["n"]}`, `{"n":12345678901234567890}`, true},

		{"string minLength", `{"type":"object","properties":{"s":{"type":"string","minLength":3}},"required":["s"]}`, `{"s":"aaa"}`, true},
		{"string maxLength 0", `{"type":"object","properties":{"s":{"type":"string","maxLength":0}},"required":["s"]}`, `{"s":""}`, true},
		{"uri", `{"type":"object","properties":{"u":{"type":"string","format":"uri"}},"required":["u"]}`, `{"u":"https://example.com"}`, true},
		{"uri lengthened", `{"type":"object","properties":{"u":{"type":"string","format":"uri","minLength":24}},"required":["u"]}`, `{"u":"https://example.com/aaaa"}`, true},
		{"email", `{"type":"object","properties":{"e":{"type":"string","format":"email"}},"required":["e"]}`, `{"e":"user@example.com"}`, true},
		{"email lengthened", `{"type":"object","properties":{"e":{"type":"string","format":"email","minLength":18}},"required":["e"]}`, `{"e":"aauser@example.com"}`, true},
		{"date-time", `{"type":"object","properties":{"t":{"type":"string","format":"date-time"}},"required":["t"]}`, `{"t":"2025-01-01T00:00:00Z"}`, true},
		{"unknown format", `{"type":"object","properties":{"t":{"type":"string","format":"x-color"}},"required":["t"]}`, `{"t":"a"}`, true},
		{"pattern matched", `{"type":"object","properties":{"p":{"type":"string","pattern":"^a+$"}},"required":["p"]}`, `{"p":"a"}`, true},
		{"pattern not matched", `{"type":"object","properties":{"p":{"type":"string","pattern":"^[0-9]{4}$"}},"required":["p"]}`, `{"p":"a"}`, false},
		{"format too long", `{"type":"object","properties":{"u":{"type":"string","format":"uri","maxLength":5}},"required":["u"]}`, `{"u":"https://example.com"}`, false},

		{"integer minimum", `{"type":"object","properties":{"days":{"type":"integer","minimum":1,"maximum":7}},"required":["days"]}`, `{"days":1}`, true},
		{"integer exclusive minimum", `{"type":"object","properties":{"n":{"type":"integer","exclusiveMinimum":0}},"required":["n"]}`, `{"n":1}`, true},
		{"integer draft-04 exclusive", `{"type":"object","properties":{"n":{"type":"integer","minimum":5,"exclusiveMinimum":true}},"required":["n"]}`, `{"n":6}`, true},
		{"integer multipleOf", `{"type":"object","properties":{"n":{"type":"integer","minimum":7,"multipleOf":5}},"required":["n"]}`, `{"n":10}`, true},
		{"integer maximum below 0", `{"type":"object","properties":{"n":{"type":"integer","maximum":-3,"multipleOf":2}},"required":["n"]}`, `{"n":-4}`, true},
		{"integer fractional multipleOf", `{"type":"object","properties":{"n":{"type":"integer","minimum":1,"multipleOf":0.5}},"required":["n"]}`, `{"n":1}`, true},
		{"number zero allowed", `{"type":"object","properties":{"x":{"type":"number","minimum":-1,"maximum":1}},"required":["x"]}`, `{"x":0}`, true},
		{"number minimum", `{"type":"object","properties":{"x":{"type":"number","minimum":0.5}},"required":["x"]}`, `{"x":0.5}`, true},
		{"number exclusive range", `{"type":"object","properties":{"x":{"type":"number","exclusiveMinimum":0.25,"exclusiveMaximum":0.75}},"required":["x"]}`, `{"x":0.5}`, true},
		{"number multipleOf", `{"type":"object","properties":{"x":{"type":"number","minimum":0.3,"multipleOf":0.1}},"required":["x"]}`, `{"x":0.3}`, true},
		{"number empty range", `{"type":"object","properties":{"x":{"type":"number","minimum":2,"maximum":1}},"required":["x"]}`, `{"x":2}`, false},

		{"boolean", `{"type":"object","properties":{"b":{"type":"boolean"}},"required":["b"]}`, `{"b":false}`, true},
		{"nullable type list", `{"type":"object","properties":{"s":{"type":["null","string"]}},"required":["s"]}`, `{"s":"a"}`, true},
		{"null", `{"type":"object","properties":{"z":{"type":"null"}},"required":["z"]}`, `{"z":null}`, true},
		{"array minItems", `{"type":"object","properties":{"a":{"type":"array","items":{"type":"integer","minimum":2},"minItems":2}},"required":["a"]}`, `{"a":[2,2]}`, true},
		{"array empty", `{"type":"object","properties":{"a":{"type":"array","items":{"type":"string"}}},"required":["a"]}`, `{"a":[]}`, true},
		{"prefixItems", `{"type":"object","properties":{"a":{"type":"array","prefixItems":[{"type":"string"},{"type":"boolean"}],"items":{"type":"integer"},"minItems":3}},"required":["a"]}`, `{"a":["a",false,0]}`, true},
		{"unique items", `{"type":"object","properties":{"a":{"type":"array","items":{"type":"integer"},"minItems":2,"uniqueItems":true}},"required":["a"]}`, `{"a":[0,0]}`, false},
		{"nested object", `{"type":"object","properties":{"o":{"type":"object","properties":{"x":{"type":"number"},"y":{"type":"number"}},"required":["y"]}},"required":["o"]}`, `{"o":{"y":0}}`, true},
		{"minProperties", `{"type":"object","properties":{"b":{"type":"string"},"a":{"type":"integer"}},"minProperties":1}`, `{"a":0}`, true},
		{"additionalProperties", `{"type":"object","additionalProperties":{"type":"integer"},"required":["k"]}`, `{"k":0}`, true},
		{"patternProperties", `{"type":"object","patternProperties":{"^n_":{"type":"boolean"}},"required":["n_1"]}`, `{"n_1":false}`, true},
		{"required yet not allowed", `{"type":"object","additionalProperties":false,"required":["k"]}`, `{"k":"a"}`, false},
		{"inferred types", `{"properties":{"a":{"minLength":2},"b":{"maximum":-1},"c":{"minItems":1},"d":{"required":[]}},"required":["a","b","c","d"]}`, `{"a":"aa","b":-1,"c":["a"],"d":{}}`, true},
		{"anything", `{"type":"object","properties":{"a":{},"b":true,"c":{"description":"x"}},"required":["a","b","c"]}`, `{"a":"a","b":"a","c":"a"}`, true},

		{"$ref to $defs", `{"type":"object","properties":{"p":{"$ref":"#/$defs/point"}},"required":["p"],"$defs":{"point":{"type":"object","properties":{"x":{"type":"integer"}},"required":["x"]}}}`, `{"p":{"x":0}}`, true},
		{"$ref to definitions", `{"type":"object","properties":{"p":{"$ref":"#/definitions/a%20b"}},"required":["p"],"definitions":{"a b":{"type":"string","minLength":2}}}`, `{"p":"aa"}`, true},
		{"$ref escaped pointer", `{"type":"object","properties":{"p":{"$ref":"#/$defs/a~1b"}},"required":["p"],"$defs":{"a/b":{"type":"boolean"}}}`, `{"p":false}`, true},
		{"$ref at the root", `{"$ref":"#/$defs/args","$defs":{"args":{"type":"object","properties":{"q":{"type":"string"}},"required":["q"]}}}`, `{"q":"a"}`, true},
		{"$ref with siblings", `{"type":"object","properties":{"p":{"$ref":"#/$defs/n","minimum":3}},"required":["p"],"$defs":{"n":{"type":"integer","minimum":1}}}`, `{"p":3}`, true},
		{"remote $ref", `{"type":"object","properties":{"p":{"$ref":"https://example.com/s.json"}},"required":["p"]}`, `{"p":null}`, false},
		{"dangling $ref", `{"type":"object","properties":{"p":{"$ref":"#/$defs/none"}},"required":["p"]}`, `{"p":null}`, false},
		{"$ref cycle", `{"type":"object","properties":{"p":{"$ref":"#/$defs/a"}},"required":["p"],"$defs":{"a":{"$ref":"#/$defs/a"}}}`, `{"p":null}`, false},
		{"required recursion", `{"$defs":{"n":{"type":"object","properties":{"next":{"$ref":"#/$defs/n"}},"required":["next"]}},"$ref":"#/$defs/n"}`, ``, false},
		{"optional recursion", `{"$defs":{"n":{"type":"object","properties":{"kids":{"type":"array","items":{"$ref":"#/$defs/n"}},"v":{"type":"integer"}},"required":["kids","v"]}},"$ref":"#/$defs/n"}`, `{"kids":[],"v":0}`, true},
		{"oneOf first", `{"type":"object","properties":{"v":{"oneOf":[{"type":"integer","minimum":4},{"type":"string"}]}},"required":["v"]}`, `{"v":4}`, true},
		{"anyOf first", `{"type":"object","properties":{"v":{"anyOf":[{"type":"null"},{"type":"string"}]}},"required":["v"]}`, `{"v":null}`, true},
		{"oneOf at the root", `{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"integer"}},"oneOf":[{"required":["a"]},{"required":["b"]}]}`, `{"a":"a"}`, true},
		{"allOf merged", `{"allOf":[{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]},{"properties":{"b":{"type":"boolean"}},"required":["b"]}]}`, `{"a":"a","b":false}`, true},

		{"not an object schema", `{"type":"string"}`, `{}`, false},
		{"not JSON", `{"type":`, `{}`, false},
		{"false schema", `false`, `{}`, false},
		{"true schema", `true`, `{}`, false},
		{"schema not an object", `[1]`, `{}`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, complete := generateArguments(json.RawMessage(tc.schema))
			if tc.want != "" && string(got) != tc.want {
				t.Errorf("arguments %s, want %s", got, tc.want)
			}
			if complete != tc.complete {
				t.Errorf("complete %v, want %v (arguments %s)", complete, tc.complete, got)
			}
			if !json.Valid(got) || got[0] != '{' {
				t.Errorf("arguments %q are not a JSON object", got)
			}
		})
	}
}

// within runs f and fails the test if it has not ended before the test's
// deadline (or within ten minutes): a hang detector, not a measure.
func within(t *testing.T, f func()) {
	t.Helper()
	limit := 10 * time.Minute
	if d, ok := t.Deadline(); ok {
		limit = time.Until(d) - 5*time.Second
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(limit):
		t.Fatal("did not end")
	}
}

// repeatJoin writes n items made by item, comma-separated, between open
// and close.
func repeatJoin(open string, n int, item func(i int) string, close string) string {
	var b strings.Builder
	b.WriteString(open)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(item(i))
	}
	b.WriteString(close)
	return b.String()
}

// nestedObjects is an object schema whose required property a is one, n
// levels deep (2n+1 levels of JSON).
func nestedObjects(n int) string {
	return strings.Repeat(`{"type":"object","required":["a"],"properties":{"a":`, n) + `{"type":"string"}` + strings.Repeat(`}}`, n)
}

func TestGenerateArgumentsHostile(t *testing.T) {
	for _, tc := range []struct {
		name   string
		schema string
		want   string // the arguments, when they are known
		codes  []Code
		says   string // a part of the first finding's message
	}{
		{"two required refs to itself",
			`{"$defs":{"n":{"type":"object","properties":{"a":{"$ref":"#/$defs/n"},"b":{"$ref":"#/$defs/n"}},"required":["a","b"]}},"$ref":"#/$defs/n"}`,
			`{"a":{"a":null,"b":{"a":null,"b":null}},"b":{"a":{"a":null,"b":null},"b":null}}`, []Code{CodeArgumentsNotGenerated}, "at /a/a of the arguments, the schema requires a value of itself inside itself, without end (and 5 more)"},
		{"mutual recursion",
			`{"$defs":{"a":{"type":"object","properties":{"b":{"$ref":"#/$defs/b"}},"required":["b"]},"b":{"type":"object","properties":{"a":{"$ref":"#/$defs/a"}},"required":["a"]}},"$ref":"#/$defs/a"}`,
			`{"b":{"a":{"b":null}}}`, []Code{CodeArgumentsNotGenerated}, "at /b/a/b of the arguments, the schema requires a value of itself"},
		{"minItems 1000 of itself",
			`{"$defs":{"a":{"type":"array","minItems":1000,"items":{"$ref":"#/$defs/a"}}},"type":"object","properties":{"x":{"$ref":"#/$defs/a"}},"required":["x"]}`,
			`{"x":[[null]]}`, []Code{CodeArgumentsNotGenerated}, "at /x/0/0 of the arguments, the schema requires a value of itself"},
		{"minItems 1000 of an object that holds it",
			`{"$defs":{"o":{"type":"object","required":["l"],"properties":{"l":{"type":"array","minItems":1000,"items":{"$ref":"#/$defs/o"}}}}},"$ref":"#/$defs/o"}`,
			`{"l":[{"l":null}]}`, []Code{CodeArgumentsNotGenerated}, "requires a value of itself"},
		{"$ref to itself through allOf",
			`{"type":"object","required":["p"],"properties":{"p":{"allOf":[{"$ref":"#/properties/p"}]}}}`,
			`{"p":null}`, []Code{CodeArgumentsNotGenerated}, "a $ref or allOf refers back to itself"},
		{"optional recursion through anyOf ends in null",
			`{"$defs":{"Node":{"type":"object","properties":{"next":{"anyOf":[{"$ref":"#/$defs/Node"},{"type":"null"}]}},"required":["next"]}},"$ref":"#/$defs/Node"}`,
			`{"next":null}`, nil, ""},
		{"anyOf of itself only",
			`{"type":"object","required":["p"],"properties":{"p":{"$ref":"#/$defs/a"}},"$defs":{"a":{"anyOf":[{"$ref":"#/$defs/a"}]}}}`,
			`{"p":null}`, []Code{CodeArgumentsNotGenerated}, "each branch of a oneOf or anyOf requires a value of itself"},
		{"minItems 1e9",
			`{"type":"object","required":["a"],"properties":{"a":{"type":"array","items":{"type":"boolean"},"minItems":1e9}}}`,
			"", []Code{CodeArgumentsNotGenerated}, "at /a of the arguments, minItems 1000000000 is over the limit of 1000 items"},
		{"minItems beyond a float64",
			`{"type":"object","required":["a"],"properties":{"a":{"type":"array","minItems":1e400}}}`,
			"", []Code{CodeArgumentsNotGenerated}, "minItems 2147483647 is over the limit of 1000 items"},
		{"minLength 1e9",
			`{"type":"object","required":["s"],"properties":{"s":{"type":"string","minLength":1e9}}}`,
			"", []Code{CodeArgumentsNotGenerated}, "at /s of the arguments, minLength 1000000000 is over the limit of 65536 characters"},
		{"minProperties 1e9",
			`{"type":"object","required":["o"],"properties":{"o":{"type":"object","minProperties":1e9,"properties":{"x":{"type":"null"}}}}}`,
			`{"o":{"x":null}}`, []Code{CodeArgumentsNotGenerated, CodeArgumentsIncomplete}, "at /o of the arguments, minProperties 1000000000 is over the limit of 1000 properties"},
		{"100,000 required properties",
			repeatJoin(`{"type":"object","required":[`, 100_000, func(i int) string { return `"p` + strconv.Itoa(i) + `"` }, `]}`),
			"", []Code{CodeArgumentsNotGenerated}, "at the top of the arguments, 100000 required properties, over the limit of 1000"},
		{"an enum of a million values",
			repeatJoin(`{"type":"object","required":["e"],"properties":{"e":{"enum":[`, 1_000_000, func(i int) string { return `"v` + strconv.Itoa(i) + `"` }, `]}}}`),
			`{"e":"v0"}`, nil, ""},
		{"nesting to 9,999 levels of JSON",
			nestedObjects(4999),
			"", []Code{CodeArgumentsNotGenerated}, "the value would be nested deeper than 32 levels"},
		{"nesting to 100,001 levels of JSON",
			nestedObjects(50_000),
			`{}`, []Code{CodeArgumentsNotGenerated}, "the inputSchema is not JSON"},
		{"allOf nested 4,000 deep",
			`{"type":"object","required":["a"],"properties":{"a":` + strings.Repeat(`{"allOf":[`, 4000) + `{"type":"string"}` + strings.Repeat(`]}`, 4000) + `}}`,
			`{"a":null}`, []Code{CodeArgumentsNotGenerated}, "$ref and allOf are nested deeper than 32"},
		{"anyOf nested 4,000 deep",
			`{"type":"object","required":["a"],"properties":{"a":` + strings.Repeat(`{"anyOf":[`, 4000) + `{"type":"string"}` + strings.Repeat(`]}`, 4000) + `}}`,
			`{"a":null}`, []Code{CodeArgumentsNotGenerated}, "oneOf and anyOf are nested deeper than 32"},
		{"a chain of 10,000 $refs",
			repeatJoin(`{"type":"object","required":["a"],"properties":{"a":{"$ref":"#/$defs/d0"}},"$defs":{`, 10_000, func(i int) string {
				return `"d` + strconv.Itoa(i) + `":{"$ref":"#/$defs/d` + strconv.Itoa(i+1) + `"}`
			}, `,"d10000":{"type":"integer"}}}`),
			`{"a":null}`, []Code{CodeArgumentsNotGenerated}, "$ref and allOf are nested deeper than 32"},
		{"two required refs per level, 40 levels (2^40 values)",
			repeatJoin(`{"$ref":"#/$defs/d0","$defs":{`, 40, func(i int) string {
				return `"d` + strconv.Itoa(i) + `":{"type":"object","required":["l","r"],"properties":{"l":{"$ref":"#/$defs/d` + strconv.Itoa(i+1) + `"},"r":{"$ref":"#/$defs/d` + strconv.Itoa(i+1) + `"}}}`
			}, `,"d40":{"type":"string"}}}`),
			"", []Code{CodeArgumentsNotGenerated}, "the value would be nested deeper than 32 levels"},
		{"arrays of arrays of long strings (1 GB)",
			`{"type":"object","required":["a"],"properties":{"a":{"type":"array","minItems":1000,"items":{"type":"array","minItems":1000,"items":{"type":"string","minLength":1000}}}}}`,
			"", []Code{CodeArgumentsNotGenerated}, "they would be over 1048576 bytes"},
		{"anyOf that fails at the end of 40 levels of two branches (2^40 tries)",
			repeatJoin(`{"type":"object","required":["a"],"properties":{"a":{"$ref":"#/$defs/d0"}},"$defs":{`, 30, func(i int) string {
				return `"d` + strconv.Itoa(i) + `":{"anyOf":[{"$ref":"#/$defs/d` + strconv.Itoa(i+1) + `"},{"$ref":"#/$defs/d` + strconv.Itoa(i+1) + `"}]}`
			}, `,"d30":false}}`),
			"", []Code{CodeArgumentsNotGenerated}, "more than 200000 steps"},
		{"a long pattern on a long string",
			`{"type":"object","required":["s"],"properties":{"s":{"type":"string","minLength":65536,"pattern":"` + strings.Repeat("(a|b)", 2000) + `"}}}`,
			"", []Code{CodeArgumentsIncomplete}, "at /s of the arguments, a string that does not match the pattern"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var args json.RawMessage
			var complete bool
			var fs []Finding
			within(t, func() { args, complete, fs = generateArgumentsWithFindings(json.RawMessage(tc.schema)) })
			if !json.Valid(args) || args[0] != '{' {
				t.Fatalf("arguments %.200s are not a JSON object", args)
			}
			if len(args) > maxArgBytes+2*maxArgDepth+16 {
				t.Errorf("arguments of %d bytes", len(args))
			}
			if tc.want != "" && string(args) != tc.want {
				t.Errorf("arguments %.300s, want %s", args, tc.want)
			}
			var codes []Code
			for _, f := range fs {
				codes = append(codes, f.Code)
				if f.Path != "" {
					t.Errorf("finding with a path: %+v", f)
				}
			}
			if !slices.Equal(codes, tc.codes) {
				t.Fatalf("codes %v, want %v:%s", codes, tc.codes, dump(fs))
			}
			if complete != (len(fs) == 0) {
				t.Errorf("complete %v with %d findings", complete, len(fs))
			}
			if tc.says != "" && !strings.Contains(fs[0].Message, tc.says) {
				t.Errorf("message %q does not say %q", fs[0].Message, tc.says)
			}
		})
	}
}

func TestGenerateArgumentsFindings(t *testing.T) {
	for _, tc := range []struct {
		name, schema string
		want         []Finding
	}{
		{"complete", `{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}`, nil},
		{"no schema", ``, nil},
		{"pattern", `{"type":"object","properties":{"p":{"type":"string","pattern":"^[0-9]{4}$"}},"required":["p"]}`, []Finding{
			{Info, CodeArgumentsIncomplete, "", "the arguments made from the tool's inputSchema may not conform to it: at /p of the arguments, a string that does not match the pattern; the tool is called with them"}}},
		{"false", `{"type":"object","properties":{"p":false},"required":["p"]}`, []Finding{
			{Warning, CodeArgumentsNotGenerated, "", "no arguments that conform to the tool's inputSchema could be made: at /p of the arguments, the schema is false: nothing is valid there; the tool is called with a best effort"}}},
		{"not an object schema", `{"type":"string"}`, []Finding{
			{Warning, CodeArgumentsNotGenerated, "", "no arguments that conform to the tool's inputSchema could be made: at the top of the arguments, the inputSchema does not describe a JSON object, so {} is sent; the tool is called with a best effort"}}},
		{"remote $ref and a dangling one", `{"type":"object","properties":{"r":{"$ref":"https://example.com/s.json"},"d":{"$ref":"#/$defs/none"}},"required":["r","d"]}`, []Finding{
			{Warning, CodeArgumentsNotGenerated, "", "no arguments that conform to the tool's inputSchema could be made: at /d of the arguments, a $ref that points nowhere in the schema; the tool is called with a best effort"},
			{Info, CodeArgumentsIncomplete, "", "the arguments made from the tool's inputSchema may not conform to it: at /r of the arguments, a $ref outside the schema, which is not loaded; the tool is called with them"}}},
		{"escaped names in the place", `{"type":"object","properties":{"a/b":{"type":"object","properties":{"~":{"enum":[]}},"required":["~"]}},"required":["a/b"]}`, []Finding{
			{Warning, CodeArgumentsNotGenerated, "", "no arguments that conform to the tool's inputSchema could be made: at /a~1b/~0 of the arguments, an enum that is empty or not a list: nothing is valid there; the tool is called with a best effort"}}},
		{"oneOf: the first branch that conforms", `{"type":"object","properties":{"v":{"oneOf":[{"type":"string","pattern":"^x$"},{"type":"integer","minimum":3}]}},"required":["v"]}`, nil},
		{"minLength above maxLength", `{"type":"object","properties":{"s":{"type":"string","minLength":5,"maxLength":3}},"required":["s"]}`, []Finding{
			{Warning, CodeArgumentsNotGenerated, "", "no arguments that conform to the tool's inputSchema could be made: at /s of the arguments, minLength is above maxLength: no string is valid there; the tool is called with a best effort"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, complete, fs := generateArgumentsWithFindings(json.RawMessage(tc.schema))
			if !slices.Equal(fs, tc.want) {
				t.Errorf("findings:%s\nwant:%s", dump(fs), dump(tc.want))
			}
			if complete != (len(tc.want) == 0) {
				t.Errorf("complete %v", complete)
			}
		})
	}
}

// FuzzGenerateArguments: whatever the schema, the arguments are a JSON
// object within maxArgBytes, and complete says whether there are findings.
func FuzzGenerateArguments(f *testing.F) {
	for _, s := range []string{
		``, `{}`, `true`, `[1]`, `{"type":"object","properties":{"a":{"type":"string","minLength":3}},"required":["a"]}`,
		`{"$defs":{"n":{"type":"object","properties":{"a":{"$ref":"#/$defs/n"}},"required":["a"]}},"$ref":"#/$defs/n"}`,
		`{"type":"object","required":["v"],"properties":{"v":{"anyOf":[{"$ref":"#"},{"type":"array","minItems":2,"uniqueItems":true,"prefixItems":[{"enum":[1]}],"items":{"oneOf":[{"const":1}]}}]}}}`,
		`{"type":"object","required":["n","p"],"properties":{"n":{"type":"integer","exclusiveMinimum":1,"multipleOf":0.3},"p":{"patternProperties":{"^x":{"type":"null"}},"additionalProperties":false,"required":["x1","y"],"minProperties":3}}}`,
		`{"allOf":[{"$ref":"#/allOf/1"},{"$ref":"#/allOf/0"}]}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, schema string) {
		args, complete, fs := generateArgumentsWithFindings(json.RawMessage(schema))
		if !json.Valid(args) || args[0] != '{' {
			t.Fatalf("arguments %.200q are not a JSON object", args)
		}
		if len(args) > maxArgBytes+8*maxArgDepth {
			t.Fatalf("arguments of %d bytes", len(args))
		}
		if complete != (len(fs) == 0) {
			t.Fatalf("complete %v with %d findings", complete, len(fs))
		}
	})
}
