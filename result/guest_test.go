//go:build !wasip1

package result_test

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestGuestImportsStayLean keeps what the WebAssembly guest imports small:
// built for GOOS=wasip1, the module (./wasm, and through it internal/guest,
// abi, result and content) must not link the packages that cost hundreds
// of kilobytes in it (see docs/performance.md).
func TestGuestImportsStayLean(t *testing.T) {
	heavy := map[string]bool{"fmt": true, "reflect": true, "encoding/json": true, "regexp": true, "net/url": true,
		"context": true, "time": true, "os": true, "github.com/vmihailenco/msgpack/v5": true,
		// strings drags in unicode (its tables and init: 37 KB).
		"strings": true, "unicode": true}
	for _, pkg := range []string{"result", "abi", "wasm"} {
		cmd := exec.Command("go", "list", "-deps", "github.com/mcpresult/mcpresult/"+pkg)
		cmd.Env = append(os.Environ(), "GOOS=wasip1", "GOARCH=wasm", "CGO_ENABLED=0")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go list: %v\n%s", err, out)
		}
		for _, dep := range strings.Fields(string(out)) {
			if heavy[dep] {
				t.Errorf("GOOS=wasip1 build of %s imports %s", pkg, dep)
			}
		}
	}
}
