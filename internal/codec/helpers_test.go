package codec_test

import (
	"encoding/hex"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/contentlink"
	"github.com/mcpresult/mcpresult/internal/engine"
	"github.com/mcpresult/mcpresult/internal/msgpacktest"
)

// Shorthands of package msgpacktest.
var (
	hx        = msgpacktest.Hex
	asError   = msgpacktest.AsError
	wantError = msgpacktest.WantError
	obj       = msgpacktest.Obj
)

// show writes a value for a failure message (JSON where it can, with the
// kinds JSON lacks spelled out).
func show(v content.Value) string {
	var b strings.Builder
	showTo(&b, v)
	return b.String()
}

func showTo(b *strings.Builder, v content.Value) {
	switch v.Kind() {
	case content.KindArray:
		b.WriteString("[")
		for i := 0; i < v.Len(); i++ {
			if i > 0 {
				b.WriteString(",")
			}
			showTo(b, v.Index(i))
		}
		b.WriteString("]")
	case content.KindObject:
		b.WriteString("{")
		for i := 0; i < v.Len(); i++ {
			if i > 0 {
				b.WriteString(",")
			}
			m := v.Member(i)
			showTo(b, m.Key)
			b.WriteString(":")
			showTo(b, m.Value)
		}
		b.WriteString("}")
	case content.KindBytes:
		b.WriteString("bin(" + hex.EncodeToString([]byte(v.Str())) + ")")
	case kindExt:
		b.WriteString("ext(" + itoa(int64(extType(v))) + "," + hex.EncodeToString([]byte(v.Str())) + ")")
	case content.KindTime:
		sec, nsec := v.Time()
		b.WriteString("time(" + itoa(sec) + "," + itoa(int64(nsec)) + ")")
	case content.KindFloat:
		b.WriteString("float(" + hex.EncodeToString(be8(math.Float64bits(v.Float()))) + ")")
	case content.KindUint:
		b.WriteString("uint(" + utoa(v.Uint()) + ")")
	case content.KindString:
		b.WriteString(quote(v.Str()))
	default:
		j, err := engine.AppendJSON(nil, v, content.Wire)
		if err != nil {
			b.WriteString("?")
		}
		b.Write(j)
	}
}

func itoa(i int64) string {
	if i < 0 {
		return "-" + utoa(uint64(-i))
	}
	return utoa(uint64(i))
}

func utoa(u uint64) string {
	if u == 0 {
		return "0"
	}
	var d []byte
	for ; u > 0; u /= 10 {
		d = append([]byte{byte('0' + u%10)}, d...)
	}
	return string(d)
}

func quote(s string) string {
	if len(s) > 40 {
		return `"` + strings.ToValidUTF8(s[:40], "?") + `…"(` + itoa(int64(len(s))) + ` bytes)`
	}
	return `"` + strings.ToValidUTF8(s, "?") + `"`
}

func be8(u uint64) []byte {
	b := make([]byte, 8)
	for i := range b {
		b[i] = byte(u >> (56 - 8*i))
	}
	return b
}

// The values of MessagePack extensions, which content does not export (see
// package contentlink).
var (
	contentExt = contentlink.NewExt
	extType    = contentlink.ExtType
)

const kindExt = contentlink.KindExt

// Values shorthand.
var (
	null = content.Null()
	i64  = content.NewInt
	str  = content.NewString
	arr  = content.NewArray
)

// gen makes random Values of every kind the codec carries: integers of
// every width (uint64 above int64 included), float bit patterns (NaN
// payloads and -0 included), strings that are not always UTF-8, bytes,
// timestamps in each of the three forms, extensions of every length class,
// arrays and maps across the fix/16 boundary, and maps with repeated and
// non-string keys.
type gen struct {
	rng *rand.Rand
	// exts, when not nil, are the extension types to use (msgpack/v5
	// cannot decode an extension type nobody registered).
	exts []int8
	// anyKeys, when false, gives maps unique string keys only.
	anyKeys bool
}

func newGen(seed uint64) *gen {
	return &gen{rng: rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15)), anyKeys: true}
}

func (g *gen) value(depth int) content.Value {
	n := 14
	if depth >= 4 {
		n = 10 // scalars only
	}
	switch g.rng.IntN(n) {
	case 0:
		return null
	case 1:
		return content.NewBool(g.rng.IntN(2) == 0)
	case 2:
		return i64(g.int())
	case 3:
		return content.NewUint(uint64(math.MaxInt64) + 1 + g.rng.Uint64N(math.MaxInt64))
	case 4:
		return content.NewFloat(g.float())
	case 5, 6:
		return str(g.str())
	case 7:
		return content.NewBytes([]byte(g.str()))
	case 8:
		sec, nsec := g.time()
		return content.NewTime(sec, nsec)
	case 9:
		typ := int8(g.rng.IntN(256) - 128)
		if typ == -1 {
			typ = 0
		}
		if g.exts != nil {
			typ = g.exts[g.rng.IntN(len(g.exts))]
		}
		return contentExt(typ, g.bytes([]int{0, 1, 2, 3, 4, 8, 12, 16, 17, 255, 256, 300}))
	case 10, 11:
		items := make([]content.Value, g.size())
		for i := range items {
			items[i] = g.value(depth + 1)
		}
		return arr(items...)
	}
	members := make([]content.Member, g.size())
	seen := map[string]bool{}
	for i := range members {
		k := str(g.str())
		if g.anyKeys {
			switch g.rng.IntN(8) {
			case 0:
				k = i64(g.int())
			case 1:
				k = content.NewBool(true)
			case 2:
				k = null
			case 3:
				if i > 0 {
					k = members[g.rng.IntN(i)].Key // a repeated key
				}
			}
		} else {
			for seen[k.Str()] {
				k = str(k.Str() + "_")
			}
			seen[k.Str()] = true
		}
		members[i] = content.Member{Key: k, Value: g.value(depth + 1)}
	}
	return content.NewObject(members...)
}

// int returns an integer near a width boundary or anywhere in one width.
func (g *gen) int() int64 {
	bounds := []int64{0, 1, 127, 128, 255, 256, 65535, 65536, math.MaxUint32, math.MaxUint32 + 1, math.MaxInt64,
		-1, -32, -33, -128, -129, -32768, -32769, math.MinInt32, math.MinInt32 - 1, math.MinInt64}
	if g.rng.IntN(3) == 0 {
		return bounds[g.rng.IntN(len(bounds))]
	}
	bits := []int{5, 7, 8, 15, 16, 31, 32, 63}[g.rng.IntN(8)]
	v := int64(g.rng.Uint64N(1 << bits))
	if g.rng.IntN(2) == 0 {
		v = -v - 1
	}
	return v
}

func (g *gen) float() float64 {
	switch g.rng.IntN(6) {
	case 0:
		return []float64{0, math.Copysign(0, -1), 0.1, 1, -2.5, 1e300, math.SmallestNonzeroFloat64, math.Inf(1), math.Inf(-1), math.NaN()}[g.rng.IntN(10)]
	case 1:
		return float64(math.Float32frombits(g.rng.Uint32())) // a float32's exact value
	case 2:
		return math.Float64frombits(g.rng.Uint64()) // any bits, NaN payloads included
	}
	return g.rng.NormFloat64() * math.Pow(10, float64(g.rng.IntN(40)-20))
}

var genRunes = []rune{'a', 'z', 'A', '0', ' ', '"', '\\', '/', '~', '\n', 0, 0x7f, 0xe9, 'ö', '€', '中', 0x2028, 0xfffd, 0x1f600, 0x10ffff}

func (g *gen) str() string {
	switch g.rng.IntN(12) {
	case 0:
		return ""
	case 1:
		return strings.Repeat("x", []int{31, 32, 255, 256, 65535, 65536}[g.rng.IntN(6)])
	case 2:
		return string([]byte{0xff, 'a', 0xc3}) // not UTF-8: kept as it is
	}
	n := g.rng.IntN(12)
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteRune(genRunes[g.rng.IntN(len(genRunes))])
	}
	return b.String()
}

func (g *gen) bytes(lengths []int) []byte {
	b := make([]byte, lengths[g.rng.IntN(len(lengths))])
	for i := range b {
		b[i] = byte(g.rng.IntN(256))
	}
	return b
}

// time returns seconds and nanoseconds for each of the three timestamp
// forms: 32-bit seconds, 34-bit seconds with nanoseconds, 96-bit (negative
// or large seconds).
func (g *gen) time() (int64, int32) {
	var nsec int32
	if g.rng.IntN(2) == 0 {
		nsec = []int32{1, 999_999_999, 500_000_000, int32(g.rng.IntN(1_000_000_000))}[g.rng.IntN(4)]
	}
	switch g.rng.IntN(5) {
	case 0:
		return g.rng.Int64N(1 << 32), nsec
	case 1:
		return 1<<32 + g.rng.Int64N(1<<34-1<<32), nsec
	case 2:
		return []int64{0, 1, math.MaxUint32, 1<<34 - 1, 1 << 34, -1, -62135596800, 253402300799}[g.rng.IntN(8)], nsec
	case 3:
		return -g.rng.Int64N(1<<40) - 1, nsec
	}
	return 1<<34 + g.rng.Int64N(1<<40), nsec
}

func (g *gen) size() int {
	if g.rng.IntN(20) == 0 {
		return 16 + g.rng.IntN(3) // array16 / map16
	}
	return g.rng.IntN(5)
}
