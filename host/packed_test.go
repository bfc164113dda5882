package host_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/binary"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"

	"github.com/mcpresult/mcpresult/abi"
	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/host"
	"github.com/mcpresult/mcpresult/internal/guest"
	"github.com/mcpresult/mcpresult/result"
)

// A packed request is the worst shape for memory: many values in few bytes
// (a fixint, an empty map: one byte each). These tests send every op such
// requests of 4, 16 and 60 MB, in the shapes below, and check that the
// answer is the budget's code (or, for validate, a report with it) and that
// what the call costs stays within the bound abi's package doc states.

// packedShape writes the main value of a request of about n bytes.
type packedShape struct {
	name   string
	write  func(dst []byte, n int) []byte
	values func(n int) int // how many values it writes
}

func array32(dst []byte, n int) []byte {
	return binary.BigEndian.AppendUint32(append(dst, 0xdd), uint32(n))
}

func map32(dst []byte, n int) []byte {
	return binary.BigEndian.AppendUint32(append(dst, 0xdf), uint32(n))
}

// repeat writes an array of n/len(unit) copies of unit.
func repeat(unit ...byte) func([]byte, int) []byte {
	return func(dst []byte, n int) []byte {
		k := n / len(unit)
		return append(array32(dst, k), bytes.Repeat(unit, k)...)
	}
}

// cycle appends the first n bytes of period repeated.
func cycle(dst, period []byte, n int) []byte {
	dst = append(dst, bytes.Repeat(period, n/len(period))...)
	return append(dst, period[:n%len(period)]...)
}

// intPairs are the members of "int pairs" until they repeat: the keys 0 to
// 127, each with the value 0.
var intPairs = func() []byte {
	var b []byte
	for i := range 128 {
		b = append(b, byte(i), 0x00)
	}
	return b
}()

// stringKeys are the members of "string keys" until they repeat: the keys
// "aa", "ba", … "zz" (the first letter the faster), each with the value 0.
var stringKeys = func() []byte {
	var b []byte
	for i := range 26 * 26 {
		b = append(b, 0xa2, 'a'+byte(i%26), 'a'+byte(i/26%26), 0x00)
	}
	return b
}()

var packedShapes = []packedShape{
	{"fixints", repeat(0x00), func(n int) int { return n }},
	{"empty maps", repeat(0x80), func(n int) int { return n }},
	{"empty arrays", repeat(0x90), func(n int) int { return n }},
	{"short strings", repeat(0xa1, 'a'), func(n int) int { return n / 2 }},
	{"int pairs", func(dst []byte, n int) []byte {
		k := n / 2
		return cycle(map32(dst, k), intPairs, 2*k)
	}, func(n int) int { return n / 2 }},
	{"string keys", func(dst []byte, n int) []byte {
		k := n / 4
		return cycle(map32(dst, k), stringKeys, 4*k)
	}, func(n int) int { return n / 4 }},
	// Small containers whose headers each declare little: the budget runs
	// out inside, not at a header.
	{"tree of small arrays", func(dst []byte, n int) []byte {
		unit := []byte{0x9f} // [[15 fixints] × 15]
		for range 15 {
			unit = append(append(unit, 0x9f), make([]byte, 15)...)
		}
		k := n / len(unit)
		return append(array32(dst, k), bytes.Repeat(unit, k)...)
	}, func(n int) int { return n / 241 * 241 }},
	{"nesting", func(dst []byte, n int) []byte {
		const depth = 60
		unit := append(bytes.Repeat([]byte{0x91}, depth), 0x00)
		k := n / len(unit)
		return append(array32(dst, k), bytes.Repeat(unit, k)...)
	}, func(n int) int { return n / 61 * 61 }},
}

// packedSettings are the settings requests are sent with: none (the
// defaults), and the largest budget.
var packedSettings = []struct {
	name     string
	settings []byte // a MessagePack map, or nil
	maxBytes int
	maxNodes int
}{
	{"default settings", nil, result.DefaultMaxJSONBytes, result.DefaultMaxNodes},
	{"largest budget", append(append(append([]byte{0x82, 0xac}, "maxJsonBytes"...), 0xce, 0x03, 0xd0, 0x90, 0x00), append([]byte{0xa8}, append([]byte("maxNodes"), 0xce, 0x00, 0x98, 0x96, 0x80)...)...), result.MaxMaxJSONBytes, result.MaxMaxNodes},
	// the most values for the bytes: every value the byte budget allows
	// may be read, and each costs its share of 4 × (request + maxJsonBytes)
	{"most nodes", append([]byte{0x81, 0xa8}, append([]byte("maxNodes"), 0xce, 0x00, 0x98, 0x96, 0x80)...), result.DefaultMaxJSONBytes, result.MaxMaxNodes},
}

// str appends s as a MessagePack fixstr.
func str(dst []byte, s string) []byte { return append(append(dst, 0xa0|byte(len(s))), s...) }

// requestHead writes the start of op's request, up to its main value: a
// map header (for the main value and settings when there are some, and
// build's kind tool), and the main value's key.
func requestHead(op abi.Op, settings bool) []byte {
	members := 1
	if op == abi.OpBuild {
		members++
	}
	if settings {
		members++
	}
	req := []byte{0x80 | byte(members)}
	switch op {
	case abi.OpBuild:
		req = str(str(req, "kind"), "tool")
		return str(req, "input")
	case abi.OpSerialize:
		return str(req, "result")
	case abi.OpValidate:
		return str(req, "value")
	}
	return str(req, "schema")
}

// packedRequest writes op's request: its main value {key: shape} (a free-form
// place of a result, or a schema's properties), and the settings.
func packedRequest(op abi.Op, shape packedShape, n int, settings []byte) []byte {
	req := requestHead(op, settings != nil)
	if op == abi.OpOutputSchema {
		req = str(str(str(append(req, 0x82), "type"), "object"), "properties")
	} else {
		req = append(str(append(req, 0x82), "content"), 0x90)
		req = str(req, "structuredContent")
	}
	req = shape.write(req, n)
	if settings != nil {
		req = append(str(req, "settings"), settings...)
	}
	return req
}

// packedOverhead is the fixed part of the bound: the module's own memory
// after it starts, its buffers, and the runtime's.
const packedOverhead = 24 << 20

// packedBound is what a request may cost: 4 × (request + maxJsonBytes) and
// the fixed overhead.
func packedBound(req, maxBytes int) uint64 {
	return uint64(4*(req+maxBytes)) + packedOverhead
}

// checkPacked checks the response to a packed request: the budget's code
// at "", or for validate a report with it first; or, when the whole value
// fits the budget, any answer but internal.
func checkPacked(t *testing.T, op abi.Op, resp []byte, fits bool) {
	t.Helper()
	res, err := abi.ParseResponse(op, resp)
	if err != nil {
		t.Fatalf("response is not of the ABI's shape: %v", err)
	}
	if !res.OK {
		if res.Err.Code == content.CodeInternal {
			t.Fatalf("internal: %s", res.Err.Message)
		}
		if !fits && (res.Err.Code != content.CodeMaxNodes && res.Err.Code != content.CodeMaxBytes || res.Err.Path != "") {
			t.Fatalf("got %s at %q (%s), want the budget's code at \"\"", res.Err.Code, res.Err.Path, res.Err.Message)
		}
		return
	}
	if fits {
		return
	}
	if op != abi.OpValidate {
		t.Fatalf("answered ok, want the budget's code")
	}
	if res.Report.Valid || len(res.Report.Errors) == 0 {
		t.Fatalf("report %+v, want the budget's code", res.Report)
	}
	found := false
	for _, e := range res.Report.Errors {
		if (e.Code == content.CodeMaxNodes || e.Code == content.CodeMaxBytes) && e.Path == "" {
			found = true
		}
	}
	if !found {
		t.Fatalf("report without the budget's code: %+v", res.Report.Errors)
	}
}

// packedRuns are the settings and sizes the tests send: every shape and op
// at 4, 16 and 60 MB with the default settings, and at 4 and 16 MB with the
// largest budget (which reads up to 10 million values, the costliest case;
// at 60 MB it refuses the same way). MCPRESULT_PACKED_MAX=1 adds requests of
// the module's largest size.
func packedRuns() []packedRun {
	runs := []packedRun{{0, 4 << 20}, {0, 16 << 20}, {0, 60 << 20}, {1, 4 << 20}, {1, 16 << 20}, {2, 4 << 20}, {2, 16 << 20}}
	if os.Getenv("MCPRESULT_PACKED_MAX") != "" {
		runs = append(runs, packedRun{0, abi.MaxRequest - 4096}, packedRun{1, abi.MaxRequest - 4096})
	}
	return runs
}

type packedRun struct{ settings, size int }

// skipPacked skips a test of packed requests in -short mode, and under the
// race detector, which multiplies what Go code allocates and takes (make
// test runs them in a run of their own without it).
func skipPacked(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("sends 1.5 GB of requests; run without -short and -race")
	}
}

// TestPackedRequestsModule sends every packed request to a fresh instance of
// the module in a plain wazero host with the default memory limit of
// package host: never a trap, the budget's code, and the growth of linear
// memory within packedBound.
func TestPackedRequestsModule(t *testing.T) {
	skipPacked(t)
	ctx := context.Background()
	rt := wazero.NewRuntimeWithConfig(ctx, wazero.NewRuntimeConfig().WithMemoryLimitPages(uint32(host.DefaultMemoryLimit/65536)).WithCompilationCache(testCache))
	t.Cleanup(func() { rt.Close(ctx) }) // after the parallel subtests
	wasi_snapshot_preview1.MustInstantiate(ctx, rt)
	compiled, err := rt.CompileModule(ctx, host.Module)
	if err != nil {
		t.Fatal(err)
	}
	for _, run := range packedRuns() {
		st, size := packedSettings[run.settings], run.size
		{
			for _, shape := range packedShapes {
				for _, op := range []abi.Op{abi.OpBuild, abi.OpSerialize, abi.OpValidate, abi.OpOutputSchema} {
					name := st.name + "/" + strconv.Itoa(size>>20) + "MB/" + shape.name + "/" + op.String()
					t.Run(name, func(t *testing.T) {
						t.Parallel()
						req := packedRequest(op, shape, size, st.settings)
						resp := callFresh(t, rt, compiled, op, req, st.maxBytes)
						checkPacked(t, op, resp, shape.values(size)+8 <= min(st.maxNodes, (st.maxBytes+1)/2))
					})
				}
			}
		}
	}
}

// callFresh sends req to op in a fresh instance of the module, as a host
// written from the ABI's documentation does, and returns the response. It
// fails on a trap, and when the instance's linear memory grew past
// packedBound; it prints the growth and the call's time (never judged).
func callFresh(t *testing.T, rt wazero.Runtime, compiled wazero.CompiledModule, op abi.Op, req []byte, maxBytes int) []byte {
	t.Helper()
	ctx := context.Background()
	mod, err := rt.InstantiateModule(ctx, compiled, wazero.NewModuleConfig().WithName("").
		WithStartFunctions("_initialize").WithSysWalltime().WithSysNanotime().WithRandSource(rand.Reader))
	if err != nil {
		t.Fatal(err)
	}
	defer mod.Close(ctx)
	before := mod.Memory().Size()
	p, err := mod.ExportedFunction("mcpresult_alloc").Call(ctx, uint64(len(req)))
	if err != nil || p[0] == 0 {
		t.Fatalf("alloc: %v %v", p, err)
	}
	mod.Memory().Write(uint32(p[0]), req)
	start := time.Now()
	r, err := mod.ExportedFunction("mcpresult_call").Call(ctx, uint64(op), p[0], uint64(len(req)))
	took := time.Since(start)
	if err != nil {
		t.Fatalf("trap: %v", err)
	}
	resp, ok := mod.Memory().Read(uint32(r[0]>>32), uint32(r[0]))
	if !ok {
		t.Fatal("read")
	}
	resp = append([]byte(nil), resp...) // the instance closes on return
	grew := uint64(mod.Memory().Size() - before)
	if bound := packedBound(len(req), maxBytes); grew > bound {
		t.Errorf("linear memory grew %d MiB, bound %d MiB", grew>>20, bound>>20)
	}
	t.Logf("%d MiB request: linear memory +%d MiB, %d ms (printed, never judged)", len(req)>>20, grew>>20, took.Milliseconds())
	return resp
}

// TestPackedRequestsNative sends every packed request to guest.Handle, the
// module's dispatch, natively: the same answers, and what it allocates in
// all within packedBound.
func TestPackedRequestsNative(t *testing.T) {
	skipPacked(t)
	for _, run := range packedRuns() {
		st, size := packedSettings[run.settings], run.size
		{
			for _, shape := range packedShapes {
				for _, op := range []abi.Op{abi.OpBuild, abi.OpSerialize, abi.OpValidate, abi.OpOutputSchema} {
					name := st.name + "/" + strconv.Itoa(size>>20) + "MB/" + shape.name + "/" + op.String()
					t.Run(name, func(t *testing.T) {
						req := packedRequest(op, shape, size, st.settings)
						var m0, m1 runtime.MemStats
						runtime.ReadMemStats(&m0)
						start := time.Now()
						resp := guest.Handle(op, req)
						took := time.Since(start)
						runtime.ReadMemStats(&m1)
						checkPacked(t, op, resp, shape.values(size)+8 <= min(st.maxNodes, (st.maxBytes+1)/2))
						alloc := m1.TotalAlloc - m0.TotalAlloc
						t.Logf("%d MiB request: allocated %d MiB, %d ms (printed, never judged)", len(req)>>20, alloc>>20, took.Milliseconds())
						if bound := packedBound(len(req), st.maxBytes); alloc > bound {
							t.Errorf("allocated %d MiB, bound %d MiB", alloc>>20, bound>>20)
						}
					})
				}
			}
		}
	}
}

// TestPackedWholeValue sends each op a packed map as its whole value (the
// result validate and serialize read, build's input, the schema) rather
// than inside a free-form place: the op's own walks of a result object
// (its fields looked up, its keys checked) then see every member. A map of
// two million integer pairs under the largest budget is read whole; the
// answer is a finding or an error, within the bound, never a trap.
func TestPackedWholeValue(t *testing.T) {
	skipPacked(t)
	ctx := context.Background()
	rt := wazero.NewRuntimeWithConfig(ctx, wazero.NewRuntimeConfig().WithMemoryLimitPages(uint32(host.DefaultMemoryLimit/65536)).WithCompilationCache(testCache))
	t.Cleanup(func() { rt.Close(ctx) })
	wasi_snapshot_preview1.MustInstantiate(ctx, rt)
	compiled, err := rt.CompileModule(ctx, host.Module)
	if err != nil {
		t.Fatal(err)
	}
	st := packedSettings[1]
	shape := packedShapes[4] // int pairs
	const size = 4 << 20
	for _, op := range []abi.Op{abi.OpBuild, abi.OpSerialize, abi.OpValidate, abi.OpOutputSchema} {
		t.Run(op.String(), func(t *testing.T) {
			t.Parallel()
			req := append(str(shape.write(requestHead(op, true), size), "settings"), st.settings...)
			resp := callFresh(t, rt, compiled, op, req, st.maxBytes)
			res, err := abi.ParseResponse(op, resp)
			switch {
			case err != nil:
				t.Fatalf("response is not of the ABI's shape: %v", err)
			case !res.OK && res.Err.Code == content.CodeInternal:
				t.Fatalf("internal: %s", res.Err.Message)
			case res.OK && op != abi.OpValidate:
				t.Fatalf("answered ok, want an error (integer keys)")
			case res.OK && res.Report.Valid:
				t.Fatalf("a valid report, want findings (integer keys)")
			}
		})
	}
}

// TestOutOfMemoryIsBudget: a request that needs more memory than an
// instance's limit is answered with max_bytes, the instance is replaced,
// the Host keeps serving, and Stderr gets one line per such call.
func TestOutOfMemoryIsBudget(t *testing.T) {
	ctx := context.Background()
	var stderr bytes.Buffer
	h, err := host.New(ctx, cached(host.Config{PoolSize: 1, MemoryLimit: 48 << 20, Stderr: &stderr}))
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(ctx)
	st := packedSettings[1] // the largest budget: up to 10 M values are decoded
	req := packedRequest(abi.OpValidate, packedShapes[6], 16<<20, st.settings)
	for range 2 {
		resp, err := h.Call(ctx, abi.OpValidate, req)
		if err != nil {
			t.Fatal(err)
		}
		res, err := abi.ParseResponse(abi.OpValidate, resp)
		if err != nil || res.OK || res.Err.Code != content.CodeMaxBytes {
			t.Fatalf("%+v %v, want max_bytes", res, err)
		}
	}
	if lines := strings.Count(stderr.String(), "\n"); lines != 2 || !strings.Contains(stderr.String(), "out of memory") {
		t.Fatalf("stderr has %d lines, want 2 (one per call): %q", lines, stderr.String())
	}
	if _, err := h.Tool(ctx, result.Content(content.Text("still serving"))); err != nil {
		t.Fatal(err)
	}
}
