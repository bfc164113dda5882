package check

import "github.com/mcpresult/mcpresult/internal/checklink"

// init gives the command, through internal/checklink, the escape it
// prints what a server or a calls file chose with.
func init() {
	checklink.EscapeText = escapeText
}
