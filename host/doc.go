// Package host runs the mcpresult WebAssembly module with wazero, so that a
// Go program gets, through the module, byte for byte what package result
// gives natively, and what the JavaScript package gives in Node and at the
// edge from the very same module.
//
//	h, err := host.New(ctx, host.Config{CompilationCacheDir: dir})
//	if err != nil { … }
//	defer h.Close(ctx)
//	r, err := h.Tool(ctx, result.Content(content.Text("hello")))
//	b, err := h.Serialize(ctx, r, result.SerializeOptions{ProtocolVersion: "2025-06-18"})
//
// # Why a pool
//
// The module is compiled once per Host (about a second; tens of
// milliseconds with a compilation cache directory) and instantiated many
// times. An instance runs one call at a time, so a Host keeps a bounded pool
// of them, made on first need (GOMAXPROCS by default); a call waits for a
// free instance until its context is done. Each instance has the real clock
// and random source (wazero's defaults are a frozen clock and fixed bytes)
// and a memory limit. An instance that trapped, ran out of memory, or was
// interrupted is discarded and replaced; one whose linear memory grew past
// the high-water mark (WebAssembly memory never shrinks) is replaced after
// its call. A call that ran out of the instance's memory is answered with
// max_bytes, as a request too large to send is: the module decodes a
// request within its budget (package abi says what a request costs), so
// with the default limit of 1 GiB no request runs out, and a smaller
// Config.MemoryLimit only refuses the largest. Of what the module writes to
// its standard error, Config.Stderr gets one line per call.
//
// # Contexts and deadlines
//
// A call whose context is already done does not start, and a call whose
// context ends while it runs returns the context's error, never a result.
// By default a call that has started runs to its end: its work is bounded
// by the request size and the byte budget (a 100 KB result takes a few
// milliseconds), and letting wazero stop it at any instruction
// (Config.InterruptCalls, close-on-context-done) costs every call, because
// the compiled code then leaves the module at each loop iteration to look
// at the context, which makes a small build about 3.7 times slower. Hosts that take requests near the largest budget from
// untrusted callers, and need a deadline to cut one short, set it.
//
// # The same types
//
// Build, Tool, Resource, Serialize, Validate and OutputSchema mirror
// package result and return its *result.Result,
// *result.Report and *result.Error, so that the same Go inputs can be run
// natively and through the module and compared. SerializeValue,
// ValidateValue and OutputSchemaValue send the module's ops with options in
// wire names, as the ABI defines them. Call sends raw MessagePack
// requests of package abi, for hosts that already speak MessagePack. Go
// values in a request (maps, slices, structs in canonicalization json) are
// converted on the host side, as natively, before they are encoded: the
// module only sees MessagePack values.
//
// The embedded module (Module) is the one the npm package mcpresult ships,
// byte for byte, built reproducibly from package wasm of the same version:
// the same source and Go toolchain give the same bytes.
package host
