//go:build !wasip1

package result_test

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/engine"
	"github.com/mcpresult/mcpresult/result"
)

type status string

type point struct {
	X int `json:"x"`
	Y int `json:"y,omitempty"`
}

type marshaler struct{}

func (marshaler) MarshalJSON() ([]byte, error) { return []byte(`{"z":1,"a":2}`), nil }

// TestGoValues pins how Go values become structured content in both
// canonicalization modes.
func TestGoValues(t *testing.T) {
	ts := time.Date(2024, 1, 2, 3, 4, 5, 678_900_000, time.FixedZone("x", 3600))
	for _, tc := range []struct {
		name   string
		v      any
		strict string // wanted structuredContent JSON, or "error:<code>"
		json   string
	}{
		{"nil", nil, "null", "null"},
		{"int types", []any{int8(-1), uint16(2), int64(math.MaxInt64), uint64(math.MaxUint64)},
			"[-1,2,9223372036854775807,18446744073709551615]", "[-1,2,9223372036854775807,18446744073709551615]"},
		{"float32 as encoding/json", float32(0.1), "0.1", "0.1"},
		{"typed slice", []int{3, 1}, "[3,1]", "[3,1]"},
		{"typed map sorted", map[string]int{"b": 1, "a": 2}, `{"a":2,"b":1}`, `{"a":2,"b":1}`},
		{"named string", status("ok"), `"ok"`, `"ok"`},
		{"int keys", map[int]string{10: "x", 9: "y"}, "error:invalid_map_key", `{"10":"x","9":"y"}`},
		{"bool keys", map[bool]int{true: 1}, "error:invalid_map_key", `{"true":1}`},
		{"bytes", []byte("hi"), "error:unsupported_value", `"aGk="`},
		{"nil bytes", []byte(nil), "error:unsupported_value", "null"},
		{"nil map", map[string]any(nil), "null", "null"},
		{"nil slice", []any(nil), "null", "null"},
		{"time", ts, "error:unsupported_value", `"2024-01-02T02:04:05.678Z"`},
		{"struct", point{1, 0}, "error:unsupported_value", `{"x":1}`},
		{"pointer", &point{1, 2}, "error:unsupported_value", `{"x":1,"y":2}`},
		{"marshaler keeps its order", marshaler{}, "error:unsupported_value", `{"z":1,"a":2}`},
		{"json.Number", json.Number("12.50"), "12.5", "12.5"},
		{"nested struct in map", map[string]any{"p": point{1, 2}}, "error:unsupported_value", `{"p":{"x":1,"y":2}}`},
		{"NaN", math.NaN(), "error:non_finite_number", "error:non_finite_number"},
		{"Inf in slice", []float64{1, math.Inf(1)}, "error:non_finite_number", "error:non_finite_number"},
		{"chan", make(chan int), "error:unsupported_value", "error:unsupported_value"},
		{"func", func() {}, "error:unsupported_value", "error:unsupported_value"},
		{"invalid utf8", "a\xffb", "error:invalid_utf8", "error:invalid_utf8"},
		{"content.Value", content.NewObject(content.Str("k", content.NewInt(1))), `{"k":1}`, `{"k":1}`},
	} {
		for _, mode := range []content.Canonicalization{content.Strict, content.JSON} {
			want := tc.strict
			if mode == content.JSON {
				want = tc.json
			}
			r, err := result.Tool(result.StructuredContent(tc.v), result.Content(content.Text("x")), result.WithCanonicalization(mode))
			got := ""
			if err != nil {
				got = "error:" + string(asError(err).Code)
			} else {
				sc, _ := r.AsValue().Get("structuredContent")
				b, _ := engine.AppendJSON(nil, sc, content.Wire)
				got = string(b)
			}
			if got != want {
				t.Errorf("%s (%s): got %s, want %s", tc.name, mode, got, want)
			}
		}
	}
}

func TestErrorPathsIntoGoValues(t *testing.T) {
	_, err := result.Tool(result.StructuredContent(map[string]any{"rows": []any{1, 2, 3, math.NaN()}}))
	var e *result.Error
	if !errors.As(err, &e) || e.Code != "non_finite_number" || e.Path != "/structuredContent/rows/3" {
		t.Fatalf("got %v", err)
	}
	if strings.Contains(e.Message, "NaN") && strings.Contains(e.Message, "rows") {
		t.Fatalf("message repeats the request: %s", e.Message)
	}
}

func TestMessagesNeverContainTheValue(t *testing.T) {
	secret := "s3cr3t-T0KEN"
	cases := []result.Option{
		result.Content(content.Image(secret, "image/png")),
		result.Content(content.Image("QQ==", secret)),
		result.Content(content.ResourceLink("https://u:"+secret+"@x.example/", "n")),
		result.Content(content.Text("x", content.WithAnnotations(content.Annotations{LastModified: secret}))),
		result.Content(content.Text("x", content.WithAnnotations(content.Annotations{Audience: []content.Role{content.Role(secret)}}))),
		result.Content(content.ResourceLink("https://x.example/", "n", content.WithIcons(content.Icon{Src: "https://x.example/i.png", Theme: secret}))),
	}
	for i, opt := range cases {
		_, err := result.Tool(opt)
		if err == nil {
			t.Fatalf("case %d: no error", i)
		}
		if strings.Contains(err.Error(), secret) {
			t.Errorf("case %d: error repeats the rejected value: %v", i, err)
		}
	}
	if _, err := result.NewClientError("", secret+"!"); err == nil || strings.Contains(err.Error(), secret) {
		t.Errorf("client error: %v", err)
	}
}

func TestDuplicateAndUnknownOptions(t *testing.T) {
	_, err := result.Tool(result.IsError(true), result.IsError(false), result.Content(content.Text("x")))
	if e := asError(err); e == nil || e.Code != "duplicate_option" || e.Path != "/isError" {
		t.Fatalf("got %v", err)
	}
	_, err = result.Resource(result.Content(content.Text("x")))
	if e := asError(err); e == nil || e.Code != "unknown_option" || e.Path != "/content" {
		t.Fatalf("got %v", err)
	}
	_, err = result.Tool(result.Content(content.Text("x", content.WithSize(3))))
	if e := asError(err); e == nil || e.Code != "unknown_field" || e.Path != "/content/0/size" {
		t.Fatalf("got %v", err)
	}
}

func TestToolFromContext(t *testing.T) {
	if _, err := result.ToolFromContext(context.Background(), result.Content(content.Text("x"))); err == nil {
		t.Fatal("a context without settings must be an error")
	}
	ctx := result.ContextWithSettings(context.Background(), result.Settings{MaxJSONBytes: 600, Canonicalization: content.JSON})
	r, err := result.ToolFromContext(ctx, result.StructuredContent([]byte{1}))
	if err != nil || !strings.Contains(r.String(), `"structuredContent":"AQ=="`) {
		t.Fatalf("inherited json mode not applied: %v %v", r, err)
	}
	_, err = result.ToolFromContext(ctx, result.Content(content.Text(strings.Repeat("x", 600))))
	if e := asError(err); e == nil || e.Code != "max_bytes" {
		t.Fatalf("inherited budget not applied: %v", err)
	}
	_, err = result.ToolFromContext(ctx, result.Content(content.Text("x")), result.WithCanonicalization(content.Strict))
	if e := asError(err); e == nil || e.Code != "option_not_allowed" || e.Path != "/canonicalization" {
		t.Fatalf("got %v", err)
	}
}

func TestGuard(t *testing.T) {
	var private []error
	onError := func(_ context.Context, err error) { private = append(private, err) }
	run := func(h func(context.Context, int) (*result.Result, error)) string {
		return result.Guard(h, onError)(context.Background(), 0).String()
	}
	const failed = `{"content":[{"type":"text","text":"tool execution failed"}],"isError":true}`
	const invalid = `{"content":[{"type":"text","text":"tool output was invalid"}],"isError":true}`

	if got := run(func(context.Context, int) (*result.Result, error) { panic("boom with secret") }); got != failed {
		t.Errorf("panic: %s", got)
	}
	var pe *result.PanicError
	if len(private) != 1 || !errors.As(private[0], &pe) || pe.Value != "boom with secret" || len(pe.Stack) == 0 {
		t.Errorf("panic detail not reported: %v", private)
	}
	if got := run(func(context.Context, int) (*result.Result, error) { return nil, nil }); got != failed {
		t.Errorf("nil result: %s", got)
	}
	if got := run(func(context.Context, int) (*result.Result, error) {
		return result.Tool(result.Content(content.Image("not base64", "image/png")))
	}); got != invalid {
		t.Errorf("invalid output: %s", got)
	}
	if got := run(func(context.Context, int) (*result.Result, error) {
		return nil, &result.ClientError{Message: ""} // breaks the rules itself
	}); got != invalid {
		t.Errorf("invalid client error: %s", got)
	}
	wrapped := func(context.Context, int) (*result.Result, error) {
		return nil, errors.Join(errors.New("context"), &result.ClientError{Message: "Nope.", Code: "nope"})
	}
	if got := run(wrapped); got != `{"content":[{"type":"text","text":"Nope."}],"isError":true,"_meta":{"io.github.mcpresult/errorCode":"nope"}}` {
		t.Errorf("wrapped client error: %s", got)
	}
	if len(private) != 4 {
		t.Errorf("private errors reported: %d, want 4", len(private))
	}
}

func TestReviewRegressions(t *testing.T) {
	r, err := result.FromValue(json.Number("12"))
	if err != nil || r.String() != `{"content":[{"type":"text","text":"12"}],"isError":false}` {
		t.Errorf("json.Number as an ordinary value: %v %v", r, err)
	}
	r, err = result.FromValue(status("ok"))
	if err != nil || r.String() != `{"content":[{"type":"text","text":"ok"}],"isError":false}` {
		t.Errorf("named string as an ordinary value: %v %v", r, err)
	}

	h := result.Guard(func(context.Context, int) (*result.Result, error) { return nil, errors.New("x") },
		func(context.Context, error) { panic("onError failed") })
	if got := h(context.Background(), 0); !got.IsError() {
		t.Errorf("Guard with a panicking onError: %v", got)
	}

	if _, err := result.Serialize(nil, result.SerializeOptions{}); err == nil {
		t.Error("Serialize(nil) must be an error")
	}

	_, err = result.Tool(result.Content(content.Text("x")), result.WithCanonicalization(content.Canonicalization(9)))
	if e := asError(err); e == nil || e.Code != "invalid_option" || e.Path != "/canonicalization" {
		t.Errorf("an invalid mode must be invalid_option: %v", err)
	}

	// Go values given as options read as the same values given as JSON.
	for _, tc := range []struct {
		kind string
		req  content.Value
		want string
	}{
		{result.KindError, content.NewObject(content.Str("message", content.FromGo("boom")), content.Str("code", content.FromGo("e1"))),
			`{"content":[{"type":"text","text":"boom"}],"isError":true,"_meta":{"io.github.mcpresult/errorCode":"e1"}}`},
		{result.KindTool, content.FromGo(map[string]any{"content": []any{map[string]any{"type": "text", "text": "hi"}}, "maxJsonBytes": 1000, "canonicalization": "json"}),
			`{"content":[{"type":"text","text":"hi"}],"isError":false}`},
	} {
		r, err := result.Build(tc.kind, tc.req, result.BuildOptions{})
		if err != nil || r.String() != tc.want {
			t.Errorf("%s from Go values: %v %v", tc.kind, r, err)
		}
	}

	type secret struct{ Token string }
	_, err = result.Tool(result.Content(content.Text("x")), result.Meta(secret{"t"}))
	if e := asError(err); e == nil || e.Code != "unsupported_value" || e.Path != "/meta" {
		t.Errorf("a struct as _meta in strict mode: %v", err)
	}
}
