// Package schemac makes the JSON Schema compiler that package check and
// package sdk compile a tool's outputSchema with: one that never reads a
// file or the network (a schema comes from a server, and must not make the
// process fetch anything), and that accepts the ECMAScript patterns Go's
// regexp cannot compile rather than refuse a schema JavaScript clients
// accept.
//
//	c := schemac.New()
//	c.DefaultDraft(jsonschema.Draft7)
//	if err := c.AddResource("mem://outputSchema", doc); err == nil {
//		schema, err = c.Compile("mem://outputSchema")
//	}
package schemac

import (
	"errors"
	"regexp"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// New returns a compiler that loads no reference outside the schema and
// compiles patterns leniently.
func New() *jsonschema.Compiler {
	c := jsonschema.NewCompiler()
	c.UseLoader(noLoader{})
	c.UseRegexpEngine(lenientRegexp)
	return c
}

// noLoader refuses every remote or file reference.
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
