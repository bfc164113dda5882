package sdk_test

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/mcpresult/mcpresult/host"
	"github.com/mcpresult/mcpresult/sdk"
)

// *host.Host is an Engine: a server may write through the module without
// this package importing host.
var _ sdk.Engine = (*host.Host)(nil)

// goListDeps lists the packages pkg (of this module) depends on.
func goListDeps(t *testing.T, pkg string, env ...string) []string {
	t.Helper()
	cmd := exec.Command("go", "list", "-deps", "github.com/mcpresult/mcpresult/"+pkg)
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.Output()
	if err != nil {
		msg := err.Error()
		if ee, ok := err.(*exec.ExitError); ok {
			msg += ": " + string(ee.Stderr)
		}
		t.Fatalf("go list -deps %s: %s", pkg, msg)
	}
	deps := strings.Fields(string(out))
	if len(deps) == 0 {
		t.Fatalf("go list -deps %s listed nothing", pkg)
	}
	return deps
}

// TestDependencies keeps the library's core and the WebAssembly module free
// of this package: sdk builds on result, never the other way.
func TestDependencies(t *testing.T) {
	const module = "github.com/mcpresult/mcpresult"
	for _, tc := range []struct {
		pkg string
		env []string
	}{
		{pkg: "content"},
		{pkg: "result"},
		{pkg: "abi"},
		{pkg: "host"},
		{pkg: "check"},
		{pkg: "wasm", env: []string{"GOOS=wasip1", "GOARCH=wasm"}},
	} {
		for _, dep := range goListDeps(t, tc.pkg, tc.env...) {
			if dep == module+"/sdk" || strings.HasPrefix(dep, module+"/sdk/") {
				t.Errorf("%s depends on %s", tc.pkg, dep)
			}
		}
	}
}

// TestNoWebAssemblyRuntime: a server on this package compiles neither
// package host nor wazero; only one that passes a *host.Host as its Engine
// does.
func TestNoWebAssemblyRuntime(t *testing.T) {
	const module = "github.com/mcpresult/mcpresult"
	deps := goListDeps(t, "sdk")
	var has bool
	for _, dep := range deps {
		has = has || dep == module+"/result"
		if dep == module+"/host" || dep == "github.com/tetratelabs/wazero" || strings.HasPrefix(dep, "github.com/tetratelabs/wazero/") {
			t.Errorf("sdk depends on %s", dep)
		}
	}
	if !has {
		t.Fatalf("go list -deps sdk does not list %s/result: %v", module, deps)
	}
}
