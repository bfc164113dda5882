package host_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/host"
	"github.com/mcpresult/mcpresult/internal/vectortest"
	"github.com/mcpresult/mcpresult/result"
)

var (
	sharedOnce sync.Once
	shared     *host.Host
	sharedErr  error
)

// testHost is one Host for the package's tests.
func testHost(t testing.TB) *host.Host {
	t.Helper()
	sharedOnce.Do(func() { shared, sharedErr = host.New(context.Background(), cached(host.Config{})) })
	if sharedErr != nil {
		t.Fatal(sharedErr)
	}
	return shared
}

// module runs vectors through the WebAssembly module.
type module struct{ h *host.Host }

func (module) Runtime() string { return "wasm" }

func (m module) Run(v *vectortest.Vector) vectortest.Outcome {
	ctx := context.Background()
	settings, err := vectortest.SettingsFromValue(v.Settings)
	if err != nil {
		return vectortest.Outcome{Err: err}
	}
	switch v.Op {
	case "build":
		r, err := m.h.Build(ctx, v.Kind, v.Input, result.BuildOptions{Settings: settings, Inherit: v.Inherit})
		if err != nil {
			return vectortest.Outcome{Err: err}
		}
		return vectortest.Outcome{JSON: r.JSON()}
	case "serialize":
		out, err := m.h.SerializeValue(ctx, settings, v.Input, v.Options)
		return vectortest.Outcome{JSON: out, Err: err}
	case "validate":
		rep, err := m.h.ValidateValue(ctx, settings, v.Input, v.Options)
		if err != nil {
			return vectortest.Outcome{Err: err}
		}
		return vectortest.ReportOutcome(rep.Valid, rep.Errors, rep.Warnings)
	case "outputSchema":
		out, err := m.h.OutputSchemaValue(ctx, settings, v.Input, v.Options)
		return vectortest.Outcome{JSON: out, Err: err}
	}
	return vectortest.Outcome{Err: errors.New("op " + v.Op + " is not supported by this runner")}
}

// TestVectors runs every conformance vector of the wasm runtime through the
// embedded module.
func TestVectors(t *testing.T) {
	vectortest.Run(t, vectortest.Root(t), module{testHost(t)})
}

func TestInfo(t *testing.T) {
	in, err := testHost(t).Info(context.Background())
	if err != nil || in.LatestProtocolVersion != result.LatestProtocolVersion || len(in.ProtocolVersions) != 5 {
		t.Fatalf("info: %+v, %v", in, err)
	}
}

func TestGoOptionsSameAsNative(t *testing.T) {
	h := testHost(t)
	opts := []result.Option{
		result.Content(content.Text("hi"), content.Image("iVBORw0KGgo=", "image/png")),
		result.StructuredContent(map[string]any{"b": 1, "a": []any{true, nil, 2.5}}),
		result.Meta(map[string]any{"com.example/k": "v"}),
	}
	want, err := result.Tool(opts...)
	if err != nil {
		t.Fatal(err)
	}
	got, err := h.Tool(context.Background(), opts...)
	if err != nil || string(got.JSON()) != string(want.JSON()) {
		t.Fatalf("got %s, %v; want %s", got.JSON(), err, want.JSON())
	}
	for _, v := range result.ProtocolVersions() {
		o := result.SerializeOptions{ProtocolVersion: v, Finalize: &result.Finalize{ServerInfo: &result.Implementation{Name: "s", Version: "1"}}}
		a, errA := result.Serialize(want, o)
		b, errB := h.Serialize(context.Background(), got, o)
		if string(a) != string(b) || (errA == nil) != (errB == nil) {
			t.Errorf("%s: native %s %v, module %s %v", v, a, errA, b, errB)
		}
	}
}
