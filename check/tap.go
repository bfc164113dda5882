package check

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"strconv"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// rawResponse is a JSON-RPC response as received: its result's bytes
// exactly, or its error.
type rawResponse struct {
	Result json.RawMessage
	Error  *RPCError
	// TooLarge marks a response over the limit, neither read past it nor
	// kept (Result and Error are nil).
	TooLarge bool
}

// tap keeps the responses the server sent, by request id, until the
// request's caller takes its own; and the revision initialize negotiated.
type tap struct {
	mu        sync.Mutex
	responses map[jsonrpc.ID]*rawResponse
	initIDs   map[jsonrpc.ID]bool
	// listIDs are the requests of a list, with the empty list the SDK's
	// client reads in place of the server's: the driver reads the items
	// from the result as received, and the client would decode each item
	// again (several kilobytes of garbage per tool).
	listIDs  map[jsonrpc.ID]string
	version  string
	count    int
	closeErr error
	// marker is the message of the JSON-RPC error read in place of a
	// response over the limit.
	marker string
	// pending are the requests sent and not answered yet, with their
	// method; answered, those answered, with a digest of the first answer,
	// which is the one kept (a client takes the first answer too).
	pending  map[jsonrpc.ID]string
	answered map[jsonrpc.ID]answer
	// repeats are the responses after the first for a request, and those
	// for a request never sent, by id in the order first seen (at most
	// maxRepeatIDs ids; the responses for others are counted in
	// repeatsDropped).
	repeats        map[jsonrpc.ID]*repeat
	repeatOrder    []jsonrpc.ID
	repeatsDropped int
}

// answer is what the tap knows of the first answer to a request.
type answer struct {
	method string
	digest [sha256.Size]byte
}

// repeat counts the responses for one id after its first answer, or for an
// id never sent (stray).
type repeat struct {
	method  string // the method of the request answered ("" when stray)
	n       int
	differs bool // one of them is not the first answer, byte for byte
	stray   bool
}

// maxRepeatIDs bounds the ids whose repeated or stray responses are told
// apart.
const maxRepeatIDs = 100

func newTap() *tap {
	return &tap{responses: map[jsonrpc.ID]*rawResponse{}, initIDs: map[jsonrpc.ID]bool{}, listIDs: map[jsonrpc.ID]string{}, marker: newMarker(),
		pending: map[jsonrpc.ID]string{}, answered: map[jsonrpc.ID]answer{}, repeats: map[jsonrpc.ID]*repeat{}}
}

func (t *tap) sent(req *jsonrpc.Request) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, done := t.answered[req.ID]; !done {
		t.pending[req.ID] = req.Method
	}
	switch req.Method {
	case "initialize":
		t.initIDs[req.ID] = true
	case "tools/list":
		t.listIDs[req.ID] = `{"tools":[]}`
	case "resources/list":
		t.listIDs[req.ID] = `{"resources":[]}`
	}
}

// messages is the number of messages read from the server.
func (t *tap) messages() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.count
}

// received records a message read from the server, and returns the
// message the SDK's client is to read: the same, or for a list's result an
// empty list.
func (t *tap) received(msg jsonrpc.Message) (read jsonrpc.Message) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.count++
	resp, ok := msg.(*jsonrpc.Response)
	if !ok || !resp.ID.IsValid() {
		return msg
	}
	method, sent := t.pending[resp.ID]
	if !sent {
		// Answered already, or never asked: the SDK's client drops it (it
		// has no call waiting for the id), and so does the tap, which
		// keeps the first answer. It is counted.
		t.repeated(resp)
		return msg
	}
	delete(t.pending, resp.ID)
	t.answered[resp.ID] = answer{method: method, digest: digestOf(resp)}
	if empty, ok := t.listIDs[resp.ID]; ok {
		delete(t.listIDs, resp.ID)
		if resp.Error == nil {
			defer func() { read = &jsonrpc.Response{ID: resp.ID, Result: json.RawMessage(empty)} }()
		}
	}
	r := &rawResponse{}
	var we *jsonrpc.Error
	if resp.Error != nil && errors.As(resp.Error, &we) && we.Message == t.marker {
		t.responses[resp.ID] = &rawResponse{TooLarge: true}
		return msg
	}
	if resp.Result != nil {
		r.Result = bytes.Clone(resp.Result)
	}
	if resp.Error != nil {
		if errors.As(resp.Error, &we) {
			r.Error = &RPCError{Code: we.Code, Message: we.Message, Data: bytes.Clone(we.Data)}
		} else {
			r.Error = &RPCError{Message: resp.Error.Error()}
		}
	}
	if t.initIDs[resp.ID] && r.Result != nil {
		var ir struct {
			ProtocolVersion string `json:"protocolVersion"`
		}
		if json.Unmarshal(r.Result, &ir) == nil {
			t.version = ir.ProtocolVersion
		}
	}
	t.responses[resp.ID] = r
	return msg
}

// repeated counts a response for a request answered already, or never
// sent; t.mu is held.
func (t *tap) repeated(resp *jsonrpc.Response) {
	first, answered := t.answered[resp.ID]
	r, ok := t.repeats[resp.ID]
	if !ok {
		if len(t.repeatOrder) >= maxRepeatIDs {
			t.repeatsDropped++
			return
		}
		r = &repeat{method: first.method, stray: !answered}
		t.repeats[resp.ID] = r
		t.repeatOrder = append(t.repeatOrder, resp.ID)
	}
	r.n++
	if answered && digestOf(resp) != first.digest {
		r.differs = true
	}
}

// digestOf is a digest of a response's result or error, as received.
func digestOf(resp *jsonrpc.Response) [sha256.Size]byte {
	h := sha256.New()
	if resp.Result != nil {
		h.Write([]byte{'r'})
		h.Write(resp.Result)
	}
	if resp.Error != nil {
		h.Write([]byte{'e'})
		var we *jsonrpc.Error
		if errors.As(resp.Error, &we) {
			h.Write(strconv.AppendInt(nil, we.Code, 10))
			h.Write([]byte{0})
			h.Write([]byte(we.Message))
			h.Write([]byte{0})
			h.Write(we.Data)
		} else {
			h.Write([]byte(resp.Error.Error()))
		}
	}
	var d [sha256.Size]byte
	h.Sum(d[:0])
	return d
}

// repeatedResponses returns the repeated and stray responses counted, in
// the order first seen, and the number of those for ids past maxRepeatIDs.
func (t *tap) repeatedResponses() (ids []jsonrpc.ID, rs []repeat, dropped int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, id := range t.repeatOrder {
		ids = append(ids, id)
		rs = append(rs, *t.repeats[id])
	}
	return ids, rs, t.repeatsDropped
}

func (t *tap) take(id jsonrpc.ID) (*rawResponse, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	r, ok := t.responses[id]
	delete(t.responses, id)
	return r, ok
}

func (t *tap) negotiated() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.version
}

func (t *tap) closed(err error) {
	t.mu.Lock()
	if t.closeErr == nil {
		t.closeErr = err
	}
	t.mu.Unlock()
}

func (t *tap) closeError() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.closeErr
}

// sentLog records the requests written for one call of the SDK's client
// (the one whose context carries it).
type sentLog struct {
	mu   sync.Mutex
	reqs []sentRequest
}

type sentRequest struct {
	id     jsonrpc.ID
	method string
	// raw is the request as the connection writes it, for the requests a
	// report keeps (keptAsSent).
	raw json.RawMessage
}

type sentKey struct{}

func (l *sentLog) add(req *jsonrpc.Request) {
	var raw json.RawMessage
	if keptAsSent(req.Method) {
		// The bytes the SDK's connections write for it (over stdio, with a
		// newline after; over HTTP, as the body), from the same function.
		raw, _ = jsonrpc.EncodeMessage(req)
	}
	l.mu.Lock()
	l.reqs = append(l.reqs, sentRequest{req.ID, req.Method, raw})
	l.mu.Unlock()
}

// keptAsSent reports a method whose requests the report keeps as sent: those
// of the calls and reads (CallReport.Request, ResourceReport.Request).
func keptAsSent(method string) bool { return method == "tools/call" || method == "resources/read" }

// request is the last request of the method as written, or nil (a method
// not kept as sent, or none written; a nil log too).
func (l *sentLog) request(method string) json.RawMessage {
	if l == nil {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	for i := len(l.reqs) - 1; i >= 0; i-- {
		if l.reqs[i].method == method {
			return l.reqs[i].raw
		}
	}
	return nil
}

// ids are the ids of the requests written.
func (l *sentLog) ids() []jsonrpc.ID {
	l.mu.Lock()
	defer l.mu.Unlock()
	ids := make([]jsonrpc.ID, len(l.reqs))
	for i, r := range l.reqs {
		ids[i] = r.id
	}
	return ids
}

// last is the id of the last request of the method.
func (l *sentLog) last(method string) (jsonrpc.ID, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for i := len(l.reqs) - 1; i >= 0; i-- {
		if l.reqs[i].method == method {
			return l.reqs[i].id, true
		}
	}
	return jsonrpc.ID{}, false
}

// tapTransport wraps a transport's connection in a tapConn.
type tapTransport struct {
	t   mcp.Transport
	tap *tap
}

// startError is a transport that could not connect (a command that could
// not be started).
type startError struct{ err error }

// Error is the error of the start.
func (e *startError) Error() string { return e.err.Error() }

// Unwrap gives the error of the start.
func (e *startError) Unwrap() error { return e.err }

// Connect connects the transport and taps the connection.
func (t *tapTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	c, err := t.t.Connect(ctx)
	if err != nil {
		return nil, &startError{err}
	}
	return &tapConn{Connection: c, tap: t.tap}, nil
}

// tapConn records each request's id with the caller that wrote it (through
// the context of Write, which is the context of the SDK's call), and each
// response as it is read, before the SDK decodes its result into its types.
type tapConn struct {
	mcp.Connection
	tap *tap
}

// Write notes a request's id, then writes it.
func (c *tapConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if req, ok := msg.(*jsonrpc.Request); ok && req.IsCall() {
		if l, ok := ctx.Value(sentKey{}).(*sentLog); ok {
			l.add(req)
		}
		c.tap.sent(req)
	}
	return c.Connection.Write(ctx, msg)
}

// Read reads a message and records it as received.
func (c *tapConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	msg, err := c.Connection.Read(ctx)
	if err == nil {
		msg = c.tap.received(msg)
	}
	return msg, err
}

// Close closes the connection and records that it ended.
func (c *tapConn) Close() error {
	err := c.Connection.Close()
	c.tap.closed(err)
	return err
}
