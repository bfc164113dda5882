package main

import "github.com/mcpresult/mcpresult/abi"

// handle answers one call: the ABI's dispatch, abi.Handle, which never
// panics.
func handle(op int32, req []byte) []byte { return abi.Handle(abi.Op(op), req) }
