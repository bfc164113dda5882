// Package sdkproof proves, with clients no one here wrote, that MCP servers
// built on an official SDK and mcpresult's adapter write every result as
// the client's protocol revision defines it. Its tests start each server
// of a list as a stdio command and, with the official Go SDK's client and
// with a raw JSON-RPC client, negotiate every revision (2024-11-05 to
// 2026-07-28); every tools/list, tools/call and resources/read result must
// validate against the official JSON Schema of the negotiated revision
// (testdata/mcp-schemas), structured content must match the output schema
// the same session listed, a revision without structured content and
// output schemas must get neither, and no private detail of a failing
// handler may reach the client. Then mcpresult check (package check) must
// find no error at any revision.
//
// The servers are the Go quick start (examples/quickstart), built
// once by the test, and any stdio command given with -sdkproof.server:
//
//	go test ./internal/sdkproof
//	go test ./internal/sdkproof -args -sdkproof.server='node js/examples/server.mjs' -sdkproof.upto=2025-11-25
//
// (-sdkproof.upto: the newest revision the server speaks; the official
// TypeScript SDK 1.x stops at 2025-11-25.)
//
// It has no API: it is the tests.
package sdkproof
