package host_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpresult/mcpresult/abi"
	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/host"
	"github.com/mcpresult/mcpresult/internal/vectortest"
	"github.com/mcpresult/mcpresult/result"
)

// serves checks that h still answers a small call correctly.
func serves(t *testing.T, h *host.Host) {
	t.Helper()
	r, err := h.Tool(context.Background(), result.StructuredContent(map[string]any{"ok": true}))
	if err != nil || string(r.JSON()) != `{"content":[{"type":"text","text":"{\"ok\":true}"}],"structuredContent":{"ok":true},"isError":false}` {
		t.Fatalf("after the fault the host answers %v, %v", r, err)
	}
}

func newHost(t *testing.T, c host.Config) *host.Host {
	t.Helper()
	h, err := host.New(context.Background(), cached(c))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close(context.Background()) })
	return h
}

// TestConcurrentCalls: many goroutines on a small pool get exactly the
// native bytes (run with -race).
func TestConcurrentCalls(t *testing.T) {
	h := newHost(t, host.Config{PoolSize: 2})
	var wg sync.WaitGroup
	errs := make(chan error, 32)
	for g := range 32 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 20 {
				opts := []result.Option{result.StructuredContent(map[string]any{"g": g, "i": i, "s": strings.Repeat("x", i*50)})}
				want, _ := result.Tool(opts...)
				got, err := h.Tool(context.Background(), opts...)
				if err != nil || !bytes.Equal(got.JSON(), want.JSON()) {
					errs <- errors.New("goroutine " + strconv.Itoa(g) + ": mismatch")
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if s := h.Stats(); s.Made > 2 {
		t.Errorf("a pool of 2 made %d instances", s.Made)
	}
}

func TestFaults(t *testing.T) {
	h := newHost(t, host.Config{PoolSize: 1, MemoryLimit: 64 << 20, HighWater: 16 << 20})

	t.Run("cancelled context", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := h.Tool(ctx, result.Content(content.Text("x"))); !errors.Is(err, context.Canceled) {
			t.Fatalf("got %v", err)
		}
		serves(t, h)
	})

	// A deadline that passes while a large call runs: the call returns the
	// context's error, never a result, and the host keeps serving. With
	// InterruptCalls a running instance is stopped at once and replaced;
	// without it the call runs to its end and the instance is kept.
	for _, interrupt := range []bool{false, true} {
		name := "deadline during a large call"
		if interrupt {
			name += ", InterruptCalls"
		}
		t.Run(name, func(t *testing.T) {
			h := newHost(t, host.Config{PoolSize: 1, HighWater: 512 << 20, InterruptCalls: interrupt})
			serves(t, h)
			big := strings.Repeat("\x01", 6<<20)
			ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
			defer cancel()
			_, err := h.Tool(ctx, result.Content(content.Text(big)), result.MaxJSONBytes(result.MaxMaxJSONBytes))
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Fatalf("got %v, want the deadline's error", err)
			}
			// (With InterruptCalls the deadline may also pass before the
			// call starts, which discards nothing.)
			if got := h.Stats().Discarded; got > 1 || !interrupt && got != 0 {
				t.Errorf("%d instances discarded", got)
			}
			serves(t, h)
		})
	}

	t.Run("over the budget", func(t *testing.T) {
		_, err := h.Tool(context.Background(), result.Content(content.Text(strings.Repeat("a", 3000))), result.MaxJSONBytes(1000))
		if !errors.Is(err, content.CodeMaxBytes) {
			t.Fatalf("got %v", err)
		}
		serves(t, h)
	})

	t.Run("malformed requests", func(t *testing.T) {
		for _, tc := range []struct {
			op   abi.Op
			req  []byte
			code content.Code
		}{
			{0, []byte{0x80}, content.CodeUnknownOp},
			{abi.OpBuild, []byte{0xc1}, content.CodeInvalidRequest},
			{abi.OpBuild, []byte{0xdd, 0xff, 0xff, 0xff, 0xff}, content.CodeInvalidRequest},
			{abi.OpBuild, nil, content.CodeInvalidRequest},
			{abi.OpValidate, []byte{0x81, 0xa1, 'x', 0xc0}, content.CodeInvalidRequest},
			{abi.OpOutputSchema, []byte{0x80}, content.CodeInvalidRequest},
			{6, []byte{0x80}, content.CodeUnknownOp},
		} {
			resp, err := h.Call(context.Background(), tc.op, tc.req)
			if err != nil {
				t.Fatalf("% x: %v", tc.req, err)
			}
			r, err := abi.ParseResponse(tc.op, resp)
			if err != nil || r.OK || r.Err.Code != tc.code {
				t.Errorf("% x: %+v %v, want %s", tc.req, r, err, tc.code)
			}
		}
		serves(t, h)
	})

	t.Run("an instance that runs out of memory", func(t *testing.T) {
		before := h.Stats()
		huge := strings.Repeat("a", 40<<20)
		_, err := h.Tool(context.Background(), result.Content(content.Text(huge)), result.MaxJSONBytes(result.MaxMaxJSONBytes))
		if err == nil {
			t.Fatal("a 40 MB call in a 64 MiB instance succeeded")
		}
		// The request's size passed the instance's memory: the budget's
		// code, as for a request too large to send.
		if !errors.Is(err, content.CodeMaxBytes) {
			t.Fatalf("got %v, want max_bytes", err)
		}
		if h.Stats().Discarded == before.Discarded {
			t.Error("the trapped instance was not discarded")
		}
		serves(t, h)
	})

	t.Run("past the high-water mark", func(t *testing.T) {
		before := h.Stats()
		mid := strings.Repeat("a", 5<<20)
		if _, err := h.Tool(context.Background(), result.Content(content.Text(mid)), result.MaxJSONBytes(result.MaxMaxJSONBytes)); err != nil {
			t.Fatal(err)
		}
		if h.Stats().Discarded == before.Discarded {
			t.Error("an instance past the high-water mark was kept")
		}
		serves(t, h)
	})

	t.Run("closed", func(t *testing.T) {
		h2 := newHost(t, host.Config{PoolSize: 1})
		h2.Close(context.Background())
		if _, err := h2.Tool(context.Background(), result.Content(content.Text("x"))); !errors.Is(err, host.ErrClosed) {
			t.Fatalf("got %v", err)
		}
	})
}

// TestWrongModule: a module that is not mcpresult's is refused at load.
func TestWrongModule(t *testing.T) {
	empty := []byte{0x00, 'a', 's', 'm', 0x01, 0x00, 0x00, 0x00}
	if _, err := host.New(context.Background(), host.Config{ModuleBytes: empty}); err == nil {
		t.Fatal("an empty module was accepted")
	}
}

// TestGoValuesAsNative: Go values are converted on the host as natively,
// within the same bounds: a cyclic map ends quickly with the native code,
// a deep ordinary value is written, not cut, and a request given as a Go
// map keeps its own canonicalization.
func TestGoValuesAsNative(t *testing.T) {
	h := testHost(t)
	ctx := context.Background()
	cyclic := map[string]any{}
	cyclic["a"], cyclic["b"] = cyclic, cyclic
	deep := any("leaf")
	for range 70 {
		deep = []any{deep}
	}
	type S struct {
		A int `json:"a"`
	}
	same := func(name string, native, module *result.Result, errN, errM error) {
		t.Helper()
		var en, em *result.Error
		errors.As(errN, &en)
		errors.As(errM, &em)
		switch {
		case (errN == nil) != (errM == nil):
			t.Errorf("%s: native %v, module %v", name, errN, errM)
		case errN != nil && (en == nil || em == nil || en.Code != em.Code || en.Path != em.Path):
			t.Errorf("%s: native %v, module %v", name, errN, errM)
		case errN == nil && !bytes.Equal(native.JSON(), module.JSON()):
			t.Errorf("%s: native %s, module %s", name, native.JSON(), module.JSON())
		}
	}
	n, errN := result.FromValue(cyclic)
	m, errM := h.FromValue(ctx, cyclic)
	same("cyclic ordinary value", n, m, errN, errM)
	n, errN = result.Tool(result.StructuredContent(cyclic))
	m, errM = h.Tool(ctx, result.StructuredContent(cyclic))
	same("cyclic structured content", n, m, errN, errM)
	n, errN = result.FromValue(deep)
	m, errM = h.FromValue(ctx, deep)
	same("an ordinary value 70 deep", n, m, errN, errM)
	req := content.FromGo(map[string]any{"canonicalization": "json", "structuredContent": S{A: 1}})
	n, errN = result.Build(result.KindTool, req, result.BuildOptions{})
	m, errM = h.Build(ctx, result.KindTool, req, result.BuildOptions{})
	same("a request as a Go map", n, m, errN, errM)
	rep, err := h.Validate(ctx, cyclic, result.ValidateOptions{})
	if err != nil || rep.Valid {
		t.Errorf("validate of a cyclic map: %v %v", rep, err)
	}
	if _, err := h.Validate(ctx, S{}, result.ValidateOptions{Stage: "bogus"}); !errors.Is(err, content.CodeInvalidOption) {
		t.Errorf("a bad stage with a value the host cannot convert: %v", err)
	}
}

// TestOutputSchemaAsNative: OutputSchema and OutputSchemaValue give,
// through the module, the bytes and errors they give natively, for Go
// values too (converted on the host, always strictly): the root's type
// before what is inside it, the call's own faults first, cyclic and wide
// values within the same bounds.
func TestOutputSchemaAsNative(t *testing.T) {
	h := testHost(t)
	ctx := context.Background()
	cyclic := map[string]any{"type": "array"}
	cyclic["items"] = cyclic
	wide := make([]any, 200)
	for i := range wide {
		wide[i] = map[string]any{"type": "string"}
	}
	type S struct{ Type string }
	arrayJSON, err := content.ParseJSON([]byte(`{"$schema":"s","type":"array","items":{"$ref":"#/$defs/A"},"$defs":{"A":{}}}`))
	if err != nil {
		t.Fatal(err)
	}
	schemas := []any{
		map[string]any{"type": "object", "properties": map[string]any{"b": map[string]any{"type": "string"}, "a": true}},
		map[string]any{"type": "array", "items": map[string]any{"$ref": "#/$defs/A"}, "$defs": map[string]any{"A": map[string]any{}}},
		arrayJSON, true, false, nil, "object", 1, []any{}, []byte("{}"), S{"object"},
		map[string]any{"type": "string", "default": S{}},
		map[string]any{"type": "string", "examples": []any{time.Unix(0, 0)}},
		map[string]any{"type": "number", "maximum": math.Inf(1)},
		map[string]any{"type": "string", "description": "\xff"},
		map[int]any{1: "x"},
		cyclic,
		map[string]any{"anyOf": wide},
	}
	settings := []result.Settings{{}, {MaxJSONBytes: 512}, {MaxNodes: 50}, {Canonicalization: content.JSON}}
	optionsOf := func(v string) content.Value {
		return content.NewObject(content.Str("protocolVersion", content.NewString(v)))
	}
	options := []content.Value{content.Null(), optionsOf("2025-06-18"), optionsOf("2025-03-26"), optionsOf("1999-01-01"),
		content.NewObject(content.Str("stage", content.NewString("wire")))}
	same := func(name string, a, b []byte, errA, errB error) {
		t.Helper()
		var ea, eb *result.Error
		errors.As(errA, &ea)
		errors.As(errB, &eb)
		switch {
		case (errA == nil) != (errB == nil), errA != nil && (ea == nil || eb == nil || ea.Code != eb.Code || ea.Path != eb.Path || ea.Message != eb.Message):
			t.Errorf("%s: native %v, module %v", name, errA, errB)
		case errA == nil && (!bytes.Equal(a, b) || (a == nil) != (b == nil)):
			t.Errorf("%s: native %q, module %q", name, a, b)
		}
	}
	for i, schema := range schemas {
		for _, v := range []string{"", "2025-11-25", "2024-11-05", "x"} {
			a, errA := result.OutputSchema(schema, v)
			b, errB := h.OutputSchema(ctx, schema, v)
			same(fmt.Sprintf("schema %d, OutputSchema(%q)", i, v), a, b, errA, errB)
		}
		for j, s := range settings {
			for k, o := range options {
				a, errA := vectortest.OutputSchemaValue(s, schema, o)
				b, errB := h.OutputSchemaValue(ctx, s, schema, o)
				same(fmt.Sprintf("schema %d, settings %d, options %d", i, j, k), a, b, errA, errB)
			}
		}
	}
}
