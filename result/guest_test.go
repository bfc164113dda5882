//go:build !wasip1

package result_test

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestGuestImportsStayLean keeps what the WebAssembly guest will import
// small: built for GOOS=wasip1, content and result must not link the
// packages that cost hundreds of kilobytes in the module (see the README's performance section).
func TestGuestImportsStayLean(t *testing.T) {
	cmd := exec.Command("go", "list", "-deps", "github.com/mcpresult/mcpresult/result")
	cmd.Env = append(os.Environ(), "GOOS=wasip1", "GOARCH=wasm", "CGO_ENABLED=0")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	heavy := map[string]bool{"fmt": true, "reflect": true, "encoding/json": true, "regexp": true, "net/url": true,
		"context": true, "time": true, "os": true, "github.com/vmihailenco/msgpack/v5": true}
	for _, pkg := range strings.Fields(string(out)) {
		if heavy[pkg] {
			t.Errorf("GOOS=wasip1 build of package result imports %s", pkg)
		}
	}
}
