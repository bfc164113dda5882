package check

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// prober is a server over newline-delimited JSON that lists the tools of
// tools, answers their calls with a plain result, and answers the call of
// any other name with unknown (a JSON-RPC response's member after the id:
// `"error":{…}` or `"result":{…}`), or not at all when unknown is "". It
// answers server/discover with discover, the result of a 2026-07-28
// session, or with -32601 (Method not found) when discover is "".
type prober struct {
	tools    []string
	unknown  string
	discover string
}

func (p prober) transport() mcp.Transport { return piped(p.serve) }

func (p prober) serve(in io.ReadCloser, out io.WriteCloser) {
	defer in.Close()
	defer out.Close()
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		var req struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
			Params struct {
				ProtocolVersion string `json:"protocolVersion"`
				Name            string `json:"name"`
			} `json:"params"`
		}
		if json.Unmarshal(sc.Bytes(), &req) != nil || req.ID == nil {
			continue
		}
		answer := `"error":{"code":-32601,"message":"Method not found"}`
		switch req.Method {
		case "server/discover":
			if p.discover != "" {
				answer = `"result":` + p.discover
			}
		case "initialize":
			answer = `"result":{"protocolVersion":"` + req.Params.ProtocolVersion + `","capabilities":{"tools":{}},"serverInfo":{"name":"prober","version":"1"}}`
		case "tools/list":
			var tools []string
			for _, name := range p.tools {
				tools = append(tools, `{"name":"`+name+`","inputSchema":{"type":"object"}}`)
			}
			modern := "" // the members of a 2026-07-28 list
			if p.discover != "" {
				modern = `,"resultType":"complete","ttlMs":0,"cacheScope":"public"`
			}
			answer = `"result":{"tools":[` + strings.Join(tools, ",") + `]` + modern + `}`
		case "tools/call":
			answer = `"result":{"content":[{"type":"text","text":"ok"}]}`
			known := false
			for _, name := range p.tools {
				known = known || name == req.Params.Name
			}
			if !known {
				if p.unknown == "" {
					continue
				}
				answer = p.unknown
			}
		case "ping":
			answer = `"result":{}`
		}
		if _, err := io.WriteString(out, `{"jsonrpc":"2.0","id":`+string(req.ID)+`,`+answer+"}\n"); err != nil {
			return
		}
	}
}

// TestProbeUnknownTool checks how the answer to the call of a tool the
// server does not list is graded, in each revision, and what the report
// keeps of the probe.
func TestProbeUnknownTool(t *testing.T) {
	for _, c := range []struct {
		name     string
		server   prober
		revision string
		outcome  string
		want     Code // "" for no finding of the revision
		severity Severity
		tool     string // the name called
	}{
		{"-32602", prober{tools: []string{"a"}, unknown: `"error":{"code":-32602,"message":"Unknown tool"}`}, "2025-06-18", OutcomeRPCError, "", "", ProbeUnknownTool},
		{"another code", prober{tools: []string{"a"}, unknown: `"error":{"code":-32601,"message":"no such tool"}`}, "2025-06-18", OutcomeRPCError, CodeUnknownToolErrorCode, Info, ProbeUnknownTool},
		{"isError, 2025-11-25", prober{tools: []string{"a"}, unknown: `"result":{"content":[{"type":"text","text":"Tool not found"}],"isError":true}`}, "2025-11-25", OutcomeToolError, CodeUnknownToolToolError, Info, ProbeUnknownTool},
		{"isError, 2024-11-05", prober{tools: []string{"a"}, unknown: `"result":{"content":[{"type":"text","text":"Tool not found"}],"isError":true}`}, "2024-11-05", OutcomeToolError, CodeUnknownToolToolError, Info, ProbeUnknownTool},
		{"success", prober{tools: []string{"a"}, unknown: `"result":{"content":[{"type":"text","text":"done"}]}`}, "2025-06-18", OutcomeResult, CodeUnknownToolAnswered, Error, ProbeUnknownTool},
		{"never", prober{tools: []string{"a"}, unknown: ""}, "2025-06-18", OutcomeNoResponse, CodeNoResponse, Error, ProbeUnknownTool},
		{"the name listed", prober{tools: []string{ProbeUnknownTool, ProbeUnknownTool + "-2"}, unknown: `"error":{"code":-32602,"message":"Unknown tool"}`}, "2025-06-18", OutcomeRPCError, "", "", ProbeUnknownTool + "-3"},
	} {
		t.Run(c.name, func(t *testing.T) {
			rep, err := Run(context.Background(), Options{Transport: c.server.transport, Protocol: c.revision, Timeout: 300 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			rr := rep.Revisions[0]
			if rr.Status != StatusChecked || len(rr.Probes) != 1 {
				t.Fatalf("%s (%s), %d probes", rr.Status, rr.Reason, len(rr.Probes))
			}
			p := rr.Probes[0]
			if p.Outcome != c.outcome || p.Tool != c.tool || p.Method != "tools/call" ||
				!bytes.Contains(p.Request, []byte(`"name":"`+c.tool+`"`)) || !bytes.Contains(p.Request, []byte(`"method":"tools/call"`)) {
				t.Errorf("probe %+v, request %s", p, p.Request)
			}
			// The calls of the listed tools are as they were: the probe
			// is not one of them.
			if rep.Totals.ToolCalls != len(c.server.tools) {
				t.Errorf("%d tool calls, want %d", rep.Totals.ToolCalls, len(c.server.tools))
			}
			if c.want == "" {
				if len(rr.Findings) != 0 {
					t.Errorf("findings of the revision:%s", dump(rr.Findings))
				}
				return
			}
			if len(rr.Findings) != 1 || rr.Findings[0].Code != c.want || rr.Findings[0].Severity != c.severity || rr.Findings[0].Path != "" ||
				!strings.HasPrefix(rr.Findings[0].Message, `the probe of a tool the server does not list (tools/call "`+c.tool+`"): `) {
				t.Errorf("findings of the revision:%s\nwant one %s %s", dump(rr.Findings), c.severity, c.want)
			}
			// Every format sees it, and the baseline keys it to the
			// revision.
			var keys []FindingKey
			for l := range rep.located() {
				if l.Tool == nil && l.Resource == nil {
					keys = append(keys, l.Key)
				}
			}
			if len(keys) != 1 || keys[0] != (FindingKey{Revision: c.revision, Code: c.want}) {
				t.Errorf("located keys %+v", keys)
			}
			var js bytes.Buffer
			if err := rep.WriteJSON(&js); err != nil {
				t.Fatal(err)
			}
			var got struct {
				Revisions []struct {
					Probes []struct {
						Name, Method, Tool, Outcome string
						Request                     json.RawMessage
					} `json:"probes"`
				} `json:"revisions"`
			}
			if err := json.Unmarshal(js.Bytes(), &got); err != nil {
				t.Fatal(err)
			}
			if ps := got.Revisions[0].Probes; len(ps) != 1 || ps[0].Name != "unknown tool" || ps[0].Outcome != c.outcome || ps[0].Tool != c.tool || len(ps[0].Request) == 0 {
				t.Errorf("JSON probes %+v", ps)
			}
		})
	}
}

// TestProbeSkipped checks that no probe is made with Options.NoProbes, with
// Options.Only, or of a server without the tools capability, and that a
// baseline with a probe's finding does not call it gone in a run without
// probes.
func TestProbeSkipped(t *testing.T) {
	answered := prober{tools: []string{"a"}, unknown: `"result":{"content":[{"type":"text","text":"done"}]}`}
	for _, c := range []struct {
		name string
		o    Options
	}{
		{"NoProbes", Options{NoProbes: true}},
		{"Only", Options{Only: "tool:a"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := c.o
			o.Transport, o.Protocol = answered.transport, "2025-06-18"
			rep, err := Run(context.Background(), o)
			if err != nil {
				t.Fatal(err)
			}
			rr := rep.Revisions[0]
			if len(rr.Probes) != 0 || len(rr.Findings) != 0 || rep.Totals.ToolCalls != 1 {
				t.Errorf("%d probes, %d tool calls, findings:%s", len(rr.Probes), rep.Totals.ToolCalls, dump(rr.Findings))
			}
		})
	}

	// A baseline written with the probe, applied to a run without it.
	with, err := Run(context.Background(), Options{Transport: answered.transport, Protocol: "2025-06-18"})
	if err != nil {
		t.Fatal(err)
	}
	if !hasCode(with.Revisions[0].Findings, CodeUnknownToolAnswered) {
		t.Fatalf("findings:%s", dump(with.Revisions[0].Findings))
	}
	without, err := Run(context.Background(), Options{Transport: answered.transport, Protocol: "2025-06-18", NoProbes: true})
	if err != nil {
		t.Fatal(err)
	}
	if !without.NoProbes {
		t.Error("the report does not say that it made no probes")
	}
	without.ApplyBaseline(with.Baseline())
	if b := without.BaselineResult; len(b.Stale) != 0 {
		t.Errorf("stale entries in a run without probes: %+v", b.Stale)
	}
}

// TestProbeCleanServer checks that a server on the Go SDK, which answers
// an unknown tool with -32602, gets no finding of the probe in any
// revision, 2026-07-28 included.
func TestProbeCleanServer(t *testing.T) {
	srv := sdkServer()
	rep, err := Run(context.Background(), Options{Transport: inMemory(t, srv)})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Revisions) != len(ProtocolRevisions()) {
		t.Fatalf("%d revisions", len(rep.Revisions))
	}
	for _, rr := range rep.Revisions {
		// The findings of the revision are those of its shape (see
		// TestRunInMemory), none of the probe's.
		probeFound := slices.ContainsFunc(rr.Findings, func(f Finding) bool { return f.Code != CodeRevisionMismatch })
		if rr.Status != StatusChecked || len(rr.Probes) != 1 || rr.Probes[0].Outcome != OutcomeRPCError ||
			rr.Probes[0].RPCError == nil || rr.Probes[0].RPCError.Code != -32602 || probeFound {
			t.Errorf("%s: %s, %d probes, findings:%s", rr.Revision, rr.Status, len(rr.Probes), dump(rr.Findings))
		}
	}
}

// TestProbeNoToolsCapability checks that a server that declares no tools
// is not probed.
func TestProbeNoToolsCapability(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "empty", Version: "1"}, nil)
	rep, err := Run(context.Background(), Options{Protocol: "2025-06-18", Transport: inMemory(t, s)})
	if err != nil {
		t.Fatal(err)
	}
	if rr := rep.Revisions[0]; len(rr.Probes) != 0 || len(rr.Findings) != 0 {
		t.Errorf("%d probes, findings:%s", len(rr.Probes), dump(rr.Findings))
	}
}

// TestProbeHostile checks that what a server answers the probe with (a
// JSON-RPC error whose message holds markup, |, newlines, workflow
// commands, terminal escapes and a secret) is escaped and redacted in
// every report format.
func TestProbeHostile(t *testing.T) {
	evil := "<script>x</script> | a\n::error::b\x1b[31m\u202e " + hostileSecretKey
	msg, _ := json.Marshal(evil)
	p := prober{tools: []string{"a"}, unknown: `"error":{"code":-32601,"message":` + string(msg) + `}`}
	rep, err := Run(context.Background(), Options{Transport: p.transport, Protocol: "2025-06-18"})
	if err != nil {
		t.Fatal(err)
	}
	if rr := rep.Revisions[0]; !hasCode(rr.Findings, CodeUnknownToolErrorCode) {
		t.Fatalf("findings:%s", dump(rr.Findings))
	}
	// An info finding is in the text report only when verbose, and in the
	// workflow commands not at all: make it a warning for them.
	rep.Revisions[0].Findings[0].Severity = Warning
	outs := map[string]*bytes.Buffer{}
	for name, write := range map[string]func(io.Writer) error{
		"text":     func(w io.Writer) error { return rep.WriteTextWith(w, TextOptions{Verbose: true}) },
		"json":     rep.WriteJSON,
		"markdown": rep.WriteMarkdown,
		"html":     rep.WriteHTML,
		"junit":    rep.WriteJUnit,
		"sarif":    func(w io.Writer) error { return rep.WriteSARIF(w, SARIFOptions{}) },
		"actions":  func(w io.Writer) error { return rep.WriteWorkflowCommands(w, "") },
	} {
		outs[name] = &bytes.Buffer{}
		if err := write(outs[name]); err != nil {
			t.Fatal(name, err)
		}
	}
	for name, b := range outs {
		out := b.String()
		if !strings.Contains(out, "unknown_tool_error_code") {
			t.Errorf("%s: no unknown_tool_error_code:\n%s", name, out)
		}
		if strings.Contains(out, hostileSecretKey[10:]) || strings.ContainsAny(out, "\x1b\u202e") {
			t.Errorf("%s: a secret or a control character:\n%s", name, out)
		}
		switch name {
		case "markdown", "html", "junit", "sarif":
			if strings.Contains(out, "<script>") {
				t.Errorf("%s: markup unescaped:\n%s", name, out)
			}
		}
	}
	if strings.Contains(outs["actions"].String(), "\n::error::b") || strings.Count(outs["actions"].String(), "\n") != 1 {
		t.Errorf("actions: a command of the server's own:\n%s", outs["actions"].String())
	}
	if strings.Contains(outs["markdown"].String(), "a\n::error") || strings.Contains(outs["markdown"].String(), " | a") {
		t.Errorf("markdown: a line or a cell of the server's own:\n%s", outs["markdown"].String())
	}
}
