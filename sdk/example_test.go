package sdk_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"

	"github.com/mcpresult/mcpresult/result"
	"github.com/mcpresult/mcpresult/sdk"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A tool whose structured content is an array, called by the SDK's own
// client over the in-memory transport, once as a client of 2025-06-18
// (which gets it wrapped, and the output schema with it) and once as one
// of 2025-03-26 (which has no structured content: it reads the text). The
// client decodes JSON into Go maps, which print their keys sorted.
func Example() {
	ctx := context.Background()
	s := mcp.NewServer(&mcp.Implementation{Name: "primes", Version: "v1.0.0"}, nil)
	a, err := sdk.New(s, nil)
	if err != nil {
		log.Fatal(err)
	}
	type in struct {
		N int `json:"n"`
	}
	err = sdk.AddTool(a, &mcp.Tool{Name: "primes", Description: "The first primes",
		OutputSchema: json.RawMessage(`{"type":"array","items":{"type":"integer"}}`)},
		func(ctx context.Context, req *mcp.CallToolRequest, in in) (*result.Result, error) {
			return result.Tool(result.StructuredContent([]int{2, 3, 5, 7, 11}[:in.N]))
		})
	if err != nil {
		log.Fatal(err)
	}

	for _, version := range []string{"2025-06-18", "2025-03-26"} {
		serverEnd, clientEnd := mcp.NewInMemoryTransports()
		ss, err := s.Connect(ctx, serverEnd, nil)
		if err != nil {
			log.Fatal(err)
		}
		client := mcp.NewClient(&mcp.Implementation{Name: "example", Version: "v1.0.0"}, nil)
		cs, err := client.Connect(ctx, clientEnd, &mcp.ClientSessionOptions{ProtocolVersion: version})
		if err != nil {
			log.Fatal(err)
		}
		tools, err := cs.ListTools(ctx, nil)
		if err != nil {
			log.Fatal(err)
		}
		schema, _ := json.Marshal(tools.Tools[0].OutputSchema)
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "primes", Arguments: map[string]any{"n": 3}})
		if err != nil {
			log.Fatal(err)
		}
		structured, _ := json.Marshal(res.StructuredContent)
		fmt.Printf("%s\n  outputSchema: %s\n  structuredContent: %s\n  text: %s\n",
			version, schema, structured, res.Content[0].(*mcp.TextContent).Text)
		cs.Close()
		ss.Wait()
	}
	// Output:
	// 2025-06-18
	//   outputSchema: {"properties":{"result":{"items":{"type":"integer"},"type":"array"}},"required":["result"],"type":"object"}
	//   structuredContent: {"result":[2,3,5]}
	//   text: [2,3,5]
	// 2025-03-26
	//   outputSchema: null
	//   structuredContent: null
	//   text: [2,3,5]
}
