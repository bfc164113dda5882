package result

import (
	"slices"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/engine"
	"github.com/mcpresult/mcpresult/internal/resultlink"
	"github.com/mcpresult/mcpresult/internal/revision"
)

// maxFindings is the most errors (and, separately, warnings) Validate
// reports.
const maxFindings = resultlink.MaxFindings

// The stages of Validate.
const (
	// StageWire checks what travels on the wire (the default): for
	// 2026-07-28 a result carries resultType (and a resource result ttlMs
	// and cacheScope), and protocol-owned fields are legitimate where the
	// revision defines them.
	StageWire = "wire"
	// StageHandler checks what a handler hands to its SDK before the SDK
	// finalizes it: protocol-owned fields must be absent, as in a build.
	StageHandler = "handler"
)

// ValidateOptions say what a value is checked as.
type ValidateOptions struct {
	// Kind is KindTool or KindResource; "" infers it: a value with
	// "contents" and without "content" is a resource result.
	Kind string
	// ProtocolVersion is the revision to check against; "" is 2026-07-28.
	ProtocolVersion string
	// Stage is StageWire ("" too) or StageHandler.
	Stage string
	// Settings bound the value as they bound a build (zero: defaults).
	// Their canonicalization says how Go values other than the plain ones
	// encoding/json gives (map[string]any, []any, float64, string, bool,
	// nil) are read: strict refuses them, JSON reads structs and
	// marshalers as encoding/json writes them.
	Settings Settings
}

// Report is what Validate found. Errors make a value invalid; warnings do
// not. Each finding has a code, a JSON Pointer into the value, and a message.
type Report struct {
	Valid    bool
	Errors   []*Error
	Warnings []*Error
}

// Validate checks a result that anyone built against the rules of package
// content and what the protocol revision defines, and reports every finding
// (up to 100 errors and as many warnings) instead of the first. The
// value may be a content.Value (for example from content.ParseJSON) or a
// plain Go value, such as the map[string]any that json.Unmarshal gives.
//
// Its question is "will a client of this revision accept this result, and
// is it what the specification asks for?". Errors are what a client of the
// revision cannot read or will reject, and every rule of package content on
// a field the revision defines; warnings are what the revision's schema
// accepts but points at a likely mistake: unknown_field (a field no
// revision defines), field_not_in_revision (one another revision defines;
// its value is not checked further), empty_content, an empty mimeType
// (invalid_mime_type), missing_text_fallback. A place gets at most one
// finding. The budget is measured on the value exactly as given, beside the
// other findings.
//
// An invalid option is the error of the call itself.
func Validate(v any, opts ValidateOptions) (*Report, error) {
	rev, err := revisionOf(opts.ProtocolVersion)
	if err != nil {
		return nil, err
	}
	switch opts.Stage {
	case "", StageWire, StageHandler:
	default:
		return nil, content.NewError(content.CodeInvalidOption, "/stage", msgStage)
	}
	switch opts.Kind {
	case "", KindTool, KindResource:
	default:
		return nil, content.NewError(content.CodeInvalidOption, "/kind", msgValidateKind)
	}
	if err := opts.Settings.Check(); err != nil {
		return nil, err
	}
	s := opts.Settings.withDefaults()
	in, perr := (engine.Budget{MaxNodes: s.MaxNodes, MaxBytes: s.MaxJSONBytes}).Plain(content.FromGo(v), s.Canonicalization)
	if perr != nil {
		return &Report{Errors: []*Error{perr.(*Error)}}, nil
	}
	kind := opts.Kind
	if kind == "" {
		kind = inferKind(in)
	}
	w := resultCheck{
		c: engine.NewChecker(engine.CheckOptions{
			Mode: s.Canonicalization, MaxNodes: s.MaxNodes, MaxBytes: s.MaxJSONBytes, MaxErrors: maxFindings,
			Lenient: true, Revision: rev,
		}),
		rev: rev, kind: kind, wire: opts.Stage != StageHandler, lenient: true,
	}
	w.result(in)
	errs := w.c.Errors() // one per place already
	if !slices.ContainsFunc(errs, isBudget) && len(errs) < maxFindings {
		// The budget applies to a result on the wire as to one being built,
		// measured on the value as it is, whatever else is wrong with it.
		b := s.budget()
		if err := b.Check(in); err != nil {
			errs = append(errs, err.(*Error))
		} else if _, err := b.Measure(in); err != nil {
			errs = append(errs, err.(*Error))
		}
	}
	errs = onePerPlace(errs, nil) // the budget at "" after another finding there
	rep := &Report{Errors: errs, Warnings: onePerPlace(w.c.Warnings(), errs)}
	rep.Valid = len(rep.Errors) == 0
	return rep, nil
}

// isBudget reports a budget error.
func isBudget(e *Error) bool {
	return e.Code == content.CodeMaxBytes || e.Code == content.CodeMaxNodes || e.Code == content.CodeMaxDepth
}

// onePerPlace keeps the first finding at each place, and none at a place
// that taken has (an error there wins over a warning).
//
//go:noinline
func onePerPlace(list, taken []*Error) []*Error {
	at := make(map[string]bool, len(list)+len(taken))
	for _, e := range taken {
		at[e.Path] = true
	}
	out := list[:0:0]
	for _, e := range list {
		if !at[e.Path] {
			at[e.Path] = true
			out = append(out, e)
		}
	}
	return out
}

const (
	msgStage        = "stage must be \"wire\" or \"handler\""
	msgValidateKind = "kind must be \"tool\" or \"resource\""
)

// inferKind says what a result value is when no kind is given: a value with
// "contents" and without "content" is a resource result.
func inferKind(v content.Value) string {
	if _, ok := v.Get("contents"); ok {
		if _, ok := v.Get("content"); !ok {
			return KindResource
		}
	}
	return KindTool
}

// serializeValue serializes a result given as a value (a content.Value, as
// the module and the vectors give it, or a plain Go value such as a
// map[string]any), with options given as a value in wire names:
// protocolVersion, format ("wire"/"jcs"), finalize (true, false, or
// {serverInfo: {name, version}, ttlMs, cacheScope}) and unsupported
// ("convert"/"error"). The value is checked first, as a built result:
// protocol-owned fields in it are protocol_owned_field, an unknown field is
// unknown_field.
func serializeValue(s Settings, v any, options content.Value) ([]byte, error) {
	if err := s.Check(); err != nil {
		return nil, err
	}
	s = s.withDefaults()
	so, err := serializeOptsFromValue(options)
	if err != nil {
		return nil, err
	}
	in, err := (engine.Budget{MaxNodes: s.MaxNodes, MaxBytes: s.MaxJSONBytes}).Plain(content.FromGo(v), s.Canonicalization)
	if err != nil {
		return nil, err
	}
	kind := inferKind(in)
	mode := s.Canonicalization
	if kind == KindResource && mode != content.Strict {
		// Resource results are strict, as when building: read the Go
		// values again in that mode.
		mode = content.Strict
		if in, err = (engine.Budget{MaxNodes: s.MaxNodes, MaxBytes: s.MaxJSONBytes}).Plain(content.FromGo(v), mode); err != nil {
			return nil, err
		}
	}
	w := resultCheck{
		c:   engine.NewChecker(engine.CheckOptions{Mode: mode, MaxNodes: s.MaxNodes, MaxBytes: s.MaxJSONBytes}),
		rev: revision.Latest, kind: kind,
	}
	out := w.result(in)
	if err := w.c.Err(); err != nil {
		return nil, err
	}
	return serialize(out, kind, s, so)
}

// serializeOptsFromValue reads and checks serialize options given as a
// value.
func serializeOptsFromValue(options content.Value) (serializeOpts, error) {
	o, err := serializeOptionsFromValue(options)
	if err != nil {
		return serializeOpts{}, err
	}
	return o.check()
}

// serializePlan is what the one pass of the serialize op needs of its
// options (see resultlink.SerializePlan).
func serializePlan(options content.Value) (*engine.Serialize, error) {
	so, err := serializeOptsFromValue(options)
	if err != nil {
		return nil, err
	}
	if so.format != content.Wire || so.finalize != nil && so.finalize.ServerInfo != nil {
		return nil, nil
	}
	p := &engine.Serialize{Revision: so.rev, AnyStructured: so.rev.StructuredAnyValue(), Finalize: so.finalize != nil}
	if f := so.finalize; f != nil {
		p.TTLMs, p.CacheScope = f.TTLMs, f.CacheScope
	}
	return p, nil
}

var validateOptionNames = []string{"kind", "protocolVersion", "stage"}

// validateValue validates a value with options given as a value in wire
// names (kind, protocolVersion, stage), as the module and the vectors give
// them: an unknown or repeated option, or one of the wrong type, is the
// error of the call (unknown_option, duplicate_option, invalid_option,
// unsupported_protocol_version).
func validateValue(s Settings, v any, options content.Value) (*Report, error) {
	opts := ValidateOptions{Settings: s}
	if err := optionsObject(options, validateOptionNames, "validate"); err != nil {
		return nil, err
	}
	if k, ok := options.Get("kind"); ok {
		if k.Kind() != content.KindString || (k.Str() != KindTool && k.Str() != KindResource) {
			return nil, content.NewError(content.CodeInvalidOption, "/kind", msgValidateKind)
		}
		opts.Kind = k.Str()
	}
	var err error
	if opts.ProtocolVersion, err = versionOption(options); err != nil {
		return nil, err
	}
	if st, ok := options.Get("stage"); ok {
		if st.Kind() != content.KindString || (st.Str() != StageWire && st.Str() != StageHandler) {
			return nil, content.NewError(content.CodeInvalidOption, "/stage", msgStage)
		}
		opts.Stage = st.Str()
	}
	return Validate(v, opts)
}

// optionsObject checks options given as a value: null (none), or an object
// of the op's options, each given once (invalid_type, unknown_option,
// duplicate_option).
//
//go:noinline
func optionsObject(v content.Value, names []string, what string) error {
	if v.Kind() == content.KindNull {
		return nil
	}
	if v.Kind() != content.KindObject {
		return content.NewError(content.CodeInvalidType, "", what+" options must be an object")
	}
	c := engine.NewChecker(engine.CheckOptions{})
	if !c.Keys(v, names, content.CodeUnknownOption, content.CodeDuplicateOption, what) {
		return c.Err()
	}
	return nil
}

// versionOption returns the protocolVersion of options that optionsObject
// accepted ("" when it is absent): a string (invalid_option), not empty
// (unsupported_protocol_version, as an unknown one is where it is read).
//
//go:noinline
func versionOption(options content.Value) (string, error) {
	p, ok := options.Get("protocolVersion")
	if !ok {
		return "", nil
	}
	if p.Kind() != content.KindString {
		return "", content.NewError(content.CodeInvalidOption, "/protocolVersion", "protocolVersion must be a string")
	}
	if p.Str() == "" {
		return "", errUnsupportedVersion()
	}
	return p.Str(), nil
}

var serializeOptionNames = []string{"protocolVersion", "format", "finalize", "unsupported"}
var finalizeNames = []string{"serverInfo", "ttlMs", "cacheScope"}

func serializeOptionsFromValue(v content.Value) (SerializeOptions, error) {
	var o SerializeOptions
	if err := optionsObject(v, serializeOptionNames, "serialize"); err != nil {
		return o, err
	}
	bad := func(path, msg string) (SerializeOptions, error) {
		return o, content.NewError(content.CodeInvalidOption, path, msg)
	}
	var err error
	if o.ProtocolVersion, err = versionOption(v); err != nil {
		return o, err
	}
	if _, err := revisionOf(o.ProtocolVersion); err != nil {
		return o, err
	}
	if x, ok := v.Get("format"); ok {
		switch {
		case x.Kind() == content.KindString && x.Str() == "wire":
		case x.Kind() == content.KindString && x.Str() == "jcs":
			o.Format = content.JCS
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
			c := engine.NewChecker(engine.CheckOptions{})
			c.Key("finalize")
			if !c.Keys(x, finalizeNames, content.CodeUnknownOption, content.CodeDuplicateOption, "finalize") {
				return o, c.Err()
			}
			f := &Finalize{}
			if si, ok := x.Get("serverInfo"); ok {
				name, _ := si.Get("name")
				version, _ := si.Get("version")
				if si.Kind() != content.KindObject || si.Len() != 2 || name.Kind() != content.KindString || version.Kind() != content.KindString ||
					!checkImplementation(name.Str(), version.Str()) {
					return bad("/finalize/serverInfo", msgServerInfo)
				}
				f.ServerInfo = &Implementation{Name: name.Str(), Version: version.Str()}
			}
			if t, ok := x.Get("ttlMs"); ok {
				n, ok := checkTTL(t)
				if !ok {
					return bad("/finalize/ttlMs", msgTTL)
				}
				f.TTLMs = n
			}
			if cs, ok := x.Get("cacheScope"); ok {
				if cs.Kind() != content.KindString || !checkCacheScope(cs.Str()) {
					return bad("/finalize/cacheScope", msgCacheScope)
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
