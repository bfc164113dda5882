package codec

import (
	"strconv"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/contentlink"
	"github.com/mcpresult/mcpresult/internal/packed"
)

// valueOf is the value of an entry of a packed document (content sets
// packed.ValueOf when it is initialized, before this package).
var valueOf = packed.ValueOf.(func(*packed.Doc, uint32) content.Value)

// kindExt is the kind of a MessagePack extension value (see contentlink).
const kindExt = contentlink.KindExt

// A request's input is decoded packed (see internal/packed): its bytes, and
// four bytes per item of every array and object, so that what a request
// holds in memory stays within the bound package abi states whatever its
// shape. The
// decode reads the input twice: a first reading counts the entries the
// document needs (and finds where the budget ends it), with the same
// rules and errors as the second, which fills one allocation of exactly
// that size. A request over the budget (but for validate's, which keeps
// what was read) is refused by the first reading, before any allocation.

// TreeBelow is the size under which DecodePacked decodes a value as a tree
// of Values instead: a small request (the common case) is then read in one
// pass and its values looked up without decoding their bytes again, which
// makes a small build a fifth faster, and a tree of at most TreeBelow
// values (48 bytes each at most, a key beside a value) is part of the
// bound's fixed overhead. Tests set it to 0 to read every input packed.
var TreeBelow = 16 << 10

// Span is where a value lies in a document: data[Start:End].
type Span struct{ Start, End int }

// packing is the state of a packed decode.
type packing struct {
	pk      *packed.Doc // the document; nil in the first reading
	keys    *packed.Doc // reads a key's scalar for its path
	entries int         // the entries counted by the first reading
	cuts    []cutCount  // containers the budget ended early, innermost first
	next    int         // the second reading's next cut, an index into cuts
}

// cutCount is how many items a container at an offset of the data held
// when the budget ended the read.
type cutCount struct{ at, items int }

// DecodePacked decodes the value at sp (checked before, as a Reader of
// NewReader checks it) with at most limit values (keys not counted), into a
// packed document: past them it fails with over, or with truncate keeps
// what was read (cut, and the path of the container it stopped in). Strings share
// data's memory when share is set (see DecodeOptions.Share). A value of
// less than TreeBelow bytes is decoded as DecodeSpan decodes it.
func DecodePacked(data []byte, sp Span, share bool, limit int, over *content.Error, truncate bool) (v content.Value, cut bool, cutPath string, err error) {
	if sp.End-sp.Start < TreeBelow {
		return DecodeSpan(data, sp, share, limit, over, truncate)
	}
	if sp.End-sp.Start > packed.MaxBytes { // far above MaxRequest
		return content.Value{}, false, "", content.NewError(content.CodeMaxBytes, "", "a value of a request is larger than "+strconv.Itoa(packed.MaxBytes)+" bytes")
	}
	doc := data[sp.Start:sp.End]
	if !share {
		doc = append([]byte(nil), doc...)
	}
	p := &packing{keys: packed.New(doc, 0)}
	read := func() (uint32, *Reader) {
		d := &Reader{
			data: doc, maxDepth: content.MaxParseDepth + 1, left: len(doc), skip: true,
			budget: true, nodes: limit - 1, over: over, truncate: truncate, pack: p,
		}
		return d.entry(1), d
	}
	if _, d := read(); d.Err != nil {
		return content.Value{}, false, "", d.Err
	}
	p.pk = packed.New(doc, p.entries)
	p.next = len(p.cuts) - 1
	root, d := read()
	if d.Err != nil { // the first reading would have failed
		return content.Value{}, false, "", d.Err
	}
	return valueOf(p.pk, root), d.cut, d.cutPath, nil
}

// entry reads the value at d.I (checked before) into the packed document
// and returns its entry: a scalar's offset, or a container's segment.
func (d *Reader) entry(depth int) uint32 {
	at := d.I
	c := d.data[at]
	var n uint64
	per := 1 // values per item: 1 (array) or 2 (map)
	switch {
	case c&0xf0 == 0x80:
		d.I++
		n, per = uint64(c&0x0f), 2
	case c&0xf0 == 0x90:
		d.I++
		n = uint64(c & 0x0f)
	case c == 0xdc || c == 0xdd:
		d.I++
		n = d.uint(2 << (c - 0xdc))
	case c == 0xde || c == 0xdf:
		d.I++
		n, per = d.uint(2<<(c-0xde)), 2
	default:
		d.Value(depth) // a scalar: skipped, read when it is looked at
		return uint32(at)
	}
	m, ok := d.enter(n, per, depth)
	if !ok {
		return 0
	}
	r := d.room(m)
	if d.Err != nil {
		return 0
	}
	p := d.pack
	if p.pk != nil && p.next >= 0 && p.cuts[p.next].at == at {
		// The second reading meets the containers the budget cut
		// outermost first: the reverse of the order the first one
		// recorded them in.
		r = p.cuts[p.next].items
		p.next--
	}
	e := uint32(1 << 31) // a container, in the first reading
	if p.pk != nil {
		e = p.pk.Open(per == 2, per*r)
	}
	got := 0
	for j := 0; j < r && !d.cut; j++ {
		if !d.spend() {
			break
		}
		if per == 1 {
			d.Path.Index(j)
			x := d.entry(depth + 1)
			d.Path.Pop()
			if p.pk != nil {
				p.pk.Set(e, j, x)
			}
		} else {
			k := d.entry(depth + 1)
			if d.Err != nil {
				return 0
			}
			var name string
			if k&(1<<31) == 0 {
				name = keyText(valueOf(p.keys, k))
			}
			d.Path.Key(name)
			x := d.entry(depth + 1)
			d.Path.Pop()
			if p.pk != nil {
				p.pk.Set(e, 2*j, k)
				p.pk.Set(e, 2*j+1, x)
			}
		}
		if d.Err != nil {
			return 0
		}
		got = j + 1
	}
	if got < m {
		d.stop() // the budget ended it here, or in an item
		if p.pk == nil && got < r {
			p.cuts = append(p.cuts, cutCount{at, got})
		}
	}
	if p.pk == nil {
		p.entries += 1 + per*got
	}
	return e
}

// DecodeSpan decodes the value at sp as DecodePacked does, into a tree of
// Values.
func DecodeSpan(data []byte, sp Span, share bool, limit int, over *content.Error, truncate bool) (v content.Value, cut bool, cutPath string, err error) {
	d := Reader{
		data: data[:sp.End], I: sp.Start, maxDepth: content.MaxParseDepth + 1, left: len(data), share: share,
		budget: true, nodes: limit - 1, over: over, truncate: truncate,
	}
	v = d.Value(1)
	if d.Err != nil {
		return content.Value{}, false, "", d.Err
	}
	return v, d.cut, d.cutPath, nil
}
