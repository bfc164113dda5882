// Package resultlink lets the Go host make a result.Result of the JSON the
// WebAssembly module wrote, without package result exporting a constructor
// that skips its checks: result sets New when it is initialized, and only
// packages of this module can reach it.
package resultlink

import "github.com/mcpresult/mcpresult/content"

// New returns a *result.Result (as any) of a result the module built and
// checked: its kind, its value and JSON, and the settings it was built with
// (maxJsonBytes, maxNodes, canonicalization).
var New func(kind string, v content.Value, json []byte, maxJSONBytes, maxNodes int, mode content.Canonicalization) any
