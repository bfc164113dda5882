// Command gosdk is an MCP server on the official Go SDK
// (github.com/modelcontextprotocol/go-sdk) whose tool and resource handlers
// build their results with mcpresult, served through package sdk, which
// writes each result and each output schema for the protocol revision the
// client negotiated.
//
//	go run . -variant native   # results written by package result
//	go run . -variant wasm     # the same, through the WebAssembly module
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
	"strings"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/host"
	"github.com/mcpresult/mcpresult/result"
	"github.com/mcpresult/mcpresult/sdk"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// maxJSONBytes is the server's budget: every result it builds must fit in
// it, or the client gets "tool output was invalid".
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

// newServer returns the MCP server, its results written through e (a
// *host.Host: the WebAssembly module) when it is not nil, else natively;
// onError receives the private detail of every failure the client only sees
// as a fixed text.
func newServer(e sdk.Engine, onError func(context.Context, error)) (*mcp.Server, error) {
	s := mcp.NewServer(&mcp.Implementation{Name: "mcpresult-gosdk", Version: "v1.0.0"},
		&mcp.ServerOptions{SupportedProtocolVersions: sdk.ProtocolVersions()})
	a, err := sdk.New(s, &sdk.Options{OnError: onError, Engine: e, Settings: result.Settings{MaxJSONBytes: maxJSONBytes}})
	if err != nil {
		return nil, err
	}
	forecastSchema := json.RawMessage(`{"type":"array","items":{"type":"object","properties":{"day":{"type":"integer"},"high":{"type":"number"},"low":{"type":"number"}},"required":["day","high","low"]}}`)
	inventorySchema := json.RawMessage(`{"type":"object","properties":{"items":{"type":"array","items":{"type":"object","properties":{"sku":{"type":"string"},"qty":{"type":"integer"}},"required":["sku","qty"]}}},"required":["items"]}`)
	return s, errors.Join(
		sdk.AddTool(a, &mcp.Tool{Name: "greet", Description: "Greets someone (text)"}, greet),
		sdk.AddTool(a, &mcp.Tool{Name: "chart", Description: "Draws the chart (image)"}, chart),
		sdk.AddTool(a, &mcp.Tool{Name: "speak", Description: "Reads the summary aloud (audio)"}, speak),
		sdk.AddTool(a, &mcp.Tool{Name: "docs-link", Description: "Links the full report (resource link)"}, docsLink),
		sdk.AddTool(a, &mcp.Tool{Name: "config", Description: "Shows the configuration (embedded resource)"}, config),
		sdk.AddTool(a, &mcp.Tool{Name: "report", Description: "Reports Q3 revenue (mixed content)"}, report),
		sdk.AddTool(a, &mcp.Tool{Name: "forecast", Description: "Forecasts the weather (structured content)", OutputSchema: forecastSchema}, forecast),
		sdk.AddTool(a, &mcp.Tool{Name: "inventory", Description: "Lists the stock (structured content and text)", OutputSchema: inventorySchema}, inventory),
		sdk.AddTool(a, &mcp.Tool{Name: "sync", Description: "Syncs the inventory (fails privately)"}, syncInventory),
		sdk.AddTool(a, &mcp.Tool{Name: "crash", Description: "Panics (fails privately)"}, crash),
		sdk.AddTool(a, &mcp.Tool{Name: "export", Description: "Exports every sale (over the budget)"}, export),
		a.AddResource(&mcp.Resource{URI: "memory://reports/q3", Name: "q3", Title: "Q3 report"}, readReport),
	)
}

// ---------------------------------------------------------------- tools

type none struct{}

type greetArgs struct {
	Name string `json:"name"`
}

func greet(ctx context.Context, _ *mcp.CallToolRequest, in greetArgs) (*result.Result, error) {
	if in.Name == "" {
		return nil, &result.ClientError{Message: "Say whom to greet: name is empty.", Code: "greet.no_name"}
	}
	return result.ToolFromContext(ctx, result.Content(content.Text("Hello, "+in.Name+"!")))
}

func chart(ctx context.Context, _ *mcp.CallToolRequest, _ none) (*result.Result, error) {
	return result.ToolFromContext(ctx, result.Content(content.ImageBytes(pngBytes, "image/png")))
}

func speak(ctx context.Context, _ *mcp.CallToolRequest, _ none) (*result.Result, error) {
	return result.ToolFromContext(ctx, result.Content(content.AudioBytes(wavBytes, "audio/wav")))
}

func docsLink(ctx context.Context, _ *mcp.CallToolRequest, _ none) (*result.Result, error) {
	return result.ToolFromContext(ctx, result.Content(content.ResourceLink("file:///reports/q3.pdf", "q3.pdf",
		content.WithTitle("Q3 report"), content.WithMIMEType("application/pdf"), content.WithSize(int64(len(pdfBytes))))))
}

func config(ctx context.Context, _ *mcp.CallToolRequest, _ none) (*result.Result, error) {
	return result.ToolFromContext(ctx, result.Content(content.EmbeddedResource(
		content.TextResource("file:///etc/app/config.json", `{"debug":false,"port":8080}`, content.WithMIMEType("application/json")))))
}

func report(ctx context.Context, _ *mcp.CallToolRequest, _ none) (*result.Result, error) {
	return result.ToolFromContext(ctx,
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

type forecastArgs struct {
	City string `json:"city"`
	Days int    `json:"days" jsonschema:"from 1 to 7"`
}

// cities are forecast's known cities: the high and low of the first day.
var cities = map[string][2]float64{"Paris": {22.5, 11}, "Tokyo": {27, 19.5}}

func forecast(ctx context.Context, _ *mcp.CallToolRequest, in forecastArgs) (*result.Result, error) {
	c, ok := cities[in.City]
	if !ok {
		return nil, &result.ClientError{Message: "Unknown city. Known cities: Paris, Tokyo.", Code: "weather.unknown_city"}
	}
	if in.Days < 1 || in.Days > 7 {
		return nil, &result.ClientError{Message: "days must be from 1 to 7.", Code: "weather.bad_days"}
	}
	days := make([]any, in.Days)
	for d := range days {
		days[d] = map[string]any{"day": d + 1, "high": c[0] + float64(d), "low": c[1] + float64(d)}
	}
	// No content: the text fallback is one text block with the compact JSON
	// of the structured content.
	return result.ToolFromContext(ctx, result.StructuredContent(days))
}

// inventory returns a summary as text and the stock as structured content,
// about 58 KB: within the budget, except for a client of 2025-03-26 or
// older, which has no structuredContent and gets it as a text block instead,
// its quotes escaped (about 74 KB): such a client gets "tool output was
// invalid".
func inventory(ctx context.Context, _ *mcp.CallToolRequest, _ none) (*result.Result, error) {
	items := make([]any, 2000)
	for i := range items {
		items[i] = map[string]any{"sku": fmt.Sprintf("SKU-%05d", i+1), "qty": i * 7 % 50}
	}
	return result.ToolFromContext(ctx,
		result.Content(content.Text(fmt.Sprintf("%d items in stock.", len(items)))),
		result.StructuredContent(map[string]any{"items": items}))
}

func syncInventory(context.Context, *mcp.CallToolRequest, none) (*result.Result, error) {
	return nil, fmt.Errorf("sync: dial %s: connection refused", inventoryDSN)
}

func crash(context.Context, *mcp.CallToolRequest, none) (*result.Result, error) {
	panic("crash: inconsistent ledger at " + inventoryDSN)
}

func export(ctx context.Context, _ *mcp.CallToolRequest, _ none) (*result.Result, error) {
	csv := "date,region,revenue\n" + strings.Repeat("2025-09-30,EMEA,42\n", 8000) // about 150 KB
	return result.ToolFromContext(ctx, result.Content(content.Text(csv)))
}

// ---------------------------------------------------------------- resource

func readReport(ctx context.Context, req *mcp.ReadResourceRequest) (*result.Result, error) {
	uri := req.Params.URI
	return result.ResourceFromContext(ctx, result.Contents(
		content.TextResource(uri, "region,revenue\nEMEA,42\nAPAC,37\n", content.WithMIMEType("text/csv")),
		content.BlobResourceBytes(uri+"/chart.png", pngBytes, content.WithMIMEType("image/png")),
	))
}

// ---------------------------------------------------------------- main

func main() {
	variant := flag.String("variant", "native", "native: write results with package result; wasm: through the WebAssembly module (package host)")
	flag.Parse()
	if err := run(context.Background(), *variant); err != nil {
		log.Fatal(err)
	}
}

func run(ctx context.Context, variant string) error {
	var e sdk.Engine // nil: package result, natively
	switch variant {
	case "native":
	case "wasm":
		h, err := host.New(ctx, host.Config{})
		if err != nil {
			return err
		}
		defer h.Close(ctx)
		e = h
	default:
		return fmt.Errorf("unknown variant %q (native or wasm)", variant)
	}
	// The private detail of a failure goes to the server's log (stderr; stdout
	// carries the protocol), never to the client.
	logger := log.New(os.Stderr, "gosdk: ", log.LstdFlags)
	s, err := newServer(e, func(_ context.Context, err error) {
		var p *result.PanicError
		if errors.As(err, &p) {
			logger.Printf("tool panicked: %v\n%s", p.Value, p.Stack)
			return
		}
		logger.Printf("tool failed: %v", err)
	})
	if err != nil {
		return err
	}
	return s.Run(ctx, &mcp.StdioTransport{})
}
