package check

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"html/template"
	"io"
	"strconv"
	"time"
	"unicode/utf8"
)

// reportHTML is the template of the HTML report.
//
//go:embed report.html.tmpl
var reportHTML string

var htmlTemplate = template.Must(template.New("report").Parse(reportHTML))

// The bounds of what the HTML report shows of the results as received: each
// is cut at htmlResultBytes, and past htmlResultsBytes in all the others
// are left out (the JSON report has them whole).
const (
	htmlResultBytes  = 16 << 10
	htmlResultsBytes = 8 << 20
)

// htmlSlowest is how many exchanges the HTML report lists as the slowest.
const htmlSlowest = 10

// WriteHTML writes the report as an HTML page with the default Verdict
// (an error fails the run): WriteHTMLWith(w, Verdict{}).
func (r *Report) WriteHTML(w io.Writer) error { return r.WriteHTMLWith(w, Verdict{}) }

// WriteHTMLWith writes the report as one self-contained HTML page, to be kept
// as a CI artifact and opened in a browser: it loads nothing (no script,
// no style sheet, font or image; its Content-Security-Policy allows only
// its inline style), reads as well printed or in dark mode, and says with
// words what it colours. It has, in order: the verdict as its first
// heading (passed, or failed when the run could not check everything or
// found what v fails on, as the command's --fail-on does) with the
// totals and, when there is one, the caveat (Report.Caveat), the server's name and version, the target, the start and the
// duration; each revision's status; a table of the tools and resources by
// revision, each cell coloured and labelled by the worst finding there
// (error, warning, info, clean, not listed, not called, skipped, failed)
// and linking to that exchange's findings; the ten slowest exchanges; and
// the findings, those of the tools and resources with an error or a
// warning first, then those with information only, grouped by revision
// and tool or resource, each call or read
// with the request that produced it (the method, the tool's name or the
// URI, and the arguments sent) and the result as received (cut at 16 KiB,
// and left out past 8 MiB of results in all).
//
// html/template escapes every text for HTML where it is written; before
// that, whatever the server chose is redacted and escaped as the text
// report does it (see the package documentation, under Printing), and the
// results and arguments are redacted as WriteJSON redacts them.
func (r *Report) WriteHTMLWith(w io.Writer, v Verdict) error {
	var b bytes.Buffer
	if err := htmlTemplate.Execute(&b, r.htmlPage(v)); err != nil {
		return err
	}
	_, err := w.Write(b.Bytes())
	return err
}

// htmlPage is what the template of the HTML report shows.
type htmlPage struct {
	Passed   bool
	Totals   string
	Target   string
	Server   string // name and version, or ""
	Protocol string
	Started  string
	Duration string
	Error    string
	// Caveat is the report's Caveat, said under the verdict.
	Caveat    string
	Revisions []htmlRevision
	Columns   []string
	Rows      []htmlRow
	Slowest   []htmlSlow
	// Apps are the MCP Apps pages of each revision.
	Apps []htmlApp
	// Problems are the sections with an error or a warning, Infos those
	// with information only: the page shows the problems first.
	Problems, Infos []htmlSection
}

// htmlApp is an MCP Apps page of a revision: its URI, its tools, its
// mimeType, its CSP (pretty JSON, redacted) and its findings, each of a
// tool's link naming the tool.
type htmlApp struct {
	Revision, URI, Tools, MIMEType, CSP string
	Findings                            []htmlFinding
}

// htmlRevision is a revision's status, and why it was skipped or failed.
type htmlRevision struct{ Name, Status, Negotiated, Reason, Duration string }

// htmlRow is a row of the matrix: a tool, a resource or the sessions.
type htmlRow struct {
	Kind, Name string
	Cells      []htmlCell
}

// htmlCell is a cell of the matrix: its state (the class that colours it),
// the words that say it, the worst finding's code with how many more of its
// severity, and the anchor of its findings ("" for none).
type htmlCell struct {
	State, Label, Code string
	More               int
	Anchor             string
}

// htmlSlow is one of the slowest exchanges.
type htmlSlow struct{ Duration, Revision, What string }

// htmlSection is the findings of one cell of the matrix: of a tool's calls,
// a resource's read or a revision's session.
type htmlSection struct {
	Anchor, Revision, Kind, Name string
	// Findings are those of the session (for a section of the session).
	Findings  []htmlFinding
	Exchanges []htmlExchange
}

// htmlExchange is one call or read with its findings.
type htmlExchange struct {
	Title    string // "call 2", or "read"
	Outcome  string
	Duration string
	Findings []htmlFinding
	Request  htmlRequest
	// Result is the result (or the JSON-RPC error) as received, pretty,
	// redacted and cut; "" when the report kept none. ResultNote says
	// what was cut or left out.
	Result, ResultNote string
}

// htmlRequest is the request of an exchange, as the template shows it:
// the JSON-RPC request as sent when Sent is not "", otherwise the method,
// the tool's name or the URI and the arguments; and, when Rerun is not "",
// the command line that makes that one exchange again.
type htmlRequest struct {
	Method, Name, Arguments string
	Sent, Rerun             string
}

// htmlFinding is a finding as the page shows it.
type htmlFinding struct{ Severity, Code, Path, Message string }

// cellLabels say each state of a cell in words.
var cellLabels = map[string]string{
	cellError: "error", cellWarning: "warning", cellInfo: "info", cellClean: "clean",
	cellNotCalled: "not called", cellAbsent: "not listed", cellSkipped: "skipped", cellFailed: "failed",
}

func (r *Report) htmlPage(v Verdict) *htmlPage {
	passed, totals := r.verdict(v)
	p := &htmlPage{Passed: passed, Totals: totals, Target: escapeText(r.Target), Protocol: escapeText(r.Protocol),
		Duration: roundDuration(r.Duration), Error: indentLines(r.Error, 0), Caveat: indentLines(r.Caveat, 0)}
	if !r.Started.IsZero() {
		p.Started = r.Started.UTC().Format(time.RFC3339)
	}
	if r.Server != nil {
		p.Server = serverName(r.Server)
	}
	for _, rr := range r.Revisions {
		p.Revisions = append(p.Revisions, htmlRevision{escapeText(rr.Revision), escapeText(rr.Status), escapeText(rr.Negotiated), indentLines(rr.Reason, 0), roundDuration(rr.Duration)})
		p.Columns = append(p.Columns, escapeText(rr.Revision))
	}
	for _, rr := range r.Revisions {
		for _, a := range rr.Apps {
			ha := htmlApp{Revision: escapeText(rr.Revision), URI: escapeText(a.ResourceURI), Tools: appToolNames(a.Tools, escapeText),
				MIMEType: escapeText(a.MIMEType), CSP: prettyJSON(a.CSP)}
			for _, f := range a.Findings {
				hf := htmlFindingOf(f.Finding)
				if f.Tool != "" {
					hf.Message = "tool " + escapeText(f.Tool) + ": " + hf.Message
				}
				ha.Findings = append(ha.Findings, hf)
			}
			p.Apps = append(p.Apps, ha)
		}
	}
	m := r.newMatrix()
	for i, row := range m.rows {
		hr := htmlRow{Kind: row.kind, Name: escapeText(row.name)}
		for j, c := range row.cells {
			hc := htmlCell{State: c.state, Label: cellLabels[c.state], Code: escapeText(string(c.code)), More: max(c.count-1, 0)}
			if len(c.findings) > 0 {
				hc.Anchor = "x" + strconv.Itoa(i) + "-" + strconv.Itoa(j)
			}
			hr.Cells = append(hr.Cells, hc)
		}
		p.Rows = append(p.Rows, hr)
	}
	for _, s := range r.slowest(htmlSlowest) {
		p.Slowest = append(p.Slowest, htmlSlow{roundDuration(s.d), escapeText(s.revision), s.what})
	}
	budget := htmlResultsBytes
	for j, rr := range m.revisions {
		for i, row := range m.rows {
			c := row.cells[j]
			if len(c.findings) == 0 {
				continue
			}
			s := htmlSection{Anchor: "x" + strconv.Itoa(i) + "-" + strconv.Itoa(j), Revision: escapeText(rr.Revision), Kind: row.kind, Name: escapeText(row.name)}
			for _, l := range c.findings {
				f := htmlFindingOf(l.Finding)
				switch {
				case l.Call != nil:
					if n := len(s.Exchanges); n == 0 || s.Exchanges[n-1].Title != "call "+strconv.Itoa(l.CallN+1) {
						s.Exchanges = append(s.Exchanges, htmlCall(l, &budget))
					}
				case l.Resource != nil:
					if len(s.Exchanges) == 0 {
						s.Exchanges = append(s.Exchanges, htmlRead(l.Resource, &budget))
					}
				default:
					s.Findings = append(s.Findings, f)
					continue
				}
				x := &s.Exchanges[len(s.Exchanges)-1]
				x.Findings = append(x.Findings, f)
			}
			if c.state == cellInfo {
				p.Infos = append(p.Infos, s)
			} else {
				p.Problems = append(p.Problems, s)
			}
		}
	}
	return p
}

func htmlFindingOf(f Finding) htmlFinding {
	return htmlFinding{escapeText(string(f.Severity)), escapeText(string(f.Code)), escapeText(redactPath(f.Path)), indentLines(redactSecrets(f.Message), 0)}
}

// htmlCall is the exchange of a call's finding, without its findings.
func htmlCall(l located, budget *int) htmlExchange {
	c := l.Call
	x := htmlExchange{Title: "call " + strconv.Itoa(l.CallN+1), Outcome: exchangeOutcome(c.Outcome, c.RPCError), Duration: roundDuration(c.Duration),
		Request: htmlRequest{Method: "tools/call", Name: escapeText(l.Tool.Name), Arguments: prettyJSON(c.Arguments),
			Sent: prettyJSON(c.Request), Rerun: rerunLine(c.Rerun)}}
	x.Result, x.ResultNote = htmlResult(c.Result, c.RPCError, budget)
	return x
}

// htmlRead is the exchange of a read.
func htmlRead(res *ResourceReport, budget *int) htmlExchange {
	x := htmlExchange{Title: "read", Outcome: exchangeOutcome(res.Outcome, res.RPCError), Duration: roundDuration(res.Duration),
		Request: htmlRequest{Method: "resources/read", Name: escapeText(res.URI), Sent: prettyJSON(res.Request), Rerun: rerunLine(res.Rerun)}}
	x.Result, x.ResultNote = htmlResult(res.Result, res.RPCError, budget)
	return x
}

// rerunLine is the command line of a rerun, escaped and redacted as the
// text report prints it ("" for none).
func rerunLine(rerun []string) string {
	if rerun == nil {
		return ""
	}
	return escapeText(RerunCommand(rerun))
}

// htmlResult is a result or JSON-RPC error as the page shows it (pretty,
// redacted, cut at htmlResultBytes), and a note of what was cut, within
// what is left of the budget of results.
func htmlResult(result json.RawMessage, e *RPCError, budget *int) (string, string) {
	raw := result
	if raw == nil && e != nil {
		raw, _ = json.Marshal(struct {
			Error *rpcErrorJSON `json:"error"`
		}{rpcErrorOf(e)})
	}
	if raw == nil {
		return "", "the report kept no result of this exchange"
	}
	if *budget <= 0 {
		return "", "left out: the page shows " + strconv.Itoa(htmlResultsBytes>>20) + " MiB of results at most (the JSON report has them all)"
	}
	s := prettyJSON(raw)
	note := ""
	if len(s) > htmlResultBytes {
		cut := htmlResultBytes
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		note = "cut: " + strconv.Itoa(len(s)-cut) + " more bytes (the JSON report has it all)"
		s = s[:cut]
	}
	*budget -= len(s)
	return s, note
}

// prettyJSON is JSON the server chose, indented, with what looks like a
// secret redacted (redactJSON) and the characters escapeText escapes
// written as JSON escapes (escapeJSON), as WriteJSON writes it; JSON that
// cannot be read is shown as escaped text.
func prettyJSON(raw json.RawMessage) string {
	if len(raw) == 0 {
		return ""
	}
	var b bytes.Buffer
	if err := json.Indent(&b, raw, "", "  "); err != nil {
		return escapeText(string(raw))
	}
	return string(escapeJSON(nil, redactJSON(b.Bytes())))
}
