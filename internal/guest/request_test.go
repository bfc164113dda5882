package guest_test

import (
	"bytes"
	"errors"
	"github.com/mcpresult/mcpresult/internal/msgpacktest"
	"math"
	"testing"

	"github.com/mcpresult/mcpresult/abi"
	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/guest"
	"github.com/mcpresult/mcpresult/result"
)

// TestParseRequest: the keys of each op, its required keys, the types of
// kind and inherit, and the paths of what is wrong.
func TestParseRequest(t *testing.T) {
	input := obj("content", arr())
	settings := obj("maxJsonBytes", i64(4096))
	options := obj("protocolVersion", str("2025-06-18"))
	for _, c := range []struct {
		name string
		op   abi.Op
		data []byte
		want *abi.Request // nil: an error
		code content.Code
		path string
	}{
		{"info", abi.OpInfo, enc(obj()), &abi.Request{Op: abi.OpInfo}, "", ""},
		{"info as map16", abi.OpInfo, hx("de 0000"), &abi.Request{Op: abi.OpInfo}, "", ""},
		{"info with a key", abi.OpInfo, enc(obj("kind", str("tool"))), nil, content.CodeInvalidRequest, "/kind"},
		{"info with no bytes", abi.OpInfo, nil, nil, content.CodeInvalidRequest, ""},
		{"info with nil", abi.OpInfo, hx("c0"), nil, content.CodeInvalidRequest, ""},

		{"build", abi.OpBuild, enc(obj("kind", str("tool"), "input", input)),
			&abi.Request{Op: abi.OpBuild, Kind: "tool", Input: input}, "", ""},
		{"build, every key", abi.OpBuild, enc(obj("kind", str("value"), "input", input, "settings", settings, "inherit", content.NewBool(true))),
			&abi.Request{Op: abi.OpBuild, Kind: "value", Input: input, Settings: settings, Inherit: true}, "", ""},
		{"build, keys in another order", abi.OpBuild, enc(obj("inherit", content.NewBool(false), "settings", settings, "input", input, "kind", str("tool"))),
			&abi.Request{Op: abi.OpBuild, Kind: "tool", Input: input, Settings: settings}, "", ""},
		{"build, input null is present", abi.OpBuild, enc(obj("kind", str("tool"), "input", null)),
			&abi.Request{Op: abi.OpBuild, Kind: "tool"}, "", ""},
		{"build, settings null is absent", abi.OpBuild, enc(obj("kind", str("tool"), "input", input, "settings", null)),
			&abi.Request{Op: abi.OpBuild, Kind: "tool", Input: input}, "", ""},
		{"build, any kind string (result.Build checks it)", abi.OpBuild, enc(obj("kind", str("banana"), "input", input)),
			&abi.Request{Op: abi.OpBuild, Kind: "banana", Input: input}, "", ""},
		{"build without kind", abi.OpBuild, enc(obj("input", input)), nil, content.CodeInvalidRequest, "/kind"},
		{"build without input", abi.OpBuild, enc(obj("kind", str("tool"))), nil, content.CodeInvalidRequest, "/input"},
		{"build without anything", abi.OpBuild, enc(obj()), nil, content.CodeInvalidRequest, "/kind"},
		{"build, kind an integer", abi.OpBuild, enc(obj("kind", i64(1), "input", input)), nil, content.CodeInvalidRequest, "/kind"},
		{"build, kind bin", abi.OpBuild, enc(obj("kind", bin("tool"), "input", input)), nil, content.CodeInvalidRequest, "/kind"},
		{"build, inherit a string", abi.OpBuild, enc(obj("kind", str("tool"), "input", input, "inherit", str("true"))), nil, content.CodeInvalidRequest, "/inherit"},
		{"build, inherit nil", abi.OpBuild, enc(obj("kind", str("tool"), "input", input, "inherit", null)), nil, content.CodeInvalidRequest, "/inherit"},
		{"build, inherit 1", abi.OpBuild, enc(obj("kind", str("tool"), "input", input, "inherit", i64(1))), nil, content.CodeInvalidRequest, "/inherit"},
		{"build, a key of serialize", abi.OpBuild, enc(obj("kind", str("tool"), "input", input, "options", obj())), nil, content.CodeInvalidRequest, "/options"},
		{"build, a key of validate", abi.OpBuild, enc(obj("kind", str("tool"), "value", input)), nil, content.CodeInvalidRequest, "/value"},
		{"build, an unknown key is escaped", abi.OpBuild, enc(obj("kind", str("tool"), "input", input, "a/b~c", null)), nil, content.CodeInvalidRequest, "/a~1b~0c"},
		{"build, unknown key before a missing one", abi.OpBuild, enc(obj("x", null)), nil, content.CodeInvalidRequest, "/x"},
		{"build, repeated input", abi.OpBuild, enc(obj("kind", str("tool"), "input", input, "input", input)), nil, content.CodeInvalidRequest, "/input"},
		{"build, repeated inherit", abi.OpBuild, enc(obj("kind", str("tool"), "input", input, "inherit", content.NewBool(true), "inherit", content.NewBool(true))), nil, content.CodeInvalidRequest, "/inherit"},
		{"build, an integer key", abi.OpBuild, enc(obj("kind", str("tool"), "input", input, i64(1), null)), nil, content.CodeInvalidRequest, ""},
		{"build, a nil key", abi.OpBuild, enc(obj(null, null)), nil, content.CodeInvalidRequest, ""},
		{"build, a bin key", abi.OpBuild, enc(obj(bin("kind"), str("tool"))), nil, content.CodeInvalidRequest, ""},
		{"build, an array", abi.OpBuild, enc(arr(str("kind"), str("tool"))), nil, content.CodeInvalidRequest, ""},
		{"build, a string", abi.OpBuild, enc(str("tool")), nil, content.CodeInvalidRequest, ""},
		{"build, trailing bytes", abi.OpBuild, append(enc(obj("kind", str("tool"), "input", input)), 0xc0), nil, content.CodeInvalidRequest, ""},
		{"build, broken input", abi.OpBuild, hx("82 a4 6b696e64 a4 746f6f6c a5 696e707574 81 a7 636f6e74656e74 91 c1"), nil, content.CodeInvalidRequest, "/input/content/0"},

		{"serialize", abi.OpSerialize, enc(obj("result", input)), &abi.Request{Op: abi.OpSerialize, Input: input}, "", ""},
		{"serialize, every key", abi.OpSerialize, enc(obj("settings", settings, "options", options, "result", input)),
			&abi.Request{Op: abi.OpSerialize, Input: input, Options: options, Settings: settings}, "", ""},
		{"serialize without result", abi.OpSerialize, enc(obj("options", options)), nil, content.CodeInvalidRequest, "/result"},
		{"serialize, kind is not its key", abi.OpSerialize, enc(obj("result", input, "kind", str("tool"))), nil, content.CodeInvalidRequest, "/kind"},
		{"serialize, inherit is not its key", abi.OpSerialize, enc(obj("result", input, "inherit", content.NewBool(true))), nil, content.CodeInvalidRequest, "/inherit"},
		{"serialize, repeated options", abi.OpSerialize, enc(obj("result", input, "options", null, "options", null)), nil, content.CodeInvalidRequest, "/options"},

		{"validate", abi.OpValidate, enc(obj("value", input)), &abi.Request{Op: abi.OpValidate, Input: input}, "", ""},
		{"validate, every key", abi.OpValidate, enc(obj("value", input, "options", options, "settings", settings)),
			&abi.Request{Op: abi.OpValidate, Input: input, Options: options, Settings: settings}, "", ""},
		{"validate without value", abi.OpValidate, enc(obj()), nil, content.CodeInvalidRequest, "/value"},
		{"validate, result is not its key", abi.OpValidate, enc(obj("result", input)), nil, content.CodeInvalidRequest, "/result"},

		{"outputSchema", abi.OpOutputSchema, enc(obj("schema", input)), &abi.Request{Op: abi.OpOutputSchema, Input: input}, "", ""},
		{"outputSchema, every key", abi.OpOutputSchema, enc(obj("settings", settings, "schema", content.NewBool(true), "options", options)),
			&abi.Request{Op: abi.OpOutputSchema, Input: content.NewBool(true), Options: options, Settings: settings}, "", ""},
		{"outputSchema, schema null is present", abi.OpOutputSchema, enc(obj("schema", null)), &abi.Request{Op: abi.OpOutputSchema}, "", ""},
		{"outputSchema without schema", abi.OpOutputSchema, enc(obj("options", options)), nil, content.CodeInvalidRequest, "/schema"},
		{"outputSchema, value is not its key", abi.OpOutputSchema, enc(obj("value", input)), nil, content.CodeInvalidRequest, "/value"},
		{"outputSchema, kind is not its key", abi.OpOutputSchema, enc(obj("schema", input, "kind", str("tool"))), nil, content.CodeInvalidRequest, "/kind"},
		{"outputSchema, repeated schema", abi.OpOutputSchema, enc(obj("schema", input, "schema", input)), nil, content.CodeInvalidRequest, "/schema"},

		// Unknown ops are refused before the bytes are read.
		{"op 0", 0, enc(obj()), nil, content.CodeUnknownOp, ""},
		{"op 6", 6, enc(obj("schema", input)), nil, content.CodeUnknownOp, ""},
		{"op -1, junk", -1, hx("c1"), nil, content.CodeUnknownOp, ""},
		{"op max int32", math.MaxInt32, nil, nil, content.CodeUnknownOp, ""},
		{"op min int32", math.MinInt32, nil, nil, content.CodeUnknownOp, ""},
	} {
		r, err := guest.ParseRequest(c.op, c.data)
		if c.want == nil {
			wantError(t, c.name, err, c.code, c.path)
			if r != nil {
				t.Errorf("%s: a request beside the error", c.name)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if !sameRequest(r, c.want) {
			t.Errorf("%s: got %+v, want %+v", c.name, r, c.want)
		}
	}
}

func sameRequest(a, b *abi.Request) bool {
	return a.Op == b.Op && a.Kind == b.Kind && a.Inherit == b.Inherit && a.Refs == b.Refs && content.Equal(a.Input, b.Input) &&
		content.Equal(a.Options, b.Options) && content.Equal(a.Settings, b.Settings)
}

// TestAppendRequest: what a host writes (abi.AppendRequest, which abi's
// tests compare with msgpack/v5) is what ParseRequest reads, absent members
// left out.
func TestAppendRequest(t *testing.T) {
	for _, c := range msgpacktest.RequestCases() {
		data := abi.AppendRequest(nil, c.Request)
		if ref := msgpackEncode(t, c.Want, true); !bytes.Equal(data, ref) {
			t.Errorf("%s request: abi writes % x, msgpack/v5 % x", c.Request.Op, data, ref)
		}
		r, err := guest.ParseRequest(c.Request.Op, data)
		if err != nil {
			t.Errorf("%s: %v", c.Request.Op, err)
			continue
		}
		want := *c.Request
		if want.Op != abi.OpBuild {
			want.Kind, want.Inherit = "", false
		}
		if want.Op == abi.OpInfo {
			want.Input = content.Value{}
		}
		if !sameRequest(r, &want) {
			t.Errorf("%s: read back %+v", c.Request.Op, r)
		}
	}
}

// TestResponses pins the bytes of each response shape the dispatch writes
// (abi's tests pin the error's) and reads them back as a host does.
func TestResponses(t *testing.T) {
	e := content.NewError(content.CodeInvalidRequest, "/a", "m")
	got := guest.AppendJSON(nil, []byte(`{"a":1}`))
	want := msgpackEncode(t, omap{{"ok", true}, {"json", `{"a":1}`}}, true)
	if !bytes.Equal(got, want) {
		t.Errorf("AppendJSON: % x, msgpack/v5 % x", got, want)
	}
	firstKeyOK(t, "json", got)
	if r, err := abi.ParseResponse(abi.OpSerialize, got); err != nil || !r.OK || string(r.JSON) != `{"a":1}` {
		t.Errorf("ParseResponse(serialize): %+v %v", r, err)
	}
	if r, err := abi.ParseResponse(abi.OpOutputSchema, got); err != nil || !r.OK || string(r.JSON) != `{"a":1}` {
		t.Errorf("ParseResponse(outputSchema): %+v %v", r, err)
	}

	got = guest.AppendOmitted(nil)
	if want := msgpackEncode(t, omap{{"ok", true}}, true); !bytes.Equal(got, want) {
		t.Errorf("AppendOmitted: % x, msgpack/v5 % x", got, want)
	}
	firstKeyOK(t, "omitted", got)
	if r, err := abi.ParseResponse(abi.OpOutputSchema, got); err != nil || !r.OK || r.JSON != nil {
		t.Errorf("ParseResponse(outputSchema) of {ok: true}: %+v %v", r, err)
	}
	if _, err := abi.ParseResponse(abi.OpSerialize, got); !errors.Is(err, abi.ErrMalformed) {
		t.Errorf("ParseResponse(serialize) of {ok: true}: %v, want abi.ErrMalformed", err)
	}

	res, err := result.Build(result.KindTool, obj("content", arr(obj("type", str("text"), "text", str("hi")))), result.BuildOptions{Settings: result.Settings{MaxNodes: 50, Canonicalization: content.JSON}})
	if err != nil {
		t.Fatal(err)
	}
	got = guest.AppendBuilt(nil, res, nil)
	want = msgpackEncode(t, omap{{"ok", true}, {"json", string(res.JSON())},
		{"settings", omap{{"maxJsonBytes", 2000000}, {"maxNodes", 50}, {"maxDepth", 64}, {"canonicalization", "json"}}}}, true)
	if !bytes.Equal(got, want) {
		t.Errorf("AppendBuilt: % x, msgpack/v5 % x", got, want)
	}
	firstKeyOK(t, "built", got)
	if r, err := abi.ParseResponse(abi.OpBuild, got); err != nil || !r.OK || string(r.JSON) != string(res.JSON()) || r.Settings != (result.Settings{MaxJSONBytes: 2000000, MaxNodes: 50, Canonicalization: content.JSON}) {
		t.Errorf("ParseResponse(build): %+v %v", r, err)
	}

	rep := &result.Report{Valid: false, Errors: []*content.Error{e}, Warnings: []*content.Error{
		content.NewError(content.CodeUnknownField, "/x", "w1"), content.NewError(content.CodeEmptyContent, "/content", "w2")}}
	got = guest.AppendReport(nil, rep)
	finding := func(e *content.Error) omap {
		return omap{{"code", string(e.Code)}, {"path", e.Path}, {"message", e.Message}}
	}
	want = msgpackEncode(t, omap{{"ok", true}, {"valid", false}, {"errors", []any{finding(e)}},
		{"warnings", []any{finding(rep.Warnings[0]), finding(rep.Warnings[1])}}}, true)
	if !bytes.Equal(got, want) {
		t.Errorf("AppendReport: % x, msgpack/v5 % x", got, want)
	}
	firstKeyOK(t, "report", got)
	if r, err := abi.ParseResponse(abi.OpValidate, got); err != nil || !r.OK || r.Report.Valid || len(r.Report.Errors) != 1 ||
		len(r.Report.Warnings) != 2 || *r.Report.Warnings[1] != *rep.Warnings[1] {
		t.Errorf("ParseResponse(validate): %+v %v", r, err)
	}
	got = guest.AppendReport(nil, &result.Report{Valid: true})
	if !bytes.Equal(got, msgpackEncode(t, omap{{"ok", true}, {"valid", true}, {"errors", []any{}}, {"warnings", []any{}}}, true)) {
		t.Errorf("AppendReport of no findings: % x", got)
	}

	in := guest.ModuleInfo()
	got = guest.AppendInfo(nil, in)
	versions := make([]any, len(in.ProtocolVersions))
	for i, v := range in.ProtocolVersions {
		versions[i] = v
	}
	want = msgpackEncode(t, omap{{"ok", true}, {"module", abi.ModuleVersion}, {"abi", abi.Version}, {"abiMinor", abi.Minor},
		{"protocolVersions", versions}, {"latestProtocolVersion", result.LatestProtocolVersion},
		{"settings", omap{{"maxJsonBytes", 2000000}, {"maxNodes", 100000}, {"maxDepth", 64}, {"canonicalization", "strict"}}}}, true)
	if !bytes.Equal(got, want) {
		t.Errorf("AppendInfo: % x, msgpack/v5 % x", got, want)
	}
	firstKeyOK(t, "info", got)
	r, err := abi.ParseResponse(abi.OpInfo, got)
	if err != nil || !r.OK || r.Info.Module != abi.ModuleVersion || r.Info.ABI != abi.Version || r.Info.ABIMinor != abi.Minor ||
		len(r.Info.ProtocolVersions) != len(in.ProtocolVersions) || r.Info.LatestProtocolVersion != result.LatestProtocolVersion ||
		r.Info.Settings.MaxJSONBytes != result.DefaultMaxJSONBytes {
		t.Errorf("ParseResponse(info): %+v %v", r, err)
	}
	if in.ProtocolVersions[len(in.ProtocolVersions)-1] != in.LatestProtocolVersion {
		t.Errorf("the latest protocol version is not the last one: %v", in.ProtocolVersions)
	}
}

// TestHandleUnknownOp: any op but 1 to 5 is unknown_op, whatever the bytes.
func TestHandleUnknownOp(t *testing.T) {
	for _, op := range []abi.Op{0, 6, 7, -1, 1 << 20, math.MaxInt32, math.MinInt32} {
		for _, req := range [][]byte{nil, hx("80"), hx("c1"), enc(obj("kind", str("tool"), "input", obj()))} {
			resp := guest.Handle(op, req)
			firstKeyOK(t, "unknown op", resp)
			r, err := abi.ParseResponse(op, resp)
			if err != nil || r.OK || r.Err.Code != content.CodeUnknownOp || r.Err.Path != "" {
				t.Errorf("op %d, % x: %+v %v", op, req, r, err)
			}
		}
	}
}
