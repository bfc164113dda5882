package engine_test

import (
	"fmt"
	"time"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/engine"
)

// A free-form value is checked and canonicalized, then written as JSON.
func Example() {
	c := engine.NewChecker(engine.CheckOptions{Mode: content.JSON, MaxNodes: 1000, MaxBytes: 1 << 20})
	out := c.Free(content.FromGo(map[string]any{"when": time.Unix(0, 0).UTC(), "n": 1}), 2)
	if err := c.Err(); err != nil {
		fmt.Println(err)
		return
	}
	b, err := engine.AppendJSON(nil, out, content.Wire)
	fmt.Println(string(b), err)
	// Output: {"n":1,"when":"1970-01-01T00:00:00.000Z"} <nil>
}
