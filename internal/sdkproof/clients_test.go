package sdkproof

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// An exchange is one request of a session and its response as the client
// read it off the wire, before any SDK decoded it.
type exchange struct {
	Method string          // initialize, server/discover, tools/list, tools/call…
	Name   string          // the tool called or the resource read
	Result json.RawMessage // the raw result, or nil
	Error  string          // the JSON-RPC error, or ""
}

// A session is what a client did with a server at one revision.
type session struct {
	Negotiated string
	Exchanges  []exchange
}

// statelessFrom is the first revision without initialize.
const statelessFrom = "2026-07-28"

// ---------------------------------------------------------------- raw client

// rawClient speaks JSON-RPC over a server's stdin and stdout, one message
// a line, as the stdio transport defines it: it asks for any revision.
type rawClient struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	lines chan []byte
	rev   string
	next  int
	sess  session
}

func startRaw(ctx context.Context, command []string, rev string) (*rawClient, error) {
	cmd := exec.CommandContext(ctx, command[0], command[1:]...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	c := &rawClient{cmd: cmd, stdin: stdin, lines: make(chan []byte), rev: rev}
	go func() {
		defer close(c.lines)
		r := bufio.NewReaderSize(stdout, 1<<16)
		for {
			line, err := r.ReadBytes('\n')
			if len(strings.TrimSpace(string(line))) > 0 {
				select {
				case c.lines <- line:
				case <-ctx.Done():
					return
				}
			}
			if err != nil {
				return
			}
		}
	}()
	return c, nil
}

func (c *rawClient) close() {
	c.stdin.Close()
	c.cmd.Process.Kill()
	c.cmd.Wait()
}

// meta is what every request carries at a stateless revision.
func (c *rawClient) meta() map[string]any {
	return map[string]any{
		"io.modelcontextprotocol/protocolVersion":    c.rev,
		"io.modelcontextprotocol/clientInfo":         map[string]any{"name": "raw-jsonrpc", "version": "1.0.0"},
		"io.modelcontextprotocol/clientCapabilities": map[string]any{},
	}
}

func (c *rawClient) send(msg map[string]any) error {
	b, err := json.Marshal(msg)
	if err != nil {
		return err
	}
	_, err = c.stdin.Write(append(b, '\n'))
	return err
}

// call sends a request and waits for its response, skipping what else the
// server sends (notifications, its own requests).
func (c *rawClient) call(ctx context.Context, method, name string, params map[string]any) (exchange, error) {
	c.next++
	id := c.next
	if params == nil {
		params = map[string]any{}
	}
	if c.rev >= statelessFrom {
		params["_meta"] = c.meta()
	}
	if err := c.send(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params}); err != nil {
		return exchange{}, err
	}
	for {
		select {
		case <-ctx.Done():
			return exchange{}, fmt.Errorf("%s: %w", method, ctx.Err())
		case line, ok := <-c.lines:
			if !ok {
				return exchange{}, fmt.Errorf("%s: the server closed its output", method)
			}
			var resp struct {
				ID     json.RawMessage `json:"id"`
				Method string          `json:"method"`
				Result json.RawMessage `json:"result"`
				Error  json.RawMessage `json:"error"`
			}
			if err := json.Unmarshal(line, &resp); err != nil {
				return exchange{}, fmt.Errorf("%s: the server wrote a line that is not JSON: %w", method, err)
			}
			if resp.Method != "" || string(resp.ID) != fmt.Sprint(id) {
				continue
			}
			ex := exchange{Method: method, Name: name, Result: resp.Result}
			if resp.Error != nil {
				ex.Error = string(resp.Error)
			}
			c.sess.Exchanges = append(c.sess.Exchanges, ex)
			return ex, nil
		}
	}
}

// runRaw negotiates rev with a raw client (initialize, or server/discover
// at a stateless revision), lists the tools and calls each, lists the
// resources and reads each.
func runRaw(ctx context.Context, command []string, rev string) (*session, error) {
	c, err := startRaw(ctx, command, rev)
	if err != nil {
		return nil, err
	}
	defer c.close()
	if rev >= statelessFrom {
		ex, err := c.call(ctx, "server/discover", "", nil)
		if err != nil {
			return nil, err
		}
		if ex.Error != "" {
			return nil, fmt.Errorf("server/discover: %s", ex.Error)
		}
		var d struct {
			SupportedVersions []string `json:"supportedVersions"`
		}
		json.Unmarshal(ex.Result, &d)
		for _, v := range d.SupportedVersions {
			if v == rev {
				c.sess.Negotiated = rev
			}
		}
	} else {
		ex, err := c.call(ctx, "initialize", "", map[string]any{
			"protocolVersion": rev, "capabilities": map[string]any{},
			"clientInfo": map[string]any{"name": "raw-jsonrpc", "version": "1.0.0"}})
		if err != nil {
			return nil, err
		}
		if ex.Error != "" {
			return nil, fmt.Errorf("initialize: %s", ex.Error)
		}
		var ir struct {
			ProtocolVersion string `json:"protocolVersion"`
		}
		json.Unmarshal(ex.Result, &ir)
		c.sess.Negotiated = ir.ProtocolVersion
		if err := c.send(map[string]any{"jsonrpc": "2.0", "method": "notifications/initialized"}); err != nil {
			return nil, err
		}
	}
	ex, err := c.call(ctx, "tools/list", "", nil)
	if err != nil {
		return nil, err
	}
	for _, t := range listedTools(ex.Result) {
		if _, err := c.call(ctx, "tools/call", t.Name, map[string]any{"name": t.Name, "arguments": arguments(t.InputSchema)}); err != nil {
			return nil, err
		}
	}
	ex, err = c.call(ctx, "resources/list", "", nil)
	if err != nil {
		return nil, err
	}
	for _, uri := range listedResources(ex.Result) {
		if _, err := c.call(ctx, "resources/read", uri, map[string]any{"uri": uri}); err != nil {
			return nil, err
		}
	}
	return &c.sess, nil
}

type listedTool struct {
	Name         string          `json:"name"`
	InputSchema  json.RawMessage `json:"inputSchema"`
	OutputSchema json.RawMessage `json:"outputSchema"`
}

func listedTools(raw json.RawMessage) []listedTool {
	var l struct {
		Tools []listedTool `json:"tools"`
	}
	json.Unmarshal(raw, &l)
	return l.Tools
}

func listedResources(raw json.RawMessage) []string {
	var l struct {
		Resources []struct {
			URI string `json:"uri"`
		} `json:"resources"`
	}
	json.Unmarshal(raw, &l)
	var uris []string
	for _, r := range l.Resources {
		uris = append(uris, r.URI)
	}
	return uris
}

// arguments makes arguments an input schema accepts: each required
// property a small value of its type.
func arguments(inputSchema json.RawMessage) map[string]any {
	var s struct {
		Properties map[string]struct {
			Type any   `json:"type"`
			Enum []any `json:"enum"`
		} `json:"properties"`
		Required []string `json:"required"`
	}
	json.Unmarshal(inputSchema, &s)
	args := map[string]any{}
	for _, name := range s.Required {
		p := s.Properties[name]
		if len(p.Enum) > 0 {
			args[name] = p.Enum[0]
			continue
		}
		switch p.Type {
		case "integer", "number":
			args[name] = 1
		case "boolean":
			args[name] = true
		case "array":
			args[name] = []any{}
		case "object":
			args[name] = map[string]any{}
		default:
			args[name] = "Paris"
		}
	}
	return args
}

// ---------------------------------------------------------------- Go SDK client

// tapTransport records what the SDK's client sends and reads, under it.
type tapTransport struct {
	t    mcp.Transport
	tap  *tap
	conn *tapConn
}

type tap struct {
	mu      sync.Mutex
	pending map[string]exchange // by request id
	done    []exchange
}

func (t *tapTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	c, err := t.t.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &tapConn{Connection: c, tap: t.tap}, nil
}

type tapConn struct {
	mcp.Connection
	tap *tap
}

func (c *tapConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if req, ok := msg.(*jsonrpc.Request); ok && req.IsCall() {
		var p struct {
			Name string `json:"name"`
			URI  string `json:"uri"`
		}
		json.Unmarshal(req.Params, &p)
		c.tap.mu.Lock()
		c.tap.pending[fmt.Sprint(req.ID.Raw())] = exchange{Method: req.Method, Name: p.Name + p.URI}
		c.tap.mu.Unlock()
	}
	return c.Connection.Write(ctx, msg)
}

func (c *tapConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	msg, err := c.Connection.Read(ctx)
	if resp, ok := msg.(*jsonrpc.Response); ok && err == nil {
		id := fmt.Sprint(resp.ID.Raw())
		c.tap.mu.Lock()
		if ex, ok := c.tap.pending[id]; ok {
			delete(c.tap.pending, id)
			ex.Result = append(json.RawMessage(nil), resp.Result...)
			if resp.Error != nil {
				ex.Error = resp.Error.Error()
			}
			c.tap.done = append(c.tap.done, ex)
		}
		c.tap.mu.Unlock()
	}
	return msg, err
}

// runSDK does what runRaw does with the official Go SDK's client, which
// also reads every result into its types (and rejects one it cannot).
func runSDK(ctx context.Context, command []string, rev string) (*session, error) {
	tp := &tap{pending: map[string]exchange{}}
	transport := &tapTransport{t: &mcp.CommandTransport{Command: exec.CommandContext(ctx, command[0], command[1:]...)}, tap: tp}
	client := mcp.NewClient(&mcp.Implementation{Name: "go-sdk-client", Version: "1.0.0"}, nil)
	cs, err := client.Connect(ctx, transport, &mcp.ClientSessionOptions{ProtocolVersion: rev})
	if err != nil {
		return nil, fmt.Errorf("connect: %w", err)
	}
	defer cs.Close()
	sess := &session{Negotiated: cs.InitializeResult().ProtocolVersion}
	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("tools/list: %w", err)
	}
	for _, t := range tools.Tools {
		in, _ := json.Marshal(t.InputSchema)
		if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: t.Name, Arguments: arguments(in)}); err != nil {
			return nil, fmt.Errorf("tools/call %s: the SDK's client refused the result: %w", t.Name, err)
		}
	}
	resources, err := cs.ListResources(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("resources/list: %w", err)
	}
	for _, r := range resources.Resources {
		if _, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: r.URI}); err != nil {
			return nil, fmt.Errorf("resources/read %s: %w", r.URI, err)
		}
	}
	tp.mu.Lock()
	sess.Exchanges = append(sess.Exchanges, tp.done...)
	tp.mu.Unlock()
	return sess, nil
}
