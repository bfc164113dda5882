//go:build !wasip1

package result

import (
	"context"
	"errors"
	"runtime"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/engine"
)

// The texts of the results Guard gives in place of a private failure.
const (
	ExecutionFailedText = "tool execution failed"
	InvalidOutputText   = "tool output was invalid"
)

// PanicError is the private error Guard passes to onError when a handler
// panicked.
type PanicError struct {
	Value any    // what the handler panicked with
	Stack []byte // the goroutine's stack at the panic
}

// Error describes the panic without its value (which may be sensitive).
func (p *PanicError) Error() string { return "mcpresult: tool handler panicked" }

// Guard wraps a tool handler so that nothing private reaches the client:
//   - a result is returned as it is;
//   - a *ClientError is returned as its tool result;
//   - an *Error from this library (a result that failed its checks) becomes
//     {"content":[{"type":"text","text":"tool output was invalid"}],"isError":true};
//   - any other error, a panic, or a nil result becomes the same with the text
//     "tool execution failed".
//
// The private detail (the error, or a *PanicError with the stack) goes only
// to onError, which may be nil. The wrapped handler never panics and never
// returns nil.
func Guard[In any](h func(context.Context, In) (*Result, error), onError func(context.Context, error)) func(context.Context, In) *Result {
	return func(ctx context.Context, in In) (res *Result) {
		defer func() {
			if p := recover(); p != nil {
				report(ctx, onError, &PanicError{Value: p, Stack: stack()})
				res = privateFailure(ExecutionFailedText)
			}
		}()
		r, err := h(ctx, in)
		if err == nil && r != nil {
			return r
		}
		var ce *ClientError
		var ve *Error
		switch {
		case err == nil:
			report(ctx, onError, errors.New("mcpresult: tool handler returned no result and no error"))
			return privateFailure(ExecutionFailedText)
		case errors.As(err, &ce):
			cr, cerr := ce.Result()
			if cerr != nil {
				report(ctx, onError, cerr)
				return privateFailure(InvalidOutputText)
			}
			return cr
		case errors.As(err, &ve):
			report(ctx, onError, err)
			return privateFailure(InvalidOutputText)
		}
		report(ctx, onError, err)
		return privateFailure(ExecutionFailedText)
	}
}

// report passes a private error to onError; a panic in onError itself is
// swallowed, so that the wrapped handler never panics.
func report(ctx context.Context, onError func(context.Context, error), err error) {
	if onError == nil {
		return
	}
	defer func() { _ = recover() }()
	onError(ctx, err)
}

// privateFailure is the fixed result that stands in for a private failure.
func privateFailure(text string) *Result {
	obj := content.NewObject(
		content.Str("content", content.NewArray(textBlock(text))),
		content.Str("isError", content.NewBool(true)),
	)
	j, _ := engine.AppendJSON(nil, obj, content.Wire)
	return &Result{kind: KindTool, v: obj, json: j}
}

// stack returns the calling goroutine's stack.
func stack() []byte {
	buf := make([]byte, 16<<10)
	return buf[:runtime.Stack(buf, false)]
}
