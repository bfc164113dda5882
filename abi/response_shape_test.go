package abi_test

import (
	"errors"
	"testing"

	"github.com/mcpresult/mcpresult/abi"
)

// TestParseResponseRefusesIncompleteShapes: a response that is not of the
// op's shape is an error with the code internal: an absent settings map is
// not the default settings, and protocol versions are strings. A host then
// notices a module of another ABI instead of taking a build's budget for
// the defaults.
func TestParseResponseRefusesIncompleteShapes(t *testing.T) {
	p := func(v any) []byte { return msgpackEncode(t, v, true) }
	settings := omap{{"maxJsonBytes", 2000000}, {"maxNodes", 100000}, {"maxDepth", 64}, {"canonicalization", "strict"}}
	info := func(versions []any, withSettings bool) []byte {
		m := omap{{"ok", true}, {"module", abi.ModuleVersion}, {"abi", 1}, {"abiMinor", 0}, {"protocolVersions", versions},
			{"latestProtocolVersion", "2026-07-28"}}
		if withSettings {
			m = append(m, pair{"settings", settings})
		}
		return p(m)
	}
	// The complete shapes are read.
	if _, err := abi.ParseResponse(abi.OpBuild, p(omap{{"ok", true}, {"json", "{}"}, {"settings", settings}})); err != nil {
		t.Fatal(err)
	}
	if _, err := abi.ParseResponse(abi.OpInfo, info([]any{"2026-07-28"}, true)); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		op   abi.Op
		data []byte
	}{
		{"build response without settings", abi.OpBuild, p(omap{{"ok", true}, {"json", "{}"}})},
		{"info response without settings", abi.OpInfo, info([]any{"2026-07-28"}, false)},
		{"info response with a protocol version that is not a string", abi.OpInfo, info([]any{"2025-06-18", 20260728}, true)},
	} {
		r, err := abi.ParseResponse(c.op, c.data)
		if err == nil {
			t.Errorf("%s: read as %+v (info %+v), want internal", c.name, r, r.Info)
			continue
		}
		if !errors.Is(err, abi.ErrMalformed) {
			t.Errorf("%s: %v, want abi.ErrMalformed", c.name, err)
		}
	}
}
