package sdk_test

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestDependencies keeps the library's core and the WebAssembly module free
// of this package: sdk builds on result and host, never the other way.
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
		cmd := exec.Command("go", "list", "-deps", module+"/"+tc.pkg)
		cmd.Env = append(os.Environ(), tc.env...)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v", tc.pkg, err)
		}
		deps := strings.Fields(string(out))
		if len(deps) == 0 {
			t.Fatalf("go list -deps %s listed nothing", tc.pkg)
		}
		for _, dep := range deps {
			if dep == module+"/sdk" || strings.HasPrefix(dep, module+"/sdk/") {
				t.Errorf("%s depends on %s", tc.pkg, dep)
			}
		}
	}
}
