package sdk_test

import (
	"context"
	"strings"
	"testing"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/result"
	"github.com/mcpresult/mcpresult/sdk"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The results of the round-trip benchmark, the shapes of
// js/bench/roundtrip.mjs: the README's weather result (structured content,
// its text fallback made by the build; the plain server writes it out)
// and the 100 KB text result of the other benchmarks (result/bench_test.go).
const benchWeatherText = `{"city":"Paris","tempC":18.5}`

func benchWeather() map[string]any {
	return map[string]any{"city": "Paris", "tempC": 18.5}
}

var benchText100KB = strings.Repeat("lorem ipsum \"dolor\" sit amet\n", 100*1024/30)

// BenchmarkGoSDKRoundTrip is a tools/call of the official Go SDK's client to
// its server over the in-memory transport, the SDK's latest revision: the
// tool registered with mcp.AddTool, its handler returning the SDK's
// CallToolResult (plain), beside the same tool registered with
// sdk.AddTool, its handler returning the same result built by mcpresult
// (adapted), which the adapter writes for the client's revision.
func BenchmarkGoSDKRoundTrip(b *testing.B) {
	ctx := context.Background()
	plain := mcp.NewServer(&mcp.Implementation{Name: "plain", Version: "v1.0.0"}, nil)
	mcp.AddTool(plain, &mcp.Tool{Name: "small"}, func(context.Context, *mcp.CallToolRequest, noArgs) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: benchWeatherText}}, StructuredContent: benchWeather()}, nil, nil
	})
	mcp.AddTool(plain, &mcp.Tool{Name: "big"}, func(context.Context, *mcp.CallToolRequest, noArgs) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: benchText100KB}}}, nil, nil
	})
	adapted := mcp.NewServer(&mcp.Implementation{Name: "adapted", Version: "v1.0.0"}, nil)
	a, err := sdk.New(adapted, nil)
	if err != nil {
		b.Fatal(err)
	}
	if err := sdk.AddTool(a, &mcp.Tool{Name: "small"}, func(context.Context, *mcp.CallToolRequest, noArgs) (*result.Result, error) {
		return result.Tool(result.StructuredContent(benchWeather()))
	}); err != nil {
		b.Fatal(err)
	}
	if err := sdk.AddTool(a, &mcp.Tool{Name: "big"}, func(context.Context, *mcp.CallToolRequest, noArgs) (*result.Result, error) {
		return result.Tool(result.Content(content.Text(benchText100KB)))
	}); err != nil {
		b.Fatal(err)
	}
	for _, size := range []struct{ name, tool string }{{"small", "small"}, {"100KB", "big"}} {
		for _, srv := range []struct {
			name string
			s    *mcp.Server
		}{{"plain", plain}, {"adapted", adapted}} {
			b.Run(size.name+"/"+srv.name, func(b *testing.B) {
				serverEnd, clientEnd := mcp.NewInMemoryTransports()
				ss, err := srv.s.Connect(ctx, serverEnd, nil)
				if err != nil {
					b.Fatal(err)
				}
				cs, err := mcp.NewClient(&mcp.Implementation{Name: "bench", Version: "v1.0.0"}, nil).Connect(ctx, clientEnd, nil)
				if err != nil {
					b.Fatal(err)
				}
				params := &mcp.CallToolParams{Name: size.tool, Arguments: map[string]any{}}
				b.ReportAllocs()
				for b.Loop() {
					res, err := cs.CallTool(ctx, params)
					if err != nil || res.IsError || len(res.Content) != 1 {
						b.Fatal(err, res)
					}
				}
				b.StopTimer()
				cs.Close()
				ss.Wait()
			})
		}
	}
}
