package host

import (
	"context"

	"github.com/mcpresult/mcpresult/abi"
	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/engine"
	"github.com/mcpresult/mcpresult/internal/resultlink"
	"github.com/mcpresult/mcpresult/result"
)

// The methods below mirror package result: the same inputs give, through
// the module, the same bytes, results, reports and *result.Error values
// that result gives natively. An error that is not a *result.Error is the
// host's own (see Call).

// Build builds a result through the module, as result.Build does.
func (h *Host) Build(ctx context.Context, kind string, input content.Value, o result.BuildOptions) (*result.Result, error) {
	if err := o.Settings.Check(); err != nil {
		return nil, err
	}
	in, err := convertRequest(kind, input, o.Settings)
	if err != nil {
		return nil, err
	}
	req := &abi.Request{Op: abi.OpBuild, Kind: kind, Input: in, Settings: settingsValue(o.Settings), Inherit: o.Inherit}
	res, err := h.roundTrip(ctx, req)
	if err != nil {
		return nil, err
	}
	v, err := content.ParseJSON(res.JSON)
	if err != nil {
		return nil, err
	}
	rk := result.KindTool
	if kind == result.KindResource {
		rk = result.KindResource
	}
	return resultlink.New(rk, v, res.JSON, resultlink.Settings(res.Settings)).(*result.Result), nil
}

// Tool builds a tool result through the module, as result.Tool does.
func (h *Host) Tool(ctx context.Context, opts ...result.Option) (*result.Result, error) {
	return h.Build(ctx, result.KindTool, resultlink.Request(opts), result.BuildOptions{})
}

// Resource builds a resource result through the module, as result.Resource
// does.
func (h *Host) Resource(ctx context.Context, opts ...result.Option) (*result.Result, error) {
	return h.Build(ctx, result.KindResource, resultlink.Request(opts), result.BuildOptions{})
}

// SerializeValue serializes a result given as a value through the module:
// the module's serialize op, with options in wire names (protocolVersion,
// format, finalize, unsupported) as the ABI defines them (see package abi).
// The value is checked first, as a built result.
func (h *Host) SerializeValue(ctx context.Context, s result.Settings, v any, options content.Value) ([]byte, error) {
	if err := s.Check(); err != nil {
		return nil, err
	}
	in, cerr := convertResult(v, s)
	if cerr != nil {
		in = content.Null() // the call's own faults come first, as natively
	}
	res, err := h.roundTrip(ctx, &abi.Request{Op: abi.OpSerialize, Input: in, Options: options, Settings: settingsValue(s)})
	if cerr != nil && (err == nil || !isCallError(err)) {
		return nil, cerr
	}
	if err != nil {
		return nil, err
	}
	return res.JSON, nil
}

// Serialize writes a built result for a protocol revision through the
// module, as result.Serialize does (with the settings it was built with).
func (h *Host) Serialize(ctx context.Context, r *result.Result, o result.SerializeOptions) ([]byte, error) {
	if r == nil || r.JSON() == nil || (o.Format != content.Wire && o.Format != content.JCS) {
		return result.Serialize(r, o) // the same error, checked before anything is sent
	}
	return h.SerializeValue(ctx, r.Settings(), r.AsValue(), serializeOptionsValue(o))
}

// Validate checks a result through the module, as result.Validate does.
func (h *Host) Validate(ctx context.Context, v any, o result.ValidateOptions) (*result.Report, error) {
	opts := []content.Member{}
	if o.Kind != "" {
		opts = append(opts, content.Str("kind", content.NewString(o.Kind)))
	}
	if o.ProtocolVersion != "" {
		opts = append(opts, content.Str("protocolVersion", content.NewString(o.ProtocolVersion)))
	}
	if o.Stage != "" {
		opts = append(opts, content.Str("stage", content.NewString(o.Stage)))
	}
	return h.ValidateValue(ctx, o.Settings, v, content.NewObject(opts...))
}

// ValidateValue validates through the module with options in wire names
// (kind, protocolVersion, stage): the module's validate op, as the ABI
// defines it (see package abi). Validate takes result.ValidateOptions.
func (h *Host) ValidateValue(ctx context.Context, s result.Settings, v any, options content.Value) (*result.Report, error) {
	if err := s.Check(); err != nil {
		return nil, err
	}
	in, cerr := convertResult(v, s)
	if cerr != nil {
		in = content.Null() // the call's own faults come first, as natively
	}
	res, err := h.roundTrip(ctx, &abi.Request{Op: abi.OpValidate, Input: in, Options: options, Settings: settingsValue(s)})
	if err != nil {
		return nil, err
	}
	if cerr != nil {
		if e, ok := cerr.(*result.Error); ok {
			return &result.Report{Errors: []*result.Error{e}}, nil
		}
		return nil, cerr
	}
	return res.Report, nil
}

// OutputSchema writes a tool's output schema for a protocol revision through
// the module, as result.OutputSchema does: nil, with no error, for a
// revision that has no outputSchema. A module of ABI minor version 0 has no
// such op (unknown_op).
func (h *Host) OutputSchema(ctx context.Context, schema any, protocolVersion string) ([]byte, error) {
	opts := content.Null()
	if protocolVersion != "" {
		opts = content.NewObject(content.Str("protocolVersion", content.NewString(protocolVersion)))
	}
	return h.OutputSchemaValue(ctx, result.Settings{}, schema, opts)
}

// OutputSchemaValue writes an output schema through the module with
// settings and options in wire names ({protocolVersion}): the module's
// outputSchema op, as the ABI defines it (see package abi).
func (h *Host) OutputSchemaValue(ctx context.Context, s result.Settings, schema any, options content.Value) ([]byte, error) {
	if err := s.Check(); err != nil {
		return nil, err
	}
	in, cerr := convertSchema(schema, defaults(s))
	if cerr != nil {
		in = content.Null() // the call's own faults come first, as natively
	}
	res, err := h.roundTrip(ctx, &abi.Request{Op: abi.OpOutputSchema, Input: in, Options: options, Settings: settingsValue(s)})
	if cerr != nil && (err == nil || !isCallError(err)) {
		return nil, cerr
	}
	if err != nil {
		return nil, err
	}
	return res.JSON, nil
}

// convertSchema converts the Go values of a schema as natively (always
// strict): its root first, one level, so that a root that is neither an
// object nor a boolean is sent as null and gets the module's invalid_type,
// as natively, before anything inside it is converted.
func convertSchema(schema any, s result.Settings) (content.Value, error) {
	c := engine.NewChecker(engine.CheckOptions{Mode: content.Strict, MaxNodes: s.MaxNodes, MaxBytes: s.MaxJSONBytes})
	root, ok := c.Resolve(content.FromGo(schema))
	switch {
	case !ok:
		return content.Null(), c.Err()
	case root.Kind() != content.KindObject && root.Kind() != content.KindBool:
		return content.Null(), nil
	}
	return plain(root, content.Strict, s.MaxNodes, s.MaxJSONBytes)
}

// Info returns the module's versions, revisions and default settings.
func (h *Host) Info(ctx context.Context) (*abi.Info, error) {
	res, err := h.roundTrip(ctx, &abi.Request{Op: abi.OpInfo})
	if err != nil {
		return nil, err
	}
	return res.Info, nil
}

// roundTrip encodes a request, calls, and decodes the response; an error
// response becomes its *result.Error.
func (h *Host) roundTrip(ctx context.Context, r *abi.Request) (*abi.Response, error) {
	resp, err := h.Call(ctx, r.Op, abi.AppendRequest(nil, r))
	if err != nil {
		return nil, err
	}
	res, err := abi.ParseResponse(r.Op, resp)
	if err != nil {
		return nil, err
	}
	if !res.OK {
		return nil, res.Err
	}
	return res, nil
}

// isCallError reports an error of the call itself (its options), which
// natively comes before any fault of the value.
func isCallError(err error) bool {
	e, ok := err.(*result.Error)
	return !ok || abi.IsCallError(e.Code)
}

// convertResult converts the Go values of a result to serialize or
// validate, as the packages do first natively (engine.Budget.Plain, with the
// settings' budget), and refuses what is left past the depth limit, which
// the module could not see (max_depth, as the checks report it natively).
func convertResult(v any, s result.Settings) (content.Value, error) {
	s = defaults(s)
	in, err := plain(content.FromGo(v), s.Canonicalization, s.MaxNodes, s.MaxJSONBytes)
	if err != nil || s.Canonicalization == content.Strict {
		return in, err
	}
	if _, ok := in.Get("contents"); ok {
		if _, ok := in.Get("content"); !ok { // a resource result: strict, as natively
			return plain(content.FromGo(v), content.Strict, s.MaxNodes, s.MaxJSONBytes)
		}
	}
	return in, nil
}

// plain converts the Go values of a result as the packages do first
// natively, and refuses a Go array or object past the depth limit, which
// natively the checks report as max_depth and the module cannot see.
// A value that holds no Go value goes as it is, as engine.Budget.Plain returns it
// natively: the module bounds it as it reads it, and its checks then report
// what they find before the budget, as natively. Of a larger value, what the
// module reads (its first values, and one more) goes, so that a value that
// shares its parts (a DAG of 2^60 paths) costs no more than that.
func plain(v content.Value, mode content.Canonicalization, maxNodes, maxBytes int) (content.Value, error) {
	limit := min(maxNodes, (maxBytes+1)/2) + abi.NodeAllowance + 1
	budget := limit
	if !engine.HoldsGo(v, &budget, content.MaxParseDepth) {
		if budget >= 0 {
			return v, nil
		}
		n := limit
		return cut(v, &n), nil
	}
	return engine.Budget{MaxNodes: maxNodes, MaxBytes: maxBytes}.ConvertGo(v, mode)
}

// cut returns v with its first *n values (keys not counted, the order of
// a MessagePack encoder's), each array or object keeping the members read
// before the count ran out.
func cut(v content.Value, n *int) content.Value {
	*n--
	switch v.Kind() {
	case content.KindArray:
		items := make([]content.Value, 0, min(v.Len(), max(*n, 0)))
		for i := 0; i < v.Len() && *n > 0; i++ {
			items = append(items, cut(v.Index(i), n))
		}
		return content.NewArray(items...)
	case content.KindObject:
		members := make([]content.Member, 0, min(v.Len(), max(*n, 0)))
		for i := 0; i < v.Len() && *n > 0; i++ {
			m := v.Member(i)
			members = append(members, content.Member{Key: m.Key, Value: cut(m.Value, n)})
		}
		return content.NewObject(members...)
	}
	return v
}

// convertRequest converts the Go values of a build request before it is
// encoded (the module only sees MessagePack values), in the mode and within
// the bounds the build applies natively: the request's own
// canonicalization and maxJsonBytes when it has them, strict for a resource
// result; a result's depth and node limits (with room for the request's
// options), or for an ordinary value, which becomes only text, the byte
// budget and content.MaxParseDepth.
func convertRequest(kind string, input content.Value, s result.Settings) (content.Value, error) {
	s = defaults(s)
	mode, maxBytes := s.Canonicalization, s.MaxJSONBytes
	if c, ok := option(input, "canonicalization").(string); ok && (c == "json" || c == "strict") {
		mode = content.Strict
		if c == "json" {
			mode = content.JSON
		}
	}
	switch n := option(input, "maxJsonBytes").(type) {
	case int:
		maxBytes = max(maxBytes, n)
	case int64:
		maxBytes = max(maxBytes, int(n))
	}
	switch kind {
	case result.KindResource:
		mode = content.Strict
	case result.KindValue:
		return engine.Budget{MaxBytes: maxBytes, MaxDepth: content.MaxParseDepth + 1}.ConvertGo(input, mode)
	}
	return plain(input, mode, s.MaxNodes+64, maxBytes)
}

// option returns a top-level option of a request given as a Value or as a
// Go map, as a Go value (nil when absent).
func option(input content.Value, k string) any {
	if input.Kind() == content.KindGo {
		switch m := input.Go().(type) {
		case map[string]any:
			return m[k]
		case map[string]string:
			if v, ok := m[k]; ok {
				return v
			}
		}
		return nil
	}
	v, ok := input.Get(k)
	if !ok {
		return nil
	}
	switch v.Kind() {
	case content.KindString:
		return v.Str()
	case content.KindInt:
		return v.Int()
	case content.KindGo:
		return v.Go()
	}
	return nil
}

// defaults fills the zero fields of s.
func defaults(s result.Settings) result.Settings {
	if s.MaxJSONBytes == 0 {
		s.MaxJSONBytes = result.DefaultMaxJSONBytes
	}
	if s.MaxNodes == 0 {
		s.MaxNodes = result.DefaultMaxNodes
	}
	return s
}

// settingsValue is the settings as a request carries them (null for the
// defaults).
func settingsValue(s result.Settings) content.Value {
	if s == (result.Settings{}) {
		return content.Null()
	}
	return s.AsValue()
}

func serializeOptionsValue(o result.SerializeOptions) content.Value {
	var m []content.Member
	if o.ProtocolVersion != "" {
		m = append(m, content.Str("protocolVersion", content.NewString(o.ProtocolVersion)))
	}
	if o.Format == content.JCS {
		m = append(m, content.Str("format", content.NewString("jcs")))
	}
	if o.UnsupportedError {
		m = append(m, content.Str("unsupported", content.NewString("error")))
	}
	if f := o.Finalize; f != nil {
		var fm []content.Member
		if si := f.ServerInfo; si != nil {
			fm = append(fm, content.Str("serverInfo", content.NewObject(
				content.Str("name", content.NewString(si.Name)),
				content.Str("version", content.NewString(si.Version)))))
		}
		fm = append(fm, content.Str("ttlMs", content.NewInt(f.TTLMs)))
		if f.CacheScope != "" {
			fm = append(fm, content.Str("cacheScope", content.NewString(f.CacheScope)))
		}
		m = append(m, content.Str("finalize", content.NewObject(fm...)))
	}
	return content.NewObject(m...)
}

// FromValue turns an ordinary value into a tool result through the module,
// as result.FromValue does.
func (h *Host) FromValue(ctx context.Context, v any, opts ...result.Option) (*result.Result, error) {
	req := resultlink.Request(opts)
	members := []content.Member{content.Str("value", content.FromGo(v))}
	for i := 0; i < req.Len(); i++ {
		members = append(members, req.Member(i))
	}
	return h.Build(ctx, result.KindValue, content.NewObject(members...), result.BuildOptions{})
}
