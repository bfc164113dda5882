// Command benchtable reads the output of make bench's go test -bench run
// and prints the performance table: medians of the runs of each benchmark,
// the module's figures beside the native ones with their ratio, and each
// budget. With -node, it also reads what js/bench/bench.mjs printed (lines
// of the same form) and adds the Node rows: the JS package end to end
// beside a pure-JS baseline, where a call's time goes, the first result in
// a new process, an instance's memory, and the package's MessagePack codec
// beside msgpackr and @msgpack/msgpack. A second table puts mcpresult's
// native Go figures beside the two peer Go SDKs (the official Go SDK and
// mcp-go, measured by tools/peerbench in the same run) with their ratios.
//
//	go test -run '^$' -bench . -benchmem -count 5 ./result ./host > bin/bench.txt
//	(cd tools/peerbench && go test -run '^$' -bench . -benchmem -count 5 .) >> bin/bench.txt
//	go run ./internal/cmd/benchtable -wasm host/mcpresult.wasm -node bin/bench-node.txt < bin/bench.txt
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
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/mcpresult/mcpresult/internal/decimal"
)

func main() {
	wasm := flag.String("wasm", "host/mcpresult.wasm", "the module whose size to report")
	node := flag.String("node", "", "the output of js/bench/bench.mjs, for the Node rows (none without it)")
	maxRaw := flag.Int("max-raw", 0, "the module's raw size budget, as the Makefile states it")
	maxGzip := flag.Int("max-gzip", 0, "the module's gzip -9 size budget, as the Makefile states it")
	flag.Parse()
	b := newBench()
	b.read(os.Stdin)
	if *node != "" {
		f, err := os.Open(*node)
		if err != nil {
			fmt.Fprintln(os.Stderr, "benchtable:", err)
			os.Exit(1)
		}
		b.read(f)
		f.Close()
	}
	raw, gz := sizes(*wasm)
	b.goRows(os.Stdout, *wasm, raw, gz, *maxRaw, *maxGzip)
	if *node != "" {
		b.nodeRows(os.Stdout)
	}
	b.peerRows(os.Stdout)
}

// bench holds every value read: name -> unit -> the values of its runs, and
// the lines of the form "key: value" (goos, cpu, node).
type bench struct {
	runs map[string]map[string][]float64
	meta map[string]string
}

func newBench() *bench {
	return &bench{runs: map[string]map[string][]float64{}, meta: map[string]string{}}
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
	if b == 0 {
		return "–"
	}
	return strconv.FormatFloat(a/b, 'f', 1, 64) + "×"
}

func (b *bench) goRows(w io.Writer, wasm string, raw, gz, maxRaw, maxGzip int) {
	med := b.med
	fmt.Fprintln(w, "| figure | native Go (or pure JS) | module (wazero, or Node) | ratio | budget |")
	fmt.Fprintln(w, "|---|---|---|---|---|")
	fmt.Fprintf(w, "| module size (%s) | | %d B raw, %d B gzip (Go's compress/gzip; `make check-wasm` measures with gzip -9) | | ≤ %s B, ≤ %s B (gzip -9) |\n", wasm, raw, gz, decimal.Grouped(maxRaw), decimal.Grouped(maxGzip))
	n, m := med("BenchmarkBuildSmallTool", "ns/op"), med("BenchmarkModuleBuildSmallTool", "ns/op")
	fmt.Fprintf(w, "| small tool result (~200 B request), build | %s | %s | %s | ≤ 15 µs, ≤ 6× |\n", us(n), us(m), ratio(m, n))
	n, m = med("BenchmarkBuildSerializeText100KB", "ns/op"), med("BenchmarkModuleBuildSerializeText100KB", "ns/op")
	fmt.Fprintf(w, "| 100 KB text result, build + serialize | %s | %s | %s | ≤ 2.5 ms, ≤ 5× |\n", ms(n), ms(m), ratio(m, n))
	fmt.Fprintf(w, "| throughput, small results, all cores | | %.0f calls/s | | ≥ 100,000 calls/s |\n", med("BenchmarkModuleThroughput", "calls/s"))
	fmt.Fprintf(w, "| first result in a new host, compilation cache cold / warm | | %s / %s | | warm ≤ 80 ms |\n",
		ms(med("BenchmarkFirstResult/cold", "ns/op")), ms(med("BenchmarkFirstResult/warm", "ns/op")))
	fmt.Fprintf(w, "| instance memory after its first call / after a 100 KB call | | %.1f MiB / %.1f MiB | | ≤ 4 MiB after init |\n",
		med("BenchmarkInstanceMemory", "MiB-init"), med("BenchmarkInstanceMemory", "MiB-100KB"))
	fmt.Fprintf(w, "| small tool result, validate (native) | %s | | | |\n", us(med("BenchmarkValidateSmallTool", "ns/op")))
	fmt.Fprintf(w, "| 100 KB text result, build (native) | %s | | | |\n", ms(med("BenchmarkBuildText100KB", "ns/op")))
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
	node := "Node"
	if v := b.meta["node"]; v != "" {
		node = "Node " + v
	}
	const baseline = "pure JS: build, `JSON.stringify`, SDK `CallToolResultSchema.parse`"

	js, nd := med("BenchmarkNodeBaselineSmall", "ns/op"), med("BenchmarkNodeToolSmall", "ns/op")
	fmt.Fprintf(w, "| %s, small tool result end to end, `mcp.tool` (baseline: %s) | %s | %s | %s | ≤ 10 µs, ≤ 2.5× |\n",
		node, baseline, dur(js), dur(nd), ratio(nd, js))
	js, nd = med("BenchmarkNodeBaseline100KB", "ns/op"), med("BenchmarkNodeToolSerialize100KB", "ns/op")
	fmt.Fprintf(w, "| %s, 100 KB text result end to end, `mcp.tool` + `mcp.serialize` (the same baseline) | %s | %s | %s | ≤ 1.3× |\n",
		node, dur(js), dur(nd), ratio(nd, js))

	spawns := len(b.runs["BenchmarkNodeFirstResult/spawn"]["ns/op"]) + len(b.runs["BenchmarkNodeFirstResult/first"]["ns/op"])
	fmt.Fprintf(w, "| %s, `load()` to first result in a new process (median of %d spawns; the run's first spawn) | | %s (first %s) | | ≤ 40 ms |\n",
		node, spawns, ms(b.medFirst("ns/op")), ms(med("BenchmarkNodeFirstResult/first", "ns/op")))
	fmt.Fprintf(w, "| %s, a new process: import / `load()` / first call; `load()` apart: compile / instance start (no compilation cache between processes) | | %s; %s | | |\n",
		node, nums("ms", 1e6, 1, b.medFirst("ns-import"), b.medFirst("ns-load"), b.medFirst("ns-call")),
		nums("ms", 1e6, 1, med("BenchmarkNodeFirstResultParts", "ns-compile"), med("BenchmarkNodeFirstResultParts", "ns-instance")))
	fmt.Fprintf(w, "| %s, instance memory after its first call / after a 100 KB result (new process) | | %s | | ≤ 4 MiB after init |\n",
		node, nums("MiB", 1, 1, med("BenchmarkNodeInstanceMemory", "MiB-init"), med("BenchmarkNodeInstanceMemory", "MiB-100KB")))

	fmt.Fprintf(w, "| %s, a small tool call in parts: `mcp.info()` / raw info call / raw build call / encode request / decode response / `JSON.parse` of the result | | %s | | |\n",
		node, nums("µs", 1e3, 1, med("BenchmarkNodeInfo", "ns/op"), med("BenchmarkNodeRawInfo", "ns/op"),
			med("BenchmarkNodeRawBuildSmall", "ns/op"), med("BenchmarkNodeEncodeBuildSmall", "ns/op"),
			med("BenchmarkNodeDecodeSmall", "ns/op"), med("BenchmarkNodeJSONParseSmall", "ns/op")))
	fmt.Fprintf(w, "| %s, a 100 KB result in parts: `mcp.tool` / `mcp.serialize` / raw build call / raw serialize call / `JSON.parse` of the result | | %s | | |\n",
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
			fmt.Fprintf(w, "| codec, %s, %s: the package's own vs %s | %s | %s | %s | |\n",
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
	fmt.Fprintln(w, "| figure (beside the peer Go SDKs) | mcpresult | official Go SDK | mcp-go | ratio(s) | budget |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|")
	ours, sdk, mg := "BenchmarkBuildSmallToolOptions", "BenchmarkPeerGoSDKSmallTool", "BenchmarkPeerMcpGoSmallTool"
	fmt.Fprintf(w, "| native small tool result, Go options (`result.Tool` + `JSON`; the SDKs: their `CallToolResult` + `json.Marshal`) | %s | %s | %s | mcpresult ÷ Go SDK / ÷ mcp-go: %s | ≤ 1.0× the Go SDK, ≤ 10 allocs |\n",
		b.figures(ours, 0), b.figures(sdk, 0), b.figures(mg, 0), ratios(med(ours, "ns/op"), med(sdk, "ns/op"), med(mg, "ns/op")))
	ours, sdk, mg = "BenchmarkBuildSerializeText100KB", "BenchmarkPeerGoSDKText100KB", "BenchmarkPeerMcpGoText100KB"
	out, n := out100KB(), med(ours, "ns/op")
	fmt.Fprintf(w, "| native 100 KB text result, build + write (%d B of JSON; B/op is all an op allocates) | %s | %s | %s | Go SDK / mcp-go ÷ mcpresult: %s / %s | ≥ 3× faster than both, peak memory ≤ 3× the output |\n",
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

func sizes(path string) (int, int) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, 0
	}
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	w.Write(b)
	w.Close()
	return len(b), buf.Len()
}
