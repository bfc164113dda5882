package sdk_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/result"
	"github.com/mcpresult/mcpresult/sdk"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// asPanics is an error whose As method, which errors.As calls, panics
// with the private detail.
type asPanics struct{}

func (asPanics) Error() string { return "as panics" }
func (asPanics) As(any) bool   { panic("As: " + secret) }

// unwrapPanics is an error whose Unwrap method panics.
type unwrapPanics struct{}

func (unwrapPanics) Error() string { return "unwrap panics" }
func (unwrapPanics) Unwrap() error { panic("Unwrap: " + secret) }

// errorPanics is an error whose Error method panics (what an OnError that
// prints it runs).
type errorPanics struct{}

func (errorPanics) Error() string { panic("Error: " + secret) }

// TestHostileErrors: an error whose own methods panic while the adapter
// inspects it, and an OnError that panics, are private failures like any
// other: the client gets "resource read failed" or "tool execution failed"
// (or "tool output was invalid"), never the panic's text, and the server
// keeps serving (the Go SDK recovers no panic of a handler: one would end
// the process).
func TestHostileErrors(t *testing.T) {
	tests := []struct {
		name     string
		err      error
		onError  string // "log" or "panic"
		resource string // the JSON-RPC error the read gets
		tool     string // the text of the tool's result
	}{
		{"As panics", asPanics{}, "log", "-32603: " + sdk.ResourceReadFailedText, result.ExecutionFailedText},
		{"Unwrap panics", unwrapPanics{}, "log", "-32603: " + sdk.ResourceReadFailedText, result.ExecutionFailedText},
		{"wrapped, As panics", fmt.Errorf("read: %w", asPanics{}), "log", "-32603: " + sdk.ResourceReadFailedText, result.ExecutionFailedText},
		{"Error panics, OnError prints it", errorPanics{}, "print", "-32603: " + sdk.ResourceReadFailedText, result.ExecutionFailedText},
		{"a plain error, OnError panics", errors.New("open " + secret), "panic", "-32603: " + sdk.ResourceReadFailedText, result.ExecutionFailedText},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			log := &privateLog{}
			onError := log.onError
			switch tc.onError {
			case "panic":
				onError = func(context.Context, error) { panic("OnError: " + secret) }
			case "print":
				onError = func(ctx context.Context, err error) { log.onError(ctx, errors.New(err.Error())) }
			}
			s := mcp.NewServer(&mcp.Implementation{Name: "hostile", Version: "1.0.0"}, nil)
			a, err := sdk.New(s, &sdk.Options{OnError: onError})
			if err != nil {
				t.Fatal(err)
			}
			fail := tc.err
			if err := a.AddResource(&mcp.Resource{URI: "file:///hostile", Name: "hostile"}, func(context.Context, *mcp.ReadResourceRequest) (*result.Result, error) {
				return nil, fail
			}); err != nil {
				t.Fatal(err)
			}
			if err := sdk.AddTool(a, &mcp.Tool{Name: "hostile"}, func(context.Context, *mcp.CallToolRequest, noArgs) (*result.Result, error) {
				return nil, fail
			}); err != nil {
				t.Fatal(err)
			}
			// a tool with an output schema its result does not match: the
			// adapter's own OnError call, after Guard
			if err := sdk.AddTool(a, &mcp.Tool{Name: "mismatch", OutputSchema: map[string]any{"type": "object", "required": []any{"n"}}},
				func(context.Context, *mcp.CallToolRequest, noArgs) (*result.Result, error) {
					return result.Tool(result.StructuredContent(map[string]any{"m": 1}))
				}); err != nil {
				t.Fatal(err)
			}
			if err := sdk.AddTool(a, &mcp.Tool{Name: "ok"}, func(context.Context, *mcp.CallToolRequest, noArgs) (*result.Result, error) {
				return result.Tool(result.Content(content.Text("still serving")))
			}); err != nil {
				t.Fatal(err)
			}
			c := connect(t, s, "2025-11-25", false)

			raw, rpcErr := c.call(t, "", "resources/read", map[string]any{"uri": "file:///hostile"})
			got := string(raw)
			if rpcErr != nil {
				got = fmt.Sprintf("%d: %s", rpcErr.Code, rpcErr.Message)
				if strings.Contains(string(rpcErr.Data), secret) {
					t.Errorf("the secret reached the client: %s", rpcErr.Data)
				}
			}
			if got != tc.resource {
				t.Errorf("resources/read: got %s, want %s", got, tc.resource)
			}
			want := `{"content":[{"type":"text","text":"` + tc.tool + `"}],"isError":true}`
			if got := c.tool(t, "", "hostile", map[string]any{}); got != want {
				t.Errorf("tools/call hostile: got %s, want %s", got, want)
			}
			want = `{"content":[{"type":"text","text":"` + result.InvalidOutputText + `"}],"isError":true}`
			if got := c.tool(t, "", "mismatch", map[string]any{}); got != want {
				t.Errorf("tools/call mismatch: got %s, want %s", got, want)
			}
			if got, want := c.tool(t, "", "ok", map[string]any{}), `{"content":[{"type":"text","text":"still serving"}],"isError":false}`; got != want {
				t.Errorf("tools/call ok: got %s, want %s", got, want)
			}
			// an OnError that panics (itself, or on the error's own method)
			// logs nothing; one that logs has the detail of each failure
			if errs := log.take(); tc.onError == "log" && len(errs) != 3 {
				t.Errorf("OnError got %d errors, want 3 (the read, the call, the mismatch): %v", len(errs), errs)
			}
		})
	}
}
