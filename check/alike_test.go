package check

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// answering is a server on the Go SDK whose tools are named by answers,
// each answering every call the way its function says.
func answering(t *testing.T, answers map[string]func() (*mcp.CallToolResult, error)) func() mcp.Transport {
	s := mcp.NewServer(&mcp.Implementation{Name: "answering", Version: "1"}, nil)
	for name, answer := range answers {
		s.AddTool(&mcp.Tool{Name: name, InputSchema: json.RawMessage(`{"type":"object"}`)},
			func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) { return answer() })
	}
	return inMemory(t, s)
}

func toolError() (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "the backend is down"}}, IsError: true}, nil
}

func success() (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "fine"}}}, nil
}

func rpcError(code int64, msg string) func() (*mcp.CallToolResult, error) {
	return func() (*mcp.CallToolResult, error) { return nil, &jsonrpc.Error{Code: code, Message: msg} }
}

// TestAllCallsFailed checks that a revision whose every call failed alike
// gets the warning, the field and the caveat, and that one whose calls did
// not (one succeeded, failures of two kinds, a single call) gets none.
func TestAllCallsFailed(t *testing.T) {
	for _, c := range []struct {
		name    string
		answers map[string]func() (*mcp.CallToolResult, error)
		alike   string // RevisionReport.AllFailedAlike, "" for none
	}{
		{"every isError", map[string]func() (*mcp.CallToolResult, error){"a": toolError, "b": toolError, "c": toolError},
			"all 3 tools/call each answered with a result with isError true"},
		{"one JSON-RPC error code", map[string]func() (*mcp.CallToolResult, error){"a": rpcError(-32603, "boom"), "b": rpcError(-32603, "bang")},
			"all 2 tools/call each answered with JSON-RPC error -32603"},
		{"unauthorized, codes apart", map[string]func() (*mcp.CallToolResult, error){"a": rpcError(-32001, "Unauthorized: no token"), "b": rpcError(-32603, "request forbidden")},
			"all 2 tools/call each refused as unauthorized"},
		{"two codes", map[string]func() (*mcp.CallToolResult, error){"a": rpcError(-32603, "boom"), "b": rpcError(-32000, "bang")}, ""},
		{"isError and a JSON-RPC error", map[string]func() (*mcp.CallToolResult, error){"a": toolError, "b": rpcError(-32603, "boom")}, ""},
		{"one succeeded", map[string]func() (*mcp.CallToolResult, error){"a": toolError, "b": success}, ""},
		{"a single call", map[string]func() (*mcp.CallToolResult, error){"a": toolError}, ""},
		{"all succeeded", map[string]func() (*mcp.CallToolResult, error){"a": success, "b": success}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			rep, err := Run(context.Background(), Options{Transport: answering(t, c.answers), Protocol: "2025-06-18"})
			if err != nil {
				t.Fatal(err)
			}
			rr := rep.Revisions[0]
			if rr.AllFailedAlike != c.alike {
				t.Fatalf("AllFailedAlike = %q, want %q", rr.AllFailedAlike, c.alike)
			}
			var text, js bytes.Buffer
			if err := rep.WriteText(&text, false); err != nil {
				t.Fatal(err)
			}
			if err := rep.WriteJSON(&js); err != nil {
				t.Fatal(err)
			}
			var got struct {
				Caveat    string `json:"caveat"`
				Revisions []struct {
					AllFailedAlike string `json:"allFailedAlike"`
				} `json:"revisions"`
			}
			if err := json.Unmarshal(js.Bytes(), &got); err != nil {
				t.Fatal(err)
			}
			if c.alike == "" {
				if hasCode(rr.Findings, CodeAllCallsFailed) || rep.Caveat != "" || got.Caveat != "" || strings.Contains(text.String(), "caveat") {
					t.Fatalf("a caveat where none is due: %q\n%s", rep.Caveat, text.String())
				}
				return
			}
			want := "every call failed the same way (2025-06-18: " + c.alike + "): a pass here cannot vouch for the results"
			if rep.Caveat != want || got.Caveat != want || got.Revisions[0].AllFailedAlike != c.alike {
				t.Errorf("caveat %q, JSON %q and %q; want %q", rep.Caveat, got.Caveat, got.Revisions[0].AllFailedAlike, want)
			}
			if first, _, _ := strings.Cut(text.String(), "\n"); first != "caveat:  "+want {
				t.Errorf("the text report begins with %q, want the caveat", first)
			}
			if !hasCode(rr.Findings, CodeAllCallsFailed) || rep.Totals.Warnings == 0 {
				t.Errorf("no all_calls_failed warning of the revision: %s", describeFindings(rr.Findings))
			}
			if (Verdict{FailOn: "warning"}).Passes(rep) {
				t.Error("--fail-on warning passes a run whose calls all failed alike")
			}
			var md, page bytes.Buffer
			if err := rep.WriteMarkdown(&md); err != nil {
				t.Fatal(err)
			}
			if err := rep.WriteHTML(&page); err != nil {
				t.Fatal(err)
			}
			// Under the verdict: before the target's line, and before the
			// matrix.
			if i := strings.Index(md.String(), "**Caveat:**"); i < 0 || i > strings.Index(md.String(), "Target ") {
				t.Errorf("the Markdown report has no caveat under its verdict:\n%s", md.String())
			}
			if i := strings.Index(page.String(), `class="caveat-line"`); i < 0 || i > strings.Index(page.String(), `id="revisions"`) {
				t.Error("the HTML report has no caveat under its verdict")
			}
		})
	}
}

// TestCaveatEscaped checks that a caveat naming a hostile revision (as a
// report read back from JSON may hold one) is escaped in every format that
// says it.
func TestCaveatEscaped(t *testing.T) {
	r := &Report{Target: "x", Revisions: []*RevisionReport{{Revision: hostileText, Status: StatusChecked, AllFailedAlike: "all 2 tools/call " + hostileText + " | :: <b> " + hostileSecretKey}}}
	r.finish(nil, 0)
	var text, md, page, js bytes.Buffer
	if err := r.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	if err := r.WriteText(&text, false); err != nil {
		t.Fatal(err)
	}
	if err := r.WriteMarkdown(&md); err != nil {
		t.Fatal(err)
	}
	if err := r.WriteHTML(&page); err != nil {
		t.Fatal(err)
	}
	for name, out := range map[string]string{"text": text.String(), "markdown": md.String(), "html": page.String(), "json": js.String()} {
		if strings.Contains(out, "\x1b") || strings.Contains(out, "\u202e") || strings.Contains(out, hostileSecretKey) || name != "text" && name != "json" && strings.Contains(out, "<b>") {
			t.Errorf("%s: the caveat is not escaped:\n%s", name, out)
		}
	}
}

// TestAllCallsFailedHTTP checks that calls refused with HTTP 401 or 403
// (the Go SDK's client ends its error with the status's text) count as
// unauthorized alike, whatever else the server answers; the client closes
// its connection on such a status, so the revision fails too, and the
// caveat says why.
func TestAllCallsFailedHTTP(t *testing.T) {
	for _, status := range []int{http.StatusUnauthorized, http.StatusForbidden} {
		srv := sdkServer()
		handler := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, &mcp.StreamableHTTPOptions{Stateless: true})
		ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			body, _ := io.ReadAll(r.Body)
			if bytes.Contains(body, []byte(`"tools/call"`)) {
				http.Error(w, "no token", status)
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
			handler.ServeHTTP(w, r)
		}))
		rep, err := Run(context.Background(), Options{URL: ts.URL, Protocol: "2025-06-18", NoProbes: true})
		ts.Close()
		if err != nil {
			t.Fatal(err)
		}
		rr := rep.Revisions[0]
		if rr.Status != StatusFailed || rr.AllFailedAlike != "all 2 tools/call "+authKind || !hasCode(rr.Findings, CodeAllCallsFailed) || rep.Caveat == "" {
			t.Errorf("HTTP %d: %s (%s), AllFailedAlike %q, findings:%s", status, rr.Status, rr.Reason, rr.AllFailedAlike, dump(rr.Findings))
			for _, tr := range rr.Tools {
				for _, c := range tr.Calls {
					t.Logf("%s: %s%s", tr.Name, c.Outcome, dump(c.Findings))
				}
			}
		}
	}
}
