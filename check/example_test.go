package check_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/mcpresult/mcpresult/check"
	"github.com/modelcontextprotocol/go-sdk/mcp"
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

// A server built with the official Go SDK, checked in-process over the
// SDK's in-memory transport: Run calls Options.Transport once per protocol
// revision, so each call makes a new pair of transports and connects the
// server to one end. The tool lookup fails with an error that names a file
// of the server; and the SDK sends the structured content of add to clients
// of revisions that have no such field, with its JSON in a text block: they
// lose nothing, and the finding is info.
func ExampleRun() {
	server := mcp.NewServer(&mcp.Implementation{Name: "calc", Version: "1.0.0"}, nil)
	type sumIn struct {
		A int `json:"a"`
		B int `json:"b"`
	}
	type sumOut struct {
		Sum int `json:"sum"`
	}
	mcp.AddTool(server, &mcp.Tool{Name: "add", Description: "Adds two integers."},
		func(ctx context.Context, req *mcp.CallToolRequest, in sumIn) (*mcp.CallToolResult, sumOut, error) {
			return nil, sumOut{Sum: in.A + in.B}, nil
		})
	type lookupIn struct {
		User string `json:"user"`
	}
	mcp.AddTool(server, &mcp.Tool{Name: "lookup", Description: "Finds a user."},
		func(ctx context.Context, req *mcp.CallToolRequest, in lookupIn) (*mcp.CallToolResult, any, error) {
			return nil, nil, errors.New("open /srv/calc/data/users.db: no such file or directory")
		})

	ctx := context.Background()
	report, err := check.Run(ctx, check.Options{
		Transport: func() mcp.Transport {
			serverEnd, clientEnd := mcp.NewInMemoryTransports()
			if _, err := server.Connect(ctx, serverEnd, nil); err != nil {
				panic(err)
			}
			return clientEnd
		},
	})
	if err != nil {
		panic(err)
	}
	for _, rev := range report.Revisions {
		fmt.Println(rev.Revision, rev.Status)
		for _, tool := range rev.Tools {
			for _, call := range tool.Calls {
				fmt.Printf("  %s: %s\n", tool.Name, call.Outcome)
				for _, f := range call.Findings {
					if f.Code != check.CodeResultSize && f.Code != check.CodeResultTokens {
						fmt.Printf("    %s %s at %q\n", f.Severity, f.Code, f.Path)
					}
				}
			}
		}
	}
	fmt.Printf("errors %d, warnings %d, failed %t\n", report.Totals.Errors, report.Totals.Warnings, report.Failed())
	// Output:
	// 2024-11-05 checked
	//   add: result
	//     info field_not_in_revision at "/structuredContent"
	//   lookup: tool_error
	//     warning error_leaks_path at "/content/0/text"
	// 2025-03-26 checked
	//   add: result
	//     info field_not_in_revision at "/structuredContent"
	//   lookup: tool_error
	//     warning error_leaks_path at "/content/0/text"
	// 2025-06-18 checked
	//   add: result
	//   lookup: tool_error
	//     warning error_leaks_path at "/content/0/text"
	// 2025-11-25 checked
	//   add: result
	//   lookup: tool_error
	//     warning error_leaks_path at "/content/0/text"
	// 2026-07-28 checked
	//   add: result
	//   lookup: tool_error
	//     warning error_leaks_path at "/content/0/text"
	// errors 0, warnings 5, failed false
}
