package abi

import (
	"strconv"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/engine"
	"github.com/mcpresult/mcpresult/internal/pointer"
	"github.com/mcpresult/mcpresult/result"
)

// The bounds of a request's decode, beside the settings' budget.
const (
	// NodeAllowance is how many values a request's input may hold beyond
	// what the settings' budget allows (maxNodes, or (maxJsonBytes+1)/2,
	// since n JSON values take at least 2n-1 bytes): room for the request's
	// own options, so that a request the checks would accept is always
	// read whole. Past it, the decode stops with the budget's code.
	NodeAllowance = 64
	// MaxSmallValues is the most values settings or options may hold; more
	// is invalid_request at /settings or /options.
	MaxSmallValues = 1024
)

// maxMembers is how many members of a request's map can be read without an
// error: each op has at most four keys, so a fifth member repeats one or is
// unknown.
const maxMembers = 4

// span is where a member's value lies in a request: data[start:end].
type span struct{ start, end int }

// parseRequest is ParseRequest into r, a new Request, with the request's
// strings sharing data's memory when share is set (see DecodeOptions.Share).
//
// It reads a request in two steps, so that what it builds stays within the
// call's budget whatever the request declares. First it checks the whole
// request as Decode would, building nothing, and refuses an unknown or
// repeated key before it reads the key's value; then it decodes the
// settings and options (at most MaxSmallValues values each), and the input
// within the settings' budget (see inputBudget), which it never allocates
// past.
func parseRequest(r *Request, op Op, data []byte, share bool) error {
	keys, ok := requestKeys(op)
	if !ok {
		return content.NewError(content.CodeUnknownOp, "", "unknown op "+strconv.Itoa(int(op))+"; the ops are 1 info, 2 build, 3 serialize, 4 validate, 5 outputSchema")
	}
	// The request's own map is one level more than its values have when
	// they are parsed from JSON natively.
	d := decoder{data: data, maxDepth: content.MaxParseDepth + 1, left: len(data), skip: true}
	n, isMap := d.mapHeader()
	if !isMap {
		d.skipValue(0) // the data's own fault comes first
		if d.err == nil && d.i != len(d.data) {
			d.fail(content.CodeInvalidRequest, "unexpected bytes after the MessagePack value")
		}
		if d.err != nil {
			return d.err
		}
		return content.NewError(content.CodeInvalidRequest, "", "a request is a MessagePack map")
	}
	if _, ok := d.count(n, 2); !ok {
		return d.err
	}
	r.Op = op     // r is a new Request
	var seen uint // bit j: keys[j] was given
	var at [maxMembers]span
	for j := uint64(0); j < n; j++ {
		if !isStr(d.next()) {
			if d.skipValue(1); d.err != nil { // the data's own fault comes first
				return d.err
			}
			return content.NewError(content.CodeInvalidRequest, "", "the keys of a request are strings")
		}
		k := d.value(1) // shares data: nothing is kept
		if d.err != nil {
			return d.err
		}
		name := k.Str()
		idx := keyIndex(keys, name)
		switch {
		case idx < 0:
			return content.NewError(content.CodeInvalidRequest, keyPath(name), "not a key of the "+op.String()+" request")
		case seen&(1<<idx) != 0:
			return content.NewError(content.CodeInvalidRequest, keyPath(name), "this key is given more than once")
		}
		seen |= 1 << idx
		d.path.Key(name)
		start := d.i
		var v content.Value // kind's string or inherit's boolean; the rest is only checked
		if c := d.next(); name == "kind" && isStr(c) || name == "inherit" && (c == 0xc2 || c == 0xc3) {
			v = d.value(1)
		} else {
			d.skipValue(1)
		}
		d.path.Pop()
		if d.err != nil {
			return d.err
		}
		at[idx] = span{start, d.i}
		switch name {
		case "kind":
			if v.Kind() != content.KindString {
				return content.NewError(content.CodeInvalidRequest, keyPath(name), "kind is a string")
			}
			r.Kind = v.Str()
			if !share {
				r.Kind = string([]byte(r.Kind))
			}
		case "inherit":
			if v.Kind() != content.KindBool {
				return content.NewError(content.CodeInvalidRequest, keyPath(name), "inherit is a boolean")
			}
			r.Inherit = v.Bool()
		}
	}
	if d.i != len(d.data) {
		d.fail(content.CodeInvalidRequest, "unexpected bytes after the MessagePack value")
		return d.err
	}
	// kind is build's first key (bit 0); inputBit is the bit of the op's
	// main value.
	if op == OpBuild && seen&1 == 0 {
		return content.NewError(content.CodeInvalidRequest, "/kind", "a build request needs kind")
	}
	if op != OpInfo && seen&inputBit(op) == 0 {
		return content.NewError(content.CodeInvalidRequest, "/"+inputKey(op), "the "+op.String()+" request needs "+inputKey(op))
	}
	if op == OpInfo {
		return nil
	}
	// The settings, then the options, then the input, within the budget the
	// settings give.
	small := func(name string) (content.Value, error) {
		idx := keyIndex(keys, name)
		if idx < 0 || seen&(1<<idx) == 0 {
			return content.Null(), nil
		}
		over := content.NewError(content.CodeInvalidRequest, keyPath(name), "the "+name+" hold more than "+strconv.Itoa(MaxSmallValues)+" values")
		v, _, _, err := decodeSpan(data, at[idx], share, MaxSmallValues, over, false)
		return v, err
	}
	var err error
	if r.Settings, err = small("settings"); err != nil {
		return err
	}
	// Settings the op will refuse are its error, not the request's: the
	// input is then read within the default budget.
	s, serr := settingsFromValue(r.Settings)
	if serr != nil {
		s, r.settingsErr = result.Settings{}, serr
	}
	r.settings = s
	if op != OpBuild {
		if r.Options, err = small("options"); err != nil {
			return err
		}
	}
	in := at[inputBit(op)>>1] // the bit of keys[1] for build, of keys[0] otherwise
	limit, over := inputBudget(op, r, s, data, in)
	r.Input, r.cut, r.cutPath, err = decodePacked(data, in, share, limit, over, op == OpValidate)
	if r.cut {
		r.over = over // validate reports it beside the findings of what was read
	}
	if err != nil && op != OpBuild {
		// An error of the call's own options comes first, as natively.
		r.over, r.Input = err.(*content.Error), content.Null()
		return nil
	}
	return err
}

// keyIndex is the index of name among keys, or -1.
func keyIndex(keys []string, name string) int {
	for x, k := range keys {
		if k == name {
			return x
		}
	}
	return -1
}

// inputBudget is the most values the input of a request may hold, and the
// error past them: the budget's node bound (maxNodes, or (maxJsonBytes+1)/2
// when that is lower: n values of JSON take at least 2n-1 bytes) and
// NodeAllowance more. A build's own maxJsonBytes, when it is larger than
// the settings', sets the byte bound (the build checks the option); the
// input of a build of kind value has no node bound, as natively.
func inputBudget(op Op, r *Request, s result.Settings, data []byte, in span) (int, *content.Error) {
	own := 0
	if op == OpBuild && !r.Inherit {
		own, _ = ownMaxBytes(data, in)
	}
	limit, code, b := inputLimit(op, r.Kind, own, s)
	return limit, b.Exceeded(code)
}

// inputLimit is inputBudget's bound, and the code and budget of its error
// (made only when it is needed), with own the maxJsonBytes a build's input
// gives itself (0: none).
func inputLimit(op Op, kind string, own int, s result.Settings) (int, content.Code, engine.Budget) {
	maxNodes, maxBytes := s.MaxNodes, s.MaxJSONBytes
	if maxNodes == 0 {
		maxNodes = result.DefaultMaxNodes
	}
	if maxBytes == 0 {
		maxBytes = result.DefaultMaxJSONBytes
	}
	if own > maxBytes {
		maxBytes = own
	}
	byBytes := (maxBytes + 1) / 2
	if op == OpBuild && kind == result.KindValue {
		maxNodes = byBytes
	}
	b := engine.Budget{MaxBytes: maxBytes, MaxNodes: maxNodes}
	if maxNodes <= byBytes {
		return maxNodes + NodeAllowance, content.CodeMaxNodes, b
	}
	return byBytes + NodeAllowance, content.CodeMaxBytes, b
}

// ownMaxBytes returns the maxJsonBytes a build request's input gives
// itself, when it is an integer in the settings' range (the build reports
// any other), read without building the input.
func ownMaxBytes(data []byte, in span) (int, bool) {
	d := decoder{data: data[:in.end], i: in.start, maxDepth: content.MaxParseDepth + 1, left: len(data), skip: true}
	n, ok := d.mapHeader()
	if !ok {
		return 0, false
	}
	best, found := 0, false
	for j := uint64(0); j < n && d.err == nil; j++ {
		var k, v content.Value
		if isStr(d.next()) {
			k = d.value(2)
		} else {
			d.skipValue(2)
		}
		if c := d.next(); k.Kind() == content.KindString && k.Str() == "maxJsonBytes" && (c <= 0x7f || c >= 0xca && c <= 0xd3) {
			v = d.value(2)
		} else {
			d.skipValue(2)
			continue
		}
		var m int64
		switch v.Kind() {
		case content.KindInt:
			m = v.Int()
		case content.KindFloat:
			m = int64(v.Float())
		}
		if m >= result.MinMaxJSONBytes && m <= result.MaxMaxJSONBytes && int(m) > best {
			best, found = int(m), true
		}
	}
	return best, found
}

// mapHeader reads a map's header, if the next value is a map.
func (d *decoder) mapHeader() (uint64, bool) {
	if d.i >= len(d.data) {
		return 0, false
	}
	c := d.data[d.i]
	switch {
	case c&0xf0 == 0x80:
		d.i++
		return uint64(c & 0x0f), true
	case c == 0xde && len(d.data)-d.i >= 3:
		d.i++
		return d.uint(2), true
	case c == 0xdf && len(d.data)-d.i >= 5:
		d.i++
		return d.uint(4), true
	}
	return 0, false
}

// keyPath is the path of a request's key, for its errors.
//
//go:noinline
func keyPath(k string) string { return string(pointer.AppendSegment(nil, k)) }
