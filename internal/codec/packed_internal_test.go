package codec

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/engine"
)

// samePacked checks that a packed decode of data within limit values
// reads what the tree Reader reads: the same value (content.Equal, which
// walks the packed one through its accessors), the same error, and for a
// truncated read the same cut and path. Data the whole-request check
// refuses is not given to a packed decode (it trusts its bytes).
func samePacked(t *testing.T, data []byte, limit int, truncate bool) {
	t.Helper()
	check := Reader{data: data, maxDepth: content.MaxParseDepth + 1, left: len(data), skip: true}
	if check.Skip(1); check.Err != nil || check.I != len(data) {
		return
	}
	over := content.NewError(content.CodeMaxNodes, "", "over")
	tree := Reader{
		data: data, maxDepth: content.MaxParseDepth + 1, left: len(data), share: true,
		budget: true, nodes: limit - 1, over: over, truncate: truncate,
	}
	want := tree.Value(1)
	defer func(n int) { TreeBelow = n }(TreeBelow)
	TreeBelow = 0
	got, cut, cutPath, err := DecodePacked(data, Span{0, len(data)}, true, limit, over, truncate)
	if (err != nil) != (tree.Err != nil) || err != nil && err.Error() != tree.Err.Error() {
		t.Fatalf("% x limit %d: packed error %v, tree error %v", data, limit, err, tree.Err)
	}
	if err != nil {
		return
	}
	if !content.Equal(got, want) || cut != tree.cut || cutPath != tree.cutPath {
		t.Fatalf("% x limit %d truncate %v: packed %s (cut %v %q), tree %s (cut %v %q)", data, limit, truncate, show(got), cut, cutPath, show(want), tree.cut, tree.cutPath)
	}
	// Its JSON view converts as canonicalization "json" does.
	if got.Kind() == content.KindArray || got.Kind() == content.KindObject {
		c := engine.NewChecker(engine.CheckOptions{Mode: content.JSON, MaxNodes: 1 << 20, MaxBytes: 1 << 30})
		a := c.Free(got, 0)
		c2 := engine.NewChecker(engine.CheckOptions{Mode: content.JSON, MaxNodes: 1 << 20, MaxBytes: 1 << 30})
		b := c2.Free(want, 0)
		if (c.Err() == nil) != (c2.Err() == nil) || c.Err() == nil && !content.Equal(a, b) {
			t.Fatalf("% x: packed canonical %s (%v), tree canonical %s (%v)", data, show(a), c.Err(), show(b), c2.Err())
		}
	}
}

// show writes a value for a failure message.
func show(v content.Value) string {
	switch v.Kind() {
	case content.KindArray, content.KindObject:
		s := "["
		if v.Kind() == content.KindObject {
			s = "{"
		}
		for i := range v.Len() {
			if v.Kind() == content.KindObject {
				m := v.Member(i)
				s += show(m.Key) + ":" + show(m.Value) + ","
			} else {
				s += show(v.Index(i)) + ","
			}
		}
		return s + "]"
	case content.KindString, content.KindBytes, kindExt:
		return strconv.Quote(v.Str())
	case content.KindTime:
		sec, nsec := v.Time()
		return "t" + strconv.FormatInt(sec, 10) + "." + strconv.Itoa(int(nsec))
	}
	return strconv.Itoa(int(v.Kind())) + ":" + strconv.FormatInt(v.Int(), 10)
}

var packedScalars = [][]byte{
	{0x00}, {0x7f}, {0xe0}, {0xff}, {0xc0}, {0xc2}, {0xc3}, {0xa1, 'a'}, {0xa1, 'b'}, {0xa0}, {0xd9, 1, 'b'},
	{0xda, 0, 1, 'c'}, {0xdb, 0, 0, 0, 1, 'a'}, {0xc4, 1, 9}, {0xc5, 0, 2, 1, 2}, {0xc6, 0, 0, 0, 0},
	{0xcc, 200}, {0xcd, 1, 2}, {0xce, 1, 2, 3, 4}, {0xcf, 0xff, 0, 0, 0, 0, 0, 0, 1}, {0xd0, 0x80},
	{0xd1, 0xff, 0xfe}, {0xd2, 0x80, 0, 0, 0}, {0xd3, 0, 0, 0, 0, 0, 0, 0, 1}, {0xd3, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff},
	{0xca, 0x3f, 0xc0, 0, 0}, {0xca, 0x7f, 0x80, 0, 0}, {0xcb, 0x40, 0x09, 0x21, 0xfb, 0x54, 0x44, 0x2d, 0x18},
	{0xd6, 0xff, 0, 0, 0, 1}, {0xd7, 0xff, 0xff, 0xff, 0xff, 0xfc, 0, 0, 0, 0}, {0xd4, 3, 1}, {0xd5, 7, 1, 2},
	{0xc7, 12, 0xff, 0x3b, 0x9a, 0xc9, 0xff, 0, 0, 0, 0, 0, 0, 0, 1}, {0xc7, 5, 0x11, 1, 2, 3, 4, 5},
	{0xc8, 0, 1, 0x12, 9}, {0xc9, 0, 0, 0, 0, 0x13},
	{0x80}, {0x90}, {0xdc, 0, 0}, {0xde, 0, 0},
}

// randomDoc appends a random well-formed value: a scalar of every form, or
// an array or map (of every header form) of random values.
func randomDoc(rng *rand.Rand, dst []byte, depth int) []byte {
	if depth > 4 || rng.IntN(3) > 0 {
		return append(dst, packedScalars[rng.IntN(len(packedScalars))]...)
	}
	n := rng.IntN(5)
	object := rng.IntN(2) == 0
	switch h := rng.IntN(3); {
	case h == 0 && object:
		dst = append(dst, 0x80|byte(n))
	case h == 0:
		dst = append(dst, 0x90|byte(n))
	case h == 1 && object:
		dst = append(dst, 0xde, 0, byte(n))
	case h == 1:
		dst = append(dst, 0xdc, 0, byte(n))
	case object:
		dst = append(dst, 0xdf, 0, 0, 0, byte(n))
	default:
		dst = append(dst, 0xdd, 0, 0, 0, byte(n))
	}
	for range n {
		if object {
			dst = randomDoc(rng, dst, depth+1) // a key of any type
		}
		dst = randomDoc(rng, dst, depth+1)
	}
	return dst
}

// TestPackedMatchesTree: on random documents, every limit up to their size
// and both budget modes, the packed decode and the tree Reader agree.
func TestPackedMatchesTree(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for range 5000 {
		data := randomDoc(rng, nil, 0)
		for limit := 1; limit <= 24; limit++ {
			samePacked(t, data, limit, false)
			samePacked(t, data, limit, true)
		}
	}
}

// FuzzPacked: the packed decode agrees with the tree Reader on any bytes
// the request check accepts.
func FuzzPacked(f *testing.F) {
	f.Add([]byte{0x92, 0x01, 0xa1, 'x'}, uint8(1))
	f.Add([]byte{0x82, 0x01, 0xc4, 0, 0xa1, 'x', 0x91, 0xd7, 0xff, 0xff, 0xff, 0xff, 0xfc, 0, 0, 0, 0}, uint8(3))
	f.Fuzz(func(t *testing.T, data []byte, limit uint8) {
		samePacked(t, data, int(limit)+1, false)
		samePacked(t, data, int(limit)+1, true)
	})
}
