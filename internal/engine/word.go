//go:build (amd64 || arm64 || 386 || ppc64le || loong64 || wasm) && !purego

package engine

import (
	"slices"
	"unsafe"
)

// word reads the eight bytes of s at i (i+8 <= len(s)) as a little-endian
// word in one load: these machines are little-endian and load from any
// address (WebAssembly included, where the compiler does not merge the
// byte loads of the portable form into one).
func word(s string, i int) uint64 {
	return *(*uint64)(unsafe.Add(unsafe.Pointer(unsafe.StringData(s)), i))
}

// appendWord appends the eight bytes of x, a word as word reads it, in one
// store.
func appendWord(dst []byte, x uint64) []byte {
	if cap(dst)-len(dst) < 8 {
		dst = slices.Grow(dst, 8)
	}
	n := len(dst)
	*(*uint64)(unsafe.Pointer(unsafe.SliceData(dst[n : n+8]))) = x
	return dst[:n+8]
}

// storeWord writes the eight bytes of x, a word as word reads it, at
// out[n:n+8] (within cap(out)) in one store.
func storeWord(out []byte, n int, x uint64) {
	*(*uint64)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(out)), n)) = x
}
