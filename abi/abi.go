package abi

import (
	"strconv"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/codec"
)

// Version is the ABI's major version, what the module's
// mcpresult_abi_version export returns. A change an existing host could
// misread (an op's meaning, a key's type, the memory protocol) is a new
// major version, and a host refuses a module of another one.
const Version = 1

// Minor is the ABI's minor version, reported by info: additive changes (a
// new op, a new optional request key, a new response key) bump it, and a
// host of an older minor version keeps working.
const Minor = 4

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
	// Kind (build): tool, resource, error or value; since minor version 4
	// also appResource or appToolMeta (an MCP App's page and its tool's
	// _meta).
	Kind string
	// Input (build): the build request; Result (serialize) and Value
	// (validate): the result to write or check; Schema (outputSchema): the
	// tool's output schema.
	Input content.Value
	// Options (serialize, validate, outputSchema): the call's options in
	// wire names, as the package doc lists them for each op; for build
	// (key "serialize", since minor version 2), serialize options: the
	// response then also carries the built result written with them.
	Options content.Value
	// Settings (build, serialize, validate, outputSchema): the runtime settings
	// {maxJsonBytes, maxNodes, canonicalization}, each with the range of
	// result.Settings.
	Settings content.Value
	// Inherit (build): the build inherits the settings and may not override
	// them (option_not_allowed).
	Inherit bool
	// Refs (build, key "refs", since minor version 3), when above 0: the
	// module may answer a string of the input of at least Refs bytes by
	// reference rather than write it in the response (see Ref).
	Refs int
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

// AppendRequest appends the MessagePack request of r (for a host): a map
// of the op's keys in the order the package doc lists them, absent members
// (null Values, and inherit false) left out. The request of info, and of an
// op of another number (which the module answers with unknown_op), is the
// empty map.
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
		add("serialize", r.Options, r.Options.Kind() != content.KindNull)
		add("refs", content.NewInt(int64(r.Refs)), r.Refs > 0)
	case OpSerialize, OpValidate, OpOutputSchema:
		add(inputKey(r.Op), r.Input, true)
		add("options", r.Options, r.Options.Kind() != content.KindNull)
		add("settings", r.Settings, r.Settings.Kind() != content.KindNull)
	}
	dst = codec.AppendMapHeader(dst, len(keys))
	for i, k := range keys {
		dst = codec.AppendString(dst, k)
		dst = codec.AppendValue(dst, vals[i])
	}
	return dst
}
