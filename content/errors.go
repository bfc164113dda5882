package content

import (
	"github.com/mcpresult/mcpresult/internal/pointer"
	"github.com/mcpresult/mcpresult/internal/textesc"
)

// Code is a stable error code: programs match on it, people read the
// Message beside it. A code never changes meaning; new codes may be added.
// Every code mcpresult gives is one of the constants below, listed by
// [Codes]. A Code is itself an error, so that errors.Is finds a code in any
// error chain:
//
//	if errors.Is(err, content.CodeMaxBytes) { … }
type Code string

// Error returns the code, so that a Code can be the target of errors.Is.
func (c Code) Error() string { return string(c) }

// The codes of the checks, of canonicalization and of the budget.
const (
	CodeDuplicateKey       Code = "duplicate_key"
	CodeInvalidMapKey      Code = "invalid_map_key"
	CodeUnknownField       Code = "unknown_field"
	CodeInvalidType        Code = "invalid_type"
	CodeMissingField       Code = "missing_field"
	CodeInvalidUTF8        Code = "invalid_utf8"
	CodeInvalidBase64      Code = "invalid_base64"
	CodeInvalidMIMEType    Code = "invalid_mime_type"
	CodeInvalidURI         Code = "invalid_uri"
	CodeInvalidValue       Code = "invalid_value"
	CodeInvalidAnnotations Code = "invalid_annotations"
	CodeInvalidMetaKey     Code = "invalid_meta_key"
	CodeReservedMetaKey    Code = "reserved_meta_key"
	CodeProtocolOwnedField Code = "protocol_owned_field"
	CodeUnknownOption      Code = "unknown_option"
	CodeDuplicateOption    Code = "duplicate_option"
	CodeInvalidOption      Code = "invalid_option"
	CodeOptionNotAllowed   Code = "option_not_allowed"
	CodeContentRequired    Code = "content_required"
	CodeInvalidClientError Code = "invalid_client_error"
	CodeNonFiniteNumber    Code = "non_finite_number"
	CodeUnsupportedValue   Code = "unsupported_value"
	CodeMaxBytes           Code = "max_bytes"
	CodeMaxDepth           Code = "max_depth"
	CodeMaxNodes           Code = "max_nodes"
	CodeNotIJSON           Code = "not_i_json"
	CodeInvalidJSON        Code = "invalid_json"
)

// The codes of protocol revisions: serialize and validate.
const (
	// CodeUnsupportedProtocolVersion: a protocolVersion this library does not know.
	CodeUnsupportedProtocolVersion Code = "unsupported_protocol_version"
	// CodeUnsupportedContentType: a block the target revision cannot carry.
	CodeUnsupportedContentType Code = "unsupported_content_type"
	// CodeFieldNotInRevision (a warning of validate): a field that another
	// revision defines, sent to a client of one that does not.
	CodeFieldNotInRevision Code = "field_not_in_revision"
	// CodeEmptyContent (a warning of validate): "content": [].
	CodeEmptyContent Code = "empty_content"
	// CodeMissingTextFallback (a warning of validate): structured content
	// with no text block in content.
	CodeMissingTextFallback Code = "missing_text_fallback"
)

// The codes of MCP Apps (the extension io.modelcontextprotocol/ui): the
// builders of an app's page and of its tool's link refuse with them, and
// the live-server check reports with them, so that one name means one fault
// wherever it is found.
const (
	// CodeAppResourceURI: a page's or a link's URI that is not ui://
	// followed by something.
	CodeAppResourceURI Code = "app_resource_uri"
	// CodeAppCSPInvalid: a CSP key that is not one of connectDomains,
	// resourceDomains, frameDomains and baseUriDomains, or an entry that is
	// not an origin (scheme, host, optional port; no path).
	CodeAppCSPInvalid Code = "app_csp_invalid"
	// CodeAppPermissionUnknown: a permission that is not one of camera,
	// microphone, geolocation and clipboardWrite.
	CodeAppPermissionUnknown Code = "app_permission_unknown"
	// CodeAppMetaConflict: a _meta key the builder writes itself (ui, and
	// the aliases it is asked for) given in meta too.
	CodeAppMetaConflict Code = "app_meta_conflict"
)

// The codes of the WebAssembly module's ABI (package abi).
const (
	// CodeUnknownOp: an op number the module does not have.
	CodeUnknownOp Code = "unknown_op"
	// CodeInvalidRequest: bytes that are not a MessagePack map of the op's
	// shape.
	CodeInvalidRequest Code = "invalid_request"
	// CodeInternal: a fault of the module itself (a recovered panic); never
	// the caller's input.
	CodeInternal Code = "internal"
)

// Codes returns every code mcpresult gives, in no particular order.
func Codes() []Code {
	return []Code{
		CodeDuplicateKey, CodeInvalidMapKey, CodeUnknownField, CodeInvalidType, CodeMissingField,
		CodeInvalidUTF8, CodeInvalidBase64, CodeInvalidMIMEType, CodeInvalidURI, CodeInvalidValue,
		CodeInvalidAnnotations, CodeInvalidMetaKey, CodeReservedMetaKey, CodeProtocolOwnedField,
		CodeUnknownOption, CodeDuplicateOption, CodeInvalidOption, CodeOptionNotAllowed,
		CodeContentRequired, CodeInvalidClientError, CodeNonFiniteNumber, CodeUnsupportedValue,
		CodeMaxBytes, CodeMaxDepth, CodeMaxNodes, CodeNotIJSON, CodeInvalidJSON,
		CodeUnsupportedProtocolVersion, CodeUnsupportedContentType, CodeFieldNotInRevision,
		CodeEmptyContent, CodeMissingTextFallback,
		CodeAppResourceURI, CodeAppCSPInvalid, CodeAppPermissionUnknown, CodeAppMetaConflict,
		CodeUnknownOp, CodeInvalidRequest, CodeInternal,
	}
}

// Error is the one error type of mcpresult. Code is stable and meant for
// programs, Path is a JSON Pointer (RFC 6901) to the offending place in the
// request as the caller gave it ("" for the whole request or result; at
// most 512 bytes, a deeper place being cut to its first ones), and Message
// is for people. A Message never contains the rejected value.
//
// Match it with errors.As, or match its code with errors.Is (see [Code]).
type Error struct {
	Code    Code
	Path    string
	Message string
}

// Error returns "mcpresult: code at path: message", the path printed with
// its control characters escaped (see [PrintablePath]); the Path field
// keeps the exact JSON Pointer.
func (e *Error) Error() string {
	p := PrintablePath(e.Path)
	if p == "" {
		p = `""`
	}
	return "mcpresult: " + string(e.Code) + " at " + p + ": " + e.Message
}

// PrintablePath returns a path as a message prints it: C0 controls, DEL, C1
// controls, the line and paragraph separators (U+2028, U+2029) and the
// bidirectional embedding, override and isolate controls (U+202A to U+202E,
// U+2066 to U+2069) as JSON escapes \uXXXX in lowercase hex, a byte that is
// not UTF-8 as \xNN, everything else as it is. A key of a caller's value
// sits in a path, and unescaped it could break a log line, move a terminal's
// cursor or make a message read as something other than what it says. The
// JavaScript package prints paths the same way.
func PrintablePath(p string) string {
	if !textesc.Paths.Needs(p) {
		return p
	}
	return string(textesc.Paths.AppendUnicode(make([]byte, 0, len(p)+16), p))
}

// Is reports whether target is the Code of e, so that
// errors.Is(err, content.CodeMaxBytes) works on any error chain.
func (e *Error) Is(target error) bool {
	c, ok := target.(Code)
	return ok && c == e.Code
}

// NewError returns an Error with the path capped at 512 bytes (at a
// character boundary, never inside an escape) and made valid UTF-8.
//
//go:noinline
func NewError(code Code, path, message string) *Error {
	return &Error{Code: code, Path: capPath(path), Message: message}
}

// path is the JSON Pointer of the place a check or a writer is at (see
// package pointer: nothing is allocated for a shallow one, and its text is
// only built when an error is reported).
type path = pointer.Path

// pathText is the text of p as errors carry it, escaped and capped.
func pathText(p *path) string { return capPath(string(p.Append(nil, pointer.MaxPathBytes+8))) }

// capPath cuts a path to pointer.MaxPathBytes (see pointer.Cap).
func capPath(p string) string { return pointer.Cap(p, pointer.MaxPathBytes) }
