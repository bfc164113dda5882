package guest_test

import (
	"fmt"

	"github.com/mcpresult/mcpresult/abi"
	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/guest"
)

// A build request as a host writes it, answered by the module's dispatch;
// and an op the ABI does not have.
func ExampleHandle() {
	input, _ := content.ParseJSON([]byte(`{"structuredContent":{"ok":true}}`))
	req := abi.AppendRequest(nil, &abi.Request{Op: abi.OpBuild, Kind: "tool", Input: input})
	res, err := abi.ParseResponse(abi.OpBuild, guest.Handle(abi.OpBuild, req))
	fmt.Println(res.OK, err, string(res.JSON))

	res, _ = abi.ParseResponse(abi.Op(9), guest.Handle(abi.Op(9), []byte{0x80}))
	fmt.Println(res.OK, res.Err.Code)
	// Output:
	// true <nil> {"content":[{"type":"text","text":"{\"ok\":true}"}],"structuredContent":{"ok":true},"isError":false}
	// false unknown_op
}
