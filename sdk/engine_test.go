package sdk_test

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/mcpresult/mcpresult/host"
	"github.com/mcpresult/mcpresult/result"
	"github.com/mcpresult/mcpresult/sdk"
)

// counting is an Engine that writes with package result and counts the
// calls the adapter makes.
type counting struct{ serialize, outputSchema atomic.Int32 }

func (c *counting) Serialize(_ context.Context, r *result.Result, o result.SerializeOptions) ([]byte, error) {
	c.serialize.Add(1)
	return result.Serialize(r, o)
}

func (c *counting) OutputSchema(_ context.Context, schema any, protocolVersion string) ([]byte, error) {
	c.outputSchema.Add(1)
	return result.OutputSchema(schema, protocolVersion)
}

// TestEngine: the adapter writes every result and every output schema
// through Options.Engine, and natively when it is nil or a nil pointer.
func TestEngine(t *testing.T) {
	want := `{"content":[{"type":"text","text":"[1,2]"}],"structuredContent":{"result":[1,2]},"isError":false}`
	var unset *host.Host
	counted := &counting{}
	for _, tc := range []struct {
		name   string
		engine sdk.Engine
	}{
		{"counting", counted},
		{"nil", nil},
		{"nil *host.Host", unset},
	} {
		t.Run(tc.name, func(t *testing.T) {
			log := &privateLog{}
			s := newServer(t, tc.engine, log)
			c := connect(t, s, "2025-11-25", false)
			if got := c.tool(t, "", "array", map[string]any{}); got != want {
				t.Errorf("got  %s\nwant %s", got, want)
			}
			if _, err := c.call(t, "", "tools/list", map[string]any{}); err != nil {
				t.Fatal(err)
			}
			if errs := log.take(); len(errs) > 0 {
				t.Errorf("OnError got %v", errs)
			}
			if tc.engine == counted && (counted.serialize.Load() != 1 || counted.outputSchema.Load() == 0) {
				t.Errorf("the engine wrote %d results and %d output schemas, want 1 and at least 1", counted.serialize.Load(), counted.outputSchema.Load())
			}
		})
	}
}
