package vectortest

import (
	"math/rand/v2"
	"testing"

	"github.com/mcpresult/mcpresult/abi"
)

// Requests returns the ops and MessagePack requests of every vector that
// applies to the module, encoded as a host encodes them: the seeds of the
// differential tests.
func Requests(t testing.TB) (ops []abi.Op, reqs [][]byte) {
	for _, v := range Load(t, Root(t)) {
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

// Mutate returns a copy of req with one random change: a byte flipped, a
// byte inserted, or the request cut short.
func Mutate(rng *rand.Rand, req []byte) []byte {
	req = append([]byte(nil), req...)
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
	return req
}
