package host_test

import (
	"bytes"
	"context"
	"math/rand/v2"
	"testing"

	"github.com/mcpresult/mcpresult/abi"
	"github.com/mcpresult/mcpresult/internal/vectortest"
)

// vectorRequests are the requests of every vector, encoded as a host
// encodes them: the seeds of the differential checks.
func vectorRequests(t testing.TB) (ops []abi.Op, reqs [][]byte) {
	for _, v := range vectortest.Load(t, vectortest.Root(t)) {
		if !v.AppliesTo("wasm") {
			continue
		}
		r, err := v.Request()
		if err != nil {
			continue
		}
		ops = append(ops, r.Op)
		reqs = append(reqs, abi.AppendRequest(nil, r))
	}
	return ops, reqs
}

// TestDifferential sends the vectors' requests, and 20,000 mutations of
// them (bytes flipped, inserted, cut), to the module and to the dispatch
// natively: the responses are the same bytes, and the module never traps.
func TestDifferential(t *testing.T) {
	h := testHost(t)
	ops, reqs := vectorRequests(t)
	rng := rand.New(rand.NewPCG(1, 2))
	check := func(op abi.Op, req []byte) {
		got, err := h.Call(context.Background(), op, req)
		if err != nil {
			t.Fatalf("op %d, % x: the module failed: %v", op, req, err)
		}
		if want := abi.Handle(op, req); !bytes.Equal(got, want) {
			t.Fatalf("op %d, % x:\nmodule % x\nnative % x", op, req, got, want)
		}
	}
	for i, req := range reqs {
		check(ops[i], req)
	}
	n := 20_000
	if testing.Short() {
		n = 2_000
	}
	for range n {
		i := rng.IntN(len(reqs))
		req := append([]byte(nil), reqs[i]...)
		switch rng.IntN(3) {
		case 0:
			if len(req) > 0 {
				req[rng.IntN(len(req))] ^= byte(1 + rng.IntN(255))
			}
		case 1:
			p := rng.IntN(len(req) + 1)
			req = append(req[:p], append([]byte{byte(rng.IntN(256))}, req[p:]...)...)
		case 2:
			req = req[:rng.IntN(len(req)+1)]
		}
		op := ops[i]
		if rng.IntN(20) == 0 {
			op = abi.Op(rng.IntN(8) - 1)
		}
		check(op, req)
	}
}

// FuzzCall: any op and bytes get the module's response, the same bytes as
// the dispatch natively, and never a trap.
func FuzzCall(f *testing.F) {
	ops, reqs := vectorRequests(f)
	for i, req := range reqs {
		if i%7 == 0 {
			f.Add(int32(ops[i]), req)
		}
	}
	h := testHost(f)
	f.Fuzz(func(t *testing.T, op int32, req []byte) {
		got, err := h.Call(context.Background(), abi.Op(op), req)
		if err != nil {
			t.Fatalf("the module failed: %v", err)
		}
		if want := abi.Handle(abi.Op(op), req); !bytes.Equal(got, want) {
			t.Fatalf("module % x, native % x", got, want)
		}
	})
}
