package guest_test

import (
	"testing"

	"github.com/mcpresult/mcpresult/abi"
	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/guest"
	"github.com/mcpresult/mcpresult/internal/msgpacktest"
)

// FuzzParseRequest: for any op and bytes, ParseRequest never panics and
// fails with a *content.Error of the request's codes; a request it reads is
// written back by AppendRequest to bytes it reads the same way; and the
// dispatch, guest.Handle, answers with a response of the ABI's shape whose
// code, if any, is one of content.Codes() and never internal (which only a
// recovered panic gives).
func FuzzParseRequest(f *testing.F) {
	for _, fx := range msgpacktest.Fixtures(f) {
		f.Add(fx.Op, fx.Req)
	}
	f.Add(int32(abi.OpBuild), hx("82 a4 6b696e64 a4 746f6f6c a5 696e707574 80"))
	f.Add(int32(abi.OpSerialize), hx("81 a6 726573756c74 c0"))
	f.Add(int32(abi.OpValidate), hx("81 a5 76616c7565 81 a7 636f6e74656e74 90"))
	f.Add(int32(abi.OpOutputSchema), hx("82 a6 736368656d61 81 a4 74797065 a5 6172726179 a7 6f7074696f6e73 81 af 70726f746f636f6c56657273696f6e aa 323032352d30362d3138"))
	f.Fuzz(func(t *testing.T, op int32, data []byte) {
		r, err := guest.ParseRequest(abi.Op(op), data)
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
			again, err := guest.ParseRequest(r.Op, abi.AppendRequest(nil, r))
			if err != nil || !sameRequest(r, again) {
				t.Fatalf("written back and read as %+v, %v; was %+v", again, err, r)
			}
		}

		resp := guest.Handle(abi.Op(op), data)
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
