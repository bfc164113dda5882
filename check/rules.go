package check

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/engine"
	jsonpointer "github.com/mcpresult/mcpresult/internal/pointer"
	"github.com/mcpresult/mcpresult/internal/revision"
	"github.com/mcpresult/mcpresult/result"
)

// Severity of a finding.
type Severity string

// The severities, most severe first.
const (
	// Error: a client of this revision cannot read the result or will
	// reject it, or a rule of the library is broken.
	Error Severity = "error"
	// Warning: valid, but likely to hurt users (clients show nothing, lose
	// precision, leak detail...).
	Warning Severity = "warning"
	// Info: figures worth knowing (size, tokens).
	Info Severity = "info"
)

// Finding is one thing a check found about one result.
type Finding struct {
	Severity Severity `json:"severity"`
	// Code is stable and snake_case: a result.Validate code
	// (invalid_base64, ...: content.Codes) or one of this package's (the
	// Code… constants: Codes).
	Code Code `json:"code"`
	// Path is a JSON Pointer into the result as received ("" for the whole
	// result); for a JSON-RPC error, into the response (/error/message,
	// /error/data/…).
	Path string `json:"path"`
	// Message is for people; it never repeats a secret or a value it
	// found, only what kind of thing and where.
	Message string `json:"message"`
}

// The codes of this package; the other codes of a Finding are those of
// result.Validate (content.Codes).
const (
	CodeOutputSchemaNoStructuredContent Code = "output_schema_no_structured_content"
	CodeOutputSchemaMismatch            Code = "output_schema_mismatch"
	CodeOutputSchemaInvalid             Code = "output_schema_invalid"
	CodeTextCopyMismatch                Code = "text_copy_mismatch"
	CodeMediaTypeMismatch               Code = "media_type_mismatch"
	CodeMediaTypeUnknown                Code = "media_type_unknown"
	CodeImageFormatUnsupported          Code = "image_format_unsupported"
	CodeImageTooLarge                   Code = "image_too_large"
	CodeImageDownscaled                 Code = "image_downscaled"
	CodeUnsafeInteger                   Code = "unsafe_integer"
	CodeErrorLeaksStack                 Code = "error_leaks_stack"
	CodeErrorLeaksPath                  Code = "error_leaks_path"
	CodeErrorLeaksConnectionString      Code = "error_leaks_connection_string"
	CodeErrorLeaksSecret                Code = "error_leaks_secret"
	CodeResultSize                      Code = "result_size"
	CodeResultTokens                    Code = "result_tokens"
	CodeResultOverClientCap             Code = "result_over_client_cap"
	CodeProtocolErrorForToolFailure     Code = "protocol_error_for_tool_failure"
	CodeToolErrorForInvalidArguments    Code = "tool_error_for_invalid_arguments"
)

// Tool is what tools/list said about a tool.
type Tool struct {
	Name         string
	InputSchema  json.RawMessage
	OutputSchema json.RawMessage // nil when the tool declares none
	Meta         json.RawMessage // the tool's _meta as listed; nil when it has none
}

// ToolCall is one tools/call exchange as it happened on the wire.
type ToolCall struct {
	Revision  string // the protocol revision negotiated with the server
	Tool      Tool
	Arguments json.RawMessage
	Result    json.RawMessage // the JSON-RPC result exactly as received; nil when the server answered with a JSON-RPC error
	RPCError  *RPCError       // the JSON-RPC error, when there was one
	ArgsValid bool            // the arguments conform to the tool's inputSchema
}

// RPCError is a JSON-RPC error object, as the server sent it.
type RPCError struct {
	Code    int64
	Message string
	Data    json.RawMessage // nil when the error has no data
}

// ResourceRead is one resources/read exchange as it happened on the wire.
type ResourceRead struct {
	Revision string          // the protocol revision negotiated with the server
	URI      string          // the resource read
	Result   json.RawMessage // the JSON-RPC result exactly as received; nil when the server answered with a JSON-RPC error
	RPCError *RPCError       // the JSON-RPC error, when there was one
}

// clientLimit is a figure a client documents, that a result is measured against.
type clientLimit struct {
	Client string // who sets it: "Anthropic API", "Claude Code", ...
	What   string // what is limited, in which unit, and what happens above it
	Value  int64
	Source string // where the figure is documented
}

// The limits, named for the checks that use them. Each figure is one its
// client documents; a figure that could not be attributed is left out.
var (
	// Claude docs, "Vision" (platform.claude.com/docs/en/build-with-claude/vision):
	// "If you submit an image larger than 8000x8000 px, it will be rejected."
	limitAnthropicPixels = clientLimit{"Anthropic API", "image width or height in pixels; a larger image is rejected", 8000,
		"Claude docs, Vision: images larger than 8000x8000 px are rejected"}
	// The same page: "If your image's long edge is more than 1568 pixels
	// [...] it will first be scaled down, preserving aspect ratio".
	limitAnthropicLongEdge = clientLimit{"Anthropic API", "image long edge in pixels; a larger image is scaled down before the model sees it", 1568,
		"Claude docs, Vision: evaluate image size"}
	// Claude docs, Vision: 5 MB per image through the API; the API's own
	// error ("image exceeds 5 MB maximum: … bytes > 5242880 bytes") counts
	// the base64 data, so this check does too (the stricter reading).
	limitAnthropicBytes = clientLimit{"Anthropic API", "image size in bytes of base64 data; a larger image is rejected", 5 << 20,
		"Claude docs, Vision: 5 MB maximum per image through the API"}
	// OpenAI docs, "Images and vision", image input requirements: "Up to
	// 20MB per image".
	limitOpenAIBytes = clientLimit{"OpenAI API", "image size in bytes (decoded); a larger image is rejected", 20_000_000,
		"OpenAI docs, Images and vision: image input requirements, up to 20 MB per image"}
	// Claude Code docs, "Connect Claude Code to tools via MCP", MCP output
	// limits: a warning above 10,000 tokens of MCP tool output, and a
	// default maximum of 25,000 tokens (MAX_MCP_OUTPUT_TOKENS).
	limitClaudeCodeWarn = clientLimit{"Claude Code", "tokens of MCP tool output; above this Claude Code warns", 10_000,
		"Claude Code docs, MCP: output limits and warnings"}
	limitClaudeCodeMax = clientLimit{"Claude Code", "tokens of MCP tool output; the default maximum (MAX_MCP_OUTPUT_TOKENS), above which the output is not passed to the model as it is", 25_000,
		"Claude Code docs, MCP: output limits and warnings (MAX_MCP_OUTPUT_TOKENS)"}
)

// clientLimits are the documented client limits the checks measure results
// against (image_too_large, image_downscaled, result_over_client_cap).
var clientLimits = []clientLimit{
	limitAnthropicPixels, limitAnthropicLongEdge, limitAnthropicBytes, limitOpenAIBytes,
	limitClaudeCodeWarn, limitClaudeCodeMax,
}

// revisionOf is the revision a check is made for, from the one table of
// what each revision defines (internal/revision): "" is the latest, as is
// a string no revision has (Run checks only revisions it knows).
func revisionOf(rev string) revision.Revision {
	if r, ok := revision.Parse(rev); ok {
		return r
	}
	return revision.Latest
}

// hasStructured reports a revision that defines structuredContent and
// outputSchema.
func hasStructured(rev string) bool {
	return revisionOf(rev).Defines(revision.ToolResult, "structuredContent")
}

// objectOnly reports a revision whose structuredContent must be an object.
func objectOnly(rev string) bool {
	r := revisionOf(rev)
	return r.Defines(revision.ToolResult, "structuredContent") && !r.StructuredAnyValue()
}

type findings []Finding

func (f *findings) add(s Severity, code Code, path, msg string) {
	*f = append(*f, Finding{Severity: s, Code: code, Path: path, Message: msg})
}

// pointer returns base followed by the steps as JSON Pointer segments.
func pointer(base string, steps ...any) string {
	b := []byte(base)
	for _, s := range steps {
		switch s := s.(type) {
		case int:
			b = strconv.AppendInt(append(b, '/'), int64(s), 10)
		case string:
			b = jsonpointer.AppendSegment(b, s)
		}
	}
	return string(b)
}

// CheckToolCall returns every finding about one tools/call exchange.
func CheckToolCall(c ToolCall) []Finding {
	var f findings
	if c.RPCError != nil {
		f.rpcError(c)
		return f
	}
	v, ok := f.parse(c.Result)
	if !ok {
		return f
	}
	// A tool that links an MCP Apps page feeds it structuredContent: the
	// model reads content, and the page reads structuredContent.
	linked := toolAppLink(c.Tool.Meta).Linked()
	ps := pages(v, result.KindTool, "")
	f.validate(v, result.KindTool, c.Revision, linked, len(ps) > 0)
	if v.Kind() != content.KindObject {
		return f
	}
	isError := false
	if e, ok := v.Get("isError"); ok && e.Kind() == content.KindBool {
		isError = e.Bool()
	}
	if hasStructured(c.Revision) {
		f.outputSchema(c, c.Result, v, isError)
		f.textCopy(v, linked)
	}
	f.media(v, result.KindTool)
	f.unsafeIntegers(c.Result, hasStructured(c.Revision))
	f.leaks(v, result.KindTool, isError, "")
	f.pageSize(ps)
	f.size(c.Result, v, true, "")
	return f
}

// CheckResourceRead returns every finding about one resources/read
// exchange.
func CheckResourceRead(r ResourceRead) []Finding {
	var f findings
	if r.RPCError != nil {
		f.rpcLeaks(r.RPCError)
		return f
	}
	v, ok := f.parse(r.Result)
	if !ok {
		return f
	}
	ps := pages(v, result.KindResource, r.URI)
	f.validate(v, result.KindResource, r.Revision, false, len(ps) > 0)
	if v.Kind() != content.KindObject {
		return f
	}
	f.media(v, result.KindResource)
	f.unsafeIntegers(r.Result, false)
	f.leaks(v, result.KindResource, false, r.URI)
	f.pageSize(ps)
	f.size(r.Result, v, false, r.URI)
	return f
}

// parse reads the raw result as ParseJSON does (key order, duplicates and
// 64-bit integers kept).
func (f *findings) parse(raw json.RawMessage) (content.Value, bool) {
	if raw == nil {
		f.add(Error, Code(content.CodeInvalidJSON), "", "the response carries neither a result nor an error")
		return content.Value{}, false
	}
	v, err := content.ParseJSON(raw)
	if err != nil {
		code, msg := Code(content.CodeInvalidJSON), "the result is not JSON"
		var e *content.Error
		if errors.As(err, &e) {
			code, msg = Code(e.Code), e.Message
		}
		f.add(Error, code, "", msg)
		return content.Value{}, false
	}
	return v, true
}

// validate adds what result.Validate finds at stage wire. linked says the
// tool links an MCP Apps page (its structured content is the page's, not a
// copy owed to the model); withPage says the result holds a page, and is
// then validated with the largest JSON budget (pageMaxJSONBytes), as a
// page's size is judged as a page's (pageSize), not as a result's for a
// model.
func (f *findings) validate(v content.Value, kind, rev string, linked, withPage bool) {
	var settings result.Settings
	if withPage {
		settings.MaxJSONBytes = pageMaxJSONBytes
	}
	rep, err := result.Validate(v, result.ValidateOptions{Kind: kind, ProtocolVersion: rev, Stage: result.StageWire, Settings: settings})
	if err != nil {
		code, msg := Code(content.CodeUnsupportedProtocolVersion), err.Error()
		var e *content.Error
		if errors.As(err, &e) {
			code, msg = Code(e.Code), e.Message
		}
		f.add(Error, code, "", "the result cannot be validated for revision "+strconv.Quote(rev)+": "+msg)
		return
	}
	for _, e := range rep.Errors {
		f.add(Error, Code(e.Code), e.Path, e.Message)
	}
	for _, e := range rep.Warnings {
		if e.Code == content.CodeFieldNotInRevision && e.Path == "/structuredContent" && kind == result.KindTool {
			f.structuredNotInRevision(v, e.Message, linked)
			continue
		}
		if e.Code == content.CodeMissingTextFallback && kind == result.KindTool && f.textFallbackNotNeeded(v, rev, e.Message, linked) {
			continue
		}
		f.add(Warning, Code(e.Code), e.Path, e.Message)
	}
}

// structuredNotInRevision grades validate's field_not_in_revision for the
// structuredContent of a tool result, in a revision that does not define it
// (before 2025-06-18): info when content carries its data (structuredCarried),
// so that a client of the revision, which reads only content, loses nothing;
// a warning otherwise. For a tool that links an MCP Apps page it is info
// too: the structured content is the page's data, and the model, which
// reads content, loses nothing that was meant for it.
func (f *findings) structuredNotInRevision(v content.Value, msg string, linked bool) {
	sc, _ := v.Get("structuredContent")
	if linked {
		f.add(Info, Code(content.CodeFieldNotInRevision), "/structuredContent",
			strings.TrimSuffix(msg, "; its clients see only content")+"; its clients ignore it: "+linkedNote)
		return
	}
	if how, ok := structuredCarried(sc, v); ok {
		f.add(Info, Code(content.CodeFieldNotInRevision), "/structuredContent",
			strings.TrimSuffix(msg, "; its clients see only content")+"; its clients ignore it and lose nothing: "+how)
		return
	}
	f.add(Warning, Code(content.CodeFieldNotInRevision), "/structuredContent",
		msg+", and content does not carry its data (no text block is its JSON, nor holds each of its members): what only structuredContent holds is lost to them")
}

// textFallbackNotNeeded grades validate's missing_text_fallback (structured
// content, and no text block in content) by what a client that reads only
// content loses: nothing when content carries the structured content's data
// (structuredCarried: the blocks themselves, such as {"content": [block]}
// beside that very block), and the finding is then info and it reports
// true. It stays a warning (false) when data is lost, and for a value other
// than an object in 2026-07-28, which makes a text copy of such a value a
// MUST. For a tool that links an MCP Apps page (linked), whose structured
// content is the page's, it is info whatever content carries (content
// itself is still judged: empty_content, content_required).
func (f *findings) textFallbackNotNeeded(v content.Value, rev, msg string, linked bool) bool {
	sc, _ := v.Get("structuredContent")
	if revisionOf(rev).StructuredAnyValue() && sc.Kind() != content.KindObject {
		return false
	}
	if linked {
		f.add(Info, Code(content.CodeMissingTextFallback), "/structuredContent", msg+"; "+linkedNote)
		return true
	}
	how, ok := structuredCarried(sc, v)
	if !ok {
		return false
	}
	f.add(Info, Code(content.CodeMissingTextFallback), "/structuredContent",
		msg+"; a client that reads only content loses nothing: "+how)
	return true
}

// structuredCarried reports structured content whose data the content of the
// result v carries, and says how: the whole value is carried (carriedBy),
// or it is an object each of whose members is carried or is a boolean or
// null (a flag such as "success": true, which says nothing that the text
// and isError do not; check cannot read a flag's meaning in text), or an
// empty array or object (no item to lose: a list of files that has none).
// An empty object carries nothing to lose.
func structuredCarried(sc, v content.Value) (how string, ok bool) {
	blocks := contentBlocks(v)
	texts := make([]carrierText, 0, len(blocks))
	for i, b := range blocks {
		if strMember(b, "type") != "text" {
			continue
		}
		if t, ok := b.Get("text"); ok && t.Kind() == content.KindString {
			ct := carrierText{path: pointer("/content", i, "text"), text: t.Str()}
			ct.json, ct.isJSON = parseJSONText(t.Str())
			texts = append(texts, ct)
		}
	}
	all, _ := v.Get("content")
	if where, ok := carriedBy(sc, texts, all, blocks); ok {
		return "structuredContent is " + where, true
	}
	if sc.Kind() != content.KindObject {
		return "", false
	}
	if sc.Len() == 0 {
		return "structuredContent is an empty object", true
	}
	var parts []string // where each member is, while there are few
	for i := 0; i < sc.Len(); i++ {
		m := sc.Member(i)
		name := "a member"
		if m.Key.Kind() == content.KindString {
			name = strconv.Quote(clip(m.Key.Str(), 40))
		}
		if k := m.Value.Kind(); k == content.KindBool || k == content.KindNull {
			parts = append(parts, name+" is a "+map[bool]string{true: "boolean", false: "null"}[k == content.KindBool]+", let go")
			continue
		}
		if k := m.Value.Kind(); (k == content.KindArray || k == content.KindObject) && m.Value.Len() == 0 {
			parts = append(parts, name+" is empty, let go")
			continue
		}
		where, ok := carriedBy(m.Value, texts, all, blocks)
		if !ok {
			return "", false
		}
		parts = append(parts, name+" is "+where)
	}
	if len(parts) > 4 {
		return "each of the " + strconv.Itoa(len(parts)) + " members of structuredContent is in content (its JSON or its text in a text block, or content blocks), or is a boolean or null", true
	}
	return "each member of structuredContent is in content: " + joinKinds(parts), true
}

// carrierText is a text block of a result, with its text parsed as JSON when
// it is JSON.
type carrierText struct {
	path, text string
	json       content.Value
	isJSON     bool
}

// parseJSONText parses a text block's text as JSON (false when it is none).
func parseJSONText(s string) (content.Value, bool) {
	t := strings.TrimSpace(s)
	if t == "" {
		return content.Value{}, false
	}
	switch t[0] {
	case '{', '[', '"', '-', 't', 'f', 'n', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
	default:
		return content.Value{}, false // prose: not worth a parse
	}
	x, err := content.ParseJSON([]byte(s))
	return x, err == nil
}

// carriedBy reports a value that content carries, and where: a text block
// whose text is JSON of the same value (numbers by value, objects whatever
// their key order), a text block whose text is the value itself (a
// string), or the content list, or one of its blocks, that is the same
// value (the client reads those very blocks).
func carriedBy(x content.Value, texts []carrierText, all content.Value, blocks []content.Value) (string, bool) {
	for _, t := range texts {
		if x.Kind() == content.KindString && x.Str() == t.text {
			return "the text at " + t.path, true
		}
		if t.isJSON && engine.EqualJSON(t.json, x) {
			return "the JSON in the text at " + t.path, true
		}
	}
	if x.Kind() == content.KindArray && all.Kind() == content.KindArray && engine.EqualJSON(x, all) {
		return "the content list itself", true
	}
	if x.Kind() == content.KindObject {
		for i, b := range blocks {
			if engine.EqualJSON(x, b) {
				return "the block at " + pointer("/content", i), true
			}
		}
	}
	return "", false
}

// rpcError judges a JSON-RPC error answering tools/call, and looks for
// leaks in it.
func (f *findings) rpcError(c ToolCall) {
	e := c.RPCError
	const (
		parseError         = -32700
		invalidRequest     = -32600
		methodNotFound     = -32601
		invalidParams      = -32602
		urlElicitation     = -32042 // 2025-11-25: the client must first visit a URL
		headerMismatch     = -32020 // 2026-07-28
		missingCapability  = -32021 // 2026-07-28
		unsupportedVersion = -32022 // 2026-07-28
	)
	modern := revisionOf(c.Revision).InputErrorsInResult()
	switch code := e.Code; {
	case code == parseError, code == invalidRequest, code == methodNotFound,
		code == urlElicitation, code == headerMismatch, code == missingCapability, code == unsupportedVersion:
		// Protocol-level answers that are not about the tool's work.
	case code == invalidParams:
		if !modern {
			break // -32602 is what these revisions ask for invalid arguments
		}
		what := "arguments that do not conform to the tool's inputSchema were"
		if c.ArgsValid {
			what = "arguments that conform to the tool's inputSchema were"
		}
		f.add(Info, CodeToolErrorForInvalidArguments, "/error/code",
			what+" answered with JSON-RPC error -32602; from revision 2025-11-25 on, input validation errors are meant to be tool results with isError: true, which the model reads and can correct its call from (a JSON-RPC error reaches only the client); -32602 stays right for a request the server cannot read at all, such as an unknown tool")
	case !c.ArgsValid:
		if modern {
			f.add(Info, CodeToolErrorForInvalidArguments, "/error/code",
				"invalid arguments were answered with JSON-RPC error "+strconv.FormatInt(code, 10)+"; from revision 2025-11-25 on, input validation errors are meant to be tool results with isError: true, which the model can read")
		} else {
			f.add(Info, CodeToolErrorForInvalidArguments, "/error/code",
				"invalid arguments were answered with JSON-RPC error "+strconv.FormatInt(code, 10)+"; this revision expects -32602 (Invalid params) or a tool result with isError: true")
		}
	default:
		f.add(Warning, CodeProtocolErrorForToolFailure, "/error/code",
			"a call with valid arguments was answered with JSON-RPC error "+strconv.FormatInt(code, 10)+"; a failure of the tool belongs in a result with isError: true, which the model reads and can act on, while a JSON-RPC error reaches only the client")
	}
	f.rpcLeaks(e)
}

// textCopy reports structured content whose JSON copy in a text block
// differs from it. Text that is no JSON object or array is a summary, not a
// copy; no copy at all is validate's missing_text_fallback. For a tool that
// links an MCP Apps page (linked) it is info: the text is for the model and
// the structured content for the page, and they need not be the same data.
func (f *findings) textCopy(v content.Value, linked bool) {
	sc, ok := v.Get("structuredContent")
	if !ok {
		return
	}
	scalar := sc.Kind() != content.KindObject && sc.Kind() != content.KindArray
	// A one-member object is a wrapper: a text block may hold a copy of
	// the wrapped value instead ({"result": v}, as serialize wraps a
	// non-object for 2025 clients, or a name of the server's own, such as
	// {"entities": [...]}); a wrapped string may be the text itself.
	var inner content.Value
	wrapped := false
	if sc.Kind() == content.KindObject && sc.Len() == 1 {
		inner, wrapped = sc.Member(0).Value, true
	}
	first := ""
	for i, b := range contentBlocks(v) {
		if strMember(b, "type") != "text" {
			continue
		}
		t, ok := b.Get("text")
		if !ok || t.Kind() != content.KindString {
			continue
		}
		if wrapped && inner.Kind() == content.KindString && inner.Str() == t.Str() {
			return // the text is the wrapped string itself
		}
		tv, err := content.ParseJSON([]byte(t.Str()))
		if err != nil {
			continue
		}
		if k := tv.Kind(); k != content.KindObject && k != content.KindArray && !scalar && !wrapped {
			continue
		}
		if engine.EqualJSON(tv, sc) || wrapped && engine.EqualJSON(tv, inner) {
			return // a text block holds the copy
		}
		if first == "" {
			first = pointer("/content", i, "text")
		}
	}
	switch {
	case first != "" && linked:
		f.add(Info, CodeTextCopyMismatch, first, "this text block is JSON but not the same value as structuredContent; "+linkedNote)
	case first != "":
		f.add(Warning, CodeTextCopyMismatch, first,
			"this text block is JSON but not the same value as structuredContent; clients that show only content (and models that read it) see different data than clients that read structuredContent")
	}
}

// contentBlocks returns the blocks of content, or nil.
func contentBlocks(v content.Value) []content.Value {
	c, ok := v.Get("content")
	if !ok || c.Kind() != content.KindArray {
		return nil
	}
	out := make([]content.Value, c.Len())
	for i := range out {
		out[i] = c.Index(i)
	}
	return out
}

// strMember returns the string member k of an object ("" when absent or not a
// string).
func strMember(v content.Value, k string) string {
	s, ok := v.Get(k)
	if !ok || s.Kind() != content.KindString {
		return ""
	}
	return s.Str()
}

// unsafeIntegers reports integer literals beyond ±(2^53−1) in
// structuredContent (when the revision has it) and in any _meta, read
// from the raw text so that integers beyond 64 bits are seen too.
func (f *findings) unsafeIntegers(raw []byte, structured bool) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var w tokenWalk
	reported := 0
	for {
		tok, err := dec.Token()
		if err != nil {
			return
		}
		if w.key(tok) {
			continue
		}
		if d, ok := tok.(json.Delim); ok {
			w.delim(d)
			continue
		}
		if n, ok := tok.(json.Number); ok && reported < 20 && isIntLiteral(string(n)) && !safeInt(string(n)) && w.watched(structured) {
			reported++
			f.add(Warning, CodeUnsafeInteger, pointer("", w.path...),
				"an integer beyond ±(2^53−1); JavaScript clients (JSON.parse) read it as the nearest double and lose precision; send it as a string")
		}
		w.next()
	}
}

// tokenWalk keeps the JSON Pointer of the value an encoding/json token
// stream is at.
type tokenWalk struct {
	frames []walkFrame
	path   []any
}

type walkFrame struct {
	obj, wantKey bool
	index        int
}

// key takes an object's key, reporting whether tok was one.
func (w *tokenWalk) key(tok json.Token) bool {
	n := len(w.frames)
	if n == 0 || !w.frames[n-1].obj || !w.frames[n-1].wantKey {
		return false
	}
	k, ok := tok.(string)
	if ok {
		w.frames[n-1].wantKey = false
		w.path = append(w.path, k)
	}
	return ok
}

// delim opens or closes an object or array.
func (w *tokenWalk) delim(d json.Delim) {
	switch d {
	case '{':
		w.frames = append(w.frames, walkFrame{obj: true, wantKey: true})
	case '[':
		w.frames = append(w.frames, walkFrame{})
		w.path = append(w.path, 0)
	default:
		if f := w.frames[len(w.frames)-1]; !f.obj {
			w.path = w.path[:len(w.path)-1]
		}
		w.frames = w.frames[:len(w.frames)-1]
		w.next()
	}
}

// next steps past a value that ended.
func (w *tokenWalk) next() {
	n := len(w.frames)
	if n == 0 {
		return
	}
	top := &w.frames[n-1]
	if top.obj {
		top.wantKey = true
		w.path = w.path[:len(w.path)-1]
		return
	}
	top.index++
	w.path[len(w.path)-1] = top.index
}

// watched reports a place under /structuredContent (when structured) or
// under any _meta.
func (w *tokenWalk) watched(structured bool) bool {
	for i, s := range w.path {
		if k, ok := s.(string); ok && (k == "_meta" || i == 0 && structured && k == "structuredContent") {
			return true
		}
	}
	return false
}

func isIntLiteral(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '.' || c == 'e' || c == 'E' {
			return false
		}
	}
	return true
}

// maxSafe is 2^53−1 in decimal.
var maxSafe = strconv.FormatInt(engine.MaxSafeInteger, 10)

// safeInt reports an integer literal within ±(2^53−1).
func safeInt(s string) bool {
	max := maxSafe
	if s != "" && s[0] == '-' {
		s = s[1:]
	}
	if len(s) != len(max) {
		return len(s) < len(max)
	}
	return s <= max
}

// size adds result_size, result_tokens and, for tool results,
// result_over_client_cap. The tokens leave out MCP Apps pages (of the
// resource readURI, for a resource result), which no model reads.
func (f *findings) size(raw []byte, v content.Value, tool bool, readURI string) {
	var buf bytes.Buffer
	n := len(raw)
	if json.Compact(&buf, raw) == nil {
		n = buf.Len()
	}
	f.add(Info, CodeResultSize, "", fmt.Sprintf("%d bytes of compact JSON", n))
	text := textBytes(v, readURI)
	tokens := (text + 3) / 4
	f.add(Info, CodeResultTokens, "", fmt.Sprintf(
		"about %d tokens of text, estimated as the %d UTF-8 bytes of the text blocks and text resource contents divided by 4, rounded up (images, audio, blobs and MCP Apps pages not counted)",
		tokens, text))
	if !tool {
		return
	}
	for _, l := range []clientLimit{limitClaudeCodeMax, limitClaudeCodeWarn} {
		if int64(tokens) > l.Value {
			f.add(Warning, CodeResultOverClientCap, "", fmt.Sprintf(
				"about %d tokens of text, over %s's %d (%s; %s); paginate or filter the output",
				tokens, l.Client, l.Value, l.What, l.Source))
			return
		}
	}
}

// textBytes counts the bytes of text a model reads: text blocks and text
// resource contents (embedded, or of a resource result, of the resource
// readURI), but for MCP Apps pages, which a host loads in a frame.
func textBytes(v content.Value, readURI string) int {
	n := 0
	for _, b := range contentBlocks(v) {
		switch strMember(b, "type") {
		case "text":
			n += len(strMember(b, "text"))
		case "resource":
			if r, _ := b.Get("resource"); !isPage(r, "") {
				n += len(strMember(r, "text"))
			}
		}
	}
	if cs, ok := v.Get("contents"); ok && cs.Kind() == content.KindArray {
		for i := 0; i < cs.Len(); i++ {
			if c := cs.Index(i); !isPage(c, readURI) {
				n += len(strMember(c, "text"))
			}
		}
	}
	return n
}
