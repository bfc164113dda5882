// Command wasm is the mcpresult WebAssembly module: packages content and
// result behind the MessagePack ABI of package abi, built as a WASI reactor
// with
//
//	GOOS=wasip1 GOARCH=wasm go build -buildmode=c-shared -trimpath -buildvcs=false -ldflags='-s -w' -o host/mcpresult.wasm ./wasm
//
// and the Go toolchain named in go.mod, with CGO_ENABLED=0 and GOWASM,
// GOEXPERIMENT and GOFLAGS cleared: the same source then gives the same bytes, which is how
// the module embedded in package host can be checked against its source.
//
// It exports memory, _initialize (which the host runs once, before any other
// export), mcpresult_abi_version() i32, mcpresult_alloc(size i32) i32,
// mcpresult_free(ptr i32) and mcpresult_call(op i32, ptr i32, len i32) i64.
// A host allocates a request buffer, writes the request, calls, reads the
// response (its address in the high 32 bits of the result, its length in
// the low 32), and frees both pointers. Freeing an unknown or already freed
// pointer does nothing; every buffer stays referenced by the module until
// it is freed, so that the garbage collector never reuses memory the host
// still reads.
//
// The module never traps on any input: a malformed request, a budget
// overrun and even an internal panic are error responses, and it writes
// nothing to stdout or stderr. Only the export shims are specific to
// wasip1; the dispatch is plain Go (internal/guest's Handle), which also runs
// natively, so the module and the native packages can be compared call for
// call.
//
// It imports none of fmt, reflect, encoding/json, regexp, net/url, time,
// context or os: each would add hundreds of kilobytes to a module whose
// size is budgeted.
package main
