// Command gosdk generates testdata/corpus/gosdk.json: tool results and
// resource-read results exactly as the official Go MCP SDK
// (github.com/modelcontextprotocol/go-sdk) puts them on the wire, for every
// protocol revision the SDK supports.
//
// It is a package of the main module, which requires the SDK for package
// sdk already, so the corpus is written by the very SDK version that sdk is
// built and tested with (the one go.mod names). go vet ./... covers it; it
// runs only by hand (it writes the committed corpus):
//
//	cd tools/corpus/gosdk && go generate   # or go run .
//
// The server and the client are the SDK's own mcp.Server and mcp.Client,
// built as the SDK's documentation shows (mcp.AddTool with typed handlers and
// output structs, Server.AddTool, AddResource, AddResourceTemplate). They are
// connected by mcp.IOTransport over two in-memory pipes, so every message
// crosses as the newline-delimited JSON the SDK writes; the generator reads
// the server's bytes off the pipe and keeps each result's JSON text exactly
// as written (json.RawMessage). The revision is negotiated with
// ClientSessionOptions.ProtocolVersion.
package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

const sdkPath = "github.com/modelcontextprotocol/go-sdk"

// A 1×1 transparent PNG, a tiny WAV file and the start of a PDF.
var (
	pngBytes, _ = base64.StdEncoding.DecodeString("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==")
	wavBytes    = []byte("RIFF$\x00\x00\x00WAVEfmt \x10\x00\x00\x00\x01\x00\x01\x00\x40\x1f\x00\x00\x40\x1f\x00\x00\x01\x00\x08\x00data\x00\x00\x00\x00")
	pdfBytes    = []byte("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n")
)

// ---------------------------------------------------------------- tools

type ForecastInput struct {
	City string `json:"city" jsonschema:"the city to forecast"`
	Days int    `json:"days" jsonschema:"number of days to forecast"`
}

type Forecast struct {
	Day  int     `json:"day"`
	High float64 `json:"high"`
	Low  float64 `json:"low"`
	Rain float64 `json:"rain,omitempty"`
}

type ForecastOutput struct {
	Summary    string     `json:"summary" jsonschema:"a summary of the forecast"`
	Confidence float64    `json:"confidence"`
	AsOf       time.Time  `json:"asOf"`
	Daily      []Forecast `json:"daily"`
	Source     string     `json:"source,omitempty"`
}

// forecast: a typed handler returning only its output; the SDK fills
// structuredContent and a JSON text block.
func forecast(_ context.Context, _ *mcp.CallToolRequest, in ForecastInput) (*mcp.CallToolResult, ForecastOutput, error) {
	out := ForecastOutput{
		Summary:    "Sunny <all> week & mild in " + in.City,
		Confidence: 0.875,
		AsOf:       time.Date(2025, 5, 3, 14, 30, 0, 0, time.UTC),
	}
	for d := range in.Days {
		out.Daily = append(out.Daily, Forecast{Day: d + 1, High: 22.5, Low: 11, Rain: float64(d) * 0.1})
	}
	return nil, out, nil
}

type LookupInput struct {
	ID string `json:"id"`
}

type LookupOutput struct {
	Name string `json:"name"`
}

// lookup: a typed handler that fails; the SDK makes the error result.
func lookup(_ context.Context, _ *mcp.CallToolRequest, in LookupInput) (*mcp.CallToolResult, LookupOutput, error) {
	return nil, LookupOutput{}, fmt.Errorf("no user with id %q", in.ID)
}

type TagsInput struct {
	Prefix string `json:"prefix,omitempty"`
}

// tags: a typed handler whose output is a slice (SEP-2106): structured
// content that is not an object.
func tags(_ context.Context, _ *mcp.CallToolRequest, in TagsInput) (*mcp.CallToolResult, []string, error) {
	return nil, []string{in.Prefix + "alpha", in.Prefix + "beta"}, nil
}

// metrics: Out is a map; the handler also sets its own text content.
func metrics(_ context.Context, _ *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, map[string]any, error) {
	out := map[string]any{
		"count":    9007199254740991,
		"mean":     0.1 + 0.2,
		"big":      1e21,
		"tiny":     5e-324,
		"negative": -1.5e-7,
		"html":     "<b>bold</b> & \u2028 line separator",
		"unicode":  "Ünïcödé 日本語 🎉",
		"nested":   map[string]any{"ok": true, "missing": nil, "list": []any{1, "two", []int{3}}},
	}
	res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "Metrics computed."}}}
	return res, out, nil
}

// report: the SDK docs' content-types example without its resource link
// (see docsLink), plus blob resources with and without mimeType.
func report(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{
		Content: []mcp.Content{
			&mcp.TextContent{Text: "Q3 revenue by region."},
			&mcp.ImageContent{Data: pngBytes, MIMEType: "image/png"},
			&mcp.EmbeddedResource{Resource: &mcp.ResourceContents{
				URI: "file:///reports/q3.csv", MIMEType: "text/csv", Text: "region,revenue\nEMEA,42\n",
			}},
			&mcp.EmbeddedResource{Resource: &mcp.ResourceContents{
				URI: "file:///reports/q3.pdf", MIMEType: "application/pdf", Blob: pdfBytes,
			}},
			&mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: "memory://blob/1", Blob: pngBytes}},
		},
	}, nil, nil
}

// speak: an audio block, as in the SDK docs' content-types example.
func speak(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{
		Content: []mcp.Content{&mcp.AudioContent{Data: wavBytes, MIMEType: "audio/wav"}},
	}, nil, nil
}

// docsLink: the resource link exactly as the SDK docs' content-types example
// writes it (URI and MIMEType, no Name).
func docsLink(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{
		Content: []mcp.Content{
			&mcp.TextContent{Text: "The full report:"},
			&mcp.ResourceLink{URI: "file:///reports/q3.pdf", MIMEType: "application/pdf"},
		},
	}, nil, nil
}

// annotated: a plain ToolHandler (Server.AddTool) setting annotations and
// _meta everywhere, and a resource link with every field.
func annotated(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	size := int64(2048)
	return &mcp.CallToolResult{
		Meta: mcp.Meta{"com.example/elapsedMs": 12, "com.example/cache": map[string]any{"hit": false}},
		Content: []mcp.Content{
			&mcp.TextContent{
				Text:        "Shown to the user only.",
				Meta:        mcp.Meta{"com.example/trace": "abc123"},
				Annotations: &mcp.Annotations{Audience: []mcp.Role{"user"}, Priority: 0.9, LastModified: "2025-05-03T14:30:00Z"},
			},
			&mcp.ResourceLink{
				URI:         "file:///project/src/main.go",
				Name:        "main.go",
				Title:       "Main entry point",
				Description: "Primary application entry point",
				MIMEType:    "text/x-go",
				Size:        &size,
				Meta:        mcp.Meta{"com.example/kind": "source"},
				Annotations: &mcp.Annotations{Audience: []mcp.Role{"assistant"}, Priority: 0.5},
				Icons:       []mcp.Icon{{Source: "https://example.com/go.png", MIMEType: "image/png", Sizes: []string{"48x48"}, Theme: "light"}},
			},
			&mcp.EmbeddedResource{
				Resource: &mcp.ResourceContents{
					URI: "file:///etc/app/config.json", MIMEType: "application/json",
					Text: `{"debug":false,"port":8080}`, Meta: mcp.Meta{"com.example/etag": `W/"1"`},
				},
				Annotations: &mcp.Annotations{Audience: []mcp.Role{"assistant", "user"}},
			},
		},
	}, nil
}

// deny: a plain ToolHandler reporting its own error with SetError.
func deny(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var res mcp.CallToolResult
	res.SetError(errors.New("permission denied: /etc/shadow"))
	return &res, nil
}

// nothing: a plain ToolHandler returning a result with no content; the SDK
// writes content: [].
func nothing(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}

func newServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "corpus-server", Version: "v1.0.0"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "forecast", Description: "Forecasts the weather"}, forecast)
	mcp.AddTool(s, &mcp.Tool{Name: "lookup", Description: "Looks a user up"}, lookup)
	mcp.AddTool(s, &mcp.Tool{Name: "tags", Description: "Lists tags"}, tags)
	mcp.AddTool(s, &mcp.Tool{Name: "metrics", Description: "Computes metrics"}, metrics)
	mcp.AddTool(s, &mcp.Tool{Name: "report", Description: "Reports Q3 revenue"}, report)
	mcp.AddTool(s, &mcp.Tool{Name: "speak", Description: "Reads the summary aloud"}, speak)
	mcp.AddTool(s, &mcp.Tool{Name: "docs-link", Description: "Links the full report"}, docsLink)
	empty := map[string]any{"type": "object"}
	s.AddTool(&mcp.Tool{Name: "annotated", Description: "Annotated content", InputSchema: empty}, annotated)
	s.AddTool(&mcp.Tool{Name: "deny", Description: "Always denied", InputSchema: empty}, deny)
	s.AddTool(&mcp.Tool{Name: "nothing", Description: "Returns nothing", InputSchema: empty}, nothing)

	s.AddResource(&mcp.Resource{URI: "file:///project/README.md", Name: "readme", MIMEType: "text/markdown"},
		func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{
				Contents: []*mcp.ResourceContents{{URI: req.Params.URI, Text: "# Project\n\nHello.\n"}},
			}, nil
		})
	s.AddResource(&mcp.Resource{URI: "file:///project/logo.png", Name: "logo", MIMEType: "image/png"},
		func(context.Context, *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{
				Contents: []*mcp.ResourceContents{{URI: "file:///project/logo.png", MIMEType: "image/png", Blob: pngBytes}},
			}, nil
		})
	s.AddResourceTemplate(&mcp.ResourceTemplate{URITemplate: "memory://bundle/{id}", Name: "bundle"},
		func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			uri := req.Params.URI
			return &mcp.ReadResourceResult{
				Meta: mcp.Meta{"com.example/generatedAt": "2025-01-12T15:00:58Z"},
				Contents: []*mcp.ResourceContents{
					{URI: uri + "/notes", Text: "a note without a mimeType", Meta: mcp.Meta{"com.example/size": 25}},
					{URI: uri + "/raw", Blob: pdfBytes},
				},
			}, nil
		})
	// An empty file, read as the SDK's examples read files.
	s.AddResource(&mcp.Resource{URI: "file:///project/empty.txt", Name: "empty", MIMEType: "text/plain"},
		func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{
				Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "text/plain", Text: ""}},
			}, nil
		})
	return s
}

// ---------------------------------------------------------------- calls

type call struct {
	kind, name string
	tool       *mcp.CallToolParams
	resource   *mcp.ReadResourceParams
}

var calls = []call{
	{kind: "tool", name: "typed handler, struct output: SDK fills structuredContent and a JSON text block",
		tool: &mcp.CallToolParams{Name: "forecast", Arguments: map[string]any{"city": "Paris", "days": 2}}},
	{kind: "tool", name: "typed handler returns an error: SDK error result",
		tool: &mcp.CallToolParams{Name: "lookup", Arguments: map[string]any{"id": "u-42"}}},
	{kind: "tool", name: "typed handler, slice output: array structuredContent and a JSON text block",
		tool: &mcp.CallToolParams{Name: "tags", Arguments: map[string]any{"prefix": "#"}}},
	{kind: "tool", name: "typed handler, map output with edge numbers and escapes, own text block",
		tool: &mcp.CallToolParams{Name: "metrics"}},
	{kind: "tool", name: "text, image, embedded text and blob resources (blob with and without mimeType)",
		tool: &mcp.CallToolParams{Name: "report"}},
	{kind: "tool", name: "audio block",
		tool: &mcp.CallToolParams{Name: "speak"}},
	{kind: "tool", name: "resource_link without name, as in the SDK docs' content-types example",
		tool: &mcp.CallToolParams{Name: "docs-link"}},
	{kind: "tool", name: "annotations and _meta on blocks and result, resource_link with every field and icons",
		tool: &mcp.CallToolParams{Name: "annotated"}},
	{kind: "tool", name: "CallToolResult.SetError: isError result",
		tool: &mcp.CallToolParams{Name: "deny"}},
	{kind: "tool", name: "empty CallToolResult: SDK writes content []",
		tool: &mcp.CallToolParams{Name: "nothing"}},
	{kind: "resource", name: "text resource, mimeType filled from the registered resource",
		resource: &mcp.ReadResourceParams{URI: "file:///project/README.md"}},
	{kind: "resource", name: "blob resource with mimeType",
		resource: &mcp.ReadResourceParams{URI: "file:///project/logo.png"}},
	{kind: "resource", name: "resource template: text and blob contents without mimeType, contents and result _meta",
		resource: &mcp.ReadResourceParams{URI: "memory://bundle/7"}},
	{kind: "resource", name: "empty text file",
		resource: &mcp.ReadResourceParams{URI: "file:///project/empty.txt"}},
}

// ---------------------------------------------------------------- the wire

// tap is the writing end of a pipe that also hands each complete line it
// carries to a function.
type tap struct {
	w    io.WriteCloser
	mu   sync.Mutex
	buf  []byte
	line func([]byte)
}

func (t *tap) Write(p []byte) (int, error) {
	t.mu.Lock()
	t.buf = append(t.buf, p...)
	for {
		i := bytes.IndexByte(t.buf, '\n')
		if i < 0 {
			break
		}
		l := append([]byte(nil), t.buf[:i]...)
		t.buf = t.buf[i+1:]
		t.line(l)
	}
	t.mu.Unlock()
	return t.w.Write(p)
}

func (t *tap) Close() error { return t.w.Close() }

type entry struct {
	SDK             string          `json:"sdk"`
	ProtocolVersion string          `json:"protocolVersion"`
	Kind            string          `json:"kind"`
	Name            string          `json:"name"`
	Result          json.RawMessage `json:"result"`
}

func capture(ctx context.Context, sdk, version string) ([]entry, error) {
	c2sR, c2sW := io.Pipe()
	s2cR, s2cW := io.Pipe()

	var (
		mu         sync.Mutex
		current    *call
		pending    = map[string]*call{}
		out        []entry
		negotiated string
		failures   []string
	)
	clientTap := &tap{w: c2sW, line: func(l []byte) {
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		if json.Unmarshal(l, &m) != nil || m.ID == nil {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		if (m.Method == "tools/call" || m.Method == "resources/read") && current != nil {
			pending[string(m.ID)] = current
			current = nil
		}
	}}
	serverTap := &tap{w: s2cW, line: func(l []byte) {
		var m struct {
			ID     json.RawMessage `json:"id"`
			Result json.RawMessage `json:"result"`
			Error  json.RawMessage `json:"error"`
		}
		if json.Unmarshal(l, &m) != nil || m.ID == nil {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		c, ok := pending[string(m.ID)]
		if !ok {
			var init struct {
				ProtocolVersion string `json:"protocolVersion"`
			}
			if json.Unmarshal(m.Result, &init) == nil && init.ProtocolVersion != "" {
				negotiated = init.ProtocolVersion
			}
			return
		}
		delete(pending, string(m.ID))
		if m.Result == nil {
			failures = append(failures, fmt.Sprintf("%s: JSON-RPC error %s", c.name, m.Error))
			return
		}
		// The RawMessage is the result's bytes as the server wrote them.
		if !bytes.Contains(l, m.Result) {
			failures = append(failures, c.name+": result bytes not found in the line")
			return
		}
		out = append(out, entry{SDK: sdk, ProtocolVersion: version, Kind: c.kind, Name: c.name, Result: append(json.RawMessage(nil), m.Result...)})
	}}

	server := newServer()
	ss, err := server.Connect(ctx, &mcp.IOTransport{Reader: c2sR, Writer: serverTap}, nil)
	if err != nil {
		return nil, err
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "corpus-client", Version: "v1.0.0"}, nil)
	cs, err := client.Connect(ctx, &mcp.IOTransport{Reader: s2cR, Writer: clientTap}, &mcp.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		return nil, err
	}
	for i := range calls {
		c := &calls[i]
		mu.Lock()
		current = c
		mu.Unlock()
		if c.tool != nil {
			_, err = cs.CallTool(ctx, c.tool)
		} else {
			_, err = cs.ReadResource(ctx, c.resource)
		}
		if err != nil {
			failures = append(failures, fmt.Sprintf("%s: %v", c.name, err))
		}
	}
	cs.Close()
	ss.Wait()
	mu.Lock()
	defer mu.Unlock()
	if len(failures) > 0 {
		return nil, fmt.Errorf("%s: %s", version, strings.Join(failures, "; "))
	}
	// Revisions before 2026-07-28 are negotiated by initialize; 2026-07-28
	// has none, and its results carry resultType.
	if version < "2026-07-28" && negotiated != version {
		return nil, fmt.Errorf("asked for %s, negotiated %q", version, negotiated)
	}
	if version >= "2026-07-28" {
		for _, e := range out {
			var r struct {
				ResultType string `json:"resultType"`
			}
			if json.Unmarshal(e.Result, &r) != nil || r.ResultType == "" {
				return nil, fmt.Errorf("%s: %s has no resultType: not a %s session", version, e.Name, version)
			}
		}
	}
	return out, nil
}

func sdkVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if ok {
		for _, d := range bi.Deps {
			if d.Path == sdkPath {
				return d.Version
			}
		}
	}
	log.Fatal("cannot find the SDK's version in the build info")
	return ""
}

func main() {
	ctx := context.Background()
	sdk := sdkPath + "@" + sdkVersion()
	versions := mcp.SupportedProtocolVersions() // newest first
	var all []entry
	for i := len(versions) - 1; i >= 0; i-- {
		got, err := capture(ctx, sdk, versions[i])
		if err != nil {
			log.Fatal(err)
		}
		if len(got) != len(calls) {
			log.Fatalf("%s: captured %d of %d", versions[i], len(got), len(calls))
		}
		all = append(all, got...)
	}

	// One entry a line; the result is the raw text as it was sent.
	var b bytes.Buffer
	b.WriteString("[\n")
	for i, e := range all {
		head, _ := json.Marshal(struct {
			SDK             string `json:"sdk"`
			ProtocolVersion string `json:"protocolVersion"`
			Kind            string `json:"kind"`
			Name            string `json:"name"`
		}{e.SDK, e.ProtocolVersion, e.Kind, e.Name})
		b.Write(head[:len(head)-1])
		b.WriteString(`,"result":`)
		b.Write(e.Result)
		b.WriteString("}")
		if i < len(all)-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("]\n")
	if !json.Valid(b.Bytes()) {
		log.Fatal("generated file is not valid JSON")
	}
	file := filepath.Join("..", "..", "..", "testdata", "corpus", "gosdk.json")
	if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
	fmt.Fprintf(os.Stderr, "%s: versions %v; wrote %d results to %s\n", sdk, versions, len(all), file)
}
