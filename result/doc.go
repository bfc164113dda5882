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
// Result whose JSON is the compact wire JSON, checked against every rule of
// package content and against a budget of bytes, depth and JSON values.
// encoding/json writes a Result (or a *Result, or a field of either) as that
// JSON (json.Marshal HTML-escapes <, > and &; an Encoder with
// SetEscapeHTML(false) gives the very bytes).
//
// # Tool results
//
// Content omitted with structured content given makes exactly one text block
// holding the compact JSON of the structured content (the fallback). Content
// given is kept as it is; an empty list is content_required. Structured
// content may be any JSON value; a Go nil is JSON null and is written;
// leaving the option out writes no structuredContent. isError is always
// written. FromValue turns an ordinary handler return value into a tool
// result: a string as one text block, verbatim; anything else as one text
// block holding its compact JSON.
//
// # Errors that reach the client, and errors that do not
//
// A *ClientError (NewClientError) is the one kind of failure a client sees:
// its message and an optional code in _meta["io.github.mcpresult/errorCode"].
// Guard wraps a handler so that any other error, a panic, or a result that
// failed its checks becomes a fixed, content-free tool error, and the private
// detail goes only to the server's onError callback.
//
// Errors of this package are *Error values (content.Error): match them with
// errors.As, or match a code with errors.Is(err, content.CodeMaxBytes).
//
// # Settings
//
// Settings bound a result: MaxJSONBytes (default 2,000,000), MaxNodes
// (default 100,000), a fixed depth of 64, and the Canonicalization mode. A
// standalone build (Tool, Resource, FromValue) may override MaxJSONBytes and
// the mode per call; a build inside a server's handler (ToolFromContext,
// ResourceFromContext, ValueFromContext, with ContextWithSettings on the server's
// context) inherits them and may not (option_not_allowed). Resource results
// are always strict. The budget is enforced while the JSON is written (see
// package content): a refused call never writes the whole result first.
//
// # How options are given
//
// Each kind of call takes its options one way. What a result holds (its
// content, structured content, _meta, a standalone build's budget) is given
// as functional options of the builders (Tool, Resource, FromValue and the
// …FromContext builders), in MCP's wire names, as content's blocks take
// theirs. What a call does with a result (serialize it for a revision,
// validate it, build from a request) is given as an options struct
// (SerializeOptions, ValidateOptions, BuildOptions), whose zero value is the
// default. A server's settings travel on the context of its handlers
// (ContextWithSettings), so that a handler never passes them itself. The
// WebAssembly module receives the same settings and options as values in
// wire names (see package abi); the two forms go through the same checks.
//
// # Protocol revisions
//
// Serialize writes a result as the revision the client negotiated defines it:
//   - 2026-07-28 (the default) keeps everything and, with Finalize, adds
//     resultType "complete", the server identity as the last key of _meta
//     and, for resource results, ttlMs (default 0) and cacheScope (default
//     "private");
//   - 2025-11-25 wraps non-object structured content as {"result": value},
//     as the official TypeScript SDK's compatibility codec does;
//   - 2025-06-18 does the same and drops icons;
//   - 2025-03-26 drops structuredContent, but appends a text block with its
//     compact JSON unless a text block already holds it (its text parses as
//     JSON to an equal value), so an older client still gets the data; drops
//     block and contents _meta and lastModified (and an annotations object
//     left empty by that); turns each resource link into the text block
//     "Resource: <name> <uri>";
//   - 2024-11-05 does the same and turns each audio block into
//     "[audio omitted: <mimeType>]".
//
// With UnsupportedError, what would be converted is unsupported_content_type
// instead. The output for every revision validates against that
// revision's official JSON Schema. Format JCS writes RFC 8785
// canonical JSON for hashing and signing. Every error path names a place in
// the result as the caller gave it, never one that only the output has.
//
// Validate checks a result anyone built (a content.Value, or a plain Go value
// such as json.Unmarshal gives) against the same rules and what the revision
// defines, and reports every finding instead of the first. It is fair to what
// real servers send: a field no revision defines (unknown_field), one that
// another revision defines (field_not_in_revision), content: []
// (empty_content), an empty mimeType and structured content without a text
// block (missing_text_fallback) are warnings, since the official schemas
// accept them. Stage StageWire (the default) checks what travels on the wire
// (2026-07-28 requires resultType, and ttlMs and cacheScope on resource
// results); StageHandler checks what a handler hands its SDK
// (protocol-owned fields must be absent).
//
// # Output schemas
//
// A tool that returns structured content may declare its shape as
// outputSchema in tools/list. Clients of 2025-06-18 and 2025-11-25 check
// structuredContent against that schema and accept only an object schema
// there, which is why Serialize wraps non-object structured content as
// {"result": value} for them. OutputSchema gives the schema that matches
// what Serialize writes, for the revision the client negotiated:
//   - 2026-07-28 (the default): the schema as given;
//   - 2025-06-18 and 2025-11-25: the schema as given when it is an object
//     schema (a JSON object whose "type" is the string "object"); any other
//     schema, a boolean one included, becomes
//     {"type":"object","properties":{"result":schema},"required":["result"]};
//   - 2025-03-26 and 2024-11-05, which have no outputSchema: nothing (nil,
//     and no error); the schema is checked all the same.
//
// Wrapping moves the schema one level down, so references that point into
// it follow: a root "$schema" moves to the wrapper (its first member) and
// leaves the inner schema, and every "$ref" whose value is "#" or starts with
// "#/" gets "/properties/result" after the "#" ("#/$defs/A" becomes
// "#/properties/result/$defs/A"). Nothing is rewritten inside a schema that
// has "$id", the root included (it is a resource of its own, and its
// references resolve against it), nor in the values of const, enum, default
// and examples, which are data; the members of properties,
// patternProperties, $defs, definitions, dependentSchemas and dependencies
// are schemas whatever their names. Left alone: refs to anchors ("#name",
// which still resolve, the wrapper having no $id), relative and absolute
// URIs, and "$dynamicRef" and "$recursiveRef", whose dynamic resolution the
// wrapper may change; a schema that relies on them should carry its own
// "$id".
//
// The schema is a JSON object or a boolean (anything else is invalid_type
// at ""). It is read strictly, whatever the settings' canonicalization, with
// the checks and codes of a free-form value (duplicate_key, invalid_utf8,
// non_finite_number, unsupported_value…), and what is written, wrapped or
// not, must fit the budget (max_bytes, max_nodes, max_depth at ""); for a
// revision without outputSchema the schema as given must. The key order of
// the caller is kept, and the JSON is compact, written as every result is.
//
// # One path for every input
//
// The Go options are members of a request value; Build takes the same
// request as a value, as the WebAssembly module receives it through
// MessagePack. Whatever the source (Go options, a parsed request, the
// module from any runtime), the same checks run in the same order and give
// the same bytes and the same error codes and paths.
//
// Decisions where the specification is silent:
//   - the top-level keys of a build request are options: an unknown one is
//     unknown_option, a repeated one duplicate_option;
//   - content_required points at /content, whether content is missing or
//     empty;
//   - a resource build accepts maxJsonBytes but not canonicalization:
//     resource results are always strict;
//   - a client error's code null means no code; a message or code of the
//     wrong JSON type is invalid_type, one that breaks the length or
//     character rules invalid_client_error;
//   - an ordinary value is a string, written verbatim, only when it is a
//     string as given; bytes or a timestamp that canonicalization "json"
//     turns into a string are written as JSON text (quoted), as
//     JSON.stringify would write them;
//   - an ordinary value appears in the result only as JSON text, so the
//     result's depth and node limits do not apply to it (its text counts in
//     the byte budget); its nesting is bounded by content.MaxParseDepth;
//   - the …FromContext builders with a context that carries no settings are
//     invalid_option rather than a silent fall back to the defaults;
//   - Meta with a nil map is no _meta; the zero Result is not a result
//     (MarshalJSON and Serialize refuse it);
//   - Guard treats a nil result with a nil error as a private failure;
//   - Guard, the …FromContext builders and ContextWithSettings are left out of
//     GOOS=wasip1 builds (the module's guest), which cannot carry context
//     and time.
//
// Serialize and Validate, where the specification is silent:
//   - Finalize changes nothing for revisions before 2026-07-28, which have no
//     protocol-owned fields; TTLMs and CacheScope are ignored for tool
//     results;
//   - a resource link or audio block converted to text keeps its
//     annotations (less lastModified where the revision lacks it);
//   - the text block that carries structured content to 2025-03-26 and
//     older is appended after the other blocks, and holds its compact JSON
//     in wire order (also when the format is JCS);
//   - a result value given to the module's serialize op (which serializes
//     a value, not a built Result) is checked as a built result
//     with the settings' canonicalization: protocol-owned fields in it are
//     protocol_owned_field, and an unknown field is unknown_field;
//   - the related task's _meta value is checked ({"taskId": string}) when
//     building, as Validate checks it; Validate's stage handler accepts it
//     for any revision, as a build does;
//   - a reserved _meta value that MCP defines (serverInfo, related-task) is
//     checked with the codes of package content: not an object invalid_type,
//     a required member missing missing_field, not a string invalid_type;
//   - Validate reports the values of unknown fields only where they are not
//     JSON (invalid_utf8, non_finite_number…), and counts them in the
//     budget; it measures the budget (nodes and depth, then bytes, with
//     binary data counted as the base64 it becomes) beside every other
//     finding; a place keeps its first finding, an error before a warning;
//     of a key repeated in a protocol object (the result, a block, resource
//     contents, annotations), the last value is the one checked, as
//     JSON.parse and encoding/json keep it; inside a free-form value the
//     first is checked and each repeat is duplicate_key; kind, when not
//     given, is inferred from the value;
//   - Validate reads resource contents that carry both text and blob as the
//     contents whose field is a string (text first), the other field being
//     unknown_field, as the schemas do;
//   - this library's policy beyond the schemas (errors where the schema
//     accepts): the rules of package content, the budget, resultType
//     "complete" on a tool or resource result, ttlMs up to 2^53-1, the
//     related task's {"taskId": string} and the server identity's fields
//     (an Implementation: name, version, title, description, websiteUrl,
//     icons) in _meta;
//   - resultType, ttlMs and cacheScope on a tool result (where no revision
//     defines the last two) are unknown_field at stage wire and
//     protocol_owned_field at stage handler, as in a build;
//   - the reserved key "io.modelcontextprotocol/related-task", which
//     revision 2025-11-25 defines for results of tasks, is accepted in a
//     result's _meta when building; Serialize leaves it out for the other
//     revisions, and Validate accepts it (as {"taskId": string}) only for
//     2025-11-25;
//   - a 2026-07-28 result serialized without Finalize has no resultType,
//     which that revision's schema requires on the wire: it is meant for a
//     server or SDK that adds the protocol-owned fields itself.
package result
