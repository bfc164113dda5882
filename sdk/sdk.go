package sdk

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"runtime/debug"
	"sync"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/result"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/mcpresult/mcpresult/internal/schemac"
)

// Options say how an Adapter writes results. The zero value builds and
// writes natively, with the default settings, and drops private errors.
type Options struct {
	// OnError receives the private detail of every failure the client only
	// sees as a fixed text: an error other than a *result.ClientError, a
	// panic (a *result.PanicError with the stack), a result that failed its
	// checks or does not match the tool's output schema, a result that
	// cannot be written for the client's revision. It may be nil; a panic
	// in it is ignored (the client gets its fixed answer all the same).
	OnError func(context.Context, error)
	// Engine, when not nil, writes every result and every output schema
	// instead of package result. A *host.Host writes them through the
	// WebAssembly module, the same bytes, from the module every mcpresult
	// runtime runs; the caller owns it and closes it after the server
	// stops. Nil, or a nil pointer, writes them natively with package
	// result.
	Engine Engine
	// Settings bound the results the handlers build from their context
	// (result.ToolFromContext, result.ResourceFromContext,
	// result.ValueFromContext): the adapter puts them on every handler's
	// context. The zero value is the defaults.
	Settings result.Settings
}

// Adapter serves mcpresult results on a server of the official Go SDK: it
// registers tools and resources whose handlers return a *result.Result, and
// writes each result, and each output schema in tools/list, for the
// protocol revision the client's session negotiated. Make one with New; it
// is safe for concurrent use.
type Adapter struct {
	srv      *mcp.Server
	opts     Options
	eng      Engine
	versions versions

	mu      sync.RWMutex
	schemas map[string]*outputSchema // by tool name
}

// Engine is what writes the results and output schemas of an Adapter for
// the client's protocol revision: exactly the calls the adapter makes. It
// must give the bytes and errors package result gives (result.Serialize,
// result.OutputSchema) and be safe for concurrent use. *host.Host (package
// host, the WebAssembly module under wazero) satisfies it; this package
// does not import host, so a server that writes natively compiles no
// WebAssembly runtime. A nil Engine in Options means package result,
// natively.
type Engine interface {
	// Serialize writes a built result for the revision o names, as
	// result.Serialize does.
	Serialize(ctx context.Context, r *result.Result, o result.SerializeOptions) ([]byte, error)
	// OutputSchema writes a tool's output schema for a revision, as
	// result.OutputSchema does: nil, with no error, for a revision that
	// has no outputSchema.
	OutputSchema(ctx context.Context, schema any, protocolVersion string) ([]byte, error)
}

// native writes with package result.
type native struct{}

func (native) Serialize(_ context.Context, r *result.Result, o result.SerializeOptions) ([]byte, error) {
	return result.Serialize(r, o)
}

func (native) OutputSchema(_ context.Context, schema any, protocolVersion string) ([]byte, error) {
	return result.OutputSchema(schema, protocolVersion)
}

// New installs an Adapter on s: a receiving middleware that learns the
// revision each session negotiates and writes the output schemas of
// tools/list for it. Register tools with AddTool and resources with
// Adapter.AddResource; anything registered on s directly is served by the
// SDK as before. It fails (invalid_value) for a nil server and
// (invalid_option) for settings out of range.
func New(s *mcp.Server, o *Options) (*Adapter, error) {
	if s == nil {
		return nil, content.NewError(content.CodeInvalidValue, "", "sdk.New needs an *mcp.Server")
	}
	a := &Adapter{srv: s, eng: native{}, schemas: map[string]*outputSchema{}}
	if o != nil {
		a.opts = *o
	}
	if err := a.opts.Settings.Check(); err != nil {
		return nil, err
	}
	if !isNil(a.opts.Engine) {
		a.eng = a.opts.Engine
	}
	s.AddReceivingMiddleware(a.middleware)
	return a, nil
}

// isNil reports whether e is nil or holds a nil pointer (a *host.Host
// variable left unset, say), which would fail at the first call.
func isNil(e Engine) bool {
	if e == nil {
		return true
	}
	switch v := reflect.ValueOf(e); v.Kind() {
	case reflect.Pointer, reflect.Interface, reflect.Map, reflect.Func, reflect.Chan, reflect.Slice:
		return v.IsNil()
	}
	return false
}

// Server is the SDK's server the adapter serves on.
func (a *Adapter) Server() *mcp.Server { return a.srv }

// ToolHandler is a tool handler that returns an mcpresult result. The SDK
// has already validated the arguments against the tool's input schema and
// decoded them into in, as for mcp.AddTool. A *result.ClientError returned
// as the error is shown to the client (its message and code); any other
// error, a panic or a nil result stays private (Options.OnError) and the
// client gets "tool execution failed".
type ToolHandler[In any] func(ctx context.Context, req *mcp.CallToolRequest, in In) (*result.Result, error)

// ResourceHandler is a resource handler that returns an mcpresult resource
// result (result.Resource). A *jsonrpc.Error (mcp.ResourceNotFoundError, for
// one) is sent as it is; a *result.ClientError becomes a JSON-RPC error
// with its message (InvalidParams, -32602, with the ClientError's code as
// "code" in the error's data, as mcpresult/sdk in JS sends it). Anything
// else stays private (Options.OnError), and the client gets the JSON-RPC
// error InternalError (-32603) with a fixed message: "resource output was
// invalid" for a result that failed its checks (a *result.Error returned
// by the build, a result that is not a resource result, one that cannot be
// written for the client's revision), "resource read failed" for any other
// error, a panic, no result, or an error whose own As or Unwrap method
// panics while the adapter looks into it. These are the answers of
// mcpresult/sdk in JS too.
type ResourceHandler func(ctx context.Context, req *mcp.ReadResourceRequest) (*result.Result, error)

// The messages of the JSON-RPC errors a client gets for a resource read
// that failed privately.
const (
	// ResourceReadFailedText is the message for a handler's error, panic
	// or missing result.
	ResourceReadFailedText = "resource read failed"
	// InvalidResourceOutputText is the message for a result that failed
	// its checks.
	InvalidResourceOutputText = "resource output was invalid"
)

// call is what Guard passes to a tool handler.
type call[In any] struct {
	req *mcp.CallToolRequest
	in  In
}

// AddTool registers a tool on the adapter's server, as mcp.AddTool does: a
// nil input schema is inferred from In, and the SDK validates and decodes
// the arguments. t.OutputSchema, when set, may be any JSON Schema (an
// object schema, or an array, scalar or boolean one) in any form the SDK
// takes (json.RawMessage, *jsonschema.Schema of
// github.com/google/jsonschema-go, a map); its key order is kept.
// tools/list advertises it as result.OutputSchema writes it for each
// client's revision, and every result that is not an error must have
// structured content that matches it (else the client gets "tool output
// was invalid" and OnError the reason).
//
// It fails with a *result.Error for a nil adapter, tool or handler, or an
// output schema that is not valid (its path under /outputSchema), and with
// an invalid_value error for what mcp.AddTool refuses (an input schema
// that is not an object schema, or one In does not give).
func AddTool[In any](a *Adapter, t *mcp.Tool, h ToolHandler[In]) (err error) {
	if a == nil || t == nil || h == nil {
		return content.NewError(content.CodeInvalidValue, "", "sdk.AddTool needs an adapter, a tool and a handler")
	}
	tt := *t
	var schema *outputSchema
	if t.OutputSchema != nil {
		if schema, err = compileOutputSchema(t.OutputSchema); err != nil {
			return err
		}
		// The adapter lists it per revision; the SDK must neither list
		// it as given nor make structured content from an Out value.
		tt.OutputSchema = nil
	}
	guarded := result.Guard(func(ctx context.Context, c call[In]) (*result.Result, error) {
		return h(ctx, c.req, c.in)
	}, a.opts.OnError)
	handler := func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		version := a.versions.of(req.Session, req.Params, req.ProtocolVersion())
		ctx = context.WithValue(result.ContextWithSettings(ctx, a.opts.Settings), versionKey{}, version)
		r := guarded(ctx, call[In]{req, in})
		if schema != nil && !r.IsError() {
			if err := schema.check(r); err != nil {
				a.private(ctx, fmt.Errorf("tool %q: %w", t.Name, err))
				r = nil
			}
		}
		return a.toolResult(ctx, r, version), nil, nil
	}
	// The schema is known before the tool is listed, and forgotten again
	// if the SDK refuses the tool.
	a.mu.Lock()
	previous, had := a.schemas[t.Name]
	if schema != nil {
		a.schemas[t.Name] = schema
	} else {
		delete(a.schemas, t.Name)
	}
	a.mu.Unlock()
	defer func() {
		if p := recover(); p != nil {
			a.mu.Lock()
			if had {
				a.schemas[t.Name] = previous
			} else {
				delete(a.schemas, t.Name)
			}
			a.mu.Unlock()
			err = content.NewError(content.CodeInvalidValue, "", fmt.Sprintf("the SDK refused tool %q: %v", t.Name, p))
		}
	}()
	mcp.AddTool(a.srv, &tt, handler)
	return nil
}

// toolResult writes r (nil: "tool output was invalid") for a revision, as
// the SDK's type. A result that cannot be written for it (the text copy of
// structured content that an old client needs takes it over the budget,
// say) becomes "tool output was invalid", its reason private.
func (a *Adapter) toolResult(ctx context.Context, r *result.Result, version string) *mcp.CallToolResult {
	if r != nil {
		res, err := a.writeTool(ctx, r, version)
		if err == nil {
			return res
		}
		a.private(ctx, err)
	}
	var res *mcp.CallToolResult
	fixed, err := invalidOutput()
	if err == nil {
		res, err = a.writeTool(ctx, fixed, version)
	}
	if err != nil {
		// Not reached: a fixed text result is valid for every revision.
		a.private(ctx, err)
		res = &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: result.InvalidOutputText}}, IsError: true}
	}
	return res
}

func (a *Adapter) writeTool(ctx context.Context, r *result.Result, version string) (*mcp.CallToolResult, error) {
	if k := r.Kind(); k != "tool" {
		return nil, content.NewError(content.CodeInvalidValue, "", "a tool handler returned a "+k+" result")
	}
	b, err := a.eng.Serialize(ctx, r, result.SerializeOptions{ProtocolVersion: version})
	if err != nil {
		return nil, err
	}
	res, err := toCallToolResult(b)
	if err == nil {
		keep(ctx, b)
	}
	return res, err
}

// invalidOutput is the tool error result "tool output was invalid", as
// Guard gives it.
var invalidOutput = sync.OnceValues(func() (*result.Result, error) {
	return result.Tool(result.Content(content.Text(result.InvalidOutputText)), result.IsError(true))
})

// AddResource registers a resource whose handler returns an mcpresult
// result, written for the revision of the client's session. The contents
// reach the client as the handler built them: the SDK's filling in of a
// content's missing mimeType from r.MIMEType applies only to 2026-07-28
// requests, whose result the SDK writes itself (see the package
// documentation), so give each content its mimeType. It fails
// (invalid_value) for a nil resource or handler, or one the SDK refuses (a
// URI it cannot parse).
func (a *Adapter) AddResource(r *mcp.Resource, h ResourceHandler) (err error) {
	if r == nil || h == nil {
		return content.NewError(content.CodeInvalidValue, "", "AddResource needs a resource and a handler")
	}
	defer func() {
		if p := recover(); p != nil {
			err = content.NewError(content.CodeInvalidValue, "/uri", fmt.Sprintf("the SDK refused the resource: %v", p))
		}
	}()
	a.srv.AddResource(r, a.resourceHandler(h))
	return nil
}

// AddResourceTemplate is AddResource for a resource template: h reads
// every resource whose URI matches it.
func (a *Adapter) AddResourceTemplate(t *mcp.ResourceTemplate, h ResourceHandler) (err error) {
	if t == nil || h == nil {
		return content.NewError(content.CodeInvalidValue, "", "AddResourceTemplate needs a template and a handler")
	}
	defer func() {
		if p := recover(); p != nil {
			err = content.NewError(content.CodeInvalidValue, "/uriTemplate", fmt.Sprintf("the SDK refused the template: %v", p))
		}
	}()
	a.srv.AddResourceTemplate(t, a.resourceHandler(h))
	return nil
}

func (a *Adapter) resourceHandler(h ResourceHandler) mcp.ResourceHandler {
	return func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		version := a.versions.of(req.Session, req.Params, req.ProtocolVersion())
		ctx = context.WithValue(result.ContextWithSettings(ctx, a.opts.Settings), versionKey{}, version)
		r, err := readGuarded(ctx, h, req)
		if err != nil {
			shown, invalid := readError(err)
			if shown != nil {
				return nil, shown
			}
			a.private(ctx, err)
			return nil, failedRead(invalid)
		}
		res, err := a.writeResource(ctx, r, version)
		if err != nil {
			a.private(ctx, err)
			return nil, failedRead(true)
		}
		return res, nil
	}
}

// failedRead is the JSON-RPC error of a resource read that failed
// privately: its result invalid, or the read failed.
func failedRead(invalid bool) *jsonrpc.Error {
	if invalid {
		return &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: InvalidResourceOutputText}
	}
	return &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: ResourceReadFailedText}
}

// readError is what the client is told of a resource handler's error:
// shown, the JSON-RPC error it is shown as (a *jsonrpc.Error as it is, a
// *result.ClientError as InvalidParams with its message and code), or nil
// for an error that stays private; invalid, whether that private error is
// a result that failed its checks (a *result.Error). The error's own
// methods that errors.As calls (As, Unwrap) are the handler's code: one
// that panics makes the error a private failed read, as a panic of the
// handler does, rather than ending the process (the SDK recovers no panic
// of a handler).
func readError(err error) (shown *jsonrpc.Error, invalid bool) {
	defer func() {
		if p := recover(); p != nil {
			shown, invalid = nil, false
		}
	}()
	var rpc *jsonrpc.Error
	if errors.As(err, &rpc) && rpc != nil {
		return rpc, false
	}
	var ce *result.ClientError
	if errors.As(err, &ce) && ce != nil {
		e := &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: ce.Message}
		if ce.Code != "" {
			e.Data, _ = json.Marshal(map[string]string{"code": ce.Code})
		}
		return e, false
	}
	var ve *result.Error
	return nil, errors.As(err, &ve) && ve != nil
}

// readGuarded runs a resource handler, a panic and a nil result as errors
// (of a failed read, as for a tool handler: not an invalid result).
func readGuarded(ctx context.Context, h ResourceHandler, req *mcp.ReadResourceRequest) (r *result.Result, err error) {
	defer func() {
		if p := recover(); p != nil {
			r, err = nil, &result.PanicError{Value: p, Stack: debug.Stack()}
		}
	}()
	r, err = h(ctx, req)
	if err == nil && r == nil {
		err = errNoResource
	}
	return r, err
}

// errNoResource is the private error of a resource handler that returned
// neither a result nor an error.
var errNoResource = errors.New("mcpresult/sdk: resource handler returned no result and no error")

func (a *Adapter) writeResource(ctx context.Context, r *result.Result, version string) (*mcp.ReadResourceResult, error) {
	if k := r.Kind(); k != "resource" {
		return nil, content.NewError(content.CodeInvalidValue, "", "a resource handler returned a "+k+" result")
	}
	b, err := a.eng.Serialize(ctx, r, result.SerializeOptions{ProtocolVersion: version})
	if err != nil {
		return nil, err
	}
	res, err := toReadResourceResult(b)
	if err == nil {
		keep(ctx, b)
	}
	return res, err
}

// private passes a private error to OnError; a panic in OnError (its own,
// or of a method of the error it calls) is swallowed, as result.Guard
// swallows it: the client still gets its fixed answer, and the server
// keeps serving.
func (a *Adapter) private(ctx context.Context, err error) {
	if a.opts.OnError == nil {
		return
	}
	defer func() { _ = recover() }()
	a.opts.OnError(ctx, err)
}

// middleware learns each session's revision from initialize, and writes
// the output schemas of tools/list for the request's revision (nothing for
// a revision without outputSchema). The registered tools are not changed:
// a listed one is copied.
func (a *Adapter) middleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		var w *written
		if (method == "tools/call" || method == "resources/read") && !stateless(req.GetParams()) {
			ctx, w = withWritten(ctx)
		}
		res, err := next(ctx, method, req)
		if err != nil {
			return res, err
		}
		if w != nil {
			return asWritten(res, w), nil
		}
		switch res := res.(type) {
		case *mcp.InitializeResult:
			if ss, ok := req.GetSession().(*mcp.ServerSession); ok && res != nil {
				a.versions.remember(ss, res.ProtocolVersion)
			}
		case *mcp.ListToolsResult:
			lr, ok := req.(*mcp.ListToolsRequest)
			if !ok || res == nil {
				break
			}
			version := a.versions.of(lr.Session, lr.Params, lr.ProtocolVersion())
			list, err := a.listOutputSchemas(ctx, res, version)
			if err != nil {
				return list, err
			}
			return listForRevision(list, version), nil
		case *mcp.ListResourcesResult, *mcp.ListResourceTemplatesResult, *mcp.ListPromptsResult:
			ss, _ := req.GetSession().(*mcp.ServerSession)
			asked := ""
			if v, ok := req.(interface{ ProtocolVersion() string }); ok {
				asked = v.ProtocolVersion()
			}
			return listForRevision(res, a.versions.of(ss, req.GetParams(), asked)), nil
		}
		return res, nil
	}
}

func (a *Adapter) listOutputSchemas(ctx context.Context, list *mcp.ListToolsResult, version string) (mcp.Result, error) {
	a.mu.RLock()
	defer a.mu.RUnlock()
	if len(a.schemas) == 0 {
		return list, nil
	}
	out := *list
	out.Tools = make([]*mcp.Tool, len(list.Tools))
	for i, t := range list.Tools {
		out.Tools[i] = t
		schema, ok := a.schemas[t.Name]
		if !ok || t.OutputSchema != nil {
			continue
		}
		b, err := a.eng.OutputSchema(ctx, schema.value, version)
		if err != nil {
			a.private(ctx, fmt.Errorf("tool %q: output schema for %s: %w", t.Name, version, err))
			return nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: "tools/list failed"}
		}
		if b != nil {
			c := *t
			c.OutputSchema = json.RawMessage(b)
			out.Tools[i] = &c
		}
	}
	return &out, nil
}

// outputSchema is a tool's output schema: as given (its key order kept),
// and compiled to check structured content against.
type outputSchema struct {
	value    content.Value
	compiled *jsonschema.Schema
}

// schemaURL is the address a schema is compiled under; nothing is loaded
// from it or from any other address.
const schemaURL = "urn:mcpresult:sdk:output-schema"

func compileOutputSchema(schema any) (*outputSchema, error) {
	raw, err := json.Marshal(schema)
	if err != nil {
		return nil, content.NewError(content.CodeInvalidJSON, "/outputSchema", "the output schema does not marshal to JSON")
	}
	v, err := content.ParseJSON(raw)
	if err != nil {
		return nil, reroot(err)
	}
	if _, err := result.OutputSchema(v, result.LatestProtocolVersion); err != nil {
		return nil, reroot(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, content.NewError(content.CodeInvalidJSON, "/outputSchema", "the output schema is not JSON")
	}
	c := schemac.New()
	if err := c.AddResource(schemaURL, doc); err != nil {
		return nil, content.NewError(content.CodeInvalidValue, "/outputSchema", "the output schema is not a JSON Schema")
	}
	compiled, err := c.Compile(schemaURL)
	if err != nil {
		return nil, content.NewError(content.CodeInvalidValue, "/outputSchema", "the output schema does not compile as a JSON Schema")
	}
	return &outputSchema{value: v, compiled: compiled}, nil
}

// reroot puts an error of the schema under /outputSchema.
func reroot(err error) error {
	var e *content.Error
	if errors.As(err, &e) {
		return content.NewError(e.Code, "/outputSchema"+e.Path, e.Message)
	}
	return err
}

// check reports whether the structured content of r matches the schema.
func (s *outputSchema) check(r *result.Result) error {
	var wire struct {
		StructuredContent json.RawMessage `json:"structuredContent"`
	}
	if err := json.Unmarshal(r.JSON(), &wire); err != nil {
		return err
	}
	if wire.StructuredContent == nil {
		return content.NewError(content.CodeMissingField, "/structuredContent", "the tool has an output schema and its result has no structured content")
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(wire.StructuredContent))
	if err != nil {
		return err
	}
	if err := s.compiled.Validate(v); err != nil {
		return content.NewError(content.CodeInvalidValue, "/structuredContent", "the structured content does not match the tool's output schema: "+err.Error())
	}
	return nil
}
