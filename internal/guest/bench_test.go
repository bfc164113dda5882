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
// of lines of prose with quotes (line: the fox's if empty), serialized with
// finalize, and the build that also serializes it (for 2025-11-25, with
// finalize).
func text100KB(b *testing.B, line string) (build, serialize, both []byte) {
	if line == "" {
		line = "The quick brown fox said \"hello\"\tand jumped over the lazy dog.\n"
	}
	text := ""
	for len(text) < 100*1024 {
		text += line
	}
	block := content.NewObject(content.Str("type", content.NewString("text")), content.Str("text", content.NewString(text)))
	input := content.NewObject(content.Str("content", content.NewArray(block)))
	built := content.NewObject(content.Str("content", content.NewArray(block)), content.Str("isError", content.NewBool(false)))
	fin, _ := content.ParseJSON([]byte(`{"finalize":true}`))
	also, _ := content.ParseJSON([]byte(`{"protocolVersion":"2025-11-25","finalize":true}`))
	return abi.AppendRequest(nil, &abi.Request{Op: abi.OpBuild, Kind: "tool", Input: input}),
		abi.AppendRequest(nil, &abi.Request{Op: abi.OpSerialize, Input: built, Options: fin}),
		abi.AppendRequest(nil, &abi.Request{Op: abi.OpBuild, Kind: "tool", Input: input, Options: also})
}

// BenchmarkHandleText100KB is a 100 KB text result built, then its
// result serialized, through Handle; General is the general path alone.
func BenchmarkHandleText100KB(b *testing.B) {
	build, serialize, _ := text100KB(b, "")
	benchCalls(b, guest.Handle, build, serialize)
}

func BenchmarkHandleGeneralText100KB(b *testing.B) {
	build, serialize, _ := text100KB(b, "")
	benchCalls(b, guest.GeneralHandle, build, serialize)
}

// BenchmarkHandleBuildSerializeText100KB is the adapters' one call for a
// 100 KB text result: a build that also writes it for 2025-11-25 with
// finalize; of the text of the JS round trip (js/bench/inputs.mjs), which
// quotes and breaks its lines more often than the fox.
func BenchmarkHandleBuildSerializeText100KB(b *testing.B) {
	_, _, both := text100KB(b, "lorem ipsum \"dolor\" sit amet\n")
	benchCalls(b, guest.Handle, both, nil)
}

// benchCalls times handle on a 100 KB result's build request, then on its
// serialize request unless that is nil.
func benchCalls(b *testing.B, handle func(abi.Op, []byte) []byte, build, serialize []byte) {
	b.SetBytes(100 * 1024)
	b.ReportAllocs()
	for b.Loop() {
		handle(abi.OpBuild, build)
		if serialize != nil {
			handle(abi.OpSerialize, serialize)
		}
	}
}
