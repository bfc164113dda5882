package abi_test

import (
	"fmt"

	"github.com/mcpresult/mcpresult/abi"
	"github.com/mcpresult/mcpresult/content"
)

// A host's side of a build call: the request it writes into the module's
// memory for mcpresult_call(2, ptr, len), and the response the module
// answers with, read back.
func Example() {
	input, _ := content.ParseJSON([]byte(`{"content":[{"type":"text","text":"hi"}]}`))
	req := abi.AppendRequest(nil, &abi.Request{Op: abi.OpBuild, Kind: "tool", Input: input})
	fmt.Printf("%q\n", req)

	// {ok: true, json: "…", settings: {maxJsonBytes, maxNodes, maxDepth,
	// canonicalization}}: the result's JSON, and the settings it was built
	// with (the defaults).
	resp := []byte("\x83\xa2ok\xc3\xa4json\xd9\x39" + `{"content":[{"type":"text","text":"hi"}],"isError":false}` +
		"\xa8settings\x84\xacmaxJsonBytes\xce\x00\x1e\x84\x80\xa8maxNodes\xce\x00\x01\x86\xa0\xa8maxDepth\x40\xb0canonicalization\xa6strict")
	res, err := abi.ParseResponse(abi.OpBuild, resp)
	fmt.Println(res.OK, err, string(res.JSON), res.Settings.MaxJSONBytes)

	// Every failure has one shape, which a host also answers with itself
	// (a request larger than abi.MaxRequest is max_bytes, without a call).
	resp = abi.AppendError(nil, content.NewError(content.CodeMaxBytes, "", "the request is too large"))
	res, _ = abi.ParseResponse(abi.OpBuild, resp)
	fmt.Println(res.OK, res.Err.Code)
	// Output:
	// "\x82\xa4kind\xa4tool\xa5input\x81\xa7content\x91\x82\xa4type\xa4text\xa4text\xa2hi"
	// true <nil> {"content":[{"type":"text","text":"hi"}],"isError":false} 2000000
	// false max_bytes
}
