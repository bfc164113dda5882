package abi_test

import (
	"fmt"

	"github.com/mcpresult/mcpresult/abi"
	"github.com/mcpresult/mcpresult/content"
)

// A build request as a host writes it, answered by the module's dispatch.
func ExampleHandle() {
	input, _ := content.ParseJSON([]byte(`{"structuredContent":{"ok":true}}`))
	req := abi.AppendRequest(nil, &abi.Request{Op: abi.OpBuild, Kind: "tool", Input: input})
	res, err := abi.ParseResponse(abi.OpBuild, abi.Handle(abi.OpBuild, req))
	fmt.Println(res.OK, err, string(res.JSON))

	res, _ = abi.ParseResponse(abi.Op(9), abi.Handle(abi.Op(9), []byte{0x80}))
	fmt.Println(res.OK, res.Err.Code)
	// Output:
	// true <nil> {"content":[{"type":"text","text":"{\"ok\":true}"}],"structuredContent":{"ok":true},"isError":false}
	// false unknown_op
}
