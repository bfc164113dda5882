package host_test

import (
	"context"
	"crypto/rand"
	mrand "math/rand/v2"
	"testing"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"

	"github.com/mcpresult/mcpresult/abi"
	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/host"
	"github.com/mcpresult/mcpresult/internal/codec"
)

// TestPlainWazeroHost is a host written from the ABI's description alone:
// plain wazero (its default configuration, with the tests' compilation
// cache), the four exports, the op numbers. For any bytes sent to any op it
// gets a MessagePack map whose first key is ok, and never a trap.
func TestPlainWazeroHost(t *testing.T) {
	ctx := context.Background()
	rt := wazero.NewRuntimeWithConfig(ctx, wazero.NewRuntimeConfig().WithCompilationCache(testCache))
	defer rt.Close(ctx)
	wasi_snapshot_preview1.MustInstantiate(ctx, rt)
	mod, err := rt.InstantiateWithConfig(ctx, host.Module, wazero.NewModuleConfig().
		WithStartFunctions("_initialize").WithSysWalltime().WithSysNanotime().WithRandSource(rand.Reader))
	if err != nil {
		t.Fatal(err)
	}
	version, alloc, free, call := mod.ExportedFunction("mcpresult_abi_version"), mod.ExportedFunction("mcpresult_alloc"),
		mod.ExportedFunction("mcpresult_free"), mod.ExportedFunction("mcpresult_call")
	if v, err := version.Call(ctx); err != nil || v[0] != abi.Version {
		t.Fatalf("abi version %v %v", v, err)
	}
	rng := mrand.New(mrand.NewPCG(3, 4))
	for i := range 3000 {
		req := make([]byte, rng.IntN(64))
		for j := range req {
			req[j] = byte(rng.IntN(256))
		}
		if i%3 == 0 && len(req) > 0 {
			req[0] = 0x80 | byte(rng.IntN(4)) // a small map, more often
		}
		op := uint64(uint32(int32(rng.IntN(8) - 2)))
		p, err := alloc.Call(ctx, uint64(len(req)))
		if err != nil {
			t.Fatal(err)
		}
		if !mod.Memory().Write(uint32(p[0]), req) {
			t.Fatal("write")
		}
		r, err := call.Call(ctx, op, p[0], uint64(len(req)))
		if err != nil {
			t.Fatalf("op %d, % x: trap: %v", int32(op), req, err)
		}
		out, ok := mod.Memory().Read(uint32(r[0]>>32), uint32(r[0]))
		if !ok {
			t.Fatal("read")
		}
		v, err := codec.Decode(out, codec.DecodeOptions{})
		if err != nil || v.Kind() != content.KindObject || v.Len() == 0 || v.Member(0).Key.Str() != "ok" {
			t.Fatalf("op %d, % x: response % x is not {ok, …}", int32(op), req, out)
		}
		free.Call(ctx, r[0]>>32)
		free.Call(ctx, p[0])
		free.Call(ctx, p[0]) // freeing twice does nothing
	}
	// A pointer that is not a buffer of mcpresult_alloc is an error response.
	r, err := call.Call(ctx, 2, 12345, 10)
	if err != nil {
		t.Fatal(err)
	}
	out, _ := mod.Memory().Read(uint32(r[0]>>32), uint32(r[0]))
	if res, err := abi.ParseResponse(abi.OpBuild, out); err != nil || res.OK || res.Err.Code != content.CodeInvalidRequest {
		t.Fatalf("unknown pointer: %+v %v", res, err)
	}
	if p, err := alloc.Call(ctx, uint64(abi.MaxRequest+1)); err != nil || p[0] != 0 {
		t.Fatalf("alloc beyond MaxRequest: %v %v", p, err)
	}
}
