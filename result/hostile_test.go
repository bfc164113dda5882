package result_test

import (
	"errors"
	"slices"
	"strconv"
	"testing"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/engine"
	"github.com/mcpresult/mcpresult/internal/pointer"
	"github.com/mcpresult/mcpresult/internal/resultlink"
	"github.com/mcpresult/mcpresult/result"
)

// TestHostileInputs feeds large and deep values: every call ends with a
// bounded, well-formed answer (an algorithm quadratic in the number of keys
// would make this test time out).
func TestHostileInputs(t *testing.T) {
	text := content.Text("x").AsValue()
	many := []content.Member{content.Str("content", content.NewArray(text))}
	for i := 0; i < 200_000; i++ {
		many = append(many, content.Str("k"+strconv.Itoa(i), content.NewInt(1)))
	}
	rep, err := result.Validate(content.NewObject(many...), result.ValidateOptions{ProtocolVersion: result.V20250618})
	// Extra fields only warn, but their values count in the budget.
	if err != nil || rep.Valid || len(rep.Errors) != 1 || rep.Errors[0].Code != "max_nodes" || len(rep.Warnings) != resultlink.MaxFindings {
		t.Fatalf("200,000 extra fields: %v, valid %v, %d errors, %d warnings", err, rep.Valid, len(rep.Errors), len(rep.Warnings))
	}
	if _, err := result.Build(result.KindTool, content.NewObject(many...), result.BuildOptions{}); err == nil {
		t.Fatal("extra options must be refused")
	}

	block := []content.Member{content.Str("type", content.NewString("text"))}
	for i := 0; i < 200_000; i++ {
		block = append(block, content.Str("text", content.NewString("x")))
	}
	rep, _ = result.Validate(content.NewObject(content.Str("content", content.NewArray(content.NewObject(block...)))),
		result.ValidateOptions{ProtocolVersion: result.V20250618})
	// One finding per place: the repeated key once, and the budget.
	if rep.Valid || len(rep.Errors) != 2 || rep.Errors[0].Code != "duplicate_key" || rep.Errors[0].Path != "/content/0/text" || rep.Errors[1].Code != "max_nodes" {
		t.Fatalf("200,000 duplicate keys: %v", rep.Errors)
	}

	deep := content.NewInt(1)
	for i := 0; i < 100_000; i++ {
		deep = content.NewArray(deep)
	}
	_, err = result.Tool(result.StructuredContent(deep))
	if e := asError(err); e == nil || e.Code != "max_depth" || len(e.Path) > pointer.MaxPathBytes {
		t.Fatalf("deep structured content: %v", err)
	}
	if _, err := result.FromValue(deep); err == nil {
		t.Fatal("an ordinary value deeper than MaxParseDepth must be refused")
	}

	// Shared Go values: 2^40 paths through 40 slices. The node bound stops
	// the walk long before.
	var shared any = 1
	for i := 0; i < 40; i++ {
		shared = []any{shared, shared}
	}
	if _, err := result.FromValue(shared); err == nil {
		t.Fatal("a value of 2^40 nodes must be refused")
	}

	wide := make([]content.Value, 200_000)
	for i := range wide {
		wide[i] = content.NewInt(int64(i))
	}
	_, err = result.Tool(result.StructuredContent(content.NewArray(wide...)))
	if e := asError(err); e == nil || e.Code != "max_nodes" || e.Path != "" {
		t.Fatalf("wide structured content: %v", err)
	}
}

// TestHostileGoValues: Go values whose converted form would be far larger
// than their input (a wide slice, a shared tree, a deep Value) stop at the
// budget before they are converted, and never exhaust the stack.
func TestHostileGoValues(t *testing.T) {
	wide := make([]any, 5_000_000)
	alloc, err := allocated(1, func() error { _, err := result.Tool(result.StructuredContent(wide)); return err })
	if !errors.Is(err, content.CodeMaxNodes) || alloc > 1<<20 {
		t.Errorf("a slice of 5,000,000 values: %v, %d bytes allocated", err, alloc)
	}
	wideMap := make(map[string]int, 300_000)
	for i := range 300_000 {
		wideMap[strconv.Itoa(i)] = i
	}
	alloc, err = allocated(1, func() error { _, err := result.Tool(result.StructuredContent(wideMap)); return err })
	if !errors.Is(err, content.CodeMaxNodes) || alloc > 1<<20 {
		t.Errorf("a map of 300,000 entries: %v, %d bytes allocated", err, alloc)
	}

	// 2^60 paths through 60 shared slices: as an ordinary value it is only
	// text, bounded by the byte budget (n values need 2n-1 bytes).
	var shared any = 0
	for range 60 {
		shared = []any{shared, shared}
	}
	alloc, err = allocated(1, func() error { _, err := result.FromValue(shared); return err })
	if !errors.Is(err, content.CodeMaxBytes) || alloc > 2*result.DefaultMaxJSONBytes*100 {
		t.Errorf("a shared tree as an ordinary value: %v, %d bytes allocated", err, alloc)
	}
	for _, s := range []result.Settings{{}, {MaxNodes: result.MaxMaxNodes}} {
		rep, err := result.Validate(map[string]any{"content": []any{}, "x": shared}, result.ValidateOptions{Settings: s})
		if err != nil || rep.Valid || len(rep.Errors) != 1 || rep.Errors[0].Path != "" {
			t.Errorf("a shared tree in Validate (%+v): %v %v", s, err, rep.Errors)
		}
	}

	deep := content.NewInt(1)
	for range 3_000_000 {
		deep = content.NewArray(deep)
	}
	rep, err := result.Validate(content.NewObject(content.Str("content", deep)), result.ValidateOptions{Settings: result.Settings{MaxNodes: result.MaxMaxNodes}})
	if err != nil || rep.Valid || !slices.ContainsFunc(rep.Errors, func(e *result.Error) bool { return e.Code == "max_depth" }) {
		t.Errorf("3,000,000 levels in Validate: %v %v", err, rep.Errors)
	}
	if engine.EqualJSON(deep, deep) || content.Equal(deep, deep) {
		t.Error("EqualJSON and Equal of values deeper than MaxParseDepth must be false")
	}
	if _, err := engine.AppendJSON(nil, deep, content.Wire); !errors.Is(err, content.CodeMaxDepth) {
		t.Errorf("AppendJSON of 3,000,000 levels: %v", err)
	}
	if _, err := (engine.Budget{}).Measure(deep); !errors.Is(err, content.CodeMaxDepth) {
		t.Errorf("Measure of 3,000,000 levels: %v", err)
	}
}
