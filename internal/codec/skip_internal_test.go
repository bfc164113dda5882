package codec

import (
	"math/rand/v2"
	"testing"

	"github.com/mcpresult/mcpresult/content"
)

// sameSkip checks that skipFast accepts exactly what value accepts in skip
// mode, and ends at the same byte with the same count of declared values.
func sameSkip(t *testing.T, data []byte) {
	t.Helper()
	for _, depth := range []int{0, 1} {
		slow := Reader{data: data, maxDepth: content.MaxParseDepth + 1, left: len(data), skip: true}
		slow.Value(depth)
		fast := Reader{data: data, maxDepth: content.MaxParseDepth + 1, left: len(data), skip: true}
		ok := fast.skipFast(depth)
		if ok != (slow.Err == nil) || ok && (fast.I != slow.I || fast.left != slow.left) {
			t.Fatalf("depth %d, % x: skipFast %v at %d (left %d), value %v at %d (left %d)", depth, data, ok, fast.I, fast.left, slow.Err, slow.I, slow.left)
		}
	}
}

// TestSkipFast: on generated values, their prefixes and random bytes, the
// fast check and the Reader agree.
func TestSkipFast(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	pick := [][]byte{
		{0x00}, {0x7f}, {0xe0}, {0xc0}, {0xc2}, {0xc3}, {0xc1}, {0xa1, 'a'}, {0xd9, 1, 'b'},
		{0xc4, 1, 9}, {0xcc, 1}, {0xcd, 1, 2}, {0xd3, 0, 0, 0, 0, 0, 0, 0, 1}, {0xca, 0, 0, 0, 0},
		{0xd6, 0xff, 0, 0, 0, 1}, {0xd7, 0xff, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0}, {0xd4, 3, 1},
		{0xc7, 12, 0xff, 0x3b, 0x9a, 0xca, 0x00, 0, 0, 0, 0, 0, 0, 0, 1}, {0xc7, 5, 0xff, 1, 2, 3, 4, 5},
		{0x80}, {0x90}, {0x81}, {0x92}, {0xdc, 0, 3}, {0xde, 0, 1}, {0xdd, 0xff, 0xff, 0xff, 0xff},
		{0xdb, 0x80, 0, 0, 0}, {0x91, 0x91, 0x91},
	}
	for range 20000 {
		var data []byte
		for range rng.IntN(12) {
			data = append(data, pick[rng.IntN(len(pick))]...)
		}
		if rng.IntN(4) == 0 {
			for range rng.IntN(8) {
				data = append(data, byte(rng.IntN(256)))
			}
		}
		sameSkip(t, data)
		for k := range data {
			sameSkip(t, data[:k])
		}
	}
	deep := make([]byte, 0, 80)
	for range 70 {
		deep = append(deep, 0x91)
	}
	for k := range deep {
		sameSkip(t, append(append([]byte(nil), deep[:k]...), 0))
	}
}

// FuzzSkipFast: the fast check agrees with the Reader on any bytes.
func FuzzSkipFast(f *testing.F) {
	f.Add([]byte{0x92, 0x01, 0xa1, 'x'})
	f.Add([]byte{0xd7, 0xff, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, data []byte) { sameSkip(t, data) })
}
