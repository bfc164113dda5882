package msgpacktest

import (
	"github.com/mcpresult/mcpresult/abi"
	"github.com/mcpresult/mcpresult/content"
)

// RequestCase is a request a host writes with abi.AppendRequest and the map
// msgpack/v5 writes for it: the op's keys in the ABI's order, what the op
// does not take left out.
type RequestCase struct {
	Request *abi.Request
	Want    Map
}

// RequestCases are the requests that abi's tests compare with msgpack/v5
// and the dispatch's tests read back: one of each op, with and without
// settings, and members an op does not take.
func RequestCases() []RequestCase {
	input := Obj("content", content.NewArray(Obj("type", content.NewString("text"), "text", content.NewString("hé"))))
	settings := Obj("maxNodes", content.NewInt(10))
	options := Obj("format", content.NewString("jcs"))
	return []RequestCase{
		{&abi.Request{Op: abi.OpInfo}, Map{}},
		{&abi.Request{Op: abi.OpBuild, Kind: "tool", Input: input},
			Map{{"kind", "tool"}, {"input", GoOf(input)}}},
		{&abi.Request{Op: abi.OpBuild, Kind: "value", Input: input, Settings: settings, Inherit: true},
			Map{{"kind", "value"}, {"input", GoOf(input)}, {"settings", GoOf(settings)}, {"inherit", true}}},
		{&abi.Request{Op: abi.OpBuild, Kind: "tool", Input: input, Options: options},
			Map{{"kind", "tool"}, {"input", GoOf(input)}, {"serialize", GoOf(options)}}}, // build's options are its serialize
		{&abi.Request{Op: abi.OpSerialize, Input: input, Options: options, Settings: settings},
			Map{{"result", GoOf(input)}, {"options", GoOf(options)}, {"settings", GoOf(settings)}}},
		{&abi.Request{Op: abi.OpSerialize, Input: input, Inherit: true, Kind: "tool"},
			Map{{"result", GoOf(input)}}}, // serialize has no kind or inherit
		{&abi.Request{Op: abi.OpOutputSchema, Input: input, Options: options, Settings: settings},
			Map{{"schema", GoOf(input)}, {"options", GoOf(options)}, {"settings", GoOf(settings)}}},
		{&abi.Request{Op: abi.OpValidate, Input: input, Settings: settings},
			Map{{"value", GoOf(input)}, {"settings", GoOf(settings)}}},
	}
}
