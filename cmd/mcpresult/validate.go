package main

import (
	"slices"
	"strings"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/engine"
	"github.com/mcpresult/mcpresult/result"
)

// revisionVerdict is what validate without --protocol says of one revision.
type revisionVerdict struct {
	protocol string
	// verdict: "valid" as it is on the wire, "valid once serialized", or
	// "invalid".
	verdict string
	// serialize are the findings of the wire check that the server's
	// serialize for the revision resolves (a missing resultType).
	serialize []*result.Error
	report    *result.Report
}

// validateAll checks a result for every revision, newest first (validate
// without --protocol and --stage). A revision's verdict is "valid" when the result is valid on its
// wire as it is; "valid once serialized" when it is not, but what
// serialize writes from it for the revision (finalized, converting what the
// revision lacks) is: the findings of the wire check are then what the
// server must still add, and they are listed, not counted as errors; and
// "invalid" otherwise, with the errors of the wire check (less those of
// fields that serialize adds). The report is the union of every revision's
// findings: valid when every revision is valid, at most once serialized.
func validateAll(eng runner, v content.Value, kind string, s result.Settings) (*result.Report, []revisionVerdict, error) {
	versions := slices.Clone(result.ProtocolVersions())
	slices.Reverse(versions) // newest first
	all := &result.Report{Valid: true}
	var out []revisionVerdict
	for _, pv := range versions {
		opts := result.ValidateOptions{Kind: kind, ProtocolVersion: pv, Settings: s}
		wire, err := eng.validate(v, opts)
		if err != nil {
			return nil, nil, err
		}
		rv := revisionVerdict{protocol: pv, verdict: "valid", report: wire}
		if !wire.Valid {
			rv.verdict = "invalid"
			if serialized, ok := serializeFor(eng, v, pv, s); ok {
				if again, err := eng.validate(serialized, opts); err == nil && again.Valid {
					rv.verdict = "valid once serialized"
					rv.serialize = wire.Errors
					rv.report = &result.Report{Valid: true, Errors: nil, Warnings: wire.Warnings}
				}
			}
			if rv.verdict == "invalid" {
				// A field serialize adds is no error of the result: the
				// handler stage does not ask for it.
				opts.Stage = result.StageHandler
				if handler, err := eng.validate(v, opts); err == nil {
					rep := &result.Report{Warnings: wire.Warnings}
					for _, e := range wire.Errors {
						if e.Code == content.CodeMissingField && !hasFinding(handler.Errors, e) {
							rv.serialize = append(rv.serialize, e)
							continue
						}
						rep.Errors = append(rep.Errors, e)
					}
					rv.report = rep
				}
			}
		}
		if rv.verdict == "invalid" {
			all.Valid = false
		}
		all.Errors = addFindings(all.Errors, rv.report.Errors)
		all.Warnings = addFindings(all.Warnings, rv.report.Warnings)
		out = append(out, rv)
	}
	return all, out, nil
}

// serializeFor writes v as serialize does for revision pv on the wire
// (finalized, converting what the revision lacks), read back as a value.
func serializeFor(eng runner, v content.Value, pv string, s result.Settings) (content.Value, bool) {
	opts := content.NewObject(
		content.Str("protocolVersion", content.NewString(pv)),
		content.Str("format", content.NewString("wire")),
		content.Str("finalize", content.NewBool(true)),
		content.Str("unsupported", content.NewString("convert")),
	)
	out, err := eng.serialize(s, v, opts)
	if err != nil {
		return content.Value{}, false
	}
	sv, err := content.ParseJSON(out)
	return sv, err == nil
}

// hasFinding reports a finding of the same code at the same path.
func hasFinding(list []*result.Error, e *result.Error) bool {
	return slices.ContainsFunc(list, func(x *result.Error) bool { return x.Code == e.Code && x.Path == e.Path })
}

// addFindings appends the findings of add that list does not hold yet (the
// same code, path and message).
func addFindings(list, add []*result.Error) []*result.Error {
	for _, e := range add {
		if !slices.ContainsFunc(list, func(x *result.Error) bool { return x.Code == e.Code && x.Path == e.Path && x.Message == e.Message }) {
			list = append(list, e)
		}
	}
	return list
}

// verdictsJSON is the report of validate without --protocol:
// {"valid","errors","warnings","revisions":[{"protocol","verdict","valid",
// "serialize","errors","warnings"}]}, newest revision first; "serialize"
// lists what the server's serialize still adds or rewrites for the
// revision, and "note" says it in words.
func verdictsJSON(all *result.Report, revs []revisionVerdict) []byte {
	items := make([]content.Value, len(revs))
	for i, rv := range revs {
		items[i] = content.NewObject(
			content.Str("protocol", content.NewString(rv.protocol)),
			content.Str("valid", content.NewBool(rv.verdict != "invalid")),
			content.Str("verdict", content.NewString(rv.verdict)),
			content.Str("note", content.NewString(note(rv))),
			content.Str("serialize", findings(rv.serialize)),
			content.Str("errors", findings(rv.report.Errors)),
			content.Str("warnings", findings(rv.report.Warnings)),
		)
	}
	b, _ := engine.AppendJSON(nil, content.NewObject(
		content.Str("valid", content.NewBool(all.Valid)),
		content.Str("errors", findings(all.Errors)),
		content.Str("warnings", findings(all.Warnings)),
		content.Str("revisions", content.NewArray(items...)),
	), content.Wire)
	return printable(b)
}

// note says a revision's verdict in words: what the server's serialize
// still adds (missing fields) or rewrites (other places) on the wire.
func note(rv revisionVerdict) string {
	var adds, rewrites []string
	for _, e := range rv.serialize {
		name := strings.TrimPrefix(e.Path, "/")
		if e.Code == content.CodeMissingField && name != "" && !strings.Contains(name, "/") {
			adds = append(adds, name)
		} else if !slices.Contains(rewrites, e.Path) {
			rewrites = append(rewrites, e.Path)
		}
	}
	var what []string
	if len(adds) > 0 {
		what = append(what, "adds "+strings.Join(adds, ", "))
	}
	if len(rewrites) > 0 {
		what = append(what, "rewrites "+strings.Join(rewrites, ", "))
	}
	switch {
	case rv.verdict == "valid":
		return "valid on the wire as it is"
	case rv.verdict == "valid once serialized":
		return "valid once serialized: a server's serialize for " + rv.protocol + " " + strings.Join(what, "; ")
	case len(what) > 0:
		return "invalid: fix the errors; serialize then " + strings.Join(what, "; ")
	}
	return "invalid: fix the errors"
}
