package codec_test

// A differential test against github.com/vmihailenco/msgpack/v5, the
// reference codec: values msgpack/v5 writes decode with codec.Decode to the
// expected content.Value, and what codec.AppendValue writes decodes with
// msgpack/v5 to the same value.
//
// Where the two codecs legitimately differ (each is pinned by a test
// below, TestMsgpackDifferences):
//
//   - float32: msgpack/v5 writes a Go float32 as 0xca; this codec reads its exact
//     value (float64(float32)) and writes every float as 0xcb, so a float32
//     comes back from this codec as a float64 of the same value. With
//     UseCompactFloats msgpack/v5 writes an integral float as an integer,
//     which this codec then reads as an integer (it never does this).
//   - integer widths: without UseCompactInts msgpack/v5 writes a Go int64
//     (or int, uint64…) in its type's width (0xd3 for 5); this codec reads any
//     width by value and always writes the smallest form. With
//     UseCompactInts the two write the same bytes.
//   - integer types: msgpack/v5 decodes into interface{} with the type of
//     the wire width (int8 for a fixint, uint16 for 0xcd…; int64/uint64
//     with UseLooseInterfaceDecoding); this codec keeps an int64, or a uint64 only
//     above math.MaxInt64. The test compares by value.
//   - bin: msgpack/v5's loose decoding turns bin into string; this codec keeps
//     KindBytes.
//   - timestamps: msgpack/v5 normalizes nanoseconds above 999,999,999 (the
//     64- and 96-bit forms can carry up to 2^30-1 and 2^32-1) through
//     time.Unix; this codec refuses them with invalid_request, as the MessagePack
//     spec says they are invalid. msgpack/v5 returns a time.Time in the
//     local zone; the test compares Unix seconds and nanoseconds.
//   - extensions: msgpack/v5 cannot decode into interface{} an extension
//     type nobody registered ("unknown ext id"); this codec keeps any type as
//     KindExt. The test registers a few types with msgpack.RegisterExt.
//   - maps: msgpack/v5 decodes a map into map[string]interface{}, which
//     needs string keys and loses member order and repeated keys; this codec keeps
//     every key, in order. The test decodes maps with SetMapDecoder into an
//     ordered list of pairs, and also checks the default map decoder on
//     values with unique string keys.
//   - nil containers: msgpack/v5 writes a nil Go slice or map (and a nil
//     []byte) as nil; the generator makes empty ones.
//   - map key order: msgpack/v5 writes a Go map in random order unless
//     SetSortMapKeys(true), which sorts the keys by their bytes; the tests
//     sort, or use the ordered map type omap.

import (
	"bytes"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/vmihailenco/msgpack/v5"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/codec"
	"github.com/mcpresult/mcpresult/internal/msgpacktest"
)

// extData is an extension value msgpack/v5 can write and read: one Go type
// per extension type (T says which), registered in init.
type extData[T extKind] struct{ data []byte }

type extKind interface{ id() int8 }

type (
	extMin  struct{}
	extZero struct{}
	extFive struct{}
	extMax  struct{}
)

func (extMin) id() int8  { return -128 }
func (extZero) id() int8 { return 0 }
func (extFive) id() int8 { return 5 }
func (extMax) id() int8  { return 127 }

func (x *extData[T]) MarshalMsgpack() ([]byte, error) { return x.data, nil }
func (x *extData[T]) UnmarshalMsgpack(b []byte) error {
	x.data = append([]byte{}, b...)
	return nil
}
func (x *extData[T]) ext() (int8, []byte) { var t T; return t.id(), x.data }

type extValue interface{ ext() (int8, []byte) }

var registeredExts = []int8{-128, 0, 5, 127}

func init() {
	msgpack.RegisterExt(-128, (*extData[extMin])(nil))
	msgpack.RegisterExt(0, (*extData[extZero])(nil))
	msgpack.RegisterExt(5, (*extData[extFive])(nil))
	msgpack.RegisterExt(127, (*extData[extMax])(nil))
}

func newExt(id int8, data []byte) any {
	switch id {
	case -128:
		return &extData[extMin]{data}
	case 0:
		return &extData[extZero]{data}
	case 5:
		return &extData[extFive]{data}
	}
	return &extData[extMax]{data}
}

// omap is a map msgpack/v5 writes with its members in order (repeated and
// non-string keys allowed).
type (
	omap = msgpacktest.Map
	pair = msgpacktest.Pair
)

// goValue returns a random Go value for msgpack/v5 to write and the
// content.Value codec.Decode must read from it. float32 says whether Go
// float32s may appear (they are written as 0xca, which this codec never writes).
func (g *gen) goValue(depth int, float32s bool) (any, content.Value) {
	n := 16
	if depth >= 4 {
		n = 12
	}
	switch g.rng.IntN(n) {
	case 0:
		return nil, null
	case 1:
		b := g.rng.IntN(2) == 0
		return b, content.NewBool(b)
	case 2, 3:
		return g.goInt()
	case 4:
		if float32s {
			f := math.Float32frombits(g.rng.Uint32())
			return f, content.NewFloat(float64(f))
		}
		fallthrough
	case 5:
		f := g.float()
		return f, content.NewFloat(f)
	case 6, 7:
		s := g.str()
		return s, str(s)
	case 8:
		b := []byte(g.str()) // never nil: msgpack/v5 writes a nil []byte as nil
		if b == nil {
			b = []byte{}
		}
		return b, content.NewBytes(b)
	case 9:
		sec, nsec := g.time()
		t := time.Unix(sec, int64(nsec))
		if g.rng.IntN(2) == 0 {
			t = t.UTC()
		}
		return t, tm(sec, nsec)
	case 10:
		id := registeredExts[g.rng.IntN(len(registeredExts))]
		data := g.bytes([]int{0, 1, 2, 3, 4, 8, 12, 16, 17, 255, 256, 300})
		return newExt(id, data), contentExt(id, data)
	case 11:
		s := g.str()
		return s, str(s)
	case 12, 13:
		items := make([]any, g.size())
		want := make([]content.Value, len(items))
		for i := range items {
			items[i], want[i] = g.goValue(depth+1, float32s)
		}
		return items, arr(want...)
	case 14:
		// a Go map: msgpack/v5 sorts its keys (SetSortMapKeys)
		m := map[string]any{}
		var ms []content.Member
		for range g.size() {
			k := g.str()
			if _, ok := m[k]; ok {
				continue
			}
			v, w := g.goValue(depth+1, float32s)
			m[k] = v
			ms = append(ms, content.Member{Key: str(k), Value: w})
		}
		slices.SortFunc(ms, func(a, b content.Member) int { return strings.Compare(a.Key.Str(), b.Key.Str()) })
		return m, content.NewObject(ms...)
	}
	// an ordered map, keys of any type, repeats allowed
	m := make(omap, g.size())
	ms := make([]content.Member, len(m))
	for i := range m {
		var k any
		var kw content.Value
		switch g.rng.IntN(6) {
		case 0:
			k, kw = g.goInt()
		case 1:
			k, kw = true, content.NewBool(true)
		case 2:
			k, kw = nil, null
		case 3:
			if i > 0 {
				j := g.rng.IntN(i)
				k, kw = m[j][0], ms[j].Key
				break
			}
			fallthrough
		default:
			s := g.str()
			k, kw = s, str(s)
		}
		v, w := g.goValue(depth+1, float32s)
		m[i], ms[i] = pair{k, v}, content.Member{Key: kw, Value: w}
	}
	return m, content.NewObject(ms...)
}

// goInt returns an integer of a random Go integer type.
func (g *gen) goInt() (any, content.Value) {
	x := g.int()
	switch g.rng.IntN(10) {
	case 0:
		return int8(x), i64(int64(int8(x)))
	case 1:
		return int16(x), i64(int64(int16(x)))
	case 2:
		return int32(x), i64(int64(int32(x)))
	case 3:
		return x, i64(x)
	case 4:
		return int(x), i64(int64(int(x))) // int is 32 bits on some machines
	case 5:
		return uint8(x), i64(int64(uint8(x)))
	case 6:
		return uint16(x), i64(int64(uint16(x)))
	case 7:
		return uint32(x), i64(int64(uint32(x)))
	case 8:
		u := uint64(x)
		if g.rng.IntN(2) == 0 {
			u = math.MaxUint64 - g.rng.Uint64N(1<<20)
		}
		return u, content.NewUint(u)
	}
	return uint(x), content.NewUint(uint64(uint(x)))
}

var msgpackEncode = msgpacktest.Encode

// TestMsgpackToCodec: msgpack/v5 writes, codec.Decode reads.
func TestMsgpackToCodec(t *testing.T) {
	g := newGen(11)
	for i := 0; i < 3000; i++ {
		float32s := i%2 == 0
		v, want := g.goValue(0, float32s)
		for _, compact := range []bool{true, false} {
			data := msgpackEncode(t, v, compact)
			got, err := codec.Decode(data, codec.DecodeOptions{})
			if err != nil {
				t.Fatalf("value %d (compact ints %v): %v\n% .80x", i, compact, err, data)
			}
			if !content.Equal(got, want) {
				t.Fatalf("value %d (compact ints %v): got %s, want %s", i, compact, show(got), show(want))
			}
			// Without float32s and with compact integers the two codecs
			// write the very same bytes.
			if !float32s && compact {
				if mine := codec.AppendValue(nil, want); !bytes.Equal(mine, data) {
					t.Fatalf("value %d: this codec writes % .80x, msgpack/v5 % .80x", i, mine, data)
				}
			}
		}
	}
}

// fromMsgpack converts what msgpack/v5 decodes into interface{} to a
// content.Value.
func fromMsgpack(t *testing.T, x any) content.Value {
	t.Helper()
	switch x := x.(type) {
	case nil:
		return null
	case bool:
		return content.NewBool(x)
	case int8:
		return i64(int64(x))
	case int16:
		return i64(int64(x))
	case int32:
		return i64(int64(x))
	case int64:
		return i64(x)
	case uint8:
		return content.NewUint(uint64(x))
	case uint16:
		return content.NewUint(uint64(x))
	case uint32:
		return content.NewUint(uint64(x))
	case uint64:
		return content.NewUint(x)
	case float32:
		t.Fatalf("msgpack/v5 read a float32 from this codec's bytes")
	case float64:
		return content.NewFloat(x)
	case string:
		return str(x)
	case []byte:
		return content.NewBytes(x)
	case time.Time:
		return tm(x.Unix(), int32(x.Nanosecond()))
	case extValue:
		id, data := x.ext()
		return contentExt(id, data)
	case []any:
		out := make([]content.Value, len(x))
		for i, e := range x {
			out[i] = fromMsgpack(t, e)
		}
		return arr(out...)
	case omap:
		ms := make([]content.Member, len(x))
		for i, p := range x {
			ms[i] = content.Member{Key: fromMsgpack(t, p[0]), Value: fromMsgpack(t, p[1])}
		}
		return content.NewObject(ms...)
	case map[string]any:
		var ms []content.Member
		for k, v := range x {
			ms = append(ms, content.Member{Key: str(k), Value: fromMsgpack(t, v)})
		}
		slices.SortFunc(ms, func(a, b content.Member) int { return strings.Compare(a.Key.Str(), b.Key.Str()) })
		return content.NewObject(ms...)
	}
	t.Fatalf("msgpack/v5 decoded a %T", x)
	return null
}

// orderedMaps makes msgpack/v5 decode maps into omap, keeping order,
// repeated keys and keys of any type; loose says which of its interface
// decoders reads the members.
func orderedMaps(loose bool) func(d *msgpack.Decoder) (any, error) {
	return func(d *msgpack.Decoder) (any, error) {
		decode := d.DecodeInterface
		if loose {
			decode = d.DecodeInterfaceLoose
		}
		n, err := d.DecodeMapLen()
		if err != nil || n < 0 {
			return nil, err
		}
		m := make(omap, n)
		for i := range m {
			if m[i][0], err = decode(); err != nil {
				return nil, err
			}
			if m[i][1], err = decode(); err != nil {
				return nil, err
			}
		}
		return m, nil
	}
}

// sortKeys sorts the members of every object by key (unique string keys),
// as a Go map read back gives them.
func sortKeys(v content.Value) content.Value {
	switch v.Kind() {
	case content.KindArray:
		out := make([]content.Value, v.Len())
		for i := range out {
			out[i] = sortKeys(v.Index(i))
		}
		return arr(out...)
	case content.KindObject:
		ms := make([]content.Member, v.Len())
		for i := range ms {
			m := v.Member(i)
			ms[i] = content.Member{Key: m.Key, Value: sortKeys(m.Value)}
		}
		slices.SortFunc(ms, func(a, b content.Member) int { return strings.Compare(a.Key.Str(), b.Key.Str()) })
		return content.NewObject(ms...)
	}
	return v
}

// looseBytes is what msgpack/v5's loose decoding gives for v: bin as str.
func looseBytes(v content.Value) content.Value {
	switch v.Kind() {
	case content.KindBytes:
		return str(v.Str())
	case content.KindArray:
		out := make([]content.Value, v.Len())
		for i := range out {
			out[i] = looseBytes(v.Index(i))
		}
		return arr(out...)
	case content.KindObject:
		ms := make([]content.Member, v.Len())
		for i := range ms {
			m := v.Member(i)
			ms[i] = content.Member{Key: looseBytes(m.Key), Value: looseBytes(m.Value)}
		}
		return content.NewObject(ms...)
	}
	return v
}

// TestCodecToMsgpack: codec.AppendValue writes, msgpack/v5 reads into
// interface{}: with an ordered map decoder (every value), with its default
// map[string]interface{} (values with unique string keys), and with loose
// interface decoding.
func TestCodecToMsgpack(t *testing.T) {
	g := newGen(12)
	for i := 0; i < 3000; i++ {
		g.exts, g.anyKeys = registeredExts, i%2 == 0
		v := g.value(0)
		data := codec.AppendValue(nil, v)

		for _, loose := range []bool{false, true} {
			r := bytes.NewReader(data)
			d := msgpack.NewDecoder(r)
			d.SetMapDecoder(orderedMaps(loose))
			d.UseLooseInterfaceDecoding(loose)
			decode := d.DecodeInterface
			if loose {
				decode = d.DecodeInterfaceLoose
			}
			x, err := decode()
			if err != nil {
				t.Fatalf("value %d: msgpack/v5: %v\n%s\n% .80x", i, err, show(v), data)
			}
			if r.Len() != 0 {
				t.Fatalf("value %d: msgpack/v5 left %d bytes", i, r.Len())
			}
			want := v
			if loose {
				want = looseBytes(v)
			}
			if got := fromMsgpack(t, x); !content.Equal(got, want) {
				t.Fatalf("value %d (loose %v): msgpack/v5 read %s, want %s", i, loose, show(got), show(want))
			}
		}

		if !g.anyKeys {
			var x any
			if err := msgpack.Unmarshal(data, &x); err != nil {
				t.Fatalf("value %d: msgpack.Unmarshal: %v", i, err)
			}
			if got, want := fromMsgpack(t, x), sortKeys(v); !content.Equal(got, want) {
				t.Fatalf("value %d: msgpack.Unmarshal read %s, want %s", i, show(got), show(want))
			}
		}
	}
}

// TestMsgpackDifferences pins where the two codecs differ on purpose.
func TestMsgpackDifferences(t *testing.T) {
	enc := func(v any, setup func(*msgpack.Encoder)) []byte {
		var buf bytes.Buffer
		e := msgpack.NewEncoder(&buf)
		setup(e)
		if err := e.Encode(v); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	none := func(*msgpack.Encoder) {}

	// float32: msgpack/v5 writes 0xca; this codec reads the exact value and writes
	// 0xcb.
	f := float32(0.1)
	b := enc(f, none)
	if !bytes.Equal(b, hx("ca 3dcccccd")) {
		t.Errorf("msgpack/v5 float32: % x", b)
	}
	v, _ := codec.Decode(b, codec.DecodeOptions{})
	if v.Float() != float64(f) || v.Float() == 0.1 {
		t.Errorf("this codec read float32 0.1 as %v", v.Float())
	}
	if got := codec.AppendValue(nil, v); !bytes.Equal(got, hx("cb 3fb99999a0000000")) {
		t.Errorf("this codec wrote % x", got)
	}

	// UseCompactFloats: an integral float becomes an integer.
	b = enc(2.0, func(e *msgpack.Encoder) { e.UseCompactFloats(true) })
	if v, _ := codec.Decode(b, codec.DecodeOptions{}); v.Kind() != content.KindInt || v.Int() != 2 {
		t.Errorf("compact float 2.0: % x read as %s", b, show(v))
	}
	if got := codec.AppendValue(nil, content.NewFloat(2)); !bytes.Equal(got, hx("cb 4000000000000000")) {
		t.Errorf("this codec wrote 2.0 as % x", got)
	}

	// Integer widths: msgpack/v5 keeps the Go type's width unless
	// UseCompactInts; this codec reads both by value.
	wide := enc(int64(5), none)
	compact := enc(int64(5), func(e *msgpack.Encoder) { e.UseCompactInts(true) })
	if !bytes.Equal(wide, hx("d3 0000000000000005")) || !bytes.Equal(compact, hx("05")) {
		t.Errorf("msgpack/v5 int64(5): % x and % x", wide, compact)
	}
	for _, b := range [][]byte{wide, compact} {
		if v, err := codec.Decode(b, codec.DecodeOptions{}); err != nil || !content.Equal(v, i64(5)) {
			t.Errorf("% x: %s %v", b, show(v), err)
		}
	}

	// Nanoseconds above 999,999,999: msgpack/v5 normalizes, this codec refuses.
	for _, bad := range [][]byte{hx("d7 ff ee6b280000000000"), hx("c7 0c ff 3b9aca00 0000000000000000")} {
		var tt time.Time
		if err := msgpack.Unmarshal(bad, &tt); err != nil || tt.Unix() != 1 || tt.Nanosecond() != 0 {
			t.Errorf("msgpack/v5 read % x as %v, %v", bad, tt, err)
		}
		_, err := codec.Decode(bad, codec.DecodeOptions{})
		wantError(t, "too many nanoseconds", err, content.CodeInvalidRequest, "")
	}

	// An extension type nobody registered: msgpack/v5 refuses it, this codec keeps
	// it.
	var x any
	if err := msgpack.Unmarshal(hx("d4 33 00"), &x); err == nil {
		t.Errorf("msgpack/v5 read an unregistered extension as %v", x)
	}
	if v, err := codec.Decode(hx("d4 33 00"), codec.DecodeOptions{}); err != nil || !content.Equal(v, ext(0x33, "\x00")) {
		t.Errorf("codec: %s %v", show(v), err)
	}

	// Integer keys: msgpack/v5's default map decoder refuses them, codec
	// keeps them.
	if err := msgpack.Unmarshal(hx("81 01 02"), &x); err == nil {
		t.Errorf("msgpack/v5 read {1: 2} as %v", x)
	}
	if v, err := codec.Decode(hx("81 01 02"), codec.DecodeOptions{}); err != nil || !content.Equal(v, obj(i64(1), i64(2))) {
		t.Errorf("codec: %s %v", show(v), err)
	}

	// Repeated keys: msgpack/v5's map keeps the last, this codec keeps both.
	var m map[string]any
	if err := msgpack.Unmarshal(hx("82 a1 61 01 a1 61 02"), &m); err != nil || len(m) != 1 || m["a"] != int8(2) {
		t.Errorf("msgpack/v5: %v %v", m, err)
	}

	// Nil Go containers are nil on the wire.
	if b := enc([]byte(nil), none); !bytes.Equal(b, hx("c0")) {
		t.Errorf("msgpack/v5 nil []byte: % x", b)
	}
}
