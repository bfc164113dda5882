//go:build !(amd64 || arm64 || 386 || ppc64le || loong64 || wasm) || purego

package engine

// word reads the eight bytes of s at i (i+8 <= len(s)) as a little-endian
// word, a byte at a time (machines that are big-endian or that fault on an
// unaligned load, and the purego build tag, which make test uses to test
// this form on any machine).
func word(s string, i int) uint64 {
	w := s[i : i+8]
	return uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
		uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
}

// appendWord appends the eight bytes of x, a word as word reads it (the
// least significant byte first).
func appendWord(dst []byte, x uint64) []byte {
	return append(dst, byte(x), byte(x>>8), byte(x>>16), byte(x>>24), byte(x>>32), byte(x>>40), byte(x>>48), byte(x>>56))
}

// storeWord writes the eight bytes of x, a word as word reads it, at
// out[n:n+8] (the least significant byte first).
func storeWord(out []byte, n int, x uint64) {
	w := out[n : n+8]
	w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7] = byte(x), byte(x>>8), byte(x>>16), byte(x>>24), byte(x>>32), byte(x>>40), byte(x>>48), byte(x>>56)
}
