package check

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// This file bounds what a server can make the check hold or follow: the
// bytes of any one response (over HTTP and over stdio), and the origins an
// HTTP request may be redirected to.
//
// A response over the limit is not read whole: its first bytes are kept
// until the limit, the rest is read and dropped as it comes (or the HTTP
// body is closed), and in its place the SDK's client reads a JSON-RPC error
// for the same request id whose message is the tap's marker. The tap
// records that response as too large, so the request completes at once and
// the session goes on.

// tooLargeResponse is the JSON-RPC response read in place of one over the
// limit: an error whose message is the tap's marker. id is the request id
// as JSON (a number or a string).
func (t *tap) tooLargeResponse(id []byte) []byte {
	b := make([]byte, 0, 128)
	b = append(b, `{"jsonrpc":"2.0","id":`...)
	b = append(b, id...)
	b = append(b, `,"error":{"code":-32603,"message":`...)
	b = strconv.AppendQuote(b, t.marker)
	return append(b, `}}`...)
}

// newMarker is a message no server can guess.
func newMarker() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return "mcpresult check: response over the byte limit " + hex.EncodeToString(b[:])
}

// validID reports a JSON-RPC request id as JSON: a number or a string.
func validID(raw []byte) bool {
	if len(raw) == 0 || !json.Valid(raw) {
		return false
	}
	c := raw[0]
	return c == '"' || c == '-' || (c >= '0' && c <= '9')
}

// ---------------------------------------------------------------- HTTP

// redirectError is a redirect the check did not follow.
type redirectError struct {
	to string // the origin redirected to
}

// Error says where the server redirected to.
func (e *redirectError) Error() string {
	return "the server redirected the request to another origin (" + e.to + "): not followed"
}

// origin is a URL's scheme, host and port, the port made explicit.
func origin(u *url.URL) string {
	port := u.Port()
	if port == "" {
		switch u.Scheme {
		case "http":
			port = "80"
		case "https":
			port = "443"
		}
	}
	return u.Scheme + "://" + u.Hostname() + ":" + port
}

// checkRedirect follows a redirect within the origin of the first request
// (at most 10 in a row), and none to another.
func checkRedirect(req *http.Request, via []*http.Request) error {
	if o := origin(req.URL); o != origin(via[0].URL) {
		return &redirectError{to: req.URL.Scheme + "://" + req.URL.Host}
	}
	if len(via) >= 10 {
		return errors.New("the server redirected the request 10 times")
	}
	return nil
}

// httpGuard is the round tripper of the HTTP client: it adds the
// negotiated revision's MCP-Protocol-Version header to each request after
// initialize that the SDK sent without one, and bounds each response body
// to max bytes.
type httpGuard struct {
	base http.RoundTripper
	tap  *tap
	max  int64
}

// RoundTrip sends req with the negotiated revision's header and hands back
// the response with a bounded body: a JSON body over the limit is replaced
// by the tap's too-large response, an event stream ends with it where it
// would pass the limit, and any other body ends in an error at the limit.
func (g *httpGuard) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Header.Get("Mcp-Protocol-Version") == "" {
		if version := g.tap.negotiated(); version != "" {
			req = req.Clone(req.Context())
			req.Header.Set("Mcp-Protocol-Version", version)
		}
	}
	id := requestID(req)
	resp, err := g.base.RoundTrip(req)
	if err != nil {
		return resp, err
	}
	media, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	switch {
	case id != nil && resp.StatusCode/100 == 2 && media == "application/json":
		// The SDK reads a JSON body whole before it decodes it: read it
		// here, up to the limit.
		body, over, err := readCapped(resp.Body, resp.ContentLength, g.max)
		resp.Body.Close()
		if err != nil {
			return nil, err
		}
		if over {
			body = g.tap.tooLargeResponse(id)
		}
		resp.Body = io.NopCloser(bytes.NewReader(body))
		resp.ContentLength = int64(len(body))
		resp.Header.Del("Content-Length")
	case id != nil && resp.StatusCode/100 == 2 && media == "text/event-stream":
		resp.Body = &sseGuard{body: resp.Body, max: g.max, tap: g.tap, id: id}
	default:
		resp.Body = &capReader{body: resp.Body, left: g.max}
	}
	return resp, nil
}

// readCapped reads r to its end, up to limit bytes; over reports more.
// size is the length the body declares (-1 when unknown).
func readCapped(r io.Reader, size, limit int64) (body []byte, over bool, err error) {
	body = make([]byte, 0, min(max(size, 4096), limit))
	chunk := make([]byte, 32<<10)
	for {
		n, err := r.Read(chunk)
		if int64(len(body)+n) > limit {
			return nil, true, nil
		}
		body = grow(body, chunk[:n], limit)
		if err == io.EOF {
			return body, false, nil
		}
		if err != nil {
			return nil, false, err
		}
	}
}

// requestID is the id of the JSON-RPC request a POST carries, as JSON, or
// nil for a notification, a response or any other request.
func requestID(req *http.Request) []byte {
	if req.Method != http.MethodPost || req.GetBody == nil {
		return nil
	}
	body, err := req.GetBody()
	if err != nil {
		return nil
	}
	defer body.Close()
	var msg struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
	}
	if json.NewDecoder(io.LimitReader(body, 1<<20)).Decode(&msg) != nil || msg.Method == "" || !validID(msg.ID) {
		return nil
	}
	return msg.ID
}

// errBodyTooLarge ends a body that is not a JSON-RPC response (an HTTP
// error's text, say) at the limit.
var errBodyTooLarge = errors.New("the response body is over the byte limit")

// capReader ends a body in errBodyTooLarge after left bytes.
type capReader struct {
	body io.ReadCloser
	left int64
}

// Read reads from the body, up to the limit.
func (c *capReader) Read(p []byte) (int, error) {
	if c.left <= 0 {
		return 0, errBodyTooLarge
	}
	if int64(len(p)) > c.left {
		p = p[:c.left]
	}
	n, err := c.body.Read(p)
	c.left -= int64(n)
	return n, err
}

// Close closes the body.
func (c *capReader) Close() error { return c.body.Close() }

// sseGuard passes an event stream on one whole event at a time, up to max
// bytes in all: the event that would pass the limit is dropped, and in its
// place the stream ends with an event that holds the tap's too-large
// response for the request (the SDK's client never holds more of the
// stream than the limit).
type sseGuard struct {
	body  io.ReadCloser
	max   int64
	total int64
	tap   *tap
	id    []byte
	buf   []byte
	event []byte // the event in progress
	line  int    // the bytes of the line in progress, but carriage returns
	out   []byte // ready to be read
	ended bool   // the too-large response is the end
	err   error
}

// Read passes on whole events.
func (s *sseGuard) Read(p []byte) (int, error) {
	for len(s.out) == 0 {
		switch {
		case s.ended:
			return 0, io.EOF
		case s.err != nil:
			if len(s.event) == 0 {
				return 0, s.err
			}
			s.out, s.event = s.event, nil // the last event, unfinished
			continue
		}
		if s.buf == nil {
			s.buf = make([]byte, 32<<10)
		}
		n, err := s.body.Read(s.buf)
		s.scan(s.buf[:n])
		if err != nil && !s.ended {
			s.err = err
		}
	}
	n := copy(p, s.out)
	s.out = s.out[n:]
	return n, nil
}

// scan follows the stream line by line: a blank line ends an event.
func (s *sseGuard) scan(b []byte) {
	for len(b) > 0 && !s.ended {
		seg := b
		i := bytes.IndexByte(b, '\n')
		if i >= 0 {
			seg = b[:i+1]
		}
		b = b[len(seg):]
		s.total += int64(len(seg))
		if s.total > s.max {
			s.event = nil
			s.out = append(s.out, "data: "...)
			s.out = append(s.out, s.tap.tooLargeResponse(s.id)...)
			s.out = append(s.out, "\n\n"...)
			s.ended = true
			s.body.Close()
			return
		}
		s.line += len(seg) - bytes.Count(seg, []byte{'\r'}) - min(i+1, 1)
		s.event = grow(s.event, seg, s.max)
		if i < 0 {
			continue
		}
		if s.line == 0 { // a blank line: the event is whole
			if len(s.out) == 0 {
				s.out, s.event = s.event, nil
			} else {
				s.out = append(s.out, s.event...)
				s.event = s.event[:0]
			}
		}
		s.line = 0
	}
}

// Close closes the body.
func (s *sseGuard) Close() error { return s.body.Close() }

// grow appends b to buf, doubling its capacity up to limit as it goes
// (append grows a large slice by a quarter, which would allocate five
// times the limit on the way to it). len(buf)+len(b) is at most limit.
func grow(buf, b []byte, limit int64) []byte {
	if need := len(buf) + len(b); need > cap(buf) {
		grown := make([]byte, len(buf), min(max(2*cap(buf), need, 4096), int(max(limit, int64(need)))))
		copy(grown, buf)
		buf = grown
	}
	return append(buf, b...)
}

// ---------------------------------------------------------------- stdio

// stdioTransport runs a server command and speaks to it over its stdin and
// stdout, each message it writes read through a frameGuard.
type stdioTransport struct {
	cmd       *exec.Cmd
	max       int64
	tap       *tap
	terminate time.Duration // how long Close waits for the process to exit after closing stdin, then after SIGTERM
	timeout   time.Duration // how long a write to stdin may block
	guard     *frameGuard
}

// Connect starts the command.
func (t *stdioTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	stdout, err := t.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	// The pipe of stdin is made here, not by exec, so that a write to it
	// can have a deadline: a server that reads nothing must not block the
	// client's writes for ever.
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	t.cmd.Stdin = pr
	err = t.cmd.Start()
	pr.Close()
	if err != nil {
		pw.Close()
		return nil, err
	}
	t.guard = newFrameGuard(stdout, t.max, t.tap)
	it := &mcp.IOTransport{
		Reader: io.NopCloser(t.guard), // the connection closes by closing stdin
		Writer: &processInput{cmd: t.cmd, stdin: pw, timeout: t.timeout, terminate: t.terminate},
		// The guard passes on only messages within the limit; the SDK's own
		// bound is a backstop for what is no message at all.
		MaxLineLength: int(min(t.max+1<<20, 1<<40)),
	}
	return it.Connect(ctx)
}

// processInput is the server's stdin: a write that blocks longer than
// timeout fails, and so does every write after it (the SDK's client
// answers each request of the server: a server that sends many and reads
// nothing would otherwise hold each of them for the timeout); closing it
// ends the process: it closes stdin, waits for the process to exit, sends
// SIGTERM if it does not, then SIGKILL, and returns how it exited.
type processInput struct {
	cmd       *exec.Cmd
	stdin     *os.File
	timeout   time.Duration
	terminate time.Duration
	blocked   atomic.Bool
}

// Write writes to the server's stdin, within the timeout.
func (p *processInput) Write(b []byte) (int, error) {
	if p.blocked.Load() {
		return 0, errStdinBlocked
	}
	_ = p.stdin.SetWriteDeadline(time.Now().Add(p.timeout))
	n, err := p.stdin.Write(b)
	if errors.Is(err, os.ErrDeadlineExceeded) {
		p.blocked.Store(true)
		err = errStdinBlocked
	}
	return n, err
}

// errStdinBlocked is a write to a server that does not read its stdin.
var errStdinBlocked = errors.New("the server reads nothing more from its stdin")

// Close closes stdin and ends the process.
func (p *processInput) Close() error {
	if err := p.stdin.Close(); err != nil {
		return err
	}
	exited := make(chan error, 1)
	go func() { exited <- p.cmd.Wait() }()
	wait := func() (error, bool) {
		t := time.NewTimer(p.terminate)
		defer t.Stop()
		select {
		case err := <-exited:
			return err, true
		case <-t.C:
			return nil, false
		}
	}
	if err, ok := wait(); ok {
		return err
	}
	if p.cmd.Process.Signal(syscall.SIGTERM) == nil {
		if err, ok := wait(); ok {
			return err
		}
	}
	if err := p.cmd.Process.Kill(); err != nil {
		return err
	}
	if err, ok := wait(); ok {
		return err
	}
	return errors.New("the server process does not exit")
}

// frameGuard reads the messages a stdio server writes and passes each on
// whole, followed by a newline, when it is at most max bytes. It follows the JSON of each message
// (strings, nesting) without decoding it, and notes its top-level id and
// whether it has a method, a result or an error. A message over max is
// dropped as it comes, and in its place goes the tap's too-large response
// for its id: as soon as the limit is passed when the id, and a result or
// an error, came before; at its end otherwise; never for a request from the
// server (a method) or without an id. Whitespace between messages is
// dropped (a server cannot make the client buffer an endless run of it);
// any other byte between them is passed on.
type frameGuard struct {
	r   io.Reader
	max int64
	tap *tap

	buf   []byte // read from r
	out   []byte // ready to be read
	frame []byte // the message in progress, while within the limit
	err   error

	// The message in progress.
	inFrame   bool
	depth     int
	inStr     bool
	esc       bool
	n         int64
	dropping  bool
	answered  bool
	expectKey bool   // at depth 1, a key comes next
	keyStr    bool   // the string in progress is a key
	key       []byte // the key in progress, its first bytes
	keyLong   bool
	member    string // the last complete key at depth 1 (short keys only)
	idCap     bool   // the id's value is in progress
	id        []byte
	idBad     bool
	idDone    bool
	hasMethod bool
	hasAnswer bool // a result or an error member

	mu      sync.Mutex
	dropped chan struct{} // closed when the message being dropped ends
}

func newFrameGuard(r io.Reader, max int64, t *tap) *frameGuard {
	return &frameGuard{r: r, max: max, tap: t, buf: make([]byte, 32<<10)}
}

// Read passes on what is ready: whole messages within the limit, the
// bytes between them, and the responses in place of those over it.
func (g *frameGuard) Read(p []byte) (int, error) {
	for len(g.out) == 0 {
		if g.err != nil {
			if len(g.frame) > 0 { // an unfinished message: the SDK's decoder says what is wrong
				g.out, g.frame = g.frame, nil
				break
			}
			g.endDrop()
			return 0, g.err
		}
		n, err := g.r.Read(g.buf)
		g.scan(g.buf[:n])
		if err != nil {
			g.err = err
		}
	}
	n := copy(p, g.out)
	g.out = g.out[n:]
	if len(g.out) == 0 {
		g.out = nil
	}
	return n, nil
}

// waitIdle waits, up to d, until no message over the limit is being
// dropped; it reports whether none is.
func (g *frameGuard) waitIdle(ctx context.Context, d time.Duration) bool {
	g.mu.Lock()
	ch := g.dropped
	g.mu.Unlock()
	if ch == nil {
		return true
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ch:
		return true
	case <-t.C:
	case <-ctx.Done():
	}
	return false
}

// startDrop marks the message in progress as over the limit.
func (g *frameGuard) startDrop() {
	g.dropping = true
	g.frame = nil // its kept bytes go
	g.mu.Lock()
	g.dropped = make(chan struct{})
	g.mu.Unlock()
	g.answer(g.hasAnswer)
}

// endDrop marks the end of the message being dropped, if one is.
func (g *frameGuard) endDrop() {
	g.mu.Lock()
	if g.dropped != nil {
		close(g.dropped)
		g.dropped = nil
	}
	g.mu.Unlock()
}

// answer sends the too-large response for the message being dropped, once,
// when it is a response (ready: it has a result or an error, or it ended).
func (g *frameGuard) answer(ready bool) {
	if g.answered || !ready || !g.idDone || g.idBad || g.hasMethod || !validID(g.id) {
		return
	}
	g.answered = true
	g.out = append(g.out, g.tap.tooLargeResponse(g.id)...)
	g.out = append(g.out, '\n')
}

// keep adds b to the message in progress, counting it against the limit.
func (g *frameGuard) keep(b []byte) {
	g.n += int64(len(b))
	if g.dropping {
		return
	}
	if g.n > g.max {
		g.startDrop()
		return
	}
	g.frame = grow(g.frame, b, g.max)
}

// scan follows the bytes read.
func (g *frameGuard) scan(b []byte) {
	for len(b) > 0 {
		if !g.inFrame {
			// Between messages: whitespace is dropped (each message passed
			// on ends with a newline), anything else passed on (the SDK's
			// client reads it as the error it is).
			i := bytes.IndexAny(b, "{[")
			if i < 0 {
				i = len(b)
			}
			for _, c := range b[:i] {
				if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
					g.out = append(g.out, c)
				}
			}
			b = b[i:]
			if len(b) == 0 {
				return
			}
			g.begin()
		}
		if g.inStr && !g.esc {
			// The bulk of a message is strings: up to the next quote or
			// backslash at once.
			i := bytes.IndexAny(b, `"\`)
			if i < 0 {
				i = len(b)
			}
			g.strBytes(b[:i])
			g.keep(b[:i])
			b = b[i:]
			if len(b) == 0 {
				return
			}
		}
		c := b[0]
		g.keep(b[:1])
		b = b[1:]
		g.step(c)
	}
}

// begin starts a message.
func (g *frameGuard) begin() {
	g.inFrame, g.depth, g.inStr, g.esc, g.n = true, 0, false, false, 0
	g.dropping, g.answered = false, false
	g.expectKey, g.keyStr, g.key, g.keyLong, g.member = false, false, g.key[:0], false, ""
	g.idCap, g.id, g.idBad, g.idDone = false, g.id[:0], false, false
	g.hasMethod, g.hasAnswer = false, false
	if cap(g.frame) > 1<<20 {
		g.frame = nil
	}
	g.frame = g.frame[:0]
}

// strBytes notes the bytes of a string: a key's, or the id's.
func (g *frameGuard) strBytes(b []byte) {
	switch {
	case g.keyStr:
		if len(g.key)+len(b) > 16 {
			g.keyLong = true
		} else {
			g.key = append(g.key, b...)
		}
	case g.idCap:
		g.idByte(b...)
	}
}

func (g *frameGuard) idByte(b ...byte) {
	if len(g.id)+len(b) > 256 {
		g.idBad = true
		return
	}
	g.id = append(g.id, b...)
}

// step follows one byte (outside the bulk of a string).
func (g *frameGuard) step(c byte) {
	if g.inStr {
		switch {
		case g.esc:
			g.esc = false
			g.strBytes([]byte{c})
		case c == '\\':
			g.esc = true
			g.strBytes([]byte{c})
		case c == '"':
			g.inStr = false
			if g.keyStr {
				g.keyStr = false
				g.member = ""
				if !g.keyLong {
					g.member = string(g.key)
				}
				switch g.member {
				case "method":
					g.hasMethod = true
				case "result", "error":
					g.hasAnswer = true
				}
			} else if g.idCap {
				g.idByte(c)
			}
		}
		return
	}
	switch c {
	case '"':
		g.inStr = true
		if g.depth == 1 && g.expectKey {
			g.keyStr, g.key, g.keyLong, g.expectKey = true, g.key[:0], false, false
		} else if g.idCap {
			g.idByte(c)
		}
	case '{', '[':
		if g.idCap {
			g.idBad = true
		}
		g.depth++
		if g.depth == 1 {
			g.expectKey = c == '{'
		}
	case '}', ']':
		g.depth--
		if g.depth == 0 {
			g.endID()
			g.end()
		}
	case ',':
		if g.depth == 1 {
			g.endID()
			g.expectKey = true
		}
	case ':':
		if g.depth == 1 && g.member == "id" && !g.idDone {
			g.idCap, g.id = true, g.id[:0]
		}
	case ' ', '\t', '\r', '\n':
	default:
		if g.idCap {
			g.idByte(c)
		}
	}
}

// endID completes the id's value, if it was in progress.
func (g *frameGuard) endID() {
	if g.idCap {
		g.idCap, g.idDone = false, true
	}
	g.member = ""
}

// end completes a message: passed on when within the limit; otherwise its
// too-large response, if not sent yet.
func (g *frameGuard) end() {
	g.inFrame = false
	if g.dropping {
		g.answer(true)
		g.endDrop()
		return
	}
	g.frame = append(g.frame, '\n')
	if len(g.out) == 0 {
		g.out, g.frame = g.frame, nil
		return
	}
	g.out = append(g.out, g.frame...)
	g.frame = g.frame[:0]
}
