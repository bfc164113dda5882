// Command clone is a user's program on packages of a clone of the
// repository: the docs test (runInClone) copies it into a new module beside
// the clone, runs the README's commands for a clone there, and runs it. It
// prints a result built natively, and whether the WebAssembly module, run
// by package host, writes the same bytes.
package main

import (
	"bytes"
	"context"
	"fmt"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/host"
	"github.com/mcpresult/mcpresult/result"
)

func main() {
	ctx := context.Background()
	native, err := result.Tool(result.Content(content.Text("from a clone")))
	if err != nil {
		panic(err)
	}
	h, err := host.New(ctx, host.Config{PoolSize: 1})
	if err != nil {
		panic(err)
	}
	defer h.Close(ctx)
	viaModule, err := h.Tool(ctx, result.Content(content.Text("from a clone")))
	if err != nil {
		panic(err)
	}
	fmt.Println(string(native.JSON()), bytes.Equal(native.JSON(), viaModule.JSON()))
}
