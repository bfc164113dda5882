// Package codec is the MessagePack codec of the WebAssembly module and of
// its Go host: a small, reflection-free reader and writer of content.Value.
//
// Decode reads one MessagePack value into a content.Value, keeping what the
// checks need to see (map members in order, repeated keys, keys of any
// type, integers as integers, bin as bytes, timestamps, extensions), and
// AppendValue writes a Value canonically, every value in its smallest form;
// the other Append functions write the parts of a response. The module's
// dispatch (package guest) checks a request with a Reader before it builds
// anything, and decodes its input with DecodePacked within the
// call's budget: packed (see internal/packed), or as a tree of Values when
// it is small.
//
// Why a codec of its own: the reference codec,
// github.com/vmihailenco/msgpack/v5, links reflection, which would add more
// than a megabyte to the module. This one is checked against msgpack/v5 in
// both directions (msgpack_test.go says where the two differ, and why),
// and the bytes of every op's requests and responses are pinned by the
// fixtures of testdata/abi: a change to them is a change of the ABI's
// version (package abi).
//
//	b := codec.AppendValue(nil, content.NewObject(content.Str("ok", content.NewBool(true))))
//	v, err := codec.Decode(b, codec.DecodeOptions{}) // {"ok": true}, nil
package codec
