package main

import (
	"errors"
	"io"
	"os"
	"path/filepath"
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
	if err := writeWhole(path, data); err != nil {
		return fail("cannot write the baseline: " + reason(err))
	}
	return true
}

// writeWhole writes data to path through a temporary file in the same
// directory, renamed over path once written and synced.
func writeWhole(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// checkExit is the exit code of a check run: 1 when the server could not
// be checked; otherwise, with --fail-on never, 0; else 1 for a finding at
// the --fail-on level (error: an error; warning: an error or a warning)
// that the baseline, when there is one, does not list, or for an entry of
// the baseline that is stale; 0 otherwise.
func checkExit(rep *check.Report, failOn string) int {
	errs, warns, stale := rep.Totals.Errors, rep.Totals.Warnings, 0
	if b := rep.BaselineResult; b != nil {
		errs, warns, stale = b.NewAt(check.Error), b.NewAt(check.Warning), len(b.Stale)
	}
	switch {
	case rep.Failed():
		return 1
	case failOn == "never":
		return 0
	case stale > 0, errs > 0:
		return 1
	case failOn == "warning" && warns > 0:
		return 1
	}
	return 0
}
