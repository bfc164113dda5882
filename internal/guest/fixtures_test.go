package guest_test

import (
	"bytes"
	"testing"

	"github.com/mcpresult/mcpresult/abi"
	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/guest"
	"github.com/mcpresult/mcpresult/internal/msgpacktest"
)

// TestFixtures runs every golden call through the dispatch, guest.Handle,
// and compares the bytes; and checks that the fixtures cover every op and
// outcome.
func TestFixtures(t *testing.T) {
	fs := msgpacktest.Fixtures(t)
	if len(fs) < 40 {
		t.Errorf("only %d fixtures", len(fs))
	}
	names := map[string]bool{}
	seen := map[string]bool{} // "op:outcome"
	for _, f := range fs {
		if names[f.Name] {
			t.Errorf("two fixtures are named %q", f.Name)
		}
		names[f.Name] = true
		op := abi.Op(f.Op)
		got := guest.Handle(op, f.Req)
		if !bytes.Equal(got, f.Resp) {
			t.Errorf("%s: guest.Handle answers\n%x\nthe fixture says\n%x", f.Name, got, f.Resp)
			continue
		}
		firstKeyOK(t, f.Name, f.Resp)
		r, err := abi.ParseResponse(op, f.Resp)
		if err != nil {
			t.Errorf("%s: %v", f.Name, err)
			continue
		}
		o := "ok"
		switch {
		case !r.OK:
			o = string(r.Err.Code)
			if !knownCode(r.Err.Code) || r.Err.Code == content.CodeInternal {
				t.Errorf("%s: code %s", f.Name, r.Err.Code)
			}
		case op == abi.OpValidate && r.Report.Valid:
			o = "valid"
		case op == abi.OpValidate:
			o = "invalid"
		case op == abi.OpOutputSchema && r.JSON == nil:
			o = "omitted"
		}
		if op < abi.OpInfo || op > abi.OpOutputSchema {
			op = 0
		}
		seen[op.String()+":"+o] = true
		if !r.OK {
			seen[op.String()+":error"] = true
		}
		// An error of ParseRequest is the response as it is.
		if _, err := guest.ParseRequest(abi.Op(f.Op), f.Req); err != nil {
			if want := abi.AppendError(nil, asError(err)); !bytes.Equal(want, f.Resp) {
				t.Errorf("%s: not the error of ParseRequest", f.Name)
			}
		}
	}
	for _, k := range []string{"info:ok", "info:error", "build:ok", "build:error", "serialize:ok", "serialize:error",
		"validate:valid", "validate:invalid", "validate:error", "outputSchema:ok", "outputSchema:omitted",
		"outputSchema:error", "0:unknown_op", "build:invalid_request", "serialize:invalid_request", "validate:invalid_request",
		"outputSchema:invalid_request", "validate:max_nodes", "validate:max_depth"} {
		if !seen[k] {
			t.Errorf("no fixture for %s", k)
		}
	}
}
