package check_test

import (
	"encoding/json"
	"fmt"

	"github.com/mcpresult/mcpresult/check"
)

// A tool declares an output schema and its result, as a server sent it to
// a 2025-11-25 client, has no structured content and a text that leaks a
// connection string.
func ExampleCheckToolCall() {
	findings := check.CheckToolCall(check.ToolCall{
		Revision: "2025-11-25",
		Tool: check.Tool{
			Name:         "report",
			InputSchema:  json.RawMessage(`{"type":"object"}`),
			OutputSchema: json.RawMessage(`{"type":"object","properties":{"rows":{"type":"integer"}},"required":["rows"]}`),
		},
		Arguments: json.RawMessage(`{}`),
		ArgsValid: true,
		Result:    json.RawMessage(`{"content":[{"type":"text","text":"rows: 3 (from postgres://app:s3cret@db.internal/sales)"}],"isError":false}`),
	})
	for _, f := range findings {
		if f.Severity != check.Info {
			fmt.Printf("%s %s at %q\n", f.Severity, f.Code, f.Path)
		}
	}
	// Output:
	// error output_schema_no_structured_content at ""
	// warning error_leaks_connection_string at "/content/0/text"
}
