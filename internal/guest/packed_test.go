package guest_test

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/mcpresult/mcpresult/abi"
	"github.com/mcpresult/mcpresult/internal/guest"
	"github.com/mcpresult/mcpresult/internal/vectortest"
)

// TestPackedSameAnswers: every vector's request, and 20,000 mutations of
// them, get the same response bytes from Handle whether their input is read
// as a tree of Values (as a small input is) or packed (as a large one is):
// the checks, the conversions of canonicalization "json" and the writers
// read both alike.
func TestPackedSameAnswers(t *testing.T) {
	ops, reqs := vectortest.Requests(t)
	t.Logf("%d vector requests", len(reqs))
	if len(reqs) < 100 {
		t.Fatalf("%d vector requests", len(reqs))
	}
	check := func(op abi.Op, req []byte) {
		want := guest.Handle(op, req)
		restore := guest.ReadAllPacked()
		got := guest.Handle(op, req)
		restore()
		if !bytes.Equal(got, want) {
			t.Fatalf("op %d, % x:\npacked % x\ntree   % x", op, req, got, want)
		}
	}
	for i, req := range reqs {
		check(ops[i], req)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 20_000 {
		i := rng.IntN(len(reqs))
		req := vectortest.Mutate(rng, reqs[i])
		check(ops[i], req)
	}
}
