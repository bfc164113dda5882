package guest

import (
	"sync/atomic"

	"github.com/mcpresult/mcpresult/abi"
	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/codec"
	"github.com/mcpresult/mcpresult/internal/engine"
	"github.com/mcpresult/mcpresult/internal/resultlink"
	"github.com/mcpresult/mcpresult/result"
)

// onePass says whether Handle tries the one pass before the general path;
// the tests turn it off to run every request through both.
var onePass = true

// buildKeys are the keys of a build request, in requestKeys' order.
var buildKeys = []string{"kind", "input", "settings", "inherit", "serialize", "refs"}

// builtRoom is the room kept before a build's JSON in its response buffer:
// the response's header (a map of three, "ok": true, "json" and the
// string's header, 15 bytes at most) is written into it once the JSON's
// length is known, so that the JSON is written once, in place.
const builtRoom = 16

// spans reads the top level of a request whose keys are keys (requestKeys'
// order), each given at most once: where each value lies, and which were
// given (bit j: keys[j]); the values are stepped over, not read. False for
// anything else, which the general path reports.
func spans(req []byte, keys []string) (at [maxMembers]codec.Span, seen uint, ok bool) {
	d := codec.NewReader(req, 0)
	n, ok := d.MapHeader()
	if !ok || n > maxMembers {
		return at, 0, false
	}
	for j := uint64(0); j < n; j++ {
		if !codec.IsStr(d.Next()) {
			return at, 0, false
		}
		k := d.Value(1)
		if d.Err != nil {
			return at, 0, false
		}
		idx := keyIndex(keys, k.Str())
		if idx < 0 || seen&(1<<idx) != 0 {
			return at, 0, false
		}
		seen |= 1 << idx
		end, ok := engine.Skip(req, d.I)
		if !ok {
			return at, 0, false
		}
		at[idx] = codec.Span{Start: d.I, End: end}
		d.I = end
	}
	return at, seen, d.I == len(req)
}

// fastBuild answers a build request of kind tool or resource in one pass
// from its MessagePack to the response (see engine.OnePass), or reports
// false: for any other request, any shape the pass does not take, and any
// fault, which the general path then answers. When it answers, the
// response is the same bytes as the general path's.
func fastBuild(req []byte) ([]byte, bool) {
	at, seen, ok := spans(req, buildKeys)
	if !ok || seen&3 != 3 {
		return nil, false
	}
	var also *engine.Serialize // the serialize options, for a build that also serializes
	if seen&16 != 0 {
		if also, ok = serializePlan(req, at[4], true); !ok {
			return nil, false
		}
	}
	kind := string(req[at[0].Start:at[0].End]) // a MessagePack string of the kinds the pass takes
	if inherit := req[at[3].Start:at[3].End]; seen&8 != 0 && (len(inherit) != 1 || inherit[0] != 0xc2 && inherit[0] != 0xc3) {
		return nil, false // inherit refuses only options the pass leaves to the general path
	}
	s, ok := requestSettings(req, at[2], seen&4 != 0)
	if !ok {
		return nil, false
	}
	refs := 0
	if seen&32 != 0 {
		if refs, ok = positiveInt(req[at[5].Start:at[5].End]); !ok {
			return nil, false
		}
	}
	in := req[at[1].Start:at[1].End]
	p := engine.OnePass{MaxBytes: s.MaxJSONBytes, Also: also, Refs: refs}
	room := len(in)
	if refs > 0 {
		// the long strings, most of a large input, go by reference: room
		// for the rest, which grows as a string of the input needs it
		room = min(room, 16<<10)
	}
	buf := outBuffer(room, s.MaxJSONBytes)
	var w engine.Written
	switch {
	case kind == "\xa4tool":
		buf, w, ok = p.Tool(buf, in)
	case kind == "\xa8resource" && also == nil:
		buf, w, ok = p.Resource(buf, in)
	default:
		return nil, false
	}
	// The input holds no maxJsonBytes of its own (the pass leaves such an
	// input to the general path), so the byte bound is the settings'.
	limit, _, _ := inputLimit(abi.OpBuild, result.KindTool, 0, s)
	if !ok || w.Read != len(in) || w.Nodes > s.MaxNodes || w.Values > limit {
		return nil, false
	}
	m := 3 // ok, json, settings; then wire, refs
	if len(w.Refs) > 0 {
		m++
	}
	if also == nil {
		resp := appendSettings(appendKey(okResponse(buf, m), "settings"), s)
		return appendRefs(resp, w.Refs, at[1].Start), true
	}
	// The wire JSON is the built JSON, with the resultType a finalize
	// writes first, when the revision would change nothing else of it (the
	// general path answers any other, and a wire JSON at a bound).
	json := buf[builtRoom:]
	extra := 0
	if engine.Open(also) {
		extra = len(engine.ResultTypeMember)
	}
	if w.Differs || len(json)+w.RefBytes+extra > s.MaxJSONBytes || extra > 0 && w.Nodes+1 > s.MaxNodes {
		return nil, false
	}
	// wire is then said, not written again: 1, the built JSON; 2, the
	// built JSON with resultType first
	resp := appendSettings(appendKey(okResponse(buf, m+1), "settings"), s)
	wire := int64(abi.WireBuilt)
	if extra > 0 {
		wire = abi.WireResultType
	}
	resp = codec.AppendInt(appendKey(resp, "wire"), wire)
	return appendRefs(resp, w.Refs, at[1].Start), true
}

// appendRefs appends the response's refs (abi.Ref), when the pass answered
// any string by reference: a flat array of where each starts in the
// request (the input starts at input), where its "" is in the JSON, and
// its JSON Pointer.
func appendRefs(dst []byte, refs []engine.Ref, input int) []byte {
	if len(refs) == 0 {
		return dst
	}
	dst = codec.AppendArrayHeader(appendKey(dst, "refs"), 3*len(refs))
	for _, r := range refs {
		dst = codec.AppendInt(dst, int64(input+r.At))
		dst = codec.AppendInt(dst, int64(r.In))
		dst = codec.AppendString(dst, r.Pointer)
	}
	return dst
}

// positiveInt reads the MessagePack integer of a request's refs: a
// positive fixint, or an unsigned integer up to abi.MaxRequest; false for
// anything else, which the general path reports.
func positiveInt(b []byte) (int, bool) {
	switch {
	case len(b) == 1 && b[0] >= 1 && b[0] <= 0x7f:
		return int(b[0]), true
	case len(b) >= 2 && b[0] >= 0xcc && b[0] <= 0xce && len(b) == 1+1<<(b[0]-0xcc):
		u := 0
		for _, c := range b[1:] {
			u = u<<8 | int(c)
		}
		return u, u >= 1 && u <= abi.MaxRequest
	}
	return 0, false
}

// outBuffer is the buffer the one pass writes a result of an input of n
// bytes into, with room for the response's header before it: its JSON
// takes a little more than the input, and never more than the budget.
func outBuffer(n, maxBytes int) []byte {
	return make([]byte, builtRoom, builtRoom+min(n+n/8+160, maxBytes+64))
}

// okResponse writes the header of a response of m members, "ok": true,
// then "json", before the JSON the pass wrote into buf (see builtRoom),
// and returns the response.
func okResponse(buf []byte, m int) []byte {
	var h [builtRoom]byte
	hdr := codec.AppendMapHeader(h[:0], m)
	hdr = codec.AppendBool(appendKey(hdr, "ok"), true)
	hdr = codec.AppendStrHeader(appendKey(hdr, "json"), len(buf)-builtRoom)
	resp := buf[builtRoom-len(hdr):]
	copy(resp, hdr)
	return resp
}

// serializeKeys are the keys of a serialize request, in requestKeys' order.
var serializeKeys = []string{"result", "options", "settings"}

// fastSerialize answers a serialize request in one pass from its
// MessagePack to the response (see engine.OnePass.Result), or reports
// false, as fastBuild does.
func fastSerialize(req []byte) ([]byte, bool) {
	at, seen, ok := spans(req, serializeKeys)
	if !ok || seen&1 == 0 {
		return nil, false
	}
	plan, ok := serializePlan(req, at[1], seen&2 != 0)
	if !ok {
		return nil, false
	}
	s, ok := requestSettings(req, at[2], seen&4 != 0)
	if !ok {
		return nil, false
	}
	in := req[at[0].Start:at[0].End]
	buf, w, ok := engine.OnePass{MaxBytes: s.MaxJSONBytes, Serialize: plan}.Result(outBuffer(len(in), s.MaxJSONBytes), in)
	// The result's values (and keys) are bounded as its conversion and
	// checks bound them: by maxNodes, and by what maxJsonBytes allows.
	if !ok || w.Read != len(in) || w.Nodes > s.MaxNodes || w.Values > min(s.MaxNodes, (s.MaxJSONBytes+1)/2) {
		return nil, false
	}
	return okResponse(buf, 2), true
}

// planMemo is the serialize options last given and what they say, as
// settingsMemo is for settings.
type planMemo struct {
	raw  []byte
	plan *engine.Serialize
}

var lastPlan atomic.Pointer[planMemo]

// serializePlan returns how the one pass writes a result with the options
// of a serialize request (at sp, when given); false when the general path
// answers (options with a fault, or that the pass leaves to it).
func serializePlan(req []byte, sp codec.Span, given bool) (*engine.Serialize, bool) {
	var raw []byte
	if given {
		raw = req[sp.Start:sp.End]
	}
	if m := lastPlan.Load(); m != nil && string(m.raw) == string(raw) {
		return m.plan, m.plan != nil
	}
	v := content.Null()
	if given {
		over := content.NewError(content.CodeInvalidRequest, "/options", "too many values")
		var err error
		// not shared: the plan is kept past the request (its cacheScope)
		if v, _, _, err = codec.DecodeSpan(req, sp, false, abi.MaxSmallValues, over, false); err != nil {
			return nil, false
		}
	}
	plan, err := resultlink.SerializePlan(v)
	if err != nil {
		return nil, false
	}
	lastPlan.Store(&planMemo{raw: append([]byte(nil), raw...), plan: plan})
	return plan, plan != nil
}

// settingsMemo is the settings of the last build request that gave any,
// as their MessagePack bytes and as read: a server sends the same settings
// with every call, and they are then read once.
type settingsMemo struct {
	raw []byte
	s   result.Settings
}

var lastSettings atomic.Pointer[settingsMemo]

// requestSettings returns the settings of a request (at sp, when
// given) with their defaults filled in, read as the general path reads
// them; false when they have a fault, which the general path reports.
func requestSettings(req []byte, sp codec.Span, given bool) (result.Settings, bool) {
	var s result.Settings
	if given {
		raw := req[sp.Start:sp.End]
		if m := lastSettings.Load(); m != nil && string(m.raw) == string(raw) {
			s = m.s
		} else {
			over := content.NewError(content.CodeInvalidRequest, "/settings", "too many values")
			v, _, _, err := codec.DecodeSpan(req, sp, true, abi.MaxSmallValues, over, false)
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
