package result

import (
	"slices"

	"github.com/mcpresult/mcpresult/content"
)

// MaxFindings is the most errors (and, separately, warnings) Validate
// reports.
const MaxFindings = 100

// ValidateOptions say what a value is checked as.
type ValidateOptions struct {
	// Kind is KindTool or KindResource; "" infers it: a value with
	// "contents" and without "content" is a resource result.
	Kind string
	// ProtocolVersion is the revision to check against; "" is 2026-07-28.
	ProtocolVersion string
	// Settings bound the value as they bound a build (zero: defaults).
	Settings Settings
}

// Report is what Validate found. Errors make a value invalid; warnings do
// not. Each finding has a code, a JSON Pointer into the value, and a message.
type Report struct {
	Valid    bool
	Errors   []*Error
	Warnings []*Error
}

// Validate checks a result that anyone built, given as a value (for example
// parsed with content.ParseJSON), against every rule of SPEC section 6 and
// what the protocol revision defines (SPEC section 10). It reports all
// findings, up to MaxFindings errors, instead of stopping at the first. An
// invalid option is the error of the call itself.
func Validate(v content.Value, opts ValidateOptions) (*Report, error) {
	ver := opts.ProtocolVersion
	if ver == "" {
		ver = LatestProtocolVersion
	}
	rev, ok := revisionOf(ver)
	if !ok {
		return nil, errUnsupportedVersion()
	}
	kind := opts.Kind
	switch kind {
	case KindTool, KindResource:
	case "":
		kind = KindTool
		if _, ok := v.Get("contents"); ok {
			if _, ok := v.Get("content"); !ok {
				kind = KindResource
			}
		}
	default:
		return nil, content.NewError(content.CodeInvalidOption, "/kind", "kind must be \"tool\" or \"resource\"")
	}
	if err := opts.Settings.Check(); err != nil {
		return nil, err
	}
	s := opts.Settings.withDefaults()
	w := wireCheck{c: content.NewChecker(Strict, s.MaxNodes, MaxFindings), rev: rev, validate: true}
	out := w.result(v, kind)
	rep := &Report{Errors: w.c.Errors(), Warnings: w.warnings}
	if len(rep.Errors) == 0 {
		// The budget applies to a result on the wire as to one being built.
		if nodes, _ := measure(out); nodes > s.MaxNodes {
			rep.Errors = append(rep.Errors, content.NewError(content.CodeMaxNodes, "", "the result has more than "+itoa(s.MaxNodes)+" JSON values"))
		} else if j, err := content.AppendJSON(nil, out, Wire); err == nil && len(j) > s.MaxJSONBytes {
			rep.Errors = append(rep.Errors, content.NewError(content.CodeMaxBytes, "", "the result is "+itoa(len(j))+" bytes of JSON, more than maxJsonBytes ("+itoa(s.MaxJSONBytes)+")"))
		}
	}
	rep.Valid = len(rep.Errors) == 0
	return rep, nil
}

// SerializeValue serializes a result given as a value (as the module and the
// vectors give it), with options given as a value in wire names:
// protocolVersion, format ("wire"/"jcs"), finalize (true, false, or
// {serverInfo: {name, version}, ttlMs, cacheScope}) and unsupported
// ("convert"/"error"). The value is checked first, as a built result:
// protocol-owned fields in it are protocol_owned_field.
func SerializeValue(s Settings, v, options content.Value) ([]byte, error) {
	if err := s.Check(); err != nil {
		return nil, err
	}
	s = s.withDefaults()
	o, err := serializeOptionsFromValue(options)
	if err != nil {
		return nil, err
	}
	so, err := o.check()
	if err != nil {
		return nil, err
	}
	kind := KindTool
	if _, ok := v.Get("contents"); ok {
		if _, ok := v.Get("content"); !ok {
			kind = KindResource
		}
	}
	w := wireCheck{c: content.NewChecker(Strict, s.MaxNodes, 1), rev: so.rev}
	out := w.result(v, kind)
	if err := w.c.Err(); err != nil {
		return nil, err
	}
	return serialize(out, kind, s, so)
}

var validateOptionNames = []string{"kind", "protocolVersion"}

// ValidateValue validates a value with options given as a value in wire
// names (kind, protocolVersion), as the module and the vectors give them:
// an unknown or repeated option, or one of the wrong type, is the error of
// the call (unknown_option, duplicate_option, invalid_option,
// unsupported_protocol_version).
func ValidateValue(s Settings, v, options content.Value) (*Report, error) {
	opts := ValidateOptions{Settings: s}
	if options.Kind() != content.KindNull {
		if options.Kind() != content.KindObject {
			return nil, content.NewError(content.CodeInvalidType, "", "validate options must be an object")
		}
		c := content.NewChecker(Strict, 0, 1)
		if !c.Keys(options, validateOptionNames, content.CodeUnknownOption, content.CodeDuplicateOption, "validate") {
			return nil, c.Err()
		}
		if k, ok := options.Get("kind"); ok {
			if k.Kind() != content.KindString || (k.Str() != KindTool && k.Str() != KindResource) {
				return nil, content.NewError(content.CodeInvalidOption, "/kind", "kind must be \"tool\" or \"resource\"")
			}
			opts.Kind = k.Str()
		}
		if p, ok := options.Get("protocolVersion"); ok {
			if p.Kind() != content.KindString {
				return nil, content.NewError(content.CodeInvalidOption, "/protocolVersion", "protocolVersion must be a string")
			}
			if p.Str() == "" {
				return nil, errUnsupportedVersion()
			}
			opts.ProtocolVersion = p.Str()
		}
	}
	return Validate(v, opts)
}

var serializeOptionNames = []string{"protocolVersion", "format", "finalize", "unsupported"}
var finalizeNames = []string{"serverInfo", "ttlMs", "cacheScope"}

func serializeOptionsFromValue(v content.Value) (SerializeOptions, error) {
	var o SerializeOptions
	if v.Kind() == content.KindNull {
		return o, nil
	}
	if v.Kind() != content.KindObject {
		return o, content.NewError(content.CodeInvalidType, "", "serialize options must be an object")
	}
	c := content.NewChecker(Strict, 0, 1)
	if !c.Keys(v, serializeOptionNames, content.CodeUnknownOption, content.CodeDuplicateOption, "serialize") {
		return o, c.Err()
	}
	bad := func(path, msg string) (SerializeOptions, error) {
		return o, content.NewError(content.CodeInvalidOption, path, msg)
	}
	if x, ok := v.Get("protocolVersion"); ok {
		if x.Kind() != content.KindString {
			return bad("/protocolVersion", "protocolVersion must be a string")
		}
		if _, ok := revisionOf(x.Str()); !ok {
			return o, errUnsupportedVersion()
		}
		o.ProtocolVersion = x.Str()
	}
	if x, ok := v.Get("format"); ok {
		switch {
		case x.Kind() == content.KindString && x.Str() == "wire":
		case x.Kind() == content.KindString && x.Str() == "jcs":
			o.Format = JCS
		default:
			return bad("/format", "format must be \"wire\" or \"jcs\"")
		}
	}
	if x, ok := v.Get("unsupported"); ok {
		switch {
		case x.Kind() == content.KindString && x.Str() == "convert":
		case x.Kind() == content.KindString && x.Str() == "error":
			o.UnsupportedError = true
		default:
			return bad("/unsupported", "unsupported must be \"convert\" or \"error\"")
		}
	}
	if x, ok := v.Get("finalize"); ok {
		switch x.Kind() {
		case content.KindBool:
			if x.Bool() {
				o.Finalize = &Finalize{}
			}
		case content.KindObject:
			c := content.NewChecker(Strict, 0, 1)
			c.Key("finalize")
			if !c.Keys(x, finalizeNames, content.CodeUnknownOption, content.CodeDuplicateOption, "finalize") {
				return o, c.Err()
			}
			f := &Finalize{}
			if si, ok := x.Get("serverInfo"); ok {
				name, _ := si.Get("name")
				version, _ := si.Get("version")
				if si.Kind() != content.KindObject || si.Len() != 2 || name.Kind() != content.KindString || version.Kind() != content.KindString ||
					checkImplementation(name.Str(), version.Str()) != "" {
					return bad("/finalize/serverInfo", "serverInfo must be {name, version}, two non-empty strings")
				}
				f.ServerInfo = &Implementation{Name: name.Str(), Version: version.Str()}
			}
			if t, ok := x.Get("ttlMs"); ok {
				n, ok := intIn(t, 0, 1<<53-1)
				if !ok {
					return bad("/finalize/ttlMs", "ttlMs must be an integer from 0 to 2^53-1")
				}
				f.TTLMs = int64(n)
			}
			if cs, ok := x.Get("cacheScope"); ok {
				if cs.Kind() != content.KindString || (cs.Str() != "public" && cs.Str() != "private") {
					return bad("/finalize/cacheScope", "cacheScope must be \"public\" or \"private\"")
				}
				f.CacheScope = cs.Str()
			}
			o.Finalize = f
		default:
			return bad("/finalize", "finalize must be true, false or {serverInfo, ttlMs, cacheScope}")
		}
	}
	return o, nil
}

// wireCheck checks a result as it is on the wire (wire names: _meta, not
// meta). For Validate it also applies what the revision defines and collects
// warnings; for SerializeValue it checks a built result, which carries no
// protocol-owned fields.
type wireCheck struct {
	c        *content.Checker
	rev      revision
	validate bool
	warnings []*Error
}

func (w *wireCheck) warn(code, path, msg string) {
	if len(w.warnings) < MaxFindings {
		w.warnings = append(w.warnings, content.NewError(code, path, msg))
	}
}

var (
	toolWireFields     = []string{"content", "structuredContent", "isError", "_meta"}
	resourceWireFields = []string{"contents", "_meta"}
)

func (w *wireCheck) result(v content.Value, kind string) content.Value {
	c := w.c
	if v.Kind() != content.KindObject {
		c.Fail(content.CodeInvalidType, "a result must be an object")
		return v
	}
	known := toolWireFields
	if kind == KindResource {
		known = resourceWireFields
	}
	owned := w.validate && w.rev.hasProtocolOwned()
	var out []content.Value

	// Keys: strings, no duplicates. Unknown top-level fields are allowed by
	// every revision's schema (Result has additionalProperties); Validate
	// warns about them, a value to serialize may not carry them.
	all := append(append([]string(nil), known...), protocolOwned...)
	if !c.Keys(v, all, "", content.CodeDuplicateKey, "a result") {
		return v
	}
	// The values of unknown fields are still part of the result: every rule
	// on values and the budget apply to them.
	var extra []content.Value
	for i := 0; i < v.Len() && !c.Halted(); i++ {
		m := v.Member(i)
		k := m.Key.Str()
		if m.Key.Kind() != content.KindString || slices.Contains(all, k) {
			continue
		}
		if !w.validate {
			c.Key(k)
			c.Fail(content.CodeUnknownField, "a field MCP does not define for this result")
			c.Pop()
			return v
		}
		w.warn(content.CodeUnknownField, pointer(k), "a field MCP does not define for this result; clients ignore it")
		c.Key(k)
		extra = append(extra, m.Key, c.Free(m.Value, 2))
		c.Pop()
	}

	// Protocol-owned fields.
	for _, k := range protocolOwned {
		x, present := v.Get(k)
		defined := owned && (k == "resultType" || kind == KindResource)
		switch {
		case !defined && present && !w.validate:
			c.Key(k)
			c.Fail(content.CodeProtocolOwnedField, "\""+k+"\" is added by serialize, never given in the result to serialize")
			c.Pop()
			return v
		case !defined && present:
			c.Key(k)
			c.Fail(content.CodeUnknownField, "\""+k+"\" is not defined for this result by protocol revision "+ProtocolVersions[w.rev])
			c.Pop()
		case defined && !present:
			c.Key(k)
			c.Fail(content.CodeMissingField, "protocol revision 2026-07-28 requires \""+k+"\" on the wire")
			c.Pop()
		case defined:
			c.Key(k)
			w.ownedField(k, x)
			c.Pop()
		}
	}
	if c.Halted() {
		return v
	}

	if kind == KindTool {
		out = w.tool(v, out)
	} else {
		out = w.resource(v, out)
	}
	if mv, ok := v.Get("_meta"); ok {
		c.Key("_meta")
		keys := resultMetaKeys
		if w.validate {
			keys = content.MetaKeys{}
			if w.rev.hasProtocolOwned() {
				keys.Allowed = append(keys.Allowed, ServerInfoKey)
			}
			if w.rev.hasRelatedTask() {
				keys.Allowed = append(keys.Allowed, RelatedTaskKey)
			}
		}
		m := c.Meta(mv, 2, keys)
		if si, ok := m.Get(ServerInfoKey); ok && w.validate && w.rev.hasProtocolOwned() {
			w.stringFields(si, ServerInfoKey, "name", "version")
		}
		if rt, ok := m.Get(RelatedTaskKey); ok && w.validate && w.rev.hasRelatedTask() {
			w.stringFields(rt, RelatedTaskKey, "taskId")
		}
		c.Pop()
		if m.Kind() == content.KindObject && m.Len() > 0 {
			out = append(out, content.NewString("_meta"), m)
		}
	}
	return content.NewObject(pairs(append(out, extra...))...)
}

// stringFields checks a reserved _meta value that MCP defines as an object
// with required string members (serverInfo: name and version; related-task:
// taskId), with the codes of SPEC section 6.
func (w *wireCheck) stringFields(v content.Value, key string, names ...string) {
	c := w.c
	c.Key(key)
	defer c.Pop()
	if v.Kind() != content.KindObject {
		c.Fail(content.CodeInvalidType, "must be an object")
		return
	}
	for _, n := range names {
		x, ok := v.Get(n)
		c.Key(n)
		switch {
		case !ok:
			c.Fail(content.CodeMissingField, "required")
		case x.Kind() != content.KindString:
			c.Fail(content.CodeInvalidType, "must be a string")
		}
		c.Pop()
	}
}

// ownedField checks a protocol-owned field that the revision defines.
func (w *wireCheck) ownedField(k string, x content.Value) {
	c := w.c
	switch k {
	case "resultType":
		if x.Kind() != content.KindString {
			c.Fail(content.CodeInvalidType, "resultType must be a string")
		} else if x.Str() != "complete" {
			c.Fail(content.CodeInvalidValue, "the resultType of a complete result is \"complete\"")
		}
	case "ttlMs":
		if !x.IsNumber() {
			c.Fail(content.CodeInvalidType, "ttlMs must be an integer")
		} else if _, ok := intIn(x, 0, 1<<53-1); !ok {
			c.Fail(content.CodeInvalidValue, "ttlMs must be an integer from 0 to 2^53-1")
		}
	case "cacheScope":
		if x.Kind() != content.KindString {
			c.Fail(content.CodeInvalidType, "cacheScope must be a string")
		} else if x.Str() != "public" && x.Str() != "private" {
			c.Fail(content.CodeInvalidValue, "cacheScope is \"public\" or \"private\"")
		}
	}
}

func (w *wireCheck) tool(v content.Value, out []content.Value) []content.Value {
	c := w.c
	if w.validate && w.rev.hasProtocolOwned() {
		if x, ok := v.Get("resultType"); ok {
			out = append(out, content.NewString("resultType"), x)
		}
	}
	cv, hasContent := v.Get("content")
	c.Key("content")
	hasText := false
	switch {
	case !hasContent:
		c.Fail(content.CodeMissingField, "a tool result needs content (a list of blocks)")
	case cv.Kind() != content.KindArray:
		c.Fail(content.CodeInvalidType, "content must be an array of content blocks")
	case cv.Len() == 0:
		c.Fail(content.CodeContentRequired, "an empty content list is not a tool result")
	default:
		items := make([]content.Value, cv.Len())
		for i := range items {
			b := cv.Index(i)
			c.Index(i)
			if w.validate {
				w.revisionBlock(b)
			}
			items[i] = c.Block(b, 3)
			c.Pop()
			if t, _ := b.Get("type"); t.Kind() == content.KindString && t.Str() == "text" {
				hasText = true
			}
		}
		out = append(out, content.NewString("content"), content.NewArray(items...))
	}
	c.Pop()
	if sc, ok := v.Get("structuredContent"); ok {
		c.Key("structuredContent")
		if w.validate {
			switch {
			case !w.rev.hasStructuredContent():
				c.Fail(content.CodeUnknownField, "structuredContent is not defined by protocol revision "+ProtocolVersions[w.rev])
			case !w.rev.structuredAnyValue() && sc.Kind() != content.KindObject:
				c.Fail(content.CodeInvalidType, "structuredContent must be an object in protocol revision "+ProtocolVersions[w.rev])
			}
			if !hasText && hasContent {
				w.warn(CodeMissingTextFallback, "/structuredContent", "structured content without a text block: clients that read only content see nothing of it")
			}
		}
		out = append(out, content.NewString("structuredContent"), c.Free(sc, 2))
		c.Pop()
	}
	isError := content.NewBool(false)
	if x, ok := v.Get("isError"); ok {
		if x.Kind() != content.KindBool {
			c.Key("isError")
			c.Fail(content.CodeInvalidType, "isError must be a boolean")
			c.Pop()
		}
		isError = x
	}
	return append(out, content.NewString("isError"), isError)
}

func (w *wireCheck) resource(v content.Value, out []content.Value) []content.Value {
	c := w.c
	if w.validate && w.rev.hasProtocolOwned() {
		if x, ok := v.Get("resultType"); ok {
			out = append(out, content.NewString("resultType"), x)
		}
	}
	cv, ok := v.Get("contents")
	c.Key("contents")
	switch {
	case !ok:
		c.Fail(content.CodeMissingField, "a resource result needs contents (a list)")
	case cv.Kind() != content.KindArray:
		c.Fail(content.CodeInvalidType, "contents must be an array of resource contents")
	default:
		items := make([]content.Value, cv.Len())
		for i := range items {
			c.Index(i)
			if w.validate {
				w.revisionContents(cv.Index(i))
			}
			items[i] = c.Contents(cv.Index(i), 3)
			c.Pop()
		}
		out = append(out, content.NewString("contents"), content.NewArray(items...))
	}
	c.Pop()
	if w.validate && w.rev.hasProtocolOwned() {
		for _, k := range []string{"ttlMs", "cacheScope"} {
			if x, ok := v.Get(k); ok {
				out = append(out, content.NewString(k), x)
			}
		}
	}
	return out
}

// revisionBlock reports what a block has that the revision does not define.
// The checker's path is at the block.
func (w *wireCheck) revisionBlock(b content.Value) {
	c := w.c
	if b.Kind() != content.KindObject {
		return
	}
	t, _ := b.Get("type")
	switch t.Str() {
	case "resource_link":
		if !w.rev.hasResourceLink() {
			c.Fail(CodeUnsupportedContentType, "resource_link blocks do not exist before protocol revision 2025-06-18")
			return
		}
		w.revisionFields(b, "icons")
	case "audio":
		if !w.rev.hasAudio() {
			c.Fail(CodeUnsupportedContentType, "audio blocks do not exist before protocol revision 2025-03-26")
			return
		}
	case "resource":
		if r, ok := b.Get("resource"); ok {
			c.Key("resource")
			w.revisionContents(r)
			c.Pop()
		}
	}
	w.revisionFields(b, "_meta")
	if a, ok := b.Get("annotations"); ok && a.Kind() == content.KindObject {
		c.Key("annotations")
		w.revisionFields(a, "lastModified")
		c.Pop()
	}
}

func (w *wireCheck) revisionContents(v content.Value) {
	if v.Kind() == content.KindObject {
		w.revisionFields(v, "_meta", "icons")
	}
}

// revisionFields reports each of the named fields of v that the revision
// does not define.
func (w *wireCheck) revisionFields(v content.Value, names ...string) {
	for _, k := range names {
		if _, ok := v.Get(k); !ok {
			continue
		}
		defined := true
		switch k {
		case "_meta":
			defined = w.rev.hasBlockMeta()
		case "icons":
			defined = w.rev.hasIcons()
		case "lastModified":
			defined = w.rev.hasLastModified()
		}
		if !defined {
			w.c.Key(k)
			w.c.Fail(content.CodeUnknownField, "\""+k+"\" is not defined here by protocol revision "+ProtocolVersions[w.rev])
			w.c.Pop()
		}
	}
}

// pointer returns the JSON Pointer of a top-level key.
func pointer(k string) string {
	b := make([]byte, 0, len(k)+1)
	b = append(b, '/')
	for i := 0; i < len(k); i++ {
		switch k[i] {
		case '~':
			b = append(b, '~', '0')
		case '/':
			b = append(b, '~', '1')
		default:
			b = append(b, k[i])
		}
	}
	return string(b)
}
