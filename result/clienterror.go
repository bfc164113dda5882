package result

import "github.com/mcpresult/mcpresult/content"

// ClientError is an error that is safe to show to the calling client: a
// message of 1..4096 bytes of UTF-8 and an optional code of 1..128
// characters of [A-Za-z0-9_.:-]. As a tool result it is one text block with
// isError true and the code in _meta["io.github.mcpresult/errorCode"], where
// it cannot clash with a tool's output schema.
//
// Return it from a handler wrapped by Guard; every other error stays private.
type ClientError struct {
	Message string
	Code    string
}

// NewClientError checks message and code (invalid_client_error) and returns
// the client error.
func NewClientError(message, code string) (*ClientError, error) {
	if err := checkClientError(message, code); err != nil {
		return nil, err
	}
	return &ClientError{Message: message, Code: code}, nil
}

// Error returns the message.
func (e *ClientError) Error() string { return e.Message }

// Result returns the client error as a tool result, or an error when its
// message or code break the rules.
func (e *ClientError) Result() (*Result, error) {
	req := []content.Member{content.Str("message", content.NewString(e.Message))}
	if e.Code != "" {
		req = append(req, content.Str("code", content.NewString(e.Code)))
	}
	return Build(KindError, content.NewObject(req...), BuildOptions{})
}
