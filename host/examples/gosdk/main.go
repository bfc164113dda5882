// Command gosdk is an MCP server on the official Go SDK
// (github.com/modelcontextprotocol/go-sdk) whose tool and resource handlers
// build their results with mcpresult instead of filling the SDK's structs by
// hand.
//
//	go run . -variant native   # handlers build with package result
//	go run . -variant wasm     # the same handlers build through package host
//
// It serves over stdin and stdout. The tools show one kind of result each:
// text (greet), an image from bytes (chart), audio (speak), a resource link
// (docs-link), an embedded resource (config), mixed content with annotations
// and _meta (report), structured content with its text fallback and an
// output schema (forecast, which also answers a client error with a code for
// a city it does not know), structured content beside its own text, which
// fits the budget except as an old client needs it (inventory), a private
// failure, as an error (sync) and as a panic (crash), and a result larger
// than the server's budget (export). The resource memory://reports/q3 has a
// text and a blob contents.
//
// # How a result reaches the SDK
//
// Each tool handler returns a *result.Result or an error, and result.Guard
// wraps it: a result is sent as it is, a *result.ClientError becomes its tool
// error (message and code), a *result.Error (a result that failed its checks,
// such as one over the byte budget) becomes "tool output was invalid", and
// any other error or a panic becomes "tool execution failed"; the detail of
// those two goes only to the server's onError. Guard itself is plain Go: in
// the wasm variant the handlers' results are built and serialized through the
// module, and the client error's result is built by Guard as natively (the
// bytes are the same either way).
//
// The result is then written for the protocol revision of the request with
// result.Serialize (host.Host.Serialize in the wasm variant), without
// Finalize: the SDK owns the protocol-owned fields and adds them itself
// (resultType and the server identity in _meta for 2026-07-28, ttlMs and
// cacheScope on resource results). The revision is req.ProtocolVersion(),
// which the SDK takes from the request's _meta for 2026-07-28 (which has no
// initialize) and from the session's initialize parameters for older
// revisions. The server only negotiates revisions that both the SDK and
// mcpresult know, so Serialize never meets a revision it cannot write.
//
// The serialized JSON becomes the SDK's *mcp.CallToolResult (or
// *mcp.ReadResourceResult) through the SDK's own UnmarshalJSON, which turns
// the content blocks into its Content types; structuredContent and every
// _meta are then set back to their JSON text as Serialize wrote it
// (json.RawMessage), because the SDK would otherwise decode them into
// map[string]any and float64, losing key order and integers past 2^53. See
// toCallToolResult for what the SDK's types cannot carry.
//
// Tools that return structured content advertise their output schema in
// tools/list for the revision of the request, through result.OutputSchema:
// as given for 2026-07-28, wrapped as {"result": …} when it is not an object
// schema for 2025-06-18 and 2025-11-25 (matching what Serialize writes for
// them), and left out for older revisions.
package main

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"log"
	"os"
	"slices"
	"strings"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/host"
	"github.com/mcpresult/mcpresult/result"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// builder is what the handlers build and write results with: package result
// natively (native), or the WebAssembly module (*host.Host), whose methods
// mirror package result with a context.
type builder interface {
	Tool(ctx context.Context, opts ...result.Option) (*result.Result, error)
	Resource(ctx context.Context, opts ...result.Option) (*result.Result, error)
	Serialize(ctx context.Context, r *result.Result, o result.SerializeOptions) ([]byte, error)
	OutputSchema(ctx context.Context, schema any, protocolVersion string) ([]byte, error)
}

// native builds with package result.
type native struct{}

func (native) Tool(_ context.Context, opts ...result.Option) (*result.Result, error) {
	return result.Tool(opts...)
}

func (native) Resource(_ context.Context, opts ...result.Option) (*result.Result, error) {
	return result.Resource(opts...)
}

func (native) Serialize(_ context.Context, r *result.Result, o result.SerializeOptions) ([]byte, error) {
	return result.Serialize(r, o)
}

func (native) OutputSchema(_ context.Context, schema any, protocolVersion string) ([]byte, error) {
	return result.OutputSchema(schema, protocolVersion)
}

var _ builder = (*host.Host)(nil)

// newBuilder returns the builder of a variant and the function that releases
// it: for wasm, one Host (the module compiled once, a pool of instances)
// shared by the whole server, closed at the end.
func newBuilder(ctx context.Context, variant string) (builder, func(context.Context) error, error) {
	switch variant {
	case "native":
		return native{}, func(context.Context) error { return nil }, nil
	case "wasm":
		h, err := host.New(ctx, host.Config{})
		if err != nil {
			return nil, nil, err
		}
		return h, h.Close, nil
	}
	return nil, nil, fmt.Errorf("unknown variant %q (native or wasm)", variant)
}

// maxJSONBytes is the server's budget: every result it builds must fit in
// it, or the build is refused (max_bytes) before it is written.
const maxJSONBytes = 64 << 10

// inventoryDSN is a secret that a failing handler's error (and a panicking
// one's value) carries: it must reach onError and never the client.
const inventoryDSN = "postgres://inventory:hunter2@10.0.0.7:5432/prod"

// A 1×1 transparent PNG, a tiny WAV file and the start of a PDF.
var (
	pngBytes, _ = base64.StdEncoding.DecodeString("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==")
	wavBytes    = []byte("RIFF$\x00\x00\x00WAVEfmt \x10\x00\x00\x00\x01\x00\x01\x00\x40\x1f\x00\x00\x40\x1f\x00\x00\x01\x00\x08\x00data\x00\x00\x00\x00")
	pdfBytes    = []byte("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n")
)

// forecastSchema is the output schema of forecast, whose structured content
// is an array (so that older clients get it wrapped as {"result": …}). Parsed
// with content.ParseJSON, it keeps its key order.
var forecastSchema = mustParse(`{"type":"array","items":{"type":"object","properties":{"day":{"type":"integer"},"high":{"type":"number"},"low":{"type":"number"}},"required":["day","high","low"]}}`)

// inventorySchema is the output schema of inventory: an object schema, the
// same for every revision that has outputSchema.
var inventorySchema = mustParse(`{"type":"object","properties":{"items":{"type":"array","items":{"type":"object","properties":{"sku":{"type":"string"},"qty":{"type":"integer"}},"required":["sku","qty"]}}},"required":["items"]}`)

func mustParse(s string) content.Value {
	v, err := content.ParseJSON([]byte(s))
	if err != nil {
		panic(err)
	}
	return v
}

// server holds what the handlers share.
type server struct {
	b       builder
	onError func(context.Context, error)
	schemas map[string]content.Value // output schemas as given, by tool name
}

// newServer returns the MCP server; onError receives the private detail of
// every failure the client only sees as a fixed text (it may be nil).
func newServer(b builder, onError func(context.Context, error)) *mcp.Server {
	s := &server{b: b, onError: onError, schemas: map[string]content.Value{}}
	ms := mcp.NewServer(&mcp.Implementation{Name: "mcpresult-gosdk", Version: "v1.0.0"},
		&mcp.ServerOptions{SupportedProtocolVersions: protocolVersions()})
	ms.AddReceivingMiddleware(s.outputSchemas)

	noArgs := json.RawMessage(`{"type":"object"}`)
	s.addTool(ms, &mcp.Tool{Name: "greet", Description: "Greets someone (text)",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}`)}, s.greet)
	s.addTool(ms, &mcp.Tool{Name: "chart", Description: "Draws the chart (image)", InputSchema: noArgs}, s.chart)
	s.addTool(ms, &mcp.Tool{Name: "speak", Description: "Reads the summary aloud (audio)", InputSchema: noArgs}, s.speak)
	s.addTool(ms, &mcp.Tool{Name: "docs-link", Description: "Links the full report (resource link)", InputSchema: noArgs}, s.docsLink)
	s.addTool(ms, &mcp.Tool{Name: "config", Description: "Shows the configuration (embedded resource)", InputSchema: noArgs}, s.config)
	s.addTool(ms, &mcp.Tool{Name: "report", Description: "Reports Q3 revenue (mixed content)", InputSchema: noArgs}, s.report)
	s.addStructuredTool(ms, &mcp.Tool{Name: "forecast", Description: "Forecasts the weather (structured content)",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"city":{"type":"string"},"days":{"type":"integer","minimum":1,"maximum":7}},"required":["city","days"]}`)},
		forecastSchema, s.forecast)
	s.addStructuredTool(ms, &mcp.Tool{Name: "inventory", Description: "Lists the stock (structured content and text)", InputSchema: noArgs},
		inventorySchema, s.inventory)
	s.addTool(ms, &mcp.Tool{Name: "sync", Description: "Syncs the inventory (fails privately)", InputSchema: noArgs}, s.sync)
	s.addTool(ms, &mcp.Tool{Name: "crash", Description: "Panics (fails privately)", InputSchema: noArgs}, s.crash)
	s.addTool(ms, &mcp.Tool{Name: "export", Description: "Exports every sale (over the budget)", InputSchema: noArgs}, s.export)

	ms.AddResource(&mcp.Resource{URI: "memory://reports/q3", Name: "q3", Title: "Q3 report"}, s.readReport)
	return ms
}

// protocolVersions are the revisions the server negotiates: those of the SDK
// that mcpresult also writes (all of them, for SDK v1.8.0), newest first.
func protocolVersions() []string {
	var vs []string
	for _, v := range mcp.SupportedProtocolVersions() {
		if slices.Contains(result.ProtocolVersions(), v) {
			vs = append(vs, v)
		}
	}
	return vs
}

// private passes a private error to onError.
func (s *server) private(ctx context.Context, err error) {
	if s.onError != nil {
		s.onError(ctx, err)
	}
}

type toolFunc func(context.Context, *mcp.CallToolRequest) (*result.Result, error)

// addTool registers a handler, guarded, whose result is written for the
// request's revision and handed to the SDK.
func (s *server) addTool(ms *mcp.Server, t *mcp.Tool, h toolFunc) {
	guarded := result.Guard(h, s.onError)
	ms.AddTool(t, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		version := req.ProtocolVersion()
		res, err := s.write(ctx, guarded(ctx, req), version)
		if err != nil {
			// The result was valid, but not as this revision writes it (the
			// text copy of its structured content that an old client needs
			// takes it over the budget, say): Guard's fixed result instead.
			s.private(ctx, err)
			if res, err = s.write(ctx, invalidOutput, version); err != nil {
				s.private(ctx, err)
				return nil, errors.New(result.InvalidOutputText)
			}
		}
		return res, nil
	})
}

// write serializes a tool result for a revision, as the SDK's type.
func (s *server) write(ctx context.Context, r *result.Result, version string) (*mcp.CallToolResult, error) {
	b, err := s.b.Serialize(ctx, r, result.SerializeOptions{ProtocolVersion: version})
	if err != nil {
		return nil, err
	}
	return toCallToolResult(b)
}

// invalidOutput is the result Guard gives for a result that failed its
// checks; addTool gives it for one that fails them only as written for the
// client's revision.
var invalidOutput = func() *result.Result {
	r, err := result.Tool(result.Content(content.Text(result.InvalidOutputText)), result.IsError(true))
	if err != nil {
		panic(err)
	}
	return r
}()

// addStructuredTool is addTool for a tool with an output schema, which
// tools/list advertises as the request's revision defines it (see
// outputSchemas). The tool is registered with the schema as 2026-07-28
// writes it; the schema is checked here, as the SDK checks its tools.
func (s *server) addStructuredTool(ms *mcp.Server, t *mcp.Tool, schema content.Value, h toolFunc) {
	b, err := result.OutputSchema(schema, result.LatestProtocolVersion)
	if err != nil {
		panic(fmt.Errorf("tool %q: output schema: %w", t.Name, err))
	}
	t.OutputSchema = json.RawMessage(b)
	s.schemas[t.Name] = schema
	s.addTool(ms, t, h)
}

// outputSchemas is a receiving middleware: in the result of tools/list, each
// output schema becomes what result.OutputSchema writes for the request's
// revision (nothing for a revision without outputSchema). The registered
// tools are not changed: a listed one is copied.
func (s *server) outputSchemas(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		res, err := next(ctx, method, req)
		list, ok := res.(*mcp.ListToolsResult)
		lr, okReq := req.(*mcp.ListToolsRequest)
		if err != nil || !ok || !okReq {
			return res, err
		}
		for i, t := range list.Tools {
			schema, ok := s.schemas[t.Name]
			if !ok {
				continue
			}
			b, err := s.b.OutputSchema(ctx, schema, lr.ProtocolVersion())
			if err != nil {
				s.private(ctx, err)
				return nil, errors.New("tools/list failed")
			}
			c := *t
			c.OutputSchema = nil
			if b != nil {
				c.OutputSchema = json.RawMessage(b)
			}
			list.Tools[i] = &c
		}
		return list, nil
	}
}

// toCallToolResult turns a tool result as Serialize wrote it into the SDK's
// result. The SDK's UnmarshalJSON makes its Content types (TextContent,
// ImageContent with the decoded bytes…); structuredContent and every _meta
// (the result's, a block's, embedded resource contents') are then set to
// their JSON text as written, which the SDK writes back verbatim.
//
// What the SDK's types cannot carry, and mcpresult can write: isError false
// (the SDK leaves it out: absent means false), a priority of 0 in
// annotations (left out, as if not given) and an empty text of resource
// contents (left out). The SDK also writes the fields of a block in its own
// order (image: type, mimeType, data). The handlers here stay clear of the
// lossy cases.
func toCallToolResult(b []byte) (*mcp.CallToolResult, error) {
	var res mcp.CallToolResult
	if err := json.Unmarshal(b, &res); err != nil {
		return nil, err
	}
	var raw struct {
		StructuredContent json.RawMessage `json:"structuredContent"`
		Meta              rawMeta         `json:"_meta"`
		Content           []rawBlock      `json:"content"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return nil, err
	}
	if raw.StructuredContent != nil { // JSON null included, as written
		res.StructuredContent = raw.StructuredContent
	}
	res.Meta = raw.Meta.meta()
	if len(raw.Content) != len(res.Content) {
		return nil, fmt.Errorf("the SDK read %d content blocks of %d", len(res.Content), len(raw.Content))
	}
	for i, c := range res.Content {
		m := raw.Content[i].Meta.meta()
		switch c := c.(type) {
		case *mcp.TextContent:
			c.Meta = m
		case *mcp.ImageContent:
			c.Meta = m
		case *mcp.AudioContent:
			c.Meta = m
		case *mcp.ResourceLink:
			c.Meta = m
		case *mcp.EmbeddedResource:
			c.Meta = m
			if c.Resource != nil && raw.Content[i].Resource != nil {
				c.Resource.Meta = raw.Content[i].Resource.Meta.meta()
			}
		default:
			return nil, fmt.Errorf("content block %d: unexpected %T", i, c)
		}
	}
	return &res, nil
}

// toReadResourceResult is toCallToolResult for a resource result.
func toReadResourceResult(b []byte) (*mcp.ReadResourceResult, error) {
	var res mcp.ReadResourceResult
	if err := json.Unmarshal(b, &res); err != nil {
		return nil, err
	}
	var raw struct {
		Meta     rawMeta `json:"_meta"`
		Contents []struct {
			Meta rawMeta `json:"_meta"`
		} `json:"contents"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return nil, err
	}
	if len(raw.Contents) != len(res.Contents) {
		return nil, fmt.Errorf("the SDK read %d contents of %d", len(res.Contents), len(raw.Contents))
	}
	res.Meta = raw.Meta.meta()
	for i, c := range res.Contents {
		c.Meta = raw.Contents[i].Meta.meta()
	}
	return &res, nil
}

// rawMeta is a _meta object whose values are kept as JSON text.
type rawMeta map[string]json.RawMessage

func (m rawMeta) meta() mcp.Meta {
	if m == nil {
		return nil
	}
	out := make(mcp.Meta, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

type rawBlock struct {
	Meta     rawMeta `json:"_meta"`
	Resource *struct {
		Meta rawMeta `json:"_meta"`
	} `json:"resource"`
}

// tool builds a tool result within the server's budget.
func (s *server) tool(ctx context.Context, opts ...result.Option) (*result.Result, error) {
	return s.b.Tool(ctx, append(opts, result.MaxJSONBytes(maxJSONBytes))...)
}

// clientError is the error a client may see (a *result.ClientError), or the
// *result.Error of a message or code that breaks the rules.
func clientError(message, code string) error {
	ce, err := result.NewClientError(message, code)
	if err != nil {
		return err
	}
	return ce
}

// args reads a tool's arguments; arguments that do not fit are a client
// error.
func args[T any](req *mcp.CallToolRequest) (T, error) {
	var v T
	if len(req.Params.Arguments) == 0 {
		return v, nil
	}
	if err := json.Unmarshal(req.Params.Arguments, &v); err != nil {
		return v, clientError("The arguments do not match the tool's input schema.", "invalid_arguments")
	}
	return v, nil
}

// ---------------------------------------------------------------- tools

func (s *server) greet(ctx context.Context, req *mcp.CallToolRequest) (*result.Result, error) {
	in, err := args[struct {
		Name string `json:"name"`
	}](req)
	if err != nil {
		return nil, err
	}
	if in.Name == "" {
		return nil, clientError("Say whom to greet: name is empty.", "greet.no_name")
	}
	return s.tool(ctx, result.Content(content.Text("Hello, "+in.Name+"!")))
}

func (s *server) chart(ctx context.Context, _ *mcp.CallToolRequest) (*result.Result, error) {
	return s.tool(ctx, result.Content(content.ImageBytes(pngBytes, "image/png")))
}

func (s *server) speak(ctx context.Context, _ *mcp.CallToolRequest) (*result.Result, error) {
	return s.tool(ctx, result.Content(content.AudioBytes(wavBytes, "audio/wav")))
}

func (s *server) docsLink(ctx context.Context, _ *mcp.CallToolRequest) (*result.Result, error) {
	return s.tool(ctx, result.Content(content.ResourceLink("file:///reports/q3.pdf", "q3.pdf",
		content.WithTitle("Q3 report"), content.WithMIMEType("application/pdf"), content.WithSize(int64(len(pdfBytes))))))
}

func (s *server) config(ctx context.Context, _ *mcp.CallToolRequest) (*result.Result, error) {
	return s.tool(ctx, result.Content(content.EmbeddedResource(
		content.TextResource("file:///etc/app/config.json", `{"debug":false,"port":8080}`, content.WithMIMEType("application/json")))))
}

func (s *server) report(ctx context.Context, _ *mcp.CallToolRequest) (*result.Result, error) {
	return s.tool(ctx,
		result.Content(
			content.Text("Q3 revenue by region.",
				content.WithAnnotations(content.Annotations{Audience: []content.Role{content.User}, Priority: content.Priority(0.9)}),
				content.WithMeta(map[string]any{"com.example/lang": "en"})),
			content.ImageBytes(pngBytes, "image/png"),
			content.EmbeddedResource(content.BlobResourceBytes("file:///reports/q3.pdf", pdfBytes, content.WithMIMEType("application/pdf"))),
			content.ResourceLink("file:///reports/q3.csv", "q3.csv", content.WithMIMEType("text/csv")),
		),
		result.Meta(map[string]any{"com.example/elapsedMs": 12}),
	)
}

// cities are forecast's known cities: the high and low of the first day.
var cities = map[string][2]float64{"Paris": {22.5, 11}, "Tokyo": {27, 19.5}}

func (s *server) forecast(ctx context.Context, req *mcp.CallToolRequest) (*result.Result, error) {
	in, err := args[struct {
		City string `json:"city"`
		Days int    `json:"days"`
	}](req)
	if err != nil {
		return nil, err
	}
	c, ok := cities[in.City]
	if !ok {
		return nil, clientError("Unknown city. Known cities: Paris, Tokyo.", "weather.unknown_city")
	}
	if in.Days < 1 || in.Days > 7 {
		return nil, clientError("days must be from 1 to 7.", "weather.bad_days")
	}
	days := make([]any, in.Days)
	for d := range days {
		days[d] = map[string]any{"day": d + 1, "high": c[0] + float64(d), "low": c[1] + float64(d)}
	}
	// No content: the text fallback is one text block with the compact JSON
	// of the structured content.
	return s.tool(ctx, result.StructuredContent(days))
}

// inventory returns a summary as text and the stock as structured content,
// about 58 KB: within the budget, except for a client of 2025-03-26 or
// older, which has no structuredContent and gets it as a text block instead,
// its quotes escaped (about 74 KB). Serialize refuses that (max_bytes), and
// such a client gets "tool output was invalid".
func (s *server) inventory(ctx context.Context, _ *mcp.CallToolRequest) (*result.Result, error) {
	items := make([]any, 2000)
	for i := range items {
		items[i] = map[string]any{"sku": fmt.Sprintf("SKU-%05d", i+1), "qty": i * 7 % 50}
	}
	return s.tool(ctx,
		result.Content(content.Text(fmt.Sprintf("%d items in stock.", len(items)))),
		result.StructuredContent(map[string]any{"items": items}))
}

func (s *server) sync(context.Context, *mcp.CallToolRequest) (*result.Result, error) {
	return nil, fmt.Errorf("sync: dial %s: connection refused", inventoryDSN)
}

func (s *server) crash(context.Context, *mcp.CallToolRequest) (*result.Result, error) {
	panic("crash: inconsistent ledger at " + inventoryDSN)
}

func (s *server) export(ctx context.Context, _ *mcp.CallToolRequest) (*result.Result, error) {
	csv := "date,region,revenue\n" + strings.Repeat("2025-09-30,EMEA,42\n", 8000) // about 150 KB
	return s.tool(ctx, result.Content(content.Text(csv)))
}

// ---------------------------------------------------------------- resource

func (s *server) readReport(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	uri := req.Params.URI
	r, err := s.b.Resource(ctx, result.Contents(
		content.TextResource(uri, "region,revenue\nEMEA,42\nAPAC,37\n", content.WithMIMEType("text/csv")),
		content.BlobResourceBytes(uri+"/chart.png", pngBytes, content.WithMIMEType("image/png")),
	), result.MaxJSONBytes(maxJSONBytes))
	var b []byte
	if err == nil {
		b, err = s.b.Serialize(ctx, r, result.SerializeOptions{ProtocolVersion: req.ProtocolVersion()})
	}
	var res *mcp.ReadResourceResult
	if err == nil {
		res, err = toReadResourceResult(b)
	}
	if err != nil {
		// A resource read has no tool error: the detail stays private, the
		// client gets a JSON-RPC error without it.
		s.private(ctx, err)
		return nil, errors.New("the resource could not be read")
	}
	return res, nil
}

// ---------------------------------------------------------------- main

func main() {
	variant := flag.String("variant", "native", "native: build results with package result; wasm: through the WebAssembly module (package host)")
	flag.Parse()
	if err := run(context.Background(), *variant); err != nil {
		log.Fatal(err)
	}
}

func run(ctx context.Context, variant string) error {
	b, release, err := newBuilder(ctx, variant)
	if err != nil {
		return err
	}
	defer release(ctx)
	// The private detail of a failure goes to the server's log (stderr; stdout
	// carries the protocol), never to the client.
	logger := log.New(os.Stderr, "gosdk: ", log.LstdFlags)
	onError := func(_ context.Context, err error) {
		var p *result.PanicError
		if errors.As(err, &p) {
			logger.Printf("tool panicked: %v\n%s", p.Value, p.Stack)
			return
		}
		logger.Printf("tool failed: %v", err)
	}
	return newServer(b, onError).Run(ctx, &mcp.StdioTransport{})
}
