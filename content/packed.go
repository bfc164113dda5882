package content

import (
	"encoding/base64"
	"math"
	"strconv"
	"unsafe"

	"github.com/mcpresult/mcpresult/internal/jstime"
	"github.com/mcpresult/mcpresult/internal/packed"
)

// A decoded request is held packed (see internal/packed): a packed
// container is a Value with n2 != 0: n2 is its segment plus one, negated
// for a JSON view (see jsonView), and p the *packed.Doc. Scalars are read
// from the bytes when they are looked at, which costs a few nanoseconds,
// and no more allocation than a string header.

func init() {
	packed.ValueOf = func(d *packed.Doc, e uint32) Value { return packedValue(d, e, false, false) }
	packed.IsPacked = Value.isPacked
	packed.JSONView = Value.jsonView
}

// value returns the value of entry e, converted as a JSON view converts
// an item when view is set (key: it is an object's key).
func packedValue(p *packed.Doc, e uint32, view, key bool) Value {
	if e&packed.Container != 0 {
		seg := int(e &^ packed.Container)
		h := p.Ents[seg]
		k := KindArray
		if h&1 != 0 {
			k = KindObject
		}
		n2 := int32(seg + 1)
		if view {
			n2 = -n2
		}
		return Value{kind: k, n: uint64(h >> 1), n2: n2, p: unsafe.Pointer(p)}
	}
	v := scalar(p, int(e))
	if view {
		// Converted each time it is read: a view is read a few times (the
		// check, the measure, the write), and a Doc holds nothing it
		// could change, so that Values stay safe to read from any
		// goroutine. Bytes under a view thus cost their base64 a few
		// times over in garbage, never at once.
		v = jsonScalar(v, key)
	}
	return v
}

// jsonScalar is what canonicalization "json" makes of a scalar: bytes as
// base64, a timestamp as JavaScript's Date writes it, and, as an object's
// key, an integer or boolean as its decimal or true/false. Anything else
// (and a timestamp out of a Date's range, which the checks report) is
// returned as it is.
func jsonScalar(v Value, key bool) Value {
	switch v.kind {
	case KindBytes:
		return NewString(base64.StdEncoding.EncodeToString([]byte(v.str())))
	case KindTime:
		if s, ok := jstime.Format(v.Time()); ok {
			return NewString(s)
		}
	case KindInt:
		if key {
			return NewString(strconv.FormatInt(v.Int(), 10))
		}
	case KindUint:
		if key {
			return NewString(strconv.FormatUint(v.n, 10))
		}
	case KindBool:
		if key {
			return NewString(strconv.FormatBool(v.Bool()))
		}
	}
	return v
}

// scalar reads the scalar whose bytes start at data[i] (checked before).
func scalar(p *packed.Doc, i int) Value {
	data := p.Data
	c := data[i]
	i++
	switch {
	case c <= 0x7f:
		return NewInt(int64(c))
	case c >= 0xe0:
		return NewInt(int64(int8(c)))
	case c&0xe0 == 0xa0:
		return str(p, KindString, i, int(c&0x1f))
	}
	switch c {
	case 0xc2:
		return NewBool(false)
	case 0xc3:
		return NewBool(true)
	case 0xc4, 0xc5, 0xc6:
		w := 1 << (c - 0xc4)
		return str(p, KindBytes, i+w, int(bigEndian(data[i:i+w])))
	case 0xd9, 0xda, 0xdb:
		w := 1 << (c - 0xd9)
		return str(p, KindString, i+w, int(bigEndian(data[i:i+w])))
	case 0xca:
		return NewFloat(float64(math.Float32frombits(uint32(bigEndian(data[i : i+4])))))
	case 0xcb:
		return NewFloat(math.Float64frombits(bigEndian(data[i : i+8])))
	case 0xcc, 0xcd, 0xce, 0xcf:
		w := 1 << (c - 0xcc)
		return NewUint(bigEndian(data[i : i+w]))
	case 0xd0, 0xd1, 0xd2, 0xd3:
		w := 1 << (c - 0xd0)
		u := bigEndian(data[i : i+w])
		shift := 64 - 8*w
		return NewInt(int64(u<<shift) >> shift)
	case 0xd4, 0xd5, 0xd6, 0xd7, 0xd8:
		return ext(p, i, 1<<(c-0xd4))
	case 0xc7, 0xc8, 0xc9:
		w := 1 << (c - 0xc7)
		return ext(p, i+w, int(bigEndian(data[i:i+w])))
	}
	return Value{} // 0xc0: null
}

// str is a String or Bytes value of data[i:i+n], sharing its memory.
func str(p *packed.Doc, k Kind, i, n int) Value {
	return Value{kind: k, n: uint64(n), p: unsafe.Pointer(unsafe.SliceData(p.Data[i : i+n]))}
}

// ext reads an extension whose type byte is data[i] and whose n bytes
// follow: a timestamp for type -1, else an Ext.
func ext(p *packed.Doc, i, n int) Value {
	typ := int8(p.Data[i])
	body := p.Data[i+1 : i+1+n]
	if typ != -1 {
		v := str(p, kindExt, i+1, n)
		v.n2 = int32(typ)
		return v
	}
	switch n {
	case 4:
		return NewTime(int64(bigEndian(body)), 0)
	case 8:
		u := bigEndian(body)
		return NewTime(int64(u&(1<<34-1)), int32(u>>34))
	}
	return NewTime(int64(bigEndian(body[4:])), int32(bigEndian(body[:4])))
}

func bigEndian(b []byte) uint64 {
	var u uint64
	for _, c := range b {
		u = u<<8 | uint64(c)
	}
	return u
}

// packed returns the document of a packed container, and its segment.
func (v Value) packed() (*packed.Doc, int) {
	seg := int(v.n2)
	if seg < 0 {
		seg = -seg
	}
	return (*packed.Doc)(v.p), seg - 1
}

// item returns item i of an array or object (an object's items are key,
// value, key, value…).
//
//go:noinline
func (v Value) item(i int) Value {
	if v.n2 == 0 {
		return unsafe.Slice((*Value)(v.p), int(v.n))[i]
	}
	if uint64(i) >= v.n {
		panic("content: index out of range")
	}
	p, seg := v.packed()
	return packedValue(p, p.Ents[seg+1+i], v.n2 < 0, v.kind == KindObject && i%2 == 0)
}

// items returns the number of items of an array or object (twice the
// members of an object), and 0 for any other kind.
func (v Value) items() int {
	if v.kind != KindArray && v.kind != KindObject {
		return 0
	}
	return int(v.n)
}

// isPacked reports whether v is an array or object read in place from a
// MessagePack document, rather than a tree of Values.
func (v Value) isPacked() bool {
	return v.n2 != 0 && (v.kind == KindArray || v.kind == KindObject)
}

// jsonView returns a packed array or object as canonicalization "json"
// reads it (see packed.JSONView), and any other value as it is.
func (v Value) jsonView() Value {
	if v.isPacked() && v.n2 > 0 {
		v.n2 = -v.n2
	}
	return v
}

// materialize returns the items of a packed container as a slice.
func (v Value) materialize() []Value {
	out := make([]Value, v.n)
	for i := range out {
		out[i] = v.item(i)
	}
	return out
}
