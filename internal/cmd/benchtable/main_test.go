package main

import (
	"strings"
	"testing"
)

// The tables from fixed lines: medians of the runs, each figure beside
// what it is measured against with its ratio, the shapes, the Node rows
// beside their baselines, the round trips, and "–" where a figure is
// missing; no table judges a figure (no budget, no verdict) but the round
// trips' and the Python table (TestPythonRows), which say whether each
// budget is met. No timing is checked
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
BenchmarkShape/nested-2	  500000	      2000 ns/op	     544 B/op	       3 allocs/op
PASS
pkg: github.com/mcpresult/mcpresult/host
BenchmarkModuleThroughput-2	  100000	     16000 ns/op	    120000 calls/s
BenchmarkModuleShape/nested-2	  80000	     15000 ns/op
BenchmarkFirstResult/cold-2	       2	 700000000 ns/op
BenchmarkFirstResult/warm-2	      40	  30000000 ns/op
PASS
pkg: github.com/mcpresult/mcpresult/sdk
BenchmarkGoSDKRoundTrip/100KB/plain-2	1000	1000000 ns/op
BenchmarkGoSDKRoundTrip/100KB/adapted-2	1000	2000000 ns/op
PASS
pkg: github.com/mcpresult/mcpresult/tools/peerbench
BenchmarkPeerGoSDKSmallTool-2   	  300000	      4000 ns/op	    1200 B/op	      25 allocs/op
BenchmarkPeerGoSDKSmallTool-2   	  300000	      5000 ns/op	    1200 B/op	      25 allocs/op
BenchmarkPeerGoSDKSmallTool-2   	  300000	      3000 ns/op	    1200 B/op	      25 allocs/op
BenchmarkPeerMcpGoSmallTool-2   	  200000	      8000 ns/op	    1700 B/op	      31 allocs/op
BenchmarkPeerGoSDKText100KB-2   	    1000	    350000 ns/op	 282.79 MB/s	  327680 B/op	       8 allocs/op
BenchmarkPeerGoSDKShape/nested-2	  300000	      6000 ns/op
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
BenchmarkNodeToolSmallAfterWork	300	90000	ns/op
BenchmarkNodeBaselineSmallAfterWork	300	6000	ns/op
BenchmarkNodeShape/nested	1000	4000	ns/op
BenchmarkNodeShapeBaseline/nested	1000	2000	ns/op
BenchmarkCodecEncode/small/package	36720	800	ns/op
BenchmarkCodecEncode/small/msgpackr	33154	1600	ns/op
BenchmarkCodecEncode/small/msgpack	11128	2000	ns/op
BenchmarkCodecEncode/small/msgpackKept	24430	1000	ns/op
`
	tripOut := `node: v20.20.2
sdk: 1.32.2
server: 2.4.0
client: 2.4.0
BenchmarkRoundTrip/sdk1/inproc/small/plain	400	100000	ns/op
BenchmarkRoundTrip/sdk1/inproc/small/tool	400	110000	ns/op
BenchmarkRoundTrip/sdk1/inproc/small/adapted	400	125000	ns/op
BenchmarkRoundTrip/sdk1/inproc/100KB/plain	60	1000000	ns/op
BenchmarkRoundTrip/sdk1/inproc/100KB/tool	60	1200000	ns/op
BenchmarkRoundTrip/sdk1/inproc/100KB/adapted	60	2000000	ns/op
BenchmarkRoundTrip/sdk1/stdio/small/plain	400	300000	ns/op
BenchmarkRoundTrip/sdk1/stdio/small/adapted	400	450000	ns/op
BenchmarkRoundTrip/sdk2/inproc/small/plain	400	100000	ns/op
BenchmarkRoundTrip/sdk2/inproc/small/adapted	400	131000	ns/op
`
	b := newBench()
	b.read(strings.NewReader(goOut))
	b.read(strings.NewReader(nodeOut))
	b.read(strings.NewReader(tripOut))
	var w strings.Builder
	b.mainRows(&w, "m.wasm", 2_400_000, 730_000, "gzip -9", 2520000, 726000)
	b.shapeRows(&w)
	b.detailRows(&w)
	b.nodeRows(&w)
	b.peerRows(&w)
	out := w.String()
	var rt strings.Builder
	b.roundTripRows(&rt)
	trips := rt.String()
	for _, want := range []string{
		"| module size (m.wasm) (`make check-wasm` fails past 2,520,000 B, 726,000 B) | 2,400,000 B raw, 730,000 B gzip -9 | | |",
		"| wazero, small tool result (~200 B request), build with `Host.Call` | 32.0 µs | official Go SDK, `CallToolResult` + `json.Marshal`: 4.00 µs | 8.00× |",
		"| wazero, 100 KB text result, build + serialize | – | official Go SDK, `json.Marshal`: 350.0 µs | – |",
		"| wazero, throughput, small results, all cores (GOMAXPROCS 2) | 120,000 calls/s | | |",
		"| Node v20.20.2, small tool result, `mcp.tool` | 45.0 µs | pure JS (build, `JSON.stringify`, SDK `CallToolResultSchema.parse`): 3.00 µs | 15.00× |",
		"(median of 3 spawns; the run's first spawn: 48.00 ms) | 31.00 ms | | |",
		"| wazero, first result in a new `Host`, compilation cache warm (cold: 700.00 ms) | 30.00 ms | | |",
		"| Node v20.20.2, instance memory after its first call / after a 100 KB call (a new instance) | 2.6 / 4.5 MiB | | |",
		"| wazero, instance memory after its first call / after a 100 KB call (a new instance) | – / – MiB | | |",
		"| small tool result (~200 B request: one text block, four members of structured content) | 3.20 µs | 4.00 µs | 32.0 µs | 8.00× | 45.0 µs | 3.00 µs | 15.00× |",
		"| small, nested (one text block; structured content with an array and a boolean) | 2.00 µs | 6.00 µs | 15.0 µs | 2.50× | 4.00 µs | 2.00 µs | 2.00× |",
		"| resource result, one text contents entry | – | – | – | – | – | – | – |",
		"| small tool result (~200 B request), build, wazero beside native | 3.20 µs | 32.0 µs | 10.0× |",
		"| 100 KB text result, build + serialize, wazero beside native | 100.0 µs | – | – |",
		"| 1.60 µs / 2.00 µs / 1.00 µs | 0.80 µs | 0.50× / 0.40× / 0.80× |",
		"each call after other JavaScript work (caches cold, as in a server) | 6.00 µs | 90.0 µs | 15.0× |",
		"| figure (beside the peer Go SDKs) | mcpresult | official Go SDK | mcp-go | ratio(s) |",
		"| 2.00 µs, 9 allocs, 1500 B | 4.00 µs, 25 allocs, 1200 B | 8.00 µs, 31 allocs, 1700 B | mcpresult ÷ Go SDK / ÷ mcp-go: 0.50× / 0.25× |",
		"build + write (109255 B of JSON; B/op is all an op allocates) | 100.0 µs, 4 allocs, 213.3 KiB (2.0× the output) | 350.0 µs, 8 allocs, 320.0 KiB (3.0× the output) | – | Go SDK / mcp-go ÷ mcpresult: 3.50× / – |",
		// the round trips: both lines, both transports, both shapes, the Go
		// SDK's, and the budgets judged in one process only
		"| TypeScript SDK 1.32.2, in one process, JSON | weather result | 100.0 µs | 110.0 µs | 125.0 µs | 1.10× / 1.25× | ≤ +30%: met (+25%) |",
		"| TypeScript SDK 1.32.2, in one process, JSON | 100 KB of text | 1.00 ms | 1.20 ms | 2.00 ms | 1.20× / 2.00× | ≤ +60%: missed by 40 points (+100%) |",
		"| TypeScript SDK 1.32.2, over stdio | weather result | 300.0 µs | – | 450.0 µs | – / 1.50× |  |",
		"| TypeScript SDK 2.4.0, in one process, JSON | weather result | 100.0 µs | – | 131.0 µs | – / 1.31× | ≤ +30%: missed by 1 point (+31%) |",
		"| TypeScript SDK 2.4.0, in one process, JSON | 100 KB of text | – | – | – | – / – | ≤ +60%: – |",
		"| Go SDK, in memory (`mcp.AddTool` / `sdk.AddTool`) | 100 KB of text | 1.00 ms | | 2.00 ms | 2.00× | |",
	} {
		if !strings.Contains(out+trips, want) {
			t.Errorf("the tables have no %q:\n%s%s", want, out, trips)
		}
	}
	if got, want := strings.Count(trips, "\n"), 1+2+8+2; got != want {
		t.Errorf("the round-trip table has %d lines, want %d:\n%s", got, want, trips)
	}
	// no other table judges a figure
	for _, judged := range []string{"budget", "verdict", ": met", "missed by", "≤", "≥"} {
		if strings.Contains(out, judged) {
			t.Errorf("the tables say %q: they give figures beside their peers, and judge none:\n%s", judged, out)
		}
	}
	// the main figures, shapes, details (with the Node ones and the
	// codecs), peers: each a header, a rule and its rows, the last three
	// after an empty line
	if got, want := strings.Count(out, "\n"), (2+11)+(1+2+5)+(1+2+4+4+4)+(1+2+2); got != want {
		t.Errorf("the tables have %d lines, want %d:\n%s", got, want, out)
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

// The Python table from fixed lines: each figure beside the official
// Python SDK's with its ratio and its budget met or missed, the figures
// without refs, a small call's parts, and the first result in a new
// process, cached (judged) and cold (reported); "–" where a figure is
// missing. The numbers are the fixture's.
func TestPythonRows(t *testing.T) {
	pyOut := `python: CPython 3.11.7
wasmtime: 50.0.1
pysdk: 2.3.0
BenchmarkPythonToolWeather	100	40000	ns/op
BenchmarkPythonToolWeather	100	44000	ns/op
BenchmarkPythonToolWeather	100	42000	ns/op
BenchmarkPythonSDKWeather	100	10000	ns/op
BenchmarkPythonToolSerialize100KB	100	90000	ns/op
BenchmarkPythonSDK100KB	100	100000	ns/op
BenchmarkPythonTool100KB	100	50000	ns/op
BenchmarkPythonToolSerialize100KBNoRefs	100	300000	ns/op
BenchmarkPythonWeatherParts/encode	100	9000	ns/op
BenchmarkPythonWeatherParts/call	100	8000	ns/op
BenchmarkPythonWeatherParts/unpack	100	900	ns/op
BenchmarkPythonWeatherParts/json	100	2000	ns/op
BenchmarkPythonFirstResult/warm	1	160000000	ns/op	100000000	ns-import	59000000	ns-load	1000000	ns-call	200000000	ns-process
BenchmarkPythonFirstResult/cold	1	2000000000	ns/op	100000000	ns-import	1899000000	ns-load	1000000	ns-call	2100000000	ns-process
`
	var w strings.Builder
	b := newBench()
	b.read(strings.NewReader(pyOut))
	b.pythonRows(&w)
	out := w.String()
	if missing := absent(out, []string{
		"| Python figure (CPython 3.11.7, wasmtime 50.0.1) | mcpresult | official Python SDK 2.3.0 (`CallToolResult.model_validate` + `model_dump_json`) | ratio | budget |",
		"`m.tool` | 42.0 µs | 10.0 µs | 4.20× | ≤ 1.0×: missed (4.20×) |",
		"| 100 KB text result, `m.tool` + `m.serialize` | 90.0 µs | 100.0 µs | 0.90× | ≤ 1.0×: met (0.90×) |",
		"with it: 90.0 µs / 50.0 µs) | 300.0 µs / – | | 3.00× / – | |",
		"| 9.00 µs / 8.00 µs / 0.90 µs / 2.00 µs | | | |",
		"(median of 1; import / `load()` / first `tool` + `serialize`; the process, start to exit: 200.00 ms) | 160.00 ms (100.00 ms / 59.00 ms / 1.00 ms) | | | ≤ 150 ms: missed by 10.00 ms |",
		"the process, start to exit: 2100.00 ms) | 2000.00 ms (100.00 ms / 1899.00 ms / 1.00 ms) | | |  |",
	}); len(missing) > 0 {
		t.Errorf("the Python table has no %q:\n%s", missing, out)
	}
	if got, want := strings.Count(out, "\n"), 1+2+6; got != want {
		t.Errorf("the Python table has %d lines, want %d:\n%s", got, want, out)
	}
	if got := ratioVerdict(0, 1); got != "≤ 1.0×: –" {
		t.Errorf("ratioVerdict without figures: %q", got)
	}
	if got := msVerdict(120e6, 150e6); got != "≤ 150 ms: met" {
		t.Errorf("msVerdict: %q", got)
	}
}

// absent gives the lines of wants that out does not hold.
func absent(out string, wants []string) []string {
	var missing []string
	for _, want := range wants {
		if !strings.Contains(out, want) {
			missing = append(missing, want)
		}
	}
	return missing
}
