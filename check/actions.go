package check

import (
	"bytes"
	"io"
	"strconv"
	"strings"
)

// WriteWorkflowCommands writes the report as GitHub Actions workflow
// commands, which a job's log turns into annotations: a line
// "::error title=…::message" for each error finding and
// "::warning title=…::message" for each warning (info findings make none),
// in the report's order; and, when the run could not check everything
// (Report.Failed), one "::error" that says why. The title names the
// finding's code, revision and tool or resource ("unsafe_integer ·
// 2025-06-18 · tool forecast"); the message has the call,
// the path and the finding's message. When file is not "" (the calls file,
// which the findings come from as much as the server), each command has
// file=file, which GitHub shows the annotation against.
//
// Whatever the server chose is redacted and escaped as the text report
// does it (see the package documentation, under Printing: no line break
// or control is left), then escaped as GitHub reads a workflow command's
// data (% as %25, CR as %0D, LF as %0A) and, in a property (title=,
// file=), its separators too (: as %3A, , as %2C): a tool's name or a
// message cannot end the command or start another.
func (r *Report) WriteWorkflowCommands(w io.Writer, file string) error {
	var b bytes.Buffer
	command := func(kind, title, message string) {
		b.WriteString("::" + kind + " ")
		if file != "" {
			b.WriteString("file=" + workflowProperty(escapeText(file)) + ",")
		}
		b.WriteString("title=" + workflowProperty(title) + "::" + workflowData(message) + "\n")
	}
	for l := range r.located() {
		f := l.Finding
		if f.Severity != Error && f.Severity != Warning {
			continue
		}
		title := escapeText(string(f.Code)) + " · " + escapeText(l.Revision.Revision)
		var where []string
		switch {
		case l.Tool != nil:
			title += " · tool " + escapeText(l.Tool.Name)
			if l.Call != nil {
				where = append(where, "call "+strconv.Itoa(l.CallN+1))
			}
		case l.Resource != nil:
			title += " · resource " + escapeText(l.Resource.URI)
		default:
			title += " · session"
		}
		if f.Path != "" {
			where = append(where, "at "+escapeText(redactPath(f.Path)))
		}
		msg := escapeText(f.Message)
		if len(where) > 0 {
			msg = strings.Join(where, " ") + ": " + msg
		}
		command(string(f.Severity), title, msg)
	}
	if r.Failed() {
		why := r.Error
		if why == "" {
			for _, rr := range r.Revisions {
				if rr.Status == StatusFailed {
					why = "revision " + rr.Revision + " failed: " + rr.Reason
					break
				}
			}
		}
		command("error", "mcpresult check could not check the whole server", escapeText(why))
	}
	_, err := w.Write(b.Bytes())
	return err
}

// workflowData escapes a workflow command's message as GitHub reads it.
func workflowData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// workflowProperty escapes a workflow command's property value as GitHub
// reads it: as its message, and its separators : and , too.
func workflowProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
