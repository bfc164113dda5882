package main

import (
	"strings"
	"testing"
)

// The table from fixed lines: medians of the runs, the Node rows beside
// their baselines, and "–" where a figure is missing. No timing is checked
// anywhere: the numbers are the fixture's.
func TestTable(t *testing.T) {
	goOut := `goos: linux
BenchmarkBuildSmallTool-2   	  338120	      3000 ns/op	    3200 B/op	      17 allocs/op
BenchmarkBuildSmallTool-2   	  338120	      3400 ns/op	    3200 B/op	      17 allocs/op
BenchmarkBuildSmallTool-2   	  338120	      3200 ns/op	    3200 B/op	      17 allocs/op
BenchmarkModuleBuildSmallTool-2	4527	    32000 ns/op
BenchmarkBuildSmallToolOptions-2	  400000	      2000 ns/op	    1500 B/op	       9 allocs/op
BenchmarkBuildSmallToolOptions-2	  400000	      2100 ns/op	    1500 B/op	       9 allocs/op
BenchmarkBuildSmallToolOptions-2	  400000	      1900 ns/op	    1500 B/op	       9 allocs/op
BenchmarkBuildSerializeText100KB-2	    5000	    100000 ns/op	 989.77 MB/s	  218432 B/op	       4 allocs/op
PASS
pkg: github.com/mcpresult/mcpresult/tools/peerbench
BenchmarkPeerGoSDKSmallTool-2   	  300000	      4000 ns/op	    1200 B/op	      25 allocs/op
BenchmarkPeerGoSDKSmallTool-2   	  300000	      5000 ns/op	    1200 B/op	      25 allocs/op
BenchmarkPeerGoSDKSmallTool-2   	  300000	      3000 ns/op	    1200 B/op	      25 allocs/op
BenchmarkPeerMcpGoSmallTool-2   	  200000	      8000 ns/op	    1700 B/op	      31 allocs/op
BenchmarkPeerGoSDKText100KB-2   	    1000	    350000 ns/op	 282.79 MB/s	  327680 B/op	       8 allocs/op
PASS
`
	nodeOut := `node: v20.20.2
# a comment
BenchmarkNodeFirstResult/first	1	48000000	ns/op	4000000	ns-import	36000000	ns-load	12000000	ns-call	181000000	ns-process
BenchmarkNodeFirstResult/spawn	1	30000000	ns/op	4000000	ns-import	25000000	ns-load	5000000	ns-call	150000000	ns-process
BenchmarkNodeFirstResult/spawn	1	31000000	ns/op	4000000	ns-import	26000000	ns-load	5000000	ns-call	150000000	ns-process
BenchmarkNodeInstanceMemory	1	2.5625	MiB-init	4.5	MiB-100KB
BenchmarkNodeToolSmall	666	50000	ns/op
BenchmarkNodeToolSmall	666	40000	ns/op
BenchmarkNodeToolSmall	666	45000	ns/op
BenchmarkNodeBaselineSmall	13794	3000	ns/op
BenchmarkCodecEncode/small/package	36720	800	ns/op
BenchmarkCodecEncode/small/msgpackr	33154	1600	ns/op
BenchmarkCodecEncode/small/msgpack	11128	2000	ns/op
BenchmarkCodecEncode/small/msgpackKept	24430	1000	ns/op
`
	b := newBench()
	b.read(strings.NewReader(goOut))
	b.read(strings.NewReader(nodeOut))
	var w strings.Builder
	b.goRows(&w, "m.wasm", 10, 5, 2520000, 726000)
	b.nodeRows(&w)
	b.peerRows(&w)
	out := w.String()
	for _, want := range []string{
		"| ≤ 2,520,000 B, ≤ 726,000 B (gzip -9) |",
		"| small tool result (~200 B request), build | 3.2 µs | 32.0 µs | 10.0× | ≤ 15 µs, ≤ 6× |",
		"| Node v20.20.2, small tool result end to end, `mcp.tool` (baseline: pure JS: build, `JSON.stringify`, SDK `CallToolResultSchema.parse`) | 3.00 µs | 45.0 µs | 15.0× | ≤ 10 µs, ≤ 2.5× |",
		"(median of 3 spawns; the run's first spawn) | | 31.00 ms (first 48.00 ms) | | ≤ 40 ms |",
		"| | 2.6 / 4.5 MiB | | ≤ 4 MiB after init |",
		"| 1.60 µs / 2.00 µs / 1.00 µs | 0.80 µs | 0.50× / 0.40× / 0.80× | |",
		"100 KB text result end to end, `mcp.tool` + `mcp.serialize` (the same baseline) | – | – | – | ≤ 1.3× |",
		"| figure (beside the peer Go SDKs) | mcpresult | official Go SDK | mcp-go | ratio(s) | budget |",
		"| 2.00 µs, 9 allocs, 1500 B | 4.00 µs, 25 allocs, 1200 B | 8.00 µs, 31 allocs, 1700 B | mcpresult ÷ Go SDK / ÷ mcp-go: 0.50× / 0.25× | ≤ 1.0× the Go SDK, ≤ 10 allocs |",
		"build + write (109255 B of JSON; B/op is all an op allocates) | 100.0 µs, 4 allocs, 213.3 KiB (2.0× the output) | 350.0 µs, 8 allocs, 320.0 KiB (3.0× the output) | – | Go SDK / mcp-go ÷ mcpresult: 3.50× / – | ≥ 3× faster than both, peak memory ≤ 3× the output |",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the table has no %q:\n%s", want, out)
		}
	}
	if got := strings.Count(out, "\n"); got != 2+8+11+5 {
		t.Errorf("the tables have %d lines, want %d:\n%s", got, 2+8+11+5, out)
	}
}

// Without the peers' benchmarks (tools/peerbench not run), their cells
// and ratios are "–", and so are mcpresult's when result's did not run.
func TestPeerRowsMissing(t *testing.T) {
	b := newBench()
	b.read(strings.NewReader("BenchmarkBuildSmallToolOptions-2	  400000	      2000 ns/op\n"))
	var w strings.Builder
	b.peerRows(&w)
	for _, want := range []string{
		"| 2.00 µs | – | – | mcpresult ÷ Go SDK / ÷ mcp-go: – / – |",
		"B/op is all an op allocates) | – | – | – | Go SDK / mcp-go ÷ mcpresult: – / – |",
	} {
		if !strings.Contains(w.String(), want) {
			t.Errorf("the table has no %q:\n%s", want, w.String())
		}
	}
}
