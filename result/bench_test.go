package result_test

import (
	"strconv"
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
		if _, err := result.Build(result.KindTool, req, result.BuildOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuildSmallToolOptions is the same result through the Go options,
// to its JSON (written by the build, so JSON only returns it): what the peer
// SDKs' benchmarks (tools/peerbench) do with their result struct and
// json.Marshal.
func BenchmarkBuildSmallToolOptions(b *testing.B) {
	sc := map[string]any{"city": "Paris", "tempC": 21, "conditions": "sunny", "updated": "2026-07-28T09:00:00Z"}
	b.ReportAllocs()
	for b.Loop() {
		r, err := result.Tool(result.Content(content.Text("The weather in Paris is sunny, 21°C.")), result.StructuredContent(sc))
		if err != nil || len(r.JSON()) == 0 {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuildText100KB is the native baseline for a 100 KB text result.
func BenchmarkBuildText100KB(b *testing.B) {
	text := strings.Repeat("lorem ipsum \"dolor\" sit amet\n", 100*1024/30)
	req := content.NewObject(content.Str("content", content.NewArray(content.Text(text).AsValue())))
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := result.Build(result.KindTool, req, result.BuildOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuildSerializeText100KB is the native baseline of the performance
// table's "100 KB text result, build + serialize": build, then write it for
// 2026-07-28 with finalize.
func BenchmarkBuildSerializeText100KB(b *testing.B) {
	text := strings.Repeat("lorem ipsum \"dolor\" sit amet\n", 100*1024/30)
	req := content.NewObject(content.Str("content", content.NewArray(content.Text(text).AsValue())))
	opts := result.SerializeOptions{Finalize: &result.Finalize{}}
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		r, err := result.Build(result.KindTool, req, result.BuildOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := result.Serialize(r, opts); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkValidateSmallTool checks a small finalized result with Validate.
func BenchmarkValidateSmallTool(b *testing.B) {
	r, err := result.Build(result.KindTool, smallToolRequest(), result.BuildOptions{})
	if err != nil {
		b.Fatal(err)
	}
	out, _ := result.Serialize(r, result.SerializeOptions{Finalize: &result.Finalize{}})
	v, _ := content.ParseJSON(out)
	b.ReportAllocs()
	for b.Loop() {
		if rep, _ := result.Validate(v, result.ValidateOptions{}); !rep.Valid {
			b.Fatal(rep.Errors[0])
		}
	}
}

// BenchmarkSerializeSharedPrefixKeys writes structured content whose 1,000
// keys share a 200-byte prefix, in wire and in JCS format: sorting the keys
// by UTF-16 code units must cost about what comparing their bytes does.
func BenchmarkSerializeSharedPrefixKeys(b *testing.B) {
	prefix := strings.Repeat("é", 100)
	members := make([]content.Member, 1000)
	for i := range members {
		members[i] = content.Str(prefix+strconv.Itoa((i*7919)%1000), content.NewInt(int64(i)))
	}
	r, err := result.Tool(result.Content(content.Text("keys")), result.StructuredContent(content.NewObject(members...)))
	if err != nil {
		b.Fatal(err)
	}
	for _, f := range []content.Format{content.Wire, content.JCS} {
		b.Run(f.String(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := result.Serialize(r, result.SerializeOptions{Format: f}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// The shapes of the performance table besides the small tool result and
// the 100 KB text result: the README's weather result (structured content
// only, the text copy made by the build), a tool result with nested
// structured content, and a resource result of one text entry. host's and
// tools/peerbench's benchmarks, and js/bench/bench.mjs, build the same ones.
var shapes = []struct{ name, kind, input string }{
	{"weather", "tool", `{"structuredContent":{"city":"Paris","tempC":18.5}}`},
	{"nested", "tool", `{"content":[{"type":"text","text":"Oslo: 3.5°C, cloudy, wind."}],"structuredContent":{"city":"Oslo","tempC":3.5,"conditions":["cloudy","wind"],"ok":true}}`},
	{"resource", "resource", `{"contents":[{"uri":"docs://readme","mimeType":"text/plain","text":"Hello from mcpresult."}]}`},
}

// BenchmarkShape builds each shape natively from its parsed request, as
// the module does (the JSON is written by the build).
func BenchmarkShape(b *testing.B) {
	for _, s := range shapes {
		req, err := content.ParseJSON([]byte(s.input))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(s.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				r, err := result.Build(s.kind, req, result.BuildOptions{})
				if err != nil || len(r.JSON()) == 0 {
					b.Fatal(err)
				}
			}
		})
	}
}
