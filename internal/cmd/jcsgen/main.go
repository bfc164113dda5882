// Command jcsgen writes random results as JSON lines [wire, jcs] for the
// RFC 8785 oracle (tools/oracle/jcs.mjs): the wire output of a tool result
// whose structured content is a random value, and the same result serialized
// with format "jcs". The oracle checks that the independent package
// canonicalize gives exactly the jcs bytes for the parsed wire JSON, which
// also checks number formatting against JavaScript's on random doubles.
//
//	go run ./internal/cmd/jcsgen -n 5000 | node tools/oracle/jcs.mjs
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/engine"
	"github.com/mcpresult/mcpresult/internal/vectortest"
	"github.com/mcpresult/mcpresult/result"
)

func main() {
	n := flag.Int("n", 5000, "how many values")
	seed := flag.Uint64("seed", 1, "random seed")
	flag.Parse()
	rng := rand.New(rand.NewPCG(*seed, 2))
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	opts := content.NewObject(content.Str("format", content.NewString("jcs")))
	for i := 0; i < *n; i++ {
		v := value(rng, 0)
		r, err := result.Tool(result.Content(content.Text(str(rng))), result.StructuredContent(v), result.Meta(map[string]any{"com.example/v": v}))
		if err != nil {
			continue // for example a _meta key the generator made invalid
		}
		jcs, err := vectortest.SerializeValue(result.Settings{}, r.AsValue(), opts)
		if err != nil {
			fmt.Fprintln(os.Stderr, "jcsgen:", err)
			os.Exit(1)
		}
		line, _ := engine.AppendJSON(nil, content.NewArray(content.NewString(string(r.JSON())), content.NewString(string(jcs))), content.Wire)
		w.Write(append(line, '\n'))
	}
}

var runes = []rune{'a', 'b', 'Z', '0', ' ', '"', '\\', '/', '\n', '\t', 0, 1, 0x1f, 0x7f, 0x80, 0xe9, 0x2028, 0x2029,
	0xfeff, 0xe000, 0xffff, 0x10000, 0x1f600, 0x10ffff, '€', 'ö', '中'}

func str(rng *rand.Rand) string {
	n := rng.IntN(6)
	s := make([]rune, n)
	for i := range s {
		s[i] = runes[rng.IntN(len(runes))]
	}
	return string(s)
}

func value(rng *rand.Rand, depth int) content.Value {
	k := rng.IntN(10)
	if depth >= 4 && k >= 7 {
		k = rng.IntN(7)
	}
	switch k {
	case 0:
		return content.Null()
	case 1:
		return content.NewBool(rng.IntN(2) == 0)
	case 2:
		return content.NewInt(rng.Int64N(1<<54) - 1<<53) // within ±2^53
	case 3, 4:
		for {
			f := math.Float64frombits(rng.Uint64())
			if !math.IsNaN(f) && !math.IsInf(f, 0) {
				return content.NewFloat(f)
			}
		}
	case 5:
		return content.NewFloat(float64(rng.IntN(2000)-1000) / math.Pow(10, float64(rng.IntN(25)-5)))
	case 6:
		return content.NewString(str(rng))
	case 7:
		items := make([]content.Value, rng.IntN(5))
		for i := range items {
			items[i] = value(rng, depth+1)
		}
		return content.NewArray(items...)
	default:
		var members []content.Member
		seen := map[string]bool{}
		for i := rng.IntN(6); i > 0; i-- {
			key := str(rng)
			if seen[key] {
				continue
			}
			seen[key] = true
			members = append(members, content.Str(key, value(rng, depth+1)))
		}
		return content.NewObject(members...)
	}
}
