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

// TestResolve: a build's refs are written into its JSON (and a wire said
// as the JSON) from the request they point into; refs that the request or
// the JSON does not bear out, or that are not of their shape, are
// ErrMalformed.
func TestResolve(t *testing.T) {
	p := func(v any) []byte { return msgpackEncode(t, v, true) }
	settings := omap{{"maxJsonBytes", 2000000}, {"maxNodes", 100000}, {"maxDepth", 64}, {"canonicalization", "strict"}}
	req := p(omap{{"kind", "tool"}, {"input", omap{{"content", omap{{"type", "text"}, {"text", "say \"hi\"\n"}}}}}, {"refs", 1}})
	at := len(req) - len("say \"hi\"\n") - 1 - len("\xa4refs\x01") // the text's header
	json := `{"content":[{"type":"text","text":""}],"isError":false}`
	in := len(`{"content":[{"type":"text","text":`)
	build := func(refs []any, wire any) []byte {
		m := omap{{"ok", true}, {"json", json}, {"settings", settings}}
		if wire != nil {
			m = append(m, pair{"wire", wire})
		}
		return p(append(m, pair{"refs", refs}))
	}
	res, err := abi.ParseResponse(abi.OpBuild, build([]any{at, in, "/content/0/text"}, 2))
	if err != nil {
		t.Fatal(err)
	}
	if err := res.Resolve(req); err != nil {
		t.Fatal(err)
	}
	whole := `{"content":[{"type":"text","text":"say \"hi\"\n"}],"isError":false}`
	if string(res.JSON) != whole || string(res.Wire) != `{"resultType":"complete",`+whole[1:] || res.Refs != nil {
		t.Errorf("resolved %s, wire %s", res.JSON, res.Wire)
	}
	for name, refs := range map[string][]any{
		"not a string there": {0, in, "/content/0/text"},
		"past the JSON":      {at, len(json), "/content/0/text"},
		"not a placeholder":  {at, 1, "/content/0/text"},
	} {
		res, err := abi.ParseResponse(abi.OpBuild, build(refs, nil))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := res.Resolve(req); !errors.Is(err, abi.ErrMalformed) {
			t.Errorf("%s: %v", name, err)
		}
	}
	for name, refs := range map[string][]any{
		"empty":         {},
		"not in threes": {at, in},
		"a negative":    {-1, in, "/content/0/text"},
		"a pointer int": {at, in, 3},
	} {
		if _, err := abi.ParseResponse(abi.OpBuild, build(refs, nil)); !errors.Is(err, abi.ErrMalformed) {
			t.Errorf("%s: %v", name, err)
		}
	}
}
