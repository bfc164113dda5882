package engine

import (
	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/packed"
)

// How the checks read a request's input held packed (see internal/packed;
// content sets these when it is initialized, before this package).
var (
	isPacked = packed.IsPacked.(func(content.Value) bool)
	jsonView = packed.JSONView.(func(content.Value) content.Value)
)
