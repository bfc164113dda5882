package sdk_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/result"
	"github.com/mcpresult/mcpresult/sdk"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// adapterVector is one vector of testdata/vectors/adapter*.json (see
// docs/vectors.md): a handler's outcome, and what a client of each revision
// receives for it.
type adapterVector struct {
	Name     string   `json:"name"`
	Op       string   `json:"op"`
	Kind     string   `json:"kind"` // what the handler is registered as: tool or resource
	Runtimes []string `json:"runtimes"`
	Input    outcome  `json:"input"`
	Options  struct {
		OutputSchema json.RawMessage `json:"outputSchema"`
	} `json:"options"`
	Expect struct {
		Private   bool                     `json:"private"`
		Withheld  string                   `json:"withheld"`
		Revisions map[string]adapterAnswer `json:"revisions"`
	} `json:"expect"`
}

// outcome is what the handler does, as data: exactly one member is set.
type outcome struct {
	Build *struct {
		Kind  string          `json:"kind"`
		Input json.RawMessage `json:"input"`
	} `json:"build"`
	ClientError *struct {
		Message string `json:"message"`
		Code    string `json:"code"`
	} `json:"clientError"`
	Error *string `json:"error"`
	Panic *string `json:"panic"`
	None  bool    `json:"none"`
}

// adapterAnswer is what the client receives: a result's exact JSON, or a
// JSON-RPC error.
type adapterAnswer struct {
	JSON  *string `json:"json"`
	Error *struct {
		Code    int64           `json:"code"`
		Message string          `json:"message"`
		Data    json.RawMessage `json:"data"`
	} `json:"error"`
}

// loadAdapterVectors reads every testdata/vectors/adapter*.json.
func loadAdapterVectors(t *testing.T) []adapterVector {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "testdata", "vectors", "adapter*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no testdata/vectors/adapter*.json")
	}
	var all []adapterVector
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var vs []adapterVector
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&vs); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		all = append(all, vs...)
	}
	return all
}

// run does what the outcome says the handler does, and returns what it
// returns.
func (o outcome) run() (*result.Result, error) {
	switch {
	case o.Build != nil:
		v, err := content.ParseJSON(o.Build.Input)
		if err != nil {
			return nil, fmt.Errorf("the vector's build input: %w", err)
		}
		return result.Build(o.Build.Kind, v, result.BuildOptions{})
	case o.ClientError != nil:
		return nil, &result.ClientError{Message: o.ClientError.Message, Code: o.ClientError.Code}
	case o.Error != nil:
		return nil, errors.New(*o.Error)
	case o.Panic != nil:
		panic(*o.Panic)
	}
	return nil, nil
}

// vectorServer is a server with the vector's one tool ("vector") or
// resource (file:///vector.txt).
func vectorServer(t *testing.T, v adapterVector, log *privateLog) *mcp.Server {
	t.Helper()
	s := mcp.NewServer(&mcp.Implementation{Name: "vectors", Version: "1.0.0"}, nil)
	a, err := sdk.New(s, &sdk.Options{OnError: log.onError})
	if err != nil {
		t.Fatal(err)
	}
	switch v.Kind {
	case "tool":
		tool := &mcp.Tool{Name: "vector"}
		if v.Options.OutputSchema != nil {
			tool.OutputSchema = v.Options.OutputSchema
		}
		err = sdk.AddTool(a, tool, func(context.Context, *mcp.CallToolRequest, noArgs) (*result.Result, error) { return v.Input.run() })
	case "resource":
		err = a.AddResource(&mcp.Resource{URI: "file:///vector.txt", Name: "vector"}, func(context.Context, *mcp.ReadResourceRequest) (*result.Result, error) {
			return v.Input.run()
		})
	default:
		t.Fatalf("kind %q (tool or resource)", v.Kind)
	}
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestAdapterVectors runs testdata/vectors/adapter*.json: for each vector
// and each revision, a client that asks for that revision in initialize
// calls the tool (or reads the resource) and must receive exactly the
// vector's answer for the revision the server answered initialize with
// (asked for 2026-07-28 over a session, SDK v1.8.0 answers 2025-11-25); OnError gets the private detail exactly when the vector
// says so, and the withheld text reaches the client at no revision. The
// same files are run by js/test/adapter-vectors.test.js.
func TestAdapterVectors(t *testing.T) {
	vectors := loadAdapterVectors(t)
	names := map[string]bool{}
	for _, v := range vectors {
		if names[v.Name] {
			t.Errorf("vector name %q is used twice", v.Name)
		}
		names[v.Name] = true
		if v.Op != "adapter" || !slices.Equal(v.Runtimes, []string{"sdk", "python"}) {
			t.Errorf("%s: op %q, runtimes %v: want op adapter, runtimes [sdk python]", v.Name, v.Op, v.Runtimes)
		}
		var revs []string
		for r := range v.Expect.Revisions {
			revs = append(revs, r)
		}
		slices.Sort(revs)
		if !slices.Equal(revs, result.ProtocolVersions()) {
			t.Errorf("%s: answers for %v, want one for each of %v", v.Name, revs, result.ProtocolVersions())
		}
		log := &privateLog{}
		s := vectorServer(t, v, log)
		for _, version := range result.ProtocolVersions() {
			t.Run(v.Name+"/"+version, func(t *testing.T) {
				c := connect(t, s, version, false)
				want, ok := v.Expect.Revisions[c.answered]
				if !ok {
					t.Fatalf("the server answered initialize with %q, which the vector has no answer for", c.answered)
				}
				var raw json.RawMessage
				var rpcErr *jsonrpc.Error
				if v.Kind == "tool" {
					raw, rpcErr = c.call(t, "", "tools/call", map[string]any{"name": "vector", "arguments": map[string]any{}})
				} else {
					raw, rpcErr = c.call(t, "", "resources/read", map[string]any{"uri": "file:///vector.txt"})
				}
				received := string(raw)
				if rpcErr != nil {
					b, _ := json.Marshal(rpcErr)
					received = string(b)
				}
				if d := diffAnswer(want, raw, rpcErr); d != "" {
					t.Error(d)
				}
				if v.Expect.Withheld != "" && strings.Contains(received, v.Expect.Withheld) {
					t.Errorf("the withheld text %q reached the client: %s", v.Expect.Withheld, received)
				}
				errs := log.take()
				if got := len(errs) > 0; got != v.Expect.Private {
					t.Errorf("OnError got %v, want private %v", errs, v.Expect.Private)
				}
				if v.Expect.Withheld != "" && v.Expect.Private && v.Input.Build == nil && !withheldIn(errs, v.Expect.Withheld) {
					t.Errorf("OnError got %v, none with the withheld text", errs)
				}
			})
		}
	}
}

// withheldIn reports whether a private error (or a panic's value) holds s.
func withheldIn(errs []error, s string) bool {
	for _, err := range errs {
		var p *result.PanicError
		if strings.Contains(err.Error(), s) || errors.As(err, &p) && strings.Contains(fmt.Sprint(p.Value), s) {
			return true
		}
	}
	return false
}

// diffAnswer says how what the client received differs from the vector's
// answer ("" for not at all).
func diffAnswer(want adapterAnswer, raw json.RawMessage, rpcErr *jsonrpc.Error) string {
	switch {
	case want.JSON != nil && rpcErr != nil:
		return fmt.Sprintf("want %s\ngot JSON-RPC error %d %q", *want.JSON, rpcErr.Code, rpcErr.Message)
	case want.JSON != nil:
		if string(raw) != *want.JSON {
			return fmt.Sprintf("want %s\ngot  %s", *want.JSON, raw)
		}
		return ""
	case want.Error == nil:
		return "the vector's answer has neither json nor error"
	case rpcErr == nil:
		return fmt.Sprintf("want JSON-RPC error %d %q\ngot %s", want.Error.Code, want.Error.Message, raw)
	}
	if rpcErr.Code != want.Error.Code || rpcErr.Message != want.Error.Message || !sameJSON(rpcErr.Data, want.Error.Data) {
		return fmt.Sprintf("want JSON-RPC error %d %q data %s\ngot  JSON-RPC error %d %q data %s",
			want.Error.Code, want.Error.Message, want.Error.Data, rpcErr.Code, rpcErr.Message, rpcErr.Data)
	}
	return ""
}

// sameJSON reports whether two JSON texts (empty: absent) hold the same
// value.
func sameJSON(a, b json.RawMessage) bool {
	if len(a) == 0 || len(b) == 0 {
		return len(a) == len(b)
	}
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}
