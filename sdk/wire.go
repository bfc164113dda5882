package sdk

import (
	"encoding/json"
	"fmt"

	"github.com/mcpresult/mcpresult/content"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// toCallToolResult turns a tool result as Serialize wrote it into the SDK's
// result. The SDK's UnmarshalJSON makes its Content types (TextContent,
// ImageContent with the decoded bytes…); structuredContent and every _meta
// (the result's, a block's, embedded resource contents') are then set to
// their JSON text as written (json.RawMessage), which the SDK writes back
// verbatim: decoded into map[string]any and float64 they would lose their
// key order and integers past 2^53.
//
// What the SDK's types cannot carry, and mcpresult can write: isError
// false (the SDK leaves it out: absent means false), a priority of 0 in
// annotations (left out, as if not given) and an empty text of resource
// contents (left out). The SDK also writes the fields of a content block
// in its own order (image: type, mimeType, data).
func toCallToolResult(b []byte) (*mcp.CallToolResult, error) {
	var res mcp.CallToolResult
	if err := json.Unmarshal(b, &res); err != nil {
		return nil, internal("the SDK could not read a tool result: " + err.Error())
	}
	var raw struct {
		StructuredContent json.RawMessage `json:"structuredContent"`
		Meta              rawMeta         `json:"_meta"`
		Content           []rawBlock      `json:"content"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return nil, internal("a tool result is not JSON: " + err.Error())
	}
	if raw.StructuredContent != nil { // JSON null included, as written
		res.StructuredContent = raw.StructuredContent
	}
	res.Meta = raw.Meta.meta()
	if len(raw.Content) != len(res.Content) {
		return nil, internal(fmt.Sprintf("the SDK read %d content blocks of %d", len(res.Content), len(raw.Content)))
	}
	for i, c := range res.Content {
		m := raw.Content[i].Meta.meta()
		switch c := c.(type) {
		case *mcp.TextContent:
			c.Meta = m
		case *mcp.ImageContent:
			c.Meta = m
		case *mcp.AudioContent:
			c.Meta = m
		case *mcp.ResourceLink:
			c.Meta = m
		case *mcp.EmbeddedResource:
			c.Meta = m
			if c.Resource != nil && raw.Content[i].Resource != nil {
				c.Resource.Meta = raw.Content[i].Resource.Meta.meta()
			}
		default:
			return nil, internal(fmt.Sprintf("content block %d: the SDK read an unexpected %T", i, c))
		}
	}
	return &res, nil
}

// toReadResourceResult is toCallToolResult for a resource result.
func toReadResourceResult(b []byte) (*mcp.ReadResourceResult, error) {
	var res mcp.ReadResourceResult
	if err := json.Unmarshal(b, &res); err != nil {
		return nil, internal("the SDK could not read a resource result: " + err.Error())
	}
	var raw struct {
		Meta     rawMeta `json:"_meta"`
		Contents []struct {
			Meta rawMeta `json:"_meta"`
		} `json:"contents"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return nil, internal("a resource result is not JSON: " + err.Error())
	}
	if len(raw.Contents) != len(res.Contents) {
		return nil, internal(fmt.Sprintf("the SDK read %d contents of %d", len(res.Contents), len(raw.Contents)))
	}
	res.Meta = raw.Meta.meta()
	for i, c := range res.Contents {
		c.Meta = raw.Contents[i].Meta.meta()
	}
	return &res, nil
}

// internal is an error of the adapter itself.
func internal(msg string) error { return content.NewError(content.CodeInternal, "", msg) }

// rawMeta is a _meta object whose values are kept as JSON text.
type rawMeta map[string]json.RawMessage

func (m rawMeta) meta() mcp.Meta {
	if m == nil {
		return nil
	}
	out := make(mcp.Meta, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

type rawBlock struct {
	Meta     rawMeta `json:"_meta"`
	Resource *struct {
		Meta rawMeta `json:"_meta"`
	} `json:"resource"`
}
