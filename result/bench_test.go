package result_test

import (
	"strings"
	"testing"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/result"
)

// smallToolRequest is a ~200-byte tool build request, the same one the
// WebAssembly benchmarks send, so that the figures compare.
func smallToolRequest() content.Value {
	req, err := content.ParseJSON([]byte(`{"content":[{"type":"text","text":"The weather in Paris is sunny, 21°C."}],"structuredContent":{"city":"Paris","tempC":21,"conditions":"sunny","updated":"2026-07-28T09:00:00Z"},"isError":false}`))
	if err != nil {
		panic(err)
	}
	return req
}

// BenchmarkBuildSmallTool is the native baseline for a small tool result.
func BenchmarkBuildSmallTool(b *testing.B) {
	req := smallToolRequest()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := result.Build(result.Settings{}, result.KindTool, req, false); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuildSmallToolOptions is the same result through the Go options.
func BenchmarkBuildSmallToolOptions(b *testing.B) {
	sc := map[string]any{"city": "Paris", "tempC": 21, "conditions": "sunny", "updated": "2026-07-28T09:00:00Z"}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := result.Tool(result.Content(content.Text("The weather in Paris is sunny, 21°C.")), result.StructuredContent(sc)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuildText100KB is the native baseline for a 100 KB text result.
func BenchmarkBuildText100KB(b *testing.B) {
	text := strings.Repeat("lorem ipsum \"dolor\" sit amet\n", 100*1024/30)
	req := content.NewObject(content.Str("content", content.NewArray(content.Text(text).Value())))
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := result.Build(result.Settings{}, result.KindTool, req, false); err != nil {
			b.Fatal(err)
		}
	}
}
