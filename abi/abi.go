package abi

import (
	"strconv"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/result"
)

// Version is the ABI's major version, what the module's
// mcpresult_abi_version export returns. A change an existing host could
// misread (an op's meaning, a key's type, the memory protocol) is a new
// major version, and a host refuses a module of another one.
const Version = 1

// Minor is the ABI's minor version, reported by info: additive changes (a
// new op, a new optional request key, a new response key) bump it, and a
// host of an older minor version keeps working.
const Minor = 1

// ModuleVersion is the version of the library the module is built from.
const ModuleVersion = "0.3.0"

// Op is an operation of mcpresult_call.
type Op int32

// The ops. Any other number, 0 included, is answered with unknown_op.
const (
	OpInfo         Op = 1 // the module's versions, revisions and default settings
	OpBuild        Op = 2 // build a result from a request
	OpSerialize    Op = 3 // write a result for a protocol revision
	OpValidate     Op = 4 // check a result and report every finding
	OpOutputSchema Op = 5 // write a tool's output schema for a protocol revision (since minor version 1)
)

// String returns the op's name ("info", "build", "serialize", "validate",
// "outputSchema"), or its number.
func (o Op) String() string {
	switch o {
	case OpInfo:
		return "info"
	case OpBuild:
		return "build"
	case OpSerialize:
		return "serialize"
	case OpValidate:
		return "validate"
	case OpOutputSchema:
		return "outputSchema"
	}
	return strconv.Itoa(int(o))
}

// Request is one call's request: what each op reads (the keys of its
// MessagePack map). Absent optional members are null Values.
type Request struct {
	Op Op
	// Kind (build): tool, resource, error or value.
	Kind string
	// Input (build): the build request; Result (serialize) and Value
	// (validate): the result to write or check; Schema (outputSchema): the
	// tool's output schema.
	Input content.Value
	// Options (serialize, validate, outputSchema): the call's options in
	// wire names, as the package doc lists them for each op.
	Options content.Value
	// Settings (build, serialize, validate, outputSchema): the runtime settings
	// {maxJsonBytes, maxNodes, canonicalization}, each with the range of
	// result.Settings.
	Settings content.Value
	// Inherit (build): the build inherits the settings and may not override
	// them (option_not_allowed).
	Inherit bool

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
func requestKeys(op Op) ([]string, bool) {
	switch op {
	case OpInfo:
		return nil, true
	case OpBuild:
		return []string{"kind", "input", "settings", "inherit"}, true
	case OpSerialize:
		return []string{"result", "options", "settings"}, true
	case OpValidate:
		return []string{"value", "options", "settings"}, true
	case OpOutputSchema:
		return []string{"schema", "options", "settings"}, true
	}
	return nil, false
}

// inputBit is the bit of inputKey(op) among requestKeys(op).
func inputBit(op Op) uint {
	if op == OpBuild {
		return 2
	}
	return 1
}

// inputKey is the key of an op's main value.
func inputKey(op Op) string {
	switch op {
	case OpBuild:
		return "input"
	case OpSerialize:
		return "result"
	case OpOutputSchema:
		return "schema"
	}
	return "value"
}

// ParseRequest reads the request of an op: a MessagePack map with string
// keys, the op's keys only (invalid_request at the key otherwise), its
// required keys present (invalid_request at the missing key), kind a
// string and inherit a boolean. What the members hold is checked by the op
// itself, with the same codes as natively. An op the ABI does not have is
// unknown_op.
//
// The input is read within the budget of the request's settings (the
// defaults, when they are invalid: the op reports them): an input that
// holds more values than the budget allows, and NodeAllowance more, is
// max_nodes or max_bytes (whichever bound is lower) for a build; for the
// other ops it is answered once their options are known to be right, and
// validate reports it beside the findings of what was read. Nothing is
// allocated for values past the budget, whatever the request declares.
func ParseRequest(op Op, data []byte) (*Request, error) {
	r := new(Request)
	if err := parseRequest(r, op, data, false); err != nil {
		return nil, err
	}
	return r, nil
}

// AppendRequest appends the MessagePack request of r (for a host): its keys
// in the order ParseRequest lists them, absent members (null Values, and
// inherit false) left out.
func AppendRequest(dst []byte, r *Request) []byte {
	var keys []string
	var vals []content.Value
	add := func(k string, v content.Value, present bool) {
		if present {
			keys, vals = append(keys, k), append(vals, v)
		}
	}
	switch r.Op {
	case OpBuild:
		add("kind", content.NewString(r.Kind), true)
		add("input", r.Input, true)
		add("settings", r.Settings, r.Settings.Kind() != content.KindNull)
		add("inherit", content.NewBool(true), r.Inherit)
	case OpSerialize, OpValidate, OpOutputSchema:
		add(inputKey(r.Op), r.Input, true)
		add("options", r.Options, r.Options.Kind() != content.KindNull)
		add("settings", r.Settings, r.Settings.Kind() != content.KindNull)
	}
	dst = AppendMapHeader(dst, len(keys))
	for i, k := range keys {
		dst = AppendString(dst, k)
		dst = AppendValue(dst, vals[i])
	}
	return dst
}
