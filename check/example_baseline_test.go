package check

import (
	"encoding/json"
	"fmt"
	"os"
	"time"
)

// A run's errors and warnings as a baseline file, and the text report of
// the run with the command that makes each exchange again.
func ExampleReport_Baseline() {
	rep := &Report{Target: "node server.mjs", Revisions: []*RevisionReport{{
		Revision: "2025-06-18", Status: StatusChecked, Negotiated: "2025-06-18", Duration: 40 * time.Millisecond,
		Tools: []*ToolReport{{Name: "search", Calls: []*CallReport{{
			Arguments: json.RawMessage(`{"query":"a"}`), ArgsValid: true, Source: SourceGenerated, Outcome: OutcomeResult, Duration: 12 * time.Millisecond,
			Findings: []Finding{{Severity: Error, Code: CodeOutputSchemaMismatch, Path: "/structuredContent/items/0",
				Message: "structuredContent does not validate against the tool's outputSchema"}},
			Rerun: []string{"--stdio", "node server.mjs", "--protocol", "2025-06-18", "--only", "tool:search"},
		}}}},
		Resources: []*ResourceReport{{
			URI: "file:///logs/app.log", Outcome: OutcomeRPCError, RPCError: &RPCError{Code: -32603, Message: "open /srv/app/logs/app.log: permission denied"},
			Duration: 3 * time.Millisecond,
			Findings: []Finding{{Severity: Warning, Code: CodeErrorLeaksPath, Path: "/error/message",
				Message: "the JSON-RPC error's message contains what looks like an absolute Unix path"}},
			Rerun: []string{"--stdio", "node server.mjs", "--protocol", "2025-06-18", "--only", "resource:file:///logs/app.log"},
		}},
	}}}
	rep.finish([]string{"2025-06-18"}, 50*time.Millisecond)
	data, err := rep.Baseline().Marshal()
	if err != nil {
		fmt.Println(err)
		return
	}
	os.Stdout.Write(data)
	rep.WriteText(os.Stdout, false)
	// Output:
	// {
	//   "version": 1,
	//   "findings": [
	//     {
	//       "revision": "2025-06-18",
	//       "tool": "search",
	//       "code": "output_schema_mismatch",
	//       "path": "/structuredContent/items/0",
	//       "severity": "error",
	//       "count": 1
	//     },
	//     {
	//       "revision": "2025-06-18",
	//       "resource": "file:///logs/app.log",
	//       "code": "error_leaks_path",
	//       "path": "/error/message",
	//       "severity": "warning",
	//       "count": 1
	//     }
	//   ]
	// }
	// mcpresult check  node server.mjs
	//
	// 2025-06-18  1 tool, 1 call, 1 resource  40ms
	//   tool search
	//     call 1  {"query":"a"}  generated  result  12ms
	//       error   output_schema_mismatch at /structuredContent/items/0: structuredContent does not validate against the tool's outputSchema
	//       rerun:  mcpresult check --stdio 'node server.mjs' --protocol 2025-06-18 --only tool:search
	//   resource file:///logs/app.log  JSON-RPC error -32603  3ms
	//     warning error_leaks_path at /error/message: the JSON-RPC error's message contains what looks like an absolute Unix path
	//     rerun:  mcpresult check --stdio 'node server.mjs' --protocol 2025-06-18 --only resource:file:///logs/app.log
	//
	// summary: 1 revision checked; 1 tool call, 1 resource read; 1 error, 1 warning, 0 info (50ms)
}
