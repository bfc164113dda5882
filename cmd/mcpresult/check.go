package main

import (
	"context"
	"errors"
	"io"
	"net/url"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/mcpresult/mcpresult/check"
	"github.com/mcpresult/mcpresult/internal/checklink"
)

// checkFlags are the flags of check; --protocol has no default (every
// revision the server accepts).
var checkFlags = map[string]flagSpec{
	"stdio":              {},
	"url":                {},
	"protocol":           {values: check.ProtocolRevisions()},
	"calls":              {},
	"json":               {boolean: true, def: "false"},
	"verbose":            {boolean: true, def: "false"},
	"progress":           {boolean: true}, // no default: on a terminal unless false
	"fail-on":            {values: []string{"error", "warning", "never"}, def: "error"},
	"slow":               {def: check.DefaultSlow.String()},
	"timeout":            {def: check.DefaultTimeout.String()},
	"deadline":           {def: check.DefaultDeadline.String()},
	"max-response-bytes": {def: "16MiB"},
	"max-tools":          {def: strconv.Itoa(check.DefaultMaxTools)},
	"max-resources":      {def: strconv.Itoa(check.DefaultMaxResources)},
	"max-pages":          {def: strconv.Itoa(check.DefaultMaxPages)},
	"report":             {repeatable: true},
	"only":               {},
	"probes":             {boolean: true, def: "true"},
	"baseline":           {},
	"write-baseline":     {},
}

// runCheck runs mcpresult check: it connects to a live MCP server (a command
// over stdio, or a Streamable HTTP endpoint), once per protocol revision,
// calls its tools and reads its resources, and checks every result as the
// server sent it (see check.Run). The report goes to standard output, as
// text (coloured on a terminal, unless NO_COLOR is set) or as JSON
// (--json); a progress line goes to standard error while it runs, on a
// terminal. --report FORMAT=PATH (repeatable) writes the report as well in
// a format of reportFormats (sarif for code scanning, junit for test
// dashboards, json, text) to a file, whole, or to standard output (-),
// which then has that report instead of the text one (see parseReports
// for what it refuses, and sarifLocation for the file SARIF places its
// results at); a report that cannot be written makes the exit code 1.
// Whatever the server chose (its name, a tool's name, a URI, an
// error's message, its stderr) is printed escaped and with what looks like
// a secret redacted (checklink.EscapeText; the JSON report is redacted as
// a whole, results included), on standard error too: the progress lines,
// the error line. Without --calls each tool is called once, with arguments made
// from its inputSchema; --calls names a JSON file of the calls to make per
// tool, bad arguments on purpose among them (its format: check.ParseCalls):
//
//	{"forecast": [{"arguments": {"city": "Paris", "days": 2}},
//	              {"arguments": {"days": 0}, "valid": false, "note": "no city"}],
//	 "export": []}
//
// No server can stall it or make it hold more than it allows: --timeout
// bounds each request (30s), --deadline the whole run (5m: past it the
// report of what was checked is written, its error saying it was cut
// short), --max-response-bytes each response (16MiB; a number of bytes,
// or with K, KiB, M, MiB, G or GiB: a larger response is read no further
// and gives response_too_large), --max-tools, --max-resources and
// --max-pages the tools called, the resources read and the pages of each
// list (1000, 1000, 100; past them the report has a warning,
// too_many_tools, too_many_resources or too_many_pages). Over HTTP, a redirect to another origin is not
// followed (redirect_refused). Interrupted (Ctrl-C), it stops the server,
// writes the report of what it checked and exits 1; a second Ctrl-C ends
// it at once.
//
// The text report folds info findings into one line at its end (--verbose
// shows each under its call) and marks the calls that took --slow (1s) or
// longer, listing them before the summary. Progress goes to standard
// error: on a terminal, the step under way and a line as each call ends;
// --progress writes those lines when standard error is not a terminal (a
// CI log), --progress=false writes nothing.
//
// The exit code is 0 when every revision asked could be checked
// and no finding is at the --fail-on level (error: an error; warning: an
// error or a warning; never: none), 1 when one is or the server
// could not be checked (it did not start, never answered, speaks none of the
// revisions asked, a session broke, or the run was cut short or
// interrupted), and 2 on a usage error (a calls file that cannot be read is
// one).
//
// In a GitHub Actions job (getenv("GITHUB_ACTIONS") is "true") it also
// writes, after the report, a workflow command for each error and warning
// finding ("::error title=…::…", "::warning …": annotations of the run,
// with file= the file the SARIF report places them at, when there is one)
// and one "::error" when
// the server could not be fully checked (check.Report.WriteWorkflowCommands),
// on standard output beside the text report, or else on standard error,
// which keeps standard output one document (the runner reads commands on both);
// and it appends the Markdown report (check.Report.WriteMarkdown) to the
// file that $GITHUB_STEP_SUMMARY names, the job's summary. A summary that
// cannot be written (the variable empty, the file not to be opened) is a
// line on standard error, never a failure of the check. getenv is how it
// reads the environment (os.Getenv; a test gives its own).
//
// --write-baseline FILE records the run's errors and warnings (a file that
// check.ReadBaseline reads, written whole); --baseline FILE lets those it
// lists pass: a finding it does not list fails at the --fail-on level as
// before, and one it lists that the run no longer gives (stale) fails the
// run, so that the file only shrinks. --only tool:NAME or resource:URI
// calls that one tool, or reads that one resource, and nothing else: what
// the rerun line of a finding runs. Each revision also gets the probe of a
// tool the server does not list (check.ProbeReport), unless --probes=false
// or --only.
func runCheck(flags map[string]string, stdout, stderr io.Writer, getenv func(string) string) int {
	// A usage error may name what a calls file holds: printed as the report
	// prints what it did not write (checklink.EscapeText).
	fail := func(msg string) int { return usageFail(stderr, "check", checklink.EscapeText(msg)) }
	var o check.Options
	stdio, hasStdio := flags["stdio"]
	u, hasURL := flags["url"]
	switch {
	case hasStdio == hasURL:
		return fail("check needs one server: --stdio \"command args…\" or --url URL")
	case hasStdio:
		argv, err := splitCommandLine(stdio)
		if err != nil {
			return fail("--stdio: " + err.Error())
		}
		if len(argv) == 0 {
			return fail("--stdio needs a command")
		}
		o.Stdio = argv
	default:
		p, err := url.Parse(u)
		if err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "" {
			return fail("--url must be an http or https URL")
		}
		o.URL = u
	}
	o.Protocol = flags["protocol"]
	timeout, err := time.ParseDuration(flags["timeout"])
	if err != nil || timeout <= 0 {
		return fail("--timeout must be a positive duration, such as 30s or 2m")
	}
	o.Timeout = timeout
	deadline, err := time.ParseDuration(flags["deadline"])
	if err != nil || deadline <= 0 {
		return fail("--deadline must be a positive duration, such as 5m or 1h")
	}
	o.Deadline = deadline
	if o.MaxResponseBytes, err = parseBytes(flags["max-response-bytes"]); err != nil {
		return fail("--max-response-bytes must be a positive number of bytes, such as 16MiB or 1000000")
	}
	for _, f := range []struct {
		name string
		to   *int
	}{{"max-tools", &o.MaxTools}, {"max-resources", &o.MaxResources}, {"max-pages", &o.MaxPages}} {
		n, err := strconv.Atoi(flags[f.name])
		if err != nil || n <= 0 {
			return fail("--" + f.name + " must be a positive integer")
		}
		*f.to = n
	}
	if path, ok := flags["calls"]; ok {
		data, err := os.ReadFile(path)
		if err != nil {
			return fail("cannot read the calls file: " + reason(err))
		}
		if o.Calls, err = check.ParseCalls(data); err != nil {
			return fail("the calls file: " + err.Error())
		}
		o.CallsFile = path
	}
	if o.Only, err = checkOnly(flags); err != nil {
		return fail(err.Error())
	}
	o.NoProbes = flags["probes"] == "false"
	baseline, err := readBaselineFlag(flags)
	if err != nil {
		return fail(err.Error())
	}

	slow, err := time.ParseDuration(flags["slow"])
	if err != nil || slow <= 0 {
		return fail("--slow must be a positive duration, such as 1s or 500ms")
	}
	reports, problem := parseReports(flags)
	if problem != "" {
		return fail(problem)
	}
	// Progress: on a terminal, the step under way on a line that each next
	// one overwrites, and a line for each call as it ends; with --progress
	// and no terminal, only the lines of the calls that ended (a CI log).
	terminal := isTerminal(stderr)
	progress := terminal
	if p, ok := flags["progress"]; ok {
		progress = p == "true"
	}
	if progress {
		o.Ended = endedLine(stderr, terminal)
		if terminal {
			o.Progress = progressLine(stderr)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		// After the first signal, the next one ends the command at once.
		<-ctx.Done()
		stop()
	}()
	rep, err := check.Run(ctx, o)
	if progress && terminal {
		io.WriteString(stderr, "\r\x1b[K")
	}
	if err != nil {
		return fail(err.Error())
	}
	rep.ApplyBaseline(baseline)
	if rep.Error != "" && !slices.Contains(reports, reportTarget{"text", "-"}) {
		// The text report on standard output says why the server could
		// not be checked; without it, this line does. The error may hold
		// what the server sent (a JSON-RPC error's message, its stderr):
		// escaped and redacted, like the text report.
		io.WriteString(stderr, "mcpresult: check: "+checklink.EscapeText(firstLine(rep.Error))+"\n")
	}
	rc := reportContext{
		text: check.TextOptions{
			Color:   isTerminal(stdout) && getenv("NO_COLOR") == "" && getenv("TERM") != "dumb",
			Verbose: flags["verbose"] == "true",
			Slow:    slow,
		},
		sarif:   check.SARIFOptions{Location: sarifLocation(flags, o.Stdio, getenv)},
		verdict: check.Verdict{FailOn: flags["fail-on"]},
	}
	if !writeReports(rep, reports, rc, stdout, stderr) {
		return 1
	}
	verdict := rc.verdict
	if getenv("GITHUB_ACTIONS") == "true" {
		// beside the text report; a JSON report (or SARIF…) on standard
		// output stays one document, and the commands go to standard error,
		// which the runner reads too
		commands := stdout
		if !slices.Contains(reports, reportTarget{"text", "-"}) {
			commands = stderr
		}
		file := rc.sarif.Location // the file the findings are placed at, as in SARIF ("": none known)
		if err := githubActions(rep, verdict, file, commands, stderr, getenv("GITHUB_STEP_SUMMARY")); err != nil {
			io.WriteString(stderr, "mcpresult: cannot write the workflow commands: "+err.Error()+"\n")
			return 1
		}
	}
	if !writeBaselineFlag(flags, rep, stderr) {
		return 1
	}
	if !verdict.Passes(rep) {
		return 1
	}
	return 0
}

// githubActions writes what a GitHub Actions job shows of a check: the
// workflow commands of the report's errors and warnings on commands (with
// file= the file they are placed at, when there is one), and the Markdown report
// appended to the job summary file, summary, its verdict v's. The summary is not for the
// check to fail on: when it cannot be written, a line on stderr says so.
// It returns an error only when the commands cannot be written.
func githubActions(rep *check.Report, v check.Verdict, callsFile string, commands, stderr io.Writer, summary string) error {
	if err := rep.WriteWorkflowCommands(commands, callsFile); err != nil {
		return err
	}
	if summary == "" {
		io.WriteString(stderr, "mcpresult: check: GITHUB_STEP_SUMMARY is not set: no job summary written\n")
		return nil
	}
	f, err := os.OpenFile(summary, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		io.WriteString(stderr, "mcpresult: check: cannot open the job summary: "+checklink.EscapeText(reason(err))+"\n")
		return nil
	}
	err = rep.WriteMarkdownWith(f, v)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		io.WriteString(stderr, "mcpresult: check: cannot write the job summary: "+checklink.EscapeText(reason(err))+"\n")
	}
	return nil
}

// endedLine returns the Ended of check.Options that writes a line on w for
// each call or read as it ends (check.Step.String, escaped); on a terminal
// it first erases the progress line that it replaces.
func endedLine(w io.Writer, terminal bool) func(check.Step) {
	return func(s check.Step) {
		line := s.String() + "\n"
		if terminal {
			line = "\r\x1b[K" + line
		}
		io.WriteString(w, line)
	}
}

// progressLine returns the Progress of check.Options that writes each step
// on one line of w (a terminal), over the one before: the line is erased,
// and the step, which names tools and resources of the server, is escaped
// and redacted (checklink.EscapeText), so that nothing the server chose
// can drive the terminal or show a secret, then cut to 76 characters.
func progressLine(w io.Writer) func(string) {
	return func(msg string) {
		msg = checklink.EscapeText(msg)
		if r := []rune(msg); len(r) > 76 {
			msg = string(r[:75]) + "…"
		}
		io.WriteString(w, "\r\x1b[K"+msg)
	}
}

// parseBytes reads a positive number of bytes: digits, optionally followed
// by K or KiB, M or MiB, G or GiB (powers of 1024).
func parseBytes(s string) (int64, error) {
	digits := strings.TrimRight(s, "KMGiB")
	unit := int64(1)
	switch strings.TrimSpace(s[len(digits):]) {
	case "":
	case "K", "KiB":
		unit = 1 << 10
	case "M", "MiB":
		unit = 1 << 20
	case "G", "GiB":
		unit = 1 << 30
	default:
		return 0, errors.New("unknown unit")
	}
	n, err := strconv.ParseInt(strings.TrimSpace(digits), 10, 64)
	if err != nil || n <= 0 || n > (1<<40)/unit {
		return 0, errors.New("not a positive number of bytes up to 1 TiB")
	}
	return n * unit, nil
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// isTerminal reports a writer that is a terminal (a character device).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// splitCommandLine splits --stdio into words as a shell would in simple
// cases, without running one: words are separated by blanks; single quotes
// keep everything up to the next single quote; double quotes keep
// everything up to the next unescaped double quote, where a backslash
// escapes " and \ (and is kept before any other character); outside quotes
// a backslash escapes the next character. No variables, globs, operators or
// redirections: those characters are kept as they are.
func splitCommandLine(s string) ([]string, error) {
	var words []string
	var w strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		switch ch := s[i]; ch {
		case ' ', '\t', '\n', '\r':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		case '\'':
			inWord = true
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, errors.New("a single quote is not closed")
			}
			w.WriteString(s[i+1 : i+1+j])
			i += j + 1
		case '"':
			inWord = true
			closed := false
			for i++; i < len(s); i++ {
				if s[i] == '"' {
					closed = true
					break
				}
				if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
					i++
				}
				w.WriteByte(s[i])
			}
			if !closed {
				return nil, errors.New("a double quote is not closed")
			}
		case '\\':
			inWord = true
			if i+1 >= len(s) {
				return nil, errors.New("the command line ends with a backslash")
			}
			i++
			w.WriteByte(s[i])
		default:
			inWord = true
			w.WriteByte(ch)
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	return words, nil
}
