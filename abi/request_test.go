package abi_test

import (
	"bytes"
	"errors"
	"github.com/mcpresult/mcpresult/internal/msgpacktest"
	"testing"

	"github.com/mcpresult/mcpresult/abi"
	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/result"
)

func TestOpString(t *testing.T) {
	for op, want := range map[abi.Op]string{abi.OpInfo: "info", abi.OpBuild: "build", abi.OpSerialize: "serialize",
		abi.OpValidate: "validate", abi.OpOutputSchema: "outputSchema", 0: "0", 6: "6", -1: "-1"} {
		if got := op.String(); got != want {
			t.Errorf("Op(%d).String() = %q", int32(op), got)
		}
	}
}

// TestAppendRequest: what a host writes is what msgpack/v5 writes for the
// same map, the op's keys in the package doc's order, absent members left
// out (the dispatch's tests read it back).
func TestAppendRequest(t *testing.T) {
	for _, c := range msgpacktest.RequestCases() {
		data := abi.AppendRequest(nil, c.Request)
		if ref := msgpackEncode(t, c.Want, true); !bytes.Equal(data, ref) {
			t.Errorf("%s request: abi writes % x, msgpack/v5 % x", c.Request.Op, data, ref)
		}
	}
	// It appends.
	if got := abi.AppendRequest([]byte{1, 2}, &abi.Request{Op: abi.OpInfo}); !bytes.Equal(got, hx("01 02 80")) {
		t.Errorf("append: % x", got)
	}
}

// TestResponses pins the bytes of the error response, which a host also
// writes, and reads back each response shape.
func TestResponses(t *testing.T) {
	e := content.NewError(content.CodeInvalidRequest, "/a", "m")
	got := abi.AppendError(nil, e)
	want := msgpackEncode(t, omap{{"ok", false}, {"error", omap{{"code", "invalid_request"}, {"path", "/a"}, {"message", "m"}}}}, true)
	if !bytes.Equal(got, want) {
		t.Errorf("AppendError: % x, msgpack/v5 % x", got, want)
	}
	firstKeyOK(t, "error", got)
	for _, op := range []abi.Op{0, abi.OpInfo, abi.OpBuild, abi.OpSerialize, abi.OpValidate, abi.OpOutputSchema, 9} {
		r, err := abi.ParseResponse(op, got)
		if err != nil || r.OK || r.Err == nil || *r.Err != *e {
			t.Errorf("ParseResponse(%s) of an error: %+v %v", op, r, err)
		}
	}

	// The shapes of the other responses, as msgpack/v5 writes them.
	settings := omap{{"maxJsonBytes", 4096}, {"maxNodes", 50}, {"maxDepth", 64}, {"canonicalization", "json"}}
	finding := omap{{"code", "empty_content"}, {"path", "/content"}, {"message", "w"}}
	for _, c := range []struct {
		op    abi.Op
		shape omap
		check func(*abi.Response) bool
	}{
		{abi.OpBuild, omap{{"ok", true}, {"json", "{}"}, {"settings", settings}}, func(r *abi.Response) bool {
			return string(r.JSON) == "{}" && r.Settings == result.Settings{MaxJSONBytes: 4096, MaxNodes: 50, Canonicalization: content.JSON}
		}},
		{abi.OpSerialize, omap{{"ok", true}, {"json", `{"a":1}`}}, func(r *abi.Response) bool { return string(r.JSON) == `{"a":1}` }},
		{abi.OpOutputSchema, omap{{"ok", true}, {"json", `{"type":"object"}`}}, func(r *abi.Response) bool { return string(r.JSON) == `{"type":"object"}` }},
		{abi.OpOutputSchema, omap{{"ok", true}}, func(r *abi.Response) bool { return r.JSON == nil }},
		{abi.OpValidate, omap{{"ok", true}, {"valid", false}, {"errors", []any{}}, {"warnings", []any{finding}}}, func(r *abi.Response) bool {
			return !r.Report.Valid && len(r.Report.Errors) == 0 && len(r.Report.Warnings) == 1 &&
				*r.Report.Warnings[0] == content.Error{Code: content.CodeEmptyContent, Path: "/content", Message: "w"}
		}},
		{abi.OpInfo, omap{{"ok", true}, {"module", "9.9.9"}, {"abi", 1}, {"abiMinor", 7}, {"protocolVersions", []any{"2025-06-18", "2025-11-25"}},
			{"latestProtocolVersion", "2025-11-25"}, {"settings", settings}}, func(r *abi.Response) bool {
			in := r.Info
			return in.Module == "9.9.9" && in.ABI == 1 && in.ABIMinor == 7 && len(in.ProtocolVersions) == 2 &&
				in.ProtocolVersions[1] == "2025-11-25" && in.LatestProtocolVersion == "2025-11-25" && in.Settings.MaxNodes == 50
		}},
	} {
		r, err := abi.ParseResponse(c.op, msgpackEncode(t, c.shape, true))
		if err != nil || !r.OK || !c.check(r) {
			t.Errorf("ParseResponse(%s) of %v: %+v %v", c.op, c.shape, r, err)
		}
	}
	if _, err := abi.ParseResponse(abi.OpSerialize, msgpackEncode(t, omap{{"ok", true}}, true)); !errors.Is(err, abi.ErrMalformed) {
		t.Errorf("ParseResponse(serialize) of {ok: true}: %v, want abi.ErrMalformed", err)
	}
}

// TestParseResponseMalformed: a response not of the op's shape is internal
// (the module and the host disagree about the ABI).
func TestParseResponseMalformed(t *testing.T) {
	p := func(v any) []byte { return msgpackEncode(t, v, true) }
	f := omap{{"code", "x"}, {"path", ""}, {"message", "m"}}
	for _, c := range []struct {
		name string
		op   abi.Op
		data []byte
	}{
		{"no bytes", abi.OpBuild, nil},
		{"junk", abi.OpBuild, hx("c1")},
		{"trailing bytes", abi.OpSerialize, append(p(omap{{"ok", true}, {"json", "{}"}}), 0)},
		{"not a map", abi.OpBuild, p([]any{true})},
		{"no ok", abi.OpSerialize, p(omap{{"json", "{}"}})},
		{"ok not a bool", abi.OpSerialize, p(omap{{"ok", 1}, {"json", "{}"}})},
		{"error missing", abi.OpBuild, p(omap{{"ok", false}})},
		{"error not a map", abi.OpBuild, p(omap{{"ok", false}, {"error", "x"}})},
		{"error without message", abi.OpBuild, p(omap{{"ok", false}, {"error", omap{{"code", "x"}, {"path", ""}}}})},
		{"error code not a string", abi.OpBuild, p(omap{{"ok", false}, {"error", omap{{"code", 1}, {"path", ""}, {"message", ""}}}})},
		{"json missing", abi.OpSerialize, p(omap{{"ok", true}})},
		{"json as bin", abi.OpSerialize, p(omap{{"ok", true}, {"json", []byte("{}")}})},
		{"outputSchema json as bin", abi.OpOutputSchema, p(omap{{"ok", true}, {"json", []byte("{}")}})},
		{"outputSchema json null", abi.OpOutputSchema, p(omap{{"ok", true}, {"json", nil}})},
		{"build with bad settings", abi.OpBuild, p(omap{{"ok", true}, {"json", "{}"}, {"settings", omap{{"maxNodes", 0}}}})},
		{"validate without valid", abi.OpValidate, p(omap{{"ok", true}, {"errors", []any{}}, {"warnings", []any{}}})},
		{"validate without warnings", abi.OpValidate, p(omap{{"ok", true}, {"valid", true}, {"errors", []any{}}})},
		{"validate with a bad finding", abi.OpValidate, p(omap{{"ok", true}, {"valid", true}, {"errors", []any{f, 1}}, {"warnings", []any{}}})},
		{"info without module", abi.OpInfo, p(omap{{"ok", true}, {"abi", 1}, {"abiMinor", 0}, {"protocolVersions", []any{}}, {"latestProtocolVersion", "x"}})},
		{"info abi as a string", abi.OpInfo, p(omap{{"ok", true}, {"module", "x"}, {"abi", "1"}, {"abiMinor", 0}, {"protocolVersions", []any{}}, {"latestProtocolVersion", "x"}})},
	} {
		_, err := abi.ParseResponse(c.op, c.data)
		if !errors.Is(err, abi.ErrMalformed) {
			t.Errorf("%s: %v, want abi.ErrMalformed", c.name, err)
		}
	}
}
