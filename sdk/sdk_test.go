package sdk_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/host"
	"github.com/mcpresult/mcpresult/result"
	"github.com/mcpresult/mcpresult/sdk"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// secret is the private detail of the failing handlers.
const secret = "postgres://admin:hunter2@10.0.0.7/prod"

// privateLog collects what OnError receives.
type privateLog struct {
	mu   sync.Mutex
	errs []error
}

func (l *privateLog) onError(_ context.Context, err error) {
	l.mu.Lock()
	l.errs = append(l.errs, err)
	l.mu.Unlock()
}

func (l *privateLog) take() []error {
	l.mu.Lock()
	defer l.mu.Unlock()
	errs := l.errs
	l.errs = nil
	return errs
}

type noArgs struct{}

// newServer is a server with one tool or resource of each kind the tests
// need, its results written natively or through e (a *host.Host, say).
func newServer(t *testing.T, e sdk.Engine, log *privateLog) *mcp.Server {
	t.Helper()
	s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "1.0.0"}, nil)
	a, err := sdk.New(s, &sdk.Options{OnError: log.onError, Engine: e})
	if err != nil {
		t.Fatal(err)
	}
	ordered, err := content.ParseJSON([]byte(`{"zeta":1,"alpha":12345678901234567890,"mid":0.1000}`))
	if err != nil {
		t.Fatal(err)
	}
	tools := []struct {
		name   string
		schema any
		h      sdk.ToolHandler[noArgs]
	}{
		{"ordered", json.RawMessage(`{"type":"object"}`), func(context.Context, *mcp.CallToolRequest, noArgs) (*result.Result, error) {
			return result.Tool(result.StructuredContent(ordered), result.Meta(ordered))
		}},
		{"array", json.RawMessage(`{"type":"array","items":{"type":"integer"}}`), func(context.Context, *mcp.CallToolRequest, noArgs) (*result.Result, error) {
			return result.Tool(result.StructuredContent([]int{1, 2}))
		}},
		{"mismatch", json.RawMessage(`{"type":"object","required":["n"]}`), func(context.Context, *mcp.CallToolRequest, noArgs) (*result.Result, error) {
			return result.Tool(result.StructuredContent(map[string]any{"m": 1}))
		}},
		{"missing", json.RawMessage(`{"type":"object"}`), func(context.Context, *mcp.CallToolRequest, noArgs) (*result.Result, error) {
			return result.Tool(result.Content(content.Text("no structured content")))
		}},
		{"client-error", nil, func(context.Context, *mcp.CallToolRequest, noArgs) (*result.Result, error) {
			return nil, &result.ClientError{Message: "Say which city.", Code: "weather.no_city"}
		}},
		{"private", nil, func(context.Context, *mcp.CallToolRequest, noArgs) (*result.Result, error) {
			return nil, errors.New("dial " + secret)
		}},
		{"panic", nil, func(context.Context, *mcp.CallToolRequest, noArgs) (*result.Result, error) {
			panic("ledger at " + secret)
		}},
		{"resource-kind", nil, func(context.Context, *mcp.CallToolRequest, noArgs) (*result.Result, error) {
			return result.Resource(result.Contents(content.TextResource("file:///a", "a")))
		}},
		{"revision", nil, func(ctx context.Context, _ *mcp.CallToolRequest, _ noArgs) (*result.Result, error) {
			return result.Tool(result.Content(content.Text(sdk.ProtocolVersion(ctx))))
		}},
		{"link", nil, func(context.Context, *mcp.CallToolRequest, noArgs) (*result.Result, error) {
			return result.Tool(result.Content(content.ResourceLink("file:///report.pdf", "report.pdf")))
		}},
	}
	for _, tool := range tools {
		if err := sdk.AddTool(a, &mcp.Tool{Name: tool.name, OutputSchema: tool.schema}, tool.h); err != nil {
			t.Fatal(err)
		}
	}
	type city struct {
		City string `json:"city"`
	}
	if err := sdk.AddTool(a, &mcp.Tool{Name: "echo"}, func(_ context.Context, _ *mcp.CallToolRequest, in city) (*result.Result, error) {
		return result.Tool(result.Content(content.Text(in.City)))
	}); err != nil {
		t.Fatal(err)
	}
	resources := []struct {
		uri string
		h   sdk.ResourceHandler
	}{
		{"file:///readme.md", func(_ context.Context, req *mcp.ReadResourceRequest) (*result.Result, error) {
			return result.Resource(result.Contents(content.TextResource(req.Params.URI, "# Hi\n", content.WithMeta(ordered))))
		}},
		{"file:///client-error", func(context.Context, *mcp.ReadResourceRequest) (*result.Result, error) {
			return nil, &result.ClientError{Message: "Not yet published.", Code: "docs.unpublished"}
		}},
		{"file:///not-found", func(_ context.Context, req *mcp.ReadResourceRequest) (*result.Result, error) {
			return nil, mcp.ResourceNotFoundError(req.Params.URI)
		}},
		{"file:///private", func(context.Context, *mcp.ReadResourceRequest) (*result.Result, error) {
			return nil, errors.New("open " + secret)
		}},
		{"file:///panic", func(context.Context, *mcp.ReadResourceRequest) (*result.Result, error) {
			panic(secret)
		}},
		{"file:///tool-kind", func(context.Context, *mcp.ReadResourceRequest) (*result.Result, error) {
			return result.Tool(result.Content(content.Text("a tool result")))
		}},
	}
	for _, r := range resources {
		if err := a.AddResource(&mcp.Resource{URI: r.uri, Name: r.uri}, r.h); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// rawClient speaks JSON-RPC to a server over the SDK's in-memory
// transport, and sees every byte of every response.
type rawClient struct {
	conn mcp.Connection
	next int64
	// answered is the revision the server answered initialize with (""
	// for a stateless client)
	answered string
}

// connect opens a session; version is sent in initialize, or, from
// 2026-07-28 on with stateless set, in the _meta of every request.
func connect(t *testing.T, s *mcp.Server, version string, stateless bool) *rawClient {
	t.Helper()
	serverEnd, clientEnd := mcp.NewInMemoryTransports()
	ss, err := s.Connect(t.Context(), serverEnd, nil)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := clientEnd.Connect(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(); ss.Wait() })
	c := &rawClient{conn: conn}
	if stateless {
		return &rawClient{conn: conn, next: -1 - int64(len(version))} // marks: meta per request (see call)
	}
	res, rpcErr := c.call(t, "", "initialize", map[string]any{"protocolVersion": version, "capabilities": map[string]any{},
		"clientInfo": map[string]any{"name": "raw", "version": "1"}})
	if rpcErr != nil {
		t.Fatal(rpcErr)
	}
	var init struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	if err := json.Unmarshal(res, &init); err != nil {
		t.Fatal(err)
	}
	c.answered = init.ProtocolVersion
	if err := conn.Write(t.Context(), &jsonrpc.Request{Method: "notifications/initialized", Params: json.RawMessage(`{}`)}); err != nil {
		t.Fatal(err)
	}
	return c
}

// call sends a request and returns its raw result or its error; meta, when
// not "", is the revision sent in the request's _meta.
func (c *rawClient) call(t *testing.T, meta, method string, params map[string]any) (json.RawMessage, *jsonrpc.Error) {
	t.Helper()
	if c.next < 0 {
		c.next = 0
	}
	c.next++
	if meta != "" {
		params["_meta"] = map[string]any{
			"io.modelcontextprotocol/protocolVersion":    meta,
			"io.modelcontextprotocol/clientInfo":         map[string]any{"name": "raw", "version": "1"},
			"io.modelcontextprotocol/clientCapabilities": map[string]any{},
		}
	}
	p, err := json.Marshal(params)
	if err != nil {
		t.Fatal(err)
	}
	id, _ := jsonrpc.MakeID(float64(c.next))
	if err := c.conn.Write(t.Context(), &jsonrpc.Request{ID: id, Method: method, Params: p}); err != nil {
		t.Fatal(err)
	}
	for {
		msg, err := c.conn.Read(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		resp, ok := msg.(*jsonrpc.Response)
		if !ok || resp.ID != id {
			continue
		}
		if resp.Error != nil {
			var we *jsonrpc.Error
			if !errors.As(resp.Error, &we) {
				t.Fatalf("%s: %v", method, resp.Error)
			}
			return nil, we
		}
		return resp.Result, nil
	}
}

func (c *rawClient) tool(t *testing.T, meta, name string, args map[string]any) string {
	t.Helper()
	res, err := c.call(t, meta, "tools/call", map[string]any{"name": name, "arguments": args})
	if err != nil {
		t.Fatalf("tools/call %s: %v", name, err)
	}
	return string(res)
}

// TestToolResults: each tool's result as the client reads it, for each
// revision, natively and through the module.
func TestToolResults(t *testing.T) {
	h, err := host.New(t.Context(), host.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(context.Background())

	// The client gets the very bytes mcpresult wrote: key order, an
	// integer past 2^53, isError false (0.1000 is written 0.1 by mcpresult
	// itself).
	ordered := `{"zeta":1,"alpha":12345678901234567890,"mid":0.1}`
	fallback := `{"type":"text","text":"{\"zeta\":1,\"alpha\":12345678901234567890,\"mid\":0.1}"}`
	invalid := `{"content":[{"type":"text","text":"tool output was invalid"}],"isError":true}`
	failed := `{"content":[{"type":"text","text":"tool execution failed"}],"isError":true}`
	tests := []struct {
		tool    string
		version string
		want    string // the raw result
		private string // the error OnError must get, "" for none
	}{
		{"ordered", "2025-06-18", `{"content":[` + fallback + `],"structuredContent":` + ordered + `,"isError":false,"_meta":` + ordered + `}`, ""},
		{"ordered", "2025-03-26", `{"content":[` + fallback + `],"isError":false,"_meta":` + ordered + `}`, ""},
		{"array", "2025-11-25", `{"content":[{"type":"text","text":"[1,2]"}],"structuredContent":{"result":[1,2]},"isError":false}`, ""},
		{"array", "2025-06-18", `{"content":[{"type":"text","text":"[1,2]"}],"structuredContent":{"result":[1,2]},"isError":false}`, ""},
		{"array", "2024-11-05", `{"content":[{"type":"text","text":"[1,2]"}],"isError":false}`, ""},
		{"link", "2025-06-18", `{"content":[{"type":"resource_link","uri":"file:///report.pdf","name":"report.pdf"}],"isError":false}`, ""},
		{"link", "2025-03-26", `{"content":[{"type":"text","text":"Resource: report.pdf file:///report.pdf"}],"isError":false}`, ""},
		{"mismatch", "2025-11-25", invalid, "does not match the tool's output schema"},
		{"missing", "2025-11-25", invalid, "has no structured content"},
		{"client-error", "2025-11-25", `{"content":[{"type":"text","text":"Say which city."}],"isError":true,"_meta":{"io.github.mcpresult/errorCode":"weather.no_city"}}`, ""},
		{"private", "2025-11-25", failed, "dial " + secret},
		{"panic", "2024-11-05", failed, "panicked"},
		{"resource-kind", "2025-11-25", invalid, "a tool handler returned a resource result"},
	}
	for _, engine := range []struct {
		name string
		h    *host.Host
	}{{"native", nil}, {"wasm", h}} {
		log := &privateLog{}
		s := newServer(t, engine.h, log)
		for _, tc := range tests {
			t.Run(engine.name+"/"+tc.tool+"/"+tc.version, func(t *testing.T) {
				c := connect(t, s, tc.version, false)
				if got := c.tool(t, "", tc.tool, map[string]any{}); got != tc.want {
					t.Errorf("got  %s\nwant %s", got, tc.want)
				}
				errs := log.take()
				switch {
				case tc.private == "" && len(errs) > 0:
					t.Errorf("OnError got %v", errs)
				case tc.private != "" && (len(errs) != 1 || !strings.Contains(fmt.Sprint(errs[0]), tc.private) && !isPanic(errs[0])):
					t.Errorf("OnError got %v, want one with %q", errs, tc.private)
				}
			})
		}
	}
}

func isPanic(err error) bool {
	var p *result.PanicError
	return errors.As(err, &p) && strings.Contains(fmt.Sprint(p.Value), secret)
}

// TestNegotiatedRevision: results are written for the revision the server
// answered initialize with, not the one the client asked for, and for the
// revision in a stateless request's _meta.
func TestNegotiatedRevision(t *testing.T) {
	s := newServer(t, nil, &privateLog{})
	wrapped := `{"content":[{"type":"text","text":"[1,2]"}],"structuredContent":{"result":[1,2]},"isError":false}`
	tests := []struct {
		name      string
		asked     string
		stateless bool
		want      string
	}{
		// The SDK answers initialize with 2025-11-25 for a revision it does
		// not speak, and for 2026-07-28, which has no initialize.
		{"unknown revision", "2024-10-07", false, wrapped},
		{"2026-07-28 in initialize", "2026-07-28", false, wrapped},
		// The SDK adds resultType and the server identity to the result of
		// a stateless request; its _meta keys are sorted, isError false left
		// out.
		{"2026-07-28 stateless", "2026-07-28", true, `{"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"test","version":"1.0.0"}},"content":[{"type":"text","text":"[1,2]"}],"structuredContent":[1,2],"resultType":"complete"}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := connect(t, s, tc.asked, tc.stateless)
			meta := ""
			if tc.stateless {
				meta = tc.asked
			}
			if got := c.tool(t, meta, "array", map[string]any{}); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
			// The handler reads the revision its result is written for.
			revision := `"2025-11-25"`
			if tc.stateless {
				revision = `"2026-07-28"`
			}
			if got := c.tool(t, meta, "revision", map[string]any{}); !strings.Contains(got, `"text":`+revision) {
				t.Errorf("sdk.ProtocolVersion: got %s, want %s", got, revision)
			}
		})
	}
}

// TestOutputSchemas: tools/list writes each output schema for the
// session's revision.
func TestOutputSchemas(t *testing.T) {
	s := newServer(t, nil, &privateLog{})
	tests := []struct {
		version string
		want    string // the array tool's outputSchema, "" for none
	}{
		{"2024-11-05", ""},
		{"2025-03-26", ""},
		{"2025-06-18", `{"type":"object","properties":{"result":{"type":"array","items":{"type":"integer"}}},"required":["result"]}`},
		{"2025-11-25", `{"type":"object","properties":{"result":{"type":"array","items":{"type":"integer"}}},"required":["result"]}`},
		{"2026-07-28", `{"type":"array","items":{"type":"integer"}}`},
	}
	for _, tc := range tests {
		t.Run(tc.version, func(t *testing.T) {
			stateless := tc.version >= "2026-07-28"
			c := connect(t, s, tc.version, stateless)
			meta := ""
			if stateless {
				meta = tc.version
			}
			raw, rpcErr := c.call(t, meta, "tools/list", map[string]any{})
			if rpcErr != nil {
				t.Fatal(rpcErr)
			}
			var list struct {
				Tools []struct {
					Name         string          `json:"name"`
					OutputSchema json.RawMessage `json:"outputSchema"`
				} `json:"tools"`
			}
			if err := json.Unmarshal(raw, &list); err != nil {
				t.Fatal(err)
			}
			found := false
			for _, tool := range list.Tools {
				if tool.Name == "array" {
					found = true
					if string(tool.OutputSchema) != tc.want {
						t.Errorf("outputSchema %s, want %s", tool.OutputSchema, tc.want)
					}
				}
			}
			if !found {
				t.Errorf("tools/list has no tool array: %s", raw)
			}
		})
	}
}

// TestResourceResults: resources/read, its results and its errors.
func TestResourceResults(t *testing.T) {
	log := &privateLog{}
	s := newServer(t, nil, log)
	tests := []struct {
		uri, version string
		want         string // the raw result, or the JSON-RPC error as code: message
		private      bool
	}{
		{"file:///readme.md", "2025-11-25", `{"contents":[{"uri":"file:///readme.md","text":"# Hi\n","_meta":{"zeta":1,"alpha":12345678901234567890,"mid":0.1}}]}`, false},
		{"file:///readme.md", "2025-03-26", `{"contents":[{"uri":"file:///readme.md","text":"# Hi\n"}]}`, false},
		{"file:///client-error", "2025-11-25", `-32602: Not yet published.`, false},
		{"file:///not-found", "2025-11-25", `-32602: Resource not found`, false},
		{"file:///private", "2025-11-25", `-32603: ` + sdk.ResourceReadFailedText, true},
		{"file:///panic", "2025-11-25", `-32603: ` + sdk.ResourceReadFailedText, true},
		{"file:///tool-kind", "2025-11-25", `-32603: ` + sdk.InvalidResourceOutputText, true},
	}
	for _, tc := range tests {
		t.Run(tc.uri+"/"+tc.version, func(t *testing.T) {
			c := connect(t, s, tc.version, false)
			raw, rpcErr := c.call(t, "", "resources/read", map[string]any{"uri": tc.uri})
			got := string(raw)
			if rpcErr != nil {
				got = fmt.Sprintf("%d: %s", rpcErr.Code, rpcErr.Message)
				if strings.Contains(string(rpcErr.Data), secret) {
					t.Errorf("the secret reached the client: %s", rpcErr.Data)
				}
			}
			if got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
			if errs := log.take(); (len(errs) > 0) != tc.private {
				t.Errorf("OnError got %v", errs)
			}
		})
	}
}

// TestArguments: the SDK validates and decodes the arguments, as for
// mcp.AddTool.
func TestArguments(t *testing.T) {
	s := newServer(t, nil, &privateLog{})
	c := connect(t, s, "2025-11-25", false)
	if got, want := c.tool(t, "", "echo", map[string]any{"city": "Paris"}), `{"content":[{"type":"text","text":"Paris"}],"isError":false}`; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if got := c.tool(t, "", "echo", map[string]any{"city": 1}); !strings.Contains(got, `"isError":true`) {
		t.Errorf("arguments that do not match the input schema: got %s", got)
	}
}

// TestRegistrationErrors: what cannot be registered is an error with a
// code and a path, never a panic.
func TestRegistrationErrors(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "1.0.0"}, nil)
	a, err := sdk.New(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	ok := func(context.Context, *mcp.CallToolRequest, noArgs) (*result.Result, error) { return nil, nil }
	tests := []struct {
		name string
		add  func() error
		code content.Code
		path string
	}{
		{"nil server", func() error { _, err := sdk.New(nil, nil); return err }, content.CodeInvalidValue, ""},
		{"bad settings", func() error {
			_, err := sdk.New(s, &sdk.Options{Settings: result.Settings{MaxJSONBytes: 1}})
			return err
		}, content.CodeInvalidOption, "/maxJsonBytes"},
		{"nil tool", func() error { return sdk.AddTool(a, nil, ok) }, content.CodeInvalidValue, ""},
		{"schema not JSON", func() error {
			return sdk.AddTool(a, &mcp.Tool{Name: "t", OutputSchema: json.RawMessage(`{"type":`)}, ok)
		}, content.CodeInvalidJSON, "/outputSchema"},
		{"schema not a schema", func() error {
			return sdk.AddTool(a, &mcp.Tool{Name: "t", OutputSchema: []int{1}}, ok)
		}, content.CodeInvalidType, "/outputSchema"},
		{"schema does not compile", func() error {
			return sdk.AddTool(a, &mcp.Tool{Name: "t", OutputSchema: json.RawMessage(`{"type":7}`)}, ok)
		}, content.CodeInvalidValue, "/outputSchema"},
		{"input not an object", func() error {
			return sdk.AddTool(a, &mcp.Tool{Name: "t"}, func(context.Context, *mcp.CallToolRequest, int) (*result.Result, error) { return nil, nil })
		}, content.CodeInvalidValue, ""},
		// An ECMAScript pattern Go's regexp cannot compile is accepted, as
		// JavaScript clients accept it (and matches every string).
		{"lookahead pattern", func() error {
			return sdk.AddTool(a, &mcp.Tool{Name: "t", OutputSchema: json.RawMessage(`{"type":"object","properties":{"s":{"type":"string","pattern":"^(?!x)"}}}`)}, ok)
		}, "", ""},
		{"resource URI not a URI", func() error {
			return a.AddResource(&mcp.Resource{URI: "%zz", Name: "r"}, func(context.Context, *mcp.ReadResourceRequest) (*result.Result, error) { return nil, nil })
		}, content.CodeInvalidValue, "/uri"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.add()
			if tc.code == "" {
				if err != nil {
					t.Errorf("got %v, want no error", err)
				}
				return
			}
			var e *content.Error
			if !errors.As(err, &e) || e.Code != tc.code || e.Path != tc.path {
				t.Errorf("got %v, want %s at %q", err, tc.code, tc.path)
			}
		})
	}
}

// TestStreamableHTTP: over Streamable HTTP, stateful or stateless, clients
// of different revisions at once each get results for their own.
func TestStreamableHTTP(t *testing.T) {
	for _, stateless := range []bool{false, true} {
		t.Run(fmt.Sprintf("stateless=%v", stateless), func(t *testing.T) {
			s := newServer(t, nil, &privateLog{})
			handler := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{Stateless: stateless})
			srv := httptest.NewServer(handler)
			defer srv.Close()
			// The array tool's structured content as the client holds it, by
			// the revision negotiated: a client asking for 2026-07-28 gets
			// 2025-11-25 from a stateful server, which the SDK serves with
			// initialize.
			want := map[string]string{
				"2024-11-05": "null",
				"2025-03-26": "null",
				"2025-06-18": `{"result":[1,2]}`,
				"2025-11-25": `{"result":[1,2]}`,
				"2026-07-28": `[1,2]`,
			}
			versions := []string{"2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"}
			var wg sync.WaitGroup
			for _, version := range versions {
				wg.Go(func() {
					client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil)
					cs, err := client.Connect(t.Context(), &mcp.StreamableClientTransport{Endpoint: srv.URL}, &mcp.ClientSessionOptions{ProtocolVersion: version})
					if err != nil {
						t.Errorf("%s: %v", version, err)
						return
					}
					defer cs.Close()
					negotiated := cs.InitializeResult().ProtocolVersion
					if negotiated != version && (stateless || version != "2026-07-28" || negotiated != "2025-11-25") {
						t.Errorf("asked for %s, negotiated %s", version, negotiated)
					}
					for range 3 {
						res, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: "array", Arguments: map[string]any{}})
						if err != nil {
							t.Errorf("%s: %v", version, err)
							return
						}
						if got, _ := json.Marshal(res.StructuredContent); string(got) != want[negotiated] {
							t.Errorf("%s: structuredContent %s, want %s", negotiated, got, want[negotiated])
						}
					}
				})
			}
			wg.Wait()
		})
	}
}

// TestListsForRevision: the SDK writes ttlMs and cacheScope on every list
// result whatever the revision; a client of a revision with initialize is
// sent none, one of 2026-07-28 what the SDK writes, and every other member
// is left as the SDK writes it.
func TestListsForRevision(t *testing.T) {
	s := newServer(t, nil, &privateLog{})
	s.AddPrompt(&mcp.Prompt{Name: "p"}, func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return &mcp.GetPromptResult{}, nil
	})
	s.AddResourceTemplate(&mcp.ResourceTemplate{Name: "t", URITemplate: "file:///{name}"}, func(context.Context, *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		return nil, mcp.ResourceNotFoundError("")
	})
	lists := map[string]string{"tools/list": "tools", "resources/list": "resources", "resources/templates/list": "resourceTemplates", "prompts/list": "prompts"}
	for _, version := range []string{"2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"} {
		stateless := version == "2026-07-28"
		c := connect(t, s, version, stateless)
		meta := ""
		if stateless {
			meta = version
		}
		for method, member := range lists {
			raw, rpcErr := c.call(t, meta, method, map[string]any{})
			if rpcErr != nil {
				t.Fatalf("%s %s: %v", version, method, rpcErr)
			}
			var got map[string]json.RawMessage
			if err := json.Unmarshal(raw, &got); err != nil {
				t.Fatal(err)
			}
			var items []json.RawMessage
			if err := json.Unmarshal(got[member], &items); err != nil || len(items) == 0 {
				t.Errorf("%s %s: no %s in %s", version, method, member, raw)
			}
			_, ttl := got["ttlMs"]
			_, scope := got["cacheScope"]
			if !stateless && (ttl || scope) {
				t.Errorf("%s %s: sent ttlMs or cacheScope, which the revision lacks: %s", version, method, raw)
			}
			if stateless && !ttl {
				t.Errorf("%s %s: the SDK's ttlMs is gone at 2026-07-28: %s", version, method, raw)
			}
		}
	}
}
