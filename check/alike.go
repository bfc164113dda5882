package check

import (
	"regexp"
	"strconv"
	"strings"
)

// CodeAllCallsFailed (warning): every tools/call of the revision (at least
// two) failed the same way: each answered with a result with isError true,
// or each with a JSON-RPC error of the same code, or each refused for want
// of authorization (HTTP 401 or 403, or a JSON-RPC error whose message says
// so). The checks of a failure are not those of a result: a run in which
// nothing succeeded can pass and vouch for nothing, so the report says it
// first (Report.Caveat) and --fail-on warning fails on it. It is a finding
// of the revision, with the path "", also of a revision whose session broke
// after the calls it made (a client closes its connection on HTTP 401).
const CodeAllCallsFailed Code = "all_calls_failed"

// authRefused matches what a refusal for want of authorization says: an
// HTTP status's text (the Go SDK's client ends its error with it) or a
// JSON-RPC error's message.
var authRefused = regexp.MustCompile(`(?i)unauthori[sz]ed|unauthenticated|not authenticated|authentication required|forbidden|\b40[13]\b`)

// failureKind says how a call failed, in words that are the same for two
// calls that failed the same way; "" for a call that did not fail (or
// whose failure is of no kind shared: a result too large, a malformed one).
func failureKind(c *CallReport) string {
	switch c.Outcome {
	case OutcomeToolError:
		return "each answered with a result with isError true"
	case OutcomeRPCError:
		if c.RPCError == nil {
			return "each answered with a JSON-RPC error"
		}
		if authRefused.MatchString(c.RPCError.Message) {
			return authKind
		}
		return "each answered with JSON-RPC error " + strconv.FormatInt(c.RPCError.Code, 10)
	case OutcomeNoResponse:
		for _, f := range c.Findings {
			if f.Code == CodeNoResponse && authRefused.MatchString(f.Message) {
				return authKind
			}
		}
	}
	return ""
}

// authKind is the failureKind of a call refused for want of authorization.
const authKind = "each refused as unauthorized"

// allFailedAlike says how every tools/call of the revision failed, when
// there are at least two and all failed the same way (see
// CodeAllCallsFailed), or "".
func allFailedAlike(rr *RevisionReport) string {
	kind, n := "", 0
	for _, tr := range rr.Tools {
		for _, c := range tr.Calls {
			k := failureKind(c)
			if k == "" || kind != "" && k != kind {
				return ""
			}
			kind = k
			n++
		}
	}
	if n < 2 {
		return ""
	}
	return "all " + strconv.Itoa(n) + " tools/call " + kind
}

// markAllFailedAlike sets the revision's AllFailedAlike and adds its
// all_calls_failed warning when every call failed the same way.
func markAllFailedAlike(rr *RevisionReport) {
	alike := allFailedAlike(rr)
	if alike == "" {
		return
	}
	rr.AllFailedAlike = alike
	rr.Findings = append(rr.Findings, Finding{Severity: Warning, Code: CodeAllCallsFailed,
		Message: "every call failed the same way (" + alike + "): a pass here cannot vouch for the results"})
}

// caveat is the report's Caveat: what the revisions whose calls all failed
// alike say, or "".
func (r *Report) caveat() string {
	var parts []string
	for _, rr := range r.Revisions {
		if rr.AllFailedAlike != "" {
			parts = append(parts, rr.Revision+": "+rr.AllFailedAlike)
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "every call failed the same way (" + strings.Join(parts, "; ") + "): a pass here cannot vouch for the results"
}
