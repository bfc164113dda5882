package check

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/mcpresult/mcpresult/result"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The codes of the findings the driver adds itself, about an exchange
// rather than a result.
const (
	// CodeNoResponse (error): the server did not answer a tools/call or
	// resources/read within the timeout, or the connection broke first.
	CodeNoResponse = "no_response"
	// CodeClientRejected (warning): the result arrived, and the official Go
	// SDK's client refuses to read it (it returns an error instead of the
	// result); the other findings say what is wrong with it.
	CodeClientRejected = "client_rejected"
	// CodeResponseTooLarge (error): the response to a tools/call or
	// resources/read is over Options.MaxResponseBytes; it was not read
	// (nor kept) past the limit, and no check ran on it.
	CodeResponseTooLarge = "response_too_large"
	// CodeRedirectRefused (error): over HTTP, the server redirected the
	// request to another origin (scheme, host and port), which the check
	// does not follow.
	CodeRedirectRefused = "redirect_refused"
	// CodeCutShort (error): the run ended before this request was answered,
	// at Options.Deadline or because it was interrupted; the report holds
	// what was checked until then.
	CodeCutShort = "cut_short"
	// CodeDuplicateResponse (error): the server sent a response for a
	// request it had answered already (the finding of that tools/call or
	// resources/read, or of the revision for initialize, a list or ping),
	// or for a request id the check never sent (a finding of the revision).
	// Clients take the first answer, and so does the check: the exchange is
	// judged by it, and the others are counted, not checked.
	CodeDuplicateResponse = "duplicate_response"
)

// The codes of the findings the driver adds to a revision
// (RevisionReport.Findings, with the path "") when it stops listing,
// calling or keeping before the server's end. The warnings say that the
// check did not cover everything the server lists.
const (
	// CodeTooManyTools (warning): the server lists more than
	// Options.MaxTools tools; the first MaxTools listed are called, the
	// others are not.
	CodeTooManyTools = "too_many_tools"
	// CodeTooManyResources (warning): the server lists more than
	// Options.MaxResources resources; the first MaxResources listed are
	// read, the others are not.
	CodeTooManyResources = "too_many_resources"
	// CodeTooManyPages (warning): a list has more than Options.MaxPages
	// pages; what the pages read listed is kept, the rest is not listed.
	CodeTooManyPages = "too_many_pages"
	// CodeCursorRepeated (warning): a list gave a cursor it had given
	// before; the listing stops there.
	CodeCursorRepeated = "cursor_repeated"
	// CodeListTooLarge (warning): a page of a list is over
	// Options.MaxResponseBytes; the listing stops there.
	CodeListTooLarge = "list_too_large"
	// CodeResultsNotKept (info): the results and JSON-RPC errors kept in
	// the report reached Options.MaxKeptBytes; those after were checked
	// (their findings are in the report), and are not in the report.
	CodeResultsNotKept = "results_not_kept"
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
	// result.ProtocolVersions is the one list (internal/revision), oldest
	// first, and a copy: those the SDK does not speak are taken out of it.
	sdk := mcp.SupportedProtocolVersions()
	return slices.DeleteFunc(result.ProtocolVersions(), func(v string) bool { return !slices.Contains(sdk, v) })
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

	rep := &Report{Target: target(o), Protocol: o.Protocol, Started: time.Now()}
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

// session is one connection to the server, for one revision.
type session struct {
	o        Options
	checks   checks
	kept     *int64 // the bytes the report keeps, across revisions
	rev      string
	tap      *tap
	stderr   *tailBuffer     // the stdio server's stderr, its end
	stdio    *stdioTransport // the stdio server's transport
	cs       *mcp.ClientSession
	progress func(string)
	notKept  int // results checked and left out of the report
	// lastSent are the requests of the last exchange; owners, by request
	// id, the findings that a repeated answer to it joins: its call's or
	// read's (a repeated answer to initialize, a list or ping is the
	// revision's).
	lastSent *sentLog
	owners   map[jsonrpc.ID]*[]Finding
}

// own makes the findings the place of a repeated answer to the requests of
// the last exchange.
func (s *session) own(fs *[]Finding) {
	if s.lastSent == nil {
		return
	}
	if s.owners == nil {
		s.owners = map[jsonrpc.ID]*[]Finding{}
	}
	for _, id := range s.lastSent.ids() {
		s.owners[id] = fs
	}
}

// ended tells Options.Ended of an exchange that ended.
func (s *session) ended(step Step) {
	if s.o.Ended != nil {
		step.Revision = s.rev
		s.o.Ended(step)
	}
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
		rr.Duration = Millis(time.Since(start))
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
		rr, fatal = s.failed(ctx, rr, reason)
		return rr, fatal, false
	}
	if caps.Resources == nil {
		rr.Notes = append(rr.Notes, "the server declares no resources capability: no resources listed")
	} else if reason := s.resources(ctx, rr); reason != "" {
		rr, fatal = s.failed(ctx, rr, reason)
		return rr, fatal, false
	}
	s.flush(ctx, rr)
	slices.Sort(rr.Notes)
	return rr, "", false
}

// flushWait bounds the ping that flush sends.
const flushWait = 2 * time.Second

// flush sends a ping at the end of a revision and waits for its answer (at
// most flushWait, or Options.Timeout when shorter): a server answers in the
// order it writes, so a repeated answer it wrote after the answer to the
// last call has then been read, and counted. A server that does not answer
// gets a note. Any answer will do, a JSON-RPC error too: all that counts is
// that it came after the others.
func (s *session) flush(ctx context.Context, rr *RevisionReport) {
	if ctx.Err() != nil {
		return
	}
	wait := min(flushWait, s.o.Timeout)
	resp, _ := s.exchangeWithin(ctx, "ping", wait, func(ctx context.Context) error { return s.cs.Ping(ctx, nil) })
	if resp == nil && ctx.Err() == nil {
		rr.Notes = append(rr.Notes, "ping got no answer within "+wait.String()+": answers the server sent after that were not looked at for repeats ("+CodeDuplicateResponse+")")
	}
}

// repeatedAnswers adds a duplicate_response finding for each request the
// server answered more than once (to the findings of its call or read, or
// of the revision), and for each id it answered that the check never
// sent (the revision's).
func (s *session) repeatedAnswers(rr *RevisionReport) {
	ids, rs, dropped := s.tap.repeatedResponses()
	for i, r := range rs {
		if r.stray {
			rr.Findings = append(rr.Findings, Finding{Severity: Error, Code: CodeDuplicateResponse,
				Message: "the server sent " + times(r.n, "a response") + " for request id " + idText(ids[i]) +
					", which the check never sent: a client drops it, or takes it for the answer to a later request of that id"})
			continue
		}
		same := "the same as the first, byte for byte"
		if r.differs {
			same = "not the same as the first"
		}
		tail := ": clients take the first answer, and that is what was checked; JSON-RPC gives a request one response, and a client that reads a later one sees another answer"
		if fs, ok := s.owners[ids[i]]; ok {
			*fs = append(*fs, Finding{Severity: Error, Code: CodeDuplicateResponse,
				Message: "the server answered this request " + times(r.n, "more time") + " after its first answer (" + same + ")" + tail})
			continue
		}
		rr.Findings = append(rr.Findings, Finding{Severity: Error, Code: CodeDuplicateResponse,
			Message: "the server answered " + r.method + " (request id " + idText(ids[i]) + ") " + times(r.n, "more time") + " after its first answer (" + same + ")" + tail})
	}
	if dropped > 0 {
		rr.Findings = append(rr.Findings, Finding{Severity: Error, Code: CodeDuplicateResponse,
			Message: "the server sent " + times(dropped, "more response") + " for requests answered already, or never sent, past the " + strconv.Itoa(maxRepeatIDs) + " ids told apart above"})
	}
}

// times writes "once more", "2 more times"; "a response", "2 responses".
func times(n int, what string) string {
	switch {
	case what == "more time" && n == 1:
		return "once more"
	case what == "a response" && n == 1:
		return "a response"
	case what == "a response":
		return strconv.Itoa(n) + " responses"
	}
	return plural(n, what)
}

// idText is a request id for a message: a number as it is, a string
// quoted (at most 100 characters).
func idText(id jsonrpc.ID) string {
	switch v := id.Raw().(type) {
	case int64:
		return strconv.FormatInt(v, 10)
	case string:
		return quoteName(v)
	}
	return fmt.Sprint(id.Raw())
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
			rr.Reason = "the answer to " + method + " is over " + byteSize(s.o.MaxResponseBytes) + ", the limit of a response (" + CodeResponseTooLarge + ")"
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

// sdkError is an error of the SDK's client without its "calling …" prefix.
func sdkError(err error) string {
	msg := err.Error()
	if strings.HasPrefix(msg, "calling \"") {
		if i := strings.Index(msg, "\": "); i > 0 {
			msg = msg[i+3:]
		}
	}
	if msg == "EOF" || strings.HasSuffix(msg, ": EOF") {
		msg += " (the response has no result to read)"
	}
	return msg
}

// exchange sends one request through the SDK's client (send) and returns
// the response the server sent for it, as received (nil when none came:
// the error says why), and the error of the SDK's call. Over stdio, it
// first waits, up to the timeout, for the end of a message over the limit
// that the server may still be sending (errStillSending when it does not
// end).
func (s *session) exchange(ctx context.Context, method string, send func(context.Context) error) (*rawResponse, error) {
	return s.exchangeWithin(ctx, method, s.o.Timeout, send)
}

// exchangeWithin is exchange with a timeout of its own. The requests it
// sent are s.lastSent until the next exchange (see own).
func (s *session) exchangeWithin(ctx context.Context, method string, timeout time.Duration, send func(context.Context) error) (*rawResponse, error) {
	s.lastSent = nil
	if s.stdio != nil && s.stdio.guard != nil && !s.stdio.guard.waitIdle(ctx, timeout) {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, errStillSending
	}
	cctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	sent := &sentLog{}
	s.lastSent = sent
	err := send(context.WithValue(cctx, sentKey{}, sent))
	if id, ok := sent.last(method); ok {
		if resp, ok := s.tap.take(id); ok {
			return resp, err
		}
	}
	if err == nil {
		err = errors.New("no response was captured") // the SDK answered from its cache
	}
	if cctx.Err() != nil && ctx.Err() == nil {
		err = errTimeout
	}
	return nil, err
}

var (
	errTimeout      = errors.New("no answer within the timeout")
	errStillSending = errors.New("the server is still sending a message over the byte limit, past the timeout")
)

// lost reports an error after which the session is of no more use.
func lost(err error) bool {
	return errors.Is(err, mcp.ErrConnectionClosed) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, errStillSending)
}

// noResponse is the finding of a request that got no answer: the run
// stopped, the server redirected it elsewhere, or no answer came.
func (s *session) noResponse(ctx context.Context, err error) Finding {
	var re *redirectError
	switch {
	case ctx.Err() != nil:
		return Finding{Severity: Error, Code: CodeCutShort, Message: "no answer before the run stopped (" + stopped(ctx) + ")"}
	case errors.As(err, &re):
		return Finding{Severity: Error, Code: CodeRedirectRefused, Message: re.Error()}
	case errors.Is(err, errTimeout):
		return Finding{Severity: Error, Code: CodeNoResponse, Message: "no answer within " + s.o.Timeout.String()}
	}
	return Finding{Severity: Error, Code: CodeNoResponse, Message: "no answer: " + sdkError(err)}
}

// tooLarge is the finding of a response over the limit.
func (s *session) tooLarge() Finding {
	return Finding{Severity: Error, Code: CodeResponseTooLarge,
		Message: "the response is over " + byteSize(s.o.MaxResponseBytes) + ", the limit of a response: it was not read past the limit, nor checked"}
}

// byteSize writes a number of bytes for people: 16 MiB, 1 KiB, 1000 bytes.
func byteSize(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return strconv.FormatInt(n>>30, 10) + " GiB"
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.FormatInt(n>>20, 10) + " MiB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.FormatInt(n>>10, 10) + " KiB"
	case n == 1:
		return "1 byte"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}

// listPages lists the pages of a list method, returning each page's items
// (the member named key of each result) as received, until the last page,
// more than limit items, Options.MaxPages pages, a cursor given before or a
// page over the byte limit (each of the last three with a finding of the
// revision). reason is set when the session failed.
func (s *session) listPages(ctx context.Context, method, key string, limit int, list func(context.Context, string) error) (items []json.RawMessage, fs []Finding, reason string) {
	cursor := ""
	seen := map[string]bool{}
	for page := 1; ; page++ {
		s.progress(method + pageNote(page))
		c := cursor
		resp, err := s.exchange(ctx, method, func(ctx context.Context) error { return list(ctx, c) })
		if resp == nil {
			return items, fs, method + " failed: " + noAnswer(err, s.o.Timeout)
		}
		if resp.TooLarge {
			return items, append(fs, Finding{Severity: Warning, Code: CodeListTooLarge,
				Message: method + pageNote(page) + " is over " + byteSize(s.o.MaxResponseBytes) + ", the limit of a response: stopped listing"}), ""
		}
		if resp.Error != nil {
			return items, fs, method + " failed: JSON-RPC error " + strconv.FormatInt(resp.Error.Code, 10) + ": " + clip(resp.Error.Message, 300)
		}
		var res struct {
			NextCursor *string `json:"nextCursor"`
		}
		var members map[string]json.RawMessage
		if json.Unmarshal(resp.Result, &members) != nil || json.Unmarshal(resp.Result, &res) != nil {
			return items, fs, method + " failed: its result is not an object of the expected shape"
		}
		var pageItems []json.RawMessage
		if raw, ok := members[key]; ok && json.Unmarshal(raw, &pageItems) != nil {
			return items, fs, method + " failed: its " + key + " is not an array"
		}
		items = append(items, pageItems...)
		if len(items) > limit || res.NextCursor == nil || *res.NextCursor == "" {
			return items, fs, ""
		}
		cursor = *res.NextCursor
		if seen[cursor] {
			return items, append(fs, Finding{Severity: Warning, Code: CodeCursorRepeated,
				Message: method + " gave a cursor it had given before: stopped listing"}), ""
		}
		seen[cursor] = true
		if page >= s.o.MaxPages {
			return items, append(fs, Finding{Severity: Warning, Code: CodeTooManyPages,
				Message: method + " has more than " + strconv.Itoa(s.o.MaxPages) + " pages: stopped listing"}), ""
		}
	}
}

func pageNote(page int) string {
	if page == 1 {
		return ""
	}
	return " (page " + strconv.Itoa(page) + ")"
}

// noAnswer says why a request got no answer.
func noAnswer(err error, timeout time.Duration) string {
	if errors.Is(err, errTimeout) {
		return "no answer within " + timeout.String()
	}
	return sdkError(err)
}

// clip cuts a text from the server to n characters, with an ellipsis,
// with what looks like a secret redacted (redactSecrets): it is what the
// driver does to a text from the server before it quotes it, cuts it or
// puts it in a note, a reason or a progress message, so that no cut or
// quote can leave part of a secret, or hide one from the redaction of what
// is printed (EscapeText, WriteJSON).
func clip(s string, n int) string {
	s = redactSecrets(s)
	if len(s) <= n {
		return s
	}
	return shorten(strings.ToValidUTF8(s, "\uFFFD"), n)
}

// quoteName quotes a name from the server for a note: secrets redacted,
// control characters escaped, at most 100 characters.
func quoteName(s string) string {
	return strconv.Quote(clip(s, 100))
}

// printable is a name from the server as a progress message shows it: as it
// is when every character is printable, quoted (control characters
// escaped) otherwise; at most 100 characters, secrets redacted.
func printable(s string) string {
	s = clip(s, 100)
	for _, r := range s {
		if !unicode.IsPrint(r) || r == utf8.RuneError {
			return strconv.Quote(s)
		}
	}
	return s
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
		tools = append(tools, Tool{Name: *t.Name, InputSchema: t.InputSchema, OutputSchema: t.OutputSchema})
	}
	if dups > maxDuplicateNotes {
		rr.Notes = append(rr.Notes, "tools/list lists "+strconv.Itoa(dups)+" tools more than once in all: each called once")
	}
	slices.SortFunc(tools, func(a, b Tool) int { return strings.Compare(a.Name, b.Name) })
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
	cr.Duration = Millis(time.Since(start))
	if resp == nil {
		cr.Outcome = OutcomeNoResponse
		cr.Findings = []Finding{s.noResponse(ctx, err)}
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

// resources lists the resources and reads each.
func (s *session) resources(ctx context.Context, rr *RevisionReport) (reason string) {
	items, fs, reason := s.listPages(ctx, "resources/list", "resources", s.o.MaxResources, func(ctx context.Context, cursor string) error {
		_, err := s.cs.ListResources(ctx, &mcp.ListResourcesParams{Cursor: cursor})
		return err
	})
	rr.Findings = append(rr.Findings, fs...)
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
			URI *string `json:"uri"`
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
	}
	if dups > maxDuplicateNotes {
		rr.Notes = append(rr.Notes, "resources/list lists "+strconv.Itoa(dups)+" resources more than once in all: each read once")
	}
	slices.Sort(uris)
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
	res = &ResourceReport{URI: uri, Duration: Millis(time.Since(start))}
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

// keep gives what the report keeps of a response: all of it while
// Options.MaxKeptBytes allows, then no result, and of an error its code and
// the start of its message.
func (s *session) keep(resp *rawResponse) (json.RawMessage, *RPCError) {
	n := int64(len(resp.Result))
	if resp.Error != nil {
		n += int64(len(resp.Error.Message) + len(resp.Error.Data))
	}
	if *s.kept+n <= s.o.MaxKeptBytes {
		*s.kept += n
		return resp.Result, resp.Error
	}
	s.notKept++
	if resp.Error == nil {
		return nil, nil
	}
	return nil, &RPCError{Code: resp.Error.Code, Message: clip(resp.Error.Message, 300)}
}

// outcome names what a response was.
func outcome(r *rawResponse) string {
	if r.Error != nil {
		return OutcomeRPCError
	}
	if len(r.Result) == 0 {
		return OutcomeMalformed
	}
	var res struct {
		IsError bool `json:"isError"`
	}
	if json.Unmarshal(r.Result, &res) == nil && res.IsError {
		return OutcomeToolError
	}
	return OutcomeResult
}

// ---------------------------------------------------------------- capture

// rawResponse is a JSON-RPC response as received: its result's bytes
// exactly, or its error.
type rawResponse struct {
	Result json.RawMessage
	Error  *RPCError
	// TooLarge marks a response over the limit, neither read past it nor
	// kept (Result and Error are nil).
	TooLarge bool
}

// tap keeps the responses the server sent, by request id, until the
// request's caller takes its own; and the revision initialize negotiated.
type tap struct {
	mu        sync.Mutex
	responses map[jsonrpc.ID]*rawResponse
	initIDs   map[jsonrpc.ID]bool
	// listIDs are the requests of a list, with the empty list the SDK's
	// client reads in place of the server's: the driver reads the items
	// from the result as received, and the client would decode each item
	// again (several kilobytes of garbage per tool).
	listIDs  map[jsonrpc.ID]string
	version  string
	count    int
	closeErr error
	// marker is the message of the JSON-RPC error read in place of a
	// response over the limit.
	marker string
	// pending are the requests sent and not answered yet, with their
	// method; answered, those answered, with a digest of the first answer,
	// which is the one kept (a client takes the first answer too).
	pending  map[jsonrpc.ID]string
	answered map[jsonrpc.ID]answer
	// repeats are the responses after the first for a request, and those
	// for a request never sent, by id in the order first seen (at most
	// maxRepeatIDs ids; the responses for others are counted in
	// repeatsDropped).
	repeats        map[jsonrpc.ID]*repeat
	repeatOrder    []jsonrpc.ID
	repeatsDropped int
}

// answer is what the tap knows of the first answer to a request.
type answer struct {
	method string
	digest [sha256.Size]byte
}

// repeat counts the responses for one id after its first answer, or for an
// id never sent (stray).
type repeat struct {
	method  string // the method of the request answered ("" when stray)
	n       int
	differs bool // one of them is not the first answer, byte for byte
	stray   bool
}

// maxRepeatIDs bounds the ids whose repeated or stray responses are told
// apart.
const maxRepeatIDs = 100

func newTap() *tap {
	return &tap{responses: map[jsonrpc.ID]*rawResponse{}, initIDs: map[jsonrpc.ID]bool{}, listIDs: map[jsonrpc.ID]string{}, marker: newMarker(),
		pending: map[jsonrpc.ID]string{}, answered: map[jsonrpc.ID]answer{}, repeats: map[jsonrpc.ID]*repeat{}}
}

func (t *tap) sent(req *jsonrpc.Request) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, done := t.answered[req.ID]; !done {
		t.pending[req.ID] = req.Method
	}
	switch req.Method {
	case "initialize":
		t.initIDs[req.ID] = true
	case "tools/list":
		t.listIDs[req.ID] = `{"tools":[]}`
	case "resources/list":
		t.listIDs[req.ID] = `{"resources":[]}`
	}
}

// messages is the number of messages read from the server.
func (t *tap) messages() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.count
}

// received records a message read from the server, and returns the
// message the SDK's client is to read: the same, or for a list's result an
// empty list.
func (t *tap) received(msg jsonrpc.Message) (read jsonrpc.Message) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.count++
	resp, ok := msg.(*jsonrpc.Response)
	if !ok || !resp.ID.IsValid() {
		return msg
	}
	method, sent := t.pending[resp.ID]
	if !sent {
		// Answered already, or never asked: the SDK's client drops it (it
		// has no call waiting for the id), and so does the tap, which
		// keeps the first answer. It is counted.
		t.repeated(resp)
		return msg
	}
	delete(t.pending, resp.ID)
	t.answered[resp.ID] = answer{method: method, digest: digestOf(resp)}
	if empty, ok := t.listIDs[resp.ID]; ok {
		delete(t.listIDs, resp.ID)
		if resp.Error == nil {
			defer func() { read = &jsonrpc.Response{ID: resp.ID, Result: json.RawMessage(empty)} }()
		}
	}
	r := &rawResponse{}
	var we *jsonrpc.Error
	if resp.Error != nil && errors.As(resp.Error, &we) && we.Message == t.marker {
		t.responses[resp.ID] = &rawResponse{TooLarge: true}
		return msg
	}
	if resp.Result != nil {
		r.Result = bytes.Clone(resp.Result)
	}
	if resp.Error != nil {
		if errors.As(resp.Error, &we) {
			r.Error = &RPCError{Code: we.Code, Message: we.Message, Data: bytes.Clone(we.Data)}
		} else {
			r.Error = &RPCError{Message: resp.Error.Error()}
		}
	}
	if t.initIDs[resp.ID] && r.Result != nil {
		var ir struct {
			ProtocolVersion string `json:"protocolVersion"`
		}
		if json.Unmarshal(r.Result, &ir) == nil {
			t.version = ir.ProtocolVersion
		}
	}
	t.responses[resp.ID] = r
	return msg
}

// repeated counts a response for a request answered already, or never
// sent; t.mu is held.
func (t *tap) repeated(resp *jsonrpc.Response) {
	first, answered := t.answered[resp.ID]
	r, ok := t.repeats[resp.ID]
	if !ok {
		if len(t.repeatOrder) >= maxRepeatIDs {
			t.repeatsDropped++
			return
		}
		r = &repeat{method: first.method, stray: !answered}
		t.repeats[resp.ID] = r
		t.repeatOrder = append(t.repeatOrder, resp.ID)
	}
	r.n++
	if answered && digestOf(resp) != first.digest {
		r.differs = true
	}
}

// digestOf is a digest of a response's result or error, as received.
func digestOf(resp *jsonrpc.Response) [sha256.Size]byte {
	h := sha256.New()
	if resp.Result != nil {
		h.Write([]byte{'r'})
		h.Write(resp.Result)
	}
	if resp.Error != nil {
		h.Write([]byte{'e'})
		var we *jsonrpc.Error
		if errors.As(resp.Error, &we) {
			h.Write(strconv.AppendInt(nil, we.Code, 10))
			h.Write([]byte{0})
			h.Write([]byte(we.Message))
			h.Write([]byte{0})
			h.Write(we.Data)
		} else {
			h.Write([]byte(resp.Error.Error()))
		}
	}
	var d [sha256.Size]byte
	h.Sum(d[:0])
	return d
}

// repeatedResponses returns the repeated and stray responses counted, in
// the order first seen, and the number of those for ids past maxRepeatIDs.
func (t *tap) repeatedResponses() (ids []jsonrpc.ID, rs []repeat, dropped int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, id := range t.repeatOrder {
		ids = append(ids, id)
		rs = append(rs, *t.repeats[id])
	}
	return ids, rs, t.repeatsDropped
}

func (t *tap) take(id jsonrpc.ID) (*rawResponse, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	r, ok := t.responses[id]
	delete(t.responses, id)
	return r, ok
}

func (t *tap) negotiated() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.version
}

func (t *tap) closed(err error) {
	t.mu.Lock()
	if t.closeErr == nil {
		t.closeErr = err
	}
	t.mu.Unlock()
}

func (t *tap) closeError() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.closeErr
}

// sentLog records the requests written for one call of the SDK's client
// (the one whose context carries it).
type sentLog struct {
	mu   sync.Mutex
	reqs []sentRequest
}

type sentRequest struct {
	id     jsonrpc.ID
	method string
}

type sentKey struct{}

func (l *sentLog) add(req *jsonrpc.Request) {
	l.mu.Lock()
	l.reqs = append(l.reqs, sentRequest{req.ID, req.Method})
	l.mu.Unlock()
}

// ids are the ids of the requests written.
func (l *sentLog) ids() []jsonrpc.ID {
	l.mu.Lock()
	defer l.mu.Unlock()
	ids := make([]jsonrpc.ID, len(l.reqs))
	for i, r := range l.reqs {
		ids[i] = r.id
	}
	return ids
}

// last is the id of the last request of the method.
func (l *sentLog) last(method string) (jsonrpc.ID, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for i := len(l.reqs) - 1; i >= 0; i-- {
		if l.reqs[i].method == method {
			return l.reqs[i].id, true
		}
	}
	return jsonrpc.ID{}, false
}

// tapTransport wraps a transport's connection in a tapConn.
type tapTransport struct {
	t   mcp.Transport
	tap *tap
}

// startError is a transport that could not connect (a command that could
// not be started).
type startError struct{ err error }

// Error is the error of the start.
func (e *startError) Error() string { return e.err.Error() }

// Unwrap gives the error of the start.
func (e *startError) Unwrap() error { return e.err }

// Connect connects the transport and taps the connection.
func (t *tapTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	c, err := t.t.Connect(ctx)
	if err != nil {
		return nil, &startError{err}
	}
	return &tapConn{Connection: c, tap: t.tap}, nil
}

// tapConn records each request's id with the caller that wrote it (through
// the context of Write, which is the context of the SDK's call), and each
// response as it is read, before the SDK decodes its result into its types.
type tapConn struct {
	mcp.Connection
	tap *tap
}

// Write notes a request's id, then writes it.
func (c *tapConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if req, ok := msg.(*jsonrpc.Request); ok && req.IsCall() {
		if l, ok := ctx.Value(sentKey{}).(*sentLog); ok {
			l.add(req)
		}
		c.tap.sent(req)
	}
	return c.Connection.Write(ctx, msg)
}

// Read reads a message and records it as received.
func (c *tapConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	msg, err := c.Connection.Read(ctx)
	if err == nil {
		msg = c.tap.received(msg)
	}
	return msg, err
}

// Close closes the connection and records that it ended.
func (c *tapConn) Close() error {
	err := c.Connection.Close()
	c.tap.closed(err)
	return err
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	buf []byte
	cut bool // bytes before buf were dropped
}

// Write appends p, keeping the last max bytes.
func (b *tailBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.buf = append(b.buf, p...)
	if over := len(b.buf) - b.max; over > 0 {
		b.buf = append(b.buf[:0], b.buf[over:]...)
		b.cut = true
	}
	return len(p), nil
}

// lastLines is the last n non-empty lines, each indented, with what looks
// like a secret redacted in the whole of what is kept before the lines are
// taken (a private key's last lines, without its first, are redacted too).
// After a cut, the first line kept, which may be the end of a longer one
// (the end of a secret too), is left out.
func (b *tailBuffer) lastLines(n int) string {
	b.mu.Lock()
	text := string(b.buf)
	cut := b.cut
	b.mu.Unlock()
	if cut {
		_, text, _ = strings.Cut(text, "\n")
	}
	text = redactSecrets(text)
	var lines []string
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimRight(l, "\r \t"); l != "" {
			lines = append(lines, "    "+l)
		}
	}
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// ---------------------------------------------------------------- calls file

// Call is one tools/call to make.
type Call struct {
	// Arguments is the arguments object, sent as it is.
	Arguments json.RawMessage
	// Valid says whether the arguments conform to the tool's inputSchema
	// (false marks arguments that are wrong on purpose, to see how the
	// server answers them).
	Valid bool
	// Note is the calls file's note about the call, shown in the report.
	Note string
}

// ParseCalls reads a calls file: a JSON object whose members are tool names,
// each an array of calls to make, in order:
//
//	{
//	  "forecast": [
//	    {"arguments": {"city": "Paris", "days": 2}},
//	    {"arguments": {"city": "Paris", "days": 0}, "valid": false, "note": "days below its minimum"}
//	  ],
//	  "export": []
//	}
//
// A call has "arguments" (a JSON object, sent as it is; {} when left out),
// "valid" (false for arguments that do not conform to the tool's
// inputSchema on purpose; true when left out) and "note" (a string shown in
// the report). No other member is allowed, nor a tool named twice. A tool
// the file names with an empty list is not called; a tool it does not name
// is called once, with arguments generated from its inputSchema.
func ParseCalls(data []byte) (map[string][]Call, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, errors.New("a calls file is a JSON object whose members are tool names")
	}
	calls := map[string][]Call{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, errors.New("a calls file is a JSON object whose members are tool names: " + err.Error())
		}
		name := tok.(string)
		if _, dup := calls[name]; dup {
			return nil, errors.New("tool " + strconv.Quote(name) + " is named twice")
		}
		var entries []json.RawMessage
		if err := dec.Decode(&entries); err != nil || entries == nil {
			return nil, errors.New("tool " + strconv.Quote(name) + ": the calls are an array of objects")
		}
		list := make([]Call, 0, len(entries))
		for i, e := range entries {
			c, err := parseCall(e)
			if err != nil {
				return nil, fmt.Errorf("tool %q, call %d: %v", name, i+1, err)
			}
			list = append(list, c)
		}
		calls[name] = list
	}
	if _, err := dec.Token(); err != nil {
		return nil, errors.New("a calls file is a JSON object whose members are tool names: " + err.Error())
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("a calls file holds one JSON object, and nothing after it")
	}
	return calls, nil
}

func parseCall(raw json.RawMessage) (Call, error) {
	var members map[string]json.RawMessage
	if json.Unmarshal(raw, &members) != nil || members == nil {
		return Call{}, errors.New("a call is an object with arguments, valid and note")
	}
	c := Call{Arguments: json.RawMessage(`{}`), Valid: true}
	names := make([]string, 0, len(members))
	for k := range members {
		names = append(names, k)
	}
	slices.Sort(names)
	for _, k := range names {
		v := members[k]
		switch k {
		case "arguments":
			if !isJSONObject(v) {
				return Call{}, errors.New("arguments is a JSON object")
			}
			var b bytes.Buffer
			if err := json.Compact(&b, v); err != nil {
				return Call{}, errors.New("arguments is a JSON object")
			}
			c.Arguments = b.Bytes()
		case "valid":
			if json.Unmarshal(v, &c.Valid) != nil {
				return Call{}, errors.New("valid is true or false")
			}
		case "note":
			if json.Unmarshal(v, &c.Note) != nil {
				return Call{}, errors.New("note is a string")
			}
		default:
			return Call{}, errors.New("unknown member " + strconv.Quote(k) + " (a call has arguments, valid and note)")
		}
	}
	return c, nil
}

func isJSONObject(raw json.RawMessage) bool {
	t := bytes.TrimSpace(raw)
	return len(t) > 0 && t[0] == '{' && json.Valid(t)
}
