package host_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/mcpresult/mcpresult/abi"
	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/host"
	"github.com/mcpresult/mcpresult/internal/engine"
	"github.com/mcpresult/mcpresult/result"
)

// The requests of the benchmarks: the ~200-byte tool result of the native
// baseline (result's BenchmarkBuildSmallTool) and a 100 KB text result.
const smallRequest = `{"content":[{"type":"text","text":"The weather in Paris is sunny, 21°C."}],"structuredContent":{"city":"Paris","tempC":21,"conditions":"sunny","updated":"2026-07-28T09:00:00Z"},"isError":false}`

func encoded(b *testing.B, op abi.Op, kind, input string) []byte {
	v, err := content.ParseJSON([]byte(input))
	if err != nil {
		b.Fatal(err)
	}
	return abi.AppendRequest(nil, &abi.Request{Op: op, Kind: kind, Input: v})
}

func text100KB() string {
	t := strings.Repeat("lorem ipsum \"dolor\" sit amet\n", 100*1024/30)
	j, _ := engine.AppendJSON(nil, content.NewString(t), content.Wire)
	return `{"content":[{"type":"text","text":` + string(j) + `}]}`
}

// BenchmarkModuleBuildSmallTool is a small tool build through the module
// (one call: the request in MessagePack, the response read back).
func BenchmarkModuleBuildSmallTool(b *testing.B) {
	h := testHost(b)
	req := encoded(b, abi.OpBuild, "tool", smallRequest)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := h.Call(context.Background(), abi.OpBuild, req); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkModuleBuildSerializeText100KB builds a 100 KB text result and
// serializes it for 2026-07-28 with finalize, through the module.
func BenchmarkModuleBuildSerializeText100KB(b *testing.B) {
	h := testHost(b)
	input, _ := content.ParseJSON([]byte(text100KB()))
	fin := result.SerializeOptions{Finalize: &result.Finalize{}}
	b.SetBytes(100 * 1024)
	b.ReportAllocs()
	for b.Loop() {
		r, err := h.Build(context.Background(), result.KindTool, input, result.BuildOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := h.Serialize(context.Background(), r, fin); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkModuleBuildWireText100KB is the adapters' one call for that
// result: a build that also writes it for 2025-11-25 with finalize, the
// request in MessagePack, the response read back.
func BenchmarkModuleBuildWireText100KB(b *testing.B) {
	h := testHost(b)
	input, _ := content.ParseJSON([]byte(text100KB()))
	also, _ := content.ParseJSON([]byte(`{"protocolVersion":"2025-11-25","finalize":true}`))
	req := abi.AppendRequest(nil, &abi.Request{Op: abi.OpBuild, Kind: "tool", Input: input, Options: also})
	b.SetBytes(100 * 1024)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := h.Call(context.Background(), abi.OpBuild, req); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkModuleThroughput runs small builds from GOMAXPROCS goroutines on
// a pool of GOMAXPROCS instances; calls/s is the figure.
func BenchmarkModuleThroughput(b *testing.B) {
	h := testHost(b)
	req := encoded(b, abi.OpBuild, "tool", smallRequest)
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, err := h.Call(context.Background(), abi.OpBuild, req); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "calls/s")
}

// BenchmarkFirstResult is a new Host's first result, as a new process gets
// it: with an empty compilation cache (cold) and with a warm one.
func BenchmarkFirstResult(b *testing.B) {
	dir := b.TempDir()
	first := func(b *testing.B, cacheDir string) {
		h, err := host.New(context.Background(), host.Config{PoolSize: 1, CompilationCacheDir: cacheDir})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := h.Tool(context.Background(), result.Content(content.Text("x"))); err != nil {
			b.Fatal(err)
		}
		h.Close(context.Background())
	}
	b.Run("cold", func(b *testing.B) {
		for b.Loop() {
			d, err := os.MkdirTemp(dir, "cold")
			if err != nil {
				b.Fatal(err)
			}
			first(b, d)
		}
	})
	first(b, dir) // warm the cache
	b.Run("warm", func(b *testing.B) {
		for b.Loop() {
			first(b, dir)
		}
	})
}

// BenchmarkInstanceMemory reports an instance's linear memory after its
// first small call and after a 100 KB call.
func BenchmarkInstanceMemory(b *testing.B) {
	dir := b.TempDir()
	for b.Loop() {
		h, err := host.New(context.Background(), host.Config{PoolSize: 1, CompilationCacheDir: dir})
		if err != nil {
			b.Fatal(err)
		}
		h.Call(context.Background(), abi.OpBuild, encoded(b, abi.OpBuild, "tool", smallRequest))
		b.ReportMetric(float64(h.Stats().Memory)/(1<<20), "MiB-init")
		h.Call(context.Background(), abi.OpBuild, encoded(b, abi.OpBuild, "tool", text100KB()))
		b.ReportMetric(float64(h.Stats().Memory)/(1<<20), "MiB-100KB")
		h.Close(context.Background())
	}
}

// The shapes of result's BenchmarkShape (the same requests), for the table
// beside the native figures, the official Go SDK and Node.
var shapes = []struct{ name, kind, input string }{
	{"weather", "tool", `{"structuredContent":{"city":"Paris","tempC":18.5}}`},
	{"nested", "tool", `{"content":[{"type":"text","text":"Oslo: 3.5°C, cloudy, wind."}],"structuredContent":{"city":"Oslo","tempC":3.5,"conditions":["cloudy","wind"],"ok":true}}`},
	{"resource", "resource", `{"contents":[{"uri":"docs://readme","mimeType":"text/plain","text":"Hello from mcpresult."}]}`},
}

// BenchmarkModuleShape builds each shape through the module with Host.Call,
// as BenchmarkModuleBuildSmallTool does.
func BenchmarkModuleShape(b *testing.B) {
	h := testHost(b)
	for _, s := range shapes {
		req := encoded(b, abi.OpBuild, s.kind, s.input)
		b.Run(s.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := h.Call(context.Background(), abi.OpBuild, req); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkModuleBuildSmallToolAPI is the small tool build through the
// API a Go program calls (Host.Build of a parsed request, the result's
// JSON kept), beside BenchmarkModuleBuildSmallTool's raw Host.Call.
func BenchmarkModuleBuildSmallToolAPI(b *testing.B) {
	h := testHost(b)
	input, err := content.ParseJSON([]byte(smallRequest))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		r, err := h.Build(context.Background(), result.KindTool, input, result.BuildOptions{})
		if err != nil || len(r.JSON()) == 0 {
			b.Fatal(err)
		}
	}
}
