package check

import (
	"net/url"

	"github.com/mcpresult/mcpresult/content"
)

// Code is the stable, snake_case code of a Finding: one of this package's
// (the Code… constants, listed by [Codes]) or one of result.Validate's,
// converted from its content.Code (Code(e.Code)): the two sets share no
// value. The JSON report writes it as a string.
type Code string

// Codes returns every code this package gives, in no particular order;
// the other codes of a Finding are those of content.Codes.
func Codes() []Code {
	return []Code{
		// The checks of a result.
		CodeOutputSchemaNoStructuredContent, CodeOutputSchemaMismatch, CodeOutputSchemaInvalid,
		CodeOutputSchemaTooComplex, CodeTextCopyMismatch, CodeMediaTypeMismatch, CodeMediaTypeUnknown,
		CodeImageFormatUnsupported, CodeImageTooLarge, CodeImageDownscaled, CodeUnsafeInteger,
		CodeErrorLeaksStack, CodeErrorLeaksPath, CodeErrorLeaksConnectionString, CodeErrorLeaksSecret,
		CodeResultSize, CodeResultTokens, CodeResultOverClientCap, CodeProtocolErrorForToolFailure,
		CodeToolErrorForInvalidArguments,
		// Making a tool's arguments.
		CodeArgumentsNotGenerated, CodeArgumentsIncomplete,
		// The driver, about an exchange.
		CodeNoResponse, CodeClientRejected, CodeResponseTooLarge, CodeRedirectRefused, CodeCutShort,
		CodeDuplicateResponse, CodeAppToolNoResponse,
		// MCP Apps pages, judged as pages.
		CodeAppPageTooLarge,
		// The driver, about a revision.
		CodeTooManyTools, CodeTooManyResources, CodeTooManyPages, CodeCursorRepeated, CodeListTooLarge,
		CodeResultsNotKept, CodeAllCallsFailed,
		// The probes.
		CodeUnknownToolAnswered, CodeUnknownToolToolError, CodeUnknownToolErrorCode,
		// The session's own answers.
		CodeDiscoverInvalid, CodeRevisionMismatch,
		// MCP Apps: a tool's link to its page, and the page.
		// (app_resource_uri, app_csp_invalid and app_meta_conflict are the
		// builders' codes too: content's, listed by content.Codes.)
		CodeAppResourceMissing, CodeAppMIMEType, CodeAppCSPUncovered,
	}
}

// codeSummaries is the one-line description of every code a Finding can
// have, this package's and result.Validate's: written here once, so that
// each report that explains a code (the SARIF rules, whose help a code
// scanning alert shows) says the same, and docs/check.md lists each code
// with these very words (TestCodeSummaries compares them).
var codeSummaries = map[Code]string{
	// The checks of a result.
	CodeOutputSchemaNoStructuredContent: "The tool declares an outputSchema and a result that is not isError has no structuredContent: clients that check it reject the call.",
	CodeOutputSchemaMismatch:            "structuredContent does not validate against the tool's outputSchema, as JSON Schema 2020-12 or as draft-07 (the message says which).",
	CodeOutputSchemaInvalid:             "The tool's outputSchema does not compile, or is not a JSON object or boolean.",
	CodeOutputSchemaTooComplex:          "structuredContent was not checked against the outputSchema: validating it would take more than 250,000 evaluations of the schema's parts.",
	CodeTextCopyMismatch:                "A text block holds JSON that is not the same value as structuredContent.",
	CodeMediaTypeMismatch:               "The bytes of an image or audio are a format other than the one its mimeType names.",
	CodeMediaTypeUnknown:                "The bytes of an image or audio are no format the check knows, or there are none, though its mimeType names one it knows.",
	CodeImageFormatUnsupported:          "An image type that the model APIs do not accept (only JPEG, PNG, GIF and WebP are).",
	CodeImageTooLarge:                   "An image over a size or dimension limit that a model API documents.",
	CodeImageDownscaled:                 "An image whose long edge is over 1568 px, which the Anthropic API scales down before the model sees it.",
	CodeUnsafeInteger:                   "An integer beyond ±(2^53−1) in structuredContent or _meta: JavaScript clients lose precision.",
	CodeErrorLeaksStack:                 "A stack trace or panic in error text.",
	CodeErrorLeaksPath:                  "An absolute file path in error text.",
	CodeErrorLeaksConnectionString:      "A URL or connection string with a password, or a database URL in error text.",
	CodeErrorLeaksSecret:                "What looks like a secret (an API key, a token, a private key, a password) in a text the model reads.",
	CodeResultSize:                      "The size of the result as compact JSON.",
	CodeResultTokens:                    "An estimate of the tokens of text a model reads in the result.",
	CodeResultOverClientCap:             "A tool result over a token cap of a client (Claude Code warns past 10,000 and stops at 25,000 by default).",
	CodeProtocolErrorForToolFailure:     "A call with valid arguments was answered with a JSON-RPC error: a tool's failure belongs in a result with isError, which the model reads.",
	CodeToolErrorForInvalidArguments:    "Invalid arguments were answered with a JSON-RPC error where the revision expects a result with isError.",
	// Making a tool's arguments.
	CodeArgumentsNotGenerated: "No arguments that conform to the tool's inputSchema could be made: the tool was called with a best effort.",
	CodeArgumentsIncomplete:   "The arguments made from the tool's inputSchema may not conform to it.",
	// The driver, about an exchange.
	CodeNoResponse:        "No answer within the timeout, or the connection broke.",
	CodeClientRejected:    "The official Go SDK's client refuses the result.",
	CodeResponseTooLarge:  "A response over the maximum response size, read no further and not checked.",
	CodeRedirectRefused:   "Over HTTP, the server redirected the request to another origin, which is not followed.",
	CodeCutShort:          "The run ended (its deadline passed, or it was interrupted) before the answer came.",
	CodeDuplicateResponse: "The server answered a request it had answered already, or sent a response for an id never sent.",
	CodeAppToolNoResponse: "A tool that only an MCP Apps page calls did not answer within the timeout, as a page's long poll may not: a warning, where a tool the model calls gets no_response.",
	// MCP Apps pages, judged as pages.
	CodeAppPageTooLarge: "An MCP Apps page whose HTML is over 16 MiB, the largest page a host (Goose) loads.",
	// The driver, about a revision.
	CodeTooManyTools:     "The server lists more tools than the check calls: the first listed were called.",
	CodeTooManyResources: "The server lists more resources than the check reads: the first listed were read.",
	CodeTooManyPages:     "A list has more pages than the check reads.",
	CodeCursorRepeated:   "A list gave a cursor it had given before: the listing stopped there.",
	CodeListTooLarge:     "A page of a list is over the maximum response size: the listing stopped there.",
	CodeResultsNotKept:   "The report holds no more results: those after were checked without being kept.",
	CodeAllCallsFailed:   "Every tools/call of the revision (at least two) failed the same way: a pass cannot vouch for the results.",
	// The probes.
	CodeUnknownToolAnswered:  "The call of a tool the server does not list was answered with a result that is not isError, as if it had succeeded.",
	CodeUnknownToolToolError: "The call of a tool the server does not list was answered with a result with isError true, not the JSON-RPC error the revisions ask for.",
	CodeUnknownToolErrorCode: "The call of a tool the server does not list was answered with a JSON-RPC error other than -32602 Invalid params.",
	// The session's own answers.
	CodeRevisionMismatch: "An answer to initialize or a list in the shape of another revision than the session's: a member it does not define, or in 2026-07-28 one it requires missing.",
	CodeDiscoverInvalid:  "In a 2026-07-28 session, the server/discover result lacks a member DiscoverResult requires, or has one of the wrong type or value.",
	// MCP Apps: a tool's link to its page, and the page.
	CodeAppResourceURI:                     "A tool links its MCP Apps page by a value that is not a ui:// URI (or a builder was given one): no host renders it.",
	CodeAppResourceMissing:                 "The MCP Apps page a tool links cannot be read: a JSON-RPC error, no contents of its URI, or no HTML.",
	CodeAppMIMEType:                        "An MCP Apps page whose mimeType is not exactly text/html;profile=mcp-app (text/html+skybridge, which ChatGPT wants, is a warning).",
	CodeAppCSPInvalid:                      "An entry of an MCP Apps page's _meta.ui.csp that is not an origin, or a list or entry of the wrong type (a key hosts do not know is a warning).",
	CodeAppCSPUncovered:                    "An MCP Apps page loads or connects to an origin that no entry of the CSP list it belongs in covers: the host blocks it.",
	CodeAppMetaConflict:                    "A tool's _meta.ui.resourceUri and its deprecated _meta[\"ui/resourceUri\"] name different pages (or a builder was given a _meta key it writes itself).",
	Code(content.CodeAppPermissionUnknown): "A permission of an MCP Apps page that is not camera, microphone, geolocation or clipboardWrite: hosts grant none they do not know.",

	// result.Validate's, on the wire for the negotiated revision.
	Code(content.CodeDuplicateKey):               "An object has the same member twice: which one a client keeps depends on its parser.",
	Code(content.CodeInvalidMapKey):              "A map key that is not a string.",
	Code(content.CodeUnknownField):               "A member that the result's type does not define.",
	Code(content.CodeInvalidType):                "A value of the wrong JSON type for its place.",
	Code(content.CodeMissingField):               "A member that the result's type requires is missing.",
	Code(content.CodeInvalidUTF8):                "A string that is not valid UTF-8.",
	Code(content.CodeInvalidBase64):              "Image, audio or blob data that is not valid base64.",
	Code(content.CodeInvalidMIMEType):            "A mimeType that is not a media type.",
	Code(content.CodeInvalidURI):                 "A uri that is not a URI.",
	Code(content.CodeInvalidValue):               "A value that its field does not allow.",
	Code(content.CodeInvalidAnnotations):         "Annotations that break their rules (audience, priority, lastModified).",
	Code(content.CodeInvalidMetaKey):             "A _meta key that is not an optional prefix of dot-separated labels and a slash, then a name.",
	Code(content.CodeReservedMetaKey):            "A _meta key under a prefix that the protocol reserves for itself.",
	Code(content.CodeProtocolOwnedField):         "A field that the protocol layer sets (resultType, ttlMs, cacheScope, the server's own _meta), where only it may.",
	Code(content.CodeUnknownOption):              "An option that mcpresult does not know.",
	Code(content.CodeDuplicateOption):            "An option given twice.",
	Code(content.CodeInvalidOption):              "An option with a value it does not take.",
	Code(content.CodeOptionNotAllowed):           "An option that is not allowed where it was given.",
	Code(content.CodeContentRequired):            "A tool result without content, or with an empty content list and no structured content.",
	Code(content.CodeInvalidClientError):         "An error for the client whose message or code breaks the rules of client errors.",
	Code(content.CodeNonFiniteNumber):            "A number that is not finite (NaN, ±Infinity), which JSON cannot carry.",
	Code(content.CodeUnsupportedValue):           "A value that JSON cannot carry as it is (bytes, a timestamp, an object of a class).",
	Code(content.CodeMaxBytes):                   "The result is larger than the maximum JSON size.",
	Code(content.CodeMaxDepth):                   "The result is nested deeper than the maximum depth.",
	Code(content.CodeMaxNodes):                   "The result holds more values than the maximum number of them.",
	Code(content.CodeNotIJSON):                   "A value outside I-JSON (RFC 7493), such as an integer beyond ±2^53, where canonical JSON needs it.",
	Code(content.CodeInvalidJSON):                "A result that is not JSON, or a response with neither a result nor an error.",
	Code(content.CodeUnsupportedProtocolVersion): "A protocol revision that mcpresult does not know.",
	Code(content.CodeUnsupportedContentType):     "A content block that the negotiated revision cannot carry.",
	Code(content.CodeFieldNotInRevision):         "A field that the negotiated revision does not define, which its clients ignore or refuse.",
	Code(content.CodeEmptyContent):               "A tool result whose content is an empty list.",
	Code(content.CodeMissingTextFallback):        "Structured content and no text block in content, for clients that read only content.",
	Code(content.CodeUnknownOp):                  "An operation that the WebAssembly module does not have.",
	Code(content.CodeInvalidRequest):             "A request to the WebAssembly module that is not of its operation's shape.",
	Code(content.CodeInternal):                   "A fault of mcpresult itself, never of the input.",
}

// codeSummary returns the one-line description of a code, or a sentence
// saying it has none (a code this version does not know, read from a
// report of another).
func codeSummary(c Code) string {
	if s, ok := codeSummaries[c]; ok {
		return s
	}
	return "A finding of mcpresult check."
}

// FindingDocsURL is where each code is explained, as FindingDocsURL + "#" + the
// code: the list of codes under Findings in docs/check.md, whose anchors
// are the codes themselves. The SARIF report links each rule to it, so
// that a code scanning alert leads to the explanation.
const FindingDocsURL = "https://github.com/mcpresult/mcpresult/blob/main/docs/check.md"

// codeDocURL returns the address of a code's explanation.
func codeDocURL(c Code) string { return FindingDocsURL + "#" + url.PathEscape(string(c)) }
