package abi_test

import (
	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/msgpacktest"
)

// Shorthands of package msgpacktest, and of values.
var (
	hx            = msgpacktest.Hex
	obj           = msgpacktest.Obj
	msgpackEncode = msgpacktest.Encode
	goOf          = msgpacktest.GoOf
	firstKeyOK    = msgpacktest.FirstKeyOK

	i64 = content.NewInt
	str = content.NewString
	arr = content.NewArray
)

type (
	omap = msgpacktest.Map
	pair = msgpacktest.Pair
)
