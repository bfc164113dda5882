// Package packed is how a decoded request is held: its MessagePack bytes,
// as they came, and for each array or map one segment of a single []uint32,
// an entry per item. An entry is the offset of a scalar's bytes, or (with
// Container set) the segment of a container, whose first word is its
// header: the number of items (an object's keys and values both count)
// shifted left once, and 1 for an object.
//
// A value then costs four bytes, or eight for a container, where a tree of
// content.Values costs 24 and more: a request of tightly packed small
// values fits the memory bound that package abi states, whatever its
// settings allow. Package codec fills a Doc (it checks the bytes first: a
// Doc trusts them), and package content reads it through the accessors of
// content.Value, so that every check reads a packed input as it reads a
// tree.
//
// Content sets ValueOf, IsPacked and JSONView when it is initialized, as
// functions of its own types (which this package cannot name, content
// importing it): a package that uses them asserts their types once, when
// it is initialized, after content. They are not part of content's API,
// which is what users build with.
package packed

// Container marks an entry that names a segment.
const Container = 1 << 31

// MaxBytes is the largest document a Doc can hold (1 GiB, eight times the
// module's largest request): an entry's offset has 31 bits, and a document
// of n bytes has fewer than 2n entries.
const MaxBytes = 1<<30 - 1

// Doc is a MessagePack document and the entries of its containers.
type Doc struct {
	Data []byte   // the document, unchanged for as long as its values are in use
	Ents []uint32 // the segments of its containers
	top  int
}

// New returns a Doc over data with room for entries entries (one per item
// of every container, and one per container).
func New(data []byte, entries int) *Doc {
	return &Doc{Data: data, Ents: make([]uint32, entries)}
}

// Open reserves a segment for a container of n items (an object's n counts
// its keys and values) and returns its entry.
func (d *Doc) Open(object bool, n int) uint32 {
	seg := d.top
	d.top += 1 + n
	d.Ents[seg] = uint32(n) << 1
	if object {
		d.Ents[seg] |= 1
	}
	return Container | uint32(seg)
}

// Set makes item i of container c the value e (a container's entry, or a
// scalar's offset in Data).
func (d *Doc) Set(c uint32, i int, e uint32) {
	d.Ents[int(c&^Container)+1+i] = e
}

var (
	// ValueOf is a func(*Doc, uint32) content.Value: the value of an
	// entry of the document.
	ValueOf any

	// IsPacked is a func(content.Value) bool: whether a value is an array
	// or object read in place from a Doc, rather than a tree of Values.
	IsPacked any

	// JSONView is a func(content.Value) content.Value: a packed array or
	// object as canonicalization "json" reads it, without a copy (bytes as
	// base64, timestamps as strings, integer and boolean keys as their
	// decimal or true/false, converted as they are read, and theirs to any
	// depth); any other value as it is. The checks use it for a document
	// they found something to convert in: it is what a copy they made
	// would hold when they report no error.
	JSONView any
)
