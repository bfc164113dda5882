package check

import (
	"encoding/json"
	"testing"
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
			got, complete := GenerateArguments(json.RawMessage(tc.schema))
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
