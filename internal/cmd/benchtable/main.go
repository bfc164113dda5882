// Command benchtable reads the output of make bench's runs and prints the
// performance tables: medians of the runs of each benchmark, each figure
// beside what it is measured against (the official SDKs, or pure JS) with
// the ratio; the shapes (a small tool result, the README's weather result, a
// small nested one, a resource result and a 100 KB text result) natively,
// with the official Go SDK, under wazero and in Node; where the time goes;
// and mcpresult's native Go figures
// beside the two peer Go SDKs (the official Go SDK and mcp-go, measured by
// tools/peerbench). With -node it reads what js/bench/bench.mjs printed,
// with -roundtrip what js/bench/roundtrip.mjs printed, and with -python
// what python/bench/bench.py printed (lines of the same form); a figure
// whose benchmark did not run is "–".
//
//	go test -run '^$' -bench . -benchmem -count 5 ./result ./host ./sdk > bin/bench.txt
//	(cd tools/peerbench && go test -run '^$' -bench . -benchmem -count 5 .) >> bin/bench.txt
//	node js/bench/bench.mjs > bin/bench-node.txt
//	node js/bench/roundtrip.mjs > bin/bench-roundtrip.txt
//	python python/bench/bench.py > bin/bench-python.txt
//	go run ./internal/cmd/benchtable -wasm host/mcpresult.wasm -node bin/bench-node.txt -roundtrip bin/bench-roundtrip.txt -python bin/bench-python.txt < bin/bench.txt
package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/mcpresult/mcpresult/internal/decimal"
)

func main() {
	wasm := flag.String("wasm", "host/mcpresult.wasm", "the module whose size to report")
	node := flag.String("node", "", "the output of js/bench/bench.mjs, for the Node rows (none without it)")
	roundtrip := flag.String("roundtrip", "", "the output of js/bench/roundtrip.mjs, for the SDK round-trip rows")
	python := flag.String("python", "", "the output of python/bench/bench.py, for the Python rows (none without it)")
	maxRaw := flag.Int("max-raw", 0, "make check-wasm's raw size limit, printed beside the size")
	maxGzip := flag.Int("max-gzip", 0, "make check-wasm's gzip -9 size limit, printed beside the size")
	flag.Parse()
	b := newBench()
	b.read(os.Stdin)
	for _, path := range []string{*node, *roundtrip, *python} {
		if path == "" {
			continue
		}
		f, err := os.Open(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, "benchtable:", err)
			os.Exit(1)
		}
		b.read(f)
		f.Close()
	}
	raw, gz, gzipBy := sizes(*wasm)
	b.mainRows(os.Stdout, *wasm, raw, gz, gzipBy, *maxRaw, *maxGzip)
	b.shapeRows(os.Stdout)
	b.detailRows(os.Stdout)
	if *node != "" {
		b.nodeRows(os.Stdout)
	}
	b.peerRows(os.Stdout)
	b.roundTripRows(os.Stdout)
	if *python != "" {
		b.pythonRows(os.Stdout)
	}
}

// bench holds every value read: name -> unit -> the values of its runs, and
// the lines of the form "key: value" (goos, cpu, node).
type bench struct {
	runs  map[string]map[string][]float64
	meta  map[string]string
	procs map[string]string // name -> the GOMAXPROCS of its name's suffix
}

func newBench() *bench {
	return &bench{runs: map[string]map[string][]float64{}, meta: map[string]string{}, procs: map[string]string{}}
}

var (
	benchLine = regexp.MustCompile(`^(Benchmark\S+?)(-\d+)?\s+\d+\s+(.*)$`)
	metaLine  = regexp.MustCompile(`^([a-z]+): (.+)$`)
)

// read takes the benchmark lines of r (go test -bench's, or bench.mjs's of
// the same form) and ignores every other line.
func (b *bench) read(r io.Reader) {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		if m := metaLine.FindStringSubmatch(sc.Text()); m != nil {
			b.meta[m[1]] = m[2]
			continue
		}
		m := benchLine.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		if m[2] != "" {
			b.procs[m[1]] = m[2][1:]
		}
		f := strings.Fields(m[3])
		for i := 0; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				continue
			}
			if b.runs[m[1]] == nil {
				b.runs[m[1]] = map[string][]float64{}
			}
			b.runs[m[1]][f[i+1]] = append(b.runs[m[1]][f[i+1]], v)
		}
	}
}

// med is the median of the runs of name in unit, or 0 when there are none.
func (b *bench) med(name, unit string) float64 {
	v := append([]float64(nil), b.runs[name][unit]...)
	if len(v) == 0 {
		return 0
	}
	sort.Float64s(v)
	return v[len(v)/2]
}

func us(ns float64) string { return strconv.FormatFloat(ns/1e3, 'f', 1, 64) + " µs" }
func ms(ns float64) string { return strconv.FormatFloat(ns/1e6, 'f', 2, 64) + " ms" }

func ratio(a, b float64) string {
	if a == 0 || b == 0 {
		return "–"
	}
	return strconv.FormatFloat(a/b, 'f', 1, 64) + "×"
}

// times writes a ratio's unit: "2.15×".
func times(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) + "×" }

// div is a ÷ b, or 0 when either is missing.
func div(a, b float64) float64 {
	if a == 0 || b == 0 {
		return 0
	}
	return a / b
}

// rat writes a ratio with two digits, or "–".
func rat(r float64) string {
	if r == 0 {
		return "–"
	}
	return times(r)
}

func callsUnit(v float64) string { return decimal.Grouped(int(v+0.5)) + " calls/s" }

// round1 is v to 0.1, as the table prints a MiB figure.
func round1(v float64) float64 { return float64(int(v*10+0.5)) / 10 }

// mainRows writes the table of the main figures: each measured, what it is
// measured beside and the ratio. raw and gz are the module's sizes (gz by
// gzip -9, or by Go's compress/gzip when gzipBy says so); maxRaw and
// maxGzip are make check-wasm's own limits, printed beside.
func (b *bench) mainRows(w io.Writer, wasm string, raw, gz int, gzipBy string, maxRaw, maxGzip int) {
	med := b.med
	fmt.Fprintln(w, "| figure | measured | beside | ratio |")
	fmt.Fprintln(w, "|---|---|---|---|")
	check := ""
	if maxRaw > 0 || maxGzip > 0 {
		check = fmt.Sprintf(" (`make check-wasm` fails past %s B, %s B)", decimal.Grouped(maxRaw), decimal.Grouped(maxGzip))
	}
	fmt.Fprintf(w, "| module size (%s)%s | %s B raw, %s B %s | | |\n",
		wasm, check, decimal.Grouped(raw), decimal.Grouped(gz), gzipBy)

	m, sdk := med("BenchmarkModuleBuildSmallTool", "ns/op"), med("BenchmarkPeerGoSDKSmallTool", "ns/op")
	fmt.Fprintf(w, "| wazero, small tool result (~200 B request), build with `Host.Call` | %s | official Go SDK, `CallToolResult` + `json.Marshal`: %s | %s |\n",
		dur(m), dur(sdk), rat(div(m, sdk)))
	api := med("BenchmarkModuleBuildSmallToolAPI", "ns/op")
	fmt.Fprintf(w, "| wazero, the same through `Host.Build` (a parsed request, the result's JSON) | %s | the same: %s | %s |\n",
		dur(api), dur(sdk), rat(div(api, sdk)))
	m, sdk = med("BenchmarkModuleBuildSerializeText100KB", "ns/op"), med("BenchmarkPeerGoSDKText100KB", "ns/op")
	fmt.Fprintf(w, "| wazero, 100 KB text result, build + serialize | %s | official Go SDK, `json.Marshal`: %s | %s |\n",
		dur(m), dur(sdk), rat(div(m, sdk)))
	procs := b.procs["BenchmarkModuleThroughput"]
	if procs == "" {
		procs = "?"
	}
	cps := med("BenchmarkModuleThroughput", "calls/s")
	cpsText := "–"
	if cps > 0 {
		cpsText = callsUnit(cps)
	}
	fmt.Fprintf(w, "| wazero, throughput, small results, all cores (GOMAXPROCS %s) | %s | | |\n", procs, cpsText)

	node := b.nodeName()
	nd, js := med("BenchmarkNodeToolSmall", "ns/op"), med("BenchmarkNodeBaselineSmall", "ns/op")
	fmt.Fprintf(w, "| %s, small tool result, `mcp.tool` | %s | pure JS (build, `JSON.stringify`, SDK `CallToolResultSchema.parse`): %s | %s |\n",
		node, dur(nd), dur(js), rat(div(nd, js)))
	nd, js = med("BenchmarkNodeToolSerialize100KB", "ns/op"), med("BenchmarkNodeBaseline100KB", "ns/op")
	fmt.Fprintf(w, "| %s, 100 KB text result, `mcp.tool` + `mcp.serialize` | %s | pure JS (the same): %s | %s |\n",
		node, dur(nd), dur(js), rat(div(nd, js)))

	first := b.medFirst("ns/op")
	fmt.Fprintf(w, "| %s, `load()` to first result in a new process (median of %d spawns; the run's first spawn: %s) | %s | | |\n",
		node, len(b.runs["BenchmarkNodeFirstResult/spawn"]["ns/op"])+len(b.runs["BenchmarkNodeFirstResult/first"]["ns/op"]),
		ms(med("BenchmarkNodeFirstResult/first", "ns/op")), ms(first))
	warm := med("BenchmarkFirstResult/warm", "ns/op")
	fmt.Fprintf(w, "| wazero, first result in a new `Host`, compilation cache warm (cold: %s) | %s | | |\n",
		ms(med("BenchmarkFirstResult/cold", "ns/op")), ms(warm))

	for _, c := range []struct{ who, name string }{{"wazero", "BenchmarkInstanceMemory"}, {node, "BenchmarkNodeInstanceMemory"}} {
		a, z := round1(med(c.name, "MiB-init")), round1(med(c.name, "MiB-100KB"))
		fmt.Fprintf(w, "| %s, instance memory after its first call / after a 100 KB call (a new instance) | %s | | |\n",
			c.who, nums("MiB", 1, 1, a, z))
	}
}

// The round-trip budgets: what an adapted server (mcpresult/sdk, the
// handler returning mcp.tool(…)) may add to the same server whose handler
// returns a plain object, both ends in one process and every message
// written and read as JSON, by shape.
var roundTripBudget = map[string]float64{"small": 0.30, "100KB": 0.60}

// roundTripRows writes the table of the tools/call round trips: each line
// of the official TypeScript SDK in one process (over a linked transport
// pair writing and reading every message as JSON) and over stdio (a child
// process), and the official Go SDK in memory, for the README's weather
// result and 100 KB of text: the plain server, mcp.tool on it, the adapted
// server, the ratios to plain and, in one process, the budget of the
// adapted server met or missed by how many points. Beside the Python table,
// the only one that judges its figures.
func (b *bench) roundTripRows(w io.Writer) {
	med := b.med
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| round trip (tools/call, median of each run's calls) | shape | plain object | `mcp.tool` | adapted | `mcp.tool` / adapted ÷ plain | budget (adapted over plain) |")
	fmt.Fprintln(w, "| --- | --- | --- | --- | --- | --- | --- |")
	shapes := []struct{ size, label string }{{"small", "weather result"}, {"100KB", "100 KB of text"}}
	lines := []struct{ key, name string }{{"sdk1", "TypeScript SDK " + b.meta["sdk"]}, {"sdk2", "TypeScript SDK " + b.meta["server"]}}
	for _, ln := range lines {
		for _, tr := range []struct{ key, name string }{{"inproc", "in one process, JSON"}, {"stdio", "over stdio"}} {
			for _, c := range shapes {
				p := "BenchmarkRoundTrip/" + ln.key + "/" + tr.key + "/" + c.size + "/"
				plain, tool, adapted := med(p+"plain", "ns/op"), med(p+"tool", "ns/op"), med(p+"adapted", "ns/op")
				verdict := ""
				if tr.key == "inproc" {
					verdict = budgetVerdict(div(adapted, plain), roundTripBudget[c.size])
				}
				fmt.Fprintf(w, "| %s, %s | %s | %s | %s | %s | %s / %s | %s |\n",
					strings.TrimSpace(ln.name), tr.name, c.label, dur(plain), dur(tool), dur(adapted), rat(div(tool, plain)), rat(div(adapted, plain)), verdict)
			}
		}
	}
	for _, c := range shapes {
		p := "BenchmarkGoSDKRoundTrip/" + c.size + "/"
		plain, adapted := med(p+"plain", "ns/op"), med(p+"adapted", "ns/op")
		fmt.Fprintf(w, "| Go SDK, in memory (`mcp.AddTool` / `sdk.AddTool`) | %s | %s | | %s | %s | |\n",
			c.label, dur(plain), dur(adapted), rat(div(adapted, plain)))
	}
}

// budgetVerdict says whether a ratio r (adapted ÷ plain) is within a
// budget (at most +budget over plain): "≤ +30%: met (+12%)", or "≤ +30%:
// missed by 25 points (+55%)"; "–" without the figures.
func budgetVerdict(r, budget float64) string {
	limit := fmt.Sprintf("≤ +%.0f%%", budget*100)
	if r == 0 {
		return limit + ": –"
	}
	over := (r - 1) * 100
	if r-1 <= budget {
		return fmt.Sprintf("%s: met (%+.0f%%)", limit, over)
	}
	by := fmt.Sprintf("%.0f", over-budget*100)
	unit := " points"
	if by == "1" {
		unit = " point"
	}
	return fmt.Sprintf("%s: missed by %s%s (%+.0f%%)", limit, by, unit, over)
}

// shapeRows writes the table of the shapes: each built natively, with the
// official Go SDK, under wazero and in Node, with the ratios beside the
// Go SDK and pure JS.
func (b *bench) shapeRows(w io.Writer) {
	med := b.med
	fmt.Fprintln(w)
	fmt.Fprintf(w, "| shape | native Go (`result.Build`) | official Go SDK (its type + `json.Marshal`) | wazero (`Host.Call`) | wazero ÷ Go SDK | %s (`mcp.tool`, `mcp.resource`) | pure JS (build, `JSON.stringify`, SDK schema `parse`) | Node ÷ pure JS |\n", b.nodeName())
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|")
	type shape struct{ label, native, sdk, wazero, node, js string }
	rows := []shape{
		{"small tool result (~200 B request: one text block, four members of structured content)", "BenchmarkBuildSmallTool", "BenchmarkPeerGoSDKSmallTool", "BenchmarkModuleBuildSmallTool", "BenchmarkNodeToolSmall", "BenchmarkNodeBaselineSmall"},
	}
	for _, s := range []struct{ name, label string }{
		{"weather", "the README's weather result (structured content `{city, tempC}`, its text copy made)"},
		{"nested", "small, nested (one text block; structured content with an array and a boolean)"},
		{"resource", "resource result, one text contents entry"},
	} {
		rows = append(rows, shape{s.label, "BenchmarkShape/" + s.name, "BenchmarkPeerGoSDKShape/" + s.name, "BenchmarkModuleShape/" + s.name, "BenchmarkNodeShape/" + s.name, "BenchmarkNodeShapeBaseline/" + s.name})
	}
	for _, r := range rows {
		n, sdk, m, nd, js := med(r.native, "ns/op"), med(r.sdk, "ns/op"), med(r.wazero, "ns/op"), med(r.node, "ns/op"), med(r.js, "ns/op")
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s | %s | %s |\n", r.label, dur(n), dur(sdk), dur(m), rat(div(m, sdk)), dur(nd), dur(js), rat(div(nd, js)))
	}
	n, sdk, m := med("BenchmarkBuildSerializeText100KB", "ns/op"), med("BenchmarkPeerGoSDKText100KB", "ns/op"), med("BenchmarkModuleBuildSerializeText100KB", "ns/op")
	nd, js := med("BenchmarkNodeToolSerialize100KB", "ns/op"), med("BenchmarkNodeBaseline100KB", "ns/op")
	fmt.Fprintf(w, "| 100 KB text result, build + serialize (wazero: `Host.Build` + `Host.Serialize`; Node: `mcp.tool` + `mcp.serialize`) | %s | %s | %s | %s | %s | %s | %s |\n",
		dur(n), dur(sdk), dur(m), rat(div(m, sdk)), dur(nd), dur(js), rat(div(nd, js)))
}

// detailRows writes where the time goes, natively, under wazero and in
// Node.
func (b *bench) detailRows(w io.Writer) {
	med := b.med
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| figure (where the time goes) | native Go (or pure JS) | module (wazero, or Node) | ratio |")
	fmt.Fprintln(w, "|---|---|---|---|")
	n, m := med("BenchmarkBuildSmallTool", "ns/op"), med("BenchmarkModuleBuildSmallTool", "ns/op")
	fmt.Fprintf(w, "| small tool result (~200 B request), build, wazero beside native | %s | %s | %s |\n", dur(n), dur(m), ratio(m, n))
	n, m = med("BenchmarkBuildSerializeText100KB", "ns/op"), med("BenchmarkModuleBuildSerializeText100KB", "ns/op")
	fmt.Fprintf(w, "| 100 KB text result, build + serialize, wazero beside native | %s | %s | %s |\n", dur(n), dur(m), ratio(m, n))
	fmt.Fprintf(w, "| small tool result, validate (native) | %s | | |\n", dur(med("BenchmarkValidateSmallTool", "ns/op")))
	fmt.Fprintf(w, "| 100 KB text result, build (native) | %s | | |\n", dur(med("BenchmarkBuildText100KB", "ns/op")))
}

// nodeName is "Node" and its version when the Node run printed it.
func (b *bench) nodeName() string {
	if v := b.meta["node"]; v != "" {
		return "Node " + v
	}
	return "Node"
}

// dur writes a duration with the digits that matter at its size.
func dur(ns float64) string {
	switch {
	case ns == 0:
		return "–"
	case ns < 10e3:
		return strconv.FormatFloat(ns/1e3, 'f', 2, 64) + " µs"
	case ns < 1e6:
		return strconv.FormatFloat(ns/1e3, 'f', 1, 64) + " µs"
	default:
		return strconv.FormatFloat(ns/1e6, 'f', 2, 64) + " ms"
	}
}

// nums writes values in one unit, " / " between them: "1.2 / 3.4 µs".
func nums(unit string, div float64, prec int, vs ...float64) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		if v == 0 {
			s[i] = "–"
		} else {
			s[i] = strconv.FormatFloat(v/div, 'f', prec, 64)
		}
	}
	return strings.Join(s, " / ") + " " + unit
}

// ratios writes a ÷ each of bs with two digits: "0.94× / 0.42×".
func ratios(a float64, bs ...float64) string {
	s := make([]string, len(bs))
	for i, b := range bs {
		if a == 0 || b == 0 {
			s[i] = "–"
		} else {
			s[i] = strconv.FormatFloat(a/b, 'f', 2, 64) + "×"
		}
	}
	return strings.Join(s, " / ")
}

func (b *bench) nodeRows(w io.Writer) {
	med := b.med
	node := b.nodeName()
	fmt.Fprintf(w, "| %s, a new process: import / `load()` / first call; `load()` apart: compile / instance start (no compilation cache between processes) | | %s; %s | |\n",
		node, nums("ms", 1e6, 1, b.medFirst("ns-import"), b.medFirst("ns-load"), b.medFirst("ns-call")),
		nums("ms", 1e6, 1, med("BenchmarkNodeFirstResultParts", "ns-compile"), med("BenchmarkNodeFirstResultParts", "ns-instance")))
	js, nd := med("BenchmarkNodeBaselineSmallAfterWork", "ns/op"), med("BenchmarkNodeToolSmallAfterWork", "ns/op")
	fmt.Fprintf(w, "| %s, small tool result, `mcp.tool` beside pure JS, each call after other JavaScript work (caches cold, as in a server) | %s | %s | %s |\n",
		node, dur(js), dur(nd), ratio(nd, js))
	fmt.Fprintf(w, "| %s, a small tool call in parts: `mcp.info()` / raw info call / raw build call / encode request / decode response / `JSON.parse` of the result | | %s | |\n",
		node, nums("µs", 1e3, 1, med("BenchmarkNodeInfo", "ns/op"), med("BenchmarkNodeRawInfo", "ns/op"),
			med("BenchmarkNodeRawBuildSmall", "ns/op"), med("BenchmarkNodeEncodeBuildSmall", "ns/op"),
			med("BenchmarkNodeDecodeSmall", "ns/op"), med("BenchmarkNodeJSONParseSmall", "ns/op")))
	fmt.Fprintf(w, "| %s, a 100 KB result in parts: `mcp.tool` / `mcp.serialize` / raw build call / raw serialize call / `JSON.parse` of the result | | %s | |\n",
		node, nums("ms", 1e6, 2, med("BenchmarkNodeTool100KB", "ns/op"), med("BenchmarkNodeSerialize100KB", "ns/op"),
			med("BenchmarkNodeRawBuild100KB", "ns/op"), med("BenchmarkNodeRawSerialize100KB", "ns/op"),
			med("BenchmarkNodeJSONParse100KB", "ns/op")))

	for _, c := range []struct{ op, what, libs string }{
		{"Encode", "encode a request (JS object)", "`msgpackr` `pack` / `@msgpack/msgpack` `encode` / its `Encoder` kept"},
		{"Decode", "decode a response (`{ok, json, settings}`)", "`msgpackr` `unpack` / `@msgpack/msgpack` `decode` / its `Decoder` kept"},
	} {
		for _, size := range []string{"small", "100KB"} {
			p := "BenchmarkCodec" + c.op + "/" + size + "/"
			pkg := med(p+"package", "ns/op")
			r, m, k := med(p+"msgpackr", "ns/op"), med(p+"msgpack", "ns/op"), med(p+"msgpackKept", "ns/op")
			label := size
			if size == "100KB" {
				label = "100 KB"
			}
			fmt.Fprintf(w, "| codec, %s, %s: the package's own vs %s | %s | %s | %s |\n",
				c.what, label, c.libs, strings.Join([]string{dur(r), dur(m), dur(k)}, " / "), dur(pkg), ratios(pkg, r, m, k))
		}
	}
}

// text100KB is the text of the 100 KB benchmarks, in result/bench_test.go
// and tools/peerbench.
var text100KB = strings.Repeat("lorem ipsum \"dolor\" sit amet\n", 100*1024/30)

// out100KB is the size of a 100 KB text result's JSON: one text block,
// written as the peers write it (mcpresult's has resultType and isError
// too, 40 bytes more).
func out100KB() int {
	out, _ := json.Marshal(map[string]any{"content": []any{map[string]string{"type": "text", "text": text100KB}}})
	return len(out)
}

// figures writes a benchmark's medians: its time, and its allocs/op and
// B/op when it reported them (B/op also as a multiple of out when out is
// not 0); "–" when it did not run.
func (b *bench) figures(name string, out int) string {
	ns := b.med(name, "ns/op")
	if ns == 0 {
		return "–"
	}
	s := dur(ns)
	if len(b.runs[name]["allocs/op"]) > 0 {
		s += ", " + strconv.FormatFloat(b.med(name, "allocs/op"), 'f', 0, 64) + " allocs"
	}
	if len(b.runs[name]["B/op"]) > 0 {
		by := b.med(name, "B/op")
		s += ", " + size(by)
		if out > 0 {
			s += " (" + strconv.FormatFloat(by/float64(out), 'f', 1, 64) + "× the output)"
		}
	}
	return s
}

// size writes a number of bytes: in B below 10,000, else in KiB.
func size(by float64) string {
	if by < 10000 {
		return strconv.FormatFloat(by, 'f', 0, 64) + " B"
	}
	return strconv.FormatFloat(by/1024, 'f', 1, 64) + " KiB"
}

// peerRows writes the table of mcpresult beside the two peer Go SDKs, all
// native and from the same run: the small tool result (mcpresult's time ÷
// each peer's: below 1 is faster) and the 100 KB text result (each peer's
// time ÷ mcpresult's: how many times faster mcpresult is).
func (b *bench) peerRows(w io.Writer) {
	med := b.med
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| figure (beside the peer Go SDKs) | mcpresult | official Go SDK | mcp-go | ratio(s) |")
	fmt.Fprintln(w, "|---|---|---|---|---|")
	ours, sdk, mg := "BenchmarkBuildSmallToolOptions", "BenchmarkPeerGoSDKSmallTool", "BenchmarkPeerMcpGoSmallTool"
	fmt.Fprintf(w, "| native small tool result, Go options (`result.Tool` + `JSON`; the SDKs: their `CallToolResult` + `json.Marshal`) | %s | %s | %s | mcpresult ÷ Go SDK / ÷ mcp-go: %s |\n",
		b.figures(ours, 0), b.figures(sdk, 0), b.figures(mg, 0), ratios(med(ours, "ns/op"), med(sdk, "ns/op"), med(mg, "ns/op")))
	ours, sdk, mg = "BenchmarkBuildSerializeText100KB", "BenchmarkPeerGoSDKText100KB", "BenchmarkPeerMcpGoText100KB"
	out, n := out100KB(), med(ours, "ns/op")
	fmt.Fprintf(w, "| native 100 KB text result, build + write (%d B of JSON; B/op is all an op allocates) | %s | %s | %s | Go SDK / mcp-go ÷ mcpresult: %s / %s |\n",
		out, b.figures(ours, out), b.figures(sdk, out), b.figures(mg, out), ratios(med(sdk, "ns/op"), n), ratios(med(mg, "ns/op"), n))
}

// medFirst is the median of the first-result spawns, the run's first one
// among them.
func (b *bench) medFirst(unit string) float64 {
	v := append(append([]float64(nil), b.runs["BenchmarkNodeFirstResult/first"][unit]...), b.runs["BenchmarkNodeFirstResult/spawn"][unit]...)
	if len(v) == 0 {
		return 0
	}
	sort.Float64s(v)
	return v[len(v)/2]
}

// sizes are the module's size raw and gzipped: by gzip -9 when the gzip
// command runs, else by Go's compress/gzip at its best compression (a few
// hundred bytes more), which the third result names.
func sizes(path string) (int, int, string) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, 0, "gzip -9"
	}
	if out, err := exec.Command("gzip", "-9", "-c", path).Output(); err == nil && len(out) > 0 {
		return len(b), len(out), "gzip -9"
	}
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	w.Write(b)
	w.Close()
	return len(b), buf.Len(), "gzip (Go's compress/gzip; no gzip command)"
}

// The Python budgets: a call at most this many times the official Python
// SDK's own way of the same result, and the first result in a new process
// with the compiled module cached within this many nanoseconds.
const (
	pythonRatioBudget = 1.0
	pythonFirstBudget = 150e6
)

// pythonRows writes the table of the Python package (python/bench/bench.py):
// the README's weather result (m.tool) and 100 KB of text (m.tool +
// m.serialize, with its long string by reference and without) beside the
// official Python SDK's CallToolResult validated and dumped to JSON, a small
// call in its parts, and the first result in a new interpreter with the
// compiled module cached and cold, each budget met or missed.
func (b *bench) pythonRows(w io.Writer) {
	med := b.med
	fmt.Fprintln(w)
	who := "Python"
	if v := b.meta["python"]; v != "" {
		who = v
	}
	if v := b.meta["wasmtime"]; v != "" {
		who += ", wasmtime " + v
	}
	sdk := "official Python SDK"
	if v := b.meta["pysdk"]; v != "" {
		sdk += " " + v
	}
	fmt.Fprintf(w, "| Python figure (%s) | mcpresult | %s (`CallToolResult.model_validate` + `model_dump_json`) | ratio | budget |\n", who, sdk)
	fmt.Fprintln(w, "|---|---|---|---|---|")
	for _, r := range []struct{ label, ours, theirs string }{
		{"the README's weather result (structured content `{city, tempC}`, its text copy made), `m.tool`", "BenchmarkPythonToolWeather", "BenchmarkPythonSDKWeather"},
		{"100 KB text result, `m.tool` + `m.serialize`", "BenchmarkPythonToolSerialize100KB", "BenchmarkPythonSDK100KB"},
	} {
		a, z := med(r.ours, "ns/op"), med(r.theirs, "ns/op")
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s |\n", r.label, dur(a), dur(z), rat(div(a, z)), ratioVerdict(div(a, z), pythonRatioBudget))
	}
	with, without := med("BenchmarkPythonToolSerialize100KBNoRefs", "ns/op"), med("BenchmarkPythonTool100KBNoRefs", "ns/op")
	fmt.Fprintf(w, "| the same, its text not by reference (`m.tool` + `m.serialize` / `m.tool` alone; with it: %s / %s) | %s / %s | | %s / %s | |\n",
		dur(med("BenchmarkPythonToolSerialize100KB", "ns/op")), dur(med("BenchmarkPythonTool100KB", "ns/op")), dur(with), dur(without),
		rat(div(with, med("BenchmarkPythonSDK100KB", "ns/op"))), rat(div(without, med("BenchmarkPythonSDK100KB", "ns/op"))))
	p := "BenchmarkPythonWeatherParts/"
	fmt.Fprintf(w, "| the weather result's `m.tool` in parts: encode the request / the module's call (wasmtime) / decode the response (msgpack) / `json.loads` of the result | %s | | | |\n",
		strings.Join([]string{dur(med(p+"encode", "ns/op")), dur(med(p+"call", "ns/op")), dur(med(p+"unpack", "ns/op")), dur(med(p+"json", "ns/op"))}, " / "))
	for _, c := range []struct{ kind, label string }{{"warm", "the compiled module cached"}, {"cold", "an empty cache directory (the module compiled)"}} {
		n := "BenchmarkPythonFirstResult/" + c.kind
		first := med(n, "ns/op")
		verdict := ""
		if c.kind == "warm" {
			verdict = msVerdict(first, pythonFirstBudget)
		}
		fmt.Fprintf(w, "| first result in a new interpreter, %s (median of %d; import / `load()` / first `tool` + `serialize`; the process, start to exit: %s) | %s (%s / %s / %s) | | | %s |\n",
			c.label, len(b.runs[n]["ns/op"]), ms(med(n, "ns-process")), ms(first), ms(med(n, "ns-import")), ms(med(n, "ns-load")), ms(med(n, "ns-call")), verdict)
	}
}

// ratioVerdict says whether a ratio r is within budget: "≤ 1.0×: met
// (0.82×)" or "≤ 1.0×: missed (4.10×)"; "–" without the figures.
func ratioVerdict(r, budget float64) string {
	limit := "≤ " + strconv.FormatFloat(budget, 'f', 1, 64) + "×"
	switch {
	case r == 0:
		return limit + ": –"
	case r <= budget:
		return limit + ": met (" + times(r) + ")"
	default:
		return limit + ": missed (" + times(r) + ")"
	}
}

// msVerdict says whether a duration ns is within budget: "≤ 150 ms: met"
// or "≤ 150 ms: missed by 12.50 ms"; "–" without the figure.
func msVerdict(ns, budget float64) string {
	limit := "≤ " + strconv.FormatFloat(budget/1e6, 'f', 0, 64) + " ms"
	switch {
	case ns == 0:
		return limit + ": –"
	case ns <= budget:
		return limit + ": met"
	default:
		return limit + ": missed by " + ms(ns-budget)
	}
}
