package check

import (
	"encoding/xml"
	"io"
	"strconv"
	"strings"
	"time"
)

// The JUnit XML elements the report writes: the common subset that test
// dashboards and CI systems read (Jenkins, GitLab, GitHub's test
// reporters).
type (
	junitSuites struct {
		XMLName xml.Name `xml:"testsuites"`
		Name    string   `xml:"name,attr"`
		junitCounts
		Time   string        `xml:"time,attr"`
		Suites []*junitSuite `xml:"testsuite"`
	}
	// junitCounts are the counts of a testsuite or of them all: the
	// testcases, and those that failed, that could not run, that were
	// skipped.
	junitCounts struct {
		Tests    int `xml:"tests,attr"`
		Failures int `xml:"failures,attr"`
		Errors   int `xml:"errors,attr"`
		Skipped  int `xml:"skipped,attr"`
	}
	junitSuite struct {
		Name string `xml:"name,attr"`
		junitCounts
		Time      string       `xml:"time,attr"`
		Timestamp string       `xml:"timestamp,attr,omitempty"`
		Cases     []*junitCase `xml:"testcase"`
	}
	junitCase struct {
		Classname string          `xml:"classname,attr"`
		Name      string          `xml:"name,attr"`
		Time      string          `xml:"time,attr"`
		Failure   *junitProblem   `xml:"failure,omitempty"`
		Error     *junitProblem   `xml:"error,omitempty"`
		Skipped   *junitSkipped   `xml:"skipped,omitempty"`
		SystemOut string          `xml:"system-out,omitempty"`
		errors    []Finding       // the error findings, for Failure
		others    []Finding       // the warnings and infos, for SystemOut
		revision  *RevisionReport // set on a revision's session case
		rerun     []string        // the arguments that make the exchange again
	}
	junitProblem struct {
		Message string `xml:"message,attr"`
		Type    string `xml:"type,attr"`
		Text    string `xml:",chardata"`
	}
	junitSkipped struct {
		Message string `xml:"message,attr"`
	}
)

// WriteJUnit writes the report as JUnit XML, for the test dashboards of
// CI systems: a <testsuite> per revision (its name the revision), a
// <testcase> per tools/call (classname "REVISION tools/call", named by the
// tool, and "(call N)" when the tool had several calls) and per
// resources/read (classname "REVISION resources/read", named by the URI),
// each with its time. A testcase with an error finding has a <failure>
// (type: the first error's code; message: that error; text: every error),
// and its warnings and infos are in <system-out>. The findings of the
// revision's session (too_many_tools, duplicate_response…) are a testcase
// "session" of classname "REVISION session", and so are a revision that
// was skipped (<skipped>, with the reason) and one that failed (<error>,
// type "failed", with the reason: the server did not start, or its
// session broke). A report without any revision (a run stopped before its
// first) is one testsuite "server" whose testcase has an <error> saying
// why. The counts of each suite and of the whole are
// the testcases, those with a failure, an error, or skipped.
//
// Every string the server chose is written as the text report prints it
// (escaped, the secrets redacted: no control character reaches the XML,
// which could not carry most of them), then escaped as XML.
func (r *Report) WriteJUnit(w io.Writer) error {
	all := &junitSuites{Name: "mcpresult check", Time: seconds(r.Duration)}
	calls := map[*CallReport]*junitCase{}
	reads := map[*ResourceReport]*junitCase{}
	sessions := map[*RevisionReport]*junitCase{}
	stamp := ""
	if !r.Started.IsZero() {
		stamp = r.Started.UTC().Format(time.RFC3339)
	}
	sessionFindings := r.sessionFindings()
	for _, rr := range r.Revisions {
		suite := &junitSuite{Name: escapeText(rr.Revision), Time: seconds(rr.Duration), Timestamp: stamp}
		rev := escapeText(rr.Revision)
		for _, tr := range rr.Tools {
			for n, c := range tr.Calls {
				name := escapeText(tr.Name)
				if len(tr.Calls) > 1 {
					name += " (call " + strconv.Itoa(n+1) + ")"
				}
				tc := &junitCase{Classname: rev + " tools/call", Name: name, Time: seconds(c.Duration), rerun: c.Rerun}
				calls[c] = tc
				suite.Cases = append(suite.Cases, tc)
			}
		}
		for _, res := range rr.Resources {
			tc := &junitCase{Classname: rev + " resources/read", Name: escapeText(res.URI), Time: seconds(res.Duration), rerun: res.Rerun}
			reads[res] = tc
			suite.Cases = append(suite.Cases, tc)
		}
		if rr.Status != StatusChecked || sessionFindings[rr] {
			tc := &junitCase{Classname: rev + " session", Name: "session", Time: seconds(0), revision: rr}
			sessions[rr] = tc
			suite.Cases = append(suite.Cases, tc)
		}
		all.Suites = append(all.Suites, suite)
	}
	if len(r.Revisions) == 0 {
		why := r.Error
		if why == "" {
			why = "no revision was checked"
		}
		all.Suites = append(all.Suites, &junitSuite{Name: "server", Time: seconds(r.Duration), Timestamp: stamp, Cases: []*junitCase{{
			Classname: "server", Name: "session", Time: seconds(r.Duration),
			Error: &junitProblem{Message: escapeText(firstLineOf(why)), Type: StatusFailed, Text: escapeText(why)},
		}}})
	}
	for l := range r.located() {
		tc := sessions[l.Revision]
		switch {
		case l.Call != nil:
			tc = calls[l.Call]
		case l.Resource != nil:
			tc = reads[l.Resource]
		case l.Tool != nil && len(l.Tool.Calls) > 0:
			tc = calls[l.Tool.Calls[0]] // the tool as listed: its first call's testcase
		case l.Tool != nil:
			tc = sessions[l.Revision]
			if tc == nil {
				tc = &junitCase{Classname: escapeText(l.Revision.Revision) + " session", Name: "session", Time: seconds(0), revision: l.Revision}
				sessions[l.Revision] = tc
				for _, suite := range all.Suites {
					if suite.Name == escapeText(l.Revision.Revision) {
						suite.Cases = append(suite.Cases, tc)
					}
				}
			}
		}
		if l.Finding.Severity == Error {
			tc.errors = append(tc.errors, l.Finding)
		} else {
			tc.others = append(tc.others, l.Finding)
		}
	}
	for _, suite := range all.Suites {
		for _, tc := range suite.Cases {
			tc.settle()
			suite.Tests++
			switch {
			case tc.Skipped != nil:
				suite.Skipped++
			case tc.Error != nil:
				suite.Errors++
			case tc.Failure != nil:
				suite.Failures++
			}
		}
		all.add(suite.junitCounts)
	}
	out, err := xml.MarshalIndent(all, "", "  ")
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, xml.Header+string(out)+"\n")
	return err
}

// add adds the counts of a testsuite.
func (c *junitCounts) add(o junitCounts) {
	c.Tests += o.Tests
	c.Failures += o.Failures
	c.Errors += o.Errors
	c.Skipped += o.Skipped
}

// settle writes a testcase's findings into its elements: the errors into
// its <failure> (or, for a revision that failed or was skipped, into the
// <error> or beside the <skipped> that says why), the others into
// <system-out>, a line each.
func (tc *junitCase) settle() {
	out := findingLines(tc.others)
	if rr := tc.revision; rr != nil && rr.Status != StatusChecked {
		reason := rr.Reason
		if reason == "" {
			reason = "revision " + rr.Status
		}
		if rr.Status == StatusSkipped {
			tc.Skipped = &junitSkipped{Message: escapeText(firstLineOf(reason))}
			tc.SystemOut = findingLines(append(tc.errors, tc.others...))
			return
		}
		tc.Error = &junitProblem{Message: escapeText(firstLineOf(reason)), Type: StatusFailed, Text: escapeText(reason)}
		if len(tc.errors) > 0 {
			tc.Error.Text += "\n" + findingLines(tc.errors)
		}
		tc.SystemOut = out
		return
	}
	if len(tc.errors) > 0 {
		tc.Failure = &junitProblem{Message: findingLine(tc.errors[0]), Type: escapeText(string(tc.errors[0].Code)), Text: findingLines(tc.errors)}
	}
	if tc.rerun != nil && (len(tc.errors) > 0 || hasProblems(tc.others)) {
		out += "rerun: " + rerunLine(tc.rerun) + "\n"
	}
	tc.SystemOut = out
}

// findingLines writes findings a line each, "severity code at path:
// message", escaped and redacted.
func findingLines(fs []Finding) string {
	var b strings.Builder
	for _, f := range fs {
		b.WriteString(escapeText(string(f.Severity)) + " " + findingLine(f) + "\n")
	}
	return b.String()
}

// seconds is a duration as JUnit writes a time: seconds, to the
// millisecond.
func seconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', 3, 64)
}

// firstLineOf is the first line of a text, for an attribute that a
// dashboard shows on one line.
func firstLineOf(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
