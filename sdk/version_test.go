package sdk_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/mcpresult/mcpresult/result"
	"github.com/mcpresult/mcpresult/sdk"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestProtocolVersions: the revisions both the SDK and mcpresult speak,
// newest first, as mcp.ServerOptions.SupportedProtocolVersions takes them;
// with the SDK this module requires, every revision the SDK speaks is one
// mcpresult writes, so that a server on its defaults never negotiates one
// its results cannot be written for.
func TestProtocolVersions(t *testing.T) {
	got := sdk.ProtocolVersions()
	if len(got) == 0 {
		t.Fatal("no revision in common")
	}
	if !slices.IsSortedFunc(got, func(a, b string) int { return strings.Compare(b, a) }) {
		t.Errorf("ProtocolVersions() = %v, not newest first", got)
	}
	for _, v := range got {
		if !slices.Contains(result.ProtocolVersions(), v) {
			t.Errorf("%s is not one of result.ProtocolVersions()", v)
		}
	}
	if speaks := mcp.SupportedProtocolVersions(); !slices.Equal(got, speaks) {
		t.Errorf("ProtocolVersions() = %v, the SDK speaks %v: a revision mcpresult does not write", got, speaks)
	}
	got[0] = "changed"
	if sdk.ProtocolVersions()[0] == "changed" {
		t.Error("ProtocolVersions returns a shared slice")
	}
}
