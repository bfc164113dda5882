package engine_test

import (
	"testing"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/engine"
)

// TestBudgetAppendJSONSizingKeepsTheCode writes values that are not plain
// JSON (a non-string key, bytes) near the budget into a nil buffer, which
// AppendJSON sizes itself, and into one of the caller's: the writer's own
// code either way, never a max_bytes that measuring their converted form
// would give.
func TestBudgetAppendJSONSizingKeepsTheCode(t *testing.T) {
	for _, tc := range []struct {
		v      content.Value
		budget engine.Budget
		format content.Format
	}{
		{content.NewObject(content.Member{Key: content.NewInt(48), Value: content.NewString("000")}), engine.Budget{MaxBytes: 11}, content.Wire},
		{content.NewBytes([]byte("0")), engine.Budget{MaxBytes: 5}, content.JCS},
	} {
		_, errNil := tc.budget.AppendJSON(nil, tc.v, tc.format)
		_, errBuf := tc.budget.AppendJSON(make([]byte, 0, 64), tc.v, tc.format)
		a, _ := errNil.(*content.Error)
		b, _ := errBuf.(*content.Error)
		if a == nil || b == nil || a.Code != b.Code {
			t.Errorf("%v: nil buffer %v, caller's buffer %v", tc.v, errNil, errBuf)
		}
	}
}
