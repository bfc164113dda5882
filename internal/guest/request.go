package guest

import (
	"strconv"

	"github.com/mcpresult/mcpresult/abi"
	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/codec"
	"github.com/mcpresult/mcpresult/internal/engine"
	"github.com/mcpresult/mcpresult/internal/pointer"
	"github.com/mcpresult/mcpresult/result"
)

// request is one call's request as the dispatch reads it: what the op
// reads (abi.Request), and what the read found out.
type request struct {
	abi.Request

	settings    result.Settings // Settings, read
	settingsErr error           // why Settings cannot be read
	// over is the budget's error of an input past it: given after the
	// call's own option errors (the input was not read), or, for validate,
	// reported beside the findings of what was read (cut).
	over *content.Error
	// cut: a validate input past the budget, read as far as it goes;
	// cutPath names the container it stopped in.
	cut     bool
	cutPath string
}

// requestKeys returns the request keys of an op, the first one required
// (none for info), and whether the ABI has the op. (A switch rather than a
// map: a map links hashing and map code into the module.)
func requestKeys(op abi.Op) ([]string, bool) {
	switch op {
	case abi.OpInfo:
		return nil, true
	case abi.OpBuild:
		return buildKeys, true
	case abi.OpSerialize:
		return serializeKeys, true
	case abi.OpValidate:
		return []string{"value", "options", "settings"}, true
	case abi.OpOutputSchema:
		return []string{"schema", "options", "settings"}, true
	}
	return nil, false
}

// inputBit is the bit of inputKey(op) among requestKeys(op).
func inputBit(op abi.Op) uint {
	if op == abi.OpBuild {
		return 2
	}
	return 1
}

// inputKey is the key of an op's main value.
func inputKey(op abi.Op) string {
	switch op {
	case abi.OpBuild:
		return "input"
	case abi.OpSerialize:
		return "result"
	case abi.OpOutputSchema:
		return "schema"
	}
	return "value"
}

// maxMembers is how many members of a request's map can be read without an
// error: each op has at most six keys (build's), so a seventh member
// repeats one or is unknown.
const maxMembers = 6

// parseRequest reads the request of an op into r, a new request: a
// MessagePack map with string keys, the op's keys only (invalid_request at
// the key otherwise), its required keys present (invalid_request at the
// missing key), kind a string, inherit a boolean and refs a positive
// integer. What the members hold
// is checked by the op itself, with the same codes as natively. An op the
// ABI does not have is unknown_op. The request's strings share data's
// memory when share is set (see codec.DecodeOptions.Share).
//
// The input is read within the budget of the request's settings (the
// defaults, when they are invalid: the op reports them): an input that
// holds more values than the budget allows, and abi.NodeAllowance more, is
// max_nodes or max_bytes (whichever bound is lower) for a build; for the
// other ops it is answered once their options are known to be right, and
// validate reports it beside the findings of what was read. Nothing is
// allocated for values past the budget, whatever the request declares.
//
// It reads a request in two steps, so that what it builds stays within the
// call's budget whatever the request declares. First it checks the whole
// request as codec.Decode would, building nothing, and refuses an unknown
// or repeated key before it reads the key's value; then it decodes the
// settings and options (at most abi.MaxSmallValues values each), and the
// input within the settings' budget (see inputBudget), which it never
// allocates past.
func parseRequest(r *request, op abi.Op, data []byte, share bool) error {
	keys, ok := requestKeys(op)
	if !ok {
		return content.NewError(content.CodeUnknownOp, "", "unknown op "+strconv.Itoa(int(op))+"; the ops are 1 info, 2 build, 3 serialize, 4 validate, 5 outputSchema")
	}
	// The request's own map is one level more than its values have when
	// they are parsed from JSON natively.
	d := codec.NewReader(data, 0)
	n, isMap := d.MapHeader()
	if !isMap {
		d.Skip(0) // the data's own fault comes first
		if d.Err == nil && d.I != len(data) {
			d.Fail(content.CodeInvalidRequest, "unexpected bytes after the MessagePack value")
		}
		if d.Err != nil {
			return d.Err
		}
		return content.NewError(content.CodeInvalidRequest, "", "a request is a MessagePack map")
	}
	if _, ok := d.Count(n, 2); !ok {
		return d.Err
	}
	r.Op = op     // r is a new request
	var seen uint // bit j: keys[j] was given
	var at [maxMembers]codec.Span
	for j := uint64(0); j < n; j++ {
		if !codec.IsStr(d.Next()) {
			if d.Skip(1); d.Err != nil { // the data's own fault comes first
				return d.Err
			}
			return content.NewError(content.CodeInvalidRequest, "", "the keys of a request are strings")
		}
		k := d.Value(1) // shares data: nothing is kept
		if d.Err != nil {
			return d.Err
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
		d.Path.Key(name)
		start := d.I
		var v content.Value // kind's string or inherit's boolean; the rest is only checked
		if c := d.Next(); name == "kind" && codec.IsStr(c) || name == "inherit" && (c == 0xc2 || c == 0xc3) || name == "refs" && isInt(c) {
			v = d.Value(1)
		} else {
			d.Skip(1)
		}
		d.Path.Pop()
		if d.Err != nil {
			return d.Err
		}
		at[idx] = codec.Span{Start: start, End: d.I}
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
		case "refs":
			if v.Kind() != content.KindInt || v.Int() < 1 || v.Int() > abi.MaxRequest {
				return content.NewError(content.CodeInvalidRequest, keyPath(name), "refs is a positive integer (the bytes from which a string may go by reference)")
			}
			r.Refs = int(v.Int())
		}
	}
	if d.I != len(data) {
		d.Fail(content.CodeInvalidRequest, "unexpected bytes after the MessagePack value")
		return d.Err
	}
	// kind is build's first key (bit 0); inputBit is the bit of the op's
	// main value.
	if op == abi.OpBuild && seen&1 == 0 {
		return content.NewError(content.CodeInvalidRequest, "/kind", "a build request needs kind")
	}
	if op != abi.OpInfo && seen&inputBit(op) == 0 {
		return content.NewError(content.CodeInvalidRequest, "/"+inputKey(op), "the "+op.String()+" request needs "+inputKey(op))
	}
	if op == abi.OpInfo {
		return nil
	}
	// The settings, then the options, then the input, within the budget the
	// settings give.
	small := func(name string) (content.Value, error) {
		idx := keyIndex(keys, name)
		if idx < 0 || seen&(1<<idx) == 0 {
			return content.Null(), nil
		}
		over := content.NewError(content.CodeInvalidRequest, keyPath(name), "the "+name+" hold more than "+strconv.Itoa(abi.MaxSmallValues)+" values")
		v, _, _, err := codec.DecodeSpan(data, at[idx], share, abi.MaxSmallValues, over, false)
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
	optionsKey := "options"
	if op == abi.OpBuild {
		optionsKey = "serialize"
	}
	if r.Options, err = small(optionsKey); err != nil {
		return err
	}
	in := at[inputBit(op)>>1] // the bit of keys[1] for build, of keys[0] otherwise
	limit, over := inputBudget(op, r, s, data, in)
	r.Input, r.cut, r.cutPath, err = codec.DecodePacked(data, in, share, limit, over, op == abi.OpValidate)
	if r.cut {
		r.over = over // validate reports it beside the findings of what was read
	}
	if err != nil && op != abi.OpBuild {
		// An error of the call's own options comes first, as natively.
		r.over, r.Input = err.(*content.Error), content.Null()
		return nil
	}
	return err
}

// isInt reports whether c starts a MessagePack integer.
func isInt(c byte) bool { return c <= 0x7f || c >= 0xe0 || c >= 0xcc && c <= 0xd3 }

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
// abi.NodeAllowance more. A build's own maxJsonBytes, when it is larger
// than the settings', sets the byte bound (the build checks the option);
// the input of a build of kind value has no node bound, as natively.
func inputBudget(op abi.Op, r *request, s result.Settings, data []byte, in codec.Span) (int, *content.Error) {
	own := 0
	if op == abi.OpBuild && !r.Inherit {
		own, _ = ownMaxBytes(data, in)
	}
	limit, code, b := inputLimit(op, r.Kind, own, s)
	return limit, b.Exceeded(code)
}

// inputLimit is inputBudget's bound, and the code and budget of its error
// (made only when it is needed), with own the maxJsonBytes a build's input
// gives itself (0: none).
func inputLimit(op abi.Op, kind string, own int, s result.Settings) (int, content.Code, engine.Budget) {
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
	if op == abi.OpBuild && kind == result.KindValue {
		maxNodes = byBytes
	}
	b := engine.Budget{MaxBytes: maxBytes, MaxNodes: maxNodes}
	if maxNodes <= byBytes {
		return maxNodes + abi.NodeAllowance, content.CodeMaxNodes, b
	}
	return byBytes + abi.NodeAllowance, content.CodeMaxBytes, b
}

// ownMaxBytes returns the maxJsonBytes a build request's input gives
// itself, when it is an integer in the settings' range (the build reports
// any other), read without building the input.
func ownMaxBytes(data []byte, in codec.Span) (int, bool) {
	d := codec.NewReader(data[:in.End], in.Start)
	n, ok := d.MapHeader()
	if !ok {
		return 0, false
	}
	best, found := 0, false
	for j := uint64(0); j < n && d.Err == nil; j++ {
		var k, v content.Value
		if codec.IsStr(d.Next()) {
			k = d.Value(2)
		} else {
			d.Skip(2)
		}
		if c := d.Next(); k.Kind() == content.KindString && k.Str() == "maxJsonBytes" && (c <= 0x7f || c >= 0xca && c <= 0xd3) {
			v = d.Value(2)
		} else {
			d.Skip(2)
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

// keyPath is the path of a request's key, for its errors.
//
//go:noinline
func keyPath(k string) string { return string(pointer.AppendSegment(nil, k)) }
