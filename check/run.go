package check

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpresult/mcpresult/internal/revision"
)

// The codes of the findings the driver adds itself, about an exchange
// rather than a result.
const (
	// CodeNoResponse (error): the server did not answer a tools/call or
	// resources/read within the timeout, or the connection broke first.
	CodeNoResponse Code = "no_response"
	// CodeClientRejected (warning): the result arrived, and the official Go
	// SDK's client refuses to read it (it returns an error instead of the
	// result); the other findings say what is wrong with it.
	CodeClientRejected Code = "client_rejected"
	// CodeResponseTooLarge (error): the response to a tools/call or
	// resources/read is over Options.MaxResponseBytes; it was not read
	// (nor kept) past the limit, and no check ran on it.
	CodeResponseTooLarge Code = "response_too_large"
	// CodeRedirectRefused (error): over HTTP, the server redirected the
	// request to another origin (scheme, host and port), which the check
	// does not follow.
	CodeRedirectRefused Code = "redirect_refused"
	// CodeCutShort (error): the run ended before this request was answered,
	// at Options.Deadline or because it was interrupted; the report holds
	// what was checked until then.
	CodeCutShort Code = "cut_short"
	// CodeDuplicateResponse (error): the server sent a response for a
	// request it had answered already (the finding of that tools/call or
	// resources/read, or of the revision for initialize, a list or ping),
	// or for a request id the check never sent (a finding of the revision).
	// Clients take the first answer, and so does the check: the exchange is
	// judged by it, and the others are counted, not checked.
	CodeDuplicateResponse Code = "duplicate_response"
	// CodeAppToolNoResponse (warning): a tool that only an MCP Apps page
	// calls (_meta.ui.visibility ["app"]) did not answer within the
	// timeout. A page's own call may wait on purpose (a long poll for the
	// next command), and no model ever waits on it, so it is no
	// no_response error; a tool the model can call that does not answer
	// still is.
	CodeAppToolNoResponse Code = "app_tool_no_response"
)

// The codes of the findings the driver adds to a revision
// (RevisionReport.Findings, with the path "") when it stops listing,
// calling or keeping before the server's end. The warnings say that the
// check did not cover everything the server lists.
const (
	// CodeTooManyTools (warning): the server lists more than
	// Options.MaxTools tools; the first MaxTools listed are called, the
	// others are not.
	CodeTooManyTools Code = "too_many_tools"
	// CodeTooManyResources (warning): the server lists more than
	// Options.MaxResources resources; the first MaxResources listed are
	// read, the others are not.
	CodeTooManyResources Code = "too_many_resources"
	// CodeTooManyPages (warning): a list has more than Options.MaxPages
	// pages; what the pages read listed is kept, the rest is not listed.
	CodeTooManyPages Code = "too_many_pages"
	// CodeCursorRepeated (warning): a list gave a cursor it had given
	// before; the listing stops there.
	CodeCursorRepeated Code = "cursor_repeated"
	// CodeListTooLarge (warning): a page of a list is over
	// Options.MaxResponseBytes; the listing stops there.
	CodeListTooLarge Code = "list_too_large"
	// CodeResultsNotKept (info): the results and JSON-RPC errors kept in
	// the report reached Options.MaxKeptBytes; those after were checked
	// (their findings are in the report), and are not in the report.
	CodeResultsNotKept Code = "results_not_kept"
)

// The defaults of Options.
const (
	// DefaultTimeout is the time a request may take when Options.Timeout
	// is 0.
	DefaultTimeout = 30 * time.Second
	// DefaultDeadline is the time the whole run may take when
	// Options.Deadline is 0.
	DefaultDeadline = 5 * time.Minute
	// DefaultMaxResponseBytes is the size of the largest response read
	// when Options.MaxResponseBytes is 0: the Go SDK's own limit of a
	// message over stdio.
	DefaultMaxResponseBytes = 16 << 20
	// DefaultMaxTools is the number of tools called when Options.MaxTools
	// is 0.
	DefaultMaxTools = 1000
	// DefaultMaxResources is the number of resources read when
	// Options.MaxResources is 0.
	DefaultMaxResources = 1000
	// DefaultMaxPages is the number of pages of a list read when
	// Options.MaxPages is 0.
	DefaultMaxPages = 100
	// DefaultMaxKeptBytes is the bytes of results the report keeps when
	// Options.MaxKeptBytes is 0.
	DefaultMaxKeptBytes = 64 << 20
)

// Options say which server Run checks and how.
type Options struct {
	// Stdio is the command (and its arguments) of a server that speaks over
	// stdin and stdout; it is started once per revision.
	Stdio []string
	// URL is the endpoint of a server that speaks Streamable HTTP.
	URL string
	// Transport connects to a server any other way, with a transport of
	// the official Go SDK: mcp.NewInMemoryTransports for a server in the
	// same process (see ExampleRun), or any mcp.Transport. Run calls it once
	// per revision, for a new session, since a transport connects only
	// once. Exactly one of Stdio, URL and Transport is set.
	Transport func() mcp.Transport

	// Protocol is the one revision to check, or "" for every revision of
	// ProtocolRevisions that the server accepts.
	Protocol string
	// Calls are the calls to make, by tool name (see ParseCalls): a tool
	// listed here is called with these arguments, in this order (not at all
	// for an empty list); any other tool once, with arguments made from its
	// inputSchema (every required property, each its default, example,
	// const, first enum value or a small value its bounds allow).
	Calls map[string][]Call
	// CallsFile is the path of the file Calls were read from, if any: a
	// call from it is reproduced with --calls and this path (see
	// CallReport.Rerun). Run does not read it.
	CallsFile string
	// Only, when set, narrows the check to one tool or one resource:
	// "tool:NAME" makes only the calls of that tool (those of Calls, or
	// one with generated arguments), "resource:URI" reads only that
	// resource, and nothing else is called or read. The lists are still
	// fetched (the revision's findings about them can still be given). A
	// revision whose lists do not name it gets a note; when none does, the
	// report's Error says that nothing was checked.
	Only string
	// NoProbes leaves out the probes of each revision: the tools/call of a
	// tool the server does not list (see ProbeReport). With Only set, no
	// probe is made either.
	NoProbes bool
	// Timeout bounds each request (initialize, each page of a list, each
	// call, each read); 0 means DefaultTimeout.
	Timeout time.Duration
	// Deadline bounds the whole run; when it passes, Run stops and reports
	// what it checked until then (the report's Error says it was cut
	// short). 0 means DefaultDeadline.
	Deadline time.Duration
	// MaxResponseBytes bounds the bytes of any one response (a message
	// over stdio, an HTTP response body); a response over it is read no
	// further and gives a finding. 0 means DefaultMaxResponseBytes. A
	// Transport's connection is used as it is, without this bound.
	MaxResponseBytes int64
	// MaxTools, MaxResources and MaxPages bound the tools called, the
	// resources read and the pages of each list read; 0 means their
	// defaults (DefaultMaxTools, DefaultMaxResources, DefaultMaxPages).
	MaxTools, MaxResources, MaxPages int
	// MaxKeptBytes bounds the bytes of the results and JSON-RPC errors the
	// report keeps, over the whole run (each response is bounded, but not
	// their number times their size); past it, results are still checked,
	// and left out of the report. 0 means DefaultMaxKeptBytes.
	MaxKeptBytes int64
	// Progress, when set, is told what Run is doing ("2025-06-18: tools/call
	// forecast (3/11)"), one step at a time, as it starts.
	Progress func(string)
	// Ended, when set, is told of each tools/call and resources/read as it
	// ends, with its outcome, findings and time (Step.String says it on one
	// line): the progress of a long run, for people or a CI log.
	Ended func(Step)
}

// checks are the checks a run makes of each result: CheckToolCall and
// CheckResourceRead, unless a test gives others.
type checks struct {
	tool func(ToolCall) []Finding
	read func(ResourceRead) []Finding
}

// ProtocolRevisions are the revisions Run can check, oldest first: those
// mcpresult knows that the Go SDK's client also speaks.
func ProtocolRevisions() []string {
	return revision.Among(mcp.SupportedProtocolVersions())
}

// Run connects to the server once for each revision to check (Options.
// Protocol, or every one of ProtocolRevisions), with the Go SDK's client
// asking for that revision; it lists the tools and the resources (every
// page), calls each tool (with the calls of Options.Calls or generated
// arguments), reads each resource, and checks each result as the server
// sent it: the raw JSON of each JSON-RPC response is taken from the
// connection, under the SDK, by request id, so the checks see every byte and
// every field the server wrote, even one the SDK's types would drop or a
// result the SDK refuses to read.
//
// No server can stall or flood it: each request has Options.Timeout, the
// whole run Options.Deadline (past it, or when ctx ends, Run stops and
// returns the report of what it checked, its Error saying it was cut short
// or interrupted); a response over Options.MaxResponseBytes is read no
// further (response_too_large), tools, resources and pages are bounded
// (MaxTools, MaxResources, MaxPages; a warning of the revision past them),
// a list that gives a cursor twice ends there (a warning too), and over
// HTTP no redirect to another origin is followed (redirect_refused).
//
// A revision the server answers with another one is skipped ("server does
// not speak …"); a session that cannot be made, or breaks, fails that
// revision. When no revision could be checked at all (the server does not
// start, never answers initialize, speaks none of the revisions asked), the
// report's Error says why. Run returns an error only for invalid Options.
func Run(ctx context.Context, o Options) (*Report, error) {
	return run(ctx, o, checks{})
}

// run is Run with the checks of each result (see checks).
func run(ctx context.Context, o Options, ck checks) (*Report, error) {
	targets := 0
	for _, set := range []bool{len(o.Stdio) > 0, o.URL != "", o.Transport != nil} {
		if set {
			targets++
		}
	}
	if targets != 1 {
		return nil, errors.New("check: exactly one of Stdio, URL and Transport must be set")
	}
	revs := ProtocolRevisions()
	if o.Protocol != "" {
		if !slices.Contains(revs, o.Protocol) {
			return nil, fmt.Errorf("check: protocol revision %q is not one of %s", o.Protocol, strings.Join(revs, ", "))
		}
		revs = []string{o.Protocol}
	}
	for name, calls := range o.Calls {
		for i, c := range calls {
			if !isJSONObject(c.Arguments) {
				return nil, fmt.Errorf("check: the arguments of call %d of tool %q are not a JSON object", i+1, name)
			}
		}
	}
	if err := o.narrow(); err != nil {
		return nil, err
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.Deadline <= 0 {
		o.Deadline = DefaultDeadline
	}
	if o.MaxResponseBytes <= 0 {
		o.MaxResponseBytes = DefaultMaxResponseBytes
	}
	if o.MaxTools <= 0 {
		o.MaxTools = DefaultMaxTools
	}
	if o.MaxResources <= 0 {
		o.MaxResources = DefaultMaxResources
	}
	if o.MaxPages <= 0 {
		o.MaxPages = DefaultMaxPages
	}
	if o.MaxKeptBytes <= 0 {
		o.MaxKeptBytes = DefaultMaxKeptBytes
	}
	kept := new(int64) // the bytes the report keeps, across revisions
	ctx, cancel := context.WithTimeoutCause(ctx, o.Deadline, &deadlineError{o.Deadline})
	defer cancel()
	if ck.tool == nil {
		ck.tool = CheckToolCall
	}
	if ck.read == nil {
		ck.read = CheckResourceRead
	}

	rep := &Report{Target: target(o), Protocol: o.Protocol, Only: o.Only, NoProbes: o.NoProbes, Started: time.Now()}
	heard := false // the server has sent something
	for _, rev := range revs {
		if ctx.Err() != nil {
			rep.Error = stopped(ctx)
			break
		}
		rr, fatal, silent := runRevision(ctx, o, ck, kept, rev)
		rep.Revisions = append(rep.Revisions, rr)
		if fatal != "" {
			rep.Error = fatal
			break
		}
		if rr.Status == StatusFailed && silent && !heard {
			// Nothing ever came from the server (it exited, refused the
			// connection, or said nothing): another revision would fare no
			// better.
			break
		}
		heard = heard || !silent
	}
	rep.finish(revs, time.Since(rep.Started))
	rep.onlyChecked()
	return rep, nil
}

// deadlineError is the cause of the end of a run at its deadline.
type deadlineError struct{ d time.Duration }

// Error says the deadline passed.
func (e *deadlineError) Error() string { return "the run's deadline (" + e.d.String() + ") passed" }

// stopped says why the run stopped: its deadline passed, or it was
// interrupted (the caller's context ended).
func stopped(ctx context.Context) string {
	var de *deadlineError
	if errors.As(context.Cause(ctx), &de) {
		return "cut short: " + de.Error()
	}
	return "interrupted"
}

// target is what the report names as the server checked.
func target(o Options) string {
	switch {
	case len(o.Stdio) > 0:
		return joinCommandLine(o.Stdio)
	case o.URL != "":
		return o.URL
	}
	return "(transport)"
}

// joinCommandLine writes a command as the check command's --stdio reads it:
// words with blanks, quotes or backslashes in single quotes.
func joinCommandLine(argv []string) string {
	words := make([]string, len(argv))
	for i, a := range argv {
		if a != "" && !strings.ContainsAny(a, " \t\n'\"\\") {
			words[i] = a
			continue
		}
		words[i] = "'" + strings.ReplaceAll(a, "'", `'"'"'`) + "'"
	}
	return strings.Join(words, " ")
}

// runRevision checks one revision in its own session. fatal is set when no
// other revision should be tried either: the server cannot be started, or
// the run was interrupted. silent reports a session in which the server
// sent nothing at all.
func runRevision(ctx context.Context, o Options, ck checks, kept *int64, rev string) (rr *RevisionReport, fatal string, silent bool) {
	start := time.Now()
	rr = &RevisionReport{Revision: rev}
	s := &session{o: o, checks: ck, kept: kept, rev: rev, tap: newTap(), progress: func(string) {}}
	defer func() {
		rr.Duration = time.Since(start)
		silent = s.tap.messages() == 0
		if rr.Status != StatusSkipped {
			s.repeatedAnswers(rr)
		}
		if s.notKept > 0 {
			rr.Findings = append(rr.Findings, Finding{Severity: Info, Code: CodeResultsNotKept,
				Message: "the report keeps at most " + byteSize(o.MaxKeptBytes) + " of results: " + strconv.Itoa(s.notKept) + " checked after that are not in it"})
		}
	}()
	if o.Progress != nil {
		s.progress = func(msg string) { o.Progress(rev + ": " + msg) }
	}

	var t mcp.Transport
	switch {
	case len(o.Stdio) > 0:
		cmd := exec.Command(o.Stdio[0], o.Stdio[1:]...)
		s.stderr = &tailBuffer{max: 4 << 10}
		cmd.Stderr = s.stderr
		cmd.WaitDelay = 2 * time.Second // a grandchild holding stderr open
		ownProcessGroup(cmd)
		s.stdio = &stdioTransport{cmd: cmd, max: o.MaxResponseBytes, tap: s.tap, terminate: 2 * time.Second, timeout: o.Timeout}
		t = s.stdio
	case o.URL != "":
		t = &mcp.StreamableClientTransport{
			Endpoint: o.URL,
			// The SDK sends the negotiated revision's header from a hook of
			// its own connection type, which a wrapped connection hides: the
			// HTTP client sends it instead. The client bounds each body
			// and follows no redirect to another origin.
			HTTPClient: &http.Client{
				Transport:     &httpGuard{base: http.DefaultTransport, tap: s.tap, max: o.MaxResponseBytes},
				CheckRedirect: checkRedirect,
			},
			DisableStandaloneSSE: true, // nothing to hear outside the requests
			// The guard ends an event stream at the limit; the SDK's own
			// bound of an event must not come first.
			MaxEventSize: int(min(o.MaxResponseBytes+1<<20, 1<<40)),
		}
	default:
		t = o.Transport()
	}

	client := mcp.NewClient(&mcp.Implementation{Name: "mcpresult-check", Version: "1"}, &mcp.ClientOptions{
		// An input_required result is a result to check, not a request to
		// fulfil and retry.
		MultiRoundTrip: &mcp.MultiRoundTripOptions{Disabled: true},
	})
	s.progress("initialize")
	cctx, cancel := context.WithTimeout(ctx, o.Timeout)
	sent := &sentLog{}
	cs, err := client.Connect(context.WithValue(cctx, sentKey{}, sent), &tapTransport{t: t, tap: s.tap}, &mcp.ClientSessionOptions{ProtocolVersion: rev})
	timedOut := cctx.Err() != nil
	cancel()
	if err != nil {
		rr, fatal = s.connectFailed(ctx, rr, sent, err, timedOut)
		return rr, fatal, false
	}
	s.cs = cs
	defer cs.Close()

	ir := cs.InitializeResult()
	rr.Negotiated = ir.ProtocolVersion
	if ir.ProtocolVersion != rev {
		rr.Status = StatusSkipped
		rr.Reason = "server does not speak " + rev + " (it answered " + quoteName(ir.ProtocolVersion) + ")"
		return rr, "", false
	}
	if ir.ServerInfo != nil {
		rr.Server = &ServerInfo{Name: ir.ServerInfo.Name, Title: ir.ServerInfo.Title, Version: ir.ServerInfo.Version}
	}
	rr.Status = StatusChecked
	s.discovered(rr, sent)
	s.initialized(sent)
	defer func() { rr.Findings = append(rr.Findings, s.shapes.fs...) }()
	caps := ir.Capabilities
	if caps == nil {
		caps = &mcp.ServerCapabilities{}
	}

	if caps.Tools == nil {
		rr.Notes = append(rr.Notes, "the server declares no tools capability: no tools listed")
		for name := range o.Calls {
			rr.Notes = append(rr.Notes, "calls file: tool "+strconv.Quote(name)+" not called (no tools capability)")
		}
	} else if reason := s.tools(ctx, rr); reason != "" {
		// The calls made may have failed alike before the session broke
		// (a client that closes its connection on HTTP 401, say).
		markAllFailedAlike(rr)
		rr, fatal = s.failed(ctx, rr, reason)
		return rr, fatal, false
	} else if !o.NoProbes && o.Only == "" {
		if reason := s.probeUnknownTool(ctx, rr, s.listed); reason != "" {
			rr, fatal = s.failed(ctx, rr, reason)
			return rr, fatal, false
		}
	}
	markAllFailedAlike(rr)
	defer s.appReports(rr)
	if caps.Resources == nil {
		rr.Notes = append(rr.Notes, "the server declares no resources capability: no resources listed")
	}
	// The pages the tools link are read whether resources/list lists them
	// or not.
	if caps.Resources != nil || len(s.appPages()) > 0 {
		if reason := s.resources(ctx, rr, caps.Resources != nil); reason != "" {
			rr, fatal = s.failed(ctx, rr, reason)
			return rr, fatal, false
		}
	}
	s.flush(ctx, rr)
	slices.Sort(rr.Notes)
	return rr, "", false
}

// connectFailed classifies a session that could not be made.
func (s *session) connectFailed(ctx context.Context, rr *RevisionReport, sent *sentLog, err error, timedOut bool) (*RevisionReport, string) {
	var se *startError
	switch {
	case ctx.Err() != nil:
		rr.Status, rr.Reason = StatusFailed, stopped(ctx)
		return rr, rr.Reason
	case errors.As(err, &se):
		rr.Status, rr.Reason = StatusFailed, "the server could not be started: "+se.err.Error()
		return rr, rr.Reason
	}
	// What the server answered, if it answered: another revision, or a
	// refusal of this one.
	for _, method := range []string{"initialize", "server/discover"} {
		id, ok := sent.last(method)
		if !ok {
			continue
		}
		resp, ok := s.tap.take(id)
		if !ok {
			continue
		}
		if resp.TooLarge {
			rr.Status = StatusFailed
			rr.Reason = "the answer to " + method + " is over " + byteSize(s.o.MaxResponseBytes) + ", the limit of a response (" + string(CodeResponseTooLarge) + ")"
			return rr, ""
		}
		if resp.Error != nil {
			if method == "server/discover" {
				continue // the SDK went on to initialize
			}
			rr.Status = StatusSkipped
			rr.Reason = "server does not speak " + s.rev + " (it refused initialize: JSON-RPC error " + strconv.FormatInt(resp.Error.Code, 10) + ": " + clip(resp.Error.Message, 300) + ")"
			return rr, ""
		}
		var ir struct {
			ProtocolVersion string `json:"protocolVersion"`
		}
		if json.Unmarshal(resp.Result, &ir) == nil && ir.ProtocolVersion != "" && ir.ProtocolVersion != s.rev {
			rr.Status = StatusSkipped
			rr.Negotiated = ir.ProtocolVersion
			rr.Reason = "server does not speak " + s.rev + " (it answered " + quoteName(ir.ProtocolVersion) + ")"
			return rr, ""
		}
		break
	}
	rr.Status = StatusFailed
	if timedOut && s.tap.messages() == 0 {
		rr.Reason = "the server did not answer initialize within " + s.o.Timeout.String() + s.serverState()
		return rr, ""
	}
	rr.Reason = "initialize failed: " + sdkError(err) + s.serverState()
	return rr, ""
}

// failed ends a revision whose session broke.
func (s *session) failed(ctx context.Context, rr *RevisionReport, reason string) (*RevisionReport, string) {
	rr.Status = StatusFailed
	slices.Sort(rr.Notes)
	if ctx.Err() != nil {
		rr.Reason = stopped(ctx)
		return rr, rr.Reason
	}
	s.cs.Close() // so that the process has exited, for serverState
	rr.Reason = reason + s.serverState()
	return rr, ""
}

// serverState is what is known of a stdio server that failed: how it exited
// and the end of its stderr.
func (s *session) serverState() string {
	var b strings.Builder
	if err := s.tap.closeError(); err != nil {
		// How it exited, unless it was stopped when the session closed
		// (SIGTERM, then SIGKILL).
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			if state := ee.ProcessState.String(); ee.Exited() || state != "signal: terminated" && state != "signal: killed" {
				b.WriteString("; the server exited (" + state + ")")
			}
		}
	}
	if s.stderr != nil {
		if tail := s.stderr.lastLines(5); tail != "" {
			b.WriteString("; its stderr ends with:\n" + tail)
		}
	}
	return b.String()
}

// maxDuplicateNotes is the number of tools or resources listed twice, or
// named by the calls file and not called, that notes name; the others are
// counted.
const maxDuplicateNotes = 10

// tools lists the tools and makes the calls.
func (s *session) tools(ctx context.Context, rr *RevisionReport) (reason string) {
	items, fs, reason := s.listPages(ctx, "tools/list", "tools", s.o.MaxTools, func(ctx context.Context, cursor string) error {
		_, err := s.cs.ListTools(ctx, &mcp.ListToolsParams{Cursor: cursor})
		return err
	})
	rr.Findings = append(rr.Findings, fs...)
	over := len(items) > s.o.MaxTools
	if over {
		rr.Findings = append(rr.Findings, Finding{Severity: Warning, Code: CodeTooManyTools,
			Message: "tools/list lists more than " + strconv.Itoa(s.o.MaxTools) + " tools: the first " + strconv.Itoa(s.o.MaxTools) + " listed are called, the others are not"})
		items = items[:s.o.MaxTools]
	}
	if reason != "" {
		return reason
	}
	tools := make([]Tool, 0, len(items))
	listed := make(map[string]bool, len(items))
	dups := 0
	for i, raw := range items {
		var t struct {
			Name         *string         `json:"name"`
			InputSchema  json.RawMessage `json:"inputSchema"`
			OutputSchema json.RawMessage `json:"outputSchema"`
			Meta         json.RawMessage `json:"_meta"`
		}
		if json.Unmarshal(raw, &t) != nil || t.Name == nil {
			rr.Notes = append(rr.Notes, "tools/list: tool "+strconv.Itoa(i)+" has no name: not called")
			continue
		}
		if listed[*t.Name] {
			if dups++; dups <= maxDuplicateNotes {
				rr.Notes = append(rr.Notes, "tools/list lists tool "+quoteName(*t.Name)+" more than once: called once")
			}
			continue
		}
		listed[*t.Name] = true
		s.listed = listed
		tools = append(tools, Tool{Name: *t.Name, InputSchema: t.InputSchema, OutputSchema: t.OutputSchema, Meta: t.Meta})
	}
	if dups > maxDuplicateNotes {
		rr.Notes = append(rr.Notes, "tools/list lists "+strconv.Itoa(dups)+" tools more than once in all: each called once")
	}
	slices.SortFunc(tools, func(a, b Tool) int { return strings.Compare(a.Name, b.Name) })
	s.linkedTools(tools)
	tools = onlyListed(s, rr, onlyTool, "tool", "no tool called", tools, func(t Tool) string { return t.Name })
	var unlisted []string
	for name := range s.o.Calls {
		if !listed[name] {
			unlisted = append(unlisted, name)
		}
	}
	slices.Sort(unlisted)
	for i, name := range unlisted {
		if i == maxDuplicateNotes {
			rr.Notes = append(rr.Notes, "calls file: "+strconv.Itoa(len(unlisted))+" tools in all are not called")
			break
		}
		if over {
			rr.Notes = append(rr.Notes, "calls file: tool "+quoteName(name)+" is not among the first "+strconv.Itoa(s.o.MaxTools)+" tools listed: not called")
		} else {
			rr.Notes = append(rr.Notes, "calls file: tool "+quoteName(name)+" is not listed by the server: not called")
		}
	}

	type planned struct {
		tool   Tool
		call   Call
		src    string
		report *ToolReport
		// made are the findings of making the arguments (generated
		// arguments only).
		made []Finding
	}
	var plan []planned
	rr.Tools = make([]*ToolReport, 0, len(tools))
	for _, t := range tools {
		tr := &ToolReport{Name: t.Name, Calls: []*CallReport{}}
		rr.Tools = append(rr.Tools, tr)
		calls, ok := s.o.Calls[t.Name]
		if !ok {
			args, complete, made := generateArgumentsWithFindings(t.InputSchema)
			src := SourceGenerated
			if !complete {
				src = SourceGeneratedPartial
			}
			plan = append(plan, planned{t, Call{Arguments: args, Valid: true}, src, tr, made})
			continue
		}
		for _, c := range calls {
			plan = append(plan, planned{t, c, SourceCalls, tr, nil})
		}
	}
	for i, p := range plan {
		s.progress("tools/call " + printable(p.tool.Name) + " (" + strconv.Itoa(i+1) + "/" + strconv.Itoa(len(plan)) + ")")
		cr, reason := s.call(ctx, p.tool, p.call, p.src)
		// What making the arguments could not do comes first: it is about
		// the request (finish orders the findings by severity, stably).
		cr.Findings = append(p.made, cr.Findings...)
		p.report.Calls = append(p.report.Calls, cr)
		s.own(&cr.Findings)
		s.ended(Step{Method: "tools/call", Name: p.tool.Name, N: i + 1, Of: len(plan), Outcome: cr.Outcome, Findings: cr.Findings, Duration: cr.Duration})
		if reason != "" {
			return reason
		}
	}
	return ""
}

// call makes one tools/call and checks what came back.
func (s *session) call(ctx context.Context, t Tool, c Call, src string) (cr *CallReport, reason string) {
	cr = &CallReport{Arguments: c.Arguments, ArgsValid: c.Valid, Source: src, Note: c.Note}
	start := time.Now()
	resp, err := s.exchange(ctx, "tools/call", func(ctx context.Context) error {
		_, err := s.cs.CallTool(ctx, &mcp.CallToolParams{Name: t.Name, Arguments: c.Arguments})
		return err
	})
	cr.Duration = time.Since(start)
	cr.Request = s.lastSent.request("tools/call")
	cr.Rerun = rerunArgs(s.o, s.rev, onlyTool+t.Name, src == SourceCalls)
	if resp == nil {
		cr.Outcome = OutcomeNoResponse
		cr.Findings = []Finding{appOnlyNoResponse(t, s.noResponse(ctx, err), err)}
		if ctx.Err() != nil {
			return cr, stopped(ctx)
		}
		if lost(err) {
			return cr, "the connection was lost during tools/call " + quoteName(t.Name) + ": " + sdkError(err)
		}
		return cr, ""
	}
	if resp.TooLarge {
		cr.Outcome = OutcomeTooLarge
		cr.Findings = []Finding{s.tooLarge()}
		return cr, ""
	}
	cr.Result, cr.RPCError = s.keep(resp)
	cr.Outcome = outcome(resp)
	cr.Findings = s.checks.tool(ToolCall{
		Revision: s.rev, Tool: t, Arguments: c.Arguments,
		Result: resp.Result, RPCError: resp.Error, ArgsValid: c.Valid,
	})
	if err != nil && resp.Error == nil {
		cr.Findings = append(cr.Findings, Finding{Severity: Warning, Code: CodeClientRejected,
			Message: "the official Go SDK's client (v1.8.0) refuses this result: " + sdkError(err)})
	}
	return cr, ""
}

// appOnlyNoResponse is the finding of a tools/call that got no answer: f,
// or app_tool_no_response when the timeout passed (err is errTimeout) for
// a tool that only an MCP Apps page calls.
func appOnlyNoResponse(t Tool, f Finding, err error) Finding {
	if f.Code != CodeNoResponse || !errors.Is(err, errTimeout) || !toolAppLink(t.Meta).AppOnly() {
		return f
	}
	return Finding{Severity: Warning, Code: CodeAppToolNoResponse,
		Message: f.Message + "; only an MCP Apps page calls this tool (_meta.ui.visibility is [\"app\"]), and a page's call may wait on purpose, as a long poll does, so no model waits on it"}
}

// resources lists the resources (when list is set: the server declares
// the capability) and reads each, and the MCP Apps pages the tools link.
func (s *session) resources(ctx context.Context, rr *RevisionReport, list bool) (reason string) {
	var items []json.RawMessage
	if list {
		var fs []Finding
		items, fs, reason = s.listPages(ctx, "resources/list", "resources", s.o.MaxResources, func(ctx context.Context, cursor string) error {
			_, err := s.cs.ListResources(ctx, &mcp.ListResourcesParams{Cursor: cursor})
			return err
		})
		rr.Findings = append(rr.Findings, fs...)
	}
	if len(items) > s.o.MaxResources {
		rr.Findings = append(rr.Findings, Finding{Severity: Warning, Code: CodeTooManyResources,
			Message: "resources/list lists more than " + strconv.Itoa(s.o.MaxResources) + " resources: the first " + strconv.Itoa(s.o.MaxResources) + " listed are read, the others are not"})
		items = items[:s.o.MaxResources]
	}
	if reason != "" {
		return reason
	}
	uris := make([]string, 0, len(items))
	listed := make(map[string]bool, len(items))
	dups := 0
	for i, raw := range items {
		var r struct {
			URI  *string         `json:"uri"`
			Meta json.RawMessage `json:"_meta"`
		}
		if json.Unmarshal(raw, &r) != nil || r.URI == nil {
			rr.Notes = append(rr.Notes, "resources/list: resource "+strconv.Itoa(i)+" has no uri: not read")
			continue
		}
		if listed[*r.URI] {
			if dups++; dups <= maxDuplicateNotes {
				rr.Notes = append(rr.Notes, "resources/list lists "+quoteName(*r.URI)+" more than once: read once")
			}
			continue
		}
		listed[*r.URI] = true
		uris = append(uris, *r.URI)
		s.listedAppMeta(*r.URI, r.Meta)
	}
	if dups > maxDuplicateNotes {
		rr.Notes = append(rr.Notes, "resources/list lists "+strconv.Itoa(dups)+" resources more than once in all: each read once")
	}
	uris = s.withAppPages(uris, listed, func(uris []string) []string {
		return onlyListed(s, rr, onlyResource, "resource", "no resource read", uris, func(u string) string { return u })
	})
	rr.Resources = make([]*ResourceReport, 0, len(uris))
	for i, uri := range uris {
		s.progress("resources/read " + printable(uri) + " (" + strconv.Itoa(i+1) + "/" + strconv.Itoa(len(uris)) + ")")
		res, stop := s.read(ctx, uri)
		rr.Resources = append(rr.Resources, res)
		s.own(&res.Findings)
		s.ended(Step{Method: "resources/read", Name: uri, N: i + 1, Of: len(uris), Outcome: res.Outcome, Findings: res.Findings, Duration: res.Duration})
		if stop != "" {
			return stop
		}
	}
	return ""
}

// read makes one resources/read and checks what came back; stop says why
// the revision can go no further (the connection was lost, the run
// stopped), or is "".
func (s *session) read(ctx context.Context, uri string) (res *ResourceReport, stop string) {
	start := time.Now()
	resp, err := s.exchange(ctx, "resources/read", func(ctx context.Context) error {
		_, err := s.cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: uri})
		return err
	})
	defer s.appRead(uri, resp) // an MCP Apps page's own checks
	res = &ResourceReport{URI: uri, Duration: time.Since(start), Request: s.lastSent.request("resources/read"),
		Rerun: rerunArgs(s.o, s.rev, onlyResource+uri, false)}
	if resp == nil {
		res.Outcome = OutcomeNoResponse
		res.Findings = []Finding{s.noResponse(ctx, err)}
		if ctx.Err() != nil {
			return res, stopped(ctx)
		}
		if lost(err) {
			return res, "the connection was lost during resources/read " + quoteName(uri) + ": " + sdkError(err)
		}
		return res, ""
	}
	if resp.TooLarge {
		res.Outcome = OutcomeTooLarge
		res.Findings = []Finding{s.tooLarge()}
		return res, ""
	}
	res.Result, res.RPCError = s.keep(resp)
	res.Outcome = outcome(resp)
	res.Findings = s.checks.read(ResourceRead{Revision: s.rev, URI: uri, Result: resp.Result, RPCError: resp.Error})
	if err != nil && resp.Error == nil {
		res.Findings = append(res.Findings, Finding{Severity: Warning, Code: CodeClientRejected,
			Message: "the official Go SDK's client (v1.8.0) refuses this result: " + sdkError(err)})
	}
	return res, ""
}
