package check

import (
	"errors"
	"strconv"
	"strings"
)

// The kinds of Options.Only, with their colon.
const (
	onlyTool     = "tool:"
	onlyResource = "resource:"
)

// narrow checks Options.Only and keeps, of Options.Calls, only the calls of
// the one tool it names (none when it names a resource), so that the
// calls file's notes are about that tool alone. The caller's map is left
// as it is.
func (o *Options) narrow() error {
	if o.Only == "" {
		return nil
	}
	name, isTool := strings.CutPrefix(o.Only, onlyTool)
	if !isTool {
		var isResource bool
		if name, isResource = strings.CutPrefix(o.Only, onlyResource); !isResource {
			return errors.New(`check: Only is "tool:NAME" or "resource:URI"`)
		}
	}
	if name == "" {
		return errors.New(`check: Only names no tool or resource ("tool:NAME" or "resource:URI")`)
	}
	calls := map[string][]Call{}
	if c, ok := o.Calls[name]; ok && isTool {
		calls[name] = c
	}
	o.Calls = calls
	return nil
}

// onlyListed keeps, of the items a list gave (the tools, the resources'
// URIs), the one Options.Only names with its kind ("tool:", "resource:"),
// none when Only names the other kind, and all of them without Only. When
// the item named is not listed, the revision gets a note (noun: "tool",
// "resource"; done: what is then not done).
func onlyListed[T any](s *session, rr *RevisionReport, kind, noun, done string, items []T, name func(T) string) []T {
	if s.o.Only == "" {
		return items
	}
	want, ok := strings.CutPrefix(s.o.Only, kind)
	if !ok {
		return nil
	}
	for _, it := range items {
		if name(it) == want {
			return []T{it}
		}
	}
	rr.Notes = append(rr.Notes, "only: "+noun+" "+quoteName(want)+" is not listed by the server: "+done)
	return nil
}

// onlyChecked gives the report an Error when Options.Only named a tool or
// a resource that no revision checked called or read: the run checked
// nothing, and must not pass.
func (r *Report) onlyChecked() {
	if r.Only == "" || r.Error != "" || r.Totals.RevisionsChecked == 0 || r.Totals.ToolCalls+r.Totals.ResourceReads > 0 {
		return
	}
	what := "tool " + quoteName(strings.TrimPrefix(r.Only, onlyTool))
	if uri, ok := strings.CutPrefix(r.Only, onlyResource); ok {
		what = "resource " + quoteName(uri)
	}
	r.Error = "nothing was checked: no revision checked lists " + what + " (or the calls file gives it no call)"
}

// rerunArgs are the arguments of `mcpresult check` that make one exchange
// again: the same server, the revision, --only naming the tool or resource
// (only, with its kind), the calls file when the call came from it, and
// the bounds that change what the exchange gives (--timeout,
// --max-response-bytes) or whether the tool or resource is among those
// listed (--max-tools, --max-resources, --max-pages) when they are not
// their defaults. o has its defaults set. nil when no command can name the server (a Transport) or
// the call's arguments (calls given without their file).
func rerunArgs(o Options, rev, only string, fromCalls bool) []string {
	var args []string
	switch {
	case len(o.Stdio) > 0:
		args = []string{"--stdio", joinCommandLine(o.Stdio)}
	case o.URL != "":
		args = []string{"--url", o.URL}
	default:
		return nil
	}
	args = append(args, "--protocol", rev, "--only", only)
	if fromCalls {
		if o.CallsFile == "" {
			return nil
		}
		args = append(args, "--calls", o.CallsFile)
	}
	if o.Timeout != DefaultTimeout {
		args = append(args, "--timeout", o.Timeout.String())
	}
	for _, b := range []struct {
		flag   string
		n, def int64
	}{
		{"--max-response-bytes", o.MaxResponseBytes, DefaultMaxResponseBytes},
		{"--max-tools", int64(o.MaxTools), DefaultMaxTools},
		{"--max-resources", int64(o.MaxResources), DefaultMaxResources},
		{"--max-pages", int64(o.MaxPages), DefaultMaxPages},
	} {
		if b.n != b.def {
			args = append(args, b.flag, strconv.FormatInt(b.n, 10))
		}
	}
	return args
}

// RerunCommand writes the arguments of a CallReport's or ResourceReport's
// Rerun as one line for a POSIX shell, "mcpresult check" first: each word
// that holds anything but letters, digits and -_./:=@%+, is single-quoted
// (a single quote in it written '\”), so that the line, pasted, runs
// those very arguments. It is not escaped for printing: what prints it
// escapes it (the text report does).
func RerunCommand(args []string) string {
	words := make([]string, 0, len(args)+2)
	words = append(words, "mcpresult", "check")
	for _, a := range args {
		words = append(words, shellWord(a))
	}
	return strings.Join(words, " ")
}

// shellWord quotes a word for a POSIX shell, when it needs it.
func shellWord(w string) string {
	if w != "" && strings.Trim(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=@%+,") == "" {
		return w
	}
	return "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
}
