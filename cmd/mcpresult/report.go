package main

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mcpresult/mcpresult/check"
	"github.com/mcpresult/mcpresult/internal/checklink"
)

// reportContext is what a report format may need beyond the report: how
// the text report is written (coloured only on a terminal: never in a
// file), where SARIF places its results, and the verdict that Markdown and
// HTML state first (the command's own: its --fail-on).
type reportContext struct {
	text    check.TextOptions
	sarif   check.SARIFOptions
	verdict check.Verdict
}

// reportFormats are the formats of check's reports, by the name that
// --report FORMAT=PATH gives: each a writer of the report. The text or JSON
// report on standard output is written through the same table, so that a
// format is one line here and every place that writes a report knows it.
var reportFormats = map[string]func(*check.Report, io.Writer, reportContext) error{
	"text":  func(r *check.Report, w io.Writer, c reportContext) error { return r.WriteTextWith(w, c.text) },
	"json":  func(r *check.Report, w io.Writer, _ reportContext) error { return r.WriteJSON(w) },
	"sarif": func(r *check.Report, w io.Writer, c reportContext) error { return r.WriteSARIF(w, c.sarif) },
	"junit": func(r *check.Report, w io.Writer, _ reportContext) error { return r.WriteJUnit(w) },
	"markdown": func(r *check.Report, w io.Writer, c reportContext) error {
		return r.WriteMarkdownWith(w, c.verdict)
	},
	"html": func(r *check.Report, w io.Writer, c reportContext) error { return r.WriteHTMLWith(w, c.verdict) },
}

// reportFormatNames lists the formats, sorted, for a usage error.
func reportFormatNames() string {
	names := make([]string, 0, len(reportFormats))
	for n := range reportFormats {
		names = append(names, n)
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

// reportTarget is one report to write: its format, and its path ("-" is
// standard output).
type reportTarget struct {
	format string
	path   string
}

// parseReports reads the --report flags (FORMAT=PATH, each) and adds the
// report on standard output that the command writes when none of them is
// "-": JSON with --json, text otherwise. It refuses an unknown format, a
// value without =, an empty path, two reports to standard output, --json
// beside a report to standard output (both would write there), and two
// reports to the same file (the second would replace the first). The
// messages name the format and never the path (a usage error repeats no
// value it rejects), but for the formats, which are the command's own
// words.
func parseReports(flags map[string]string) ([]reportTarget, string) {
	var out []reportTarget
	toStdout := false
	files := map[string]bool{}
	for _, v := range multiValue(flags, "report") {
		format, path, ok := strings.Cut(v, "=")
		switch {
		case !ok:
			return nil, "--report is FORMAT=PATH (PATH - is standard output), such as --report sarif=check.sarif"
		case reportFormats[format] == nil:
			if printableName(format) {
				return nil, "--report: " + format + " is not a report format: the formats are " + reportFormatNames()
			}
			return nil, "--report: an unknown report format: the formats are " + reportFormatNames()
		case path == "":
			return nil, "--report " + format + "= needs a path (- is standard output)"
		case path == "-" && toStdout:
			return nil, "--report: only one report can go to standard output (-)"
		case path == "-" && flags["json"] == "true":
			return nil, "--report " + format + "=- and --json both write to standard output: leave out --json, or give --report json=FILE"
		case path == "-":
			toStdout = true
		default:
			abs, err := filepath.Abs(path)
			if err != nil {
				abs = filepath.Clean(path)
			}
			if files[abs] {
				return nil, "--report: two reports are written to the same file"
			}
			files[abs] = true
		}
		out = append(out, reportTarget{format, path})
	}
	if !toStdout {
		format := "text"
		if flags["json"] == "true" {
			format = "json"
		}
		out = append([]reportTarget{{format, "-"}}, out...)
	}
	return out, ""
}

// writeReports writes each report: to stdout, or to its file whole (a
// temporary file in the same folder, renamed over the path once written,
// so that a reader never sees half a report and a failed write leaves any
// earlier report as it was). It writes every one it can and returns false
// when one could not be written, having said which on stderr.
func writeReports(rep *check.Report, targets []reportTarget, c reportContext, stdout, stderr io.Writer) bool {
	ok := true
	for _, t := range targets {
		write := reportFormats[t.format]
		var err error
		if t.path == "-" {
			err = write(rep, stdout, c)
		} else {
			inFile := c
			inFile.text.Color = false // colours are for a terminal
			err = writeFileWhole(t.path, func(w io.Writer) error { return write(rep, w, inFile) })
		}
		if err != nil {
			where := "standard output"
			if t.path != "-" {
				where = checklink.EscapeText(t.path)
			}
			io.WriteString(stderr, "mcpresult: check: cannot write the "+t.format+" report to "+where+": "+writeReason(err)+"\n")
			ok = false
		}
	}
	return ok
}

// writeFileWhole writes a file through a temporary file beside it, renamed
// over it when complete; the temporary file is removed on any failure.
// The file is readable by everyone (0644), as a report that a CI job
// uploads is.
func writeFileWhole(path string, write func(io.Writer) error) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	err = write(f)
	if err == nil {
		err = f.Sync()
	}
	if err == nil {
		err = f.Chmod(0o644)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

// writeReason is why a report could not be written, without the paths an
// OS error names (the temporary file's among them).
func writeReason(err error) string {
	var pe *os.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe):
		return pe.Err.Error()
	case errors.As(err, &le):
		return le.Err.Error()
	}
	return err.Error()
}

// scriptSuffixes are the endings of a file that starts a server, as the
// argument of an interpreter or a toolchain (node server.mjs, python
// server.py, go run main.go).
var scriptSuffixes = []string{".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".py", ".go", ".rb", ".php", ".jar"}

// sarifLocation is the file the SARIF report places its results at, as a
// path relative to the repository's root (the folder GITHUB_WORKSPACE
// names in a GitHub Actions job, the working folder otherwise): the calls
// file with --calls; else the file that starts the server, as --stdio
// names it (the first word that ends as a script does, or else the first
// that is a file, beyond the command itself unless the command is a path
// in the repository); else, in a GitHub Actions job, the workflow file
// that runs the check (GITHUB_WORKFLOW_REF); else "" (the report's
// default, check.DefaultSARIFLocation). A file outside the repository's
// folder is not one it can name.
func sarifLocation(flags map[string]string, argv []string, getenv func(string) string) string {
	base := getenv("GITHUB_WORKSPACE")
	if base == "" {
		base, _ = os.Getwd()
	}
	if p, ok := flags["calls"]; ok {
		if rel := inside(base, p); rel != "" {
			return rel
		}
	}
	for i, a := range argv {
		isScript := slices.ContainsFunc(scriptSuffixes, func(s string) bool { return strings.HasSuffix(strings.ToLower(a), s) })
		if i == 0 && !strings.ContainsRune(a, '/') {
			continue // a command found on PATH (node, python): not the server's file
		}
		if !isScript {
			if st, err := os.Stat(a); err != nil || !st.Mode().IsRegular() {
				continue
			}
		}
		if rel := inside(base, a); rel != "" {
			return rel
		}
	}
	if ref := getenv("GITHUB_WORKFLOW_REF"); ref != "" {
		// owner/repo/.github/workflows/check.yml@refs/heads/main
		ref, _, _ = strings.Cut(ref, "@")
		if i := strings.Index(ref, "/.github/workflows/"); i >= 0 {
			return ref[i+1:]
		}
	}
	return ""
}

// inside returns path relative to base, with / between its segments, or ""
// when it is not inside base.
func inside(base, path string) string {
	abs, err := filepath.Abs(path)
	if err != nil || base == "" {
		return ""
	}
	rel, err := filepath.Rel(base, abs)
	if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return ""
	}
	return filepath.ToSlash(rel)
}
