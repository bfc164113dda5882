// Package check checks a live MCP server: it connects to the server once for
// each protocol revision, lists its tools and resources, calls every tool,
// reads every resource, and lints each result exactly as the server sent it
// for the revision negotiated. It is what the command `mcpresult check`
// runs, as a package, so that a server's author can run the same check in
// the server's own `go test`, against the server in-process.
//
// A result can be valid JSON and still be one a client rejects or
// misreads: structured content that does not match the tool's outputSchema,
// an image whose bytes are not its mimeType, a field the negotiated revision
// does not have, an integer JavaScript cannot hold, a stack trace or a
// secret in an error. An SDK sends what the handler built; this package
// reads what arrived, every byte of every response.
//
// Run takes Options that name the server (a command over stdio, a
// Streamable HTTP URL, or a Transport of the official Go SDK,
// github.com/modelcontextprotocol/go-sdk/mcp) and returns a Report:
// per revision, per tool and per resource, each exchange with its
// findings. A Finding has a severity, a stable code, a JSON Pointer into
// the result as received ("" for the whole result; /error/message,
// /error/data/… for a JSON-RPC error) and a message for people that names
// what kind of thing it found and where, never the value (a secret, a
// path, a rejected value). Report.WriteText and Report.WriteJSON print it,
// Report.WriteSARIF writes it for code scanning (SARIF 2.1.0: a rule per
// code, linked to its explanation, and a result per error or warning with
// a fingerprint stable across runs), Report.WriteJUnit for test dashboards
// (JUnit XML: a testsuite per revision, a testcase per call and per read),
// Report.WriteMarkdown for a pull request's comment or a CI job's summary,
// Report.WriteHTML as one page that loads nothing, and
// Report.WriteWorkflowCommands as the annotations of a GitHub Actions run;
// Report.WriteTextWith takes TextOptions (info findings folded or in full,
// the time from which a call is slow). Options.Ended is told of each call
// and read as it ends (a Step, whose String is one line for a log), for the
// progress of a long run.
//
// A test of a server built with the official Go SDK, connected in memory
// (ExampleRun shows it whole):
//
//	func TestResults(t *testing.T) {
//		server := newServer() // the server's own constructor: mcp.NewServer, mcp.AddTool…
//		rep, err := check.Run(t.Context(), check.Options{
//			Transport: func() mcp.Transport {
//				serverEnd, clientEnd := mcp.NewInMemoryTransports()
//				if _, err := server.Connect(t.Context(), serverEnd, nil); err != nil {
//					t.Fatal(err)
//				}
//				return clientEnd
//			},
//		})
//		if err != nil {
//			t.Fatal(err)
//		}
//		if rep.Failed() || rep.Totals.Errors > 0 {
//			var b strings.Builder
//			rep.WriteText(&b, false)
//			t.Error(b.String())
//		}
//	}
//
// CheckToolCall and CheckResourceRead run the same rules on one exchange
// that a program captured itself, without a session.
//
// Severities: error, a client of this revision cannot read the result or
// will reject it, or a rule of the library is broken; warning, valid but
// likely to hurt users (clients show nothing, lose precision, leak
// detail…); info, figures worth knowing.
//
// # Codes
//
// Every finding of result.Validate at stage wire, for the negotiated
// revision and the kind of result, keeps its code, path and message, with
// its severity (error or warning): invalid_base64, missing_text_fallback,
// field_not_in_revision, max_bytes… (content.Codes lists them). A result
// that is not JSON, or a response with neither result nor error, is
// invalid_json (error).
//
// One of them is graded by what a client loses: field_not_in_revision for
// the structuredContent of a tool result, in a revision that does not
// define it (before 2025-06-18), whose clients ignore it and read only
// content. It is info when content carries the same data, and a warning
// otherwise (the message says which, and where the copy is). A value is
// carried by a text block whose text is JSON of the same value (parsed:
// numbers by value, objects whatever their key order, any whitespace), by
// a text block whose text is the value itself (a string, "" included), or
// by the content list, or one of its blocks, that is the same value (the
// image that {"content": [image]} repeats). structuredContent is carried
// when it is carried whole, or when it is an object each of whose members
// is carried or is a boolean, null, or an empty array or object (a list
// of files that has none: no item is lost): a one-member wrapper
// ({"entities": [...]} with the array's JSON as text, {"content": text}),
// members each in a block of their own, a message beside
// "success": true, an empty object. A boolean or null is let go: a flag
// says little that the text and isError do not, and no text can be read
// for it. Members count at the top level only, and whole: text that is
// part of a string, the JSON of a value one level down, or a member (a
// number, a string, an array) that no block carries beside one that is
// carried leaves it a warning, as data is lost. Every other field that a
// revision lacks (a block's _meta, annotations' lastModified…) stays a
// warning: nothing else in a result is a copy that its clients read
// instead.
//
// validate's missing_text_fallback (structured content, and no text block
// in content) is graded by the same measure: info when content carries the
// structured content's data ({"content": [image]} beside that very image,
// which a JSON text copy would only repeat as base64 in the model's text),
// a warning when data is lost, and a warning too for a value other than an
// object in 2026-07-28, which makes a text copy of such a value a MUST.
//
// Beyond those:
//
//   - output_schema_no_structured_content (error): the tool declares an
//     outputSchema and a result that is not isError has no
//     structuredContent; clients that check it (Cursor, the official SDKs'
//     clients) reject the call.
//   - output_schema_mismatch (error): structuredContent does not validate
//     against the tool's outputSchema. The schema is compiled both as JSON
//     Schema 2020-12 (the Go SDK) and as draft-07 (Ajv's default, the
//     TypeScript SDK), unless it names its dialect with $schema; the
//     message says under which it fails ("fails under draft-07 only": for
//     example a format, which draft-07 asserts and 2020-12 only
//     annotates). One finding per place, at most 20.
//   - output_schema_too_complex (warning): structuredContent was not
//     checked against the outputSchema, because validating it would take
//     more than 250,000 evaluations of the schema's parts (counted before
//     validating: anyOf, oneOf, allOf or $refs that reach one part by many
//     ways multiply them, so a short schema can take hours), or the schema
//     has more than 10,000 objects and was not compiled.
//   - output_schema_invalid (error): the outputSchema does not compile
//     under a dialect (named), or is not a JSON object or boolean. References
//     outside the schema are never loaded (no file, no network), and a
//     pattern Go's regexp cannot compile (an ECMAScript lookahead) accepts
//     every string rather than make the schema invalid.
//   - text_copy_mismatch (warning): structuredContent is present, some text
//     block is a JSON object or array (any JSON when the structured content
//     is a scalar), and none of those is the same JSON value
//     (numbers by value, objects whatever their key order). A one-member
//     object is a wrapper: a copy of the wrapped value matches ({"result": value}, as serialize wraps for 2025
//     clients, or a server's own name, {"entities": [...]}), and so does a
//     text block that is the wrapped string itself. No JSON text at all is
//     validate's missing_text_fallback.
//   - media_type_mismatch (error): the decoded bytes of an image or audio
//     block, or of blob resource contents whose mimeType is image/* or
//     audio/*, are a format other than its mimeType names (PNG bytes
//     labelled image/jpeg: the Anthropic API behind Claude Code refuses
//     "Image does not match the provided media type"). Recognized by magic
//     numbers: PNG, JPEG, GIF, WebP, BMP, ICO, TIFF, SVG, AVIF, HEIC/HEIF,
//     WAV, MP3, AAC (ADTS), Ogg, FLAC, AIFF, MP4/M4A, WebM/Matroska; common
//     aliases count as the same type (image/jpg, audio/mp3, audio/x-wav…).
//   - media_type_unknown (warning): the bytes are no format this check
//     knows although the mimeType names one it knows, or there are no
//     bytes. Data that is not base64 is left to validate.
//   - image_format_unsupported (warning): an image block whose mimeType is
//     not image/jpeg, image/png, image/gif or image/webp, the only image
//     types the Anthropic API and the OpenAI API accept (an SVG, image/jpg).
//   - image_too_large (warning): an image over a limit a model API documents:
//     wider or taller than 8000 px (Anthropic API), base64 data over
//     5 MB (Anthropic API), over 20 MB decoded (OpenAI API).
//   - image_downscaled (info): an image whose long edge is over 1568 px,
//     which the Anthropic API scales down before the model sees it.
//   - unsafe_integer (warning): an integer literal beyond ±(2^53−1) in
//     structuredContent (revisions that have it) or in any _meta, read from
//     the raw text, so integers beyond 64 bits count too: JavaScript
//     clients lose precision. At most 20 per result.
//   - error_leaks_stack (warning): a stack trace or panic (Go, JavaScript,
//     Python, Java, .NET, Rust, Ruby) in error text.
//   - error_leaks_path (warning): an absolute file path in error text: under
//     /home, /Users, /var, /etc, /tmp… with a file extension, three segments
//     or more, or in a home directory (so /etc/shadow alone is not one);
//     C:\dir\…, C:\file.ext; \\server\share\.
//   - error_leaks_connection_string (warning): a URL with a password
//     (scheme://user:pass@host, redis://:pw@host) or an ADO.NET connection
//     string with a password, in any text; a database URL (postgres://,
//     mongodb+srv://, redis://…) or a JDBC URL, in error text.
//   - error_leaks_secret (warning): what looks like a secret, in any text:
//     an AWS access key ID, a GitHub, Slack, OpenAI or Anthropic, Google or
//     Stripe key or token, a JSON Web Token, a private key, a bearer token,
//     a password=, api_key=… assignment or a "password": "…" member.
//     Placeholders (****, <password>, ${VAR}, REDACTED…) are not secrets.
//   - result_size (info): the bytes of the result as compact JSON.
//   - result_tokens (info): an estimate of the tokens of text a model reads:
//     the UTF-8 bytes of the text blocks and text resource contents divided
//     by 4 (images, audio, blobs and MCP Apps pages not counted).
//   - result_over_client_cap (warning): a tool result whose estimate is over
//     a cap of Claude Code: the 10,000 tokens above which Claude Code
//     warns, or its default maximum of 25,000 (MAX_MCP_OUTPUT_TOKENS).
//   - protocol_error_for_tool_failure (warning): a call whose arguments
//     were valid was answered with a JSON-RPC error, other than the
//     protocol's own (-32700, -32600, -32601, -32602, and -32042, -32020,
//     -32021, -32022 of the later revisions): a failure of the tool belongs
//     in a result with isError, which the model reads.
//   - tool_error_for_invalid_arguments (info): from revision 2025-11-25 on,
//     input validation errors are meant to be tool results with isError
//     (the model reads them and can correct its call), so a JSON-RPC error
//     answering arguments that are invalid (or that the server rejects with
//     -32602 although they conform to the inputSchema) is noted; before
//     2025-11-25, -32602 is what the revision asks for, and only another
//     JSON-RPC error answering invalid arguments is noted. It is info, not
//     a warning: the official schema of 2026-07-28 still lists invalid tool
//     arguments under -32602, and the official SDKs moved to tool results
//     only recently.
//   - arguments_not_generated (warning) and arguments_incomplete (info), of
//     the arguments Run makes from a tool's inputSchema rather than of a
//     result: no arguments that conform to the inputSchema could be made,
//     or exist (the schema requires itself without end, accepts nothing
//     there, or asks for more than the generator's limits: a nesting of 32,
//     1,000 items or properties, strings of 65,536 characters, 1 MiB of
//     arguments, 200,000 steps of work); or the arguments made may not
//     conform (a pattern, unique items, a $ref outside the schema). The
//     tool is called with a best effort either way: making arguments ends,
//     in time linear in the schema's size, whatever it is. Run adds them to
//     the findings of the call made with those arguments.
//   - too_many_tools, too_many_resources, too_many_pages, cursor_repeated,
//     list_too_large (warning) and results_not_kept (info), of Run rather
//     than of a result: findings of a revision (RevisionReport.Findings,
//     path ""), counted with the others. The warnings say the check did
//     not cover everything the server lists: more tools or resources than
//     Options.MaxTools or MaxResources (the first listed are called or
//     read), a list of more pages than MaxPages, one that gives a cursor it
//     gave before, or a page over MaxResponseBytes (the listing stops
//     there). results_not_kept: the report reached Options.MaxKeptBytes of
//     results, and those after were checked (their findings are in it)
//     without their results being kept.
//   - all_calls_failed (warning), of the revision too: every tools/call of
//     it (at least two) failed the same way: each answered with a result
//     with isError true, or each with a JSON-RPC error of the same code, or
//     each refused for want of authorization (an HTTP 401 or 403, or a
//     JSON-RPC error whose message says unauthorized, unauthenticated or
//     forbidden). The checks of a failure are not those of a result, so a
//     run in which nothing succeeded can pass and vouch for nothing: the
//     report says it before anything else (Report.Caveat, the first line of
//     the text report; RevisionReport.AllFailedAlike says how the calls of
//     the revision failed), and --fail-on warning fails on it.
//   - unknown_tool_answered (error), unknown_tool_tool_error (info) and
//     unknown_tool_error_code (info), of the revision too: what the probe
//     of an unknown tool found (see ProbeReport). Once per revision, unless
//     Options.NoProbes or Options.Only, Run calls a tool the server does
//     not list (ProbeUnknownTool, made unique against the names listed).
//     Every revision's schema says an error in finding the tool is answered
//     with a JSON-RPC error (-32602 Invalid params, by the schema of
//     2026-07-28), and the answer is graded by what a client makes of it:
//     -32602 gives nothing; another code is noted (a client sees an error
//     either way), and so is a result with isError true (a client still
//     reads a failure); a result that is not isError is an error, since the
//     client and the model take a call that did nothing for one that
//     succeeded. No answer is no_response.
//   - discover_invalid (error), of the revision: in a 2026-07-28 session,
//     which the Go SDK's client begins with server/discover in place of
//     initialize, the answer does not validate against DiscoverResult of
//     the official schema of 2026-07-28 (a copy of that definition, and of
//     those it refers to, is embedded): a member it requires
//     (supportedVersions, capabilities, resultType, ttlMs, cacheScope) is
//     missing, its path that member's JSON Pointer, or one is of the wrong
//     type or value, its path the member's (at most 20 findings).
//   - revision_mismatch (info or warning), of the revision: the server
//     accepted the session's revision and answers initialize, tools/list or
//     resources/list (a tool or resource listed, serverInfo and
//     capabilities included) in the shape of another: a member this
//     revision's schema does not define and another's does, as resultType,
//     ttlMs and cacheScope (only 2026-07-28 defines them) sent to an earlier
//     client (info: its clients ignore it); or, in 2026-07-28, a list
//     without the resultType, ttlMs or cacheScope that it requires (a
//     warning: its clients read them). Once per method and member, at the
//     member's path in the first answer with it; the message names the
//     revisions whose shape it is. The members of tool and resource results
//     are checked with each result (field_not_in_revision, missing_field).
//
// MCP Apps (extension io.modelcontextprotocol/ui) pages, of the tools
// that link one (see below, under MCP Apps):
//
//   - app_resource_uri (error): a tool's link (_meta.ui.resourceUri, or the
//     deprecated flat _meta["ui/resourceUri"] when it lists only that) is
//     not a string, is empty, or does not start with ui:// (a custom
//     scheme, https://…): no host renders it. At the tool, the path into
//     the tool as listed (/_meta/ui/resourceUri, /_meta/ui~1resourceUri).
//   - app_resource_missing (error): the linked page cannot be read:
//     resources/read answers with a JSON-RPC error (/error), a result
//     without contents of the page's URI (/contents), or contents with no
//     HTML (text and blob empty or absent). No answer, or one too large,
//     is the read's own no_response or response_too_large.
//   - app_mime_type (error, or warning): the contents' mimeType is not
//     exactly text/html;profile=mcp-app (text/html, text/html;
//     charset=utf-8, none); text/html+skybridge, which ChatGPT's Apps SDK
//     wants, is a warning that names ChatGPT.
//   - app_csp_invalid (error, or warning): _meta.ui.csp is not an object,
//     one of its four lists is not an array, an entry is not a string, or
//     an entry is not an origin (scheme://host[:port] with http, https, ws
//     or wss; no path, query, fragment or user; a wildcard only as the
//     whole leftmost label, https://*.example.com; a port from 1 to 65535
//     or *; a "/" alone after it is let go, as browsers read it as the
//     whole origin), each at its path; a key other than the four lists is
//     a warning, as hosts ignore it (at most 20 a page).
//   - app_csp_uncovered (warning): each origin the page loads or connects
//     to that no valid entry of its list covers, naming the origin and the
//     list, at the path of the list in the contents' _meta.ui.csp (where
//     it belongs; at most 20 a page, the last saying how many more).
//   - app_meta_conflict (error): the tool lists both keys and the flat one
//     is another value than _meta.ui.resourceUri: hosts that read one
//     render another page than hosts that read the other. Both keys with
//     the same page, as the official ext-apps helpers (registerAppTool)
//     write them, is fine: a note of the revision names those tools, and
//     no finding.
//
// Error text is the text of an isError result (its text blocks, embedded
// text resources and the strings of its structuredContent) and a JSON-RPC
// error's message and data. Leaks are looked for in every text block, text
// resource contents (embedded, or of a resource result) and error text;
// paths, stack traces and database URLs only in error text, where they are
// detail that escaped, not the tool's output. Each code is reported once per
// text, naming every kind it found there.
//
// Resource reads get validate, media, unsafe integers (in _meta), leaks in
// text contents, and result_size and result_tokens; a JSON-RPC error
// answering them gets the leak checks.
//
// # MCP Apps
//
// A tool that lists _meta.ui.resourceUri (or the deprecated flat
// _meta["ui/resourceUri"]) renders a ui:// page in hosts that support MCP
// Apps. In each revision, Run reads every page a listed tool links once,
// among the resources (RevisionReport.Resources, in URI order, with the
// checks of any read): a page that resources/list does not list is read
// all the same, as hosts do, and a server that declares no resources
// capability has its pages read too. RevisionReport.Apps has one
// AppReport per page (and one per link that is not a ui:// URI, under the
// value it has): the tools that link it, the mimeType and the csp of its
// contents (the contents item whose uri is the page's; when it declares
// no csp, that of the page's entry in resources/list, which hosts read
// then), and the findings of the page and of each tool's link. The text,
// Markdown and HTML reports show the apps of each revision: the page, its
// tools, its mimeType, its CSP (as JSON, redacted) and its findings. Their findings count in the totals,
// and every report sees them where they were found: those of the page at
// its read (its row, its testcase, its rerun), those of a link at the tool
// (not at one of its calls). Options.Ended is not told of them. Options.
// Only naming a tool reads the pages it links and no other; naming a
// resource, it reads that page, and the tools are listed as linking it
// without their links being checked.
//
// The host builds the page's Content-Security-Policy from the four lists
// (connectDomains: connect-src; resourceDomains: script-src, style-src,
// img-src, font-src, media-src; frameDomains: frame-src; baseUriDomains:
// base-uri) and allows nothing else, so what the page loads from an origin
// no entry covers never arrives. The page (text, or blob decoded) is read
// with the HTML tokenizer of golang.org/x/net/html, as a browser
// tokenizes it, not with patterns over the markup: once, one token at a
// time (no tree: nesting costs nothing), a token at most 16 MiB (the
// scan stops there), at most 1,000 distinct origins. What it loads:
// <script src>, <link href> of rel stylesheet, preload, modulepreload,
// prefetch or icon (not preconnect or dns-prefetch, which load nothing),
// <img src|srcset>, <video src|poster>, <audio src>, <source
// src|srcset>, <track src> (resourceDomains); <iframe src>, <frame src>
// (frameDomains); <base href> (baseUriDomains); and in inline scripts run
// as JavaScript, a string literal passed to fetch(, WebSocket( or
// EventSource( (connectDomains: a template literal up to its first ${
// when the origin is whole before it), and one a script imports
// (import("…"); in a module, import "…" and from "…": resourceDomains). A
// script's text is read, not run: a URL built at run time, an
// XMLHttpRequest and url() in CSS are not seen. What is inside a <template> loads nothing. Relative URLs,
// data:, blob: and schemes other than http(s) and ws(s) need no domain;
// //host is https://host. The first <base href> is the base of the
// relative URLs after it when baseUriDomains covers it; one it does not
// cover is reported and ignored, as the browser ignores it.
//
// Before 2025-06-18, resource contents have no _meta, so the page's CSP
// is also validate's field_not_in_revision there: the pages are checked
// alike in every revision, as hosts of MCP Apps speak the later ones.
//
// An entry covers an origin as CSP Level 3 matches a host-source: the
// same scheme, or the entry's insecure form of it (http covers https; ws
// covers wss, http and https; wss covers https; https does not cover wss);
// the same host, case aside, or for https://*.example.com any host that
// ends in .example.com (not example.com itself); the same port, the
// default port of the scheme when the entry names none (https://host
// covers :443, not :8443), or any with *. An entry that is not an origin
// covers nothing: the host may drop it, and a path in a CSP entry narrows
// it to that path.
//
// An MCP Apps server (the extension io.modelcontextprotocol/ui) links a
// tool to a page: _meta.ui.resourceUri (or the deprecated
// _meta["ui/resourceUri"]) names a ui:// resource, whose contents are a
// whole HTML document with its scripts bundled, often megabytes of them,
// that the host loads in a frame and the model never reads. Such a server
// is judged by what its hosts and its model see, not by rules made for
// text a model reads:
//
//   - A page is resource contents whose mimeType is
//     text/html;profile=mcp-app (or text/html+skybridge, one host's own), or
//     whose uri (the uri read, when the contents name none) is ui://: read
//     by resources/read, or embedded in a tool result. A result that holds
//     one is validated with the largest JSON budget (64,000,000 bytes), not
//     the 2 MB of a result built for a model, so max_bytes does not judge
//     a page; its HTML (a blob's decoded bytes) is app_page_too_large
//     (warning) only over 16 MiB, the largest page a host is known to load
//     (Goose refuses a larger one; hosts with a lower default, such as
//     Qwen Code's 1 MiB, let it be raised). A response is still bounded by
//     Options.MaxResponseBytes (16 MiB by default, response_too_large). A
//     page counts for no tokens in result_tokens.
//   - The secret heuristics read a page as HTML and scripts: the base64
//     payload of a data: URL (a font, an image, a worker bundled into the
//     page) is not looked in, since a random run of base64 can spell a
//     key's shape; a secret's name (password, apiKey…) makes a secret only
//     when a string literal is assigned to it (password = "…",
//     {apiKey: '…'}), not an expression (A.Password=PC(13), a variable);
//     and a quoted "password": "…" is a JSON member only after { or , (not
//     a ternary's ?"password":"text"). Keys and tokens of a known shape (an
//     OpenAI, GitHub, AWS key…), a private key and a URL with a password
//     are secrets in a page as anywhere: a page is sent to every user's
//     browser. A page is never error text (paths and stack traces are not
//     looked for in it), and a finding names "the MCP Apps page at" its
//     path.
//   - A tool that links a page feeds it structuredContent, which hosts
//     keep from the model; the model reads content. So the rules that ask
//     structured content to be carried by text are info for such a tool:
//     field_not_in_revision at /structuredContent (before 2025-06-18),
//     missing_text_fallback and text_copy_mismatch. Content itself is
//     judged as for any tool (content_required, empty_content: the
//     extension asks content to be meaningful for the model), and a value
//     other than an object without a text copy in 2026-07-28, which that
//     revision makes a MUST, stays a warning.
//   - app_tool_no_response (warning): a tool whose _meta.ui.visibility is
//     ["app"] alone, which only its page calls and the model never does,
//     did not answer within Options.Timeout. A page's call may wait on
//     purpose (a long poll for the next command, as the official PDF
//     example's poll_pdf_commands does), so it is not no_response; a
//     broken connection still is, and so is a tool the model can call
//     (visibility absent, the default ["model","app"], or naming
//     "model").
//
// # Bounds
//
// No server can stall Run or make it hold more than it allows. The
// driver's own codes, about an exchange rather than a result: no_response
// (error, no answer within Options.Timeout, or the connection broke; for
// a tool only an MCP Apps page calls, a timeout is app_tool_no_response,
// a warning: see MCP Apps),
// client_rejected (warning, the Go SDK's client refuses the result),
// response_too_large (error, the response is over Options.MaxResponseBytes,
// 16 MiB by default, over HTTP or stdio: read no further, held no longer,
// not checked; the session goes on), redirect_refused (error, over HTTP
// the server redirected the request to another origin, which is not
// followed), cut_short (error, the run stopped before the answer:
// Options.Deadline, 5 minutes by default, passed, or it was interrupted;
// the report keeps what was checked and its Error says why it stopped) and
// duplicate_response (error, below).
//
// A server answers each request once. Clients take the first response for
// a request id (the official SDKs' clients drop the others), and so does
// Run: an exchange is judged by its first answer, whatever comes after.
// A response for a request answered already, or for an id Run never sent,
// is a duplicate_response: one finding per request id, saying how many
// more answers came and whether they are the first's bytes or not (not
// checked further), in the findings of that tools/call or resources/read,
// or of the revision (initialize, a list, ping, an id never sent; at most
// 100 ids told apart, the rest counted in one more). So that answers
// written after the last call are counted too, Run ends each revision it
// checked with a ping and waits for its answer, up to 2 seconds (a server
// answers in the order it writes; over Streamable HTTP, where each request
// has its own response, this orders nothing): any answer will do, and a
// server that gives none gets a note. A late answer to a request that got
// no_response is no repeat. The findings are added as the revision ends,
// so Options.Ended, told of a call as it ends, does not have them.
// Tools called, resources read and pages of a list are bounded
// (Options.MaxTools and MaxResources, 1,000; MaxPages, 100), and a list
// that gives a cursor again ends there; the report keeps at most
// Options.MaxKeptBytes (64 MiB) of results, and checks those after without
// keeping them: the revision's findings say so (too_many_tools,
// too_many_resources, too_many_pages, cursor_repeated, list_too_large,
// warnings; results_not_kept, info). A connection that Options.Transport
// gives is used as it is: MaxResponseBytes does not bound it.
//
// # Printing
//
// Whatever a server sends is printed as text that cannot drive a terminal,
// and without what the leak checks take for a secret, wherever the server
// put it: its name, title and version, tool names, resource URIs, input
// schemas (and so the arguments made from them), results, JSON-RPC errors,
// its stderr. The secrets are those of error_leaks_secret and the
// passwords of error_leaks_connection_string (API keys and tokens, bearer
// tokens, JSON Web Tokens, the password of a URL or a connection string,
// the value of password=… or of a "password" member, a private key), each
// written [redacted]; a token that an underscore or another mark joins to
// a word (lookup_ghp_…) is one, a token inside a word (xAKIA…) is not.
//
// It is done where the package prints, so that no string is left out:
// WriteText passes every string it did not write itself through one
// escape, which first redacts secrets, each written [redacted] (a private
// key from its first line to the end of the text, or from its start to the
// key's last line), and then writes as an escape a person can read every
// character that a terminal would obey, or that would change how the text
// around it reads: the C0 controls (\x1b, \r, \n, \t, \x00…), DEL
// (\x7f), the C1 controls U+0080 to U+009F (\u009b…), the line and
// paragraph separators U+2028 and U+2029, and the bidirectional controls
// U+061C, U+200E, U+200F, U+202A to U+202E and U+2066 to U+2069 (\u202e…);
// a byte that is not UTF-8 is written \xff, and a backslash stays as it is.
// The secrets are looked for again in the escaped text when escaping
// changed it. Nothing a server sends can then move the cursor, recolour or
// hide a line, set the window title, reach the clipboard (OSC 52) or
// reorder what is printed. These are the characters that paths are printed
// with escaped (content.PrintablePath), and the bidirectional marks U+061C,
// U+200E and U+200F besides: a mark moves no text on its own, but next to
// a server's digits and punctuation it changes how they read, and nothing
// the check prints needs one. WriteJSON redacts every string of the JSON it
// writes, keys and values of the results and arguments included, with the
// string value of a member named password, api_key… (the names the leak
// checks know), and escapes the same characters as JSON escapes.
// WriteMarkdown, WriteHTML and WriteWorkflowCommands redact and escape as
// WriteText does, results and arguments as WriteJSON does, and then escape
// for their medium: Markdown (code spans, backslashes), HTML
// (html/template), a workflow command's data and properties.
// Step.String goes through the same escape, and so does every string
// that WriteSARIF and WriteJUnit write, before it is written as JSON (whose
// strings are then redacted again, as WriteJSON's are) or as XML (which
// then holds no control character, which XML 1.0 cannot carry). Report.Error, a revision's
// Reason and Notes, and what Options.Progress is told are text the server
// chose, redacted and cut but not escaped: WriteText prints them escaped,
// and a program that prints them itself escapes these characters as well,
// as the mcpresult command does. Before the driver cuts or quotes a text
// from the server (for a note, a reason, a progress message; the end of a
// stdio server's stderr), it redacts it: no cut leaves part of a secret,
// which would no longer look like one. The Report itself keeps what was
// sent (tool names, URIs, results, a Finding's exact path: an API key used
// as an object key is printed /structuredContent/[redacted]).
//
// # Baseline
//
// A server with findings today can still fail its CI only on new ones.
// Report.Baseline gives the run's errors and warnings as a Baseline: each
// FindingKey (revision, tool or resource, code, path) with its severity
// and how many findings have it, sorted, so that two runs that find the
// same give the same bytes from Baseline.Marshal (indented JSON,
// {"version": 1, "findings": [...]}, one member a line for a review's
// diff). It holds nothing that changes between runs: no time, argument or
// message. Info findings are left out, as they never fail a run. A tool's
// name, a URI or a path with what looks like a secret is written with it
// [redacted], as the reports print it, and a run's findings are matched by
// that redacted key (and a byte that is not UTF-8 as U+FFFD, as JSON holds
// it): the file holds no secret, and still matches the next run. Two
// names that differ only in a secret share a key, and their counts add.
//
// ReadBaseline reads the file back, refusing with a message that says why
// a file of another version (the version is there so that a later format
// is refused rather than misread), of another kind, or with an entry it
// cannot match. Report.ApplyBaseline compares a run with it, in
// Report.BaselineResult (the JSON report's "baseline"): matched (listed and
// found), new (not listed, or found more times than listed: the ones more)
// and stale (listed and found fewer times, or not at all: the ones fewer).
// The severity is part of the match: a warning that became an error is a
// new error, and its warning is stale. It is a separate step, rather than
// an Option of Run, because it changes no check: the report's findings and
// totals stay what the run found, and the command decides what fails
// (a new finding at its --fail-on level, or any stale entry, so that a
// baseline only ever shrinks). An entry can be stale only where the run
// looked: in a revision it checked (not one Options.Protocol left out, nor
// one skipped or failed), for a tool it called or a resource it read, or
// one the server no longer lists when the run read the whole lists (no
// Options.Only, no list cut short by a bound); a tool the calls file gives
// no call is never looked at, and an entry of the revision's session only
// in a run without Options.Only. A narrower run fails only on what it saw.
//
// # Reproducing
//
// Each CallReport and ResourceReport keeps its Request: the JSON-RPC
// request exactly as the check wrote it, id and all (from the SDK's own
// encoder, the bytes its stdio and HTTP connections send), and its Rerun:
// the arguments of `mcpresult check` that make that one exchange again
// and nothing else: the server (--stdio, written as the command reads it,
// or --url), --protocol with the revision, --only tool:NAME or
// --only resource:URI, --calls with Options.CallsFile when the call came
// from the calls file, and --timeout, --max-response-bytes, --max-tools,
// --max-resources or --max-pages when they were not their defaults. RerunCommand writes them as a line for a POSIX
// shell. There is none for a server given as Options.Transport, which no
// command can name, for a call of Options.Calls without CallsFile, nor for
// a finding of the revision's session. WriteJSON writes both redacted (a
// secret in a tool's name, in the command or in the arguments is written
// [redacted], and then the command does not run as written); the text
// report prints the command under each exchange with an error or a
// warning, and the request only when verbose, escaped as all it prints.
//
// Options.Only narrows a run to one tool ("tool:NAME": all its calls,
// those of Calls or one with generated arguments) or one resource
// ("resource:URI"): nothing else is called or read. The lists are still
// fetched, so that the tool or resource is found as a full run finds it,
// and the revision's findings about its lists can still appear. A revision
// that does not list it gets a note; when no revision checked does, the
// report's Error says that nothing was checked, and the run fails.
//
// # Dependencies
//
// The checks use the official Go SDK's client, Go's regexp and JSON Schema
// validation (github.com/santhosh-tekuri/jsonschema/v6). None of the
// packages the WebAssembly module builds from (content, result, abi, wasm)
// depends on this package, nor does package host: a program that builds
// results pays for the check only when it imports it.
package check
