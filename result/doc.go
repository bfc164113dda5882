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
// # Protocol revisions
//
// Serialize writes a result as the revision the client negotiated defines it
// (SPEC section 9): 2026-07-28 (the default) keeps everything and, with
// Finalize, adds resultType, the server identity in _meta and, for resource
// results, ttlMs and cacheScope; 2025-11-25 wraps non-object structured
// content as {"result": value}; 2025-06-18 also drops icons; 2025-03-26
// drops structured content, block and contents _meta and lastModified and
// turns resource links into text; 2024-11-05 also turns audio into text. The
// output of every revision validates against that revision's official JSON
// Schema (checked by make test). Format JCS writes RFC 8785 canonical JSON
// for hashing and signing.
//
// Validate checks a result anyone built against the same rules and what the
// revision defines, and reports every finding instead of the first.
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
//   - Guard treats a nil result with a nil error as a private failure;
//   - Guard, ToolFromContext and WithSettings are left out of GOOS=wasip1
//     builds (the module's guest), which cannot carry context and time.
//
// Serialize and Validate, where the specification is silent:
//   - Finalize changes nothing for revisions before 2026-07-28, which have no
//     protocol-owned fields; TTLMs and CacheScope are ignored for tool
//     results;
//   - the server identity is the last key of the result's _meta;
//   - a resource link or audio block converted to text keeps its
//     annotations (less lastModified where the revision lacks it); an
//     annotations object left empty by that removal is kept as {};
//   - icons are removed for every revision before 2025-11-25, the first that
//     defines them;
//   - a result value given to SerializeValue is checked as a built result:
//     protocol-owned fields in it are protocol_owned_field, and an unknown
//     top-level field is unknown_field;
//   - Validate reports an unknown top-level field as a warning (every
//     revision's Result allows extra fields), and a field the revision does
//     not define where MCP does define it in another revision
//     (structuredContent in 2025-03-26, _meta on a block before 2025-06-18,
//     resultType before 2026-07-28…) as unknown_field; a block type the
//     revision lacks is unsupported_content_type at the block;
//   - Validate counts an empty content list as content_required, as a build
//     does, though the official schemas allow it;
//   - a reserved _meta value that MCP defines (serverInfo, related-task) is
//     checked with the codes of SPEC section 6: not an object invalid_type,
//     a required member missing missing_field, not a string invalid_type;
//   - Validate applies the budget (nodes, then bytes) only when the value has
//     no other error; kind, when not given, is inferred from the value; the
//     values of unknown top-level fields are checked and counted like any
//     other value;
//   - the reserved key "io.modelcontextprotocol/related-task", which
//     revision 2025-11-25 defines for results of tasks, is accepted in a
//     result's _meta when building; Serialize leaves it out for the other
//     revisions, and Validate accepts it (as {"taskId": string}) only for
//     2025-11-25;
//   - Serialize checks depth again too, since wrapping structured content
//     as {"result": value} adds a level;
//   - a 2026-07-28 result serialized without Finalize has no resultType,
//     which that revision's schema requires on the wire: it is meant for a
//     server or SDK that adds the protocol-owned fields itself (the schema
//     oracle checks such output with those fields added).
package result
