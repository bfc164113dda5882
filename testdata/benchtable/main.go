// Command benchtable reads the output of make bench's go test -bench run
// and prints the performance table: medians of the runs of each benchmark,
// the module's figures beside the native ones with their ratio, and each
// budget.
//
//	go test -run '^$' -bench . -count 5 ./result ./host | go run ./testdata/benchtable -wasm host/mcpresult.wasm
package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

func main() {
	wasm := flag.String("wasm", "host/mcpresult.wasm", "the module whose size to report")
	flag.Parse()
	// name -> unit -> values
	runs := map[string]map[string][]float64{}
	line := regexp.MustCompile(`^(Benchmark\S+?)(-\d+)?\s+\d+\s+(.*)$`)
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		m := line.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		f := strings.Fields(m[3])
		for i := 0; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				continue
			}
			if runs[m[1]] == nil {
				runs[m[1]] = map[string][]float64{}
			}
			runs[m[1]][f[i+1]] = append(runs[m[1]][f[i+1]], v)
		}
	}
	med := func(name, unit string) float64 {
		v := runs[name][unit]
		if len(v) == 0 {
			return 0
		}
		sort.Float64s(v)
		return v[len(v)/2]
	}
	us := func(ns float64) string { return strconv.FormatFloat(ns/1e3, 'f', 1, 64) + " µs" }
	ms := func(ns float64) string { return strconv.FormatFloat(ns/1e6, 'f', 2, 64) + " ms" }
	ratio := func(a, b float64) string {
		if b == 0 {
			return "–"
		}
		return strconv.FormatFloat(a/b, 'f', 1, 64) + "×"
	}
	raw, gz := sizes(*wasm)
	fmt.Println("| figure | native Go | module (wazero) | ratio | budget |")
	fmt.Println("|---|---|---|---|---|")
	fmt.Printf("| module size (%s) | | %d B raw, %d B gzip | | ≤ 2,450,000 B, ≤ 720,000 B |\n", *wasm, raw, gz)
	n, w := med("BenchmarkBuildSmallTool", "ns/op"), med("BenchmarkModuleBuildSmallTool", "ns/op")
	fmt.Printf("| small tool result (~200 B request), build | %s | %s | %s | ≤ 15 µs, ≤ 6× |\n", us(n), us(w), ratio(w, n))
	n, w = med("BenchmarkBuildSerializeText100KB", "ns/op"), med("BenchmarkModuleBuildSerializeText100KB", "ns/op")
	fmt.Printf("| 100 KB text result, build + serialize | %s | %s | %s | ≤ 2.5 ms, ≤ 5× |\n", ms(n), ms(w), ratio(w, n))
	fmt.Printf("| throughput, small results, all cores | | %.0f calls/s | | ≥ 100,000 calls/s |\n", med("BenchmarkModuleThroughput", "calls/s"))
	fmt.Printf("| first result in a new host, compilation cache cold / warm | | %s / %s | | warm ≤ 80 ms |\n",
		ms(med("BenchmarkFirstResult/cold", "ns/op")), ms(med("BenchmarkFirstResult/warm", "ns/op")))
	fmt.Printf("| instance memory after its first call / after a 100 KB call | | %.1f MiB / %.1f MiB | | ≤ 4 MiB after init |\n",
		med("BenchmarkInstanceMemory", "MiB-init"), med("BenchmarkInstanceMemory", "MiB-100KB"))
	fmt.Printf("| small tool result, validate (native) | %s | | | |\n", us(med("BenchmarkValidateSmallTool", "ns/op")))
	fmt.Printf("| 100 KB text result, build (native) | %s | | | |\n", ms(med("BenchmarkBuildText100KB", "ns/op")))
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
