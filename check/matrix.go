package check

import (
	"slices"
	"strconv"
	"strings"
	"time"
)

// matrix is the report as the Markdown and HTML reports draw it: a row per
// tool and per resource URI of any revision (tools by name, then
// resources by URI; a row for the revisions' own findings first, when one
// has some), a column per revision, and in each cell the worst of what was
// found there.
type matrix struct {
	revisions []*RevisionReport
	rows      []matrixRow
}

// The kinds of row.
const (
	rowSession  = "session"
	rowTool     = "tool"
	rowResource = "resource"
)

// matrixRow is a tool, a resource or the revisions' sessions.
type matrixRow struct {
	kind  string // rowSession, rowTool or rowResource
	name  string // the tool's name or the resource's URI ("" for rowSession)
	cells []matrixCell
}

// The states of a cell, from the worst finding there (or why there is
// none).
const (
	cellError     = "error"
	cellWarning   = "warning"
	cellInfo      = "info"
	cellClean     = "clean"
	cellNotCalled = "not-called" // a tool listed but not called (too many tools)
	cellAbsent    = "absent"     // not listed in that revision
	cellSkipped   = "skipped"    // the revision was skipped
	cellFailed    = "failed"     // the revision failed before listing it
)

// matrixCell is what one tool or resource gave in one revision: the worst
// finding's code, how many findings of that severity there were, and the
// exchange's findings in the order the report has them.
type matrixCell struct {
	state    string
	code     Code // the first finding of the worst severity
	count    int  // findings of the worst severity
	findings []located
	calls    int // the exchanges made (a tool's calls; 1 for a read)
}

// newMatrix lays the report out. Its findings come from Report.located, so
// that each cell holds the findings of that walk, in its order.
func (r *Report) newMatrix() *matrix {
	m := &matrix{revisions: r.Revisions}
	var tools, resources []string
	session := len(r.sessionFindings()) > 0
	for _, rr := range r.Revisions {
		for _, tr := range rr.Tools {
			tools = append(tools, tr.Name)
		}
		for _, res := range rr.Resources {
			resources = append(resources, res.URI)
		}
	}
	slices.Sort(tools)
	slices.Sort(resources)
	if session {
		m.rows = append(m.rows, matrixRow{kind: rowSession})
	}
	for _, n := range slices.Compact(tools) {
		m.rows = append(m.rows, matrixRow{kind: rowTool, name: n})
	}
	for _, u := range slices.Compact(resources) {
		m.rows = append(m.rows, matrixRow{kind: rowResource, name: u})
	}
	index := map[[2]string]int{}
	for i, row := range m.rows {
		index[[2]string{row.kind, row.name}] = i
		m.rows[i].cells = make([]matrixCell, len(r.Revisions))
		for j, rr := range r.Revisions {
			c := &m.rows[i].cells[j]
			switch {
			case rr.Status == StatusSkipped:
				c.state = cellSkipped
			case gaveNothing(rr):
				c.state = cellFailed
			default:
				c.state = cellAbsent
			}
		}
	}
	for j, rr := range r.Revisions {
		if rr.Status == StatusSkipped || gaveNothing(rr) {
			continue
		}
		if i, ok := index[[2]string{rowSession, ""}]; ok {
			m.rows[i].cells[j].state = cellClean
		}
		for _, tr := range rr.Tools {
			c := &m.rows[index[[2]string{rowTool, tr.Name}]].cells[j]
			c.calls += len(tr.Calls)
			c.state = cellClean
		}
		for _, res := range rr.Resources {
			c := &m.rows[index[[2]string{rowResource, res.URI}]].cells[j]
			c.calls++
			c.state = cellClean
		}
	}
	revIndex := map[*RevisionReport]int{}
	for j, rr := range r.Revisions {
		revIndex[rr] = j
	}
	for l := range r.located() {
		key := [2]string{rowSession, ""}
		switch {
		case l.Tool != nil:
			key = [2]string{rowTool, l.Tool.Name}
		case l.Resource != nil:
			key = [2]string{rowResource, l.Resource.URI}
		}
		c := &m.rows[index[key]].cells[revIndex[l.Revision]]
		c.findings = append(c.findings, l)
	}
	for i := range m.rows {
		for j := range m.rows[i].cells {
			c := &m.rows[i].cells[j]
			if c.state == cellClean && c.calls == 0 && m.rows[i].kind == rowTool {
				c.state = cellNotCalled
			}
			worst := 4
			for _, l := range c.findings {
				worst = min(worst, severityRank(l.Finding.Severity))
			}
			for _, l := range c.findings {
				if severityRank(l.Finding.Severity) != worst {
					continue
				}
				if c.count == 0 {
					c.code = l.Finding.Code
				}
				c.count++
			}
			switch worst {
			case 0:
				c.state = cellError
			case 1:
				c.state = cellWarning
			case 2:
				c.state = cellInfo
			}
		}
	}
	return m
}

// sessionFindings are the revisions that have a finding of their session
// (one that Report.located gives with neither tool nor resource).
func (r *Report) sessionFindings() map[*RevisionReport]bool {
	m := map[*RevisionReport]bool{}
	for l := range r.located() {
		if l.Tool == nil && l.Resource == nil {
			m[l.Revision] = true
		}
	}
	return m
}

// gaveNothing reports a revision that failed before it listed anything.
func gaveNothing(rr *RevisionReport) bool {
	return rr.Status == StatusFailed && len(rr.Tools) == 0 && len(rr.Resources) == 0
}

// exchange is one call or read, as the slowest list names it.
type exchange struct {
	revision string
	what     string // "tool NAME call N" or "resource URI", escaped
	d        time.Duration
}

// slowest returns the n exchanges of the report that took longest, slowest
// first (in the report's order among equals).
func (r *Report) slowest(n int) []exchange {
	var all []exchange
	for _, rr := range r.Revisions {
		for _, tr := range rr.Tools {
			for i, c := range tr.Calls {
				all = append(all, exchange{rr.Revision, "tool " + escapeText(tr.Name) + " call " + strconv.Itoa(i+1), c.Duration})
			}
		}
		for _, res := range rr.Resources {
			all = append(all, exchange{rr.Revision, "resource " + escapeText(res.URI), res.Duration})
		}
	}
	slices.SortStableFunc(all, func(a, b exchange) int { return int(b.d - a.d) })
	return all[:min(n, len(all))]
}

// Verdict says which findings fail a run: the command's --fail-on, which
// its exit status and the verdict that the Markdown and HTML reports start
// with follow.
type Verdict struct {
	// FailOn is "error" (also when ""): an error fails the run;
	// "warning": an error or a warning does; "never": no finding does.
	// A run that could not check everything (Report.Failed) fails
	// whatever it says.
	FailOn string
}

// Passes reports a run that the verdict lets pass: the command's exit
// status is 0 for it, 1 otherwise. With a baseline applied
// (Report.ApplyBaseline), the findings it lists pass, and one it lists
// that the run no longer gives (stale) fails the run but with "never".
func (v Verdict) Passes(r *Report) bool {
	errs, warns, stale := r.Totals.Errors, r.Totals.Warnings, 0
	if b := r.BaselineResult; b != nil {
		errs, warns, stale = b.NewAt(Error), b.NewAt(Warning), len(b.Stale)
	}
	switch {
	case r.Failed():
		return false
	case v.FailOn == "never":
		return true
	case stale > 0:
		return false
	case v.FailOn == "warning":
		return errs+warns == 0
	}
	return errs == 0
}

// verdict is the report's outcome, as v judges it, and its totals in one
// line.
func (r *Report) verdict(v Verdict) (passed bool, totals string) {
	t := r.Totals
	revs := plural(t.RevisionsChecked, "revision") + " checked"
	if t.RevisionsSkipped > 0 {
		revs += ", " + strconv.Itoa(t.RevisionsSkipped) + " skipped"
	}
	if t.RevisionsFailed > 0 {
		revs += ", " + strconv.Itoa(t.RevisionsFailed) + " failed"
	}
	parts := []string{
		plural(t.Errors, "error") + ", " + plural(t.Warnings, "warning") + ", " + strconv.Itoa(t.Infos) + " info",
		revs,
		plural(t.ToolCalls, "tool call") + ", " + plural(t.ResourceReads, "resource read"),
	}
	return v.Passes(r), strings.Join(parts, "; ")
}
