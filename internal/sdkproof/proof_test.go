package sdkproof

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mcpresult/mcpresult/check"
	"github.com/mcpresult/mcpresult/internal/nodetest"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// A server is a stdio MCP server command to prove, with what it must never
// let reach a client (the private detail of its failing handlers).
type server struct {
	name    string
	command []string
	secrets []string
	// noWarnings: mcpresult check may find no warning either.
	noWarnings bool
	// upTo is the newest revision the server speaks ("" for every one):
	// servers on an SDK without the stateless revision stop at 2025-11-25.
	upTo string
	// node: the server runs on Node with the packages of these folders
	// (package nodetest gates its tests).
	node []string
}

// revisionsOf are the revisions a server is proved at, oldest first.
func (s server) revisionsOf(all []string) []string {
	var out []string
	for _, r := range all {
		if s.upTo == "" || r <= s.upTo {
			out = append(out, r)
		}
	}
	return out
}

// extraServer is one more stdio command to prove (split on spaces), run
// from the repository root.
var (
	extraServer = flag.String("sdkproof.server", "", "another stdio MCP server command to prove, run from the repository root")
	extraUpTo   = flag.String("sdkproof.upto", "", "the newest revision the server of -sdkproof.server speaks (default: every one)")
)

// quickstart is the Go quick start, built by TestMain.
var quickstart string

// servers are the servers proved: one line each.
func servers() []server {
	list := []server{
		{name: "go quick start", command: []string{quickstart}, secrets: []string{"hunter2", "10.0.0.7"}, noWarnings: true},
		// The TS SDK 1.x speaks up to 2025-11-25.
		{name: "js quick start", command: []string{"node", filepath.Join("..", "..", "js", "examples", "quickstart.mjs")}, upTo: "2025-11-25", secrets: []string{"hunter2"}, node: []string{"js"}},
	}
	if *extraServer != "" {
		list = append(list, server{name: *extraServer, command: strings.Fields(*extraServer), upTo: *extraUpTo})
	}
	return list
}

func TestMain(m *testing.M) {
	flag.Parse()
	dir, err := os.MkdirTemp("", "sdkproof")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	quickstart = filepath.Join(dir, "quickstart")
	build := exec.Command("go", "build", "-o", quickstart, "./examples/quickstart")
	build.Dir = filepath.Join("..", "..")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building the Go quick start:", err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// TestClients: each server, each revision, the raw client and the Go
// SDK's client.
func TestClients(t *testing.T) {
	clients := []struct {
		name string
		run  func(context.Context, []string, string) (*session, error)
	}{
		{"raw JSON-RPC", runRaw},
		{"Go SDK", runSDK},
	}
	for _, srv := range servers() {
		for _, rev := range srv.revisionsOf(revisions) {
			for _, c := range clients {
				t.Run(srv.name+"/"+rev+"/"+c.name, func(t *testing.T) {
					if srv.node != nil {
						nodetest.Need(t, filepath.Join("..", ".."), srv.node...)
					}
					ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
					defer cancel()
					cmd := srv.command
					sess, err := c.run(ctx, inRoot(cmd), rev)
					if err != nil {
						t.Fatal(err)
					}
					if sess.Negotiated != rev {
						t.Fatalf("negotiated %q, want %q", sess.Negotiated, rev)
					}
					verify(t, rev, sess, srv.secrets)
				})
			}
		}
	}
}

// inRoot makes a command relative to the repository root runnable from
// this package's directory.
func inRoot(cmd []string) []string {
	out := slices.Clone(cmd)
	for i, a := range out[1:] {
		if p := filepath.Join("..", "..", a); !filepath.IsAbs(a) && exists(p) {
			out[i+1] = p
		}
	}
	return out
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// verify checks every result of a session.
func verify(t *testing.T, rev string, sess *session, secrets []string) {
	t.Helper()
	defs := map[string]string{
		"initialize": "InitializeResult", "server/discover": "DiscoverResult",
		"tools/list": "ListToolsResult", "tools/call": "CallToolResult",
		"resources/list": "ListResourcesResult", "resources/read": "ReadResourceResult",
	}
	hasOutputSchemas := rev >= "2025-06-18"
	schemas := map[string]*jsonschema.Schema{} // output schemas listed, by tool
	var calls, reads, structured int
	for _, ex := range sess.Exchanges {
		where := ex.Method + " " + ex.Name
		for _, s := range secrets {
			if strings.Contains(string(ex.Result), s) || strings.Contains(ex.Error, s) {
				t.Errorf("%s: a private detail reached the client: %s%s", where, ex.Result, ex.Error)
			}
		}
		if ex.Error != "" {
			t.Errorf("%s: JSON-RPC error %s", where, ex.Error)
			continue
		}
		if err := validateOfficial(rev, defs[ex.Method], ex.Result); err != nil {
			t.Errorf("%s: not a valid %s of %s: %v\n%s", where, defs[ex.Method], rev, err, ex.Result)
		}
		switch ex.Method {
		case "tools/list":
			for _, tool := range listedTools(ex.Result) {
				if tool.OutputSchema == nil {
					continue
				}
				if !hasOutputSchemas {
					t.Errorf("tools/list: %s has no outputSchema, yet tool %s lists one", rev, tool.Name)
					continue
				}
				var top struct {
					Type any `json:"type"`
				}
				json.Unmarshal(tool.OutputSchema, &top)
				if rev < statelessFrom && top.Type != "object" {
					t.Errorf("tools/list: a client of %s accepts only an object output schema; tool %s lists %s", rev, tool.Name, tool.OutputSchema)
				}
				s, err := compileSchema(tool.OutputSchema)
				if err != nil {
					t.Errorf("tools/list: the output schema of %s does not compile: %v", tool.Name, err)
					continue
				}
				schemas[tool.Name] = s
			}
		case "tools/call":
			calls++
			var r struct {
				StructuredContent json.RawMessage `json:"structuredContent"`
				IsError           bool            `json:"isError"`
			}
			if err := json.Unmarshal(ex.Result, &r); err != nil {
				t.Errorf("%s: %v", where, err)
				continue
			}
			if r.StructuredContent != nil {
				structured++
			}
			switch s, listed := schemas[ex.Name]; {
			case !hasOutputSchemas && r.StructuredContent != nil:
				t.Errorf("%s: %s has no structuredContent, yet the result has it", where, rev)
			case listed && !r.IsError && r.StructuredContent == nil:
				t.Errorf("%s: the tool lists an output schema and its result has no structured content", where)
			case listed && r.StructuredContent != nil:
				v, err := jsonschema.UnmarshalJSON(bytes.NewReader(r.StructuredContent))
				if err == nil {
					err = s.Validate(v)
				}
				if err != nil {
					t.Errorf("%s: the structured content does not match the listed output schema: %v\n%s", where, err, ex.Result)
				}
			}
		case "resources/read":
			reads++
		}
	}
	if calls == 0 || reads == 0 {
		t.Errorf("the session made %d tool calls and %d resource reads: want some of each", calls, reads)
	}
	if hasOutputSchemas && (len(schemas) == 0 || structured == 0) {
		t.Errorf("%s: %d output schemas listed, %d results with structured content: want some of each", rev, len(schemas), structured)
	}
}

// TestCheck: mcpresult check finds no error at any revision.
func TestCheck(t *testing.T) {
	for _, srv := range servers() {
		for _, rev := range srv.revisionsOf(check.ProtocolRevisions()) {
			t.Run(srv.name+"/"+rev, func(t *testing.T) {
				if srv.node != nil {
					nodetest.Need(t, filepath.Join("..", ".."), srv.node...)
				}
				rep, err := check.Run(t.Context(), check.Options{Stdio: inRoot(srv.command), Protocol: rev})
				if err != nil {
					t.Fatal(err)
				}
				var b strings.Builder
				rep.WriteText(&b, false)
				if rep.Error != "" || rep.Failed() || rep.Totals.Errors > 0 || rep.Totals.RevisionsChecked != 1 {
					t.Fatalf("mcpresult check at %s:\n%s", rev, b.String())
				}
				if rep.Totals.ToolCalls == 0 || rep.Totals.ResourceReads == 0 {
					t.Fatalf("mcpresult check made %d tool calls and %d resource reads:\n%s", rep.Totals.ToolCalls, rep.Totals.ResourceReads, b.String())
				}
				if rep.Totals.Warnings > 0 && srv.noWarnings {
					t.Errorf("mcpresult check found warnings at %s:\n%s", rev, b.String())
				} else if rep.Totals.Warnings > 0 {
					t.Logf("warnings:\n%s", b.String())
				}
			})
		}
	}
}
