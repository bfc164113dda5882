package check

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// BaselineVersion is the version of the baseline file that Baseline.Marshal
// writes and ReadBaseline reads: a file of another version is refused, not
// guessed at.
const BaselineVersion = 1

// Baseline is the errors and warnings of a run, by where they were found
// (see BaselineEntry): what a team accepts for now, so that a later run
// fails only on what is new, and on what the baseline lists and is gone,
// so that the list only shrinks. Report.Baseline makes one, Marshal writes
// it, ReadBaseline reads it back and Report.ApplyBaseline compares a run
// with it.
type Baseline struct {
	Version  int             `json:"version"`
	Findings []BaselineEntry `json:"findings"`
}

// BaselineEntry is one finding of a baseline: its key, with the tool's
// name, the resource's URI and the path written as a report prints them,
// what looks like a secret [redacted] (a baseline holds no secret, and a
// run's findings are matched by the same redacted key), its severity
// (error or warning) and the number of times the run gave it.
type BaselineEntry struct {
	FindingKey
	Severity Severity `json:"severity"`
	Count    int      `json:"count"`
}

// entryKey is what a finding of a run and an entry of a baseline are
// matched by: the redacted key and the severity (a warning that became an
// error is a new error, and its warning stale).
type entryKey struct {
	FindingKey
	Severity Severity
}

// baselineKey is the key as a baseline holds it: the server's names and
// the path with what looks like a secret redacted, as the reports print
// them, and each byte that is not UTF-8 as U+FFFD, as JSON holds it.
func baselineKey(k FindingKey) FindingKey {
	return FindingKey{
		Revision: validString(k.Revision),
		Tool:     validString(redactSecrets(k.Tool)),
		Resource: validString(redactSecrets(k.Resource)),
		Code:     Code(validString(string(k.Code))),
		Path:     validString(redactPath(k.Path)),
	}
}

// validString writes each byte of s that is not UTF-8 as U+FFFD, as
// encoding/json does.
func validString(s string) string { return string([]rune(s)) }

// Baseline returns the report's errors and warnings as a baseline, each
// key once with the number of its findings, in the order of their keys
// (see compareEntries): two runs that find the
// same give the same baseline, byte for byte. Info findings are left out:
// they never fail a run, so a baseline has nothing to let pass for them.
func (r *Report) Baseline() *Baseline {
	counts := r.baselineCounts()
	b := &Baseline{Version: BaselineVersion, Findings: make([]BaselineEntry, 0, len(counts))}
	for k, n := range counts {
		b.Findings = append(b.Findings, BaselineEntry{FindingKey: k.FindingKey, Severity: k.Severity, Count: n})
	}
	slices.SortFunc(b.Findings, compareEntries)
	return b
}

// baselineCounts counts the report's errors and warnings by entry key.
func (r *Report) baselineCounts() map[entryKey]int {
	counts := map[entryKey]int{}
	for l := range r.located() {
		if s := l.Finding.Severity; s == Error || s == Warning {
			counts[entryKey{baselineKey(l.Key), s}]++
		}
	}
	return counts
}

// compareEntries orders entries as a report orders its findings: by
// revision, in each the revision's own, then the tools' by name, then the
// resources' by URI; then by code, path and severity.
func compareEntries(a, b BaselineEntry) int {
	return cmp.Or(cmp.Compare(a.Revision, b.Revision), cmp.Compare(entryKind(a), entryKind(b)),
		cmp.Compare(a.Tool, b.Tool), cmp.Compare(a.Resource, b.Resource),
		cmp.Compare(a.Code, b.Code), cmp.Compare(a.Path, b.Path), cmp.Compare(a.Severity, b.Severity))
}

// entryKind ranks an entry of the revision 0, of a tool 1, of a resource 2.
func entryKind(e BaselineEntry) int {
	switch {
	case e.Tool != "":
		return 1
	case e.Resource != "":
		return 2
	}
	return 0
}

// Marshal writes the baseline as indented JSON (of version BaselineVersion,
// whatever b.Version says), one member a line, ending in a newline: a file to commit, whose changes read well in a diff. The
// characters a terminal would obey are written as JSON escapes, as
// WriteJSON writes them, and U+FFFD too; the file says the same.
func (b *Baseline) Marshal() ([]byte, error) {
	out := Baseline{Version: BaselineVersion, Findings: b.Findings}
	if out.Findings == nil {
		out.Findings = []BaselineEntry{}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		return nil, err
	}
	// U+FFFD, in a key for a byte that was not UTF-8, only stands in
	// strings: written \ufffd, it is seen for what it is.
	return bytes.ReplaceAll(escapeJSON(nil, buf.Bytes()), []byte("\uFFFD"), []byte(`\ufffd`)), nil
}

// ReadBaseline reads a baseline file (as Marshal writes it). It refuses, with
// a message that says why, what is not JSON, a file of another kind (a
// report, a calls file: any member but version and findings), a version
// other than BaselineVersion, and an entry without a revision or a code,
// with both a tool and a resource, a severity other than error or warning,
// a count below 1, or a key and severity listed twice. The keys are
// redacted as Baseline redacts them, so that an entry written by hand with
// a secret in a name matches too.
func ReadBaseline(data []byte) (*Baseline, error) {
	const shape = `a baseline file is a JSON object {"version": 1, "findings": [...]}`
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return nil, errors.New(shape)
	}
	for k := range members {
		if k != "version" && k != "findings" {
			return nil, fmt.Errorf("not a baseline file: it has a member %s (%s)", quoteName(k), shape)
		}
	}
	raw, ok := members["version"]
	if !ok {
		return nil, errors.New("not a baseline file: it has no version (" + shape + ")")
	}
	var version int
	if json.Unmarshal(raw, &version) != nil {
		return nil, errors.New("the version of a baseline file is a number")
	}
	if version != BaselineVersion {
		return nil, fmt.Errorf("baseline version %d is not known: this mcpresult reads version %d", version, BaselineVersion)
	}
	var entries []json.RawMessage
	if raw, ok := members["findings"]; !ok || json.Unmarshal(raw, &entries) != nil || entries == nil {
		return nil, errors.New("the findings of a baseline file are an array of objects")
	}
	b := &Baseline{Version: version, Findings: make([]BaselineEntry, 0, len(entries))}
	seen := map[entryKey]bool{}
	for i, raw := range entries {
		e, err := readEntry(raw)
		if err != nil {
			return nil, fmt.Errorf("baseline finding %d: %v", i+1, err)
		}
		k := entryKey{e.FindingKey, e.Severity}
		if seen[k] {
			return nil, fmt.Errorf("baseline finding %d: listed twice (give it once, with its count)", i+1)
		}
		seen[k] = true
		b.Findings = append(b.Findings, e)
	}
	return b, nil
}

// readEntry reads and checks one entry of a baseline file.
func readEntry(raw json.RawMessage) (BaselineEntry, error) {
	var e BaselineEntry
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&e); err != nil {
		return e, errors.New("an object of revision, tool or resource, code, path, severity and count, and nothing else")
	}
	switch {
	case e.Revision == "":
		return e, errors.New("it has no revision")
	case e.Code == "":
		return e, errors.New("it has no code")
	case e.Tool != "" && e.Resource != "":
		return e, errors.New("it names both a tool and a resource")
	case e.Severity != Error && e.Severity != Warning:
		return e, errors.New("its severity is error or warning")
	case e.Count < 1:
		return e, errors.New("its count is 1 or more")
	}
	e.FindingKey = baselineKey(e.FindingKey)
	return e, nil
}

// BaselineResult is a run compared with a baseline: each key (with its
// severity) found and listed, found and not listed, or listed and found
// fewer times or not at all; each list in the order of Baseline's entries.
type BaselineResult struct {
	// Matched are the findings the baseline lets pass (Count: as many as
	// were both listed and found).
	Matched []BaselineMatch `json:"matched"`
	// New are the findings the baseline does not list, or found more times
	// than it lists (Count: the ones more): they count as if there were no
	// baseline.
	New []BaselineMatch `json:"new"`
	// Stale are the entries found fewer times than listed, or not at all
	// (Count: the ones fewer), of the revisions, tools and resources the
	// run checked: the baseline is to be written again, shorter.
	Stale []BaselineMatch `json:"stale"`
}

// BaselineMatch is a key of a run compared with a baseline: how many
// findings the comparison puts in its list (Count), how many the baseline
// lists (Listed) and how many the run gave (Found).
type BaselineMatch struct {
	BaselineEntry
	Listed int `json:"listed"`
	Found  int `json:"found"`
}

// NewAt counts the new findings of a severity.
func (b *BaselineResult) NewAt(s Severity) int {
	n := 0
	for _, m := range b.New {
		if m.Severity == s {
			n += m.Count
		}
	}
	return n
}

// ApplyBaseline compares the report with a baseline and keeps the result in
// BaselineResult (a nil baseline leaves the report as it is). The report's
// findings and totals stay what the run found; what fails the run is then
// NewAt and Stale (the command: a new finding at --fail-on's level, or any
// stale entry). An entry can be stale only where the run looked: in a
// revision it checked (not one left out by Options.Protocol, skipped or
// failed), for a tool it called or a resource it read, or for one the
// server no longer lists when the run read the whole lists (no
// Options.Only, no list cut short by a bound: too_many_tools,
// too_many_resources, too_many_pages, cursor_repeated, list_too_large); a
// tool the calls file gives no call is never looked at. An entry of the
// revision itself can be stale only in a run without Options.Only. An
// entry where the run did not look is in none of the lists.
func (r *Report) ApplyBaseline(b *Baseline) {
	if b == nil {
		return
	}
	found := r.baselineCounts()
	listed := make(map[entryKey]int, len(b.Findings))
	keys := make([]BaselineEntry, 0, len(b.Findings)+len(found))
	for _, e := range b.Findings {
		k := entryKey{baselineKey(e.FindingKey), e.Severity}
		if _, dup := listed[k]; !dup {
			keys = append(keys, BaselineEntry{FindingKey: k.FindingKey, Severity: k.Severity})
		}
		listed[k] += e.Count
	}
	for k := range found {
		if _, ok := listed[k]; !ok {
			keys = append(keys, BaselineEntry{FindingKey: k.FindingKey, Severity: k.Severity})
		}
	}
	slices.SortFunc(keys, compareEntries)
	looked := r.lookedAt()
	res := &BaselineResult{Matched: []BaselineMatch{}, New: []BaselineMatch{}, Stale: []BaselineMatch{}}
	for _, e := range keys {
		k := entryKey{e.FindingKey, e.Severity}
		m := BaselineMatch{BaselineEntry: e, Listed: listed[k], Found: found[k]}
		if n := min(m.Listed, m.Found); n > 0 {
			res.Matched = append(res.Matched, withCount(m, n))
		}
		switch {
		case m.Found > m.Listed:
			res.New = append(res.New, withCount(m, m.Found-m.Listed))
		case m.Found < m.Listed && looked(e.FindingKey):
			res.Stale = append(res.Stale, withCount(m, m.Listed-m.Found))
		}
	}
	r.BaselineResult = res
}

func withCount(m BaselineMatch, n int) BaselineMatch {
	m.Count = n
	return m
}

// lookedAt returns whether the run looked where a (baseline) key says: see
// ApplyBaseline.
func (r *Report) lookedAt() func(FindingKey) bool {
	type place struct{ rev, tool, resource string }
	type revision struct {
		// whole: the run checked all the revision lists (no Only, no list
		// cut short), so that a tool or resource it does not list is gone.
		whole bool
		// looked are the tools called and resources read; passed, the
		// tools listed and not called (the calls file gives none).
		looked, passed map[place]bool
	}
	revs := map[string]*revision{}
	for _, rr := range r.Revisions {
		if rr.Status != StatusChecked {
			continue
		}
		rv := &revision{whole: r.Only == "", looked: map[place]bool{}, passed: map[place]bool{}}
		revs[rr.Revision] = rv
		for _, f := range rr.Findings {
			switch f.Code {
			case CodeTooManyTools, CodeTooManyResources, CodeTooManyPages, CodeCursorRepeated, CodeListTooLarge:
				rv.whole = false
			}
		}
		for _, tr := range rr.Tools {
			p := place{tool: baselineKey(FindingKey{Tool: tr.Name}).Tool}
			if len(tr.Calls) > 0 {
				rv.looked[p] = true
			} else {
				rv.passed[p] = true
			}
		}
		for _, res := range rr.Resources {
			rv.looked[place{resource: baselineKey(FindingKey{Resource: res.URI}).Resource}] = true
		}
	}
	return func(k FindingKey) bool {
		rv, ok := revs[k.Revision]
		if !ok {
			return false
		}
		if k.Tool == "" && k.Resource == "" {
			return r.Only == "" && !(r.NoProbes && probed(k.Code))
		}
		p := place{tool: k.Tool, resource: k.Resource}
		return rv.looked[p] || rv.whole && !rv.passed[p]
	}
}

// baselineSection writes the comparison with a baseline in the text report:
// a line of counts, then the new findings and the stale entries (at most
// maxBaselineListed of each).
func (t *textWriter) baselineSection(b *BaselineResult) {
	if b == nil {
		return
	}
	count := func(ms []BaselineMatch) int {
		n := 0
		for _, m := range ms {
			n += m.Count
		}
		return n
	}
	newN, staleN := count(b.New), count(b.Stale)
	head := t.paint(ansiBold, "baseline:")
	if newN+staleN > 0 {
		head = t.paint(ansiRed+ansiBold, "baseline:")
	}
	t.line(0, head, plural(count(b.Matched), "finding")+" listed and found, "+strconv.Itoa(newN)+" new, "+strconv.Itoa(staleN)+" stale")
	for i, m := range b.New {
		if i == maxBaselineListed {
			t.line(1, t.paint(ansiDim, "and "+strconv.Itoa(len(b.New)-i)+" more new (the JSON report lists them all)"))
			break
		}
		t.line(1, "new  ", t.severity(m.Severity), entryWhere(m.BaselineEntry), "×"+strconv.Itoa(m.Count))
	}
	for i, m := range b.Stale {
		if i == maxBaselineListed {
			t.line(1, t.paint(ansiDim, "and "+strconv.Itoa(len(b.Stale)-i)+" more stale (the JSON report lists them all)"))
			break
		}
		t.line(1, t.paint(ansiYellow, "stale"), t.severity(m.Severity), entryWhere(m.BaselineEntry),
			"listed "+strconv.Itoa(m.Listed)+", found "+strconv.Itoa(m.Found)+": write the baseline again")
	}
}

// maxBaselineListed bounds the new findings, and the stale entries, that
// the text report's baseline section lists one by one (each new finding is
// printed in full under its call already).
const maxBaselineListed = 20

// entryWhere says where an entry's findings are, escaped (entryText): the
// revision, the tool or resource, the code and path.
func entryWhere(e BaselineEntry) string {
	s := entryText(e.Revision)
	switch {
	case e.Tool != "":
		s += "  tool " + entryText(e.Tool)
	case e.Resource != "":
		s += "  resource " + entryText(e.Resource)
	}
	s += "  " + entryText(string(e.Code))
	if e.Path != "" {
		s += " at " + entryText(e.Path)
	}
	return s
}

// entryText is a string of a baseline's key as the text report prints it:
// escaped (escapeText), and U+FFFD, which stands in a key for a byte that
// was not UTF-8, written \ufffd as the file writes it.
func entryText(s string) string { return strings.ReplaceAll(escapeText(s), "\uFFFD", `\ufffd`) }
