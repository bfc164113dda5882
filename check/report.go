package check

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/mcpresult/mcpresult/internal/textesc"
)

// Report is what Run found: per revision, per tool and per resource, each
// exchange with its findings. Its order is stable: revisions oldest first,
// tools by name with their calls in the order made, resources by URI,
// findings by severity (in the order the checks gave them within one).
type Report struct {
	// Target is the server checked: its command line, its URL.
	Target string `json:"target"`
	// Protocol is the revision asked for ("" for all).
	Protocol string `json:"protocol,omitempty"`
	// Only is the one tool or resource checked (Options.Only), or "".
	Only string `json:"only,omitempty"`
	// NoProbes says the run made no probes (Options.NoProbes).
	NoProbes bool `json:"noProbes,omitempty"`
	// Server is the server's name and version, as the first revision
	// checked gave them.
	Server    *ServerInfo       `json:"server,omitempty"`
	Revisions []*RevisionReport `json:"revisions"`
	Totals    Totals            `json:"totals"`
	// Error says why nothing, or not everything, could be checked: the
	// server did not start, never answered, speaks none of the revisions
	// asked; or the run was interrupted.
	Error string `json:"error,omitempty"`
	// Caveat, when set, is said before anything else: in some revision
	// every tools/call (at least two) failed the same way (see
	// CodeAllCallsFailed), so that whatever else the report says, a pass
	// cannot vouch for the results. It names each such revision and how its
	// calls failed.
	Caveat string `json:"caveat,omitempty"`
	// BaselineResult is what ApplyBaseline found: the findings the baseline
	// lists, those it does not, and those it lists that are gone; nil when
	// no baseline was applied.
	BaselineResult *BaselineResult `json:"baseline,omitempty"`
	Started        time.Time       `json:"started"`
	// Duration is the time the run took (the JSON report writes it as
	// "durationMs", in milliseconds, as it does each duration).
	Duration time.Duration `json:"-"`
}

// ServerInfo is the serverInfo of initialize.
type ServerInfo struct {
	Name    string `json:"name"`
	Title   string `json:"title,omitempty"`
	Version string `json:"version"`
}

// The status of a revision.
const (
	StatusChecked = "checked" // a session of the revision was made (and its checks run, unless it broke: then failed)
	StatusSkipped = "skipped" // the server answered with another revision, or refused this one
	StatusFailed  = "failed"  // the session could not be made, or broke
)

// RevisionReport is what one session of one revision found.
type RevisionReport struct {
	Revision string `json:"revision"`
	Status   string `json:"status"`
	// Negotiated is the revision the server answered initialize with.
	Negotiated string `json:"negotiated,omitempty"`
	// Reason says why the revision was skipped or failed.
	Reason    string            `json:"reason,omitempty"`
	Server    *ServerInfo       `json:"server,omitempty"`
	Tools     []*ToolReport     `json:"tools"`
	Resources []*ResourceReport `json:"resources"`
	// Findings are about the revision's session rather than one exchange:
	// what the check left out when the server listed more than it allows
	// (too_many_tools, too_many_resources, too_many_pages, cursor_repeated,
	// list_too_large, warnings), the report kept no more results
	// (results_not_kept, info), every call failed alike (all_calls_failed),
	// what a probe found (see ProbeReport), or what is wrong with the answer
	// to server/discover (discover_invalid, its path the member's). The
	// path of the others is "". They count in the totals
	// as the findings of calls and reads do.
	Findings []Finding `json:"findings"`
	// Probes are the requests the check made of its own (see ProbeReport):
	// the call of a tool the server does not list. Their findings are
	// among Findings.
	Probes []*ProbeReport `json:"probes,omitempty"`
	// AllFailedAlike says how every tools/call of the revision failed, when
	// there were at least two and all failed the same way ("all 3
	// tools/call each answered with a result with isError true"); the
	// revision then has an all_calls_failed warning, and the report a
	// Caveat.
	AllFailedAlike string `json:"allFailedAlike,omitempty"`
	// Apps are the MCP Apps pages that the revision's tools link (see
	// AppReport), by resourceUri; nil when no tool links one.
	Apps []*AppReport `json:"apps,omitempty"`
	// Notes are what the driver noticed and did about it (a tool listed
	// twice, a calls file naming a tool the server does not list…).
	Notes []string `json:"notes,omitempty"`
	// Duration is the time the revision's session took.
	Duration time.Duration `json:"-"`
}

// ToolReport is one tool's calls.
type ToolReport struct {
	Name  string        `json:"name"`
	Calls []*CallReport `json:"calls"`
}

// Where a call's arguments came from.
const (
	SourceCalls            = "calls"             // the calls file
	SourceGenerated        = "generated"         // made from the tool's inputSchema, and conform to it
	SourceGeneratedPartial = "generated-partial" // made from the tool's inputSchema, a best effort that may not conform
)

// What an exchange gave.
const (
	OutcomeResult     = "result"      // a result (for a tool: isError absent or false)
	OutcomeToolError  = "tool_error"  // a tool result with isError true
	OutcomeRPCError   = "rpc_error"   // a JSON-RPC error
	OutcomeNoResponse = "no_response" // nothing within the timeout, or the connection broke
	OutcomeMalformed  = "malformed"   // a response with neither a result nor an error
	OutcomeTooLarge   = "too_large"   // a response over Options.MaxResponseBytes, read no further
)

// CallReport is one tools/call.
type CallReport struct {
	// Arguments is the arguments object sent.
	Arguments json.RawMessage `json:"arguments"`
	// ArgsValid says whether the arguments were meant to conform to the
	// tool's inputSchema (false for a call of Options.Calls marked not
	// valid).
	ArgsValid bool `json:"argsValid"`
	// Source says where the arguments came from (Source… constants).
	Source string `json:"source"`
	// Note is the note of the call in Options.Calls.
	Note string `json:"note,omitempty"`
	// Request is the JSON-RPC request exactly as the check wrote it, id and
	// all ({"jsonrpc":"2.0","id":…,"method":"tools/call","params":{…}}); WriteJSON
	// writes it with what looks like a secret redacted, as it writes the
	// arguments, and the text report prints it only when verbose.
	Request json.RawMessage `json:"request,omitempty"`
	// Rerun are the arguments of `mcpresult check` that make this one
	// exchange again, against the same server, in the same revision, and
	// nothing else (see Reproducing in the package documentation); nil when
	// the server was given as Options.Transport, which no command can name,
	// or the call is one of Options.Calls without Options.CallsFile.
	Rerun []string `json:"rerun,omitempty"`
	// Outcome is what the exchange gave (Outcome… constants).
	Outcome string `json:"outcome"`
	// Result is the JSON-RPC result exactly as the server sent it (nil when
	// there was none, or past Options.MaxKeptBytes); WriteJSON writes it
	// with what looks like a secret redacted.
	Result json.RawMessage `json:"result,omitempty"`
	// RPCError is the JSON-RPC error the server answered with, if any
	// (past Options.MaxKeptBytes, its code and the start of its message).
	RPCError *RPCError `json:"-"`
	// Findings are what the checks found, most severe first.
	Findings []Finding `json:"findings"`
	// Duration is the time the call took.
	Duration time.Duration `json:"-"`
}

// ResourceReport is one resources/read.
type ResourceReport struct {
	// URI is the resource read.
	URI string `json:"uri"`
	// Request is the JSON-RPC request exactly as the check wrote it, id and
	// all ({"jsonrpc":"2.0","id":…,"method":"resources/read","params":{…}}); WriteJSON
	// writes it with what looks like a secret redacted, as it writes the
	// arguments, and the text report prints it only when verbose.
	Request json.RawMessage `json:"request,omitempty"`
	// Rerun are the arguments of `mcpresult check` that make this one
	// exchange again, against the same server, in the same revision, and
	// nothing else (see Reproducing in the package documentation); nil when
	// the server was given as Options.Transport, which no command can name.
	Rerun []string `json:"rerun,omitempty"`
	// Outcome is what the exchange gave (Outcome… constants).
	Outcome string `json:"outcome"`
	// Result is the JSON-RPC result exactly as the server sent it (nil when
	// there was none, or past Options.MaxKeptBytes); WriteJSON writes it
	// with what looks like a secret redacted.
	Result json.RawMessage `json:"result,omitempty"`
	// RPCError is the JSON-RPC error the server answered with, if any
	// (past Options.MaxKeptBytes, its code and the start of its message).
	RPCError *RPCError `json:"-"`
	// Findings are what the checks found, most severe first.
	Findings []Finding `json:"findings"`
	// Duration is the time the read took.
	Duration time.Duration `json:"-"`
}

// rpcErrorJSON is an RPCError as the JSON report writes it.
type rpcErrorJSON struct {
	Code    int64           `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data,omitempty"`
}

func rpcErrorOf(e *RPCError) *rpcErrorJSON {
	if e == nil {
		return nil
	}
	return &rpcErrorJSON{Code: e.Code, Message: e.Message, Data: e.Data}
}

// MarshalJSON writes the report with its duration as "durationMs", in
// milliseconds to the microsecond, as it writes every duration.
func (r Report) MarshalJSON() ([]byte, error) {
	type plain Report
	return json.Marshal(struct {
		plain
		Duration millis `json:"durationMs"`
	}{plain(r), millis(r.Duration)})
}

// MarshalJSON writes the revision with its duration as "durationMs", in
// milliseconds.
func (rr RevisionReport) MarshalJSON() ([]byte, error) {
	type plain RevisionReport
	return json.Marshal(struct {
		plain
		Duration millis `json:"durationMs"`
	}{plain(rr), millis(rr.Duration)})
}

// MarshalJSON writes the call with its duration as "durationMs", in
// milliseconds, and its JSON-RPC error as "rpcError" {code, message, data}.
func (c CallReport) MarshalJSON() ([]byte, error) {
	type plain CallReport
	return json.Marshal(struct {
		plain
		Duration millis        `json:"durationMs"`
		RPCError *rpcErrorJSON `json:"rpcError,omitempty"`
	}{plain(c), millis(c.Duration), rpcErrorOf(c.RPCError)})
}

// MarshalJSON writes the read with its duration as "durationMs", in
// milliseconds, and its JSON-RPC error as "rpcError" {code, message, data}.
func (r ResourceReport) MarshalJSON() ([]byte, error) {
	type plain ResourceReport
	return json.Marshal(struct {
		plain
		Duration millis        `json:"durationMs"`
		RPCError *rpcErrorJSON `json:"rpcError,omitempty"`
	}{plain(r), millis(r.Duration), rpcErrorOf(r.RPCError)})
}

// Totals count the report's revisions, exchanges and findings.
type Totals struct {
	// Errors, Warnings and Infos count the findings of each severity, of
	// every revision, call and read.
	Errors   int `json:"error"`
	Warnings int `json:"warning"`
	Infos    int `json:"info"`
	// RevisionsChecked, RevisionsSkipped and RevisionsFailed count the
	// revisions by Status.
	RevisionsChecked int `json:"revisionsChecked"`
	RevisionsSkipped int `json:"revisionsSkipped"`
	RevisionsFailed  int `json:"revisionsFailed"`
	// ToolCalls and ResourceReads count the exchanges made.
	ToolCalls     int `json:"toolCalls"`
	ResourceReads int `json:"resourceReads"`
}

// Failed reports a run that could not check everything it was asked to: no
// revision could be checked, or a session failed.
func (r *Report) Failed() bool {
	return r.Error != "" || r.Totals.RevisionsFailed > 0
}

// millis is a duration as the JSON report writes it: milliseconds, to the
// microsecond.
type millis time.Duration

// MarshalJSON writes the milliseconds.
func (m millis) MarshalJSON() ([]byte, error) {
	return strconv.AppendFloat(nil, math.Round(float64(m)/1e3)/1e3, 'f', -1, 64), nil
}

// roundDuration is a duration rounded for people: 12ms, 1.25s.
func roundDuration(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return "<1ms"
	case d < time.Second:
		return d.Round(time.Millisecond).String()
	}
	return d.Round(10 * time.Millisecond).String()
}

// severityRank orders severities, most severe first.
func severityRank(s Severity) int {
	switch s {
	case Error:
		return 0
	case Warning:
		return 1
	case Info:
		return 2
	}
	return 3
}

// sortFindings orders findings by severity, stably, and never leaves them
// nil (the JSON report writes [] for none).
func sortFindings(fs []Finding) []Finding {
	if fs == nil {
		return []Finding{}
	}
	slices.SortStableFunc(fs, func(a, b Finding) int { return severityRank(a.Severity) - severityRank(b.Severity) })
	return fs
}

// finish orders the findings, counts the totals, names the server and says
// why nothing was checked when nothing was.
func (r *Report) finish(revs []string, d time.Duration) {
	r.Duration = d
	t := &r.Totals
	count := func(fs []Finding) {
		for _, f := range fs {
			switch f.Severity {
			case Error:
				t.Errors++
			case Warning:
				t.Warnings++
			case Info:
				t.Infos++
			}
		}
	}
	var firstFailure string
	sessions := 0 // sessions made, broken later or not
	for _, rr := range r.Revisions {
		switch rr.Status {
		case StatusChecked:
			t.RevisionsChecked++
			sessions++
		case StatusSkipped:
			t.RevisionsSkipped++
		case StatusFailed:
			t.RevisionsFailed++
			if rr.Negotiated != "" {
				sessions++
			}
			if firstFailure == "" {
				firstFailure = rr.Reason
			}
		}
		if r.Server == nil && rr.Server != nil {
			r.Server = rr.Server
		}
		if rr.Tools == nil {
			rr.Tools = []*ToolReport{}
		}
		if rr.Resources == nil {
			rr.Resources = []*ResourceReport{}
		}
		rr.Findings = sortFindings(rr.Findings)
		count(rr.Findings)
		for _, tr := range rr.Tools {
			for _, c := range tr.Calls {
				t.ToolCalls++
				c.Findings = sortFindings(c.Findings)
				count(c.Findings)
			}
		}
		for _, res := range rr.Resources {
			t.ResourceReads++
			res.Findings = sortFindings(res.Findings)
			count(res.Findings)
		}
		for _, a := range rr.Apps {
			a.Findings = sortAppFindings(a.Findings)
			for _, f := range a.Findings {
				count([]Finding{f.Finding})
			}
		}
	}
	if r.Revisions == nil {
		r.Revisions = []*RevisionReport{}
	}
	r.Caveat = r.caveat()
	if r.Error != "" || sessions > 0 {
		return
	}
	switch {
	case t.RevisionsFailed > 0:
		r.Error = "no session could be made with the server: " + firstFailure
	case len(revs) == 1 && len(r.Revisions) == 1:
		r.Error = r.Revisions[0].Reason
	case t.RevisionsSkipped > 0:
		r.Error = "the server speaks none of the revisions " + strings.Join(revs, ", ")
	}
}

// WriteJSON writes the report as JSON on one line (each result as the
// server sent it, without the whitespace between its tokens). The characters
// a terminal would obey are escaped in its strings (\u001b, \u009b,
// \u202e…, those the package documentation lists under Printing), bytes
// that are not UTF-8 are written \ufffd, and what looks like a secret is
// redacted wherever it is: in every string of the report, keys and values
// of the results and arguments included (the secret written [redacted], as
// WriteText does; the string value of a
// member named "password", "api_key"… too), and in a finding's path and
// message (see Finding.MarshalJSON). The JSON says the same, but for the
// secrets, and can be printed; the Report itself keeps what was sent.
func (r *Report) WriteJSON(w io.Writer) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(r); err != nil {
		return err
	}
	_, err := w.Write(escapeJSON(nil, redactJSON(b.Bytes())))
	return err
}

// MarshalJSON writes the finding with what looks like a secret in its path
// or its message redacted (a path segment that is an API key is written
// [redacted]): a report never repeats one. The finding itself keeps its
// exact path.
func (f Finding) MarshalJSON() ([]byte, error) {
	type plain Finding
	return json.Marshal(plain(f.redacted()))
}

// redacted is the finding as the reports write it: what looks like a
// secret in its path or its message redacted.
func (f Finding) redacted() Finding {
	f.Path, f.Message = redactPath(f.Path), redactSecrets(f.Message)
	return f
}

// escapeText returns s as it can be printed, as the package documentation
// says under Printing: what looks like a secret redacted (redactSecrets),
// and every character of textesc.Text, and each byte that is not UTF-8,
// written as an escape a person can read (\x1b, \n, \u202e, \xff). The
// secrets are looked for in s as it is, and again in its escaped form when
// escaping changed it.
//
// Every string that the text report, Step.String and the command print,
// and that a server or a user chose, goes through it: it is where what is
// printed is made safe (WriteJSON redacts and escapes the same in its own
// way, as JSON: escapeJSON).
func escapeText(s string) string {
	s = redactSecrets(s)
	if !textesc.Text.Needs(s) {
		return s
	}
	return redactSecrets(string(textesc.Text.AppendReadable(nil, s)))
}

// escapeJSON appends JSON text that the report's encoder wrote with the
// characters escapeText escapes written as JSON escapes (\u007f, \u202e,
// \ufffd for a byte that is not UTF-8).
func escapeJSON(dst, js []byte) []byte { return textesc.Text.AppendJSON(dst, js) }

// ANSI colours.
const (
	ansiReset  = "\x1b[0m"
	ansiBold   = "\x1b[1m"
	ansiDim    = "\x1b[2m"
	ansiRed    = "\x1b[31m"
	ansiGreen  = "\x1b[32m"
	ansiYellow = "\x1b[33m"
	ansiCyan   = "\x1b[36m"
)

// textWriter writes the text report, coloured or not.
type textWriter struct {
	b         bytes.Buffer
	color     bool
	verbose   bool
	slowFrom  time.Duration
	slow      []slowExchange
	infoCodes []string       // the codes of the info findings folded, in order
	infoCount map[string]int // and how many of each
}

func (t *textWriter) paint(code, s string) string {
	if !t.color || s == "" {
		return s
	}
	return code + s + ansiReset
}

func (t *textWriter) line(indent int, parts ...string) {
	t.b.WriteString(strings.Repeat("  ", indent))
	t.b.WriteString(strings.Join(parts, "  "))
	t.b.WriteByte('\n')
}

func (t *textWriter) severity(s Severity) string {
	label := fmt.Sprintf("%-7s", escapeText(string(s)))
	switch s {
	case Error:
		return t.paint(ansiRed+ansiBold, label)
	case Warning:
		return t.paint(ansiYellow, label)
	case Info:
		return t.paint(ansiCyan, label)
	}
	return label
}

// DefaultSlow is the time from which the text report marks an exchange
// slow, when TextOptions.Slow is 0.
const DefaultSlow = time.Second

// TextOptions say how WriteTextWith writes the text report.
type TextOptions struct {
	// Color adds ANSI colours (for a terminal).
	Color bool
	// Verbose shows every info finding in full; without it they are
	// folded: one line at the end counts them by code (WriteJSON has them
	// in full either way).
	Verbose bool
	// Slow is the time from which an exchange is marked slow, and listed,
	// slowest first, before the summary (0: DefaultSlow).
	Slow time.Duration
}

// WriteText writes the report for people, with the default TextOptions and
// colours when color is set: WriteTextWith(w, TextOptions{Color: color}).
func (r *Report) WriteText(w io.Writer, color bool) error {
	return r.WriteTextWith(w, TextOptions{Color: color})
}

// WriteTextWith writes the report for people: the caveat first, when
// there is one (Report.Caveat: every call of a revision failed alike), then
// the server, then each
// revision with its tools (each call with its findings: severity, code,
// path and message) and resources, its MCP Apps pages (each with its
// tools, mimeType, CSP and findings), the revision's own findings (each in
// full, info included) and its notes; then the slow exchanges, the info
// findings folded into one line (unless o.Verbose), and a summary line. A
// tool or resource without errors or warnings takes one line (its info
// findings follow it in full only with o.Verbose). An exchange that took
// o.Slow or longer is marked slow where it is printed, and listed in
// "slow:" before the summary.
//
// Every string it prints that it did not write itself (the server's name,
// title and version, tool names, URIs, arguments, paths, messages, reasons,
// notes, the target…) is escaped and redacted as the package documentation
// says under Printing, a multi-line one line by line (its lines indented
// under the first): nothing in them can drive the terminal, and what looks
// like a secret is redacted. Paths have their
// segments redacted as Finding.MarshalJSON does.
func (r *Report) WriteTextWith(w io.Writer, o TextOptions) error {
	if o.Slow <= 0 {
		o.Slow = DefaultSlow
	}
	t := &textWriter{color: o.Color, verbose: o.Verbose, slowFrom: o.Slow}
	if r.Caveat != "" {
		t.line(0, t.paint(ansiYellow+ansiBold, "caveat:"), indentLines(r.Caveat, 1))
	}
	t.line(0, t.paint(ansiBold, "mcpresult check"), escapeText(r.Target))
	if r.Server != nil {
		t.line(0, "server", serverName(r.Server))
	}
	for _, rr := range r.Revisions {
		t.b.WriteByte('\n')
		t.revision(rr)
	}
	t.b.WriteByte('\n')
	t.slowList()
	t.folded()
	t.baselineSection(r.BaselineResult)
	if r.Error != "" {
		t.line(0, t.paint(ansiRed+ansiBold, "error:"), indentLines(r.Error, 1))
	}
	t.line(0, t.summary(r))
	_, err := w.Write(t.b.Bytes())
	return err
}

// maxSlowListed bounds the slow exchanges listed before the summary.
const maxSlowListed = 10

// slowList writes the slow exchanges, slowest first.
func (t *textWriter) slowList() {
	if len(t.slow) == 0 {
		return
	}
	slices.SortStableFunc(t.slow, func(a, b slowExchange) int { return int(b.d - a.d) })
	t.line(0, t.paint(ansiYellow, "slow:"), plural(len(t.slow), "exchange")+" took "+roundDuration(t.slowFrom)+" or longer")
	for i, s := range t.slow {
		if i == maxSlowListed {
			t.line(1, t.paint(ansiDim, "and "+strconv.Itoa(len(t.slow)-maxSlowListed)+" more"))
			break
		}
		t.line(1, roundDuration(s.d), s.what)
	}
}

// folded writes the info findings that were not shown, counted by code.
func (t *textWriter) folded() {
	if t.verbose || len(t.infoCodes) == 0 {
		return
	}
	total := 0
	parts := make([]string, len(t.infoCodes))
	for i, c := range t.infoCodes {
		total += t.infoCount[c]
		parts[i] = c + " " + strconv.Itoa(t.infoCount[c])
	}
	t.line(0, t.paint(ansiCyan, "info:"), plural(total, "finding")+" folded ("+strings.Join(parts, ", ")+")")
}

// slowMark marks an exchange that took the slow time or longer, and notes
// it for the list.
func (t *textWriter) slowMark(d time.Duration, what string) string {
	if d < t.slowFrom {
		return t.paint(ansiDim, roundDuration(d))
	}
	t.slow = append(t.slow, slowExchange{d, what})
	return t.paint(ansiYellow, roundDuration(d)+" slow")
}

// slowExchange is an exchange the text report lists as slow.
type slowExchange struct {
	d    time.Duration
	what string
}

func serverName(s *ServerInfo) string {
	name := escapeText(s.Name)
	if s.Title != "" && s.Title != s.Name {
		name += " (" + escapeText(s.Title) + ")"
	}
	if s.Version != "" {
		name += " " + escapeText(s.Version)
	}
	return name
}

// indentLines escapes each line of a multi-line text (escapeText) and
// indents the lines after the first. Secrets are redacted in the whole
// text first: a private key's lines after its first are one.
func indentLines(s string, indent int) string {
	if !strings.Contains(s, "\n") {
		return escapeText(s)
	}
	lines := strings.Split(redactSecrets(s), "\n")
	for i, l := range lines {
		lines[i] = escapeText(l)
	}
	return strings.Join(lines, "\n"+strings.Repeat("  ", indent))
}

func (t *textWriter) revision(rr *RevisionReport) {
	head := t.paint(ansiBold, escapeText(rr.Revision))
	switch rr.Status {
	case StatusSkipped:
		t.line(0, head, t.paint(ansiDim, "skipped: "+indentLines(rr.Reason, 1)))
		return
	case StatusFailed:
		if len(rr.Tools) == 0 && len(rr.Resources) == 0 {
			t.line(0, head, t.paint(ansiRed, "failed: "+indentLines(rr.Reason, 1)))
			t.findings(1, rr.Findings)
			t.notes(rr)
			return
		}
	}
	calls := 0
	for _, tr := range rr.Tools {
		calls += len(tr.Calls)
	}
	t.line(0, head, fmt.Sprintf("%s, %s, %s", plural(len(rr.Tools), "tool"), plural(calls, "call"), plural(len(rr.Resources), "resource")), t.paint(ansiDim, roundDuration(rr.Duration)))
	rev := escapeText(rr.Revision)
	appTools, appPages := rr.appProblems()
	below := t.paint(ansiYellow, "MCP Apps findings below")
	for _, tr := range rr.Tools {
		serious := false
		var all []Finding
		var slowest time.Duration
		for _, c := range tr.Calls {
			serious = serious || hasProblems(c.Findings)
			all = append(all, c.Findings...)
			slowest = max(slowest, c.Duration)
		}
		name := "tool " + escapeText(tr.Name)
		if len(tr.Calls) == 0 {
			t.line(1, name, t.paint(ansiDim, "not called"))
			continue
		}
		if !serious {
			desc := []string{name, plural(len(tr.Calls), "call") + ", " + t.clean(all)}
			if appTools[tr.Name] {
				desc = append(desc, below)
			}
			if slowest >= t.slowFrom {
				for i, c := range tr.Calls {
					if c.Duration >= t.slowFrom {
						desc = append(desc, "call "+strconv.Itoa(i+1)+" "+t.slowMark(c.Duration, rev+"  "+name+" call "+strconv.Itoa(i+1)))
					}
				}
			}
			t.line(1, desc...)
			t.infos(2, all)
			continue
		}
		t.line(1, name)
		for i, c := range tr.Calls {
			desc := []string{"call " + strconv.Itoa(i+1), escapeText(shorten(string(c.Arguments), 60)), t.paint(ansiDim, callSource(c)), exchangeOutcome(c.Outcome, c.RPCError), t.slowMark(c.Duration, rev+"  "+name+" call "+strconv.Itoa(i+1))}
			if !hasProblems(c.Findings) {
				t.line(2, append(desc, t.clean(c.Findings))...)
				t.infos(3, c.Findings)
				continue
			}
			t.line(2, desc...)
			t.findings(3, c.Findings)
			t.reproducer(3, c.Request, c.Rerun)
		}
	}
	for _, res := range rr.Resources {
		what := "resource " + escapeText(res.URI)
		desc := []string{what, exchangeOutcome(res.Outcome, res.RPCError), t.slowMark(res.Duration, rev+"  "+what)}
		if !hasProblems(res.Findings) {
			desc = append(desc, t.clean(res.Findings))
			if appPages[res.URI] {
				desc = append(desc, below)
			}
			t.line(1, desc...)
			t.infos(2, res.Findings)
			continue
		}
		t.line(1, desc...)
		t.findings(2, res.Findings)
		t.reproducer(2, res.Request, res.Rerun)
	}
	t.apps(rr.Apps)
	t.findings(1, rr.Findings)
	t.notes(rr)
	if rr.Status == StatusFailed {
		t.line(1, t.paint(ansiRed, "failed: "+indentLines(rr.Reason, 2)))
	}
}

// apps writes the revision's MCP Apps pages: each page with its tools, its
// mimeType and its CSP (as compact JSON, redacted and escaped as results
// are), then its findings (each of a tool's link naming the tool).
func (t *textWriter) apps(apps []*AppReport) {
	for _, a := range apps {
		var fs []Finding
		for _, f := range a.Findings {
			if f.Tool != "" {
				f.Message = "tool " + f.Tool + ": " + f.Message
			}
			fs = append(fs, f.Finding)
		}
		desc := []string{"app " + escapeText(a.ResourceURI), "tools " + appToolNames(a.Tools, escapeText)}
		if a.MIMEType != "" {
			desc = append(desc, "mimeType "+escapeText(a.MIMEType))
		}
		if !hasProblems(fs) {
			desc = append(desc, t.clean(fs))
		}
		t.line(1, desc...)
		if a.CSP != nil {
			t.line(2, t.paint(ansiDim, "csp:"), escapeText(compactJSON(a.CSP)))
		}
		if hasProblems(fs) {
			t.findings(2, fs)
		} else {
			t.infos(2, fs)
		}
	}
}

// appProblems are the tools and the pages that have an MCP Apps error or
// warning, which the text report prints under the apps rather than under
// the tool or the read.
func (rr *RevisionReport) appProblems() (tools, pages map[string]bool) {
	tools, pages = map[string]bool{}, map[string]bool{}
	for _, a := range rr.Apps {
		for _, f := range a.Findings {
			switch {
			case f.Severity != Error && f.Severity != Warning:
			case f.Tool != "":
				tools[f.Tool] = true
			default:
				pages[a.ResourceURI] = true
			}
		}
	}
	return tools, pages
}

// appToolNames lists an app's tools, each written by name (escaped for
// the report's medium), "none" when there are none.
func appToolNames(tools []string, name func(string) string) string {
	if len(tools) == 0 {
		return "none"
	}
	names := make([]string, len(tools))
	for i, n := range tools {
		names[i] = name(n)
	}
	return strings.Join(names, ", ")
}

// compactJSON is JSON the server chose on one line, with what looks like a
// secret redacted (redactJSON) and the characters escapeText escapes
// written as JSON escapes, as WriteJSON writes it.
func compactJSON(raw json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return string(escapeJSON(nil, redactJSON(b.Bytes())))
}

// hasProblems reports an error or a warning among findings.
func hasProblems(fs []Finding) bool {
	return slices.ContainsFunc(fs, func(f Finding) bool { return f.Severity == Error || f.Severity == Warning })
}

// clean describes exchanges without errors or warnings: "no findings", or
// "no errors or warnings" when they have info findings (shown after it when
// verbose, folded into the count at the end otherwise).
func (t *textWriter) clean(fs []Finding) string {
	if len(fs) == 0 {
		return t.paint(ansiGreen, "no findings")
	}
	return t.paint(ansiGreen, "no errors or warnings")
}

// infos writes the info findings of exchanges without errors or warnings
// in full when verbose, and otherwise counts them for the folded line.
func (t *textWriter) infos(indent int, fs []Finding) {
	if t.verbose {
		t.findings(indent, fs)
		return
	}
	for _, f := range fs {
		code := escapeText(string(f.Code))
		if t.infoCount == nil {
			t.infoCount = map[string]int{}
		}
		if t.infoCount[code] == 0 {
			t.infoCodes = append(t.infoCodes, code)
		}
		t.infoCount[code]++
	}
}

func (t *textWriter) notes(rr *RevisionReport) {
	for _, n := range rr.Notes {
		t.line(1, t.paint(ansiDim, "note: "+escapeText(n)))
	}
}

func (t *textWriter) findings(indent int, fs []Finding) {
	for _, f := range fs {
		where := escapeText(string(f.Code))
		if f.Path != "" {
			where += " at " + escapeText(redactPath(f.Path))
		}
		t.line(indent, t.severity(f.Severity)+" "+where+": "+indentLines(redactSecrets(f.Message), indent+4))
	}
}

// reproducer writes, under an exchange with an error or a warning, the
// command that makes it again and, when verbose, the request as sent (its
// secrets redacted as WriteJSON redacts them, then escaped).
func (t *textWriter) reproducer(indent int, request json.RawMessage, rerun []string) {
	if rerun != nil {
		t.line(indent, t.paint(ansiDim, "rerun:"), rerunLine(rerun))
	}
	if t.verbose && request != nil {
		t.line(indent, t.paint(ansiDim, "request:"), escapeText(string(redactJSON(request))))
	}
}

func callSource(c *CallReport) string {
	var s string
	switch c.Source {
	case SourceCalls:
		s = "from the calls file"
	case SourceGenerated:
		s = "generated"
	case SourceGeneratedPartial:
		s = "generated (best effort)"
	default:
		s = escapeText(c.Source)
	}
	if !c.ArgsValid {
		s = "invalid on purpose, " + s
	}
	if c.Note != "" {
		s += ": " + escapeText(c.Note)
	}
	return s
}

func exchangeOutcome(outcome string, e *RPCError) string {
	switch outcome {
	case OutcomeToolError:
		return "tool error"
	case OutcomeRPCError:
		if e != nil {
			return "JSON-RPC error " + strconv.FormatInt(e.Code, 10)
		}
		return "JSON-RPC error"
	case OutcomeNoResponse:
		return "no response"
	}
	return escapeText(outcome)
}

// shorten cuts a text to n characters, with an ellipsis. What looks like a
// secret is redacted first (redactSecrets), so that no cut can leave part of
// one, which would no longer look like one.
func shorten(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	s = redactSecrets(s)
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

func (t *textWriter) summary(r *Report) string {
	tt := r.Totals
	revs := plural(tt.RevisionsChecked, "revision") + " checked"
	if tt.RevisionsSkipped > 0 {
		revs += fmt.Sprintf(", %d skipped", tt.RevisionsSkipped)
	}
	if tt.RevisionsFailed > 0 {
		revs += ", " + t.paint(ansiRed, fmt.Sprintf("%d failed", tt.RevisionsFailed))
	}
	errs := plural(tt.Errors, "error")
	if tt.Errors > 0 {
		errs = t.paint(ansiRed+ansiBold, errs)
	}
	warns := plural(tt.Warnings, "warning")
	if tt.Warnings > 0 {
		warns = t.paint(ansiYellow, warns)
	}
	infos := fmt.Sprintf("%d info", tt.Infos)
	return fmt.Sprintf("%s %s; %s, %s; %s, %s, %s (%s)", t.paint(ansiBold, "summary:"), revs,
		plural(tt.ToolCalls, "tool call"), plural(tt.ResourceReads, "resource read"), errs, warns, infos, roundDuration(r.Duration))
}
