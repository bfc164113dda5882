package nodetest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// RequireEnv is the environment variable that turns a missing Node or
// package into a failure: set to 1, Need fails where it would skip.
const RequireEnv = "MCPRESULT_REQUIRE_NODE"

// Need returns the path of node for a test that runs it from the package
// folders dirs (relative to the repository root, root), after checking
// that node is on the PATH and that each folder's node_modules is
// installed. When one is missing it skips the test with one line naming
// it and the command that installs it, or fails the test with that line
// when RequireEnv is 1.
func Need(t testing.TB, root string, dirs ...string) string {
	t.Helper()
	require, err := required()
	if err != nil {
		t.Fatal(err)
	}
	node, reason, err := missing(root, dirs)
	switch {
	case err != nil:
		t.Fatal(err)
	case reason == "":
		return node
	case require:
		t.Fatalf("%s (%s=1: required)", reason, RequireEnv)
	default:
		t.Skip(reason)
	}
	return ""
}

// Missing returns the line Need skips or fails with, or "" when node is
// on the PATH and every folder of dirs has its node_modules. A folder
// that is not a package (it has no package.json) is an error.
func Missing(root string, dirs ...string) (string, error) {
	_, reason, err := missing(root, dirs)
	return reason, err
}

// required reads RequireEnv: set to 1 or unset (or empty); any other
// value is an error.
func required() (bool, error) {
	switch v := os.Getenv(RequireEnv); v {
	case "":
		return false, nil
	case "1":
		return true, nil
	default:
		return false, fmt.Errorf("%s=%q: set it to 1 to require Node and the test packages, or unset it", RequireEnv, v)
	}
}

func missing(root string, dirs []string) (node, reason string, err error) {
	for _, dir := range dirs {
		if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(dir), "package.json")); err != nil {
			return "", "", fmt.Errorf("nodetest: %s is not a package folder: %v", dir, err)
		}
	}
	node, err = exec.LookPath("node")
	if err != nil {
		return "", "node is not on the PATH: install Node 18 or later (apt-get install nodejs, or https://nodejs.org/)", nil
	}
	for _, dir := range dirs {
		if fi, err := os.Stat(filepath.Join(root, filepath.FromSlash(dir), "node_modules")); err != nil || !fi.IsDir() {
			return "", fmt.Sprintf("%s/node_modules is not installed: run `cd %s && npm ci` (make test does)", dir, dir), nil
		}
	}
	return node, "", nil
}
