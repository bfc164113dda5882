package abi_test

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/mcpresult/mcpresult/abi"
	"github.com/mcpresult/mcpresult/content"
)

// fixture is one golden call of testdata/abi/fixtures.json (see
// testdata/abi/README.md).
type fixture struct {
	Name     string `json:"name"`
	Op       int32  `json:"op"`
	Request  string `json:"request"`
	Response string `json:"response"`

	req, resp []byte
}

var fixturesFile = filepath.Join("..", "testdata", "abi", "fixtures.json")

func readFixtures(tb testing.TB) []fixture {
	tb.Helper()
	data, err := os.ReadFile(fixturesFile)
	if err != nil {
		tb.Fatal(err)
	}
	var fs []fixture
	if err := json.Unmarshal(data, &fs); err != nil {
		tb.Fatalf("%s: %v", fixturesFile, err)
	}
	for i := range fs {
		f := &fs[i]
		if f.req, err = hex.DecodeString(f.Request); err != nil {
			tb.Fatalf("%s: request: %v", f.Name, err)
		}
		if f.resp, err = hex.DecodeString(f.Response); err != nil {
			tb.Fatalf("%s: response: %v", f.Name, err)
		}
	}
	return fs
}

// TestFixtures runs every golden call through the dispatch, abi.Handle,
// and compares the bytes; and checks that the fixtures cover every op and
// outcome.
func TestFixtures(t *testing.T) {
	fs := readFixtures(t)
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
		got := abi.Handle(op, f.req)
		if !bytes.Equal(got, f.resp) {
			t.Errorf("%s: abi.Handle answers\n%x\nthe fixture says\n%x", f.Name, got, f.resp)
			continue
		}
		firstKeyOK(t, f.Name, f.resp)
		r, err := abi.ParseResponse(op, f.resp)
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
		if _, err := abi.ParseRequest(abi.Op(f.Op), f.req); err != nil {
			if want := abi.AppendError(nil, asError(err)); !bytes.Equal(want, f.resp) {
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

func knownCode(c content.Code) bool {
	for _, k := range content.Codes() {
		if k == c {
			return true
		}
	}
	return false
}
