// Package msgpacktest is what the tests of the MessagePack codec, of the
// module's dispatch and of package abi share: the reference encoder
// (github.com/vmihailenco/msgpack/v5) with maps of ordered members, hex
// and value shorthands, the golden fixtures of testdata/abi, and the
// checks of an error and of a response's shape. Only tests import it.
package msgpacktest

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/vmihailenco/msgpack/v5"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/codec"
	"github.com/mcpresult/mcpresult/internal/pointer"
)

// Hex decodes hex written with spaces between bytes or groups of bytes.
func Hex(s string) []byte {
	b, err := hex.DecodeString(strings.Join(strings.Fields(s), ""))
	if err != nil {
		panic("bad hex in a test: " + s)
	}
	return b
}

// Obj builds an object from key, value, key, value… where a Go string key
// is a string key and a content.Value key is used as it is.
func Obj(kv ...any) content.Value {
	var ms []content.Member
	for i := 0; i < len(kv); i += 2 {
		var k content.Value
		switch x := kv[i].(type) {
		case string:
			k = content.NewString(x)
		case content.Value:
			k = x
		default:
			panic("Obj: bad key")
		}
		ms = append(ms, content.Member{Key: k, Value: kv[i+1].(content.Value)})
	}
	return content.NewObject(ms...)
}

// Map is a map msgpack/v5 writes with its members in order (repeated and
// non-string keys allowed), through its own Encoder.
type Map []Pair

// Pair is one member of a Map: its key, then its value.
type Pair [2]any

// EncodeMsgpack writes the map for msgpack/v5.
func (m Map) EncodeMsgpack(e *msgpack.Encoder) error {
	if err := e.EncodeMapLen(len(m)); err != nil {
		return err
	}
	for _, p := range m {
		if err := e.Encode(p[0]); err != nil {
			return err
		}
		if err := e.Encode(p[1]); err != nil {
			return err
		}
	}
	return nil
}

// Encode writes v with msgpack/v5, Go maps with sorted keys, integers in
// their smallest form when compact is set.
func Encode(t testing.TB, v any, compact bool) []byte {
	t.Helper()
	var buf bytes.Buffer
	e := msgpack.NewEncoder(&buf)
	e.UseCompactInts(compact)
	e.SetSortMapKeys(true)
	if err := e.Encode(v); err != nil {
		t.Fatalf("msgpack/v5 Encode: %v", err)
	}
	return buf.Bytes()
}

// GoOf converts a Value of strings, integers, bools, arrays and objects to
// what msgpack/v5 writes the same way.
func GoOf(v content.Value) any {
	switch v.Kind() {
	case content.KindString:
		return v.Str()
	case content.KindInt:
		return v.Int()
	case content.KindBool:
		return v.Bool()
	case content.KindArray:
		out := make([]any, v.Len())
		for i := range out {
			out[i] = GoOf(v.Index(i))
		}
		return out
	case content.KindObject:
		out := make(Map, v.Len())
		for i := range out {
			m := v.Member(i)
			out[i] = Pair{GoOf(m.Key), GoOf(m.Value)}
		}
		return out
	}
	return nil
}

// AsError returns the *content.Error that err is (the module's packages
// return them directly, never wrapped), or nil.
func AsError(err error) *content.Error {
	var e *content.Error
	if errors.As(err, &e) {
		return e
	}
	return nil
}

// WantError fails unless err is a *content.Error with the code and path.
func WantError(t testing.TB, what string, err error, code content.Code, path string) {
	t.Helper()
	e := AsError(err)
	switch {
	case err == nil:
		t.Errorf("%s: no error, want %s at %q", what, code, path)
	case e == nil:
		t.Errorf("%s: error %T %v is not a *content.Error", what, err, err)
	case e.Code != code || e.Path != path:
		t.Errorf("%s: got %s at %q (%s), want %s at %q", what, e.Code, e.Path, e.Message, code, path)
	}
}

// KnownCode reports whether c is among content.Codes().
func KnownCode(c content.Code) bool {
	for _, k := range content.Codes() {
		if k == c {
			return true
		}
	}
	return false
}

// CheckError fails unless err is a *content.Error with a code among
// content.Codes() (and among codes, when given) and a valid, capped path
// ("" for the budget codes).
func CheckError(t testing.TB, err error, codes ...content.Code) *content.Error {
	t.Helper()
	e, ok := err.(*content.Error)
	if !ok {
		t.Fatalf("error %T %v is not a *content.Error", err, err)
	}
	if !KnownCode(e.Code) {
		t.Fatalf("code %q is not among content.Codes()", e.Code)
	}
	if len(codes) > 0 {
		found := false
		for _, c := range codes {
			found = found || c == e.Code
		}
		if !found {
			t.Fatalf("code %s, want one of %v", e.Code, codes)
		}
	}
	if !utf8.ValidString(e.Path) || len(e.Path) > pointer.MaxPathBytes || (e.Path != "" && e.Path[0] != '/') {
		t.Fatalf("bad path %q", e.Path)
	}
	if (e.Code == content.CodeMaxNodes || e.Code == content.CodeMaxDepth) && e.Path != "" {
		t.Fatalf("%s at %q, want the path \"\"", e.Code, e.Path)
	}
	return e
}

// FirstKeyOK checks that a response is a map whose first key is "ok" (a
// host may read ok before anything else) and returns the decoded map.
func FirstKeyOK(t testing.TB, what string, resp []byte) content.Value {
	t.Helper()
	v, err := codec.Decode(resp, codec.DecodeOptions{})
	if err != nil || v.Kind() != content.KindObject || v.Len() == 0 ||
		!content.Equal(v.Member(0).Key, content.NewString("ok")) || v.Member(0).Value.Kind() != content.KindBool {
		t.Fatalf("%s: response % x does not start with ok: %v", what, resp, err)
	}
	return v
}

// Fixture is one golden call of testdata/abi/fixtures.json (see
// testdata/abi/README.md).
type Fixture struct {
	Name     string `json:"name"`
	Op       int32  `json:"op"`
	Request  string `json:"request"`
	Response string `json:"response"`

	Req, Resp []byte // Request and Response decoded
}

// Fixtures reads the golden calls, from the testdata/abi found above the
// working directory.
func Fixtures(tb testing.TB) []Fixture {
	tb.Helper()
	file := fixturesFile(tb)
	data, err := os.ReadFile(file)
	if err != nil {
		tb.Fatal(err)
	}
	var fs []Fixture
	if err := json.Unmarshal(data, &fs); err != nil {
		tb.Fatalf("%s: %v", file, err)
	}
	for i := range fs {
		f := &fs[i]
		if f.Req, err = hex.DecodeString(f.Request); err != nil {
			tb.Fatalf("%s: request: %v", f.Name, err)
		}
		if f.Resp, err = hex.DecodeString(f.Response); err != nil {
			tb.Fatalf("%s: response: %v", f.Name, err)
		}
	}
	return fs
}

func fixturesFile(tb testing.TB) string {
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		p := filepath.Join(dir, "testdata", "abi", "fixtures.json")
		if _, err := os.Stat(p); err == nil {
			return p
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			tb.Fatal("testdata/abi/fixtures.json not found above the working directory")
		}
		dir = parent
	}
}
