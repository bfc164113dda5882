//go:build !wasip1

package result_test

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"strings"
	"testing"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/vectortest"
	"github.com/mcpresult/mcpresult/result"
)

// hostileBytes is the size of each hostile input: five times the default
// budget, so that every case is refused.
const hostileBytes = 10_000_000

// allocBoundFactor is k in "a refused call allocates at most k × (input +
// maxJsonBytes)". What a refused call may need is bounded by design: a
// string is measured (content.EscapedLen) before it is copied and the writer
// stops once its output passes maxJsonBytes, so the one large allocation is
// the output buffer, at most maxJsonBytes+1, and the input is never copied.
// That is under 1 × (input + maxJsonBytes); k = 2 leaves room for one copy
// of the input (a value converted once) or a second output buffer, and
// still refuses the write-it-all-then-measure behaviour, which for strings
// that escape larger (control characters 6×, quotes 2×) allocates several
// times the input.
const allocBoundFactor = 2

// allocated returns the bytes the heap allocated during call (TotalAlloc),
// the least of runs runs so that a run that overlaps allocations of other
// goroutines does not count, and the error of the last run.
//
// The figures are the same with the race detector (its shadow memory is not
// Go heap), so the test runs there too.
func allocated(runs int, call func() error) (uint64, error) {
	best := uint64(math.MaxUint64)
	var err error
	for range runs {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		err = call()
		runtime.ReadMemStats(&after)
		best = min(best, after.TotalAlloc-before.TotalAlloc)
	}
	return best, err
}

// bigStruct reaches the result only through encoding/json (canonicalization
// "json").
type bigStruct struct {
	S string `json:"s"`
}

// TestRefusedCallsStayBounded checks the budget rule's promise on memory:
// a call refused with max_bytes allocates no more than a small multiple of
// its input plus maxJsonBytes, whatever the input turns into once escaped.
// Each input is made before the measured call; only the call is measured.
func TestRefusedCallsStayBounded(t *testing.T) {
	controls := func() string { return strings.Repeat("\x01", hostileBytes) } // 6× once escaped
	quotes := func() string { return strings.Repeat(`"`, hostileBytes) }      // 2× once escaped
	builtErr := func(_ *result.Result, err error) error { return err }
	reportErr := func(rep *result.Report, err error) error {
		if err != nil {
			return err
		}
		if len(rep.Errors) != 1 {
			t.Errorf("report: %d errors, want exactly one (max_bytes): %v", len(rep.Errors), rep.Errors)
		}
		if len(rep.Errors) == 0 {
			return nil
		}
		return rep.Errors[0]
	}

	cases := []struct {
		name string
		// setup makes the input (not measured) and returns its size and
		// the call to measure.
		setup func(t *testing.T) (int, func() error)
		// unbounded marks a call that cannot keep the bound: its figure is
		// logged, not checked, from one run (encoding/json makes it slow
		// under the race detector).
		unbounded bool
	}{
		{name: "a text block of control characters", setup: func(*testing.T) (int, func() error) {
			s := controls()
			opt := result.Content(content.Text(s))
			return len(s), func() error { return builtErr(result.Tool(opt)) }
		}},
		{name: "b structured content, control characters, no content", setup: func(*testing.T) (int, func() error) {
			s := controls()
			opt := result.StructuredContent(s)
			return len(s), func() error { return builtErr(result.Tool(opt)) }
		}},
		{name: "c text block of plain ASCII", setup: func(*testing.T) (int, func() error) {
			s := strings.Repeat("a", hostileBytes)
			opt := result.Content(content.Text(s))
			return len(s), func() error { return builtErr(result.Tool(opt)) }
		}},
		{name: "d structured content {\"q\": quotes}", setup: func(*testing.T) (int, func() error) {
			s := quotes()
			opt := result.StructuredContent(map[string]any{"q": s})
			return len(s), func() error { return builtErr(result.Tool(opt)) }
		}},
		{name: "e1 FromValue(quotes)", setup: func(*testing.T) (int, func() error) {
			var s any = quotes()
			return hostileBytes, func() error { return builtErr(result.FromValue(s)) }
		}},
		{name: "e2 FromValue([]any{quotes})", setup: func(*testing.T) (int, func() error) {
			var v any = []any{quotes()}
			return hostileBytes, func() error { return builtErr(result.FromValue(v)) }
		}},
		{name: "f SerializeValue of a 64 MB-budget result", setup: func(t *testing.T) (int, func() error) {
			s := controls()
			r, err := result.Tool(result.Content(content.Text(s)), result.MaxJSONBytes(result.MaxMaxJSONBytes))
			if err != nil {
				t.Fatalf("building with maxJsonBytes %d: %v", result.MaxMaxJSONBytes, err)
			}
			v := r.AsValue()
			return len(s), func() error {
				_, err := vectortest.SerializeValue(result.Settings{}, v, content.Null())
				return err
			}
		}},
		{name: "g Validate of a parsed value", setup: func(t *testing.T) (int, func() error) {
			text := `{"content":[{"type":"text","text":"` + strings.Repeat(`\u0001`, hostileBytes) + `"}],"isError":false,"resultType":"complete"}`
			v, err := content.ParseJSON([]byte(text))
			if err != nil {
				t.Fatalf("parsing: %v", err)
			}
			return hostileBytes, func() error { return reportErr(result.Validate(v, result.ValidateOptions{})) }
		}},
		{name: "h canonicalization json, struct (encoding/json)", unbounded: true, setup: func(*testing.T) (int, func() error) {
			s := controls()
			opts := []result.Option{result.StructuredContent(bigStruct{s}), result.WithCanonicalization(content.JSON)}
			return len(s), func() error { return builtErr(result.Tool(opts...)) }
		}},
	}

	const budget = result.DefaultMaxJSONBytes
	var table strings.Builder
	table.WriteString("\n| case | input bytes | allocated bytes | allocated / (input + maxJsonBytes) |\n|---|---:|---:|---:|\n")
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			size, call := tc.setup(t)
			runs := 3
			if tc.unbounded {
				runs = 1
			}
			alloc, err := allocated(runs, call)
			if !errors.Is(err, content.CodeMaxBytes) {
				t.Errorf("error %v, want max_bytes", err)
			}
			ratio := float64(alloc) / float64(size+budget)
			note := ""
			if tc.unbounded {
				note = " (not checked)"
			}
			fmt.Fprintf(&table, "| %s%s | %d | %d | %.3f |\n", tc.name, note, size, alloc, ratio)
			if !tc.unbounded && alloc > allocBoundFactor*uint64(size+budget) {
				t.Errorf("allocated %d bytes, more than %d × (input %d + maxJsonBytes %d)", alloc, allocBoundFactor, size, budget)
			}
		})
	}
	t.Log(table.String())
}
