package main

import (
	"testing"

	"github.com/mcpresult/mcpresult/abi"
	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/vectortest"
)

// dispatch runs vectors through handle natively: the request encoded as a
// host encodes it, the response decoded as a host decodes it.
type dispatch struct{}

func (dispatch) Runtime() string { return "wasm" }

func (dispatch) Run(v *vectortest.Vector) vectortest.Outcome {
	r, err := v.Request()
	if err != nil {
		return vectortest.Outcome{Err: err}
	}
	res, err := abi.ParseResponse(r.Op, handle(int32(r.Op), abi.AppendRequest(nil, r)))
	switch {
	case err != nil:
		return vectortest.Outcome{Err: err}
	case !res.OK:
		return vectortest.Outcome{Err: res.Err}
	case r.Op == abi.OpValidate:
		return vectortest.ReportOutcome(res.Report.Valid, res.Report.Errors, res.Report.Warnings)
	}
	return vectortest.Outcome{JSON: res.JSON}
}

// TestVectors runs every conformance vector of the module's runtime through
// the dispatch, natively.
func TestVectors(t *testing.T) {
	vectortest.Run(t, vectortest.Root(t), dispatch{})
}

// TestHandleNeverFails: whatever the bytes and the op, the answer is a
// response of the ABI's shape, never a panic.
func TestHandleNeverFails(t *testing.T) {
	inputs := [][]byte{
		nil, {}, {0xc1}, {0x80}, {0x90}, {0xc0}, {0xdf, 0xff, 0xff, 0xff, 0xff},
		{0xdd, 0xff, 0xff, 0xff, 0xff}, {0xdb, 0xff, 0xff, 0xff, 0xff},
		{0x81, 0xa4, 'k', 'i', 'n', 'd', 0x01},
		{0x82, 0xa4, 'k', 'i', 'n', 'd', 0xa4, 't', 'o', 'o', 'l', 0xa5, 'i', 'n', 'p', 'u', 't', 0xc0},
	}
	for _, op := range []int32{-1, 0, 1, 2, 3, 4, 5, 6, 1 << 30} {
		for _, in := range inputs {
			resp := handle(op, in)
			r, err := abi.ParseResponse(abi.Op(op), resp)
			if err != nil {
				t.Fatalf("op %d, % x: response % x is not of the ABI's shape: %v", op, in, resp, err)
			}
			if op < 1 || op > 5 {
				if r.OK || r.Err.Code != content.CodeUnknownOp {
					t.Errorf("op %d: want unknown_op, got %+v", op, r)
				}
			}
		}
	}
}

func TestInfo(t *testing.T) {
	r, err := abi.ParseResponse(abi.OpInfo, handle(int32(abi.OpInfo), []byte{0x80}))
	if err != nil || !r.OK || r.Info.ABI != abi.Version || len(r.Info.ProtocolVersions) != 5 || r.Info.Settings.MaxJSONBytes != 2_000_000 {
		t.Fatalf("info: %+v %v", r, err)
	}
}
