package guest_test

import (
	"bytes"
	"testing"

	"github.com/mcpresult/mcpresult/abi"
	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/guest"
	"github.com/mcpresult/mcpresult/internal/msgpacktest"
	"github.com/mcpresult/mcpresult/internal/vectortest"
)

// TestBuildSerialize: a build with serialize options answers the built
// result as a build without them does, and beside it the bytes a serialize
// of that result with the same options writes, for every revision, with
// and without finalize; an error of those options is the build's.
func TestBuildSerialize(t *testing.T) {
	inputs := []content.Value{
		msgpacktest.Obj("structuredContent", msgpacktest.Obj("city", content.NewString("Paris"), "tempC", content.NewFloat(18.5))),
		msgpacktest.Obj("structuredContent", content.NewArray(content.NewInt(1), content.NewInt(2))),
		msgpacktest.Obj("content", content.NewArray(msgpacktest.Obj("type", content.NewString("resource_link"), "uri", content.NewString("file:///a"), "name", content.NewString("a")))),
	}
	call := func(r *abi.Request) *abi.Response {
		t.Helper()
		res, err := abi.ParseResponse(r.Op, guest.Handle(r.Op, abi.AppendRequest(nil, r)))
		if err != nil {
			t.Fatal(err)
		}
		if !res.OK {
			t.Fatalf("%s: %v", r.Op, res.Err)
		}
		return res
	}
	for _, in := range inputs {
		plain := call(&abi.Request{Op: abi.OpBuild, Kind: "tool", Input: in})
		if plain.Wire != nil {
			t.Fatalf("a build without serialize options answers wire %s", plain.Wire)
		}
		built, err := content.ParseJSON(plain.JSON)
		if err != nil {
			t.Fatal(err)
		}
		for _, rev := range []string{"2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"} {
			for _, finalize := range []bool{false, true} {
				opts := msgpacktest.Obj("protocolVersion", content.NewString(rev), "finalize", content.NewBool(finalize))
				both := call(&abi.Request{Op: abi.OpBuild, Kind: "tool", Input: in, Options: opts})
				want := call(&abi.Request{Op: abi.OpSerialize, Input: built, Options: opts})
				if !bytes.Equal(both.JSON, plain.JSON) || !bytes.Equal(both.Wire, want.JSON) {
					t.Errorf("%s finalize %v: build answers %s and wire %s; serialize writes %s", rev, finalize, both.JSON, both.Wire, want.JSON)
				}
			}
		}
	}
	bad := msgpacktest.Obj("protocolVersion", content.NewString("1999-01-01"))
	res, err := abi.ParseResponse(abi.OpBuild, guest.Handle(abi.OpBuild, abi.AppendRequest(nil, &abi.Request{Op: abi.OpBuild, Kind: "tool", Input: inputs[0], Options: bad})))
	if err != nil || res.OK || res.Err.Code != content.CodeUnsupportedProtocolVersion {
		t.Errorf("serialize options of an unknown revision: %+v %v", res, err)
	}
}

// TestBuildSerializeOnePass: over every build request of the vectors, at
// every revision with and without finalize, the one pass answers a build
// that also serializes with the general path's bytes, and it answers most
// of the tool results it answers without serialize options.
func TestBuildSerializeOnePass(t *testing.T) {
	ops, reqs := vectortest.Requests(t)
	plain, both := 0, 0
	for i, req := range reqs {
		if ops[i] != abi.OpBuild {
			continue
		}
		r, err := guest.ParseRequest(abi.OpBuild, req)
		if err != nil || r.Kind != "tool" {
			continue
		}
		if _, ok := guest.FastBuild(req); ok {
			plain++
		}
		for _, rev := range []string{"2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"} {
			for _, finalize := range []bool{false, true} {
				r.Options = msgpacktest.Obj("protocolVersion", content.NewString(rev), "finalize", content.NewBool(finalize))
				data := abi.AppendRequest(nil, r)
				got, ok := guest.FastBuild(data)
				if !ok {
					continue
				}
				if rev == "2026-07-28" {
					both++
				}
				if want := guest.GeneralHandle(abi.OpBuild, data); !bytes.Equal(got, want) {
					t.Errorf("request %d for %s finalize %v: the one pass answers\n%q\nthe general path\n%q", i, rev, finalize, got, want)
				}
			}
		}
	}
	if both < plain { // twice: finalize and not
		t.Errorf("the one pass built and serialized %d tool results for 2026-07-28, of %d it builds", both, plain)
	}
	t.Logf("the one pass answered %d builds that also serialize for 2026-07-28, of %d tool builds", both, plain)
}

// TestBuildRefs: over every build request of the vectors, of a tool or a
// resource, with refs from one byte on (so that every string field that
// can go by reference does), with and without serialize options for
// every revision: the response, its refs resolved from the request, is
// what the same request without refs answers, byte for byte; and the one
// pass answers strings by reference in most of the results it answers.
func TestBuildRefs(t *testing.T) {
	ops, reqs := vectortest.Requests(t)
	withRefs, answered := 0, 0
	for i, req := range reqs {
		if ops[i] != abi.OpBuild {
			continue
		}
		r, err := guest.ParseRequest(abi.OpBuild, req)
		if err != nil || r.Kind != "tool" && r.Kind != "resource" {
			continue
		}
		options := []content.Value{content.Null()}
		if r.Kind == "tool" {
			for _, rev := range []string{"2024-11-05", "2025-06-18", "2026-07-28"} {
				options = append(options, msgpacktest.Obj("protocolVersion", content.NewString(rev), "finalize", content.NewBool(true)))
			}
		}
		for _, opts := range options {
			for _, n := range []int{1, 64} {
				r.Options, r.Refs = opts, 0
				want, err := abi.ParseResponse(abi.OpBuild, guest.Handle(abi.OpBuild, abi.AppendRequest(nil, r)))
				if err != nil {
					t.Fatal(err)
				}
				r.Refs = n
				data := abi.AppendRequest(nil, r)
				got, err := abi.ParseResponse(abi.OpBuild, guest.Handle(abi.OpBuild, data))
				if err != nil {
					t.Fatalf("request %d: %v", i, err)
				}
				if _, ok := guest.FastBuild(data); ok && n == 1 {
					answered++
					if len(got.Refs) > 0 {
						withRefs++
					}
				}
				if err := got.Resolve(data); err != nil {
					t.Fatalf("request %d: resolve: %v", i, err)
				}
				if got.OK != want.OK || !bytes.Equal(got.JSON, want.JSON) || !bytes.Equal(got.Wire, want.Wire) || got.Settings != want.Settings ||
					!got.OK && *got.Err != *want.Err {
					t.Errorf("request %d refs %d options %v: with refs %+v\n%s\nwithout %+v\n%s", i, n, opts, got, got.JSON, want, want.JSON)
				}
			}
		}
	}
	if withRefs < answered/2 {
		t.Errorf("strings went by reference in %d responses of the %d the one pass answers", withRefs, answered)
	}
	t.Logf("strings went by reference in %d responses of the %d the one pass answers", withRefs, answered)
}
