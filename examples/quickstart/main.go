// Command quickstart is an MCP server, over stdio, on the official Go
// SDK, whose handlers return mcpresult results, each written for the
// protocol revision the client negotiated. From the repository root:
//
//	go run ./examples/quickstart
package main

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"log"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/result"
	"github.com/mcpresult/mcpresult/sdk"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type place struct {
	City string `json:"city"`
}

type none struct{}

var pixel, _ = base64.StdEncoding.DecodeString("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==")

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "quickstart", Version: "1.0.0"}, nil)
	// Private errors and panics go to the log (stderr), never to the client.
	a, err := sdk.New(s, &sdk.Options{OnError: func(_ context.Context, err error) { log.Print(err) }})
	must(err)

	must(sdk.AddTool(a, &mcp.Tool{Name: "weather", Description: "Current weather in a city",
		OutputSchema: json.RawMessage(`{"type":"object","properties":{"city":{"type":"string"},"celsius":{"type":"number"}},"required":["city","celsius"]}`)},
		func(_ context.Context, _ *mcp.CallToolRequest, in place) (*result.Result, error) {
			return result.Tool(result.StructuredContent(map[string]any{"city": in.City, "celsius": 21.5}))
		}))
	must(sdk.AddTool(a, &mcp.Tool{Name: "forecast", Description: "Highs of the next three days",
		OutputSchema: json.RawMessage(`{"type":"array","items":{"type":"number"}}`)},
		func(context.Context, *mcp.CallToolRequest, none) (*result.Result, error) {
			return result.Tool(result.StructuredContent([]float64{21.5, 23, 19}))
		}))
	must(sdk.AddTool(a, &mcp.Tool{Name: "chart", Description: "A chart as a PNG image"},
		func(context.Context, *mcp.CallToolRequest, none) (*result.Result, error) {
			return result.Tool(result.Content(content.ImageBytes(pixel, "image/png")))
		}))
	must(sdk.AddTool(a, &mcp.Tool{Name: "divide", Description: "Divides by zero: a client error"},
		func(context.Context, *mcp.CallToolRequest, none) (*result.Result, error) {
			return nil, &result.ClientError{Message: "Cannot divide by zero.", Code: "math.divide_by_zero"}
		}))
	must(sdk.AddTool(a, &mcp.Tool{Name: "sync", Description: "Fails privately"},
		func(context.Context, *mcp.CallToolRequest, none) (*result.Result, error) {
			return nil, errors.New("dial postgres://admin:hunter2@10.0.0.7/prod: connection refused")
		}))
	must(a.AddResource(&mcp.Resource{URI: "file:///readme.md", Name: "readme", MIMEType: "text/markdown"},
		func(_ context.Context, req *mcp.ReadResourceRequest) (*result.Result, error) {
			return result.Resource(result.Contents(content.TextResource(req.Params.URI, "# Hello\n", content.WithMIMEType("text/markdown"))))
		}))

	must(s.Run(context.Background(), &mcp.StdioTransport{}))
}

func must(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
