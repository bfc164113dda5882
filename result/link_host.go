//go:build !wasip1

package result

import (
	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/resultlink"
)

// What only the Go host reaches through package resultlink (the module
// never makes a Result of JSON it did not build, nor a request of Go
// options, so its build leaves these out).
func init() {
	resultlink.Request = func(opts any) content.Value { return request(opts.([]Option)) }
	resultlink.New = func(kind string, v content.Value, json []byte, s resultlink.Settings) any {
		return &Result{kind: kind, v: v, json: json, settings: Settings(s)}
	}
}
