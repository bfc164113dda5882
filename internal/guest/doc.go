// Package guest is the WebAssembly module's dispatch: Handle answers one
// call of the ABI (package abi states the contract) as the module does. It
// reads the op's request, runs the op exactly as package result runs it
// natively, and writes the response. It is plain Go: the module (package
// wasm) calls it from its exports, and the tests, the fixtures' generator
// (internal/cmd/abigen) and the Go host's tests run it natively to compare
// the module with it, call for call.
//
// # Reading a request
//
// A request is read in two steps. The first checks the whole of it with a
// codec.Reader, building nothing, so an unknown or repeated key is refused
// before its value is read and malformed bytes anywhere are
// invalid_request. The second decodes the settings and options and then
// the input within the settings' budget (abi's package doc, under Memory,
// gives the bound and why it holds).
//
// The input is held packed: its MessagePack bytes as they came, and one
// four-byte entry for each item of an array or map (and one for the array
// or map itself), read through the same content.Value accessors the checks
// use; a scalar is read from the bytes when it is looked at. The decode
// reads the input twice, first to count the entries and to find where the
// budget ends it (a request past the budget is refused then, with nothing
// allocated), then to fill one allocation of exactly that size. A value
// thus costs four or eight bytes where a tree of Values would cost 24 and
// more, and canonicalization converts what it must (bytes, timestamps,
// integer keys) as it is read rather than into a copy. An input of less
// than 16 KiB, the common case, is decoded as a tree in one pass instead,
// which is faster to read; what it costs is part of the fixed overhead.
//
// # One pass
//
// Handle answers the build requests of a tool or resource result and the
// serialize requests of a built result that servers send most in one pass,
// from the request's MessagePack to the response, without a value tree
// (see the engine's OnePass): members in the order they are written, plain
// JSON values, no per-call option, a revision that changes nothing of the
// result but what a finalize adds. Any other request, and any request with
// a fault, takes the general path, which the above describes. The two
// answer with the same bytes (but for a build with refs, whose long string
// fields the one pass alone answers by reference: resolved, its response
// is the general path's); the tests run every vector's request through
// both, and a fuzz target compares them. The one pass keeps within the
// same memory: what it writes is bounded by the settings' maxJsonBytes,
// read before the input.
//
//	resp := guest.Handle(abi.OpBuild, abi.AppendRequest(nil, &abi.Request{Op: abi.OpBuild, Kind: "tool", Input: input}))
//	res, err := abi.ParseResponse(abi.OpBuild, resp)
package guest
