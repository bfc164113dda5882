package check

import (
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpresult/mcpresult/content"
)

// The codes of the probe of an unknown tool: a tools/call of a name the
// server does not list (ProbeUnknownTool), which every revision's schema
// says is to be answered with a JSON-RPC error ("any errors in finding
// the tool … should be reported as an MCP error response"), -32602
// Invalid params by the schema of 2026-07-28. They are findings of the
// revision, with the path "" (no answer is no_response, one over the limit
// response_too_large, one with neither a result nor an error invalid_json).
const (
	// CodeUnknownToolAnswered (error): the server answered the call of a
	// tool it does not list with a result that is not isError: a client,
	// and the model, take a call that did nothing for one that succeeded
	// (a misspelt name passes unnoticed), in every revision.
	CodeUnknownToolAnswered Code = "unknown_tool_answered"
	// CodeUnknownToolToolError (info): the server answered the call of a
	// tool it does not list with a result with isError true rather than a
	// JSON-RPC error. Every revision asks for the error; a client still
	// reads the result as a failure (the model sees it), so nothing is
	// mishandled, and it is noted only.
	CodeUnknownToolToolError Code = "unknown_tool_tool_error"
	// CodeUnknownToolErrorCode (info): the server answered the call of a
	// tool it does not list with a JSON-RPC error other than -32602
	// Invalid params, the code the revisions name for it; a client sees an
	// error either way, and only one that tells the causes apart by code
	// misreads it.
	CodeUnknownToolErrorCode Code = "unknown_tool_error_code"
)

// ProbeUnknownTool is the name the probe calls, made unique against the
// tools the server lists ("-2", "-3"… appended) when it lists this one.
const ProbeUnknownTool = "mcpresult-check-no-such-tool"

// ProbeReport is a request that the check makes of its own, once per
// revision, to see how the server answers what it has no tool for: not a
// call of a listed tool, so it is not among RevisionReport.Tools, and its
// findings are the revision's (RevisionReport.Findings, path "").
type ProbeReport struct {
	// Name says what the probe asks: "unknown tool".
	Name string `json:"name"`
	// Method is the request's method: "tools/call".
	Method string `json:"method"`
	// Tool is the name called.
	Tool string `json:"tool"`
	// Request is the JSON-RPC request exactly as the check wrote it, as
	// CallReport.Request is.
	Request json.RawMessage `json:"request,omitempty"`
	// Outcome is what the exchange gave (Outcome… constants).
	Outcome string `json:"outcome"`
	// Result is the JSON-RPC result exactly as the server sent it, if any
	// (WriteJSON redacts it as it redacts a call's).
	Result json.RawMessage `json:"result,omitempty"`
	// RPCError is the JSON-RPC error the server answered with, if any.
	RPCError *RPCError `json:"-"`
	// Duration is the time the probe took.
	Duration time.Duration `json:"-"`
}

// MarshalJSON writes the probe with its duration as "durationMs" and its
// JSON-RPC error as "rpcError", as CallReport.MarshalJSON does.
func (p ProbeReport) MarshalJSON() ([]byte, error) {
	type plain ProbeReport
	return json.Marshal(struct {
		plain
		Duration millis        `json:"durationMs"`
		RPCError *rpcErrorJSON `json:"rpcError,omitempty"`
	}{plain(p), millis(p.Duration), rpcErrorOf(p.RPCError)})
}

// probeCodes are the codes that a finding of the revision has when the
// probe gave it: a run without probes (Options.NoProbes) cannot say that
// one of them is gone.
var probeCodes = []Code{CodeUnknownToolAnswered, CodeUnknownToolToolError, CodeUnknownToolErrorCode,
	CodeNoResponse, CodeResponseTooLarge, Code(content.CodeInvalidJSON), CodeCutShort, CodeRedirectRefused}

// unusedName is name, or name with "-2", "-3"… appended, whichever the
// server does not list.
func unusedName(name string, listed map[string]bool) string {
	for n, try := 2, name; ; n++ {
		if !listed[try] {
			return try
		}
		try = name + "-" + strconv.Itoa(n)
	}
}

// probeUnknownTool calls a tool the server does not list and grades the
// answer; stop says why the revision can go no further (the connection
// was lost, the run stopped), or is "".
func (s *session) probeUnknownTool(ctx context.Context, rr *RevisionReport, listed map[string]bool) (stop string) {
	name := unusedName(ProbeUnknownTool, listed)
	s.progress("tools/call " + name + " (probe: a tool the server does not list)")
	start := time.Now()
	resp, err := s.exchange(ctx, "tools/call", func(ctx context.Context) error {
		_, err := s.cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: map[string]any{}})
		return err
	})
	p := &ProbeReport{Name: "unknown tool", Method: "tools/call", Tool: name, Duration: time.Since(start),
		Request: s.lastSent.request("tools/call")}
	rr.Probes = append(rr.Probes, p)
	what := "the probe of a tool the server does not list (tools/call " + strconv.Quote(name) + ")"
	add := func(sev Severity, code Code, msg string) {
		rr.Findings = append(rr.Findings, Finding{Severity: sev, Code: code, Message: what + ": " + msg})
	}
	switch {
	case resp == nil:
		p.Outcome = OutcomeNoResponse
		f := s.noResponse(ctx, err)
		add(f.Severity, f.Code, f.Message)
		if ctx.Err() != nil {
			return stopped(ctx)
		}
		if lost(err) {
			return "the connection was lost during " + what + ": " + sdkError(err)
		}
		return ""
	case resp.TooLarge:
		p.Outcome = OutcomeTooLarge
		add(Error, CodeResponseTooLarge, s.tooLarge().Message)
		return ""
	}
	p.Result, p.RPCError = s.keep(resp)
	p.Outcome = outcome(resp)
	switch p.Outcome {
	case OutcomeRPCError:
		if resp.Error.Code != -32602 {
			add(Info, CodeUnknownToolErrorCode, "JSON-RPC error "+strconv.FormatInt(resp.Error.Code, 10)+" ("+clip(resp.Error.Message, 100)+"), where the revisions name -32602 Invalid params for an unknown tool; a client sees an error either way")
		}
	case OutcomeToolError:
		add(Info, CodeUnknownToolToolError, "a result with isError true, where every revision asks for a JSON-RPC error (-32602 Invalid params) for a tool it cannot find; a client still reads it as a failure")
	case OutcomeMalformed:
		add(Error, Code(content.CodeInvalidJSON), "a response with neither a result nor an error")
	default:
		add(Error, CodeUnknownToolAnswered, "a result that is not isError, as if the call had succeeded: a client, and the model, cannot tell that no tool ran (a JSON-RPC error, -32602 Invalid params, is what every revision asks for)")
	}
	return ""
}

// probed reports whether a finding of the revision with this code may be
// the probe's, for a baseline: see lookedAt.
func probed(c Code) bool { return slices.Contains(probeCodes, c) }
