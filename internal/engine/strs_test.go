package engine

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestStringHelpersMatchPackageStrings: the helpers that keep package
// strings out of the WebAssembly module do what their strings counterparts
// do, on random strings of ASCII, separators and invalid UTF-8.
func TestStringHelpersMatchPackageStrings(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	alphabet := []byte("ab/:.%~ \t@?#\x00\x7f\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\xff\xfe\xed\xa0\x80")
	for range 50_000 {
		b := make([]byte, rng.IntN(24))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		s := string(b)
		c := alphabet[rng.IntN(len(alphabet))]
		p := s[:rng.IntN(len(s)+1)]
		if rng.IntN(2) == 0 {
			p = string(alphabet[rng.IntN(len(alphabet))]) + p
		}
		if got, want := indexByte(s, c), strings.IndexByte(s, c); got != want {
			t.Fatalf("indexByte(%q, %q) = %d, want %d", s, c, got, want)
		}
		if got, want := lastIndexByte(s, c), strings.LastIndexByte(s, c); got != want {
			t.Fatalf("lastIndexByte(%q, %q) = %d, want %d", s, c, got, want)
		}
		if got, want := hasPrefix(s, p), strings.HasPrefix(s, p); got != want {
			t.Fatalf("hasPrefix(%q, %q) = %v, want %v", s, p, got, want)
		}
		if got, want := indexAny(s, "?#/"), strings.IndexAny(s, "?#/"); got != want {
			t.Fatalf("indexAny(%q) = %d, want %d", s, got, want)
		}
		if got, want := countByte(s, c), strings.Count(s, string(c)); c < 0x80 && got != want {
			t.Fatalf("countByte(%q, %q) = %d, want %d", s, c, got, want)
		}
		if got, want := trimSpaceTab(s), strings.TrimLeft(s, " \t"); got != want {
			t.Fatalf("trimSpaceTab(%q) = %q, want %q", s, got, want)
		}
		if got, want := splitByte(s, '/'), strings.Split(s, "/"); !slices.Equal(got, want) {
			t.Fatalf("splitByte(%q) = %q, want %q", s, got, want)
		}
	}
}
