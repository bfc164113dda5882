package abi_test

import (
	"bytes"
	"testing"
	"unicode/utf8"

	"github.com/mcpresult/mcpresult/abi"
	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/pointer"
)

// checkError fails unless err is a *content.Error with a code among
// content.Codes() and a valid, capped path ("" for the budget codes).
func checkError(t *testing.T, err error, codes ...content.Code) *content.Error {
	t.Helper()
	e, ok := err.(*content.Error)
	if !ok {
		t.Fatalf("error %T %v is not a *content.Error", err, err)
	}
	if !knownCode(e.Code) {
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

// FuzzDecode: Decode never panics; its errors are invalid_request,
// max_nodes or max_depth; a value that decodes re-encodes to bytes that
// decode to an equal value and re-encode to themselves.
func FuzzDecode(f *testing.F) {
	for _, fx := range readFixtures(f) {
		f.Add(fx.req)
		f.Add(fx.resp)
	}
	for _, b := range validEncodings {
		f.Add(b)
	}
	f.Add(hx("d7 ff ee6b280000000000"))
	f.Add(hx("c7 0c ff 3b9ac9ff fffffff1886e0900"))
	f.Add(hx("dc 0015 dc 0014 0000000000000000000000000000000000000000"))
	f.Fuzz(func(t *testing.T, data []byte) {
		codes := []content.Code{content.CodeInvalidRequest, content.CodeMaxNodes, content.CodeMaxDepth}
		v, err := abi.Decode(data, abi.DecodeOptions{})
		bounded, berr := abi.Decode(data, abi.DecodeOptions{MaxNodes: 8})
		if berr != nil {
			checkError(t, berr, codes...)
		} else if err != nil || !content.Equal(v, bounded) {
			t.Fatalf("decodes with MaxNodes 8 (%s) but not without (%v)", show(bounded), err)
		}
		if err != nil {
			checkError(t, err, codes...)
			return
		}
		b := abi.AppendValue(nil, v)
		w, err := abi.Decode(b, abi.DecodeOptions{})
		if err != nil {
			t.Fatalf("% x decodes to %s, which re-encodes to % x, which does not decode: %v", data, show(v), b, err)
		}
		if !content.Equal(v, w) {
			t.Fatalf("% x decodes to %s, re-encoded and decoded to %s", data, show(v), show(w))
		}
		if c := abi.AppendValue(nil, w); !bytes.Equal(b, c) {
			t.Fatalf("not canonical: % x, then % x", b, c)
		}
	})
}

// FuzzParseRequest: for any op and bytes, ParseRequest never panics and
// fails with a *content.Error of the request's codes; a request it reads is
// written back by AppendRequest to bytes it reads the same way; and the
// dispatch, abi.Handle, answers with a response of the ABI's shape whose
// code, if any, is one of content.Codes() and never internal (which only a
// recovered panic gives).
func FuzzParseRequest(f *testing.F) {
	for _, fx := range readFixtures(f) {
		f.Add(fx.Op, fx.req)
	}
	f.Add(int32(abi.OpBuild), hx("82 a4 6b696e64 a4 746f6f6c a5 696e707574 80"))
	f.Add(int32(abi.OpSerialize), hx("81 a6 726573756c74 c0"))
	f.Add(int32(abi.OpValidate), hx("81 a5 76616c7565 81 a7 636f6e74656e74 90"))
	f.Add(int32(abi.OpOutputSchema), hx("82 a6 736368656d61 81 a4 74797065 a5 6172726179 a7 6f7074696f6e73 81 af 70726f746f636f6c56657273696f6e aa 323032352d30362d3138"))
	f.Fuzz(func(t *testing.T, op int32, data []byte) {
		r, err := abi.ParseRequest(abi.Op(op), data)
		known := op >= 1 && op <= 5
		switch {
		case err != nil:
			e := checkError(t, err, content.CodeUnknownOp, content.CodeInvalidRequest, content.CodeMaxNodes, content.CodeMaxBytes, content.CodeMaxDepth)
			if (e.Code == content.CodeUnknownOp) == known {
				t.Fatalf("op %d: %v", op, err)
			}
		case !known:
			t.Fatalf("op %d read as %+v", op, r)
		case r.Op != abi.Op(op):
			t.Fatalf("op %d read as op %d", op, r.Op)
		default:
			again, err := abi.ParseRequest(r.Op, abi.AppendRequest(nil, r))
			if err != nil || !sameRequest(r, again) {
				t.Fatalf("written back and read as %+v, %v; was %+v", again, err, r)
			}
		}

		resp := abi.Handle(abi.Op(op), data)
		res, err := abi.ParseResponse(abi.Op(op), resp)
		if err != nil {
			t.Fatalf("response % x is not of the ABI's shape: %v", resp, err)
		}
		firstKeyOK(t, "response", resp)
		if !res.OK {
			checkError(t, res.Err)
			if res.Err.Code == content.CodeInternal {
				t.Fatalf("op %d, % x: internal (a recovered panic): %s", op, data, res.Err.Message)
			}
		}
	})
}
