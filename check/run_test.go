package check

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ---------------------------------------------------------------- an SDK server

const greetSchema = `{"type":"object","properties":{"name":{"type":"string","minLength":2}},"required":["name"]}`

// sdkServer is a server on the Go SDK with two tools and a resource: greet
// (text), revision (the revision the handler sees, as text and structured
// content) and memory://note.
func sdkServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "test-server", Version: "v0.0.1"}, nil)
	s.AddTool(&mcp.Tool{Name: "greet", InputSchema: json.RawMessage(greetSchema)},
		func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			var args struct{ Name string }
			if err := json.Unmarshal(req.Params.Arguments, &args); err != nil || len(args.Name) < 2 {
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "name: at least 2 characters"}}, IsError: true}, nil
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "Hello, " + args.Name + " <3 & café"}}}, nil
		})
	s.AddTool(&mcp.Tool{Name: "revision", InputSchema: json.RawMessage(`{"type":"object"}`),
		OutputSchema: json.RawMessage(`{"type":"object","properties":{"revision":{"type":"string"}},"required":["revision"]}`)},
		func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			v := req.ProtocolVersion()
			return &mcp.CallToolResult{
				Content:           []mcp.Content{&mcp.TextContent{Text: `{"revision":"` + v + `"}`}},
				StructuredContent: json.RawMessage(`{"revision":"` + v + `"}`),
			}, nil
		})
	s.AddResource(&mcp.Resource{URI: "memory://note", Name: "note", MIMEType: "text/plain"},
		func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "text/plain", Text: "a note"}}}, nil
		})
	return s
}

// wireLog records, on the server's side, each response's result as the
// server wrote it on the wire, by the method and tool (or URI) of its
// request.
type wireLog struct {
	mu      sync.Mutex
	pending map[jsonrpc.ID]string
	results map[string][]byte // "tools/call greet", "resources/read memory://note"
}

type wireTransport struct {
	mcp.Transport
	log *wireLog
}

func (t *wireTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	c, err := t.Transport.Connect(ctx)
	return &wireConn{Connection: c, log: t.log}, err
}

type wireConn struct {
	mcp.Connection
	log *wireLog
}

func (c *wireConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	msg, err := c.Connection.Read(ctx)
	if req, ok := msg.(*jsonrpc.Request); ok && req.IsCall() {
		var p struct{ Name, URI string }
		_ = json.Unmarshal(req.Params, &p)
		c.log.mu.Lock()
		c.log.pending[req.ID] = strings.TrimSpace(req.Method + " " + p.Name + p.URI)
		c.log.mu.Unlock()
	}
	return msg, err
}

func (c *wireConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if resp, ok := msg.(*jsonrpc.Response); ok {
		// The frame as the connection writes it, and its result member as
		// it stands in the frame.
		frame, err := jsonrpc.EncodeMessage(resp)
		if err != nil {
			panic(err)
		}
		var f struct {
			Result json.RawMessage `json:"result"`
		}
		if err := json.Unmarshal(frame, &f); err != nil {
			panic(err)
		}
		c.log.mu.Lock()
		c.log.results[c.log.pending[resp.ID]] = f.Result
		c.log.mu.Unlock()
	}
	return c.Connection.Write(ctx, msg)
}

// recorded keeps what the driver handed to the checks.
type recorded struct {
	mu    sync.Mutex
	calls []ToolCall
	reads []ResourceRead
}

func (r *recorded) checks() checks {
	var ck checks
	ck.tool = func(c ToolCall) []Finding {
		r.mu.Lock()
		r.calls = append(r.calls, c)
		r.mu.Unlock()
		return []Finding{
			{Severity: "info", Code: "seen_info", Message: "i"},
			{Severity: "error", Code: "seen_error", Path: "/content", Message: "e"},
		}
	}
	ck.read = func(rr ResourceRead) []Finding {
		r.mu.Lock()
		r.reads = append(r.reads, rr)
		r.mu.Unlock()
		return []Finding{{Severity: "warning", Code: "seen_warning", Message: "w"}}
	}
	return ck
}

// TestRunInMemory checks every revision against the SDK server over the
// SDK's in-memory transports: each revision negotiated, each tool called,
// each resource read, and each result handed to the checks as the server
// wrote it on the wire.
func TestRunInMemory(t *testing.T) {
	ctx := context.Background()
	srv := sdkServer()
	var logs []*wireLog
	var sessions []*mcp.ServerSession
	rec := &recorded{}
	var progress, ended []string
	rep, err := run(ctx, Options{
		Transport: func() mcp.Transport {
			st, ct := mcp.NewInMemoryTransports()
			log := &wireLog{pending: map[jsonrpc.ID]string{}, results: map[string][]byte{}}
			ss, err := srv.Connect(ctx, &wireTransport{st, log}, nil)
			if err != nil {
				t.Fatal(err)
			}
			logs = append(logs, log)
			sessions = append(sessions, ss)
			return ct
		},
		Progress: func(s string) { progress = append(progress, s) },
		Ended:    func(s Step) { ended = append(ended, s.String()) },
	}, rec.checks())
	if err != nil {
		t.Fatal(err)
	}
	// Each exchange is told as it ends, in order, with its findings
	// counted (the recording checks give one error and one info per call).
	if len(ended) != 15 {
		t.Errorf("%d steps ended, want 15: %q", len(ended), ended)
	}
	for _, want := range []string{"2025-06-18  tools/call 1/2  greet  result  1 error  ", "2026-07-28  resources/read 1/1  memory://note  result  "} {
		if !slices.ContainsFunc(ended, func(s string) bool { return strings.HasPrefix(s, want) }) {
			t.Errorf("no step %q among %q", want, ended)
		}
	}
	for _, ss := range sessions {
		ss.Wait()
	}
	revs := ProtocolRevisions()
	if want := []string{"2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"}; !reflect.DeepEqual(revs, want) {
		t.Fatalf("revisions %v, want %v", revs, want)
	}
	if rep.Error != "" || rep.Failed() {
		t.Fatalf("report error %q", rep.Error)
	}
	if rep.Server == nil || rep.Server.Name != "test-server" || rep.Server.Version != "v0.0.1" {
		t.Fatalf("server %+v", rep.Server)
	}
	if len(rep.Revisions) != len(revs) || len(logs) != len(revs) {
		t.Fatalf("%d revisions, %d sessions, want %d", len(rep.Revisions), len(logs), len(revs))
	}
	for i, rr := range rep.Revisions {
		if rr.Revision != revs[i] || rr.Status != StatusChecked || rr.Negotiated != revs[i] {
			t.Fatalf("revision %d: %s %s negotiated %s (%s)", i, rr.Revision, rr.Status, rr.Negotiated, rr.Reason)
		}
		var names []string
		for _, tr := range rr.Tools {
			names = append(names, tr.Name)
			if len(tr.Calls) != 1 {
				t.Fatalf("%s: tool %s called %d times", rr.Revision, tr.Name, len(tr.Calls))
			}
			c := tr.Calls[0]
			if c.Source != SourceGenerated || !c.ArgsValid || c.Outcome != OutcomeResult {
				t.Errorf("%s: %s: source %s, valid %v, outcome %s", rr.Revision, tr.Name, c.Source, c.ArgsValid, c.Outcome)
			}
			if got, want := string(c.Result), string(logs[i].results["tools/call "+tr.Name]); got != want || got == "" {
				t.Errorf("%s: %s: result\n%s\nthe server wrote\n%s", rr.Revision, tr.Name, got, want)
			}
			// Findings ordered by severity, the checks' order kept within one.
			if codes := findingCodes(c.Findings); !reflect.DeepEqual(codes, []Code{"seen_error", "seen_info"}) {
				t.Errorf("%s: %s: findings %v", rr.Revision, tr.Name, codes)
			}
		}
		if !reflect.DeepEqual(names, []string{"greet", "revision"}) {
			t.Fatalf("%s: tools %v", rr.Revision, names)
		}
		if got := string(rr.Tools[0].Calls[0].Arguments); got != `{"name":"aa"}` {
			t.Errorf("%s: greet arguments %s", rr.Revision, got)
		}
		if !strings.Contains(string(rr.Tools[1].Calls[0].Result), `"revision":"`+rr.Revision+`"`) {
			t.Errorf("%s: the handler saw another revision: %s", rr.Revision, rr.Tools[1].Calls[0].Result)
		}
		if len(rr.Resources) != 1 || rr.Resources[0].URI != "memory://note" || rr.Resources[0].Outcome != OutcomeResult {
			t.Fatalf("%s: resources %+v", rr.Revision, rr.Resources)
		}
		if got, want := string(rr.Resources[0].Result), string(logs[i].results["resources/read memory://note"]); got != want {
			t.Errorf("%s: resource result %s, the server wrote %s", rr.Revision, got, want)
		}
	}
	// The checks got each exchange with its revision and the tool as listed.
	if len(rec.calls) != 2*len(revs) || len(rec.reads) != len(revs) {
		t.Fatalf("%d calls and %d reads checked", len(rec.calls), len(rec.reads))
	}
	for _, c := range rec.calls {
		if c.Tool.Name == "greet" {
			if !jsonEqual(c.Tool.InputSchema, greetSchema) || c.Tool.OutputSchema != nil || !c.ArgsValid || c.Result == nil || c.RPCError != nil {
				t.Errorf("greet checked as %+v", c)
			}
		}
		if c.Tool.Name == "revision" && c.Revision >= "2025-06-18" && c.Tool.OutputSchema == nil {
			t.Errorf("%s: revision checked without its outputSchema", c.Revision)
		}
	}
	tt := rep.Totals
	// The infos: one per call of the recording checks, and the
	// revision_mismatch of the revisions before 2026-07-28, to which the
	// Go SDK's server sends ttlMs and cacheScope with each list (2 lists)
	// and, before 2025-06-18, the outputSchema of revision.
	if got := mismatches(rep); !reflect.DeepEqual(got, map[string]int{"2024-11-05": 5, "2025-03-26": 5, "2025-06-18": 4, "2025-11-25": 4}) {
		t.Errorf("revision_mismatch by revision %v", got)
	}
	if want := (Totals{Errors: 10, Warnings: 5, Infos: 10 + 18, RevisionsChecked: 5, ToolCalls: 10, ResourceReads: 5}); tt != want {
		t.Errorf("totals %+v, want %+v", tt, want)
	}
	if !slices.Contains(progress, "2025-06-18: tools/call greet (1/2)") || !slices.Contains(progress, "2026-07-28: resources/read memory://note (1/1)") {
		t.Errorf("progress %q", progress)
	}
}

func findingCodes(fs []Finding) []Code {
	var codes []Code
	for _, f := range fs {
		codes = append(codes, f.Code)
	}
	return codes
}

func jsonEqual(a json.RawMessage, b string) bool {
	var x, y any
	return json.Unmarshal(a, &x) == nil && json.Unmarshal([]byte(b), &y) == nil && reflect.DeepEqual(x, y)
}

// ---------------------------------------------------------------- a scripted server

// Results as a server might write them: spaces, escapes, an unknown member,
// an integer past 2^53, a trailing zero. The SDK's types would write
// none of these the same way.
const (
	exactResult    = `{ "content" : [ {"type":"text","text":"caf\u00e9 \u003c>&"} ],"isError":false, "zz-unknown":{"big":12345678901234567890,"f":1.50} }`
	rejectedResult = `{"content":[{"type":"hologram","data":"x"}]}`
	exactSchema    = `{"type":"object", "properties":{"n":{"type":"integer","minimum":3}},"required":["n"]}`
	readResult     = `{"contents":[{"uri":"mem://a","text":"A", "extra": true}]}`
)

// scripted answers a client with canned JSON over newline-delimited JSON:
// it speaks the revisions of speaks (answering initialize with the first
// for any other, or refusing it when refuse is set), lists four tools over
// two pages and two resources (one twice).
type scripted struct {
	speaks []string
	refuse bool
	crash  bool // close the connection on tools/call
}

func (s scripted) transport() mcp.Transport { return piped(s.serve) }

// piped is a transport to a server that serve runs over a pair of pipes,
// reading the client's messages from in and writing to out.
func piped(serve func(in io.ReadCloser, out io.WriteCloser)) mcp.Transport {
	toServerR, toServerW := io.Pipe()
	toClientR, toClientW := io.Pipe()
	go serve(toServerR, toClientW)
	return &mcp.IOTransport{Reader: toClientR, Writer: toServerW}
}

// inMemory makes a transport to srv, in the same process, for each
// session.
func inMemory(t *testing.T, srv *mcp.Server) func() mcp.Transport {
	return func() mcp.Transport {
		st, ct := mcp.NewInMemoryTransports()
		if _, err := srv.Connect(context.Background(), st, nil); err != nil {
			t.Error(err)
		}
		return ct
	}
}

func (s scripted) serve(in io.ReadCloser, out io.WriteCloser) {
	defer in.Close()
	defer out.Close()
	sc := bufio.NewScanner(in)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var req struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
			Params struct {
				ProtocolVersion string `json:"protocolVersion"`
				Cursor          string `json:"cursor"`
				Name            string `json:"name"`
				URI             string `json:"uri"`
			} `json:"params"`
		}
		if json.Unmarshal(sc.Bytes(), &req) != nil || req.ID == nil {
			continue // a notification
		}
		result, rpcErr := "", ""
		switch req.Method {
		case "server/discover":
			rpcErr = `{"code":-32601,"message":"Method not found"}`
		case "initialize":
			v := req.Params.ProtocolVersion
			if !slices.Contains(s.speaks, v) {
				if s.refuse {
					rpcErr = `{"code":-32602,"message":"Unsupported protocol version"}`
					break
				}
				v = s.speaks[0]
			}
			result = `{"protocolVersion":"` + v + `","capabilities":{"tools":{},"resources":{}},"serverInfo":{"name":"scripted","version":"9"}}`
		case "tools/list":
			if req.Params.Cursor == "" {
				result = `{"tools":[{"name":"exact","inputSchema":` + exactSchema + `},{"name":"rejected","inputSchema":{"type":"object"}}],"nextCursor":"p2"}`
			} else {
				result = `{"tools":[{"name":"silent","inputSchema":{"type":"object"}},{"name":"failing","inputSchema":{"type":"object"}},{"name":"exact","inputSchema":{}}]}`
			}
		case "tools/call":
			if s.crash {
				return
			}
			switch req.Params.Name {
			case "exact":
				result = exactResult
			case "rejected":
				result = rejectedResult
			case "failing":
				rpcErr = `{"code":-32603,"message":"boom","data":{"trace":"x"}}`
			case "silent":
				continue
			default:
				rpcErr = `{"code":-32602,"message":"Unknown tool"}`
			}
		case "resources/list":
			result = `{"resources":[{"uri":"mem://b","name":"b"},{"uri":"mem://a","name":"a"},{"uri":"mem://a","name":"again"}]}`
		case "resources/read":
			if req.Params.URI == "mem://a" {
				result = readResult
			} else {
				rpcErr = `{"code":-32002,"message":"Resource not found"}`
			}
		default:
			rpcErr = `{"code":-32601,"message":"Method not found"}`
		}
		frame := `{"jsonrpc":"2.0","id":` + string(req.ID)
		if rpcErr != "" {
			frame += `,"error":` + rpcErr + "}\n"
		} else {
			frame += `,"result":` + result + "}\n"
		}
		if _, err := io.WriteString(out, frame); err != nil {
			return
		}
	}
}

// TestRunRawResults checks what the driver captures: the results byte for
// byte, JSON-RPC errors, a result the SDK refuses, a call that gets no
// answer, pages, and duplicates.
func TestRunRawResults(t *testing.T) {
	rec := &recorded{}
	rep, err := Run(context.Background(), Options{
		Transport: scripted{speaks: []string{"2025-06-18"}}.transport,
		Protocol:  "2025-06-18",
		Timeout:   300 * time.Millisecond,
	})
	if err != nil {
		t.Fatal(err)
	}
	_ = rec
	if rep.Error != "" || len(rep.Revisions) != 1 {
		t.Fatalf("error %q, %d revisions", rep.Error, len(rep.Revisions))
	}
	rr := rep.Revisions[0]
	if rr.Status != StatusChecked || rr.Server == nil || rr.Server.Name != "scripted" {
		t.Fatalf("revision %+v", rr)
	}
	byName := map[string]*CallReport{}
	var names []string
	for _, tr := range rr.Tools {
		names = append(names, tr.Name)
		if len(tr.Calls) != 1 {
			t.Fatalf("%s called %d times", tr.Name, len(tr.Calls))
		}
		byName[tr.Name] = tr.Calls[0]
	}
	if !reflect.DeepEqual(names, []string{"exact", "failing", "rejected", "silent"}) {
		t.Fatalf("tools %v", names)
	}
	if c := byName["exact"]; string(c.Result) != exactResult || c.Outcome != OutcomeResult || string(c.Arguments) != `{"n":3}` {
		t.Errorf("exact: result %s, outcome %s, arguments %s", c.Result, c.Outcome, c.Arguments)
	}
	if c := byName["failing"]; c.Result != nil || c.RPCError == nil || c.RPCError.Code != -32603 || c.RPCError.Message != "boom" || string(c.RPCError.Data) != `{"trace":"x"}` || c.Outcome != OutcomeRPCError {
		t.Errorf("failing: %+v %+v", c, c.RPCError)
	}
	if c := byName["rejected"]; string(c.Result) != rejectedResult || !slices.Contains(findingCodes(c.Findings), CodeClientRejected) {
		t.Errorf("rejected: result %s, findings %+v", c.Result, c.Findings)
	}
	if c := byName["silent"]; c.Outcome != OutcomeNoResponse || len(c.Findings) != 1 || c.Findings[0].Code != CodeNoResponse || c.Findings[0].Severity != "error" {
		t.Errorf("silent: outcome %s, findings %+v", c.Outcome, c.Findings)
	}
	if len(rr.Resources) != 2 || rr.Resources[0].URI != "mem://a" || string(rr.Resources[0].Result) != readResult ||
		rr.Resources[1].URI != "mem://b" || rr.Resources[1].RPCError == nil || rr.Resources[1].RPCError.Code != -32002 {
		t.Errorf("resources %+v", rr.Resources)
	}
	wantNotes := []string{
		`resources/list lists "mem://a" more than once: read once`,
		`tools/list lists tool "exact" more than once: called once`,
	}
	if !reflect.DeepEqual(rr.Notes, wantNotes) {
		t.Errorf("notes %q, want %q", rr.Notes, wantNotes)
	}
	if rep.Totals.Errors < 1 || rep.Totals.Warnings < 1 || rep.Totals.ToolCalls != 4 || rep.Totals.ResourceReads != 2 {
		t.Errorf("totals %+v", rep.Totals)
	}

	// The checks see the tool as listed and the call as made.
	rep, err = run(context.Background(), Options{
		Transport: scripted{speaks: []string{"2025-06-18"}}.transport,
		Protocol:  "2025-06-18",
		Timeout:   300 * time.Millisecond,
		Calls: map[string][]Call{
			"exact":  {{Arguments: json.RawMessage(`{"n":4}`), Valid: true}, {Arguments: json.RawMessage(`{"n":"x"}`), Note: "n is no integer"}},
			"silent": {},
			"absent": {{Arguments: json.RawMessage(`{}`), Valid: true}},
		},
	}, rec.checks())
	if err != nil {
		t.Fatal(err)
	}
	var exact []ToolCall
	for _, c := range rec.calls {
		if c.Tool.Name == "exact" {
			exact = append(exact, c)
		}
	}
	if len(exact) != 2 || string(exact[0].Tool.InputSchema) != exactSchema || exact[0].Tool.OutputSchema != nil ||
		string(exact[0].Arguments) != `{"n":4}` || !exact[0].ArgsValid || string(exact[0].Result) != exactResult || exact[0].Revision != "2025-06-18" ||
		string(exact[1].Arguments) != `{"n":"x"}` || exact[1].ArgsValid {
		t.Errorf("exact checked as %+v", exact)
	}
	rr = rep.Revisions[0]
	if c := rr.Tools[0].Calls; len(c) != 2 || c[1].Source != SourceCalls || c[1].Note != "n is no integer" || c[1].ArgsValid {
		t.Errorf("exact calls %+v", c)
	}
	if rr.Tools[3].Name != "silent" || len(rr.Tools[3].Calls) != 0 {
		t.Errorf("silent was called: %+v", rr.Tools[3])
	}
	if !slices.Contains(rr.Notes, `calls file: tool "absent" is not listed by the server: not called`) {
		t.Errorf("notes %q", rr.Notes)
	}
}

// TestRunRevisions checks revisions a server does not speak: skipped, with
// what it answered, and the report's error when it speaks none asked.
func TestRunRevisions(t *testing.T) {
	ctx := context.Background()
	rep, err := Run(ctx, Options{Transport: scripted{speaks: []string{"2025-03-26"}}.transport, Timeout: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, rr := range rep.Revisions {
		got = append(got, rr.Revision+" "+rr.Status+" "+rr.Reason)
	}
	want := []string{
		`2024-11-05 skipped server does not speak 2024-11-05 (it answered "2025-03-26")`,
		`2025-03-26 checked `,
		`2025-06-18 skipped server does not speak 2025-06-18 (it answered "2025-03-26")`,
		`2025-11-25 skipped server does not speak 2025-11-25 (it answered "2025-03-26")`,
		`2026-07-28 skipped server does not speak 2026-07-28 (it answered "2025-03-26")`,
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("revisions\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if rep.Error != "" || rep.Failed() || rep.Totals.RevisionsChecked != 1 || rep.Totals.RevisionsSkipped != 4 {
		t.Errorf("error %q, totals %+v", rep.Error, rep.Totals)
	}

	rep, err = Run(ctx, Options{Transport: scripted{speaks: []string{"2025-03-26"}, refuse: true}.transport, Protocol: "2025-11-25"})
	if err != nil {
		t.Fatal(err)
	}
	if rr := rep.Revisions[0]; rr.Status != StatusSkipped ||
		rr.Reason != "server does not speak 2025-11-25 (it refused initialize: JSON-RPC error -32602: Unsupported protocol version)" || rep.Error != rr.Reason || !rep.Failed() {
		t.Errorf("refused: %+v; error %q", rr, rep.Error)
	}
}

// TestRunConnectionLost checks a server that goes away during a call: the
// call gets no response, and the revision fails there.
func TestRunConnectionLost(t *testing.T) {
	rep, err := Run(context.Background(), Options{Transport: scripted{speaks: []string{"2025-06-18"}, crash: true}.transport})
	if err != nil {
		t.Fatal(err)
	}
	rr := rep.Revisions[2]
	if rr.Status != StatusFailed || !strings.HasPrefix(rr.Reason, `the connection was lost during tools/call "exact": `) || len(rep.Revisions) != 5 || !rep.Failed() {
		t.Fatalf("%d revisions; first %s: %s", len(rep.Revisions), rr.Status, rr.Reason)
	}
	if c := rr.Tools[0].Calls; len(c) != 1 || c[0].Outcome != OutcomeNoResponse || c[0].Findings[0].Code != CodeNoResponse {
		t.Errorf("calls %+v", c)
	}
	if len(rr.Tools) != 4 || len(rr.Tools[1].Calls) != 0 || len(rr.Resources) != 0 {
		t.Errorf("tools %d, resources %d", len(rr.Tools), len(rr.Resources))
	}
	if rep.Totals.RevisionsFailed != 1 || rep.Totals.RevisionsSkipped != 4 || rep.Totals.Errors != 1 {
		t.Errorf("totals %+v", rep.Totals)
	}
	if rep.Error != "" { // a session was made, and broke
		t.Errorf("error %q", rep.Error)
	}
}

// TestRunStdio runs the SDK server as a process (this test binary), and
// servers that cannot be started or exit at once.
func TestRunStdio(t *testing.T) {
	ctx := context.Background()
	t.Setenv("MCPRESULT_CHECK_TEST_SERVER", "1")
	rep, err := Run(ctx, Options{Stdio: []string{os.Args[0], "-test.run=^TestStdioServerProcess$"}, Protocol: "2025-11-25"})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Error != "" || len(rep.Revisions) != 1 || rep.Revisions[0].Status != StatusChecked || rep.Totals.ToolCalls != 2 || rep.Totals.ResourceReads != 1 {
		t.Fatalf("error %q, revisions %+v, totals %+v", rep.Error, rep.Revisions, rep.Totals)
	}
	if !strings.HasSuffix(rep.Target, " -test.run=^TestStdioServerProcess$") {
		t.Errorf("target %q", rep.Target)
	}

	rep, err = Run(ctx, Options{Stdio: []string{"/nonexistent/mcp-server", "--flag"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Revisions) != 1 || !strings.HasPrefix(rep.Error, "the server could not be started: ") || !rep.Failed() {
		t.Errorf("not started: error %q, %d revisions", rep.Error, len(rep.Revisions))
	}

	// A server that exits at once: tried once, not for every revision.
	rep, err = Run(ctx, Options{Stdio: []string{"sh", "-c", "echo 'cannot find module x' >&2; exit 3"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Revisions) != 1 || !strings.HasPrefix(rep.Error, "no session could be made with the server: initialize failed: ") ||
		!strings.Contains(rep.Error, "the server exited (exit status 3)") || !strings.Contains(rep.Error, "cannot find module x") {
		t.Errorf("exited: error %q", rep.Error)
	}

	// A server that says nothing: the timeout of initialize ends the run.
	start := time.Now()
	rep, err = Run(ctx, Options{Stdio: []string{"sleep", "30"}, Timeout: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Revisions) != 1 || rep.Error != "no session could be made with the server: the server did not answer initialize within 200ms" || time.Since(start) > 10*time.Second {
		t.Errorf("silent: error %q, %d revisions, %v", rep.Error, len(rep.Revisions), time.Since(start))
	}
}

// TestStdioServerProcess is the server of TestRunStdio, when this test
// binary runs as one.
func TestStdioServerProcess(t *testing.T) {
	if os.Getenv("MCPRESULT_CHECK_TEST_SERVER") != "1" {
		t.Skip("the server of TestRunStdio")
	}
	if err := sdkServer().Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		os.Exit(1)
	}
	os.Exit(0)
}

// TestRunHTTP checks every revision over Streamable HTTP, stateful and
// stateless, and that each request after initialize carries the negotiated
// revision's header. The SDK's stateful handler answers server/discover with
// an error, so its client falls back to 2025-11-25 for 2026-07-28.
func TestRunHTTP(t *testing.T) {
	for _, stateless := range []bool{false, true} {
		srv := sdkServer()
		handler := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, &mcp.StreamableHTTPOptions{Stateless: stateless})
		var mu sync.Mutex
		headers := map[string]bool{}
		ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodPost {
				mu.Lock()
				headers[r.Header.Get("Mcp-Protocol-Version")] = true
				mu.Unlock()
			}
			handler.ServeHTTP(w, r)
		}))
		rep, err := Run(context.Background(), Options{URL: ts.URL})
		ts.Close()
		if err != nil {
			t.Fatal(err)
		}
		checked := 5
		if !stateless {
			checked = 4
			if rr := rep.Revisions[4]; rr.Status != StatusSkipped || rr.Reason != `server does not speak 2026-07-28 (it answered "2025-11-25")` {
				t.Errorf("stateful 2026-07-28: %s %s", rr.Status, rr.Reason)
			}
		}
		if rep.Error != "" || rep.Totals.RevisionsChecked != checked || rep.Totals.ToolCalls != 2*checked {
			t.Fatalf("stateless %v: error %q, totals %+v", stateless, rep.Error, rep.Totals)
		}
		for _, rr := range rep.Revisions[:checked] {
			if res := string(rr.Tools[1].Calls[0].Result); !strings.Contains(res, `"revision":"`+rr.Revision+`"`) {
				t.Errorf("stateless %v: %s: the handler saw %s", stateless, rr.Revision, res)
			}
			if !headers[rr.Revision] {
				t.Errorf("stateless %v: %s: no request carried its MCP-Protocol-Version header (%v)", stateless, rr.Revision, headers)
			}
		}
	}
}

func TestRunOptions(t *testing.T) {
	ctx := context.Background()
	for _, o := range []Options{
		{},
		{Stdio: []string{"x"}, URL: "http://localhost"},
		{URL: "http://localhost", Protocol: "2023-01-01"},
		{URL: "http://localhost", Calls: map[string][]Call{"t": {{Arguments: json.RawMessage(`[1]`)}}}},
	} {
		if _, err := Run(ctx, o); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
}

func TestParseCalls(t *testing.T) {
	calls, err := ParseCalls([]byte(`{
		"forecast": [
			{"arguments": {"city": "Paris", "days": 2}},
			{"arguments": {"city": "Paris", "days": 0}, "valid": false, "note": "days below its minimum"},
			{}
		],
		"export": []
	}`))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]Call{
		"forecast": {
			{Arguments: json.RawMessage(`{"city":"Paris","days":2}`), Valid: true},
			{Arguments: json.RawMessage(`{"city":"Paris","days":0}`), Valid: false, Note: "days below its minimum"},
			{Arguments: json.RawMessage(`{}`), Valid: true},
		},
		"export": {},
	}
	if !reflect.DeepEqual(calls, want) {
		t.Errorf("calls %+v, want %+v", calls, want)
	}
	for _, tc := range []struct{ in, err string }{
		{`[]`, "a calls file is a JSON object"},
		{`{"a": {}}`, `tool "a": the calls are an array of objects`},
		{`{"a": null}`, `tool "a": the calls are an array of objects`},
		{`{"a": [1]}`, `tool "a", call 1: a call is an object`},
		{`{"a": [{"arguments": [1]}]}`, `tool "a", call 1: arguments is a JSON object`},
		{`{"a": [{"valid": "no"}]}`, `tool "a", call 1: valid is true or false`},
		{`{"a": [{"args": {}}]}`, `tool "a", call 1: unknown member "args"`},
		{`{"a": [], "a": []}`, `tool "a" is named twice`},
		{`{"a": []} {}`, "nothing after it"},
		{`{"a": [`, "the calls are an array"},
	} {
		if _, err := ParseCalls([]byte(tc.in)); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: error %v, want %q", tc.in, err, tc.err)
		}
	}
}

func TestByteSize(t *testing.T) {
	for _, tc := range []struct {
		n    int64
		want string
	}{
		{1, "1 byte"}, {1000, "1000 bytes"}, {1024, "1 KiB"}, {1536, "1536 bytes"}, {16 << 20, "16 MiB"}, {3 << 30, "3 GiB"}, {1<<20 + 1<<10, "1025 KiB"},
	} {
		if got := byteSize(tc.n); got != tc.want {
			t.Errorf("%d: %q, want %q", tc.n, got, tc.want)
		}
	}
}

// TestPrintable checks the names from a server as progress and notes show
// them: as they are when they hold nothing the printed text escapes
// (textesc.Text), quoted otherwise, and short.
func TestPrintable(t *testing.T) {
	for _, tc := range []struct {
		in, progress, note string
	}{
		{"forecast", "forecast", `"forecast"`},
		{"café ☀", "café ☀", `"café ☀"`},
		{"a\x1b[2Jb", `"a\x1b[2Jb"`, `"a\x1b[2Jb"`},
		{"rtl\u202etxt", `"rtl\u202etxt"`, `"rtl\u202etxt"`},
		{"bad\xffutf8", `"bad\xffutf8"`, `"bad\xffutf8"`},
		{"mark\u200fed", `"mark\u200fed"`, `"mark\u200fed"`},
		{"no\u00a0break", "no\u00a0break", `"no\u00a0break"`}, // escapes nothing
		{strings.Repeat("x", 200), strings.Repeat("x", 99) + "…", `"` + strings.Repeat("x", 99) + `…"`},
	} {
		if got := printable(tc.in); got != tc.progress {
			t.Errorf("printable(%q) = %q, want %q", tc.in, got, tc.progress)
		}
		if got := quoteName(tc.in); got != tc.note {
			t.Errorf("quoteName(%q) = %q, want %q", tc.in, got, tc.note)
		}
	}
}

// TestTapRepeats: the tap keeps the first answer to a request, and counts
// the answers after it (the same or not) and the responses for ids never
// sent, telling apart at most maxRepeatIDs ids.
func TestTapRepeats(t *testing.T) {
	tp := newTap()
	id := func(v any) jsonrpc.ID {
		if n, ok := v.(int64); ok {
			v = float64(n) // as JSON decodes it
		}
		i, err := jsonrpc.MakeID(v)
		if err != nil {
			t.Fatal(err)
		}
		return i
	}
	for _, n := range []int64{1, 2, 3} {
		tp.sent(&jsonrpc.Request{ID: id(n), Method: "tools/call"})
	}
	result := func(n any, res string) *jsonrpc.Response {
		return &jsonrpc.Response{ID: id(n), Result: json.RawMessage(res)}
	}
	for _, r := range []*jsonrpc.Response{
		result(int64(1), `{"first":true}`),
		result(int64(1), `{"first":true}`),  // the same again
		result(int64(2), `{"a":1}`),         //
		result(int64(2), `{"a":1}`),         // the same
		result(int64(2), `{"a":2}`),         // and another
		result("never", `{}`),               // an id never sent
		result(int64(1), `{"first":false}`), // the first again, different
	} {
		tp.received(r)
	}
	if got, ok := tp.take(id(int64(1))); !ok || string(got.Result) != `{"first":true}` {
		t.Errorf("the answer kept for 1: %+v", got)
	}
	if got, ok := tp.take(id(int64(2))); !ok || string(got.Result) != `{"a":1}` {
		t.Errorf("the answer kept for 2: %+v", got)
	}
	// Answered after the first was taken: still a repeat, nothing kept.
	tp.received(result(int64(2), `{"a":1}`))
	if _, ok := tp.take(id(int64(2))); ok {
		t.Error("a repeat after take is kept")
	}
	// 3 is answered late, once: no repeat.
	tp.received(result(int64(3), `{}`))
	ids, rs, dropped := tp.repeatedResponses()
	want := []struct {
		id      any
		n       int
		differs bool
		stray   bool
	}{{int64(1), 2, true, false}, {int64(2), 3, true, false}, {"never", 1, false, true}}
	if len(ids) != len(want) || dropped != 0 {
		t.Fatalf("ids %v, dropped %d", ids, dropped)
	}
	for i, w := range want {
		if ids[i] != id(w.id) || rs[i].n != w.n || rs[i].differs != w.differs || rs[i].stray != w.stray || !w.stray && rs[i].method != "tools/call" {
			t.Errorf("repeat %d: %v %+v, want %+v", i, ids[i], rs[i], w)
		}
	}

	// A flood of strays: the first maxRepeatIDs ids are told apart, the
	// others counted.
	tp = newTap()
	for i := range maxRepeatIDs + 50 {
		tp.received(result("s"+strconv.Itoa(i), `{}`))
		tp.received(result("s"+strconv.Itoa(i), `{}`))
	}
	ids, rs, dropped = tp.repeatedResponses()
	if len(ids) != maxRepeatIDs || rs[0].n != 2 || dropped != 100 {
		t.Errorf("%d ids, the first %+v, %d dropped", len(ids), rs[0], dropped)
	}
}

// TestTailBuffer: the end of a server's stderr that a reason quotes has its
// secrets redacted in the whole of what was kept (a private key's body
// included when its first line is among the lines left out), and, once the
// buffer has dropped bytes, not the line it cut into (which could be the
// end of a secret, no longer looking like one).
func TestTailBuffer(t *testing.T) {
	const token = "ghp_0123456789abcdefghijklmnopqrstuvwxyzAB"
	for _, tc := range []struct {
		name, written, want string
		max                 int
	}{
		{"lines", "a\n\nb\r\nc\n", "    a\n    b\n    c", 1 << 10},
		{"the last 5", "1\n2\n3\n4\n5\n6\n7\n", "    3\n    4\n    5\n    6\n    7", 1 << 10},
		{"a token", "auth with " + token + " failed\n", "    auth with [redacted] failed", 1 << 10},
		{"a key's body beyond the lines shown", "fatal:\n-----BEGIN PRIVATE KEY-----\nMIIE1\nMIIE2\nMIIE3\nMIIE4\nMIIE5\n-----END PRIVATE KEY-----\nbye\n", "    fatal:\n    [redacted]\n    bye", 1 << 10},
		{"a key's first line dropped", strings.Repeat("x", 40) + "\n-----BEGIN PRIVATE KEY-----\nMIIE1\nMIIE2\n-----END PRIVATE KEY-----\nbye\n", "    [redacted]\n    bye", 40},
		{"a token cut in two", "token " + token + "\nnext line\n", "    next line", 30},
		{"one line over the buffer", strings.Repeat("y", 100), "", 30},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := &tailBuffer{max: tc.max}
			for _, chunk := range strings.SplitAfter(tc.written, "\n") {
				b.Write([]byte(chunk))
			}
			if got := b.lastLines(5); got != tc.want {
				t.Errorf("%q, want %q", got, tc.want)
			}
		})
	}
}

// TestClipRedactsFirst: a name cut for a note or a progress message has its
// secrets redacted before the cut, so that no part of one is left; and
// before it is quoted, which would hide it from the redaction of what is
// printed.
func TestClipRedactsFirst(t *testing.T) {
	const token = "ghp_0123456789abcdefghijklmnopqrstuvwxyzAB"
	long := strings.Repeat("n", 90) + " " + token
	for _, got := range []string{clip(long, 100), quoteName(long), printable(long), shorten(long, 100), quoteName(`"password": "hunter22"`)} {
		if strings.Contains(got, "ghp_01") || strings.Contains(got, "abcdefghij") || strings.Contains(got, "hunter22") {
			t.Errorf("%q holds part of the secret", got)
		}
	}
	if got := quoteName("tool " + token); got != `"tool [redacted]"` {
		t.Errorf("quoteName: %s", got)
	}
}
