package result_test

import (
	"strconv"
	"testing"

	"github.com/mcpresult/mcpresult/content"
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
	if err != nil || rep.Valid || len(rep.Errors) != 1 || rep.Errors[0].Code != "max_nodes" || len(rep.Warnings) != result.MaxFindings {
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
	if rep.Valid || len(rep.Errors) != result.MaxFindings {
		t.Fatalf("200,000 duplicate keys: %d errors", len(rep.Errors))
	}

	deep := content.NewInt(1)
	for i := 0; i < 100_000; i++ {
		deep = content.NewArray(deep)
	}
	_, err = result.Tool(result.StructuredContent(deep))
	if e := asError(err); e == nil || e.Code != "max_depth" || len(e.Path) > content.MaxPathBytes {
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
