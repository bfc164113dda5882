package host

import (
	"context"

	"github.com/mcpresult/mcpresult/abi"
	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/resultlink"
	"github.com/mcpresult/mcpresult/result"
)

// The methods below mirror package result: the same inputs give, through
// the module, the same bytes, results, reports and *result.Error values
// that result gives natively. An error that is not a *result.Error is the
// host's own (see Call).

// Build builds a result through the module, as result.Build does.
func (h *Host) Build(ctx context.Context, kind string, input content.Value, o result.BuildOptions) (*result.Result, error) {
	mode := o.Settings.Canonicalization
	if c, ok := input.Get("canonicalization"); ok && c.Kind() == content.KindString && c.Str() == "json" {
		mode = result.JSON
	} else if ok && c.Kind() == content.KindString && c.Str() == "strict" {
		mode = result.Strict
	}
	if kind == result.KindResource {
		mode = result.Strict
	}
	in, err := plain(input, mode, o.Settings)
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
	s := res.Settings
	return resultlink.New(rk, v, res.JSON, s.MaxJSONBytes, s.MaxNodes, s.Canonicalization).(*result.Result), nil
}

// Tool builds a tool result through the module, as result.Tool does.
func (h *Host) Tool(ctx context.Context, opts ...result.Option) (*result.Result, error) {
	return h.Build(ctx, result.KindTool, result.Request(opts...), result.BuildOptions{})
}

// Resource builds a resource result through the module, as result.Resource
// does.
func (h *Host) Resource(ctx context.Context, opts ...result.Option) (*result.Result, error) {
	return h.Build(ctx, result.KindResource, result.Request(opts...), result.BuildOptions{})
}

// SerializeValue serializes a result given as a value through the module,
// as result.SerializeValue does.
func (h *Host) SerializeValue(ctx context.Context, s result.Settings, v any, options content.Value) ([]byte, error) {
	in, err := plain(content.FromGo(v), s.Canonicalization, s)
	if err != nil {
		return nil, err
	}
	res, err := h.roundTrip(ctx, &abi.Request{Op: abi.OpSerialize, Input: in, Options: options, Settings: settingsValue(s)})
	if err != nil {
		return nil, err
	}
	return res.JSON, nil
}

// Serialize writes a built result for a protocol revision through the
// module, as result.Serialize does (with the settings it was built with).
func (h *Host) Serialize(ctx context.Context, r *result.Result, o result.SerializeOptions) ([]byte, error) {
	if r == nil || r.JSON() == nil {
		return result.Serialize(r, o) // the same error
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

// ValidateValue validates with options given as a value, as
// result.ValidateValue does.
func (h *Host) ValidateValue(ctx context.Context, s result.Settings, v any, options content.Value) (*result.Report, error) {
	in, err := plain(content.FromGo(v), s.Canonicalization, s)
	if err != nil {
		if e, ok := err.(*result.Error); ok {
			return &result.Report{Errors: []*result.Error{e}}, nil
		}
		return nil, err
	}
	res, err := h.roundTrip(ctx, &abi.Request{Op: abi.OpValidate, Input: in, Options: options, Settings: settingsValue(s)})
	if err != nil {
		return nil, err
	}
	return res.Report, nil
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

// plain converts the Go values of a request before it is encoded (the
// module only sees MessagePack values), as the packages convert them
// natively, within the settings' budget.
func plain(v content.Value, mode content.Canonicalization, s result.Settings) (content.Value, error) {
	return content.Plain(v, mode, 0, 0)
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
	if o.Format == result.JCS {
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
	req := result.Request(opts...)
	members := []content.Member{content.Str("value", content.FromGo(v))}
	for i := 0; i < req.Len(); i++ {
		members = append(members, req.Member(i))
	}
	return h.Build(ctx, result.KindValue, content.NewObject(members...), result.BuildOptions{})
}
