package check

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestDependencies keeps the other library packages and the WebAssembly
// module free of this package, of the MCP SDK it drives servers with and
// of the HTML tokenizer it reads MCP Apps pages with
// (golang.org/x/net/html): only this package, the command and programs
// that embed it import them.
func TestDependencies(t *testing.T) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command:", err)
	}
	const module = "github.com/mcpresult/mcpresult"
	forbidden := func(pkg string) bool {
		return pkg == module+"/check" || strings.HasPrefix(pkg, module+"/check/") ||
			pkg == "github.com/modelcontextprotocol/go-sdk" || strings.HasPrefix(pkg, "github.com/modelcontextprotocol/go-sdk/") ||
			strings.HasPrefix(pkg, "golang.org/x/net/")
	}
	for _, tc := range []struct {
		pkg string
		env []string
	}{
		{pkg: "content"},
		{pkg: "result"},
		{pkg: "abi"},
		{pkg: "host"},
		{pkg: "wasm", env: []string{"GOOS=wasip1", "GOARCH=wasm"}},
	} {
		cmd := exec.Command(goBin, "list", "-deps", module+"/"+tc.pkg)
		cmd.Env = append(os.Environ(), tc.env...)
		out, err := cmd.Output()
		if err != nil {
			msg := err.Error()
			if ee, ok := err.(*exec.ExitError); ok {
				msg += ": " + string(ee.Stderr)
			}
			t.Fatalf("go list -deps %s: %s", tc.pkg, msg)
		}
		deps := strings.Fields(string(out))
		if len(deps) == 0 {
			t.Fatalf("go list -deps %s listed nothing", tc.pkg)
		}
		for _, dep := range deps {
			if forbidden(dep) {
				t.Errorf("%s depends on %s", tc.pkg, dep)
			}
		}
	}
}
