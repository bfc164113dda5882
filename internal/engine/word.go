//go:build (amd64 || arm64 || 386 || ppc64le || loong64 || wasm) && !purego

package engine

import "unsafe"

// word reads the eight bytes of s at i (i+8 <= len(s)) as a little-endian
// word in one load: these machines are little-endian and load from any
// address (WebAssembly included, where the compiler does not merge the
// byte loads of the portable form into one).
func word(s string, i int) uint64 {
	return *(*uint64)(unsafe.Add(unsafe.Pointer(unsafe.StringData(s)), i))
}
