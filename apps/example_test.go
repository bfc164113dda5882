package apps_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"

	"github.com/mcpresult/mcpresult/apps"
	"github.com/mcpresult/mcpresult/result"
	"github.com/mcpresult/mcpresult/sdk"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// An app tool and its page, registered with the official Go SDK through
// package sdk, then listed and read by the SDK's own client over the
// in-memory transport.
func Example() {
	ctx := context.Background()
	const uri = "ui://weather/view.html"
	page, err := apps.Resource(uri, "<!doctype html><title>Weather</title><script src=\"https://cdn.example.com/w.js\"></script>",
		apps.CSP(apps.Domains{Resource: []string{"https://cdn.example.com"}, Connect: []string{"https://api.example.com"}}),
		apps.PrefersBorder(true))
	if err != nil {
		log.Fatal(err)
	}
	meta, err := apps.ToolMeta(uri, apps.Visibility(apps.Model, apps.App))
	if err != nil {
		log.Fatal(err)
	}

	s := mcp.NewServer(&mcp.Implementation{Name: "weather", Version: "v1.0.0"}, nil)
	a, err := sdk.New(s, nil)
	if err != nil {
		log.Fatal(err)
	}
	err = sdk.AddTool(a, &mcp.Tool{Name: "weather", Description: "Shows the forecast", Meta: meta},
		func(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*result.Result, error) {
			return result.Tool(result.StructuredContent(map[string]any{"city": "Oslo", "celsius": 4}))
		})
	if err != nil {
		log.Fatal(err)
	}
	err = a.AddResource(&mcp.Resource{URI: uri, Name: "weather view", MIMEType: apps.MIMEType},
		func(ctx context.Context, req *mcp.ReadResourceRequest) (*result.Result, error) {
			return result.Resource(result.Contents(page))
		})
	if err != nil {
		log.Fatal(err)
	}

	serverEnd, clientEnd := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, serverEnd, nil)
	if err != nil {
		log.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "host", Version: "v1.0.0"}, nil).Connect(ctx, clientEnd, nil)
	if err != nil {
		log.Fatal(err)
	}
	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		log.Fatal(err)
	}
	listed, _ := json.Marshal(tools.Tools[0].Meta)
	read, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: tools.Tools[0].Meta["ui"].(map[string]any)["resourceUri"].(string)})
	if err != nil {
		log.Fatal(err)
	}
	c := read.Contents[0]
	ui, _ := json.Marshal(c.Meta["ui"])
	fmt.Printf("tool _meta: %s\npage: %s %s\n  _meta.ui: %s\n", listed, c.URI, c.MIMEType, ui)
	cs.Close()
	ss.Wait()
	// Output:
	// tool _meta: {"ui":{"resourceUri":"ui://weather/view.html","visibility":["model","app"]},"ui/resourceUri":"ui://weather/view.html"}
	// page: ui://weather/view.html text/html;profile=mcp-app
	//   _meta.ui: {"csp":{"connectDomains":["https://api.example.com"],"resourceDomains":["https://cdn.example.com"]},"prefersBorder":true}
}
