package result_test

import (
	"fmt"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/result"
)

func ExampleTool() {
	r, err := result.Tool(
		result.Content(content.Text("Generated the plot."), content.Image("iVBORw0KGgo=", "image/png")),
		result.Meta(map[string]any{"com.example/elapsedMs": 12}),
	)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r)
	// Output:
	// {"content":[{"type":"text","text":"Generated the plot."},{"type":"image","data":"iVBORw0KGgo=","mimeType":"image/png"}],"isError":false,"_meta":{"com.example/elapsedMs":12}}
}

func ExampleTool_fallback() {
	// Without content, the structured content is copied into one text block.
	r, _ := result.Tool(result.StructuredContent(map[string]any{"ok": true, "count": 2}))
	fmt.Println(r)

	// An explicit empty list suppresses the fallback and is invalid.
	_, err := result.Tool(result.Content(), result.StructuredContent(map[string]any{"ok": true}))
	fmt.Println(err)
	// Output:
	// {"content":[{"type":"text","text":"{\"count\":2,\"ok\":true}"}],"structuredContent":{"count":2,"ok":true},"isError":false}
	// mcpresult: content_required at /content: an empty content list is not a tool result (omit content to get a text fallback of structuredContent)
}

func ExampleTool_canonicalization() {
	type point struct {
		X, Y int
	}
	_, err := result.Tool(result.StructuredContent(point{1, 2}))
	fmt.Println(err)
	r, _ := result.Tool(result.StructuredContent(point{1, 2}), result.WithCanonicalization(content.JSON))
	fmt.Println(r)
	// Output:
	// mcpresult: unsupported_value at /structuredContent: Go structs, pointers and JSON marshalers need canonicalization "json"
	// {"content":[{"type":"text","text":"{\"X\":1,\"Y\":2}"}],"structuredContent":{"X":1,"Y":2},"isError":false}
}

func ExampleTool_budget() {
	big := make([]byte, 600)
	for i := range big {
		big[i] = 'a'
	}
	_, err := result.Tool(result.Content(content.Text(string(big))), result.MaxJSONBytes(512))
	fmt.Println(err)
	// Output:
	// mcpresult: max_bytes at "": the result is more than maxJsonBytes (512) bytes of JSON
}

func ExampleResource() {
	r, err := result.Resource(result.Contents(
		content.TextResource("file:///README.md", "# Hello", content.WithMIMEType("text/markdown")),
	))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r)
	// Output:
	// {"contents":[{"uri":"file:///README.md","mimeType":"text/markdown","text":"# Hello"}]}
}

func ExampleNewClientError() {
	ce, err := result.NewClientError("City not found.", "weather.not_found")
	if err != nil {
		fmt.Println(err)
		return
	}
	r, _ := ce.Result()
	fmt.Println(r)
	// Output:
	// {"content":[{"type":"text","text":"City not found."}],"isError":true,"_meta":{"io.github.mcpresult/errorCode":"weather.not_found"}}
}

func ExampleValue() {
	r, _ := result.FromValue("plain text")
	fmt.Println(r)
	r, _ = result.FromValue([]any{1, "two", 3.5})
	fmt.Println(r)
	// Output:
	// {"content":[{"type":"text","text":"plain text"}],"isError":false}
	// {"content":[{"type":"text","text":"[1,\"two\",3.5]"}],"isError":false}
}

func ExampleBuild() {
	req, _ := content.ParseJSON([]byte(`{"content":[{"type":"text","text":"hi"},{"type":"image","data":"iVBORw0KGgo=","mimetype":"image/png"}]}`))
	_, err := result.Build(result.KindTool, req, result.BuildOptions{})
	fmt.Println(err)
	// Output:
	// mcpresult: unknown_field at /content/1/mimetype: unknown field of image block (did you mean "mimeType"?)
}

func ExampleSerialize() {
	r, _ := result.Tool(
		result.Content(content.Text("3 rows")),
		result.StructuredContent([]any{1, 2, 3}),
	)
	for _, v := range []string{result.V20260728, result.V20251125, result.V20250326} {
		b, _ := result.Serialize(r, result.SerializeOptions{ProtocolVersion: v})
		fmt.Println(v, string(b))
	}
	b, _ := result.Serialize(r, result.SerializeOptions{
		Finalize: &result.Finalize{ServerInfo: &result.Implementation{Name: "rows", Version: "1.0.0"}},
		Format:   content.JCS,
	})
	fmt.Println(string(b))
	// Output:
	// 2026-07-28 {"content":[{"type":"text","text":"3 rows"}],"structuredContent":[1,2,3],"isError":false}
	// 2025-11-25 {"content":[{"type":"text","text":"3 rows"}],"structuredContent":{"result":[1,2,3]},"isError":false}
	// 2025-03-26 {"content":[{"type":"text","text":"3 rows"},{"type":"text","text":"[1,2,3]"}],"isError":false}
	// {"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"rows","version":"1.0.0"}},"content":[{"text":"3 rows","type":"text"}],"isError":false,"resultType":"complete","structuredContent":[1,2,3]}
}

func ExampleValidate() {
	v, _ := content.ParseJSON([]byte(`{
		"content": [{"type": "image", "data": "data:image/png;base64,AA==", "mimeType": "png"}],
		"structuredContent": [1, 2]
	}`))
	rep, _ := result.Validate(v, result.ValidateOptions{Kind: result.KindTool, ProtocolVersion: result.V20250618})
	fmt.Println("valid:", rep.Valid)
	for _, e := range rep.Errors {
		fmt.Println(" ", e.Code, e.Path)
	}
	for _, w := range rep.Warnings {
		fmt.Println("  warning:", w.Code, w.Path)
	}
	// Output:
	// valid: false
	//   invalid_base64 /content/0/data
	//   invalid_mime_type /content/0/mimeType
	//   invalid_type /structuredContent
}
