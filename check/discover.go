package check

import (
	"bytes"
	_ "embed"
	"slices"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
)

// CodeDiscoverInvalid (error): in a 2026-07-28 session, the result of
// server/discover (which the Go SDK's client sends in place of initialize)
// does not validate against the official schema's DiscoverResult: a
// member it requires (supportedVersions, capabilities, resultType, ttlMs,
// cacheScope) is missing, or a member is of the wrong type or value. A
// client of the revision reads those members to choose its revision, to
// know the server's capabilities and how long to keep the answer. It is a
// finding of the revision, its path the JSON Pointer of the member in the
// result.
const CodeDiscoverInvalid Code = "discover_invalid"

// discoverSchemaJSON is DiscoverResult of the official schema of
// 2026-07-28, with the definitions it refers to.
//
//go:embed discover.schema.json
var discoverSchemaJSON []byte

// discoverSchema compiles discoverSchemaJSON once.
var discoverSchema = sync.OnceValues(func() (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(discoverSchemaJSON))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("discover.schema.json", doc); err != nil {
		return nil, err
	}
	return c.Compile("discover.schema.json")
})

// maxDiscoverFindings bounds the findings of one server/discover result.
const maxDiscoverFindings = 20

// checkDiscover validates the result of server/discover (as received)
// against DiscoverResult, a finding for each failure: a missing member
// at its own path, any other at the member's.
func checkDiscover(result []byte) []Finding {
	s, err := discoverSchema()
	if err != nil {
		return []Finding{{Severity: Error, Code: CodeDiscoverInvalid, Message: "server/discover: the schema of DiscoverResult does not compile: " + err.Error()}}
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(result))
	if err != nil {
		return []Finding{{Severity: Error, Code: CodeDiscoverInvalid, Message: "server/discover: the result is not JSON"}}
	}
	err = s.Validate(inst)
	ve, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return nil
	}
	var fs []Finding
	for _, l := range schemaLeaves(ve) {
		at := pointer("", toAny(l.InstanceLocation)...)
		if r, ok := l.ErrorKind.(*kind.Required); ok {
			missing := slices.Clone(r.Missing)
			slices.Sort(missing)
			for _, m := range missing {
				fs = append(fs, Finding{Severity: Error, Code: CodeDiscoverInvalid, Path: pointer(at, m),
					Message: "server/discover: the result has no " + m + ", which DiscoverResult requires (2026-07-28)"})
			}
			continue
		}
		fs = append(fs, Finding{Severity: Error, Code: CodeDiscoverInvalid, Path: at,
			Message: "server/discover: " + strings.TrimSpace(describeSchemaError(l)) + ", against DiscoverResult (2026-07-28)"})
	}
	slices.SortStableFunc(fs, func(a, b Finding) int { return strings.Compare(a.Path, b.Path) })
	if len(fs) > maxDiscoverFindings {
		fs = fs[:maxDiscoverFindings]
	}
	return fs
}

// discovered checks the answer to the last server/discover the session
// sent, when the SDK's client made the session with it (a 2026-07-28
// session): the findings are the revision's.
func (s *session) discovered(rr *RevisionReport, sent *sentLog) {
	id, ok := sent.last("server/discover")
	if !ok {
		return
	}
	resp, ok := s.tap.take(id)
	if !ok || resp.TooLarge || resp.Error != nil || len(resp.Result) == 0 {
		return
	}
	rr.Findings = append(rr.Findings, checkDiscover(resp.Result)...)
}
