package guest_test

import (
	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/codec"
	"github.com/mcpresult/mcpresult/internal/msgpacktest"
)

// Shorthands of package msgpacktest, and of values.
var (
	hx            = msgpacktest.Hex
	obj           = msgpacktest.Obj
	asError       = msgpacktest.AsError
	wantError     = msgpacktest.WantError
	checkError    = msgpacktest.CheckError
	knownCode     = msgpacktest.KnownCode
	firstKeyOK    = msgpacktest.FirstKeyOK
	msgpackEncode = msgpacktest.Encode
	goOf          = msgpacktest.GoOf

	null = content.Null()
	i64  = content.NewInt
	str  = content.NewString
	arr  = content.NewArray
)

type omap = msgpacktest.Map

func bin(data string) content.Value { return content.NewBytes([]byte(data)) }

func enc(v content.Value) []byte { return codec.AppendValue(nil, v) }
