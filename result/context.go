//go:build !wasip1

package result

import (
	"context"

	"github.com/mcpresult/mcpresult/content"
)

// The context-based helpers are left out of GOOS=wasip1 builds: the
// WebAssembly guest has no use for them, and context (with time) would add
// about 350 KB to a module whose size is budgeted.

type settingsKey struct{}

// ContextWithSettings returns a context that carries a server's settings,
// for the …FromContext builders inside its handlers (the pair of
// SettingsFromContext).
func ContextWithSettings(ctx context.Context, s Settings) context.Context {
	return context.WithValue(ctx, settingsKey{}, s)
}

// SettingsFromContext returns the settings ContextWithSettings put in ctx.
func SettingsFromContext(ctx context.Context) (Settings, bool) {
	s, ok := ctx.Value(settingsKey{}).(Settings)
	return s, ok
}

// inherit builds with the settings in ctx, which the request cannot
// override. A context without settings is invalid_option, rather than a
// silent fall back to the defaults.
func inherit(ctx context.Context, kind string, req content.Value) (*Result, error) {
	s, ok := SettingsFromContext(ctx)
	if !ok {
		return nil, content.NewError(content.CodeInvalidOption, "", "the context carries no server settings (use result.ContextWithSettings)")
	}
	return Build(kind, req, BuildOptions{Settings: s, Inherit: true})
}

// ToolFromContext builds a tool result inside a server's tool handler, with
// the settings ContextWithSettings put in ctx; the result cannot override them
// (MaxJSONBytes and WithCanonicalization are option_not_allowed).
func ToolFromContext(ctx context.Context, opts ...Option) (*Result, error) {
	return inherit(ctx, KindTool, request(opts))
}

// ResourceFromContext builds a resource result inside a server's resource
// handler, with the byte budget ContextWithSettings put in ctx (MaxJSONBytes is
// option_not_allowed).
func ResourceFromContext(ctx context.Context, opts ...Option) (*Result, error) {
	return inherit(ctx, KindResource, request(opts))
}

// ValueFromContext turns an ordinary handler return value into a tool
// result, as FromValue does, with the settings ContextWithSettings put in ctx
// (their canonicalization included: with JSON, structs and time.Time are
// written as encoding/json writes them).
func ValueFromContext(ctx context.Context, v any) (*Result, error) {
	return inherit(ctx, KindValue, request(nil, content.Str("value", content.FromGo(v))))
}
