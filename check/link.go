package check

import "github.com/mcpresult/mcpresult/internal/checklink"

func init() {
	checklink.EscapeText = escapeText
}
