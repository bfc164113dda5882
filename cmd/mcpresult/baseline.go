package main

import (
	"errors"
	"io"
	"os"
	"strings"

	"github.com/mcpresult/mcpresult/check"
	"github.com/mcpresult/mcpresult/internal/checklink"
)

// checkOnly reads --only: tool:NAME or resource:URI, or "" without it.
func checkOnly(flags map[string]string) (string, error) {
	only, ok := flags["only"]
	if !ok {
		return "", nil
	}
	for _, kind := range []string{"tool:", "resource:"} {
		if name, found := strings.CutPrefix(only, kind); found && name != "" {
			return only, nil
		}
	}
	return "", errors.New("--only is tool:NAME or resource:URI")
}

// readBaselineFlag reads the file --baseline names (nil without it); an
// error is a usage error.
func readBaselineFlag(flags map[string]string) (*check.Baseline, error) {
	path, ok := flags["baseline"]
	if !ok {
		return nil, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, errors.New("cannot read the baseline: " + reason(err))
	}
	b, err := check.ReadBaseline(data)
	if err != nil {
		return nil, errors.New("the baseline: " + err.Error())
	}
	return b, nil
}

// writeBaselineFlag writes the run's baseline to the file --write-baseline
// names, whole: to a file beside it first, then renamed over it, so that a
// reader never sees half a baseline, and a failed write leaves the one
// before. A run that could not check everything it was asked writes none:
// its baseline would leave out what it missed. It says why on stderr, and
// returns false, when it writes none.
func writeBaselineFlag(flags map[string]string, rep *check.Report, stderr io.Writer) bool {
	path, ok := flags["write-baseline"]
	if !ok {
		return true
	}
	fail := func(msg string) bool {
		io.WriteString(stderr, "mcpresult: check: "+checklink.EscapeText(msg)+"\n")
		return false
	}
	if rep.Failed() {
		return fail("no baseline written: the server could not be checked in full")
	}
	data, err := rep.Baseline().Marshal()
	if err != nil {
		return fail("cannot write the baseline: " + err.Error())
	}
	if err := writeFileWhole(path, func(w io.Writer) error { _, err := w.Write(data); return err }); err != nil {
		return fail("cannot write the baseline: " + writeReason(err))
	}
	return true
}
