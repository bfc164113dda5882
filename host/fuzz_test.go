package host_test

import (
	"bytes"
	"context"
	"math/rand/v2"
	"testing"

	"github.com/mcpresult/mcpresult/abi"
	"github.com/mcpresult/mcpresult/internal/guest"
	"github.com/mcpresult/mcpresult/internal/vectortest"
)

// TestDifferential sends the vectors' requests, and 20,000 mutations of
// them (bytes flipped, inserted, cut), to the module and to the dispatch
// natively: the responses are the same bytes, and the module never traps.
func TestDifferential(t *testing.T) {
	h := testHost(t)
	ops, reqs := vectortest.Requests(t)
	rng := rand.New(rand.NewPCG(1, 2))
	check := func(op abi.Op, req []byte) {
		got, err := h.Call(context.Background(), op, req)
		if err != nil {
			t.Fatalf("op %d, % x: the module failed: %v", op, req, err)
		}
		if want := guest.Handle(op, req); !bytes.Equal(got, want) {
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
		req := vectortest.Mutate(rng, reqs[i])
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
	ops, reqs := vectortest.Requests(f)
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
		if want := guest.Handle(abi.Op(op), req); !bytes.Equal(got, want) {
			t.Fatalf("module % x, native % x", got, want)
		}
	})
}
