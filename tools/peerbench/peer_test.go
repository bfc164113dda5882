package peerbench_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/result"
)

// The inputs of result/bench_test.go's BenchmarkBuildSmallToolOptions and
// BenchmarkBuildSerializeText100KB, so that the figures compare.
const smallText = "The weather in Paris is sunny, 21°C."

func smallStructured() map[string]any {
	return map[string]any{"city": "Paris", "tempC": 21, "conditions": "sunny", "updated": "2026-07-28T09:00:00Z"}
}

func text100KB() string { return strings.Repeat("lorem ipsum \"dolor\" sit amet\n", 100*1024/30) }

func goSDKSmall(sc map[string]any) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: smallText}}, StructuredContent: sc}
}

func mcpGoSmall(sc map[string]any) *mcpgo.CallToolResult {
	return mcpgo.NewToolResultStructured(sc, smallText)
}

func goSDKText(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}

func mcpGoText(text string) *mcpgo.CallToolResult { return mcpgo.NewToolResultText(text) }

// marshalLoop builds a result with build and writes it with json.Marshal,
// each iteration; n is the bytes of input an iteration handles (0: none
// reported).
func marshalLoop(b *testing.B, n int, build func() any) {
	if n > 0 {
		b.SetBytes(int64(n))
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := json.Marshal(build()); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPeerGoSDKSmallTool builds the small tool result with the official
// Go SDK and writes it with json.Marshal.
func BenchmarkPeerGoSDKSmallTool(b *testing.B) {
	sc := smallStructured()
	marshalLoop(b, 0, func() any { return goSDKSmall(sc) })
}

// BenchmarkPeerMcpGoSmallTool builds the small tool result with mcp-go's
// NewToolResultStructured and writes it with json.Marshal.
func BenchmarkPeerMcpGoSmallTool(b *testing.B) {
	sc := smallStructured()
	marshalLoop(b, 0, func() any { return mcpGoSmall(sc) })
}

// BenchmarkPeerGoSDKText100KB builds a tool result of one 100 KB text block
// with the official Go SDK and writes it with json.Marshal.
func BenchmarkPeerGoSDKText100KB(b *testing.B) {
	text := text100KB()
	marshalLoop(b, len(text), func() any { return goSDKText(text) })
}

// BenchmarkPeerMcpGoText100KB builds a tool result of one 100 KB text block
// with mcp-go's NewToolResultText and writes it with json.Marshal.
func BenchmarkPeerMcpGoText100KB(b *testing.B) {
	text := text100KB()
	marshalLoop(b, len(text), func() any { return mcpGoText(text) })
}

// goSDKShapes are result/bench_test.go's shapes (the README's weather
// result, nested structured content, a resource of one text entry) as the
// official Go SDK's result types, built anew on each call as a handler
// builds its result; the weather result's text is the structured content's
// JSON, the copy mcpresult makes.
var goSDKShapes = []struct {
	name string
	ours func() (*result.Result, error)
	sdk  func() any
}{
	{"weather",
		func() (*result.Result, error) {
			return result.Tool(result.StructuredContent(map[string]any{"city": "Paris", "tempC": 18.5}))
		},
		func() any {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: `{"city":"Paris","tempC":18.5}`}},
				StructuredContent: map[string]any{"city": "Paris", "tempC": 18.5}}
		}},
	{"nested",
		func() (*result.Result, error) {
			return result.Tool(result.Content(content.Text("Oslo: 3.5°C, cloudy, wind.")),
				result.StructuredContent(map[string]any{"city": "Oslo", "tempC": 3.5, "conditions": []any{"cloudy", "wind"}, "ok": true}))
		},
		func() any {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "Oslo: 3.5°C, cloudy, wind."}},
				StructuredContent: map[string]any{"city": "Oslo", "tempC": 3.5, "conditions": []any{"cloudy", "wind"}, "ok": true}}
		}},
	{"resource",
		func() (*result.Result, error) {
			return result.Resource(result.Contents(content.TextResource("docs://readme", "Hello from mcpresult.", content.WithMIMEType("text/plain"))))
		},
		func() any {
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: "docs://readme", MIMEType: "text/plain", Text: "Hello from mcpresult."}}}
		}},
}

// BenchmarkPeerGoSDKShape builds each shape with the official Go SDK's
// types and writes it with json.Marshal.
func BenchmarkPeerGoSDKShape(b *testing.B) {
	for _, s := range goSDKShapes {
		b.Run(s.name, func(b *testing.B) { marshalLoop(b, 0, s.sdk) })
	}
}

// decode is the JSON value of out, without the members that only one side
// writes here (see the package doc): resultType "complete" and isError
// when false (mcpresult), ttlMs 0 and cacheScope "" (the official Go SDK).
func decode(t *testing.T, what string, out []byte) map[string]any {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal(out, &v); err != nil {
		t.Fatalf("%s: %v: %s", what, err, out)
	}
	if v["resultType"] == "complete" {
		delete(v, "resultType")
	}
	if v["isError"] == false {
		delete(v, "isError")
	}
	// the official Go SDK writes a resource result's caching members even
	// when unset (zero), which mcpresult leaves out
	if v["ttlMs"] == float64(0) {
		delete(v, "ttlMs")
	}
	if v["cacheScope"] == "" {
		delete(v, "cacheScope")
	}
	return v
}

// The peers write the same result as mcpresult for the same input, so that
// the benchmarks measure equivalent work: the same content block and the
// same structured content, as decoded JSON values.
func TestPeersWriteTheSameResult(t *testing.T) {
	sc := smallStructured()
	r, err := result.Tool(result.Content(content.Text(smallText)), result.StructuredContent(sc))
	if err != nil {
		t.Fatal(err)
	}
	text := text100KB()
	big, err := result.Build(result.KindTool,
		content.NewObject(content.Str("content", content.NewArray(content.Text(text).AsValue()))), result.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	bigOut, err := result.Serialize(big, result.SerializeOptions{Finalize: &result.Finalize{}})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		ours []byte
		peer any
	}{
		{"official Go SDK, small tool", r.JSON(), goSDKSmall(sc)},
		{"mcp-go, small tool", r.JSON(), mcpGoSmall(sc)},
		{"official Go SDK, 100 KB text", bigOut, goSDKText(text)},
		{"mcp-go, 100 KB text", bigOut, mcpGoText(text)},
	}
	for _, s := range goSDKShapes {
		r, err := s.ours()
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		cases = append(cases, struct {
			name string
			ours []byte
			peer any
		}{"official Go SDK, " + s.name, r.JSON(), s.sdk()})
	}
	for _, c := range cases {
		out, err := json.Marshal(c.peer)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		want, got := decode(t, "mcpresult", c.ours), decode(t, c.name, out)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s writes\n%s\nmcpresult writes\n%s", c.name, out, c.ours)
		}
	}
}
