package result_test

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/result"
)

// A tour of the package: content blocks, structured content with its text
// fallback, a result written for the revision a client speaks, an error
// with its code and place, and a result someone else built, checked.
func Example_quickStart() {
	// Content blocks, kept exactly as given.
	r, err := result.Tool(result.Content(
		content.Text("Generated the plot."),
		content.Image("iVBORw0KGgo=", "image/png"),
		content.ResourceLink("file:///srv/plot.svg", "plot.svg", content.WithMIMEType("image/svg+xml")),
	))
	if err != nil {
		panic(err)
	}
	fmt.Println(string(r.JSON()))

	// Structured content, with the text fallback made for you.
	r, err = result.Tool(result.StructuredContent(map[string]any{"ok": true, "count": 2}))
	if err != nil {
		panic(err)
	}
	fmt.Println(string(r.JSON()))

	// Written for the revision the client negotiated: 2025-03-26 has no
	// structuredContent, so its client gets the data as text.
	b, err := result.Serialize(r, result.SerializeOptions{ProtocolVersion: "2025-03-26"})
	if err != nil {
		panic(err)
	}
	fmt.Println(string(b))

	// An error has a stable code and a JSON Pointer to the place, and its
	// message never repeats the rejected value.
	_, err = result.Tool(result.Content(content.Image("data:image/png;base64,AA==", "image/png")))
	fmt.Println(err)
	fmt.Println(errors.Is(err, content.CodeInvalidBase64))

	// A result someone else built, checked with every finding at once; what
	// the official schemas accept but looks wrong is a warning.
	var m map[string]any
	_ = json.Unmarshal([]byte(`{"content":[],"structuredContent":{"ok":true},"isError":false}`), &m)
	rep, err := result.Validate(m, result.ValidateOptions{ProtocolVersion: "2025-06-18"})
	if err != nil {
		panic(err)
	}
	fmt.Println(rep.Valid, len(rep.Errors), rep.Warnings[0].Code)
	// Output:
	// {"content":[{"type":"text","text":"Generated the plot."},{"type":"image","data":"iVBORw0KGgo=","mimeType":"image/png"},{"type":"resource_link","uri":"file:///srv/plot.svg","name":"plot.svg","mimeType":"image/svg+xml"}],"isError":false}
	// {"content":[{"type":"text","text":"{\"count\":2,\"ok\":true}"}],"structuredContent":{"count":2,"ok":true},"isError":false}
	// {"content":[{"type":"text","text":"{\"count\":2,\"ok\":true}"}],"isError":false}
	// mcpresult: invalid_base64 at /content/0/data: a data: URI is not base64; pass only the base64 payload after the comma, and the media type separately
	// true
	// true 0 empty_content
}
