package docs_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/mcpresult/mcpresult/result"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The quick start for the official Go SDK that the README shows: a tool
// handler returns a *result.Result, result.Guard keeps private errors
// private, and the result is written for the revision of the request and
// handed to the SDK as its own type. A client of the SDK calls it in
// memory.
func Example_goSDK() {
	server := mcp.NewServer(&mcp.Implementation{Name: "weather", Version: "1.0.0"}, nil)

	var private []error // what only the server sees: send it to your logs
	weather := result.Guard(func(ctx context.Context, req *mcp.CallToolRequest) (*result.Result, error) {
		var args struct {
			City string `json:"city"`
		}
		if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
			return nil, err
		}
		if args.City != "Oslo" {
			return nil, errors.New("lookup failed: connection refused") // private: the client sees "tool execution failed"
		}
		return result.Tool(result.StructuredContent(map[string]any{"city": args.City, "tempC": 3}))
	}, func(ctx context.Context, err error) { private = append(private, err) })

	tool := &mcp.Tool{Name: "weather", InputSchema: json.RawMessage(`{"type":"object","properties":{"city":{"type":"string"}}}`)}
	server.AddTool(tool, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		b, err := result.Serialize(weather(ctx, req), result.SerializeOptions{ProtocolVersion: req.ProtocolVersion()})
		if err != nil {
			return nil, err
		}
		var out mcp.CallToolResult
		if err := json.Unmarshal(b, &out); err != nil {
			return nil, err
		}
		var raw struct {
			StructuredContent json.RawMessage `json:"structuredContent"`
		}
		if err := json.Unmarshal(b, &raw); err == nil && raw.StructuredContent != nil {
			out.StructuredContent = raw.StructuredContent // the JSON as written: key order and integers kept
		}
		return &out, nil
	})

	// A client of the SDK, connected in memory.
	ctx := context.Background()
	serverEnd, clientEnd := mcp.NewInMemoryTransports()
	if _, err := server.Connect(ctx, serverEnd, nil); err != nil {
		panic(err)
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "1.0.0"}, nil)
	session, err := client.Connect(ctx, clientEnd, nil)
	if err != nil {
		panic(err)
	}
	defer session.Close()
	for _, city := range []string{"Oslo", "Atlantis"} {
		res, err := session.CallTool(ctx, &mcp.CallToolParams{Name: "weather", Arguments: map[string]any{"city": city}})
		if err != nil {
			panic(err)
		}
		fmt.Println(res.Content[0].(*mcp.TextContent).Text, res.IsError)
	}
	fmt.Println(private)
	// Output:
	// {"city":"Oslo","tempC":3} false
	// tool execution failed true
	// [lookup failed: connection refused]
}
