//go:build wasip1

package main

import (
	"unsafe"

	"github.com/mcpresult/mcpresult/abi"
	"github.com/mcpresult/mcpresult/content"
)

// buffers keeps every buffer handed to the host referenced until the host
// frees it: the garbage collector would otherwise reuse its memory while
// the host still reads or writes it. It is sorted by address (a slice, not
// a map: a map links hashing and map code into the module).
var buffers []buffer

type buffer struct {
	p uint32
	b []byte
}

// find returns where p is, or would be, in buffers, and whether it is there.
func find(p uint32) (int, bool) {
	lo, hi := 0, len(buffers)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if buffers[m].p < p {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo, lo < len(buffers) && buffers[lo].p == p
}

// keep registers b and returns its address in linear memory.
func keep(b []byte) uint32 {
	if cap(b) == 0 {
		b = make([]byte, 0, 1) // a distinct address, not the zero-size one
	}
	p := uint32(uintptr(unsafe.Pointer(unsafe.SliceData(b[:cap(b)]))))
	i, ok := find(p)
	if ok {
		buffers[i].b = b
		return p
	}
	buffers = append(buffers, buffer{})
	copy(buffers[i+1:], buffers[i:])
	buffers[i] = buffer{p, b}
	return p
}

//go:wasmexport mcpresult_abi_version
func abiVersion() int32 { return abi.Version }

// mcpresult_alloc returns a buffer of size bytes for a request, or 0 for a
// negative size or one above abi.MaxRequest.
//
//go:wasmexport mcpresult_alloc
func alloc(size int32) int32 {
	if size < 0 || size > abi.MaxRequest {
		return 0
	}
	if spare != nil && cap(spare) >= int(size) {
		b := spare[:size]
		spare = nil
		return int32(keep(b))
	}
	return int32(keep(make([]byte, size)))
}

// spare is the last request buffer freed, up to maxSpare: the next
// request of no more bytes is written into it rather than into a new
// allocation, which the module would clear and its collector sweep (a
// host sends one request after another, of similar sizes: a server's
// 100 KB results among them).
// Its old bytes are never read: the host writes the request over them and
// the call reads no further.
var spare []byte

// maxSpare is the largest buffer kept as the spare.
const maxSpare = 256 << 10

// mcpresult_free releases a buffer from mcpresult_alloc or a response;
// an unknown or already freed pointer does nothing.
//
//go:wasmexport mcpresult_free
func free(ptr int32) {
	if i, ok := find(uint32(ptr)); ok {
		if b := buffers[i].b; cap(b) <= maxSpare && cap(b) > cap(spare) {
			spare = b
		}
		copy(buffers[i:], buffers[i+1:])
		buffers[len(buffers)-1] = buffer{} // drop the reference
		buffers = buffers[:len(buffers)-1]
	}
}

// mcpresult_call runs op on the n bytes of the request at ptr and returns
// the response's address in the high 32 bits and its length in the low 32;
// the host frees it. A pointer or length that is not a buffer of
// mcpresult_alloc is answered with invalid_request.
//
//go:wasmexport mcpresult_call
func call(op, ptr, n int32) int64 {
	var resp []byte
	if i, ok := find(uint32(ptr)); !ok || n < 0 || int(n) > len(buffers[i].b) {
		resp = abi.AppendError(nil, content.NewError(content.CodeInvalidRequest, "", "the request is not in a buffer of mcpresult_alloc"))
	} else {
		resp = handle(op, buffers[i].b[:n])
	}
	return int64(keep(resp))<<32 | int64(len(resp))
}

func main() {}
