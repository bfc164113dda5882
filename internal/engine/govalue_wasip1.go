//go:build wasip1

package engine

import "github.com/mcpresult/mcpresult/content"

// fromGo is the guest's version: the WebAssembly module only ever sees
// MessagePack values (a Value wrapped by FromGo, at most), so it carries no
// conversion of Go types, no reflection and no encoding/json.
func (c *Checker) fromGo(g any) (content.Value, string) {
	if v, ok := fromGoValue(g); ok {
		return v, ""
	}
	return content.Value{}, "this Go type is not supported inside the WebAssembly module"
}
