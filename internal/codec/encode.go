package codec

import (
	"math"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/contentlink"
)

// AppendValue appends the MessagePack encoding of v: every value in its
// smallest form (integers, lengths), floats as float64, strings as str and
// bytes as bin, timestamps as ext -1 in the smallest of its three forms,
// map members in their order. The encoding is canonical: the same Value
// always gives the same bytes. A Go value (content.KindGo) is written as
// nil: convert Go values first (engine.Budget.Plain).
func AppendValue(dst []byte, v content.Value) []byte {
	switch v.Kind() {
	case content.KindNull, content.KindGo:
		return append(dst, 0xc0)
	case content.KindBool:
		if v.Bool() {
			return append(dst, 0xc3)
		}
		return append(dst, 0xc2)
	case content.KindInt:
		return AppendInt(dst, v.Int())
	case content.KindUint:
		return appendUint(dst, 0xcf, v.Uint(), 8)
	case content.KindFloat:
		return appendUint(dst, 0xcb, math.Float64bits(v.Float()), 8)
	case content.KindString:
		return AppendString(dst, v.Str())
	case content.KindBytes:
		return appendBytes(dst, v.Str())
	case content.KindTime:
		sec, nsec := v.Time()
		return appendTime(dst, sec, nsec)
	case kindExt:
		return appendExt(dst, contentlink.ExtType(v), v.Str())
	case content.KindArray:
		dst = AppendArrayHeader(dst, v.Len())
		for i := 0; i < v.Len(); i++ {
			dst = AppendValue(dst, v.Index(i))
		}
		return dst
	case content.KindObject:
		dst = AppendMapHeader(dst, v.Len())
		for i := 0; i < v.Len(); i++ {
			m := v.Member(i)
			dst = AppendValue(dst, m.Key)
			dst = AppendValue(dst, m.Value)
		}
		return dst
	}
	return append(dst, 0xc0)
}

// AppendInt appends an integer in its smallest form.
func AppendInt(dst []byte, i int64) []byte {
	switch {
	case i >= 0:
		return appendPositive(dst, uint64(i))
	case i >= -32:
		return append(dst, byte(int8(i)))
	case i >= math.MinInt8:
		return append(dst, 0xd0, byte(int8(i)))
	case i >= math.MinInt16:
		return appendUint(dst, 0xd1, uint64(uint16(int16(i))), 2)
	case i >= math.MinInt32:
		return appendUint(dst, 0xd2, uint64(uint32(int32(i))), 4)
	}
	return appendUint(dst, 0xd3, uint64(i), 8)
}

func appendPositive(dst []byte, u uint64) []byte {
	switch {
	case u <= 0x7f:
		return append(dst, byte(u))
	case u <= math.MaxUint8:
		return append(dst, 0xcc, byte(u))
	case u <= math.MaxUint16:
		return appendUint(dst, 0xcd, u, 2)
	case u <= math.MaxUint32:
		return appendUint(dst, 0xce, u, 4)
	}
	return appendUint(dst, 0xcf, u, 8)
}

// appendUint appends a type byte and u in n big-endian bytes.
//
// It and the other small encoders are kept out of line (go:noinline):
// inlined at their many call sites they make the module much larger.
//
//go:noinline
func appendUint(dst []byte, typ byte, u uint64, n int) []byte {
	return appendBE(append(dst, typ), u, n)
}

// AppendString appends s as a MessagePack str.
//
//go:noinline
func AppendString(dst []byte, s string) []byte {
	return append(AppendStrHeader(dst, len(s)), s...)
}

// AppendStringBytes appends b as a MessagePack str, without converting it
// to a string first (a result's JSON may be tens of megabytes).
func AppendStringBytes(dst, b []byte) []byte {
	return append(AppendStrHeader(dst, len(b)), b...)
}

// AppendStrHeader appends the header of a MessagePack str of n bytes.
func AppendStrHeader(dst []byte, n int) []byte {
	if n <= 31 {
		return append(dst, 0xa0|byte(n))
	}
	return appendLen(dst, n, 0xd9)
}

// appendLen appends the length of a str, bin or ext in its 8-bit form
// (typ8), or the 16- or 32-bit one that follows it (typ8+1, typ8+2).
func appendLen(dst []byte, n int, typ8 byte) []byte {
	switch {
	case n <= math.MaxUint8:
		return append(dst, typ8, byte(n))
	case n <= math.MaxUint16:
		return appendUint(dst, typ8+1, uint64(n), 2)
	}
	return appendUint(dst, typ8+2, uint64(n), 4)
}

func appendBytes(dst []byte, b string) []byte {
	return append(appendLen(dst, len(b), 0xc4), b...)
}

func appendExt(dst []byte, typ int8, data string) []byte {
	n := len(data)
	switch n {
	case 1:
		dst = append(dst, 0xd4)
	case 2:
		dst = append(dst, 0xd5)
	case 4:
		dst = append(dst, 0xd6)
	case 8:
		dst = append(dst, 0xd7)
	case 16:
		dst = append(dst, 0xd8)
	default:
		dst = appendLen(dst, n, 0xc7)
	}
	dst = append(dst, byte(typ))
	return append(dst, data...)
}

// appendTime appends a timestamp (ext -1): 32-bit seconds when it has no
// nanoseconds and fits, 64-bit (30-bit nanoseconds, 34-bit seconds) when
// the seconds fit 34 bits, else 96-bit.
func appendTime(dst []byte, sec int64, nsec int32) []byte {
	switch {
	case sec >= 0 && sec <= math.MaxUint32 && nsec == 0:
		dst = append(dst, 0xd6, 0xff)
		return appendBE(dst, uint64(sec), 4)
	case sec >= 0 && sec < 1<<34:
		dst = append(dst, 0xd7, 0xff)
		return appendBE(dst, uint64(nsec)<<34|uint64(sec), 8)
	}
	dst = append(dst, 0xc7, 12, 0xff)
	dst = appendBE(dst, uint64(uint32(nsec)), 4)
	return appendBE(dst, uint64(sec), 8)
}

func appendBE(dst []byte, u uint64, n int) []byte {
	for s := 8 * (n - 1); s >= 0; s -= 8 {
		dst = append(dst, byte(u>>s))
	}
	return dst
}

// AppendArrayHeader appends the header of an array of n elements.
func AppendArrayHeader(dst []byte, n int) []byte { return appendHeader(dst, n, 0x90, 0xdc) }

// AppendMapHeader appends the header of a map of n members.
func AppendMapHeader(dst []byte, n int) []byte { return appendHeader(dst, n, 0x80, 0xde) }

// appendHeader appends a container header: the fix form up to 15, then the
// 16-bit form (typ16), then the 32-bit one (typ16+1).
func appendHeader(dst []byte, n int, fix, typ16 byte) []byte {
	switch {
	case n <= 15:
		return append(dst, fix|byte(n))
	case n <= math.MaxUint16:
		return appendUint(dst, typ16, uint64(n), 2)
	}
	return appendUint(dst, typ16+1, uint64(n), 4)
}

// AppendBool appends a boolean.
func AppendBool(dst []byte, b bool) []byte {
	if b {
		return append(dst, 0xc3)
	}
	return append(dst, 0xc2)
}

// AppendFinding appends an error as every response carries one, and each
// finding of a validation: the map {code, path, message}.
func AppendFinding(dst []byte, e *content.Error) []byte {
	dst = AppendMapHeader(dst, 3)
	dst = AppendString(AppendString(dst, "code"), string(e.Code))
	dst = AppendString(AppendString(dst, "path"), e.Path)
	return AppendString(AppendString(dst, "message"), e.Message)
}
