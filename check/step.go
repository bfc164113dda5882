package check

import (
	"strconv"
	"strings"
	"time"
)

// Step is one tools/call or resources/read that ended, as Options.Ended is
// told of it while Run goes on.
type Step struct {
	// Revision is the revision of the session.
	Revision string
	// Method is "tools/call" or "resources/read".
	Method string
	// Name is the tool's name or the resource's URI, as the server listed
	// it (String prints it escaped and redacted).
	Name string
	// N is the exchange's place among the revision's calls or reads, from
	// 1, and Of their number.
	N, Of int
	// Outcome is what the exchange gave (Outcome… constants).
	Outcome string
	// Findings are what the checks found, in the order they gave them.
	Findings []Finding
	// Duration is the time the exchange took.
	Duration time.Duration
}

// String is the step on one line for people, with everything the server
// chose escaped and redacted (see Printing in the package documentation)
// and cut to 60 characters:
//
//	2025-06-18  tools/call 3/11  forecast  result  1 error, 2 warnings  120ms
func (s Step) String() string {
	var errs, warns int
	for _, f := range s.Findings {
		switch f.Severity {
		case Error:
			errs++
		case Warning:
			warns++
		}
	}
	found := "ok"
	switch {
	case errs > 0 && warns > 0:
		found = plural(errs, "error") + ", " + plural(warns, "warning")
	case errs > 0:
		found = plural(errs, "error")
	case warns > 0:
		found = plural(warns, "warning")
	}
	return strings.Join([]string{
		escapeText(s.Revision),
		s.Method + " " + strconv.Itoa(s.N) + "/" + strconv.Itoa(s.Of),
		escapeText(shorten(s.Name, 60)),
		exchangeOutcome(s.Outcome, nil),
		found,
		roundDuration(s.Duration),
	}, "  ")
}
