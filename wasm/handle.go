package main

import (
	"github.com/mcpresult/mcpresult/abi"
	"github.com/mcpresult/mcpresult/internal/guest"
)

// handle answers one call: the ABI's dispatch, guest.Handle, which never
// panics.
func handle(op int32, req []byte) []byte { return guest.Handle(abi.Op(op), req) }
