// Package abi is the contract between the mcpresult WebAssembly module and
// its hosts: the op numbers, the MessagePack shapes of requests and
// responses, the versions and the limits, with what a host in Go needs to
// speak it: Request and AppendRequest to write a request, ParseResponse to
// read the response, AppendError for the answers a host gives itself. The
// Go host (package host) is one; a host in another language implements the
// same contract, and testdata/abi holds the exact bytes of a call of each
// kind to check it against.
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
//	op 2 build         {kind, input, settings?, inherit?, serialize?, refs?}  {ok, json, settings}, with serialize also wire, with refs maybe refs
//	                   (kind: tool, resource, error, value; appResource, appToolMeta since minor 4)
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
// (info) first. The build key serialize is new in minor version 2: its
// value is serialize options, and the response then carries wire, the
// built result written with them exactly as a serialize of it writes it,
// in the same call (an error of those options is the build's error): a
// string, or, where that JSON is json itself, 1, and where it is json
// with "resultType":"complete" as its first member, 2 (WireBuilt,
// WireResultType). A module of an older minor version answers it with
// invalid_request.
//
// The build key refs is new in minor version 3: a positive integer n, by
// which a host says that it would rather have the long strings of its
// input back by reference than written again. The module may then answer
// a string of the input of n bytes or more, which it has checked and
// whose JSON it has counted against the budget, as an empty string "" in
// json (and so in a wire of 1 or 2), with the response key refs: a flat
// array of three values a string, where its MessagePack starts in the
// request, where its "" starts in json, and its JSON Pointer in the built
// result (Ref). A host whose caller handed it that string (a JavaScript
// host: its caller's own string) puts it in place in the parsed result,
// and so neither decodes nor parses it; Response.Resolve writes it into
// the JSON. Whether a string goes by reference is the module's to choose
// (today: a field of a content block or of resource contents, in the
// module's one pass); without refs in the response, json is whole. A
// refs that is not a positive integer is invalid_request at /refs; a
// module of an older minor version answers any refs with invalid_request.
//
// The build kinds appResource and appToolMeta are new in minor version 4:
// the two objects of an MCP App (the extension io.modelcontextprotocol/ui),
// checked by the module's rules and answered as {ok, json, settings}, json
// being the object built rather than a result: for appResource {uri, html,
// csp?, permissions?, domain?, prefersBorder?, meta?, openai?} the resource
// contents of the app's page, for appToolMeta {resourceUri, visibility?,
// openai?, meta?} the _meta object of the tool that shows it. Such a build
// takes no serialize (invalid_request at /serialize), and refs changes
// nothing of it. A module of an older minor version answers these kinds
// with invalid_option at /kind, so a host that needs them checks abiMinor
// (info) first.
//
// Every failure is {ok: false, error: {code, path, message}}, ok first: the
// op's own codes (the same as natively), unknown_op for another op number,
// invalid_request (with a path) for bytes that are not a map of the op's
// shape (a key the op does not have, a repeated key, a missing required
// key, a kind that is not a string, an inherit that is not a boolean),
// internal for a fault of the module itself. Serialize, validate and
// outputSchema report an error of the call's own options (IsCallError)
// before any fault of the value, the budget's included.
//
// # Memory
//
// What a call costs is bounded by its request and its settings, whatever
// the request declares. The module checks the whole of a request before it
// builds anything (so an unknown or repeated key is refused before its
// value is read, and malformed bytes anywhere are invalid_request), then
// reads the settings and options (at most MaxSmallValues values each) and
// the input within the settings' budget: at most min(maxNodes,
// (maxJsonBytes+1)/2) values, since n JSON values take at least 2n-1
// bytes, and NodeAllowance more for the request's own options. A container
// that declares more than that is refused before anything is allocated for
// it; an input past it is max_nodes or max_bytes (whichever bound is lower)
// at "", and validate reports that error beside the findings of what it
// read (leaving out what only the unread part could answer: a member said
// to be missing from a container it did not read to its end). An input of
// a build of kind value is bounded by maxJsonBytes only, and a build's own
// maxJsonBytes counts when it is the larger. Object keys are not counted,
// as natively: each has its value.
//
// A request of r bytes with settings maxJsonBytes B grows an instance's
// linear memory by at most
//
//	4 × (r + B) + 24 MiB
//
// whatever its shape and maxNodes: the module holds a large input packed,
// at four or eight bytes a value beside the request's own bytes, and n
// values take at least n bytes of request and 2n-1 bytes of JSON, so their
// entries fit in the first term beside the request itself and the JSON
// written. Every request up to MaxRequest, of any shape, to any op, is
// answered in an instance of the Go host's default memory limit (1 GiB). A
// host that sets a lower limit may still see a request run out of memory:
// the Go host answers it with max_bytes and replaces the instance (package
// host).
//
// # Why MessagePack
//
// MessagePack carries what JSON cannot (binary data, timestamps, integer
// keys, duplicate keys) to the checks, which report them exactly as they do
// for Go values. The module reads it with a small reflection-free codec of
// its own (the reference codec, github.com/vmihailenco/msgpack/v5, links
// reflection, which would add more than a megabyte to the module), checked
// against msgpack/v5 in both directions; the bytes of every op's requests
// and responses are pinned by the fixtures of testdata/abi: a change to
// them is a change of Version or Minor.
//
// # Example
//
// A host writes a request, calls mcpresult_call with it, and reads the
// response (the package's Example runs this with the bytes the module
// answers):
//
//	req := abi.AppendRequest(nil, &abi.Request{Op: abi.OpBuild, Kind: "tool", Input: input})
//	// … write req into the module's memory, call mcpresult_call(2, ptr, len), read resp …
//	res, err := abi.ParseResponse(abi.OpBuild, resp) // res.OK, res.JSON, res.Settings; or res.Err
package abi
