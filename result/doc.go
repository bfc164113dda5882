// Package result builds MCP tool results and resource-read results, checks
// them, and writes them as JSON, exactly as every mcpresult runtime does.
//
//	r, err := result.Tool(result.StructuredContent(map[string]any{"ok": true, "count": 2}))
//	// r.JSON(): {"content":[{"type":"text","text":"{\"count\":2,\"ok\":true}"}],
//	//            "structuredContent":{"count":2,"ok":true},"isError":false}
//
// A result is built from options in MCP's wire names: Content (blocks from
// package content), StructuredContent, IsError and Meta for a tool result;
// Contents and Meta for a resource result. What comes out is an immutable
// *Result whose JSON is the compact wire JSON, checked against every rule of
// the specification and against a budget of bytes, depth and JSON values.
//
// # Tool results
//
// Content omitted with structured content given makes exactly one text block
// holding the compact JSON of the structured content (the fallback). Content
// given is kept as it is; an empty list is content_required. Structured
// content may be any JSON value; a Go nil is JSON null and is written;
// leaving the option out writes no structuredContent. isError is always
// written.
//
// # Errors that reach the client, and errors that do not
//
// A *ClientError (NewClientError) is the one kind of failure a client sees:
// its message and an optional code in _meta["io.github.mcpresult/errorCode"].
// Guard wraps a handler so that any other error, a panic, or a result that
// failed its checks becomes a fixed, content-free tool error, and the private
// detail goes only to the server's onError callback.
//
// # Settings
//
// Settings bound a result: MaxJSONBytes (default 2,000,000), MaxNodes
// (default 100,000), a fixed depth of 64, and the Canonicalization mode. A
// standalone build (Tool) may override MaxJSONBytes and the mode per call; a
// build inside a server's handler (ToolFromContext, with WithSettings on the
// server's context) inherits them and may not (option_not_allowed).
//
// # One path for every input
//
// The Go options are members of a request value; Build takes the same
// request as a value, as the WebAssembly module receives it through
// MessagePack and as the conformance vectors in testdata/vectors give it.
// Whatever the source, the same checks run in the same order and give the
// same bytes and the same error codes and paths.
//
// Decisions where the specification is silent:
//   - the top-level keys of a build request are options: an unknown one is
//     unknown_option, a repeated one duplicate_option;
//   - content_required points at /content, whether content is missing or
//     empty;
//   - max_bytes and max_nodes point at "" (the whole result); max_depth at
//     the first object or array beyond level 64;
//   - a resource build accepts maxJsonBytes (as the seed library does) but
//     not canonicalization: resource results are always strict;
//   - a client error's code null means no code; a message or code of the
//     wrong JSON type is invalid_type, one that breaks the length or
//     character rules invalid_client_error;
//   - an ordinary value (Value) is a string, written verbatim, only when it
//     is a string as given; bytes or a timestamp that canonicalization
//     "json" turns into a string are written as JSON text (quoted), as
//     JSON.stringify would write them;
//   - an ordinary value appears in the result only as JSON text, so the
//     result's depth and node limits do not apply to it (its text counts in
//     the byte budget); its nesting is bounded by content.MaxParseDepth;
//   - ToolFromContext with a context that carries no settings is
//     invalid_option rather than a silent fall back to the defaults;
//   - Guard treats a nil result with a nil error as a private failure.
package result
