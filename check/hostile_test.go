package check

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"runtime/metrics"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode"
)

// A hostile server: a hand-written MCP server, over Streamable HTTP (an
// httptest server in the test's process) or over stdio (this test binary,
// run again as TestHostileStdioProcess), whose tools and resources do what
// no server should: a result that never ends, one of 200 MB, escape
// sequences and secrets in every string and every key, 100,000 tools,
// cursors that never end, a redirect to another origin, silence.

// hostileSecret is a token the leak checks recognize (a GitHub token); it is
// in every string and key of the hostile tool, and must be in no finding's
// message.
const hostileSecret = "ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"

// hostileEscapes are what a terminal would obey: a colour, clearing the
// screen, a hyperlink, setting the window title, a carriage return, a
// right-to-left override.
const hostileEscapes = "\x1b[31m\x1b[2J\x1b]8;;http://evil.example/\x1b\\\x1b]0;pwned\x07\r\u202e"

// hostileString is a string with both.
const hostileString = "evil" + hostileEscapes + " token " + hostileSecret

// hugeSize is the size of the huge result.
const hugeSize = 200 << 20

// hostile says what a hostile server lists and how it answers.
type hostile struct {
	Tools     []string // the tools listed (see answer for what each does)
	Fillers   int      // more tools, t000000…, each answered "ok"
	Resources []string // the resources listed
	// Schemas are the inputSchemas of tools, by name ({"type":"object"}
	// for a tool not named here).
	Schemas map[string]string
	// Cursors: "" lists everything on one page; "fresh" gives one tool per
	// page and a new cursor on every page, without end; "repeat" gives the
	// same cursor on every page.
	Cursors   string
	SSE       bool   // answer calls as event streams (HTTP)
	HugeInit  bool   // answer initialize with 200 MB
	BigSize   int64  // the size of the results of the tools big…
	Deaf      bool   // after tools/list, read nothing more and send pings without end (stdio)
	Elsewhere string // the URL "redirect" sends to (HTTP)
	Marker    string // a file written when a tools/call arrives (stdio)
	// SilentPing: never answer ping (which Run sends as each revision
	// ends); otherwise it is answered with an empty result.
	SilentPing bool
}

// hostileRequest is a JSON-RPC request to the hostile server.
type hostileRequest struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params struct {
		ProtocolVersion string `json:"protocolVersion"`
		Cursor          string `json:"cursor"`
		Name            string `json:"name"`
		URI             string `json:"uri"`
	} `json:"params"`
}

// errSilent is a request the server never answers.
var errSilent = errors.New("silent")

// answer writes the JSON-RPC response to req on w, as it goes: a huge or
// endless result is written in chunks, until w fails. It returns errSilent
// for a request it does not answer.
func (h *hostile) answer(ctx context.Context, w io.Writer, req *hostileRequest) error {
	head := `{"jsonrpc":"2.0","id":` + string(req.ID) + `,"result":`
	tail := `}`
	var result string
	switch req.Method {
	case "initialize":
		if h.HugeInit {
			return h.stream(ctx, w, head, hugeSize)
		}
		result = `{"protocolVersion":` + strconv.Quote(req.Params.ProtocolVersion) + `,"capabilities":{"tools":{},"resources":{}},"serverInfo":{"name":"hostile","version":"1"}}`
	case "tools/list":
		result = h.toolsPage(req.Params.Cursor)
	case "resources/list":
		var b strings.Builder
		b.WriteString(`{"resources":[`)
		for i, uri := range h.Resources {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(`{"uri":` + jsonString(uri) + `,"name":"r"}`)
		}
		b.WriteString(`]}`)
		result = b.String()
	case "tools/call", "resources/read":
		name := req.Params.Name + req.Params.URI
		if h.Marker != "" && req.Method == "tools/call" {
			os.WriteFile(h.Marker, []byte(name), 0o644)
		}
		switch {
		case req.Method == "tools/call" && strings.HasPrefix(name, ProbeUnknownTool):
			head = `{"jsonrpc":"2.0","id":` + string(req.ID) + `,"error":`
			result = `{"code":-32602,"message":"Unknown tool"}`
		case name == "silent":
			return errSilent
		case name == "endless" || name == "res://endless":
			return h.stream(ctx, w, head, -1)
		case name == "huge" || name == "res://huge":
			return h.stream(ctx, w, head, hugeSize)
		case strings.HasPrefix(name, "big"):
			return h.stream(ctx, w, head, h.BigSize)
		case name == "drip": // a result without end, a byte at a time
			if _, err := io.WriteString(w, head+`{"content":[{"type":"text","text":"`); err != nil {
				return err
			}
			for ctx.Err() == nil {
				if _, err := w.Write([]byte("a")); err != nil {
					return err
				}
				if f, ok := w.(interface{ Flush() error }); ok {
					f.Flush()
				}
				time.Sleep(5 * time.Millisecond)
			}
			return ctx.Err()
		case name == "blank": // whitespace without end, and never a message
			blank := bytes.Repeat([]byte(" \n"), 32<<10)
			for ctx.Err() == nil {
				if _, err := w.Write(blank); err != nil {
					return err
				}
			}
			return ctx.Err()
		case strings.HasPrefix(name, "evil") || strings.HasPrefix(name, "res://evil"):
			result = hostileResult(req.Method == "resources/read")
		default:
			result = `{"content":[{"type":"text","text":"ok"}]}`
		}
	case "ping":
		if h.SilentPing {
			return errSilent
		}
		result = `{}`
	default:
		head = `{"jsonrpc":"2.0","id":` + string(req.ID) + `,"error":`
		result = `{"code":-32601,"message":"Method not found"}`
	}
	_, err := io.WriteString(w, head+result+tail)
	return err
}

// toolsPage is a tools/list result.
func (h *hostile) toolsPage(cursor string) string {
	var b strings.Builder
	b.WriteString(`{"tools":[`)
	tool := func(name string) {
		if b.Len() > len(`{"tools":[`) {
			b.WriteByte(',')
		}
		if !strings.HasPrefix(name, "evil") {
			schema, ok := h.Schemas[name]
			if !ok {
				schema = `{"type":"object"}`
			}
			b.WriteString(`{"name":` + jsonString(name) + `,"inputSchema":` + schema + `}`)
			return
		}
		schema := `{"type":"object","properties":{` + jsonString(hostileString) + `:{"type":"string","default":` + jsonString(hostileString) + `}}}`
		b.WriteString(`{"name":` + jsonString(name) + `,"description":` + jsonString(hostileString) + `,"inputSchema":` + schema + `}`)
	}
	switch h.Cursors {
	case "fresh":
		n, _ := strconv.Atoi(strings.TrimPrefix(cursor, "c"))
		tool("t" + strconv.Itoa(n))
		b.WriteString(`],"nextCursor":"c` + strconv.Itoa(n+1) + `"}`)
		return b.String()
	case "repeat":
		tool("t" + cursor)
		b.WriteString(`],"nextCursor":"again"}`)
		return b.String()
	}
	for _, name := range h.Tools {
		tool(name)
	}
	for i := range h.Fillers {
		tool(fmt.Sprintf("t%06d", i))
	}
	b.WriteString(`]}`)
	return b.String()
}

// jsonString is s as a JSON string.
func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// hostileResult has escape sequences and the secret in every string and
// every key: text, structured content, _meta, an embedded resource.
func hostileResult(read bool) string {
	s := jsonString(hostileString)
	if read {
		return `{"contents":[{"uri":"res://evil","mimeType":"text/plain","text":` + s + `,"_meta":{` + s + `:` + s + `}}]}`
	}
	return `{"content":[{"type":"text","text":` + s + `},{"type":"resource","resource":{"uri":"res://evil","text":` + s + `}}],` +
		`"structuredContent":{` + s + `:[` + s + `,{` + s + `:` + s + `}]},"_meta":{` + s + `:` + s + `},"isError":true}`
}

// stream writes a text result of size bytes (-1: without end) in chunks
// until w fails or ctx ends.
func (h *hostile) stream(ctx context.Context, w io.Writer, head string, size int64) error {
	if _, err := io.WriteString(w, head+`{"content":[{"type":"text","text":"`); err != nil {
		return err
	}
	chunk := bytes.Repeat([]byte("a"), 64<<10)
	for sent := int64(0); size < 0 || sent < size; sent += int64(len(chunk)) {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if _, err := w.Write(chunk); err != nil {
			return err
		}
	}
	_, err := io.WriteString(w, `"}]}}`)
	return err
}

// ---------------------------------------------------------------- over HTTP

// hostileHTTP serves h as Streamable HTTP, stateless; sent counts the bytes
// of the response bodies it wrote.
type hostileHTTP struct {
	h    *hostile
	sent atomic.Int64
}

func (s *hostileHTTP) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/old" {
		http.Redirect(w, r, "/mcp", http.StatusTemporaryRedirect) // the same origin: followed
		return
	}
	if r.Method != http.MethodPost {
		http.Error(w, "only POST", http.StatusMethodNotAllowed)
		return
	}
	var req hostileRequest
	if json.NewDecoder(r.Body).Decode(&req) != nil {
		http.Error(w, "not JSON", http.StatusBadRequest)
		return
	}
	if req.ID == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	if req.Params.Name == "redirect" || r.URL.Path == "/everything-elsewhere" {
		http.Redirect(w, r, s.h.Elsewhere, http.StatusTemporaryRedirect)
		return
	}
	cw := &countingWriter{w: w, n: &s.sent}
	if req.Params.Name == "pings" { // requests to the client, without end
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(http.StatusOK)
		for i := 0; r.Context().Err() == nil; i++ {
			if _, err := fmt.Fprintf(cw, "event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":\"p%d\",\"method\":\"ping\"}\n\n", i); err != nil {
				return
			}
		}
		return
	}
	if s.h.SSE && (req.Method == "tools/call" || req.Method == "resources/read") {
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(http.StatusOK)
		if _, err := io.WriteString(cw, "event: message\ndata: "); err != nil {
			return
		}
		if err := s.h.answer(r.Context(), cw, &req); err == errSilent {
			<-r.Context().Done()
			return
		} else if err != nil {
			return
		}
		io.WriteString(cw, "\n\n")
		return
	}
	w.Header().Set("Content-Type", "application/json")
	if err := s.h.answer(r.Context(), cw, &req); err == errSilent {
		<-r.Context().Done()
	}
}

// countingWriter counts the bytes written through it.
type countingWriter struct {
	w io.Writer
	n *atomic.Int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n.Add(int64(n))
	return n, err
}

// Flush sends what was written.
func (c *countingWriter) Flush() error {
	return http.NewResponseController(c.w.(http.ResponseWriter)).Flush()
}

// elsewhere is a server of another origin that counts the requests it
// gets.
func elsewhere(t *testing.T) (*httptest.Server, *atomic.Int64) {
	var hits atomic.Int64
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"internal"}]}}`)
	}))
	t.Cleanup(ts.Close)
	return ts, &hits
}

// measure is what a run cost: its time, the bytes the test's process
// allocated meanwhile and the most its heap held at once (sampled every
// millisecond or so), beyond what it held before.
type measure struct {
	took     time.Duration
	alloc    uint64
	peak     uint64
	retained uint64 // the heap after the run and a collection: the report
}

func (m measure) String() string {
	return fmt.Sprintf("%v, %d MB allocated, a peak of %d MB in the heap, %d MB retained", m.took.Round(time.Millisecond), m.alloc>>20, m.peak>>20, m.retained>>20)
}

// heapBytes is the bytes of the heap's live and not yet swept objects.
func heapBytes() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// runMeasured runs Run and returns its report and what it cost (the
// check's client, and the in-process server's writes: a chunk reused).
func runMeasured(t *testing.T, o Options, ck ...checks) (*Report, measure) {
	t.Helper()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	base := heapBytes()
	var peak atomic.Uint64
	done := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			if h := heapBytes(); h > base && h-base > peak.Load() {
				peak.Store(h - base)
			}
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	start := time.Now()
	var c checks
	if len(ck) > 0 {
		c = ck[0]
	}
	rep, err := run(context.Background(), o, c)
	took := time.Since(start)
	close(done)
	<-sampled
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	var retained uint64
	if h := heapBytes(); h > base {
		retained = h - base
	}
	runtime.KeepAlive(rep)
	return rep, measure{took, after.TotalAlloc - before.TotalAlloc, peak.Load(), retained}
}

// hangGuard fails the test when a run took far longer than it may.
func hangGuard(t *testing.T, took, limit time.Duration) {
	t.Helper()
	if took > limit {
		t.Errorf("the run took %v, past its bound of %v by far", took, limit)
	}
}

// callsByTool is every call of a revision by tool name.
func callsByTool(rr *RevisionReport) map[string][]*CallReport {
	m := map[string][]*CallReport{}
	for _, tr := range rr.Tools {
		m[tr.Name] = tr.Calls
	}
	return m
}

// hasRevisionFinding reports a finding of the revision itself with the
// code, the severity the code has, and a message that begins with message.
func hasRevisionFinding(rr *RevisionReport, code Code, message string) bool {
	sev := Warning
	if code == CodeResultsNotKept {
		sev = Info
	}
	return slices.ContainsFunc(rr.Findings, func(f Finding) bool {
		return f.Code == code && f.Severity == sev && f.Path == "" && strings.HasPrefix(f.Message, message)
	})
}

// TestHostileHTTP runs Run against the hostile server over Streamable HTTP,
// its results as JSON bodies and as event streams: an endless result and a
// 200 MB one each give response_too_large, with the memory the check
// allocated well below what the server sent, and the session goes on (the
// tool after them is checked); a redirect to another origin is not followed.
func TestHostileHTTP(t *testing.T) {
	for _, sse := range []bool{false, true} {
		t.Run(map[bool]string{false: "json", true: "sse"}[sse], func(t *testing.T) {
			other, hits := elsewhere(t)
			srv := &hostileHTTP{h: &hostile{
				Tools:     []string{"endless", "huge", "ok", "redirect"},
				Resources: []string{"res://endless", "res://huge"},
				SSE:       sse,
				Elsewhere: other.URL + "/internal",
			}}
			ts := httptest.NewServer(srv)
			defer ts.Close()
			rep, m := runMeasured(t, Options{URL: ts.URL + "/mcp", Protocol: "2025-06-18", Timeout: 20 * time.Second, Deadline: time.Minute})
			t.Logf("%v; the server sent %d MB", m, srv.sent.Load()>>20)
			hangGuard(t, m.took, 2*time.Minute)
			if rep.Error != "" || len(rep.Revisions) != 1 || rep.Revisions[0].Status != StatusChecked {
				t.Fatalf("error %q, revisions %s", rep.Error, revisionStates(rep))
			}
			rr := rep.Revisions[0]
			calls := callsByTool(rr)
			for _, name := range []string{"endless", "huge"} {
				if c := calls[name]; len(c) != 1 || c[0].Outcome != OutcomeTooLarge || !hasCode(c[0].Findings, CodeResponseTooLarge) || c[0].Result != nil {
					t.Errorf("%s: %+v", name, c)
				}
			}
			if c := calls["ok"]; len(c) != 1 || c[0].Outcome != OutcomeResult {
				t.Errorf("ok after them: %+v", c)
			}
			if c := calls["redirect"]; len(c) != 1 || c[0].Outcome != OutcomeNoResponse || !hasCode(c[0].Findings, CodeRedirectRefused) {
				t.Errorf("redirect: %+v", c)
			}
			if hits.Load() != 0 {
				t.Errorf("the other origin got %d requests", hits.Load())
			}
			for _, res := range rr.Resources {
				if res.Outcome != OutcomeTooLarge || !hasCode(res.Findings, CodeResponseTooLarge) {
					t.Errorf("resource %s: %s %v", res.URI, res.Outcome, res.Findings)
				}
			}
			// Four responses cut at 16 MiB: the check holds one at a time,
			// a copy or two of it, and garbage not yet collected.
			if limit := uint64(6 * DefaultMaxResponseBytes); m.peak > limit {
				t.Errorf("a peak of %d MB in the heap, want at most %d MB", m.peak>>20, limit>>20)
			}
			if sent := srv.sent.Load(); sent > 2*hugeSize {
				t.Errorf("the server could send %d MB", sent>>20)
			}
		})
	}
}

// TestHostileHTTPLimit checks a limit of 1 MiB, over JSON bodies and
// event streams: the memory follows it.
func TestHostileHTTPLimit(t *testing.T) {
	for _, sse := range []bool{false, true} {
		srv := &hostileHTTP{h: &hostile{Tools: []string{"endless", "huge", "ok"}, SSE: sse}}
		ts := httptest.NewServer(srv)
		rep, m := runMeasured(t, Options{URL: ts.URL, Protocol: "2025-06-18", MaxResponseBytes: 1 << 20})
		ts.Close()
		t.Logf("sse %v: %v", sse, m)
		calls := callsByTool(rep.Revisions[0])
		for _, name := range []string{"endless", "huge"} {
			if c := calls[name]; len(c) != 1 || c[0].Outcome != OutcomeTooLarge ||
				c[0].Findings[0].Message != "the response is over 1 MiB, the limit of a response: it was not read past the limit, nor checked" {
				t.Errorf("sse %v: %s: %+v", sse, name, c)
			}
		}
		if c := calls["ok"]; len(c) != 1 || c[0].Outcome != OutcomeResult {
			t.Errorf("sse %v: ok: %+v", sse, c)
		}
		if m.peak > 16<<20 {
			t.Errorf("sse %v: a peak of %d MB in the heap with a limit of 1 MiB", sse, m.peak>>20)
		}
	}

	// initialize answered with 200 MB: no session.
	ts := httptest.NewServer(&hostileHTTP{h: &hostile{HugeInit: true}})
	defer ts.Close()
	rep, m := runMeasured(t, Options{URL: ts.URL, Protocol: "2025-06-18", MaxResponseBytes: 1 << 20})
	if want := "no session could be made with the server: the answer to initialize is over 1 MiB, the limit of a response (response_too_large)"; rep.Error != want || m.peak > 16<<20 {
		t.Errorf("error %q, want %q; %v", rep.Error, want, m)
	}
}

// TestHostileDrip checks results that never end but come slowly, far
// below the byte limit: one that drips a byte at a time, and an event
// stream of requests to the client (pings) without end. The request's
// timeout ends each, and the session goes on.
func TestHostileDrip(t *testing.T) {
	for _, tc := range []struct {
		tool string
		sse  bool
	}{{"drip", false}, {"drip", true}, {"pings", true}} {
		srv := &hostileHTTP{h: &hostile{Tools: []string{tc.tool, "ok"}, SSE: tc.sse}}
		ts := httptest.NewServer(srv)
		rep, m := runMeasured(t, Options{URL: ts.URL, Protocol: "2025-06-18", Timeout: time.Second})
		ts.Close()
		t.Logf("%s, sse %v: %v", tc.tool, tc.sse, m)
		hangGuard(t, m.took, time.Minute)
		calls := callsByTool(rep.Revisions[0])
		if c := calls[tc.tool]; len(c) != 1 || c[0].Outcome != OutcomeNoResponse || c[0].Findings[0].Message != "no answer within 1s" {
			t.Errorf("%s, sse %v: %+v", tc.tool, tc.sse, c)
		}
		if c := calls["ok"]; len(c) != 1 || c[0].Outcome != OutcomeResult {
			t.Errorf("%s, sse %v: ok: %+v", tc.tool, tc.sse, c)
		}
		if sent := srv.sent.Load(); sent < 150 {
			t.Errorf("%s, sse %v: the server sent %d bytes: the body did not come", tc.tool, tc.sse, sent)
		}
		// The peak depends on when the collector runs (64-73 MB seen without
		// the race detector); without the bounds it was gigabytes.
		if m.peak > 160<<20 {
			t.Errorf("%s, sse %v: a peak of %d MB in the heap", tc.tool, tc.sse, m.peak>>20)
		}
	}
}

// TestHostileKept checks many results each within the byte limit: the
// report keeps them up to MaxKeptBytes, what it holds follows that bound,
// not their number, and the revision says so (results_not_kept, info).
func TestHostileKept(t *testing.T) {
	var tools []string
	for i := range 30 {
		tools = append(tools, fmt.Sprintf("big%02d", i))
	}
	srv := &hostileHTTP{h: &hostile{Tools: tools, BigSize: 1 << 20}}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	checked := 0
	rep, m := runMeasured(t, Options{URL: ts.URL, Protocol: "2025-06-18", MaxKeptBytes: 4 << 20},
		// The checks of a 1 MiB text take more memory than the report does:
		// none here.
		checks{tool: func(c ToolCall) []Finding {
			if len(c.Result) > 1<<20 {
				checked++
			}
			return nil
		}})
	t.Logf("30 results of 1 MiB: %v", m)
	rr := rep.Revisions[0]
	kept := 0
	for _, tr := range rr.Tools {
		if c := tr.Calls[0]; c.Result != nil {
			kept++
		} else if c.Outcome != OutcomeResult {
			t.Errorf("%s: %s", tr.Name, c.Outcome)
		}
	}
	if checked != 30 {
		t.Errorf("%d results checked", checked)
	}
	if kept != 3 || !hasRevisionFinding(rr, CodeResultsNotKept, "the report keeps at most 4 MiB of results: 27 checked after that are not in it") ||
		len(rr.Findings) != 1 || rep.Totals.Infos != 1 || rep.Totals.Warnings != 0 || len(rr.Notes) != 0 {
		t.Errorf("%d results kept, totals %+v, findings:%s\nnotes %q", kept, rep.Totals, dump(rr.Findings), rr.Notes)
	}
	if m.retained > 8<<20 {
		t.Errorf("the report holds %d MB: 30 MB of results, 4 MiB kept", m.retained>>20)
	}
}

// TestHostileInputSchemas checks that what making a tool's arguments could
// not do is in the report of a live run, with the call it is about: a
// schema that requires itself twice (no finite instance) gives
// arguments_not_generated, a pattern arguments_incomplete; a tool the
// calls file names gets neither.
func TestHostileInputSchemas(t *testing.T) {
	const (
		selfTwice = `{"type":"object","required":["a","b"],"properties":{"a":{"$ref":"#"},"b":{"$ref":"#"}}}`
		pattern   = `{"type":"object","required":["p"],"properties":{"p":{"type":"string","pattern":"^[0-9]{4}$"}}}`
		plain     = `{"type":"object","required":["s"],"properties":{"s":{"type":"string"}}}`
	)
	cases := []struct {
		tool, schema string
		source       string
		want         []Code // the codes of the arguments' findings
		totalsWarn   int    // the warnings they add
	}{
		{"self-twice", selfTwice, SourceGeneratedPartial, []Code{CodeArgumentsNotGenerated}, 1},
		{"pattern", pattern, SourceGeneratedPartial, []Code{CodeArgumentsIncomplete}, 0},
		{"plain", plain, SourceGenerated, nil, 0},
		{"self-twice-called", selfTwice, SourceCalls, nil, 0},
	}
	h := &hostile{Schemas: map[string]string{}}
	for _, c := range cases {
		h.Tools = append(h.Tools, c.tool)
		h.Schemas[c.tool] = c.schema
	}
	srv := &hostileHTTP{h: h}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	rep, m := runMeasured(t, Options{URL: ts.URL, Protocol: "2025-06-18",
		Calls: map[string][]Call{"self-twice-called": {{Arguments: json.RawMessage(`{}`), Valid: false}}}})
	hangGuard(t, m.took, time.Minute)
	if rep.Error != "" || len(rep.Revisions) != 1 || rep.Revisions[0].Status != StatusChecked {
		t.Fatalf("error %q, revisions %s", rep.Error, revisionStates(rep))
	}
	rr := rep.Revisions[0]
	calls := callsByTool(rr)
	warnings := 0
	for _, c := range cases {
		t.Run(c.tool, func(t *testing.T) {
			cs := calls[c.tool]
			if len(cs) != 1 || cs[0].Source != c.source || cs[0].Outcome != OutcomeResult {
				t.Fatalf("calls %+v", cs)
			}
			var got []Code
			for _, f := range cs[0].Findings {
				if f.Code == CodeArgumentsNotGenerated || f.Code == CodeArgumentsIncomplete {
					got = append(got, f.Code)
					if f.Path != "" || f.Severity != map[Code]Severity{CodeArgumentsNotGenerated: Warning, CodeArgumentsIncomplete: Info}[f.Code] {
						t.Errorf("finding %+v", f)
					}
				}
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("codes %v, want %v:%s", got, c.want, dump(cs[0].Findings))
			}
			// The call's own checks still ran.
			if !hasCode(cs[0].Findings, CodeResultSize) {
				t.Errorf("no result_size:%s", dump(cs[0].Findings))
			}
		})
		warnings += c.totalsWarn
	}
	// The findings of the arguments count like any other, and are printed.
	if rep.Totals.Warnings < warnings {
		t.Errorf("totals %+v, want at least %d warnings", rep.Totals, warnings)
	}
	var out bytes.Buffer
	if err := rep.WriteText(&out, false); err != nil {
		t.Fatal(err)
	}
	if want := "warning arguments_not_generated: no arguments that conform to the tool's inputSchema could be made:"; !strings.Contains(out.String(), want) {
		t.Errorf("the text report lacks %q:\n%s", want, out.String())
	}
	out.Reset()
	if err := rep.WriteJSON(&out); err != nil || !strings.Contains(out.String(), `"code":"arguments_not_generated"`) {
		t.Errorf("the JSON report (%v) lacks arguments_not_generated", err)
	}
}

// TestHostileRedirect checks redirects over HTTP: one within the origin is
// followed; one of initialize to another origin is not, and no session is
// made.
func TestHostileRedirect(t *testing.T) {
	other, hits := elsewhere(t)
	srv := &hostileHTTP{h: &hostile{Tools: []string{"ok"}, Elsewhere: other.URL + "/mcp"}}
	ts := httptest.NewServer(srv)
	defer ts.Close()

	rep, _ := runMeasured(t, Options{URL: ts.URL + "/old", Protocol: "2025-06-18"})
	if rep.Error != "" || len(rep.Revisions[0].Tools) != 1 {
		t.Errorf("same origin: error %q, revisions %s", rep.Error, revisionStates(rep))
	}

	rep, _ = runMeasured(t, Options{URL: ts.URL + "/everything-elsewhere", Protocol: "2025-06-18"})
	if !strings.Contains(rep.Error, "the server redirected the request to another origin ("+other.URL+"): not followed") || !rep.Failed() {
		t.Errorf("error %q", rep.Error)
	}
	if hits.Load() != 0 {
		t.Errorf("the other origin got %d requests", hits.Load())
	}
	for _, to := range []string{"https://" + strings.TrimPrefix(ts.URL, "http://"), "http://localhost:" + ts.URL[strings.LastIndexByte(ts.URL, ':')+1:]} {
		if err := checkRedirect(mustRequest(t, to), []*http.Request{mustRequest(t, ts.URL)}); err == nil {
			t.Errorf("%s: followed from %s", to, ts.URL)
		}
	}
	if err := checkRedirect(mustRequest(t, "http://example.com:80/b"), []*http.Request{mustRequest(t, "http://example.com/a")}); err != nil {
		t.Errorf("same origin, port made explicit: %v", err)
	}
}

func mustRequest(t *testing.T, u string) *http.Request {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		t.Fatal(err)
	}
	return req
}

// TestHostileLists checks the bounds of lists: 100,000 tools (the first
// 1,000 called, in linear time: the same tools listed with none called
// take well under a second), cursors that are new on every page (100 pages)
// and a cursor given again.
func TestHostileLists(t *testing.T) {
	srv := &hostileHTTP{h: &hostile{Fillers: 100_000}}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	rep, m := runMeasured(t, Options{URL: ts.URL, Protocol: "2025-06-18", Deadline: 2 * time.Minute})
	t.Logf("100,000 tools, 1,000 called: %v", m)
	hangGuard(t, m.took, 2*time.Minute)
	rr := rep.Revisions[0]
	if len(rr.Tools) != DefaultMaxTools || rep.Totals.ToolCalls != DefaultMaxTools || rr.Tools[0].Name != "t000000" || rr.Tools[999].Name != "t000999" {
		t.Errorf("%d tools, %d calls", len(rr.Tools), rep.Totals.ToolCalls)
	}
	if !hasRevisionFinding(rr, CodeTooManyTools, "tools/list lists more than 1000 tools: the first 1000 listed are called, the others are not") ||
		len(rr.Findings) != 1 || rep.Totals.Warnings != 1 || len(rr.Notes) != 0 {
		t.Errorf("findings:%s\nnotes %q, totals %+v", dump(rr.Findings), rr.Notes, rep.Totals)
	}

	// Every tool kept, none called: listing, duplicates and lookups only.
	none := map[string][]Call{}
	for i := range 100_000 {
		none[fmt.Sprintf("t%06d", i)] = []Call{}
	}
	none["absent"] = []Call{}
	rep, m = runMeasured(t, Options{URL: ts.URL, Protocol: "2025-06-18", MaxTools: 200_000, Calls: none})
	t.Logf("100,000 tools listed, none called: %v", m)
	hangGuard(t, m.took, time.Minute)
	if rr := rep.Revisions[0]; len(rr.Tools) != 100_000 || rep.Totals.ToolCalls != 0 || !slices.Contains(rr.Notes, `calls file: tool "absent" is not listed by the server: not called`) {
		t.Errorf("%d tools, %d calls, %d notes", len(rr.Tools), rep.Totals.ToolCalls, len(rr.Notes))
	}

	for _, tc := range []struct {
		name     string
		h        hostile
		maxBytes int64
		tools    int
		code     Code
		message  string
	}{
		{"fresh cursors", hostile{Cursors: "fresh"}, 0, DefaultMaxPages, CodeTooManyPages, "tools/list has more than 100 pages: stopped listing"},
		{"a cursor repeated", hostile{Cursors: "repeat"}, 0, 2, CodeCursorRepeated, "tools/list gave a cursor it had given before: stopped listing"},
		{"a page over the limit", hostile{Fillers: 100_000}, 1 << 20, 0, CodeListTooLarge, "tools/list is over 1 MiB, the limit of a response: stopped listing"},
	} {
		srv := &hostileHTTP{h: &tc.h}
		ts := httptest.NewServer(srv)
		rep, m := runMeasured(t, Options{URL: ts.URL, Protocol: "2025-06-18", MaxResponseBytes: tc.maxBytes})
		ts.Close()
		t.Logf("%s: %v", tc.name, m)
		hangGuard(t, m.took, time.Minute)
		rr := rep.Revisions[0]
		if rep.Error != "" || len(rr.Tools) != tc.tools || !hasRevisionFinding(rr, tc.code, tc.message) || len(rr.Findings) != 1 ||
			rep.Totals.Warnings != 1 || len(rr.Notes) != 0 {
			t.Errorf("%s: error %q, %d tools, totals %+v, findings:%s\nnotes %q", tc.name, rep.Error, len(rr.Tools), rep.Totals, dump(rr.Findings), rr.Notes)
		}
	}
	// Resources past their bound.
	var uris []string
	for i := range 60 {
		uris = append(uris, fmt.Sprintf("res://r%02d", i))
	}
	ts3 := httptest.NewServer(&hostileHTTP{h: &hostile{Resources: append(uris, uris[0])}})
	defer ts3.Close()
	rep, _ = runMeasured(t, Options{URL: ts3.URL, Protocol: "2025-06-18", MaxResources: 50})
	if rr := rep.Revisions[0]; len(rr.Resources) != 50 || rr.Resources[49].URI != "res://r49" ||
		!hasRevisionFinding(rr, CodeTooManyResources, "resources/list lists more than 50 resources: the first 50 listed are read, the others are not") {
		t.Errorf("%d resources, findings:%s", len(rr.Resources), dump(rr.Findings))
	}

	// A smaller bound of pages and of tools.
	srv = &hostileHTTP{h: &hostile{Cursors: "fresh"}}
	ts2 := httptest.NewServer(srv)
	defer ts2.Close()
	rep, _ = runMeasured(t, Options{URL: ts2.URL, Protocol: "2025-06-18", MaxPages: 500, MaxTools: 7})
	if rr := rep.Revisions[0]; len(rr.Tools) != 7 || !hasRevisionFinding(rr, CodeTooManyTools, "tools/list lists more than 7 tools") {
		t.Errorf("%d tools, findings:%s", len(rr.Tools), dump(rr.Findings))
	}
}

// TestHostileStrings checks a tool and a resource with escape sequences and
// a secret in every string and key: the run completes, its progress, notes
// and reports escape them, and no finding's message repeats the secret.
func TestHostileStrings(t *testing.T) {
	srv := &hostileHTTP{h: &hostile{
		Tools:     []string{hostileString, hostileString, "evil2" + hostileEscapes},
		Resources: []string{"res://evil" + hostileEscapes},
	}}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	var progress []string
	rep, _ := runMeasured(t, Options{URL: ts.URL, Protocol: "2025-06-18", Progress: func(s string) { progress = append(progress, s) }})
	if rep.Error != "" || rep.Totals.ToolCalls != 2 || rep.Totals.ResourceReads != 1 {
		t.Fatalf("error %q, totals %+v, %s", rep.Error, rep.Totals, revisionStates(rep))
	}
	for _, s := range append(progress, rep.Revisions[0].Notes...) {
		if i := strings.IndexFunc(s, func(r rune) bool { return !unicode.IsPrint(r) }); i >= 0 {
			t.Errorf("a control character in %q", s)
		}
	}
	leaks := 0
	each := func(fs []Finding) {
		for _, f := range fs {
			if strings.Contains(f.Message, hostileSecret) {
				t.Errorf("%s repeats the secret: %q", f.Code, f.Message)
			}
			if f.Code == CodeErrorLeaksSecret {
				leaks++
			}
		}
	}
	for _, tr := range rep.Revisions[0].Tools {
		for _, c := range tr.Calls {
			each(c.Findings)
		}
	}
	for _, res := range rep.Revisions[0].Resources {
		each(res.Findings)
	}
	if leaks < 3 {
		t.Errorf("%d error_leaks_secret findings, want one per call and read", leaks)
	}
	var out bytes.Buffer
	if err := rep.WriteJSON(&out); err != nil || !json.Valid(out.Bytes()) || bytes.Contains(out.Bytes(), []byte("\x1b")) {
		t.Errorf("JSON report: %v", err)
	}
	out.Reset()
	if err := rep.WriteText(&out, false); err != nil || strings.ContainsFunc(out.String(), func(r rune) bool { return r != '\n' && !unicode.IsPrint(r) }) {
		t.Errorf("text report (%v):\n%q", err, out.String())
	}
}

// TestHostileDeadline checks the run's deadline: a tool that never answers
// (with a request timeout longer than the deadline) is cut short, and the
// report says so and keeps what came before.
func TestHostileDeadline(t *testing.T) {
	srv := &hostileHTTP{h: &hostile{Tools: []string{"a", "silent", "z"}}}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	rep, m := runMeasured(t, Options{URL: ts.URL, Timeout: time.Minute, Deadline: 500 * time.Millisecond})
	hangGuard(t, m.took, 30*time.Second)
	if rep.Error != "cut short: the run's deadline (500ms) passed" || !rep.Failed() || len(rep.Revisions) != 1 {
		t.Fatalf("error %q, revisions %s", rep.Error, revisionStates(rep))
	}
	calls := callsByTool(rep.Revisions[0])
	if c := calls["a"]; len(c) != 1 || c[0].Outcome != OutcomeResult {
		t.Errorf("a: %+v", c)
	}
	if c := calls["silent"]; len(c) != 1 || c[0].Outcome != OutcomeNoResponse || !hasCode(c[0].Findings, CodeCutShort) {
		t.Errorf("silent: %+v", c)
	}
	if c := calls["z"]; len(c) != 0 {
		t.Errorf("z called after the deadline: %+v", c)
	}

	// Interrupted: the caller's context ends.
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel)
	rep, err := Run(ctx, Options{URL: ts.URL, Timeout: time.Minute})
	if err != nil || rep.Error != "interrupted" || !hasCode(callsByTool(rep.Revisions[0])["silent"][0].Findings, CodeCutShort) {
		t.Errorf("interrupted: %v, error %q", err, rep.Error)
	}
}

// ---------------------------------------------------------------- over stdio

// TestHostileStdio runs Run against the hostile server over stdio: a 200 MB
// result and an endless one each give response_too_large without the check
// holding them (the 200 MB one is read to its end and the session goes
// on; the endless one ends the session once the next request finds it still
// coming), whitespace without end is dropped as it comes, 100,000 tools and
// fresh cursors are bounded, and the run ends within its deadline.
func TestHostileStdio(t *testing.T) {
	for _, tc := range []struct {
		name  string
		h     hostile
		check func(t *testing.T, rep *Report)
	}{
		{"huge", hostile{Tools: []string{"huge", "ok"}, Resources: []string{"res://huge"}}, func(t *testing.T, rep *Report) {
			rr := rep.Revisions[0]
			calls := callsByTool(rr)
			if rep.Error != "" || rr.Status != StatusChecked || calls["huge"][0].Outcome != OutcomeTooLarge || calls["ok"][0].Outcome != OutcomeResult ||
				len(rr.Resources) != 1 || rr.Resources[0].Outcome != OutcomeTooLarge {
				t.Errorf("error %q, %s, calls %+v %+v, resources %+v", rep.Error, revisionStates(rep), calls["huge"], calls["ok"], rr.Resources)
			}
		}},
		{"endless", hostile{Tools: []string{"endless", "ok"}}, func(t *testing.T, rep *Report) {
			rr := rep.Revisions[0]
			calls := callsByTool(rr)
			if c := calls["endless"]; len(c) != 1 || c[0].Outcome != OutcomeTooLarge || !hasCode(c[0].Findings, CodeResponseTooLarge) {
				t.Errorf("endless: %+v", c)
			}
			if rr.Status != StatusFailed || !strings.Contains(rr.Reason, "still sending a message over the byte limit") {
				t.Errorf("%s: %s", rr.Status, rr.Reason)
			}
		}},
		{"tools", hostile{Fillers: 100_000}, func(t *testing.T, rep *Report) {
			if rr := rep.Revisions[0]; len(rr.Tools) != DefaultMaxTools || !hasRevisionFinding(rr, CodeTooManyTools, "tools/list lists more than 1000 tools") {
				t.Errorf("%d tools, findings:%s", len(rr.Tools), dump(rr.Findings))
			}
		}},
		{"blank", hostile{Tools: []string{"blank"}}, func(t *testing.T, rep *Report) {
			if c := callsByTool(rep.Revisions[0])["blank"]; len(c) != 1 || c[0].Outcome != OutcomeNoResponse || !hasCode(c[0].Findings, CodeNoResponse) {
				t.Errorf("blank: %+v", c)
			}
		}},
		{"deaf", hostile{Tools: []string{"ok"}, Deaf: true}, func(t *testing.T, rep *Report) {
			rr := rep.Revisions[0]
			if c := callsByTool(rr)["ok"]; len(c) != 1 || c[0].Outcome != OutcomeNoResponse || rr.Status != StatusFailed {
				t.Errorf("%s (%s), ok: %+v", rr.Status, rr.Reason, c)
			}
		}},
		{"fresh", hostile{Cursors: "fresh"}, func(t *testing.T, rep *Report) {
			if rr := rep.Revisions[0]; len(rr.Tools) != DefaultMaxPages || !hasRevisionFinding(rr, CodeTooManyPages, "tools/list has more than 100 pages") {
				t.Errorf("%d tools, findings:%s", len(rr.Tools), dump(rr.Findings))
			}
		}},
		{"silent ping", hostile{Tools: []string{"ok"}, SilentPing: true}, func(t *testing.T, rep *Report) {
			// The revision is checked; a note says that answers after the
			// last call were not looked at for repeats.
			rr := rep.Revisions[0]
			if rr.Status != StatusChecked || rep.Totals.Errors+rep.Totals.Warnings != 0 ||
				!slices.Contains(rr.Notes, "ping got no answer within 2s: answers the server sent after that were not looked at for repeats (duplicate_response)") {
				t.Errorf("%s, totals %+v, notes %q", revisionStates(rep), rep.Totals, rr.Notes)
			}
		}},
		{"strings", hostile{Tools: []string{hostileString}}, func(t *testing.T, rep *Report) {
			if rep.Error != "" || rep.Totals.ToolCalls != 1 || !hasCode(rep.Revisions[0].Tools[0].Calls[0].Findings, CodeErrorLeaksSecret) {
				t.Errorf("error %q, totals %+v", rep.Error, rep.Totals)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Short where a request is left unanswered; long enough to read
			// 200 MB, or 100,000 tools, under the race detector.
			timeout := 2 * time.Second
			if tc.name == "huge" || tc.name == "tools" {
				timeout = 30 * time.Second
			}
			config, _ := json.Marshal(tc.h)
			t.Setenv("MCPRESULT_HOSTILE_STDIO", string(config))
			rep, m := runMeasured(t, Options{
				Stdio:    []string{os.Args[0], "-test.run=^TestHostileStdioProcess$"},
				Protocol: "2025-06-18",
				Timeout:  timeout,
				Deadline: time.Minute,
			})
			t.Log(m)
			hangGuard(t, m.took, 2*time.Minute)
			if len(rep.Revisions) != 1 {
				t.Fatalf("error %q, revisions %s", rep.Error, revisionStates(rep))
			}
			tc.check(t, rep)
			// The peak depends on when the collector runs (up to 132 MB seen
			// for a server that reads nothing); without the bounds it was 4 GB.
			if limit := uint64(16 * DefaultMaxResponseBytes); m.peak > limit {
				t.Errorf("a peak of %d MB in the heap, want at most %d MB", m.peak>>20, limit>>20)
			}
		})
	}
}

// TestHostileStdioProcess is the hostile server over stdio, when this test
// binary runs as one: its configuration (a hostile, as JSON) in
// MCPRESULT_HOSTILE_STDIO.
func TestHostileStdioProcess(t *testing.T) {
	config := os.Getenv("MCPRESULT_HOSTILE_STDIO")
	if config == "" {
		t.Skip("the server of TestHostileStdio")
	}
	var h hostile
	if err := json.Unmarshal([]byte(config), &h); err != nil {
		os.Exit(2)
	}
	serveHostileStdio(&h, os.Stdin, os.Stdout)
	os.Exit(0)
}

// serveHostileStdio answers newline-delimited requests from in on out until
// in ends or out fails.
func serveHostileStdio(h *hostile, in io.Reader, out io.Writer) {
	r := bufio.NewReaderSize(in, 1<<20)
	w := bufio.NewWriterSize(out, 1<<20)
	var mu sync.Mutex
	for {
		line, err := r.ReadBytes('\n')
		if err != nil {
			return
		}
		var req hostileRequest
		if json.Unmarshal(line, &req) != nil || req.ID == nil {
			continue
		}
		mu.Lock()
		err = h.answer(context.Background(), w, &req)
		if err == nil {
			w.WriteByte('\n')
			err = w.Flush()
		}
		mu.Unlock()
		if err != nil && err != errSilent {
			return
		}
		if h.Deaf && req.Method == "tools/list" {
			// The client answers each ping on stdin, which nobody reads:
			// its writes fill the pipe and block.
			for i := 0; ; i++ {
				if _, err := fmt.Fprintf(w, `{"jsonrpc":"2.0","id":"p%d","method":"ping"}`+"\n", i); err != nil {
					return
				}
				if i%1000 == 0 && w.Flush() != nil {
					return
				}
			}
		}
	}
}

// TestHostileHTTPProcess serves the hostile server over HTTP on the address
// in MCPRESULT_HOSTILE_HTTP (its configuration in MCPRESULT_HOSTILE_CONFIG),
// until it is stopped: to measure a build of the command against it.
func TestHostileHTTPProcess(t *testing.T) {
	addr := os.Getenv("MCPRESULT_HOSTILE_HTTP")
	if addr == "" {
		t.Skip("a hostile server to measure against")
	}
	var h hostile
	if err := json.Unmarshal([]byte(os.Getenv("MCPRESULT_HOSTILE_CONFIG")), &h); err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	http.Serve(l, &hostileHTTP{h: &h})
}

// TestFrameGuard feeds the stdio guard messages of every shape, in chunks
// of every size: those within the limit pass whole and as written, those
// over it give the too-large response for their id, or nothing (a request,
// no id).
func TestFrameGuard(t *testing.T) {
	tp := newTap()
	big := strings.Repeat("x", 100)
	tooLarge := func(id string) string { return string(tp.tooLargeResponse([]byte(id))) + "\n" }
	for _, tc := range []struct {
		name, in, want string
	}{
		{"small", `{"jsonrpc":"2.0","id":1,"result":{}}` + "\n", `{"jsonrpc":"2.0","id":1,"result":{}}` + "\n"},
		{"braces and quotes in strings", `{"id":"a\"}{","result":{"t":"}]\\"}}` + "\n", `{"id":"a\"}{","result":{"t":"}]\\"}}` + "\n"},
		{"pretty, two", "{\n \"id\": 1,\n \"result\": {}\n}\n{\"id\":2,\"result\":[]}\n", "{\n \"id\": 1,\n \"result\": {}\n}\n{\"id\":2,\"result\":[]}\n"},
		{"over, id first", `{"jsonrpc":"2.0","id":7,"result":{"t":"` + big + `"}}` + "\n" + `{"id":8,"result":{}}` + "\n",
			tooLarge("7") + `{"id":8,"result":{}}` + "\n"},
		{"over, id last", `{"result":{"t":"` + big + `"},"id":"s\"q"}` + "\n", tooLarge(`"s\"q"`)},
		{"over, an error", `{"id":3,"error":{"code":1,"message":"` + big + `"}}`, tooLarge("3")},
		{"over, a request", `{"id":4,"method":"sampling/createMessage","params":{"t":"` + big + `"}}` + "\n", ""},
		{"over, no id", `{"method":"notifications/message","params":{"t":"` + big + `"}}` + "\n", ""},
		{"over, an id that is an object", `{"id":{"a":1},"result":{"t":"` + big + `"}}` + "\n", ""},
		{"nested id is not the id", `{"result":{"id":5,"t":"` + big + `"}}` + "\n", ""},
		{"whitespace between", "  \r\n\n\t{\"id\":1,\"result\":{}}\r\n   \n{\"id\":2,\"result\":{}}   ", "{\"id\":1,\"result\":{}}\n{\"id\":2,\"result\":{}}\n"},
		{"junk between", `{"id":1,"result":{}}x`, `{"id":1,"result":{}}` + "\nx"},
	} {
		for _, chunk := range []int{1, 7, 64, 1 << 20} {
			g := newFrameGuard(&chunked{s: tc.in, n: chunk}, 60, tp)
			got, err := io.ReadAll(g)
			if err != nil || string(got) != tc.want {
				t.Errorf("%s, chunks of %d: %q %v, want %q", tc.name, chunk, got, err, tc.want)
			}
		}
	}
}

// chunked reads s n bytes at a time.
type chunked struct {
	s string
	n int
}

func (c *chunked) Read(p []byte) (int, error) {
	if c.s == "" {
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), c.n)], c.s)
	c.s = c.s[n:]
	return n, nil
}
