package host_test

import (
	"context"
	"fmt"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/host"
	"github.com/mcpresult/mcpresult/result"
)

// A result built and written through the module, byte for byte what
// package result gives natively.
func ExampleHost() {
	ctx := context.Background()
	h, err := host.New(ctx, host.Config{PoolSize: 1})
	if err != nil {
		panic(err)
	}
	defer h.Close(ctx)
	r, _ := h.Tool(ctx, result.StructuredContent([]any{1, 2}))
	b, _ := h.Serialize(ctx, r, result.SerializeOptions{ProtocolVersion: result.V20250618})
	fmt.Println(string(b))
	_, err = h.Tool(ctx, result.Content(content.Image("data:image/png;base64,AA==", "image/png")))
	fmt.Println(err)
	// Output:
	// {"content":[{"type":"text","text":"[1,2]"}],"structuredContent":{"result":[1,2]},"isError":false}
	// mcpresult: invalid_base64 at /content/0/data: a data: URI is not base64; pass only the base64 payload after the comma, and the media type separately
}
