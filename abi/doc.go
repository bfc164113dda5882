// Package abi is the contract between the mcpresult WebAssembly module and
// its hosts: the op numbers, the MessagePack shapes of requests and
// responses, the versions, and a small reflection-free codec that reads
// MessagePack straight into content.Value. It is plain Go, shared by the
// module (package wasm) and the Go host (package host); a host in another
// language implements the same contract.
//
// # Exports
//
// The module is a WASI reactor. It exports memory, _initialize (which the
// host runs once, before any other export), mcpresult_abi_version() i32
// (Version), mcpresult_alloc(size i32) i32, mcpresult_free(ptr i32) and
// mcpresult_call(op i32, ptr i32, len i32) i64. A host allocates a buffer,
// writes the request into it, calls, and reads the response at the address
// in the high 32 bits of the result, of the length in the low 32; then it
// frees both buffers. mcpresult_alloc gives 0 for a request larger than
// MaxRequest. The module never traps on any input: a malformed request, a
// budget overrun and even an internal fault are error responses; and it
// writes nothing to its standard output or standard error.
//
// # Ops
//
// Requests and responses are MessagePack maps with string keys:
//
//	op 1 info          {}                                    {ok, module, abi, abiMinor, protocolVersions, latestProtocolVersion, settings}
//	op 2 build         {kind, input, settings?, inherit?}    {ok, json, settings}
//	op 3 serialize     {result, options?, settings?}         {ok, json}
//	op 4 validate      {value, options?, settings?}          {ok, valid, errors, warnings}
//	op 5 outputSchema  {schema, options?, settings?}         {ok, json}, or {ok} for a revision without outputSchema
//
// Settings, options and build requests are in the wire names of MCP and of
// package result's Go types, each given at most once:
//
//	settings              {maxJsonBytes, maxNodes, maxDepth, canonicalization}  (ranges of result.Settings; maxDepth only 64)
//	serialize options     {protocolVersion, format: "wire"|"jcs", finalize: true|false|{serverInfo: {name, version}, ttlMs, cacheScope}, unsupported: "convert"|"error"}
//	validate options      {kind: "tool"|"resource", protocolVersion, stage: "wire"|"handler"}
//	outputSchema options  {protocolVersion}
//
// An unknown key is unknown_option, a repeated one duplicate_option, a
// value of the wrong type or out of range invalid_option at its path, an
// unknown protocol version unsupported_protocol_version. The serialize op
// checks its result as a built result first (a protocol-owned field in it
// is protocol_owned_field).
//
// Op 5 is new in minor version 1 (Minor): a module of minor version 0
// answers it with unknown_op, so a host that needs it checks abiMinor
// (info) first.
//
// Every failure is {ok: false, error: {code, path, message}}, ok first: the
// op's own codes (the same as natively), unknown_op for another op number,
// invalid_request (with a path) for bytes that are not a map of the op's
// shape, internal for a fault of the module itself. Handle is the dispatch
// the module runs; a host compares the module with it.
//
// # Memory
//
// What a call costs is bounded by its request and its settings, whatever
// the request declares. The module reads a request in two steps: it first
// checks the whole of it without building anything (so an unknown or
// repeated key is refused before its value is read, and malformed bytes
// anywhere are invalid_request), then decodes the settings and options (at
// most MaxSmallValues values each) and the input within the settings'
// budget: at most min(maxNodes, (maxJsonBytes+1)/2) values, since n JSON
// values take at least 2n-1 bytes, and NodeAllowance more for the request's
// own options. A container that declares more than that is refused before
// anything is allocated for it; an input past it is max_nodes or max_bytes
// (whichever bound is lower) at "", and validate reports that error beside
// the findings of what it read (leaving out what only the unread part
// could answer: a member said to be missing from a container it did not
// read to its end). An input of a build of kind value is bounded by
// maxJsonBytes only, and a build's own maxJsonBytes counts when it is the
// larger. Object keys are not counted, as natively: each has its value.
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
// A request of r bytes with settings maxJsonBytes B grows an instance's
// linear memory by at most
//
//	4 × (r + B) + 24 MiB
//
// whatever its shape and maxNodes: n values take at least n bytes of
// request and 2n-1 bytes of JSON, so their entries fit in the first term
// beside the request itself and the JSON written. Every request up to
// MaxRequest, of any shape, to any op, is answered in an instance of the
// Go host's default memory limit (1 GiB). A host that sets a lower limit
// may still see a request run out of memory: the Go host answers it with
// max_bytes and replaces the instance (package host).
//
// # One pass
//
// Handle answers the build requests of a tool or resource result and the
// serialize requests of a built result that servers send most in one pass,
// from the request's MessagePack to the response, without a value tree
// (see the internal engine's OnePass): members in the order they are
// written, plain JSON values, no per-call option, a revision that changes
// nothing of the result but what a finalize adds. Any other request, and
// any request with a fault, takes the general path, which the above
// describes. The two answer with the same bytes; the tests run every
// vector's request through both, and a fuzz target compares them. The one
// pass keeps within the same memory: what it writes is bounded by the
// settings' maxJsonBytes, read before the input.
//
// # Why MessagePack
//
// Why MessagePack, and why a codec of its own: MessagePack carries what JSON
// cannot (binary data, timestamps, integer keys, duplicate keys) to the
// checks, which report them exactly as they do for Go values, and the
// reference codec github.com/vmihailenco/msgpack/v5 links reflection, which
// would add more than a megabyte to the module. This codec is checked
// against msgpack/v5 in both directions, and the bytes of every op's
// requests and responses are pinned: a change to them is a change of
// Version or Minor.
//
// # Example
//
//	req := abi.AppendRequest(nil, &abi.Request{Op: abi.OpBuild, Kind: "tool", Input: input})
//	res, err := abi.ParseResponse(abi.OpBuild, abi.Handle(abi.OpBuild, req))
package abi
