package codec_test

import (
	"bytes"
	"encoding/hex"
	"math"
	"strings"
	"testing"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/codec"
)

// TestAppendValueSmallest: every value is written in its smallest form;
// floats are always float64 and timestamps take the smallest of their
// three forms.
func TestAppendValueSmallest(t *testing.T) {
	rep := func(n int) string { return strings.Repeat("x", n) }
	xs := func(n int) string { return hex.EncodeToString([]byte(rep(n))) }
	elems := func(n int) []content.Value {
		out := make([]content.Value, n)
		for i := range out {
			out[i] = null
		}
		return out
	}
	members := func(n int) content.Value {
		ms := make([]content.Member, n)
		for i := range ms {
			ms[i] = content.Member{Key: null, Value: null}
		}
		return content.NewObject(ms...)
	}
	for _, c := range []struct {
		v    content.Value
		want string // hex; a trailing "…n" means n more bytes follow, checked by length
	}{
		{null, "c0"},
		{content.NewBool(false), "c2"},
		{content.NewBool(true), "c3"},
		{content.FromGo(42), "c0"}, // Go values are converted first (engine.Budget.Plain)
		// integers, at every width boundary
		{i64(0), "00"},
		{i64(127), "7f"},
		{i64(128), "cc80"},
		{i64(255), "ccff"},
		{i64(256), "cd0100"},
		{i64(65535), "cdffff"},
		{i64(65536), "ce00010000"},
		{i64(math.MaxUint32), "ceffffffff"},
		{i64(math.MaxUint32 + 1), "cf0000000100000000"},
		{i64(math.MaxInt64), "cf7fffffffffffffff"},
		{content.NewUint(1 << 63), "cf8000000000000000"},
		{content.NewUint(math.MaxUint64), "cfffffffffffffffff"},
		{content.NewUint(5), "05"}, // NewUint of a small number is an Int
		{i64(-1), "ff"},
		{i64(-32), "e0"},
		{i64(-33), "d0df"},
		{i64(-128), "d080"},
		{i64(-129), "d1ff7f"},
		{i64(-32768), "d18000"},
		{i64(-32769), "d2ffff7fff"},
		{i64(math.MinInt32), "d280000000"},
		{i64(math.MinInt32 - 1), "d3ffffffff7fffffff"},
		{i64(math.MinInt64), "d38000000000000000"},
		// floats: always float64, never an integer, bits as they are
		{content.NewFloat(0.1), "cb3fb999999999999a"},
		{content.NewFloat(1), "cb3ff0000000000000"},
		{content.NewFloat(0), "cb0000000000000000"},
		{f64(0x8000000000000000), "cb8000000000000000"},
		{f32(0x3dcccccd), "cb3fb99999a0000000"},
		{content.NewFloat(math.Inf(1)), "cb7ff0000000000000"},
		{f64(0x7ff8000000000123), "cb7ff8000000000123"},
		// strings
		{str(""), "a0"},
		{str("abc"), "a3616263"},
		{str("é"), "a2c3a9"},
		{str("\xff"), "a1ff"},
		{str(rep(31)), "bf" + xs(31)},
		{str(rep(32)), "d920" + xs(32)},
		{str(rep(255)), "d9ff" + xs(255)},
		{str(rep(256)), "da0100" + xs(256)},
		{str(rep(65535)), "daffff" + xs(65535)},
		{str(rep(65536)), "db00010000" + xs(65536)},
		// bytes
		{bin(""), "c400"},
		{bin("\x01\x02"), "c4020102"},
		{bin(rep(255)), "c4ff" + xs(255)},
		{bin(rep(256)), "c50100" + xs(256)},
		{bin(rep(65535)), "c5ffff" + xs(65535)},
		{bin(rep(65536)), "c600010000" + xs(65536)},
		// extensions: fixext for 1, 2, 4, 8, 16 bytes, else ext8/16/32
		{ext(5, ""), "c70005"},
		{ext(5, "x"), "d40578"},
		{ext(-128, "xx"), "d5807878"},
		{ext(127, "xxx"), "c7037f787878"},
		{ext(5, rep(4)), "d605" + xs(4)},
		{ext(5, rep(8)), "d705" + xs(8)},
		{ext(5, rep(12)), "c70c05" + xs(12)},
		{ext(5, rep(16)), "d805" + xs(16)},
		{ext(5, rep(17)), "c71105" + xs(17)},
		{ext(5, rep(255)), "c7ff05" + xs(255)},
		{ext(5, rep(256)), "c8010005" + xs(256)},
		{ext(5, rep(65535)), "c8ffff05" + xs(65535)},
		{ext(5, rep(65536)), "c90001000005" + xs(65536)},
		// timestamps: 32-bit seconds without nanoseconds, 34-bit seconds
		// with 30-bit nanoseconds, else 96-bit
		{tm(0, 0), "d6ff00000000"},
		{tm(1, 0), "d6ff00000001"},
		{tm(math.MaxUint32, 0), "d6ffffffffff"},
		{tm(math.MaxUint32+1, 0), "d7ff0000000100000000"},
		{tm(0, 1), "d7ff0000000400000000"},
		{tm(1, 500_000_000), "d7ff7735940000000001"},
		{tm(1<<34-1, 999_999_999), "d7ffee6b27ffffffffff"},
		{tm(1<<34, 0), "c70cff000000000000000400000000"},
		{tm(-1, 0), "c70cff00000000ffffffffffffffff"},
		{tm(-62135596800, 999_999_999), "c70cff3b9ac9fffffffff1886e0900"},
		{tm(math.MaxInt64, 1), "c70cff000000017fffffffffffffff"},
		{tm(math.MinInt64, 0), "c70cff000000008000000000000000"},
		// arrays and maps
		{arr(), "90"},
		{arr(i64(1), str("a")), "9201a161"},
		{arr(elems(15)...), "9f" + strings.Repeat("c0", 15)},
		{arr(elems(16)...), "dc0010" + strings.Repeat("c0", 16)},
		{arr(elems(65535)...), "dcffff" + strings.Repeat("c0", 65535)},
		{arr(elems(65536)...), "dd00010000" + strings.Repeat("c0", 65536)},
		{obj(), "80"},
		{obj("a", i64(1)), "81a16101"},
		{members(15), "8f" + strings.Repeat("c0", 30)},
		{members(16), "de0010" + strings.Repeat("c0", 32)},
		{members(65535), "deffff" + strings.Repeat("c0", 2*65535)},
		{members(65536), "df00010000" + strings.Repeat("c0", 2*65536)},
		// members in their order, repeated and non-string keys included
		{obj("b", i64(1), "a", i64(2), "b", i64(3), i64(7), null, content.NewBool(true), null, null, null),
			"86a16201a16102a1620307c0c3c0c0c0"},
	} {
		got := codec.AppendValue(nil, c.v)
		want := hx(c.want)
		if !bytes.Equal(got, want) {
			t.Errorf("%s: got %.60x…, want %.60x…", show(c.v), got, want)
		}
	}
}

// TestAppendHelpers: the Append functions append to dst and write the
// same bytes AppendValue writes for the same value.
func TestAppendHelpers(t *testing.T) {
	prefix := []byte{0xaa, 0xbb}
	check := func(name string, got []byte, v content.Value) {
		t.Helper()
		want := codec.AppendValue(append([]byte(nil), prefix...), v)
		if !bytes.Equal(got, want) {
			t.Errorf("%s: got % x, want % x", name, got, want)
		}
	}
	p := func() []byte { return append(make([]byte, 0, 4), prefix...) }
	for _, i := range []int64{0, 127, 128, -1, -33, math.MinInt64, math.MaxInt64} {
		check("AppendInt", codec.AppendInt(p(), i), i64(i))
	}
	for _, s := range []string{"", "ok", strings.Repeat("x", 300), strings.Repeat("y", 70000)} {
		check("AppendString", codec.AppendString(p(), s), str(s))
		check("AppendStringBytes", codec.AppendStringBytes(p(), []byte(s)), str(s))
	}
	check("AppendBool", codec.AppendBool(p(), true), content.NewBool(true))
	check("AppendBool", codec.AppendBool(p(), false), content.NewBool(false))
	for _, n := range []int{0, 15, 16, 65535, 65536} {
		if got, want := codec.AppendArrayHeader(p(), n), codec.AppendValue(p(), arr(make([]content.Value, n)...)); !bytes.Equal(got, want[:len(got)]) {
			t.Errorf("AppendArrayHeader(%d): % x", n, got)
		}
		ms := make([]content.Member, n)
		if got, want := codec.AppendMapHeader(p(), n), codec.AppendValue(p(), content.NewObject(ms...)); !bytes.Equal(got, want[:len(got)]) {
			t.Errorf("AppendMapHeader(%d): % x", n, got)
		}
	}
}

// TestAppendCanonical: the same value always gives the same bytes, and
// decoding then encoding any encoding gives the canonical one (a fixed
// point after one step).
func TestAppendCanonical(t *testing.T) {
	for _, c := range []struct{ in, canonical string }{
		{"cc 05", "05"},
		{"cd 0005", "05"},
		{"cf 0000000000000005", "05"},
		{"d3 ffffffffffffffff", "ff"},
		{"d0 80", "d0 80"},
		{"d3 ffffffffffffff80", "d0 80"},
		{"cf 0000000100000000", "cf 0000000100000000"},
		{"ca 3fc00000", "cb 3ff8000000000000"},
		{"da 0001 78", "a1 78"},
		{"db 00000020" + strings.Repeat("78", 32), "d9 20" + strings.Repeat("78", 32)},
		{"c5 0001 78", "c4 01 78"},
		{"c6 00000000", "c4 00"},
		{"dc 0000", "90"},
		{"dd 00000001 c0", "91 c0"},
		{"de 0001 a1 61 c0", "81 a1 61 c0"},
		{"df 00000000", "80"},
		{"c7 01 05 78", "d4 05 78"},
		{"c8 0010 05" + strings.Repeat("00", 16), "d8 05" + strings.Repeat("00", 16)},
		{"c9 00000000 05", "c7 00 05"},
		{"c7 04 ff 00000001", "d6 ff 00000001"},
		{"c7 0c ff 00000000 0000000000000001", "d6 ff 00000001"},
		{"c7 0c ff 00000001 0000000000000001", "d7 ff 0000000400000001"},
		{"d7 ff 0000000000000001", "d6 ff 00000001"},
		{"d7 ff 0000000100000000", "d7 ff 0000000100000000"},
	} {
		v, err := codec.Decode(hx(c.in), codec.DecodeOptions{})
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		got := codec.AppendValue(nil, v)
		if !bytes.Equal(got, hx(c.canonical)) {
			t.Errorf("%s: re-encoded as % x, want %s", c.in, got, c.canonical)
		}
	}

	g := newGen(7)
	for i := 0; i < 2000; i++ {
		v := g.value(0)
		a, b := codec.AppendValue(nil, v), codec.AppendValue(nil, v)
		if !bytes.Equal(a, b) {
			t.Fatalf("%s: two encodings differ", show(v))
		}
		// A Value rebuilt from the decoded bytes is a different Value with
		// the same contents: the same bytes again.
		w, err := codec.Decode(a, codec.DecodeOptions{})
		if err != nil {
			t.Fatalf("%s: %v", show(v), err)
		}
		if c := codec.AppendValue(nil, w); !bytes.Equal(a, c) {
			t.Fatalf("%s: re-encoded differently: % x, then % x", show(v), a, c)
		}
	}
}

// TestRoundTrip: Decode(AppendValue(v)) equals v for generated values of
// every kind, and for the boundaries of each form.
func TestRoundTrip(t *testing.T) {
	roundTrip := func(v content.Value) {
		t.Helper()
		b := codec.AppendValue(nil, v)
		got, err := codec.Decode(b, codec.DecodeOptions{})
		if err != nil {
			t.Fatalf("%s: %v (% .40x)", show(v), err, b)
		}
		if !content.Equal(got, v) {
			t.Fatalf("round trip changed %s into %s", show(v), show(got))
		}
	}
	for _, sec := range []int64{0, 1, math.MaxUint32, math.MaxUint32 + 1, 1<<34 - 1, 1 << 34, -1, math.MinInt64, math.MaxInt64} {
		for _, nsec := range []int32{0, 1, 999_999_999} {
			roundTrip(tm(sec, nsec))
		}
	}
	for _, typ := range []int8{-128, -2, 0, 1, 127} {
		for _, n := range []int{0, 1, 2, 3, 4, 8, 12, 16, 17, 255, 256, 65535, 65536} {
			roundTrip(ext(typ, strings.Repeat("e", n)))
		}
	}
	g := newGen(1)
	for i := 0; i < 5000; i++ {
		roundTrip(g.value(0))
	}
	// Nesting right at content.MaxParseDepth.
	deep := arr()
	for i := 1; i < content.MaxParseDepth; i++ {
		deep = arr(deep)
	}
	roundTrip(deep)
	if _, err := codec.Decode(codec.AppendValue(nil, arr(deep)), codec.DecodeOptions{}); asError(err) == nil || asError(err).Code != content.CodeMaxDepth {
		t.Errorf("one level more: %v", err)
	}
}
