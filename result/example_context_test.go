//go:build !wasip1

package result_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/result"
)

func ExampleToolFromContext() {
	ctx := result.ContextWithSettings(context.Background(), result.Settings{MaxJSONBytes: 4096})
	r, _ := result.ToolFromContext(ctx, result.Content(content.Text("ok")))
	fmt.Println(r)
	_, err := result.ToolFromContext(ctx, result.Content(content.Text("ok")), result.MaxJSONBytes(1<<20))
	fmt.Println(err)
	// Output:
	// {"content":[{"type":"text","text":"ok"}],"isError":false}
	// mcpresult: option_not_allowed at /maxJsonBytes: maxJsonBytes is inherited from the server's settings and cannot be overridden here
}

func ExampleGuard() {
	lookup := func(ctx context.Context, city string) (*result.Result, error) {
		switch city {
		case "Paris":
			return result.Tool(result.StructuredContent(map[string]any{"tempC": 21}))
		case "Atlantis":
			return nil, &result.ClientError{Message: "City not found.", Code: "not_found"}
		}
		return nil, errors.New("db password rejected for user admin") // private
	}
	onError := func(ctx context.Context, err error) { fmt.Println("private:", err) }
	h := result.Guard(lookup, onError)
	for _, city := range []string{"Paris", "Atlantis", "Oslo"} {
		fmt.Println(h(context.Background(), city))
	}
	// Output:
	// {"content":[{"type":"text","text":"{\"tempC\":21}"}],"structuredContent":{"tempC":21},"isError":false}
	// {"content":[{"type":"text","text":"City not found."}],"isError":true,"_meta":{"io.github.mcpresult/errorCode":"not_found"}}
	// private: db password rejected for user admin
	// {"content":[{"type":"text","text":"tool execution failed"}],"isError":true}
}
