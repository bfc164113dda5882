package nodetest_test

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/mcpresult/mcpresult/internal/nodetest"
)

// recorder is a testing.TB that records what Need skips or fails with,
// and ends its goroutine there as a test's would end.
type recorder struct {
	testing.TB
	skipped, failed string
}

func (r *recorder) Helper()           {}
func (r *recorder) Skip(args ...any)  { r.skipped = fmt.Sprint(args...); runtime.Goexit() }
func (r *recorder) Fatal(args ...any) { r.failed = fmt.Sprint(args...); runtime.Goexit() }
func (r *recorder) Fatalf(format string, a ...any) {
	r.failed = fmt.Sprintf(format, a...)
	runtime.Goexit()
}

// need runs Need on a recorder, in a goroutine of its own as a test runs.
func need(t *testing.T, root string, dirs ...string) (node string, r *recorder) {
	r = &recorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		node = nodetest.Need(r, root, dirs...)
	}()
	<-done
	return node, r
}

// repo makes a repository root with the package folders a (installed), b
// (not installed), c (node_modules is a file) and d (no package.json), and
// two folders for the PATH: one with a stand-in node, one empty.
func repo(t *testing.T) (root, withNode, withoutNode string) {
	root = t.TempDir()
	for dir, modules := range map[string]string{"a": "dir", "b": "", "c": "file", "d": "no package"} {
		p := filepath.Join(root, "tools", dir)
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
		if modules != "no package" {
			if err := os.WriteFile(filepath.Join(p, "package.json"), []byte(`{"private":true}`), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		var err error
		switch modules {
		case "dir":
			err = os.Mkdir(filepath.Join(p, "node_modules"), 0o755)
		case "file":
			err = os.WriteFile(filepath.Join(p, "node_modules"), nil, 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	withNode, withoutNode = filepath.Join(root, "bin"), filepath.Join(root, "empty")
	for _, d := range []string{withNode, withoutNode} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(withNode, "node"), []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return root, withNode, withoutNode
}

func TestNeed(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the stand-in node is a shell script")
	}
	const (
		noNode     = "node is not on the PATH: install Node 18 or later (apt-get install nodejs, or https://nodejs.org/)"
		bMissing   = "tools/b/node_modules is not installed: run `cd tools/b && npm ci` (make test does)"
		cMissing   = "tools/c/node_modules is not installed: run `cd tools/c && npm ci` (make test does)"
		required   = " (MCPRESULT_REQUIRE_NODE=1: required)"
		notPackage = "nodetest: tools/d is not a package folder: "
	)
	for _, tc := range []struct {
		name    string
		node    bool   // a node on the PATH
		env     string // MCPRESULT_REQUIRE_NODE
		dirs    []string
		skipped string // Need's skip, exactly
		failed  string // Need's failure: its start
		missing string // what Missing returns (the environment aside)
		missErr string // Missing's error: its start
	}{
		{name: "node alone", node: true},
		{name: "installed", node: true, dirs: []string{"tools/a"}},
		{name: "installed, required", node: true, env: "1", dirs: []string{"tools/a"}},
		{name: "no node", dirs: []string{"tools/a"}, skipped: noNode, missing: noNode},
		{name: "no node, required", env: "1", dirs: []string{"tools/a"}, failed: noNode + required, missing: noNode},
		{name: "no node before the packages", dirs: []string{"tools/b"}, skipped: noNode, missing: noNode},
		{name: "not installed", node: true, dirs: []string{"tools/a", "tools/b"}, skipped: bMissing, missing: bMissing},
		{name: "not installed, required", node: true, env: "1", dirs: []string{"tools/a", "tools/b"}, failed: bMissing + required, missing: bMissing},
		{name: "the first not installed", node: true, dirs: []string{"tools/c", "tools/b"}, skipped: cMissing, missing: cMissing},
		{name: "node_modules is a file", node: true, env: "1", dirs: []string{"tools/c"}, failed: cMissing + required, missing: cMissing},
		{name: "not a package", node: true, dirs: []string{"tools/a", "tools/d"}, failed: notPackage, missErr: notPackage},
		{name: "not a package, even without node", dirs: []string{"tools/d"}, failed: notPackage, missErr: notPackage},
		{name: "required misspelt", node: true, env: "true", dirs: []string{"tools/a"}, failed: `MCPRESULT_REQUIRE_NODE="true": set it to 1`},
		{name: "required 0", node: true, env: "0", failed: `MCPRESULT_REQUIRE_NODE="0": set it to 1`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root, withNode, withoutNode := repo(t)
			if tc.node {
				t.Setenv("PATH", withNode)
			} else {
				t.Setenv("PATH", withoutNode)
			}
			t.Setenv(nodetest.RequireEnv, tc.env)
			node, r := need(t, root, tc.dirs...)
			if r.skipped != tc.skipped {
				t.Errorf("skipped with %q, want %q", r.skipped, tc.skipped)
			}
			if (tc.failed == "") != (r.failed == "") || !strings.HasPrefix(r.failed, tc.failed) {
				t.Errorf("failed with %q, want %q", r.failed, tc.failed)
			}
			want := ""
			if tc.skipped == "" && tc.failed == "" {
				want = filepath.Join(withNode, "node")
			}
			if node != want {
				t.Errorf("node %q, want %q", node, want)
			}
			reason, err := nodetest.Missing(root, tc.dirs...)
			if reason != tc.missing {
				t.Errorf("Missing: %q, want %q", reason, tc.missing)
			}
			if (tc.missErr == "") != (err == nil) || err != nil && !strings.HasPrefix(err.Error(), tc.missErr) {
				t.Errorf("Missing: error %v, want %q", err, tc.missErr)
			}
		})
	}
}
