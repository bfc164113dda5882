//go:build !wasip1

package result_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/engine"
	"github.com/mcpresult/mcpresult/internal/vectortest"
	"github.com/mcpresult/mcpresult/result"
)

// These tests pin the Go API as the latest change left it: errors matched
// with errors.Is and errors.As, value-receiver Result methods, a copied
// ProtocolVersions, nil maps as "no meta", JavaScript timestamps, Go values
// as object keys, FromValue and the …FromContext builders with settings,
// Validate and SerializeValue on plain Go values, and Validate's stage.

// apiError returns the *result.Error in err's chain (errors.As), or nil.
func apiError(err error) *result.Error {
	var e *result.Error
	if errors.As(err, &e) {
		return e
	}
	return nil
}

// wantAPIError fails unless err has code at path, found both with errors.Is
// and errors.As.
func wantAPIError(t *testing.T, what string, err error, code content.Code, path string) {
	t.Helper()
	if err == nil {
		t.Errorf("%s: no error, want %s at %q", what, code, path)
		return
	}
	e := apiError(err)
	if e == nil {
		t.Errorf("%s: errors.As finds no *result.Error in %v", what, err)
		return
	}
	if !errors.Is(err, code) || e.Code != code || e.Path != path {
		t.Errorf("%s: got %s at %q (%v), want %s at %q", what, e.Code, e.Path, err, code, path)
	}
}

// textJSON is the JSON of a tool result with one text block holding text.
func textJSON(text string) string {
	q, _ := engine.AppendJSON(nil, content.NewString(text), content.Wire)
	return `{"content":[{"type":"text","text":` + string(q) + `}],"isError":false}`
}

// structured returns the compact JSON of r's structured content.
func structured(t *testing.T, r *result.Result) string {
	t.Helper()
	sc, ok := r.AsValue().Get("structuredContent")
	if !ok {
		t.Fatalf("no structuredContent in %s", r)
	}
	b, err := engine.AppendJSON(nil, sc, content.Wire)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestAPIErrorsIsAndAs(t *testing.T) {
	for _, tc := range []struct {
		name  string
		build func() (*result.Result, error)
		code  content.Code
		other content.Code
		path  string
	}{
		{"max_bytes", func() (*result.Result, error) {
			return result.Tool(result.Content(content.Text(strings.Repeat("x", 600))), result.MaxJSONBytes(512))
		}, content.CodeMaxBytes, content.CodeMaxNodes, ""},
		{"content_required", func() (*result.Result, error) { return result.Tool(result.Content()) },
			content.CodeContentRequired, content.CodeMaxBytes, "/content"},
		{"unknown_option", func() (*result.Result, error) {
			return result.Resource(result.Contents(), result.IsError(true))
		}, content.CodeUnknownOption, content.CodeUnknownField, "/isError"},
		{"invalid_base64", func() (*result.Result, error) {
			return result.Tool(result.Content(content.Text("x"), content.Image("not base64", "image/png")))
		}, content.CodeInvalidBase64, content.CodeInvalidMIMEType, "/content/1/data"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := tc.build()
			if r != nil || err == nil {
				t.Fatalf("got %v, %v; want an error", r, err)
			}
			for how, e := range map[string]error{
				"as returned":   err,
				"wrapped":       fmt.Errorf("handler: %w", err),
				"wrapped twice": fmt.Errorf("outer: %w", fmt.Errorf("inner: %w", err)),
				"joined":        errors.Join(errors.New("other"), err),
			} {
				if !errors.Is(e, tc.code) {
					t.Errorf("%s: errors.Is(err, %s) is false: %v", how, tc.code, e)
				}
				if errors.Is(e, tc.other) {
					t.Errorf("%s: errors.Is(err, %s) is true: %v", how, tc.other, e)
				}
				if errors.Is(e, errors.New(string(tc.code))) {
					t.Errorf("%s: a plain error with the code's text matches", how)
				}
				var re *result.Error
				if !errors.As(e, &re) || re.Code != tc.code || re.Path != tc.path {
					t.Errorf("%s: errors.As gives %+v, want %s at %q", how, re, tc.code, tc.path)
				}
			}
		})
	}
	if errors.Is(errors.New("max_bytes"), content.CodeMaxBytes) {
		t.Error("a plain error with the text max_bytes matches the code")
	}

	codes := content.Codes()
	seen := map[content.Code]bool{}
	for _, c := range codes {
		if c == "" {
			t.Error("content.Codes holds an empty code")
		}
		if seen[c] {
			t.Errorf("content.Codes holds %q twice", c)
		}
		seen[c] = true
		if c.Error() != string(c) {
			t.Errorf("Code(%q).Error() = %q", c, c.Error())
		}
		if !errors.Is(content.NewError(c, "", "m"), c) {
			t.Errorf("errors.Is(NewError(%s), %s) is false", c, c)
		}
	}
	if len(codes) < 30 {
		t.Errorf("content.Codes lists only %d codes", len(codes))
	}
}

type apiHolder struct {
	V result.Result  `json:"v"`
	P *result.Result `json:"p"`
}

func TestAPIResultMarshalsAsItsJSON(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts []result.Option
	}{
		{"structured", []result.Option{result.StructuredContent(map[string]any{"ok": true, "n": 2})}},
		{"resource link", []result.Option{result.Content(content.ResourceLink("https://x.example/a?b=1", "a"))}},
		// encoding/json rewrites what MarshalJSON returns with HTML escaping
		// (<, >, & and U+2028/U+2029) unless told not to: the same value,
		// and the same bytes through an Encoder with SetEscapeHTML(false).
		{"html and line separators", []result.Option{result.Content(content.Text("<b>a & b</b>\u2028"))}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := result.Tool(tc.opts...)
			if err != nil {
				t.Fatal(err)
			}
			want := string(r.JSON())
			for how, v := range map[string]any{"Result": *r, "*Result": r} {
				b, err := marshalNoHTMLEscape(v)
				if err != nil || string(b) != want {
					t.Errorf("Encoder.Encode(%s) = %s, %v; want %s", how, b, err, want)
				}
				b, err = json.Marshal(v)
				if err != nil || !sameJSONValue(t, b, r.JSON()) {
					t.Errorf("json.Marshal(%s) = %s, %v; want the value of %s", how, b, err, want)
				}
			}
			b, err := marshalNoHTMLEscape(apiHolder{V: *r, P: r})
			if w := `{"v":` + want + `,"p":` + want + `}`; err != nil || string(b) != w {
				t.Errorf("struct fields: %s, %v; want %s", b, err, w)
			}
			m, err := r.MarshalJSON()
			if err != nil || string(m) != want {
				t.Fatalf("MarshalJSON = %s, %v", m, err)
			}
			m[0] = 'X'
			if string(r.JSON()) != want {
				t.Error("MarshalJSON shares its bytes with the result")
			}
		})
	}

	t.Run("zero Result", func(t *testing.T) {
		for how, v := range map[string]any{
			"Result":       result.Result{},
			"*Result":      &result.Result{},
			"struct field": apiHolder{},
		} {
			b, err := json.Marshal(v)
			if err == nil {
				t.Errorf("%s: json.Marshal = %s, want an error", how, b)
				continue
			}
			if !errors.Is(err, content.CodeInvalidValue) || apiError(err) == nil {
				t.Errorf("%s: %v is not invalid_value", how, err)
			}
		}
		if _, err := (result.Result{}).MarshalJSON(); !errors.Is(err, content.CodeInvalidValue) {
			t.Errorf("MarshalJSON of the zero Result: %v", err)
		}
	})

	t.Run("nil *Result field", func(t *testing.T) {
		r, _ := result.Tool(result.Content(content.Text("x")))
		b, err := json.Marshal(struct {
			V result.Result  `json:"v"`
			P *result.Result `json:"p"`
		}{V: *r})
		if want := `{"v":` + string(r.JSON()) + `,"p":null}`; err != nil || string(b) != want {
			t.Errorf("got %s, %v; want %s", b, err, want)
		}
	})
}

func TestAPIProtocolVersionsIsACopy(t *testing.T) {
	want := []string{result.V20241105, result.V20250326, result.V20250618, result.V20251125, result.V20260728}
	got := result.ProtocolVersions()
	if !slices.Equal(got, want) {
		t.Fatalf("ProtocolVersions() = %v, want %v", got, want)
	}
	got[0] = "mutated"
	slices.Reverse(got)
	other := result.ProtocolVersions()
	other[1] = "also mutated"
	again := result.ProtocolVersions()
	if !slices.Equal(again, want) {
		t.Fatalf("after mutating returned slices, ProtocolVersions() = %v", again)
	}

	r, err := result.Tool(result.StructuredContent([]any{1, 2}))
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range again {
		out, err := result.Serialize(r, result.SerializeOptions{ProtocolVersion: v, Finalize: &result.Finalize{}})
		if err != nil {
			t.Errorf("Serialize for %s: %v", v, err)
			continue
		}
		parsed, err := content.ParseJSON(out)
		if err != nil {
			t.Fatalf("Serialize for %s wrote invalid JSON: %v", v, err)
		}
		rep, err := result.Validate(parsed, result.ValidateOptions{ProtocolVersion: v})
		if err != nil || !rep.Valid {
			t.Errorf("output for %s does not validate: %v %v\n%s", v, err, rep.Errors, out)
		}
	}
	_, err = result.Serialize(r, result.SerializeOptions{ProtocolVersion: "mutated"})
	wantAPIError(t, "mutated version", err, content.CodeUnsupportedProtocolVersion, "/protocolVersion")
}

func TestAPINilMapMeta(t *testing.T) {
	text := result.Content(content.Text("x"))
	base, err := result.Tool(text)
	if err != nil {
		t.Fatal(err)
	}
	withMeta, err := result.Tool(text, result.Meta(map[string]any{"com.example/k": 1}))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		opts []result.Option
		want *result.Result
	}{
		{"Meta(map[string]any(nil))", []result.Option{text, result.Meta(map[string]any(nil))}, base},
		{"Meta(nil)", []result.Option{text, result.Meta(nil)}, base},
		{"Meta(map[string]int(nil))", []result.Option{text, result.Meta(map[string]int(nil))}, base},
		{"Meta(map[string]string(nil))", []result.Option{text, result.Meta(map[string]string(nil))}, base},
		{"Meta(empty map)", []result.Option{text, result.Meta(map[string]any{})}, base},
		{"nil meta then a meta is not a duplicate", []result.Option{text, result.Meta(nil), result.Meta(map[string]any{"com.example/k": 1})}, withMeta},
	} {
		r, err := result.Tool(tc.opts...)
		if err != nil || string(r.JSON()) != string(tc.want.JSON()) {
			t.Errorf("%s: got %v, %v; want %s", tc.name, r, err, tc.want)
		}
	}

	res, _ := result.Resource(result.Contents())
	if r, err := result.Resource(result.Contents(), result.Meta(map[string]any(nil))); err != nil || r.String() != res.String() {
		t.Errorf("resource with a nil meta: %v, %v; want %s", r, err, res)
	}

	for name, opt := range map[string]content.Option{
		"WithMeta(map[string]any(nil))": content.WithMeta(map[string]any(nil)),
		"WithMeta(nil)":                 content.WithMeta(nil),
		"WithMeta(map[string]int(nil))": content.WithMeta(map[string]int(nil)),
	} {
		r, err := result.Tool(result.Content(content.Text("x", opt)))
		if err != nil || r.String() != base.String() {
			t.Errorf("block %s: got %v, %v; want %s", name, r, err, base)
		}
		c, err := result.Resource(result.Contents(content.TextResource("file:///a", "x", opt)))
		if err != nil || c.String() != `{"contents":[{"uri":"file:///a","text":"x"}]}` {
			t.Errorf("contents %s: got %v, %v", name, c, err)
		}
	}

	// JSON null given as a value is not "no meta": it is the wrong type.
	textBlock := content.NewArray(content.Text("x").AsValue())
	for _, tc := range []struct {
		name string
		kind string
		req  content.Value
		path string
	}{
		{"tool meta null", result.KindTool, content.NewObject(content.Str("content", textBlock), content.Str("meta", content.Null())), "/meta"},
		{"resource meta null", result.KindResource, content.NewObject(content.Str("contents", content.NewArray()), content.Str("meta", content.Null())), "/meta"},
		{"block _meta null", result.KindTool, content.NewObject(content.Str("content", content.NewArray(content.NewObject(
			content.Str("type", content.NewString("text")), content.Str("text", content.NewString("x")), content.Str("_meta", content.Null()))))), "/content/0/_meta"},
	} {
		_, err := result.Build(tc.kind, tc.req, result.BuildOptions{})
		wantAPIError(t, tc.name, err, content.CodeInvalidType, tc.path)
	}
	_, err = result.Tool(text, result.Meta(content.Null()))
	wantAPIError(t, "Meta(content.Null())", err, content.CodeInvalidType, "/meta")
}

func TestAPITimesInStructuredContent(t *testing.T) {
	ts := time.Date(2024, 1, 2, 3, 4, 5, 678_900_000, time.FixedZone("x", 3600))
	whole := time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)
	before := time.Date(1969, 12, 31, 23, 59, 59, 500_000_000, time.UTC)
	const want = `"2024-01-02T02:04:05.678Z"`
	for _, tc := range []struct {
		name string
		v    any
		want string
	}{
		{"time.Time", ts, want},
		{"*time.Time", &ts, want},
		{"whole seconds", whole, `"2024-01-02T03:04:05.000Z"`},
		{"*whole seconds", &whole, `"2024-01-02T03:04:05.000Z"`},
		{"before the epoch", before, `"1969-12-31T23:59:59.500Z"`},
		{"*before the epoch", &before, `"1969-12-31T23:59:59.500Z"`},
		{"nil *time.Time", (*time.Time)(nil), "null"},
		{"in a map", map[string]any{"a": ts, "b": &ts, "c": (*time.Time)(nil)}, `{"a":` + want + `,"b":` + want + `,"c":null}`},
		{"in a slice", []any{ts, &ts}, `[` + want + `,` + want + `]`},
		{"typed slice of pointers", []*time.Time{&ts, nil}, `[` + want + `,null]`},
	} {
		r, err := result.Tool(result.StructuredContent(tc.v), result.WithCanonicalization(content.JSON))
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if got := structured(t, r); got != tc.want {
			t.Errorf("%s: structuredContent %s, want %s", tc.name, got, tc.want)
		}
	}
}

func TestAPIGoValueKeys(t *testing.T) {
	for _, tc := range []struct {
		name string
		sc   content.Value
		want string
	}{
		{"FromGo key", content.NewObject(content.Member{Key: content.FromGo("k"), Value: content.FromGo(1)}), `{"k":1}`},
		{"FromGo key and Go map value", content.NewObject(
			content.Member{Key: content.FromGo("b"), Value: content.FromGo(map[string]any{"y": []any{true}, "x": "s"})},
			content.Member{Key: content.FromGo("a"), Value: content.Null()},
		), `{"b":{"x":"s","y":[true]},"a":null}`},
		{"FromGo key that needs escaping", content.NewObject(content.Member{Key: content.FromGo("q\"\n"), Value: content.FromGo("v")}), `{"q\"\n":"v"}`},
		{"nested", content.NewObject(content.Member{Key: content.FromGo("o"), Value: content.NewObject(
			content.Member{Key: content.FromGo("i"), Value: content.FromGo(2)})}), `{"o":{"i":2}}`},
	} {
		for _, mode := range []content.Canonicalization{content.Strict, content.JSON} {
			r, err := result.Tool(result.StructuredContent(tc.sc), result.WithCanonicalization(mode))
			if err != nil {
				t.Errorf("%s (%s): %v", tc.name, mode, err)
				continue
			}
			if got := structured(t, r); got != tc.want {
				t.Errorf("%s (%s): structuredContent %s, want %s", tc.name, mode, got, tc.want)
			}
			if want := textJSON(tc.want); !strings.HasPrefix(r.String(), strings.TrimSuffix(want, `,"isError":false}`)) {
				t.Errorf("%s (%s): fallback text wrong: %s", tc.name, mode, r)
			}
			for _, v := range result.ProtocolVersions() {
				if _, err := result.Serialize(r, result.SerializeOptions{ProtocolVersion: v, Format: content.JCS}); err != nil {
					t.Errorf("%s (%s): Serialize for %s: %v", tc.name, mode, v, err)
				}
			}
		}
	}

	r, err := result.Tool(result.Content(content.Text("x")),
		result.Meta(content.NewObject(content.Member{Key: content.FromGo("com.example/k"), Value: content.FromGo("v")})))
	if err != nil || r.String() != `{"content":[{"type":"text","text":"x"}],"isError":false,"_meta":{"com.example/k":"v"}}` {
		t.Errorf("FromGo key in meta: %v, %v", r, err)
	}

	_, err = result.Tool(result.StructuredContent(content.NewObject(
		content.Member{Key: content.FromGo("k"), Value: content.FromGo(1)},
		content.Str("k", content.NewInt(2)),
	)))
	wantAPIError(t, "a FromGo key and the same string key", err, content.CodeDuplicateKey, "/structuredContent/k")

	_, err = result.Tool(result.StructuredContent(content.NewObject(content.Member{Key: content.FromGo(1), Value: content.FromGo(1)})))
	if e := apiError(err); e == nil || e.Path != "/structuredContent" {
		t.Errorf("a FromGo(1) key: %v", err)
	}
}

type apiRow struct {
	Name string `json:"name"`
	N    int    `json:"n,omitempty"`
}

func TestAPIFromValue(t *testing.T) {
	ts := time.Date(2024, 1, 2, 3, 4, 5, 678_900_000, time.FixedZone("x", 3600))
	jsonMode := result.WithCanonicalization(content.JSON)
	for _, tc := range []struct {
		name string
		v    any
		opts []result.Option
		text string // the text of the one block, when there is no error
		code content.Code
		path string
	}{
		{"string verbatim", "x", nil, "x", "", ""},
		{"struct json", apiRow{"a", 2}, []result.Option{jsonMode}, `{"name":"a","n":2}`, "", ""},
		{"struct omitempty", apiRow{Name: "a"}, []result.Option{jsonMode}, `{"name":"a"}`, "", ""},
		{"pointer json", &apiRow{"p", 1}, []result.Option{jsonMode}, `{"name":"p","n":1}`, "", ""},
		{"time json", ts, []result.Option{jsonMode}, `"2024-01-02T02:04:05.678Z"`, "", ""},
		{"bytes json", []byte("hi"), []result.Option{jsonMode}, `"aGk="`, "", ""},
		{"raw message json", json.RawMessage(`{"b": 1, "a": [2, 3]}`), []result.Option{jsonMode}, `{"b":1,"a":[2,3]}`, "", ""},
		{"map strict", map[string]any{"b": 1, "a": "x"}, nil, `{"a":"x","b":1}`, "", ""},
		{"struct strict", apiRow{"a", 2}, nil, "", content.CodeUnsupportedValue, "/value"},
		{"time strict", ts, nil, "", content.CodeUnsupportedValue, "/value"},
		{"bytes strict", []byte("hi"), nil, "", content.CodeUnsupportedValue, "/value"},
		{"raw message strict", json.RawMessage(`{}`), nil, "", content.CodeUnsupportedValue, "/value"},
		{"struct explicit strict", apiRow{"a", 2}, []result.Option{result.WithCanonicalization(content.Strict)}, "", content.CodeUnsupportedValue, "/value"},
		{"too large", strings.Repeat("x", 600), []result.Option{result.MaxJSONBytes(512)}, "", content.CodeMaxBytes, ""},
		{"too large json text", []string{strings.Repeat("x", 600)}, []result.Option{result.MaxJSONBytes(512)}, "", content.CodeMaxBytes, ""},
		{"within budget", "small", []result.Option{result.MaxJSONBytes(512)}, "small", "", ""},
		{"Content option", "x", []result.Option{result.Content()}, "", content.CodeUnknownOption, "/content"},
		{"IsError option", "x", []result.Option{result.IsError(true)}, "", content.CodeUnknownOption, "/isError"},
		{"budget out of range", "x", []result.Option{result.MaxJSONBytes(100)}, "", content.CodeInvalidOption, "/maxJsonBytes"},
		{"mode twice", "x", []result.Option{jsonMode, jsonMode}, "", content.CodeDuplicateOption, "/canonicalization"},
	} {
		r, err := result.FromValue(tc.v, tc.opts...)
		if tc.code != "" {
			if r != nil {
				t.Errorf("%s: got a result %s", tc.name, r)
			}
			wantAPIError(t, tc.name, err, tc.code, tc.path)
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if got, want := r.String(), textJSON(tc.text); got != want {
			t.Errorf("%s: got %s, want %s", tc.name, got, want)
		}
		if _, ok := r.AsValue().Get("structuredContent"); ok || r.IsError() || r.Kind() != result.KindTool {
			t.Errorf("%s: not a plain tool result: %s", tc.name, r)
		}
	}
}

func TestAPIFromContextSettings(t *testing.T) {
	bg := context.Background()
	jsonCtx := result.ContextWithSettings(bg, result.Settings{Canonicalization: content.JSON})
	strictCtx := result.ContextWithSettings(bg, result.Settings{})
	smallCtx := result.ContextWithSettings(bg, result.Settings{MaxJSONBytes: 512, Canonicalization: content.JSON})
	ts := time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)
	contents := result.Contents(content.TextResource("file:///a", "x"))

	for _, tc := range []struct {
		name  string
		build func() (*result.Result, error)
		want  string
		code  content.Code
		path  string
	}{
		{"value: struct with json settings", func() (*result.Result, error) { return result.ValueFromContext(jsonCtx, apiRow{"a", 1}) },
			textJSON(`{"name":"a","n":1}`), "", ""},
		{"value: time with json settings", func() (*result.Result, error) { return result.ValueFromContext(jsonCtx, ts) },
			textJSON(`"2024-01-02T03:04:05.000Z"`), "", ""},
		{"value: struct with strict settings", func() (*result.Result, error) { return result.ValueFromContext(strictCtx, apiRow{"a", 1}) },
			"", content.CodeUnsupportedValue, "/value"},
		{"value: inherited budget", func() (*result.Result, error) { return result.ValueFromContext(smallCtx, strings.Repeat("x", 600)) },
			"", content.CodeMaxBytes, ""},
		{"value: no settings", func() (*result.Result, error) { return result.ValueFromContext(bg, "x") },
			"", content.CodeInvalidOption, ""},
		{"resource: inherits", func() (*result.Result, error) { return result.ResourceFromContext(jsonCtx, contents) },
			`{"contents":[{"uri":"file:///a","text":"x"}]}`, "", ""},
		{"resource: MaxJSONBytes not allowed", func() (*result.Result, error) {
			return result.ResourceFromContext(jsonCtx, contents, result.MaxJSONBytes(1000))
		}, "", content.CodeOptionNotAllowed, "/maxJsonBytes"},
		{"resource: always strict", func() (*result.Result, error) {
			return result.ResourceFromContext(jsonCtx, contents, result.Meta(apiRow{"a", 1}))
		}, "", content.CodeUnsupportedValue, "/meta"},
		{"resource: canonicalization is no option", func() (*result.Result, error) {
			return result.ResourceFromContext(jsonCtx, contents, result.WithCanonicalization(content.JSON))
		}, "", content.CodeUnknownOption, "/canonicalization"},
		{"resource: inherited budget", func() (*result.Result, error) {
			return result.ResourceFromContext(smallCtx, result.Contents(content.TextResource("file:///a", strings.Repeat("x", 600))))
		}, "", content.CodeMaxBytes, ""},
		{"resource: no settings", func() (*result.Result, error) { return result.ResourceFromContext(bg, contents) },
			"", content.CodeInvalidOption, ""},
		{"tool: no settings", func() (*result.Result, error) { return result.ToolFromContext(bg, result.Content(content.Text("x"))) },
			"", content.CodeInvalidOption, ""},
	} {
		r, err := tc.build()
		if tc.code != "" {
			if r != nil {
				t.Errorf("%s: got a result %s", tc.name, r)
			}
			wantAPIError(t, tc.name, err, tc.code, tc.path)
			continue
		}
		if err != nil || r.String() != tc.want {
			t.Errorf("%s: got %v, %v; want %s", tc.name, r, err, tc.want)
		}
	}
}

type apiBlock struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

type apiToolResult struct {
	Content []apiBlock `json:"content"`
	IsError bool       `json:"isError"`
}

// codesAndPaths lists findings as "code path", sorted.
func codesAndPaths(list []*result.Error) []string {
	out := make([]string, len(list))
	for i, e := range list {
		out[i] = string(e.Code) + " " + e.Path
	}
	slices.Sort(out)
	return out
}

func TestAPIValidatePlainGoValues(t *testing.T) {
	const valid = `{"content":[{"type":"text","text":"{\"city\":\"Paris\"}","annotations":{"priority":0.9}}],"structuredContent":{"city":"Paris","tempC":21},"isError":false}`
	const invalid = `{"content":[{"type":"image","data":"x","mimeType":"text/plain"}],"isError":"no","_meta":{"bad key":1}}`
	opts := result.ValidateOptions{ProtocolVersion: result.V20251125}
	for _, tc := range []struct {
		name  string
		json  string
		valid bool
		want  []string
	}{
		{"valid", valid, true, nil},
		{"invalid", invalid, false, []string{"invalid_base64 /content/0/data", "invalid_meta_key /_meta/bad key", "invalid_mime_type /content/0/mimeType", "invalid_type /isError"}},
	} {
		var plain any
		if err := json.Unmarshal([]byte(tc.json), &plain); err != nil {
			t.Fatal(err)
		}
		if _, ok := plain.(map[string]any); !ok {
			t.Fatalf("json.Unmarshal gave %T", plain)
		}
		dec := json.NewDecoder(strings.NewReader(tc.json))
		dec.UseNumber()
		var withNumbers any
		if err := dec.Decode(&withNumbers); err != nil {
			t.Fatal(err)
		}
		parsed, err := content.ParseJSON([]byte(tc.json))
		if err != nil {
			t.Fatal(err)
		}
		for how, v := range map[string]any{"map[string]any": plain, "json.Number": withNumbers, "content.Value": parsed} {
			rep, err := result.Validate(v, opts)
			if err != nil {
				t.Fatalf("%s %s: %v", tc.name, how, err)
			}
			if rep.Valid != tc.valid || !slices.Equal(codesAndPaths(rep.Errors), tc.want) {
				t.Errorf("%s %s: valid %v, errors %v; want %v %v", tc.name, how, rep.Valid, codesAndPaths(rep.Errors), tc.valid, tc.want)
			}
		}
	}

	goValue := apiToolResult{Content: []apiBlock{{"text", "hi"}}}
	rep, err := result.Validate(goValue, opts)
	if err != nil || rep.Valid || len(rep.Errors) != 1 || !errors.Is(rep.Errors[0], content.CodeUnsupportedValue) {
		t.Errorf("a struct in strict settings: %v %+v", err, rep)
	}
	rep, err = result.Validate(map[string]any{"content": []any{goValue.Content[0]}}, opts)
	if err != nil || rep.Valid || !slices.Equal(codesAndPaths(rep.Errors), []string{"unsupported_value /content/0"}) {
		t.Errorf("a struct inside a map in strict settings: %v %+v", err, rep)
	}
	jsonOpts := opts
	jsonOpts.Settings = result.Settings{Canonicalization: content.JSON}
	rep, err = result.Validate(goValue, jsonOpts)
	if err != nil || !rep.Valid || len(rep.Errors) != 0 {
		t.Errorf("a struct in json settings: %v %+v", err, rep)
	}
	rep, err = result.Validate(apiToolResult{Content: []apiBlock{{"bogus", "hi"}}}, jsonOpts)
	if err != nil || rep.Valid || len(rep.Errors) == 0 || rep.Errors[0].Path != "/content/0/type" {
		t.Errorf("an invalid struct in json settings: %v %+v", err, rep)
	}
	rep, err = result.Validate(&goValue, jsonOpts)
	if err != nil || !rep.Valid {
		t.Errorf("a pointer to a struct in json settings: %v %+v", err, rep)
	}

	// SerializeValue reads a plain Go value as the same value parsed as JSON.
	var plain any
	if err := json.Unmarshal([]byte(valid), &plain); err != nil {
		t.Fatal(err)
	}
	parsed, _ := content.ParseJSON([]byte(valid))
	optionSets := []content.Value{content.Null()}
	for _, v := range result.ProtocolVersions() {
		optionSets = append(optionSets, content.NewObject(
			content.Str("protocolVersion", content.NewString(v)), content.Str("finalize", content.NewBool(true))))
	}
	for _, o := range optionSets {
		want, err := vectortest.SerializeValue(result.Settings{}, parsed, o)
		if err != nil {
			t.Fatal(err)
		}
		got, err := vectortest.SerializeValue(result.Settings{}, plain, o)
		if err != nil || string(got) != string(want) {
			t.Errorf("options %v: map gives %s, %v; ParseJSON gives %s", o, got, err, want)
		}
	}
	if out, _ := vectortest.SerializeValue(result.Settings{}, plain, content.Null()); string(out) != valid {
		t.Errorf("SerializeValue with null options: %s, want %s", out, valid)
	}
}

func TestAPIValidateStage(t *testing.T) {
	parse := func(s string) content.Value {
		v, err := content.ParseJSON([]byte(s))
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	withType := parse(`{"resultType":"complete","content":[{"type":"text","text":"x"}],"isError":false}`)
	without := parse(`{"content":[{"type":"text","text":"x"}],"isError":false}`)
	for _, tc := range []struct {
		name  string
		v     content.Value
		stage string
		want  []string
	}{
		{"handler with resultType", withType, result.StageHandler, []string{"protocol_owned_field /resultType"}},
		{"handler without resultType", without, result.StageHandler, nil},
		{"wire with resultType", withType, result.StageWire, nil},
		{"default stage with resultType", withType, "", nil},
		{"wire without resultType", without, result.StageWire, []string{"missing_field /resultType"}},
	} {
		rep, err := result.Validate(tc.v, result.ValidateOptions{ProtocolVersion: result.V20260728, Stage: tc.stage})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := codesAndPaths(rep.Errors); !slices.Equal(got, tc.want) || rep.Valid != (len(tc.want) == 0) {
			t.Errorf("%s: valid %v, errors %v; want %v", tc.name, rep.Valid, got, tc.want)
		}
	}

	for _, stage := range []string{"bogus", "Wire", "handler "} {
		rep, err := result.Validate(without, result.ValidateOptions{Stage: stage})
		if rep != nil {
			t.Errorf("stage %q: got a report", stage)
		}
		wantAPIError(t, "stage "+stage, err, content.CodeInvalidOption, "/stage")
	}
	_, err := vectortest.ValidateValue(result.Settings{}, without, content.NewObject(content.Str("stage", content.NewString("bogus"))))
	wantAPIError(t, "ValidateValue stage bogus", err, content.CodeInvalidOption, "/stage")
}

// marshalNoHTMLEscape is json.Marshal without encoding/json's HTML escaping.
func marshalNoHTMLEscape(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// sameJSONValue reports whether a and b are JSON texts of the same value.
func sameJSONValue(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		t.Fatal(err)
	}
	return reflect.DeepEqual(x, y)
}
