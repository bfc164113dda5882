package content_test

import (
	"fmt"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/result"
)

// show builds a tool result of the blocks and prints its JSON or its error.
func show(blocks ...content.Block) {
	r, err := result.Tool(result.Content(blocks...))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r)
}

func ExampleText() {
	show(content.Text("Done.", content.WithAnnotations(content.Annotations{
		Audience: []content.Role{content.User},
		Priority: content.Priority(0.5),
	})))
	// Output:
	// {"content":[{"type":"text","text":"Done.","annotations":{"audience":["user"],"priority":0.5}}],"isError":false}
}

func ExampleImage() {
	show(content.Image("iVBORw0KGgo=", "image/png"))
	show(content.Image("data:image/png;base64,iVBORw0KGgo=", "image/png"))
	// Output:
	// {"content":[{"type":"image","data":"iVBORw0KGgo=","mimeType":"image/png"}],"isError":false}
	// mcpresult: invalid_base64 at /content/0/data: a data: URI is not base64; pass only the base64 payload after the comma, and the media type separately
}

func ExampleImageBytes() {
	show(content.ImageBytes([]byte{0x89, 'P', 'N', 'G'}, "image/png"))
	// Output:
	// {"content":[{"type":"image","data":"iVBORw==","mimeType":"image/png"}],"isError":false}
}

func ExampleAudio() {
	show(content.Audio("UklGRg==", "audio/wav"))
	show(content.Audio("UklGRg==", "image/png"))
	// Output:
	// {"content":[{"type":"audio","data":"UklGRg==","mimeType":"audio/wav"}],"isError":false}
	// mcpresult: invalid_mime_type at /content/0/mimeType: media type must be audio/*
}

func ExampleResourceLink() {
	show(content.ResourceLink("file:///srv/report.pdf", "report.pdf",
		content.WithTitle("Quarterly report"),
		content.WithMIMEType("application/pdf"),
		content.WithSize(48213),
		content.WithIcons(content.Icon{Src: "https://example.com/pdf.png", Sizes: []string{"48x48"}}),
	))
	show(content.ResourceLink("https://user:secret@example.com/x", "x"))
	// Output:
	// {"content":[{"type":"resource_link","uri":"file:///srv/report.pdf","name":"report.pdf","title":"Quarterly report","mimeType":"application/pdf","size":48213,"icons":[{"src":"https://example.com/pdf.png","sizes":["48x48"]}]}],"isError":false}
	// mcpresult: invalid_uri at /content/0/uri: URI must not carry a password in its user-info
}

func ExampleEmbeddedResource() {
	show(content.EmbeddedResource(content.TextResource("file:///notes.md", "# Notes", content.WithMIMEType("text/markdown"))))
	show(content.EmbeddedResource(content.BlobResourceBytes("file:///logo.bin", []byte{1, 2, 3})))
	// Output:
	// {"content":[{"type":"resource","resource":{"uri":"file:///notes.md","mimeType":"text/markdown","text":"# Notes"}}],"isError":false}
	// {"content":[{"type":"resource","resource":{"uri":"file:///logo.bin","blob":"AQID"}}],"isError":false}
}

func ExampleWithMeta() {
	show(content.Text("hi", content.WithMeta(map[string]any{"com.example/trace": "abc"})))
	show(content.Text("hi", content.WithMeta(map[string]any{"io.modelcontextprotocol/x": 1})))
	// Output:
	// {"content":[{"type":"text","text":"hi","_meta":{"com.example/trace":"abc"}}],"isError":false}
	// mcpresult: reserved_meta_key at /content/0/_meta/io.modelcontextprotocol~1x: keys with a second prefix label of "modelcontextprotocol" or "mcp" are reserved for MCP
}

func ExampleParseJSON() {
	v, err := content.ParseJSON([]byte(`{"b":1,"a":2.5,"b":3}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(v.Len(), v.Member(0).Key.Str(), v.Member(1).Value.Kind() == content.KindFloat)
	// Output:
	// 3 b true
}

// A key's control characters are escaped where an error prints its path;
// Path keeps the exact JSON Pointer.
func ExamplePrintablePath() {
	err := content.NewError(content.CodeInvalidUTF8, "/structuredContent/a\x1b[2Jb\u202e", "string is not valid UTF-8")
	fmt.Println(err)
	fmt.Printf("%q\n", err.Path)
	// Output:
	// mcpresult: invalid_utf8 at /structuredContent/a\u001b[2Jb\u202e: string is not valid UTF-8
	// "/structuredContent/a\x1b[2Jb\u202e"
}
