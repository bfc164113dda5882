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

// WithSettings returns a context that carries a server's settings, for
// ToolFromContext inside its tool handlers.
func WithSettings(ctx context.Context, s Settings) context.Context {
	return context.WithValue(ctx, settingsKey{}, s)
}

// SettingsFromContext returns the settings WithSettings put in ctx.
func SettingsFromContext(ctx context.Context) (Settings, bool) {
	s, ok := ctx.Value(settingsKey{}).(Settings)
	return s, ok
}

// ToolFromContext builds a tool result inside a server's tool handler, with
// the settings WithSettings put in ctx; the result cannot override them
// (MaxJSONBytes and WithCanonicalization are option_not_allowed). A context
// without settings is invalid_option.
func ToolFromContext(ctx context.Context, opts ...Option) (*Result, error) {
	s, ok := SettingsFromContext(ctx)
	if !ok {
		return nil, content.NewError(content.CodeInvalidOption, "", "the context carries no server settings (use result.WithSettings)")
	}
	return Build(s, KindTool, request(opts), true)
}
