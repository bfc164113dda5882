package codec_test

import (
	"bytes"
	"math"
	"runtime"
	"strings"
	"testing"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/codec"
	"github.com/mcpresult/mcpresult/internal/pointer"
)

// f32 is the exact value of the float32 with the given bits.
func f32(bits uint32) content.Value { return content.NewFloat(float64(math.Float32frombits(bits))) }

func f64(bits uint64) content.Value { return content.NewFloat(math.Float64frombits(bits)) }

func ext(typ int8, data string) content.Value { return contentExt(typ, []byte(data)) }

func bin(data string) content.Value { return content.NewBytes([]byte(data)) }

func tm(sec int64, nsec int32) content.Value { return content.NewTime(sec, nsec) }

// TestDecodeTypes decodes every MessagePack type byte, in its shortest and
// longest forms and at the boundaries of each integer width.
func TestDecodeTypes(t *testing.T) {
	x31, x32, x255, x256, x65535, x65536 := strings.Repeat("x", 31), strings.Repeat("x", 32), strings.Repeat("x", 255),
		strings.Repeat("x", 256), strings.Repeat("x", 65535), strings.Repeat("x", 65536)
	seq := func(n int) []content.Value {
		out := make([]content.Value, n)
		for i := range out {
			out[i] = i64(int64(i % 100))
		}
		return out
	}
	seqBytes := func(n int) string {
		var b []byte
		for i := 0; i < n; i++ {
			b = append(b, byte(i%100))
		}
		return string(b)
	}
	members := func(n int) (content.Value, string) {
		var ms []content.Member
		var b []byte
		for i := 0; i < n; i++ {
			ms = append(ms, content.Member{Key: i64(int64(i % 100)), Value: null})
			b = append(b, byte(i%100), 0xc0)
		}
		return content.NewObject(ms...), string(b)
	}
	m15, m15b := members(15)
	m16, m16b := members(16)
	for _, c := range []struct {
		name string
		data []byte
		want content.Value
	}{
		// positive fixint 0x00-0x7f, negative fixint 0xe0-0xff
		{"fixint 0", hx("00"), i64(0)},
		{"fixint 1", hx("01"), i64(1)},
		{"fixint 127", hx("7f"), i64(127)},
		{"negative fixint -1", hx("ff"), i64(-1)},
		{"negative fixint -32", hx("e0"), i64(-32)},
		// nil, false, true
		{"nil", hx("c0"), null},
		{"false", hx("c2"), content.NewBool(false)},
		{"true", hx("c3"), content.NewBool(true)},
		// uint8..64: any width is accepted, smallest or not
		{"uint8 0", hx("cc 00"), i64(0)},
		{"uint8 128", hx("cc 80"), i64(128)},
		{"uint8 255", hx("cc ff"), i64(255)},
		{"uint16 0", hx("cd 0000"), i64(0)},
		{"uint16 256", hx("cd 0100"), i64(256)},
		{"uint16 65535", hx("cd ffff"), i64(65535)},
		{"uint32 65536", hx("ce 00010000"), i64(65536)},
		{"uint32 max", hx("ce ffffffff"), i64(math.MaxUint32)},
		{"uint64 1", hx("cf 0000000000000001"), i64(1)},
		{"uint64 2^32", hx("cf 0000000100000000"), i64(1 << 32)},
		{"uint64 max int64 is an Int", hx("cf 7fffffffffffffff"), i64(math.MaxInt64)},
		{"uint64 2^63 is a Uint", hx("cf 8000000000000000"), content.NewUint(1 << 63)},
		{"uint64 max", hx("cf ffffffffffffffff"), content.NewUint(math.MaxUint64)},
		// int8..64, sign-extended
		{"int8 0", hx("d0 00"), i64(0)},
		{"int8 127", hx("d0 7f"), i64(127)},
		{"int8 -1", hx("d0 ff"), i64(-1)},
		{"int8 -33", hx("d0 df"), i64(-33)},
		{"int8 -128", hx("d0 80"), i64(-128)},
		{"int16 32767", hx("d1 7fff"), i64(32767)},
		{"int16 -129", hx("d1 ff7f"), i64(-129)},
		{"int16 -32768", hx("d1 8000"), i64(-32768)},
		{"int32 max", hx("d2 7fffffff"), i64(math.MaxInt32)},
		{"int32 -32769", hx("d2 ffff7fff"), i64(-32769)},
		{"int32 min", hx("d2 80000000"), i64(math.MinInt32)},
		{"int64 max", hx("d3 7fffffffffffffff"), i64(math.MaxInt64)},
		{"int64 min int32 - 1", hx("d3 ffffffff7fffffff"), i64(math.MinInt32 - 1)},
		{"int64 min", hx("d3 8000000000000000"), i64(math.MinInt64)},
		{"int64 -1", hx("d3 ffffffffffffffff"), i64(-1)},
		{"int64 positive small", hx("d3 0000000000000005"), i64(5)},
		// float32 keeps its exact value (0.1f is 0.10000000149011612, not 0.1)
		{"float32 0.1", hx("ca 3dcccccd"), f64(0x3fb99999a0000000)},
		{"float32 1.5", hx("ca 3fc00000"), content.NewFloat(1.5)},
		{"float32 -0", hx("ca 80000000"), f64(0x8000000000000000)},
		{"float32 +inf", hx("ca 7f800000"), content.NewFloat(math.Inf(1))},
		{"float32 smallest subnormal", hx("ca 00000001"), f32(1)},
		{"float32 NaN", hx("ca 7fc00001"), f32(0x7fc00001)},
		{"float64 0.1", hx("cb 3fb999999999999a"), content.NewFloat(0.1)},
		{"float64 -0", hx("cb 8000000000000000"), f64(0x8000000000000000)},
		{"float64 -inf", hx("cb fff0000000000000"), content.NewFloat(math.Inf(-1))},
		{"float64 NaN payload", hx("cb 7ff8000000000123"), f64(0x7ff8000000000123)},
		{"float64 integral", hx("cb 3ff0000000000000"), content.NewFloat(1)},
		// str: fixstr, str8/16/32; bytes are kept, UTF-8 or not
		{"fixstr empty", hx("a0"), str("")},
		{"fixstr abc", hx("a3 616263"), str("abc")},
		{"fixstr 31", append(hx("bf"), x31...), str(x31)},
		{"fixstr non-UTF-8", hx("a2 fffe"), str("\xff\xfe")},
		{"fixstr non-ASCII", append(hx("a5"), "é中"...), str("é中")},
		{"str8 empty", hx("d9 00"), str("")},
		{"str8 32", append(hx("d9 20"), x32...), str(x32)},
		{"str8 255", append(hx("d9 ff"), x255...), str(x255)},
		{"str16 short", hx("da 0001 78"), str("x")},
		{"str16 256", append(hx("da 0100"), x256...), str(x256)},
		{"str16 65535", append(hx("da ffff"), x65535...), str(x65535)},
		{"str32 short", hx("db 00000001 78"), str("x")},
		{"str32 65536", append(hx("db 00010000"), x65536...), str(x65536)},
		// bin8/16/32
		{"bin8 empty", hx("c4 00"), bin("")},
		{"bin8", hx("c4 03 00ff10"), bin("\x00\xff\x10")},
		{"bin8 255", append(hx("c4 ff"), x255...), bin(x255)},
		{"bin16", hx("c5 0001 ab"), bin("\xab")},
		{"bin16 65535", append(hx("c5 ffff"), x65535...), bin(x65535)},
		{"bin32", hx("c6 00000002 abcd"), bin("\xab\xcd")},
		{"bin32 65536", append(hx("c6 00010000"), x65536...), bin(x65536)},
		// arrays
		{"fixarray empty", hx("90"), arr()},
		{"fixarray", hx("93 01 a1 61 c0"), arr(i64(1), str("a"), null)},
		{"fixarray 15", append(hx("9f"), seqBytes(15)...), arr(seq(15)...)},
		{"array16 empty", hx("dc 0000"), arr()},
		{"array16 16", append(hx("dc 0010"), seqBytes(16)...), arr(seq(16)...)},
		{"array16 65535", append(hx("dc ffff"), seqBytes(65535)...), arr(seq(65535)...)},
		{"array32 empty", hx("dd 00000000"), arr()},
		{"array32", hx("dd 00000002 c2 c3"), arr(content.NewBool(false), content.NewBool(true))},
		{"array32 65536", append(hx("dd 00010000"), seqBytes(65536)...), arr(seq(65536)...)},
		{"nested arrays", hx("92 90 91 90"), arr(arr(), arr(arr()))},
		// maps
		{"fixmap empty", hx("80"), obj()},
		{"fixmap", hx("82 a1 61 01 a1 62 92 02 03"), obj("a", i64(1), "b", arr(i64(2), i64(3)))},
		{"fixmap 15", append(hx("8f"), m15b...), m15},
		{"map16 empty", hx("de 0000"), obj()},
		{"map16", hx("de 0001 a1 61 c0"), obj("a", null)},
		{"map16 16", append(hx("de 0010"), m16b...), m16},
		{"map32 empty", hx("df 00000000"), obj()},
		{"map32", hx("df 00000001 a1 61 80"), obj("a", obj())},
		// fixext1..16 and ext8/16/32 of other types than -1
		{"fixext1", hx("d4 05 aa"), ext(5, "\xaa")},
		{"fixext1 type -128", hx("d4 80 00"), ext(-128, "\x00")},
		{"fixext1 type 127", hx("d4 7f 00"), ext(127, "\x00")},
		{"fixext1 type 0", hx("d4 00 01"), ext(0, "\x01")},
		{"fixext2", hx("d5 01 aabb"), ext(1, "\xaa\xbb")},
		{"fixext4", hx("d6 02 00010203"), ext(2, "\x00\x01\x02\x03")},
		{"fixext8", hx("d7 fe 0001020304050607"), ext(-2, "\x00\x01\x02\x03\x04\x05\x06\x07")},
		{"fixext16", hx("d8 0d 000102030405060708090a0b0c0d0e0f"), ext(13, "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f")},
		{"ext8 empty", hx("c7 00 05"), ext(5, "")},
		{"ext8 3", hx("c7 03 80 616263"), ext(-128, "abc")},
		{"ext8 4 (not fixext4)", hx("c7 04 07 00000000"), ext(7, "\x00\x00\x00\x00")},
		{"ext8 255", append(hx("c7 ff 09"), x255...), ext(9, x255)},
		{"ext16", hx("c8 0001 7f 78"), ext(127, "x")},
		{"ext16 256", append(hx("c8 0100 09"), x256...), ext(9, x256)},
		{"ext32", hx("c9 00000002 05 abcd"), ext(5, "\xab\xcd")},
		{"ext32 65536", append(hx("c9 00010000 09"), x65536...), ext(9, x65536)},
		// ext -1: timestamps in their three forms
		{"timestamp32 0", hx("d6 ff 00000000"), tm(0, 0)},
		{"timestamp32 max", hx("d6 ff ffffffff"), tm(math.MaxUint32, 0)},
		{"timestamp32 2018", hx("d6 ff 5b2e0f80"), tm(1529745280, 0)},
		{"timestamp64 1 ns", hx("d7 ff 0000000400000000"), tm(0, 1)},
		{"timestamp64 max", hx("d7 ff ee6b27ffffffffff"), tm(1<<34-1, 999_999_999)},
		{"timestamp64 0.5 s after 1 s", hx("d7 ff 7735940000000001"), tm(1, 500_000_000)},
		{"timestamp64 no nanoseconds", hx("d7 ff 0000000000000005"), tm(5, 0)},
		{"timestamp96 -1", hx("c7 0c ff 00000000 ffffffffffffffff"), tm(-1, 0)},
		{"timestamp96 year 1", hx("c7 0c ff 3b9ac9ff fffffff1886e0900"), tm(-62135596800, 999_999_999)},
		{"timestamp96 max", hx("c7 0c ff 00000001 7fffffffffffffff"), tm(math.MaxInt64, 1)},
		{"timestamp96 min", hx("c7 0c ff 00000000 8000000000000000"), tm(math.MinInt64, 0)},
		{"timestamp96 small seconds", hx("c7 0c ff 00000000 0000000000000001"), tm(1, 0)},
		{"timestamp32 as ext8", hx("c7 04 ff 00000001"), tm(1, 0)},
		{"timestamp64 as ext16", hx("c8 0008 ff 0000000400000000"), tm(0, 1)},
		{"timestamp96 as ext32", hx("c9 0000000c ff 00000002 fffffffffffffffe"), tm(-2, 2)},
	} {
		got, err := codec.Decode(c.data, codec.DecodeOptions{})
		if err != nil {
			t.Errorf("%s: % x: %v", c.name, c.data[:min(len(c.data), 16)], err)
			continue
		}
		if !content.Equal(got, c.want) {
			t.Errorf("%s: got %s, want %s", c.name, show(got), show(c.want))
		}
		if got.Kind() != c.want.Kind() {
			t.Errorf("%s: kind %d, want %d", c.name, got.Kind(), c.want.Kind())
		}
	}
}

// TestDecodeRefused: byte sequences that are not MessagePack, or
// timestamps that are not timestamps, are invalid_request at their place.
func TestDecodeRefused(t *testing.T) {
	for _, c := range []struct {
		name string
		data []byte
		path string
	}{
		{"0xc1", hx("c1"), ""},
		{"0xc1 in an array", hx("92 01 c1"), "/1"},
		{"0xc1 in a map", hx("81 a1 61 c1"), "/a"},
		{"0xc1 as a key", hx("81 c1 01"), ""},
		{"timestamp64 nanoseconds 1e9", hx("d7 ff ee6b280000000000"), ""},
		{"timestamp64 nanoseconds 2^30-1", hx("d7 ff fffffffc00000000"), ""},
		{"timestamp96 nanoseconds 1e9", hx("c7 0c ff 3b9aca00 0000000000000000"), ""},
		{"timestamp96 nanoseconds 2^32-1", hx("c7 0c ff ffffffff 0000000000000000"), ""},
		{"timestamp of 1 byte", hx("d4 ff 00"), ""},
		{"timestamp of 2 bytes", hx("d5 ff 0000"), ""},
		{"timestamp of 16 bytes", hx("d8 ff 00000000000000000000000000000000"), ""},
		{"timestamp of 0 bytes", hx("c7 00 ff"), ""},
		{"timestamp of 3 bytes", hx("c7 03 ff 000000"), ""},
		{"timestamp of 13 bytes", hx("c7 0d ff 00000000000000000000000000"), ""},
		{"timestamp with bad nanoseconds in a map", hx("81 a2 6174 d7 ff ee6b280000000000"), "/at"},
		{"trailing byte", hx("01 02"), ""},
		{"trailing nil after a map", hx("80 c0"), ""},
		{"trailing byte after a string", hx("a1 61 00"), ""},
		{"two values", hx("c0 c0"), ""},
		{"empty", nil, ""},
	} {
		_, err := codec.Decode(c.data, codec.DecodeOptions{})
		wantError(t, c.name, err, content.CodeInvalidRequest, c.path)
	}
	if _, err := codec.Decode(hx("c1"), codec.DecodeOptions{}); err != nil && !strings.Contains(asError(err).Message, "0xc1") {
		t.Errorf("the message of 0xc1 does not name it: %v", err)
	}
}

// TestDecodeKeys: duplicate keys and keys of other types than string are
// kept, in order, for the checks to report.
func TestDecodeKeys(t *testing.T) {
	data := hx("88" +
		"a1 61 01" + // "a": 1
		"a1 61 02" + // "a": 2 (repeated)
		"07 a1 78" + // 7: "x"
		"ff 03" + // -1: 3
		"cf ffffffffffffffff 04" + // 2^64-1: 4
		"c3 c0" + // true: nil
		"c0 05" + // nil: 5
		"92 01 02 06") // [1, 2]: 6
	want := obj("a", i64(1), "a", i64(2), i64(7), str("x"), i64(-1), i64(3), content.NewUint(math.MaxUint64), i64(4),
		content.NewBool(true), null, null, i64(5), arr(i64(1), i64(2)), i64(6))
	got, err := codec.Decode(data, codec.DecodeOptions{})
	if err != nil || !content.Equal(got, want) {
		t.Fatalf("got %s, %v; want %s", show(got), err, show(want))
	}
	// Get reads the last of repeated keys, as JSON.parse does.
	if v, ok := got.Get("a"); !ok || !content.Equal(v, i64(2)) {
		t.Errorf(`Get("a") = %s, %v`, show(v), ok)
	}
}

// TestDecodeUintAboveInt64: integers above math.MaxInt64 stay KindUint
// (never a negative int64 or a float), whatever width carried them.
func TestDecodeUintAboveInt64(t *testing.T) {
	for _, u := range []uint64{1 << 63, 1<<63 + 1, math.MaxUint64 - 1, math.MaxUint64} {
		v, err := codec.Decode(append([]byte{0xcf}, be8(u)...), codec.DecodeOptions{})
		if err != nil || v.Kind() != content.KindUint || v.Uint() != u {
			t.Errorf("%d: kind %d, %d, %v", u, v.Kind(), v.Uint(), err)
		}
	}
	v, _ := codec.Decode(hx("cf 7fffffffffffffff"), codec.DecodeOptions{})
	if v.Kind() != content.KindInt || v.Int() != math.MaxInt64 {
		t.Errorf("max int64 as uint64: kind %d", v.Kind())
	}
}

// validEncodings cover every type; their prefixes are cut at every byte.
var validEncodings = [][]byte{
	hx("85 a1 61 93 01 cd 0100 d3 8000000000000000 a1 62 ca 3dcccccd a1 63 cb 3fb999999999999a a1 64 c4 02 0102 a1 65 82 c3 c0 c2 d9 20 " +
		strings.Repeat("78", 32)),
	hx("9f 00 ff cc ff cd ffff ce ffffffff cf ffffffffffffffff d0 80 d1 8000 d2 80000000 d3 8000000000000000 c0 c2 c3 a0 90"),
	hx("95 d4 05 aa d5 05 aabb d6 05 aabbccdd d7 05 0001020304050607 d8 05 000102030405060708090a0b0c0d0e0f"),
	hx("94 c7 03 05 616263 c8 0001 05 78 c9 00000001 05 78 c5 0001 78"),
	hx("93 d6 ff 00000001 d7 ff 0000000400000000 c7 0c ff 00000001 ffffffffffffffff"),
	hx("dc 0002 da 0001 78 db 00000001 78"),
	hx("de 0001 a1 6b dd 00000001 df 00000001 c0 c6 00000001 00"),
	hx("81 a5 696e707574 81 a7 636f6e74656e74 91 82 a4 74797065 a4 74657874 a4 74657874 a5 68656c6c6f"),
}

// TestDecodeTruncated cuts valid encodings at every byte: always an error
// (never a panic, never a value: MessagePack is self-delimiting), with the
// codes a cut can give.
func TestDecodeTruncated(t *testing.T) {
	for _, data := range validEncodings {
		if _, err := codec.Decode(data, codec.DecodeOptions{}); err != nil {
			t.Fatalf("% x: %v", data, err)
		}
		for n := 0; n < len(data); n++ {
			v, err := codec.Decode(data[:n], codec.DecodeOptions{})
			e := asError(err)
			if err == nil {
				t.Errorf("% x cut to %d bytes decodes as %s", data, n, show(v))
				continue
			}
			// A cut can leave a container declaring more values than the
			// remaining bytes can hold together: max_nodes (the bound by the
			// data's length); otherwise the bytes run out.
			if e == nil || (e.Code != content.CodeInvalidRequest && e.Code != content.CodeMaxNodes) {
				t.Errorf("% x cut to %d bytes: %v", data, n, err)
			}
			if content.Equal(v, content.Value{}) == false {
				t.Errorf("% x cut to %d bytes: a value beside the error", data, n)
			}
		}
	}
}

// TestDecodeDeclaredBeyondRemaining: a length larger than what is left is
// invalid_request at the place of the value, before anything is allocated
// for it.
func TestDecodeDeclaredBeyondRemaining(t *testing.T) {
	for _, c := range []struct {
		name string
		data []byte
		path string
	}{
		{"fixarray", hx("93 01 02"), ""},
		{"array16", hx("dc ffff 01 02"), ""},
		{"array32", hx("dd ffffffff 01"), ""},
		{"array32 with no bytes", hx("dd ffffffff"), ""},
		{"fixmap", hx("82 01 02 03"), ""},
		{"map16: members take two bytes each", hx("de 0002 01 02 03"), ""},
		{"map32", hx("df ffffffff"), ""},
		{"fixstr", hx("a5 6162"), ""},
		{"str8", hx("d9 05 6162"), ""},
		{"str16", hx("da ffff 61"), ""},
		{"str32", hx("db ffffffff 61"), ""},
		{"str32 past int32", hx("db 80000000"), ""},
		{"bin8", hx("c4 02 00"), ""},
		{"bin16", hx("c5 ffff"), ""},
		{"bin32", hx("c6 ffffffff 00"), ""},
		{"fixext16", hx("d8 05 000102"), ""},
		{"ext8", hx("c7 05 05 00"), ""},
		{"ext16", hx("c8 ffff 05"), ""},
		{"ext32", hx("c9 ffffffff 05 00"), ""},
		{"ext with no type byte", hx("d4"), ""},
		{"the length itself cut", hx("dd ffff"), ""},
		{"inside a map", hx("81 a1 61 dd ffffffff"), "/a"},
		{"inside an array", hx("92 01 db ffffffff"), "/1"},
		{"inside input/content", hx("81 a5 696e707574 81 a7 636f6e74656e74 91 da ffff"), "/input/content/0"},
		{"the array of input/content itself", hx("81 a5 696e707574 81 a7 636f6e74656e74 dd ffffffff"), "/input/content"},
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := codec.Decode(c.data, codec.DecodeOptions{})
		runtime.ReadMemStats(&after)
		wantError(t, c.name, err, content.CodeInvalidRequest, c.path)
		if n := after.TotalAlloc - before.TotalAlloc; n > 64<<10 {
			t.Errorf("%s: refusing allocated %d bytes", c.name, n)
		}
	}
}

// TestDecodeMaxNodes: DecodeOptions.MaxNodes bounds the values the
// containers declare (array elements and map members; keys and the top
// value are not counted), refused with max_nodes at the path "" before
// the container is allocated.
func TestDecodeMaxNodes(t *testing.T) {
	o := codec.DecodeOptions{MaxNodes: 3}
	for _, c := range []struct {
		name string
		data []byte
		ok   bool
	}{
		{"scalar", hx("01"), true},
		{"3 elements", hx("93 01 02 03"), true},
		{"4 elements", hx("94 01 02 03 04"), false},
		{"3 members", hx("83 01 01 02 02 03 03"), true},
		{"4 members", hx("84 01 01 02 02 03 03 04 04"), false},
		{"[[1],[2]] declares 4", hx("92 91 01 91 02"), false},
		{"[[1],2] declares 3", hx("92 91 01 02"), true},
		{`{"a":[1,2]} declares 3`, hx("81 a1 61 92 01 02"), true},
		{`{"a":[1,2,3]} declares 4, deep inside`, hx("81 a1 61 93 01 02 03"), false},
		{"keys that are containers count their own elements", hx("81 92 01 02 01"), true},
		{"keys that are containers: past the bound", hx("81 93 01 02 03 01"), false},
	} {
		_, err := codec.Decode(c.data, o)
		if c.ok && err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
		if !c.ok {
			wantError(t, c.name, err, content.CodeMaxNodes, "")
		}
	}

	// A container that fits the bytes but not the bound is refused before
	// its elements are allocated.
	big := append(hx("dd 00100000"), make([]byte, 1<<20)...)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := codec.Decode(big, codec.DecodeOptions{MaxNodes: 1000})
	runtime.ReadMemStats(&after)
	wantError(t, "1 Mi elements, bound 1000", err, content.CodeMaxNodes, "")
	if n := after.TotalAlloc - before.TotalAlloc; n > 64<<10 {
		t.Errorf("refusing allocated %d bytes", n)
	}
	if _, err := codec.Decode(big, codec.DecodeOptions{}); err != nil {
		t.Errorf("1 Mi elements with no bound: %v", err)
	}

	// Past both the bytes and the bound: the bytes are checked first.
	_, err = codec.Decode(hx("94 01 02"), o)
	wantError(t, "past the bytes and the bound", err, content.CodeInvalidRequest, "")

	// With no bound (MaxNodes 0 or negative) the length of the data bounds
	// the values declared, which lengths that each fit what remains can
	// pass together: [[0 x 20], 0 x 20] cut after the inner array declares
	// 41 values in 26 bytes.
	nested := append(append(hx("dc 0015 dc 0014"), make([]byte, 20)...), make([]byte, 20)...)
	for _, o := range []codec.DecodeOptions{{}, {MaxNodes: -1}} {
		if _, err := codec.Decode(nested, o); err != nil {
			t.Errorf("whole: %v", err)
		}
		_, err = codec.Decode(nested[:26], o)
		wantError(t, "cut after the inner array", err, content.CodeMaxNodes, "")
	}
}

func nest(open []byte, n int, inner []byte) []byte {
	return append(bytes.Repeat(open, n), inner...)
}

// TestDecodeMaxDepth: content.MaxParseDepth levels of arrays or maps are
// read, one more is max_depth at the path "" (as ParseJSON has it).
func TestDecodeMaxDepth(t *testing.T) {
	d := content.MaxParseDepth
	for _, c := range []struct {
		name string
		data []byte
		ok   bool
	}{
		{"arrays at the limit", nest(hx("91"), d-1, hx("90")), true},
		{"arrays past it", nest(hx("91"), d, hx("90")), false},
		{"arrays past it with a scalar inside", nest(hx("91"), d, hx("01")), true},
		{"maps at the limit", nest(hx("81 a1 61"), d-1, hx("80")), true},
		{"maps past it", nest(hx("81 a1 61"), d, hx("80")), false},
		{"keys nest too", append(nest(hx("81"), d, hx("80")), bytes.Repeat(hx("00"), d)...), false},
		{"keys at the limit", append(nest(hx("81"), d-1, hx("80")), bytes.Repeat(hx("00"), d-1)...), true},
		{"array16 headers past it", nest(hx("dc 0001"), d, hx("90")), false},
		{"map32 headers past it", nest(hx("df 00000001 01"), d, hx("80")), false},
	} {
		_, err := codec.Decode(c.data, codec.DecodeOptions{})
		if c.ok && err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
		if !c.ok {
			wantError(t, c.name, err, content.CodeMaxDepth, "")
		}
	}
	// The same limit as the JSON parser's.
	for _, n := range []int{d, d + 1} {
		_, jerr := content.ParseJSON([]byte(strings.Repeat("[", n) + strings.Repeat("]", n)))
		_, merr := codec.Decode(nest(hx("91"), n-1, hx("90")), codec.DecodeOptions{})
		if (jerr == nil) != (merr == nil) {
			t.Errorf("%d levels: ParseJSON %v, Decode %v", n, jerr, merr)
		}
	}
}

// TestDecodeErrorPaths: errors name the place of the value as a JSON
// Pointer: string keys escaped, other keys as their decimal or true/false,
// array indexes; a key that fails names its map.
func TestDecodeErrorPaths(t *testing.T) {
	for _, c := range []struct {
		name string
		data []byte
		path string
	}{
		{"truncated value inside input/content", hx("81 a5 696e707574 81 a7 636f6e74656e74 91 a5 6869"), "/input/content/0"},
		{"truncated string inside input/content/0/text",
			hx("81 a5 696e707574 81 a7 636f6e74656e74 91 82 a4 74797065 a4 74657874 a4 74657874 a5 6869"), "/input/content/0/text"},
		{"second element", hx("92 01 cd 00"), "/1"},
		{"deeper", hx("93 00 01 91 81 a1 78 c1"), "/2/0/x"},
		{"escaped / and ~", hx("81 a3 612f62 81 a3 637e64 c1"), "/a~1b/c~0d"},
		{"empty key", hx("81 a0 c1"), "/"},
		{"integer key", hx("81 07 c1"), "/7"},
		{"negative integer key", hx("81 fb c1"), "/-5"},
		{"uint64 key", hx("81 cf ffffffffffffffff c1"), "/18446744073709551615"},
		{"true key", hx("81 c3 c1"), "/true"},
		{"false key", hx("81 c2 c1"), "/false"},
		{"repeated key, second value", hx("82 a1 61 01 a1 61 c1"), "/a"},
		{"a key that fails names its map", hx("91 81 da 0005 61"), "/0"},
		{"a non-UTF-8 key is written as U+FFFD (paths are UTF-8)", hx("81 a1 ff c1"), "/\ufffd"},
		{"trailing bytes are the whole value's", hx("81 a1 61 01 00"), ""},
	} {
		_, err := codec.Decode(c.data, codec.DecodeOptions{})
		wantError(t, c.name, err, content.CodeInvalidRequest, c.path)
	}
	// Paths are capped at pointer.MaxPathBytes.
	long := append(nest(append(hx("81 d9 64"), strings.Repeat("k", 100)...), 10, nil), 0xc1)
	_, err := codec.Decode(long, codec.DecodeOptions{})
	if e := asError(err); e == nil || e.Code != content.CodeInvalidRequest || len(e.Path) > pointer.MaxPathBytes ||
		!strings.HasPrefix(e.Path, "/"+strings.Repeat("k", 100)+"/") {
		t.Errorf("long path: %v", err)
	}

	// Budget errors have the path "" wherever they happen.
	_, err = codec.Decode(hx("81 a1 61 92 01 02"), codec.DecodeOptions{MaxNodes: 2})
	wantError(t, "max_nodes inside /a", err, content.CodeMaxNodes, "")
	_, err = codec.Decode(append(hx("81 a1 61"), nest(hx("91"), content.MaxParseDepth, hx("90"))...), codec.DecodeOptions{})
	wantError(t, "max_depth inside /a", err, content.CodeMaxDepth, "")
}

// TestDecodeLongArrayAllocatesItsItemsOnly decodes an array of 1,000
// values: its items are one allocation, and the decoder's path (an index
// per element) makes no string for an element until an error names it.
func TestDecodeLongArrayAllocatesItsItemsOnly(t *testing.T) {
	data := codec.AppendArrayHeader(nil, 1000)
	for range 1000 {
		data = append(data, 0xc0) // nil
	}
	if n := testing.AllocsPerRun(5, func() {
		if _, err := codec.Decode(data, codec.DecodeOptions{Share: true}); err != nil {
			t.Fatal(err)
		}
	}); n > 1 {
		t.Errorf("%v allocations", n)
	}
	// The path of an error past the hundredth element is still written.
	bad := append(append(codec.AppendArrayHeader(nil, 200), data[3:3+150]...), 0xc1)
	bad = append(bad, data[3:3+49]...)
	if _, err := codec.Decode(bad, codec.DecodeOptions{}); err == nil || err.(*content.Error).Path != "/150" {
		t.Errorf("got %v, want an error at /150", err)
	}
}
