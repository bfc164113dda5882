package abi

import (
	"sync/atomic"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/engine"
	"github.com/mcpresult/mcpresult/result"
)

// onePass says whether Handle tries the one pass before the general path;
// the tests turn it off to run every request through both.
var onePass = true

// buildKeys are the keys of a build request, in requestKeys' order.
var buildKeys = []string{"kind", "input", "settings", "inherit"}

// builtRoom is the room kept before a build's JSON in its response buffer:
// the response's header (a map of three, "ok": true, "json" and the
// string's header, 15 bytes at most) is written into it once the JSON's
// length is known, so that the JSON is written once, in place.
const builtRoom = 16

// fastBuild answers a build request of kind tool or resource in one pass
// from its MessagePack to the response (see engine.OnePass), or reports
// false: for any other request, any shape the pass does not take, and any
// fault, which the general path then answers. When it answers, the
// response is the same bytes as the general path's.
func fastBuild(req []byte) ([]byte, bool) {
	d := decoder{data: req, maxDepth: content.MaxParseDepth + 1, left: len(req), skip: true}
	n, ok := d.mapHeader()
	if !ok || n > maxMembers {
		return nil, false
	}
	var kind string
	var set span
	var input []byte // the input, then its JSON
	var w engine.Written
	var seen uint
	for j := uint64(0); j < n; j++ {
		if !isStr(d.next()) {
			return nil, false
		}
		k := d.value(1)
		if d.err != nil {
			return nil, false
		}
		idx := keyIndex(buildKeys, k.Str())
		if idx < 0 || seen&(1<<idx) != 0 || idx == 1 && seen&1 == 0 {
			return nil, false // the input before the kind: the general path
		}
		seen |= 1 << idx
		start := d.i
		switch c := d.next(); idx {
		case 0:
			if !isStr(c) {
				return nil, false
			}
			kind = d.value(1).Str()
		case 1:
			// The input is written as it is read, bounded by the
			// largest budget there is; the budget of the settings,
			// which may come after it, is checked once they are read.
			p := engine.OnePass{MaxBytes: result.MaxMaxJSONBytes}
			rest := req[start:]
			input = make([]byte, builtRoom, builtRoom+len(rest)+len(rest)/8+160)
			ok := false
			switch kind {
			case result.KindTool:
				input, w, ok = p.Tool(input, rest)
			case result.KindResource:
				input, w, ok = p.Resource(input, rest)
			}
			if !ok {
				return nil, false
			}
			d.i += w.Read
		case 2:
			d.skipValue(1)
			set = span{start, d.i}
		case 3:
			if c != 0xc2 && c != 0xc3 {
				return nil, false
			}
			d.i++ // inherit refuses only options the pass leaves to the general path
		}
		if d.err != nil {
			return nil, false
		}
	}
	if d.i != len(req) || seen&3 != 3 {
		return nil, false
	}
	s, ok := buildSettings(req, set, seen&4 != 0)
	if !ok {
		return nil, false
	}
	// The input holds no maxJsonBytes of its own (the pass leaves such an
	// input to the general path), so the byte bound is the settings'.
	limit, _, _ := inputLimit(OpBuild, kind, 0, s)
	buf := input
	if w.Nodes > s.MaxNodes || w.Values > limit || len(buf)-builtRoom > s.MaxJSONBytes {
		return nil, false
	}
	var h [builtRoom]byte
	hdr := AppendMapHeader(h[:0], 3)
	hdr = AppendBool(appendKey(hdr, "ok"), true)
	hdr = appendStrHeader(appendKey(hdr, "json"), len(buf)-builtRoom)
	resp := buf[builtRoom-len(hdr):]
	copy(resp, hdr)
	return appendSettings(appendKey(resp, "settings"), s), true
}

// settingsMemo is the settings of the last build request that gave any,
// as their MessagePack bytes and as read: a server sends the same settings
// with every call, and they are then read once.
type settingsMemo struct {
	raw []byte
	s   result.Settings
}

var lastSettings atomic.Pointer[settingsMemo]

// buildSettings returns the settings of a build request (at sp, when
// given) with their defaults filled in, read as the general path reads
// them; false when they have a fault, which the general path reports.
func buildSettings(req []byte, sp span, given bool) (result.Settings, bool) {
	var s result.Settings
	if given {
		raw := req[sp.start:sp.end]
		if m := lastSettings.Load(); m != nil && string(m.raw) == string(raw) {
			s = m.s
		} else {
			over := content.NewError(content.CodeInvalidRequest, "/settings", "too many values")
			v, _, _, err := decodeSpan(req, sp, true, MaxSmallValues, over, false)
			if err != nil {
				return s, false
			}
			if s, err = settingsFromValue(v); err != nil {
				return s, false
			}
			lastSettings.Store(&settingsMemo{raw: append([]byte(nil), raw...), s: s})
		}
	}
	if s.Check() != nil {
		return s, false
	}
	if s.MaxJSONBytes == 0 {
		s.MaxJSONBytes = result.DefaultMaxJSONBytes
	}
	if s.MaxNodes == 0 {
		s.MaxNodes = result.DefaultMaxNodes
	}
	return s, true
}
