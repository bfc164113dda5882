package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/host"
	"github.com/mcpresult/mcpresult/result"
	"github.com/mcpresult/mcpresult/sdk"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// serverInfoKey is where the SDK puts the server identity in _meta for
// 2026-07-28.
const serverInfoKey = mcp.MetaKeyServerInfo

// secret is the part of inventoryDSN that must never reach a client.
const secret = "hunter2"

// wasm is the one Host of the test run: the module is compiled once.
var wasm *host.Host

func TestMain(m *testing.M) {
	ctx := context.Background()
	h, err := host.New(ctx, host.Config{})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	wasm = h
	code := m.Run()
	if err := h.Close(ctx); err != nil {
		fmt.Fprintln(os.Stderr, "closing the host:", err)
		code = 1
	}
	os.Exit(code)
}

// errLog is the server's onError: what it received.
type errLog struct {
	mu   sync.Mutex
	errs []error
}

func (l *errLog) add(_ context.Context, err error) {
	l.mu.Lock()
	l.errs = append(l.errs, err)
	l.mu.Unlock()
}

func (l *errLog) take() []error {
	l.mu.Lock()
	defer l.mu.Unlock()
	e := l.errs
	l.errs = nil
	return e
}

// call is one request of the client: a tool call, or a resources/read when
// uri is set.
type call struct {
	name string
	tool string
	args map[string]any
	uri  string
}

var calls = []call{
	{name: "text", tool: "greet", args: map[string]any{"name": "Ada"}},
	{name: "image", tool: "chart"},
	{name: "audio", tool: "speak"},
	{name: "resource link", tool: "docs-link"},
	{name: "embedded resource", tool: "config"},
	{name: "mixed", tool: "report"},
	{name: "structured", tool: "forecast", args: map[string]any{"city": "Paris", "days": 2}},
	{name: "structured and text", tool: "inventory"},
	{name: "client error", tool: "forecast", args: map[string]any{"city": "Atlantis", "days": 1}},
	{name: "private error", tool: "sync"},
	{name: "panic", tool: "crash"},
	{name: "budget", tool: "export"},
	{name: "resource", uri: "memory://reports/q3"},
}

// outcome is what one call gave.
type outcome struct {
	got     []byte                  // what the client received, marshalled
	tool    *mcp.CallToolResult     // the client's result of a tool call
	read    *mcp.ReadResourceResult // the client's result of a resources/read
	written []byte                  // what mcpresult wrote on the server
	errs    []error                 // what onError received meanwhile
}

// session is everything one client saw for a revision.
type session struct {
	tools    []byte // tools/list, marshalled
	list     *mcp.ListToolsResult
	outcomes map[string]outcome
}

// written is what mcpresult writes for a call's result at a revision,
// the handler called directly with the server's settings, as the adapter
// calls it; nil for the calls whose result is an error the adapter makes
// (a client error, a private failure, a result over the budget), which
// expect checks, and for a result the revision cannot carry within the
// budget.
func written(t *testing.T, c call, version string) []byte {
	t.Helper()
	ctx := result.ContextWithSettings(context.Background(), result.Settings{MaxJSONBytes: maxJSONBytes})
	var r *result.Result
	var err error
	switch c.name {
	case "client error", "private error", "panic", "budget":
		return nil
	case "resource":
		r, err = readReport(ctx, &mcp.ReadResourceRequest{Params: &mcp.ReadResourceParams{URI: c.uri}})
	case "text":
		r, err = greet(ctx, nil, greetArgs{Name: c.args["name"].(string)})
	case "structured":
		r, err = forecast(ctx, nil, forecastArgs{City: c.args["city"].(string), Days: c.args["days"].(int)})
	default:
		h := map[string]func(context.Context, *mcp.CallToolRequest, none) (*result.Result, error){
			"chart": chart, "speak": speak, "docs-link": docsLink, "config": config, "report": report, "inventory": inventory,
		}[c.tool]
		r, err = h(ctx, nil, none{})
	}
	if err != nil {
		t.Fatalf("%s: %v", c.name, err)
	}
	b, err := result.Serialize(r, result.SerializeOptions{ProtocolVersion: version})
	if err != nil {
		return nil
	}
	return b
}

// runSession connects the SDK's client to a new server of the variant over
// the SDK's in-memory transports, negotiating version, and makes every call.
func runSession(t *testing.T, h *host.Host, version string) *session {
	t.Helper()
	ctx := context.Background()
	log := &errLog{}
	st, ct := mcp.NewInMemoryTransports()
	server, err := newServer(h, log.add)
	if err != nil {
		t.Fatal(err)
	}
	ss, err := server.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "v1.0.0"}, nil)
	cs, err := client.Connect(ctx, ct, &mcp.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		cs.Close()
		ss.Wait()
	}()
	if ir := cs.InitializeResult(); version < result.V20260728 && (ir == nil || ir.ProtocolVersion != version) {
		t.Fatalf("asked for %s, negotiated %+v", version, ir)
	}

	s := &session{outcomes: map[string]outcome{}}
	if s.list, err = cs.ListTools(ctx, nil); err != nil {
		t.Fatal(err)
	}
	s.tools = marshal(t, s.list)
	for _, c := range calls {
		var o outcome
		if c.uri != "" {
			o.read, err = cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: c.uri})
			if err == nil {
				o.got = marshal(t, o.read)
			}
		} else {
			o.tool, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: c.tool, Arguments: c.args})
			if err == nil {
				o.got = marshal(t, o.tool)
			}
		}
		if err != nil {
			t.Fatalf("%s: %s: %v", version, c.name, err)
		}
		o.written = written(t, c, version)
		o.errs = log.take()
		s.outcomes[c.name] = o
	}
	return s
}

func marshal(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestServer runs every call for every revision with both variants, checks
// what the client received, and that both variants gave it the same bytes.
func TestServer(t *testing.T) {
	for _, version := range sdk.ProtocolVersions() {
		t.Run(version, func(t *testing.T) {
			sessions := map[string]*session{
				"native": runSession(t, nil, version),
				"wasm":   runSession(t, wasm, version),
			}
			for variant, s := range sessions {
				t.Run(variant, func(t *testing.T) { checkSession(t, version, s) })
			}

			// The client received the same bytes from both variants.
			n, w := sessions["native"], sessions["wasm"]
			if !bytes.Equal(n.tools, w.tools) {
				t.Errorf("tools/list differs:\nnative %s\nwasm   %s", short(n.tools), short(w.tools))
			}
			for _, c := range calls {
				no, wo := n.outcomes[c.name], w.outcomes[c.name]
				if !bytes.Equal(no.got, wo.got) {
					t.Errorf("%s: the client received different bytes:\nnative %s\nwasm   %s", c.name, short(no.got), short(wo.got))
				}
			}
		})
	}
}

func checkSession(t *testing.T, version string, s *session) {
	// Nothing the client received holds the secret.
	if bytes.Contains(s.tools, []byte(secret)) {
		t.Errorf("tools/list holds the secret: %s", s.tools)
	}
	for _, c := range calls {
		o := s.outcomes[c.name]
		if bytes.Contains(o.got, []byte(secret)) {
			t.Errorf("%s: the client received the secret: %s", c.name, short(o.got))
		}
		// What the client received is what mcpresult writes, less what the
		// SDK adds or leaves out (see sameResult).
		if o.written == nil {
			// checked by expect
		} else if err := sameResult(version, o.written, o.got); err != nil {
			t.Errorf("%s: %v\nwritten  %s\nreceived %s", c.name, err, short(o.written), short(o.got))
		}
		// Only the private failures reach onError.
		switch c.name {
		case "private error", "panic", "budget", "structured and text": // checked below
		default:
			if len(o.errs) != 0 {
				t.Errorf("%s: onError received %v", c.name, o.errs)
			}
		}
		check := expect[c.name]
		if c.uri != "" {
			check = nil
			checkResource(t, o.read)
		}
		if check != nil {
			check(t, version, o)
		}
	}
	checkToolList(t, version, s.list)
}

// sameResult reports whether what the client received (marshalled from the
// SDK's types) is, as JSON values, what mcpresult wrote, but for what the
// SDK owns: resultType and the server identity in _meta (2026-07-28), ttlMs
// and cacheScope (resource results), and isError false, which it leaves out.
func sameResult(version string, written, got []byte) error {
	var w, g map[string]any
	if err := json.Unmarshal(written, &w); err != nil {
		return fmt.Errorf("written: %v", err)
	}
	if err := json.Unmarshal(got, &g); err != nil {
		return fmt.Errorf("received: %v", err)
	}
	if rt, ok := g["resultType"]; ok != (version >= result.V20260728) || (ok && rt != "complete") {
		return fmt.Errorf("resultType %v for %s", rt, version)
	}
	delete(g, "resultType")
	if m, ok := g["_meta"].(map[string]any); ok {
		if _, ok := m[serverInfoKey]; ok != (version >= result.V20260728) {
			return fmt.Errorf("server identity in _meta: %v for %s", ok, version)
		}
		delete(m, serverInfoKey)
		if len(m) == 0 {
			delete(g, "_meta")
		}
	}
	if _, ok := w["contents"]; ok {
		delete(g, "ttlMs")
		delete(g, "cacheScope")
	} else if _, ok := g["isError"]; !ok {
		g["isError"] = false
	}
	if !reflect.DeepEqual(w, g) {
		return errors.New("the client did not receive what mcpresult wrote")
	}
	return nil
}

var (
	png64 = base64.StdEncoding.EncodeToString(pngBytes)
	wav64 = base64.StdEncoding.EncodeToString(wavBytes)
	pdf64 = base64.StdEncoding.EncodeToString(pdfBytes)
)

// expect checks each tool call's result as the client's types hold it.
var expect = map[string]func(t *testing.T, version string, o outcome){
	"text": func(t *testing.T, _ string, o outcome) {
		r := ok(t, o, 1)
		text(t, r.Content[0], "Hello, Ada!")
	},
	"image": func(t *testing.T, _ string, o outcome) {
		r := ok(t, o, 1)
		image(t, r.Content[0])
		has(t, o.got, `"data":"`+png64+`"`)
	},
	"audio": func(t *testing.T, version string, o outcome) {
		r := ok(t, o, 1)
		if version == result.V20241105 { // no audio in that revision
			text(t, r.Content[0], "[audio omitted: audio/wav]")
			return
		}
		a, _ := r.Content[0].(*mcp.AudioContent)
		if a == nil || !bytes.Equal(a.Data, wavBytes) || a.MIMEType != "audio/wav" {
			t.Errorf("audio: %#v", r.Content[0])
		}
		has(t, o.got, `"data":"`+wav64+`"`)
	},
	"resource link": func(t *testing.T, version string, o outcome) {
		r := ok(t, o, 1)
		if version < result.V20250618 { // no resource_link before 2025-06-18
			text(t, r.Content[0], "Resource: q3.pdf file:///reports/q3.pdf")
			return
		}
		link(t, r.Content[0], &mcp.ResourceLink{URI: "file:///reports/q3.pdf", Name: "q3.pdf", Title: "Q3 report",
			MIMEType: "application/pdf", Size: ptr(int64(len(pdfBytes)))})
	},
	"embedded resource": func(t *testing.T, _ string, o outcome) {
		r := ok(t, o, 1)
		e, _ := r.Content[0].(*mcp.EmbeddedResource)
		want := &mcp.ResourceContents{URI: "file:///etc/app/config.json", MIMEType: "application/json", Text: `{"debug":false,"port":8080}`}
		if e == nil || !reflect.DeepEqual(e.Resource, want) {
			t.Errorf("embedded resource: %#v", r.Content[0])
		}
	},
	"mixed": func(t *testing.T, version string, o outcome) {
		r := ok(t, o, 4)
		tc, _ := r.Content[0].(*mcp.TextContent)
		if tc == nil || tc.Text != "Q3 revenue by region." ||
			!reflect.DeepEqual(tc.Annotations, &mcp.Annotations{Audience: []mcp.Role{"user"}, Priority: 0.9}) {
			t.Errorf("mixed: block 0: %#v", r.Content[0])
		}
		// A block's _meta is in revisions from 2025-06-18 on.
		if wantMeta := version >= result.V20250618; tc != nil && (tc.Meta["com.example/lang"] == "en") != wantMeta {
			t.Errorf("mixed: block 0 _meta %v for %s", tc.Meta, version)
		}
		image(t, r.Content[1])
		e, _ := r.Content[2].(*mcp.EmbeddedResource)
		if e == nil || e.Resource == nil || e.Resource.URI != "file:///reports/q3.pdf" ||
			e.Resource.MIMEType != "application/pdf" || !bytes.Equal(e.Resource.Blob, pdfBytes) {
			t.Errorf("mixed: block 2: %#v", r.Content[2])
		}
		has(t, o.got, `"blob":"`+pdf64+`"`)
		if version < result.V20250618 {
			text(t, r.Content[3], "Resource: q3.csv file:///reports/q3.csv")
		} else {
			link(t, r.Content[3], &mcp.ResourceLink{URI: "file:///reports/q3.csv", Name: "q3.csv", MIMEType: "text/csv"})
		}
		if r.Meta["com.example/elapsedMs"] != 12.0 {
			t.Errorf("mixed: _meta %v", r.Meta)
		}
	},
	"structured": func(t *testing.T, version string, o outcome) {
		r := ok(t, o, 1)
		days := `[{"day":1,"high":22.5,"low":11},{"day":2,"high":23.5,"low":12}]`
		text(t, r.Content[0], days) // the fallback holds its compact JSON
		switch {
		case version >= result.V20260728:
			jsonEq(t, "structuredContent", r.StructuredContent, days)
		case version >= result.V20250618: // only an object: wrapped
			jsonEq(t, "structuredContent", r.StructuredContent, `{"result":`+days+`}`)
		default: // no structuredContent: the text block holds it
			if r.StructuredContent != nil {
				t.Errorf("structuredContent %v for %s", r.StructuredContent, version)
			}
		}
	},
	"structured and text": func(t *testing.T, version string, o outcome) {
		if version < result.V20250618 {
			// The text copy of the structured content these revisions need
			// takes the result over the budget.
			failed(t, o, result.InvalidOutputText)
			if len(o.errs) != 1 || !errors.Is(o.errs[0], content.CodeMaxBytes) {
				t.Errorf("structured and text: onError received %v", o.errs)
			}
			return
		}
		if len(o.errs) != 0 {
			t.Errorf("structured and text: onError received %v", o.errs)
		}
		r := ok(t, o, 1)
		text(t, r.Content[0], "2000 items in stock.")
		sc, _ := r.StructuredContent.(map[string]any)
		if items, _ := sc["items"].([]any); len(items) != 2000 {
			t.Errorf("structured and text: structuredContent has %d items", len(items))
		}
		if len(o.written) > maxJSONBytes {
			t.Errorf("structured and text: %d bytes", len(o.written))
		}
	},
	"client error": func(t *testing.T, _ string, o outcome) {
		r := failed(t, o, "Unknown city. Known cities: Paris, Tokyo.")
		if r.Meta[result.ErrorCodeKey] != "weather.unknown_city" {
			t.Errorf("client error: _meta %v", r.Meta)
		}
	},
	"private error": func(t *testing.T, _ string, o outcome) {
		failed(t, o, result.ExecutionFailedText)
		if len(o.errs) != 1 || !strings.Contains(o.errs[0].Error(), inventoryDSN) {
			t.Errorf("private error: onError received %v", o.errs)
		}
	},
	"panic": func(t *testing.T, _ string, o outcome) {
		failed(t, o, result.ExecutionFailedText)
		var p *result.PanicError
		if len(o.errs) != 1 || !errors.As(o.errs[0], &p) || !strings.Contains(fmt.Sprint(p.Value), inventoryDSN) || len(p.Stack) == 0 {
			t.Errorf("panic: onError received %v", o.errs)
		}
	},
	"budget": func(t *testing.T, _ string, o outcome) {
		failed(t, o, result.InvalidOutputText)
		if len(o.errs) != 1 || !errors.Is(o.errs[0], content.CodeMaxBytes) {
			t.Errorf("budget: onError received %v", o.errs)
		}
	},
}

// ok checks a successful tool result of n blocks.
func ok(t *testing.T, o outcome, n int) *mcp.CallToolResult {
	t.Helper()
	r := o.tool
	if r.IsError || len(r.Content) != n {
		t.Fatalf("want %d blocks and no error, got %s", n, short(o.got))
	}
	return r
}

// failed checks a tool error of one text block, without any _meta but the
// error code and the server identity, and without structured content.
func failed(t *testing.T, o outcome, msg string) *mcp.CallToolResult {
	t.Helper()
	r := o.tool
	if !r.IsError || len(r.Content) != 1 || r.StructuredContent != nil {
		t.Fatalf("want one text block and isError, got %s", short(o.got))
	}
	text(t, r.Content[0], msg)
	for k := range r.Meta {
		if k != result.ErrorCodeKey && k != serverInfoKey {
			t.Errorf("unexpected _meta %q in %s", k, short(o.got))
		}
	}
	return r
}

// short is the start of a long JSON text, for messages.
func short(b []byte) string {
	if len(b) > 400 {
		return string(b[:400]) + "…"
	}
	return string(b)
}

func text(t *testing.T, c mcp.Content, want string) {
	t.Helper()
	if tc, _ := c.(*mcp.TextContent); tc == nil || tc.Text != want {
		t.Errorf("want text %q, got %#v", want, c)
	}
}

func image(t *testing.T, c mcp.Content) {
	t.Helper()
	if ic, _ := c.(*mcp.ImageContent); ic == nil || !bytes.Equal(ic.Data, pngBytes) || ic.MIMEType != "image/png" {
		t.Errorf("want the PNG, got %#v", c)
	}
}

func link(t *testing.T, c mcp.Content, want *mcp.ResourceLink) {
	t.Helper()
	if l, _ := c.(*mcp.ResourceLink); l == nil || !reflect.DeepEqual(l, want) {
		t.Errorf("want resource link %+v, got %#v", want, c)
	}
}

func has(t *testing.T, got []byte, s string) {
	t.Helper()
	if !bytes.Contains(got, []byte(s)) {
		t.Errorf("%s does not hold %s", short(got), s)
	}
}

// jsonEq checks that v is, as JSON, the value of want.
func jsonEq(t *testing.T, what string, v any, want string) {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var g, w any
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(g, w) {
		t.Errorf("%s: got %s, want %s", what, b, want)
	}
}

func ptr[T any](v T) *T { return &v }

func checkResource(t *testing.T, r *mcp.ReadResourceResult) {
	t.Helper()
	want := []*mcp.ResourceContents{
		{URI: "memory://reports/q3", MIMEType: "text/csv", Text: "region,revenue\nEMEA,42\nAPAC,37\n"},
		{URI: "memory://reports/q3/chart.png", MIMEType: "image/png", Blob: pngBytes},
	}
	if !reflect.DeepEqual(r.Contents, want) {
		got, _ := json.Marshal(r.Contents)
		t.Errorf("resource: %s", got)
	}
}

// checkToolList checks the output schemas advertised: as the revision
// defines them for forecast (an array schema) and inventory (an object
// schema), and none for the other tools.
func checkToolList(t *testing.T, version string, list *mcp.ListToolsResult) {
	t.Helper()
	forecast := `{"type":"array","items":{"type":"object","properties":{"day":{"type":"integer"},"high":{"type":"number"},"low":{"type":"number"}},"required":["day","high","low"]}}`
	inventory := `{"type":"object","properties":{"items":{"type":"array","items":{"type":"object","properties":{"sku":{"type":"string"},"qty":{"type":"integer"}},"required":["sku","qty"]}}},"required":["items"]}`
	if len(list.Tools) != 11 {
		t.Errorf("%d tools", len(list.Tools))
	}
	for _, tool := range list.Tools {
		var want string
		switch {
		case version < result.V20250618: // no outputSchema in these revisions
		case tool.Name == "inventory":
			want = inventory
		case tool.Name == "forecast" && version >= result.V20260728:
			want = forecast
		case tool.Name == "forecast": // only an object schema: wrapped
			want = `{"type":"object","properties":{"result":` + forecast + `},"required":["result"]}`
		}
		if want == "" {
			if tool.OutputSchema != nil {
				t.Errorf("%s: outputSchema %v for %s", tool.Name, tool.OutputSchema, version)
			}
			continue
		}
		jsonEq(t, tool.Name+": outputSchema", tool.OutputSchema, want)
	}
}
