package guest_test

import (
	"testing"

	"github.com/mcpresult/mcpresult/abi"
	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/guest"
	"github.com/mcpresult/mcpresult/result"
)

// The benchmarks of the module's dispatch, natively; the same test binary
// built for wasip1 and run in wazero measures the guest's own share of a
// call (see docs/performance.md):
//
//	GOOS=wasip1 GOARCH=wasm go test -c -o guest.wasm ./internal/guest
//	go run github.com/tetratelabs/wazero/cmd/wazero@v1.12.0 run guest.wasm -test.run='^$' -test.bench=Handle
//
// and under V8, as the module runs in Node:
//
//	node js/bench/guest.mjs guest.wasm -test.run='^$' -test.bench=Handle

// smallBuild is the MessagePack request of the small tool result that
// host's and result's benchmarks build.
func smallBuild(b *testing.B) []byte {
	v, err := content.ParseJSON([]byte(`{"content":[{"type":"text","text":"The weather in Paris is sunny, 21°C."}],"structuredContent":{"city":"Paris","tempC":21,"conditions":"sunny","updated":"2026-07-28T09:00:00Z"},"isError":false}`))
	if err != nil {
		b.Fatal(err)
	}
	return abi.AppendRequest(nil, &abi.Request{Op: abi.OpBuild, Kind: "tool", Input: v})
}

// BenchmarkHandleBuildSmallTool is one build call of the module: decode,
// build, encode the response.
func BenchmarkHandleBuildSmallTool(b *testing.B) {
	req := smallBuild(b)
	b.ReportAllocs()
	for b.Loop() {
		guest.Handle(abi.OpBuild, req)
	}
}

// BenchmarkHandleParts splits that call: decoding the request, building
// the result, writing the response.
func BenchmarkHandleParts(b *testing.B) {
	req := smallBuild(b)
	r, err := guest.ParseRequest(abi.OpBuild, req)
	if err != nil {
		b.Fatal(err)
	}
	res, err := result.Build(r.Kind, r.Input, result.BuildOptions{})
	if err != nil {
		b.Fatal(err)
	}
	b.Run("decode", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := guest.ParseRequest(abi.OpBuild, req); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("build", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := result.Build(r.Kind, r.Input, result.BuildOptions{}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("encode", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			guest.AppendBuilt(nil, res, nil)
		}
	})
}

// BenchmarkHandleGeneralSmallTool is that call through the general path
// alone, without the one pass.
func BenchmarkHandleGeneralSmallTool(b *testing.B) {
	req := smallBuild(b)
	b.ReportAllocs()
	for b.Loop() {
		guest.GeneralHandle(abi.OpBuild, req)
	}
}

// BenchmarkFastBuildSmallTool is the one pass alone.
func BenchmarkFastBuildSmallTool(b *testing.B) {
	req := smallBuild(b)
	b.ReportAllocs()
	for b.Loop() {
		guest.FastBuild(req)
	}
}

// text100KB is the build and serialize requests of a 100 KB text result
// (prose with quotes and line breaks), serialized with finalize.
func text100KB(b *testing.B) (build, serialize []byte) {
	line := "The quick brown fox said \"hello\"\tand jumped over the lazy dog.\n"
	text := ""
	for len(text) < 100*1024 {
		text += line
	}
	block := content.NewObject(content.Str("type", content.NewString("text")), content.Str("text", content.NewString(text)))
	input := content.NewObject(content.Str("content", content.NewArray(block)))
	built := content.NewObject(content.Str("content", content.NewArray(block)), content.Str("isError", content.NewBool(false)))
	fin, _ := content.ParseJSON([]byte(`{"finalize":true}`))
	return abi.AppendRequest(nil, &abi.Request{Op: abi.OpBuild, Kind: "tool", Input: input}),
		abi.AppendRequest(nil, &abi.Request{Op: abi.OpSerialize, Input: built, Options: fin})
}

// BenchmarkHandleText100KB is a 100 KB text result built, then its
// result serialized, through Handle; General is the general path alone.
func BenchmarkHandleText100KB(b *testing.B) {
	build, serialize := text100KB(b)
	b.SetBytes(100 * 1024)
	b.ReportAllocs()
	for b.Loop() {
		guest.Handle(abi.OpBuild, build)
		guest.Handle(abi.OpSerialize, serialize)
	}
}

func BenchmarkHandleGeneralText100KB(b *testing.B) {
	build, serialize := text100KB(b)
	b.SetBytes(100 * 1024)
	b.ReportAllocs()
	for b.Loop() {
		guest.GeneralHandle(abi.OpBuild, build)
		guest.GeneralHandle(abi.OpSerialize, serialize)
	}
}
