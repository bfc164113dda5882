// Package peerbench measures the two peer Go SDKs on the results that
// result/bench_test.go measures mcpresult on, so that make bench prints them
// side by side in the performance table:
//
//   - a small tool result (one text block and four members of structured
//     content, the map built once outside the loop), built and written with
//     json.Marshal: the official Go SDK (github.com/modelcontextprotocol/go-sdk,
//     a CallToolResult literal) beside result.Tool + JSON
//     (BenchmarkBuildSmallToolOptions), and mcp-go
//     (github.com/mark3labs/mcp-go, NewToolResultStructured) beside the same;
//   - a tool result of one 100 KB text block, built and written with
//     json.Marshal by each SDK, beside result.Build + result.Serialize
//     (BenchmarkBuildSerializeText100KB);
//   - the official Go SDK alone on three more shapes (BenchmarkPeerGoSDKShape:
//     the README's weather result, a tool result with nested structured
//     content, a resource result of one text entry), the requests that
//     result's BenchmarkShape and host's BenchmarkModuleShape build.
//
// TestPeersWriteTheSameResult checks that each peer writes what mcpresult
// writes for the same input, compared as decoded JSON values, so that the
// benchmarks measure equivalent work. Two members differ and are left out
// of the comparison: mcpresult always writes "isError": false, which both
// peers omit when false; and the 100 KB benchmark of mcpresult finalizes
// the result for 2026-07-28, adding "resultType": "complete", which the
// official Go SDK adds only when its server sends the result and mcp-go only
// when the caller sets it. The official Go SDK also writes a resource
// result's "ttlMs": 0 and "cacheScope": "" when they are unset, which
// mcpresult leaves out; they are left out of the comparison too. Neither peer checks what it writes (the budget,
// the content blocks, the structured content) as mcpresult does: that
// checking is part of what mcpresult's figures measure.
//
// It is a module of its own so that the library's go.mod does not require
// mcp-go, which the library never imports; its replace directive builds
// against this checkout of mcpresult.
package peerbench
