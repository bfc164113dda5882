package result_test

import (
	"strings"
	"testing"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/vectortest"
	"github.com/mcpresult/mcpresult/result"
)

// TestRefusedWritesReturnNothing gives every writing entry point a value
// whose JSON passes the byte budget only once it is escaped (the buffer is
// sized by an estimate, so the writer starts and then stops): each returns
// the max_bytes error and no bytes at all, never the part written before
// it stopped, natively as through the module.
func TestRefusedWritesReturnNothing(t *testing.T) {
	quotes := strings.Repeat(`"`, 300) // 300 bytes, 600 once escaped
	s := result.Settings{MaxJSONBytes: result.MinMaxJSONBytes}
	opts := content.Null()
	for _, tc := range []struct {
		name string
		run  func() ([]byte, error)
	}{
		{"OutputSchemaValue", func() ([]byte, error) {
			return vectortest.OutputSchemaValue(s, map[string]any{"type": "object", "description": quotes}, opts)
		}},
		{"SerializeValue", func() ([]byte, error) {
			return vectortest.SerializeValue(s, map[string]any{"content": []any{map[string]any{"type": "text", "text": quotes}}}, opts)
		}},
		{"Build", func() ([]byte, error) {
			r, err := result.Build(result.KindTool, content.NewObject(content.Str("content", content.Text(quotes).AsValue())), result.BuildOptions{Settings: s})
			if r != nil {
				return r.JSON(), err
			}
			return nil, err
		}},
	} {
		out, err := tc.run()
		if !isCode(err, content.CodeMaxBytes) || out != nil {
			t.Errorf("%s: %q, %v; want no bytes and max_bytes", tc.name, out, err)
		}
	}
}

func isCode(err error, code content.Code) bool {
	e, ok := err.(*content.Error)
	return ok && e.Code == code
}
