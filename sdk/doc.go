// Package sdk serves mcpresult results on the official Go MCP SDK
// (github.com/modelcontextprotocol/go-sdk, v1.8.0): tool and resource
// handlers return a *result.Result, and every result reaches the client as
// the protocol revision its session negotiated defines it.
//
//	s := mcp.NewServer(&mcp.Implementation{Name: "weather", Version: "v1.0.0"}, nil)
//	a, err := sdk.New(s, &sdk.Options{OnError: logPrivately})
//	err = sdk.AddTool(a, &mcp.Tool{Name: "forecast", OutputSchema: schema},
//		func(ctx context.Context, req *mcp.CallToolRequest, in Args) (*result.Result, error) {
//			return result.Tool(result.StructuredContent(days))
//		})
//	err = a.AddResource(&mcp.Resource{URI: "file:///readme.md", Name: "readme"}, readReadme)
//	err = s.Run(ctx, &mcp.StdioTransport{})
//
// # Why
//
// The SDK writes what a handler hands it, for every client alike. A result
// right for one revision is wrong for another: structured content that is
// not an object is rejected by clients of 2025-06-18 and 2025-11-25 unless
// it is wrapped as {"result": …}, and its output schema with it; a client
// of 2025-03-26 or 2024-11-05 has no structuredContent, no outputSchema and
// no resource links, and one of 2024-11-05 no audio. The SDK's types also
// decode structuredContent and _meta into map[string]any and float64,
// which loses key order and integers past 2^53. The adapter does what a
// server would otherwise write around every handler.
//
// # What the adapter does
//
//   - AddTool registers a typed handler as mcp.AddTool does (the input
//     schema inferred from In when not given, the arguments validated and
//     decoded by the SDK), but the handler returns a *result.Result.
//   - Each result is guarded (result.Guard): a *result.ClientError is shown
//     to the client, any other error or a panic becomes "tool execution
//     failed", and its detail goes only to Options.OnError. A tool with an
//     output schema must return structured content that matches it, or the
//     client gets "tool output was invalid".
//   - Each result is written with result.Serialize for the revision of the
//     request, and the client gets those very bytes: the adapter hands the
//     SDK its own result type, whose JSON is what mcpresult wrote (key
//     order, integers past 2^53, isError false and every field kept, and
//     no ttlMs or cacheScope, which the SDK's types add to every resource
//     result, for a revision that does not define them).
//   - tools/list advertises each output schema as result.OutputSchema
//     writes it for the request's revision: as given for 2026-07-28, wrapped
//     when it is not an object schema for 2025-06-18 and 2025-11-25, and
//     none for older revisions. tools/list, resources/list,
//     resources/templates/list and prompts/list are sent without the
//     ttlMs and cacheScope the SDK writes on every list result to a client
//     of a revision before 2026-07-28, which lacks them.
//   - Adapter.AddResource and Adapter.AddResourceTemplate do the same for
//     resources/read: a *jsonrpc.Error is sent as it is, a ClientError's
//     message is shown, anything else is private, and the client gets the
//     JSON-RPC error "resource output was invalid" (a result that failed
//     its checks) or "resource read failed" (any other failure).
//
// A receiving middleware added to the server after New sees that result as
// a type of this package that embeds the SDK's (*mcp.CallToolResult,
// *mcp.ReadResourceResult): read it through the mcp.Result interface, or
// add the middleware before New.
//
// Protocol-owned fields stay the SDK's: it adds resultType and the server
// identity (and ttlMs and cacheScope to resource results) to the result of
// a 2026-07-28 request after every handler, so results are not finalized
// here, and that result reaches the client through the SDK's types:
// structuredContent and every _meta value are still the JSON mcpresult
// wrote (json.RawMessage), but the SDK writes the keys of a _meta sorted,
// the fields of a block in its own order, and leaves out isError false,
// a priority of 0 and an empty resource text, which mean the same absent. Tools and resources registered on the *mcp.Server directly are
// served by the SDK as before.
//
// # Examples
//
// The repository's examples/quickstart is a complete stdio server on this
// package (go run ./examples/quickstart from the repository's root), and
// examples/gosdk a larger one: every block type, a result over the server's
// budget, a panic, written natively and through the module. The tests of
// internal/sdkproof connect the Go SDK's client and a raw JSON-RPC client to
// the quick start at every revision, validate every result against that
// revision's official JSON Schema and its structured content against the
// listed output schema, and run mcpresult check on it.
//
// # Which revision
//
// In go-sdk v1.8.0 a handler's req.ProtocolVersion() is the revision in
// the request's _meta for 2026-07-28 (which has no initialize), and for
// older revisions the one the client asked for in initialize
// (req.Session.InitializeParams().ProtocolVersion). That is the negotiated
// revision only when the server speaks it: asked for one it does not speak,
// the server answers initialize with another, which the SDK keeps in the
// session's state where no handler can read it. The adapter's receiving
// middleware therefore records the revision of each initialize result, by
// session, and a handler's result is written for it (the entry goes with
// the session). A handler reads that revision with ProtocolVersion(ctx). The server negotiates only revisions that mcpresult
// writes when its options say so: ProtocolVersions is the list for
// mcp.ServerOptions.SupportedProtocolVersions (with SDK v1.8.0, all of
// the SDK's). Over stdio, the in-memory transport and Streamable HTTP
// (stateful or stateless), each session gets its own revision, however
// many are open at once; a stateful Streamable HTTP server of SDK v1.8.0
// answers a client that asks for 2026-07-28 with 2025-11-25, and its
// results are written for 2025-11-25.
//
// # Natively or through the module
//
// By default results are written by package result. Options.Engine takes
// anything else that writes them (an Engine: the two calls the adapter
// makes); a *host.Host is one, and with it every result and output schema
// is written by the WebAssembly module, byte for byte the same, and
// handlers may build with the same Host (host.Host.Tool) too. This package
// does not import package host: only a server that passes a Host compiles
// it and its WebAssembly runtime (wazero).
package sdk
