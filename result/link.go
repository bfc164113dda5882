package result

import (
	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/resultlink"
)

func init() {
	resultlink.New = func(kind string, v content.Value, json []byte, maxJSONBytes, maxNodes int, mode content.Canonicalization) any {
		return &Result{kind: kind, v: v, json: json, settings: Settings{MaxJSONBytes: maxJSONBytes, MaxNodes: maxNodes, Canonicalization: mode}}
	}
}

// Settings returns the settings the result was built with (the runtime's,
// with the call's own maxJsonBytes and canonicalization): Serialize checks
// the budget again with them.
func (r Result) Settings() Settings { return r.settings }

// Request returns the build request that options make, in wire names: what
// Tool, Resource and FromValue hand to Build, and what a host sends to the
// WebAssembly module to build the same result there.
func Request(opts ...Option) content.Value { return request(opts) }
