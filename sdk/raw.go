package sdk

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The SDK writes its result types with its own field order, leaves out
// isError false, a priority of 0 and an empty resource text, writes the
// keys of every _meta sorted, and adds ttlMs and cacheScope to every
// resource result, whatever the revision. So for a request of a revision
// with initialize, the adapter hands the SDK a result whose JSON is the
// very bytes mcpresult wrote: the SDK's type (which the SDK reads as its
// own) with a MarshalJSON that gives those bytes.
//
// For a request of a stateless revision (2026-07-28), the SDK adds the
// protocol-owned fields after every handler and middleware (resultType and
// the server identity, which a handler cannot read): the adapter hands it
// its own type (toCallToolResult), whose structuredContent and _meta values
// are still the JSON mcpresult wrote.

// written carries the bytes a handler wrote from the handler to the
// middleware, through the request's context.
type written struct {
	b []byte
}

type writtenKey struct{}

// withWritten is ctx with a place for the bytes of the request's result.
func withWritten(ctx context.Context) (context.Context, *written) {
	w := &written{}
	return context.WithValue(ctx, writtenKey{}, w), w
}

// keep records the bytes a handler's result was written as, for a request
// the middleware will hand on as they are.
func keep(ctx context.Context, b []byte) {
	if w, ok := ctx.Value(writtenKey{}).(*written); ok {
		w.b = b
	}
}

// rawToolResult is a tool result whose JSON is the bytes mcpresult wrote.
type rawToolResult struct {
	*mcp.CallToolResult
	b []byte
}

// MarshalJSON gives the bytes mcpresult wrote.
func (r *rawToolResult) MarshalJSON() ([]byte, error) { return r.b, nil }

// rawResourceResult is a resource result whose JSON is the bytes mcpresult
// wrote.
type rawResourceResult struct {
	*mcp.ReadResourceResult
	b []byte
}

// MarshalJSON gives the bytes mcpresult wrote.
func (r *rawResourceResult) MarshalJSON() ([]byte, error) { return r.b, nil }

// asWritten is the result of tools/call or resources/read as the handler
// wrote it, when it did.
func asWritten(res mcp.Result, w *written) mcp.Result {
	if w.b == nil {
		return res
	}
	switch res := res.(type) {
	case *mcp.CallToolResult:
		if res != nil {
			return &rawToolResult{CallToolResult: res, b: w.b}
		}
	case *mcp.ReadResourceResult:
		if res != nil {
			return &rawResourceResult{ReadResourceResult: res, b: w.b}
		}
	}
	return res
}
