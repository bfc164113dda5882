package check

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// MarkdownLimit is the most bytes WriteMarkdown writes: GitHub takes at
// most 1 MiB of a step's job summary, and a little is left for what else
// a step appends to it. Past it the findings are cut, with a line saying
// how many were left out.
const MarkdownLimit = 1<<20 - 32<<10

// WriteMarkdown writes the report as Markdown with the default Verdict
// (an error fails the run): WriteMarkdownWith(w, Verdict{}).
func (r *Report) WriteMarkdown(w io.Writer) error { return r.WriteMarkdownWith(w, Verdict{}) }

// WriteMarkdownWith writes the report as GitHub-flavoured Markdown, for a
// pull request's comment or a job's summary: the verdict on its first line
// (passed, or failed when the run could not check everything or found
// what v fails on, as the command's --fail-on does), with the totals;
// the caveat under it, when there is one (Report.Caveat, a warning
// alert); then a table with a row per tool and per resource URI and a column per
// revision, each cell the worst finding there (✅ for none; ❌, ⚠️ or ℹ️
// with its code, and how many more of that severity; — for a tool or
// resource the revision did not list; skipped or failed for a revision
// that gave none); then the findings, grouped by revision and by tool or
// resource, each with its severity, code, path and message. It writes at
// most MarkdownLimit bytes: the findings past it are left out, and a line
// says how many (the JSON report has them all).
//
// Whatever the server chose is redacted and escaped as the text report
// does it (see the package documentation, under Printing), then escaped
// for Markdown: names, URIs, paths and codes are written as code spans,
// which nothing inside can end (a longer run of backticks fences them) or
// turn into a link, a mention or HTML, with | escaped in a table's cell;
// the other texts (a message, a reason) have each character that could
// start markup escaped with a backslash (\ ` * _ ~ [ ] < > & | ! $, and :
// and . that would make a URL a link), and a word joiner after each @, so
// that no @name in them mentions anyone.
func (r *Report) WriteMarkdownWith(w io.Writer, v Verdict) error {
	var b bytes.Buffer
	passed, totals := r.verdict(v)
	if passed {
		b.WriteString("## ✅ mcpresult check passed: ")
	} else {
		b.WriteString("## ❌ mcpresult check failed: ")
	}
	b.WriteString(totals + "\n\n")
	if r.Caveat != "" {
		b.WriteString("> [!WARNING]\n> **Caveat:** " + mdText(redactSecrets(r.Caveat)) + "\n\n")
	}
	b.WriteString("Target " + mdCode(r.Target, false))
	if r.Server != nil {
		b.WriteString(", server " + mdCode(r.Server.Name, false))
		if r.Server.Version != "" {
			b.WriteString(" " + mdCode(r.Server.Version, false))
		}
	}
	b.WriteString(", " + roundDuration(r.Duration) + ".\n\n")
	if r.Error != "" {
		b.WriteString("**Error:** " + mdText(redactSecrets(r.Error)) + "\n\n")
	}
	reasons := false
	for _, rr := range r.Revisions {
		if rr.Reason != "" {
			b.WriteString("- " + mdCode(rr.Revision, false) + " " + mdText(rr.Status) + ": " + mdText(redactSecrets(rr.Reason)) + "\n")
			reasons = true
		}
	}
	if reasons {
		b.WriteString("\n")
	}
	m := r.newMatrix()
	if len(m.rows) > 0 {
		b.WriteString("|  |")
		for _, rr := range m.revisions {
			b.WriteString(" " + mdCode(rr.Revision, true) + " |")
		}
		b.WriteString("\n|---|" + strings.Repeat("---|", len(m.revisions)) + "\n")
		for i, row := range m.rows {
			line := "| " + mdRowLabel(row) + " |"
			for _, c := range row.cells {
				line += " " + mdCell(c) + " |"
			}
			if b.Len()+len(line) > MarkdownLimit/2 {
				fmt.Fprintf(&b, "\n%d of %d rows left out.\n", len(m.rows)-i, len(m.rows))
				break
			}
			b.WriteString(line + "\n")
		}
	}
	r.mdApps(&b)
	total := 0
	for range r.located() {
		total++
	}
	if total > 0 {
		b.WriteString("\n### Findings\n")
	}
	const reserve = 200 // for the line that says what was left out
	written, group := 0, ""
	for l := range r.located() {
		var item strings.Builder
		where := "session"
		switch {
		case l.Tool != nil:
			where = "tool " + mdCode(l.Tool.Name, false)
		case l.Resource != nil:
			where = "resource " + mdCode(l.Resource.URI, false)
		}
		if g := mdCode(l.Revision.Revision, false) + " · " + where; g != group {
			item.WriteString("\n#### " + g + "\n\n")
			group = g
		}
		f := l.Finding
		item.WriteString("- " + severityMark(f.Severity) + " **" + mdText(string(f.Severity)) + "** " + mdCode(string(f.Code), false))
		if l.Call != nil {
			item.WriteString(" call " + strconv.Itoa(l.CallN+1))
		}
		if f.Path != "" {
			item.WriteString(" at " + mdCode(redactPath(f.Path), false))
		}
		item.WriteString(": " + mdText(redactSecrets(f.Message)) + "\n")
		if b.Len()+item.Len() > MarkdownLimit-reserve {
			fmt.Fprintf(&b, "\n%d of %d findings left out here (the JSON report has them all).\n", total-written, total)
			break
		}
		b.WriteString(item.String())
		written++
	}
	_, err := w.Write(b.Bytes())
	return err
}

// mdApps writes the MCP Apps pages of each revision, a line each: the
// page, its tools, its mimeType, its CSP (compact JSON, redacted, in a code
// span) and the codes of its findings, each with its severity's sign and
// how many there are (the findings themselves are under Findings, at the
// page's read or at the tool). At most a quarter of MarkdownLimit: a line
// says how many were left out.
func (r *Report) mdApps(b *bytes.Buffer) {
	total := 0
	for _, rr := range r.Revisions {
		total += len(rr.Apps)
	}
	if total == 0 {
		return
	}
	b.WriteString("\n### MCP Apps\n\n")
	start, written := b.Len(), 0
	for _, rr := range r.Revisions {
		for _, a := range rr.Apps {
			line := "- " + mdCode(rr.Revision, false) + " page " + mdCode(a.ResourceURI, false) + ": tools " +
				appToolNames(a.Tools, func(n string) string { return mdCode(n, false) })
			if a.MIMEType != "" {
				line += "; mimeType " + mdCode(a.MIMEType, false)
			}
			if a.CSP != nil {
				line += "; CSP " + mdCode(compactJSON(a.CSP), false)
			}
			var codes []string
			count := map[string]int{}
			for _, f := range a.Findings {
				k := severityMark(f.Severity) + " " + mdCode(string(f.Code), false)
				if count[k] == 0 {
					codes = append(codes, k)
				}
				count[k]++
			}
			if len(codes) == 0 {
				line += "; ✅"
			}
			for i, k := range codes {
				if count[k] > 1 {
					k += " ×" + strconv.Itoa(count[k])
				}
				codes[i] = k
			}
			if len(codes) > 0 {
				line += "; " + strings.Join(codes, ", ")
			}
			line += "\n"
			if b.Len()-start+len(line) > MarkdownLimit/4 {
				fmt.Fprintf(b, "\n%d of %d pages left out here (the JSON report has them all).\n", total-written, total)
				return
			}
			b.WriteString(line)
			written++
		}
	}
}

// severityMark is the sign of a severity in the Markdown report.
func severityMark(s Severity) string {
	switch s {
	case Error:
		return "❌"
	case Warning:
		return "⚠️"
	}
	return "ℹ️"
}

// mdRowLabel names a row of the Markdown table.
func mdRowLabel(row matrixRow) string {
	if row.kind == rowSession {
		return "session"
	}
	return row.kind + " " + mdCode(row.name, true)
}

// mdCell is a cell of the Markdown table.
func mdCell(c matrixCell) string {
	switch c.state {
	case cellError, cellWarning, cellInfo:
		s := severityMark(Severity(c.state)) + " " + mdCode(string(c.code), true)
		if c.count > 1 {
			s += " +" + strconv.Itoa(c.count-1)
		}
		return s
	case cellClean:
		return "✅"
	case cellAbsent:
		return "—"
	case cellNotCalled:
		return "not called"
	case cellSkipped:
		return "skipped"
	}
	return "❌ failed"
}

// mdCode writes a text the server chose as a Markdown code span: escaped
// and redacted first (escapeText: no line break or control is left), then
// fenced with one backtick more than its longest run of them (padded with
// a space when it starts or ends with one, or with a backtick), with |
// escaped in a table's cell (GitHub reads \| there as |, code span or
// not). Nothing in a code span is a link, a mention, emphasis or HTML.
func mdCode(s string, inTable bool) string {
	s = escapeText(s)
	if s == "" {
		return "` `"
	}
	longest, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	if s[0] == '`' || s[len(s)-1] == '`' || (s[0] == ' ' && s[len(s)-1] == ' ') {
		s = " " + s + " "
	}
	if inTable {
		s = strings.ReplaceAll(s, "|", `\|`)
	}
	fence := strings.Repeat("`", longest+1)
	return fence + s + fence
}

// mdText writes a text for Markdown's running text: escaped and redacted
// (escapeText), each character that could start markup escaped with a
// backslash (mdMarkup), and a word joiner (U+2060) after each @, so that it
// makes no mention.
func mdText(s string) string {
	s = escapeText(s)
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '@':
			b.WriteString("\\@\u2060")
		case strings.IndexByte(mdMarkup, c) >= 0:
			b.WriteByte('\\')
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// mdMarkup are the characters that mdText escapes with a backslash: those
// that start emphasis, strikethrough, a code span, a link or an image, an
// HTML tag or entity, a table's cell or (on GitHub) math, and : and ., for
// the URLs and www. names that GitHub would make a link of. The texts it
// escapes are never at the start of a line, where # + - and digits could
// start a heading or a list.
const mdMarkup = "\\`*_~[]<>&|!$:."
