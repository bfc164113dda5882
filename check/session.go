package check

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/mcpresult/mcpresult/internal/textesc"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// session is one connection to the server, for one revision.
type session struct {
	o        Options
	checks   checks
	kept     *int64 // the bytes the report keeps, across revisions
	rev      string
	tap      *tap
	stderr   *tailBuffer     // the stdio server's stderr, its end
	stdio    *stdioTransport // the stdio server's transport
	cs       *mcp.ClientSession
	progress func(string)
	notKept  int // results checked and left out of the report
	// shapes are the revision_mismatch findings of the session.
	shapes shapeLog
	// listed are the names of the tools the server lists (the probe's
	// name is none of them).
	listed map[string]bool
	// lastSent are the requests of the last exchange; owners, by request
	// id, the findings that a repeated answer to it joins: its call's or
	// read's (a repeated answer to initialize, a list or ping is the
	// revision's).
	lastSent *sentLog
	owners   map[jsonrpc.ID]*[]Finding
	// apps are the tools that link an MCP Apps page, and what the read
	// of each page gave.
	apps appState
}

// own makes the findings the place of a repeated answer to the requests of
// the last exchange.
func (s *session) own(fs *[]Finding) {
	if s.lastSent == nil {
		return
	}
	if s.owners == nil {
		s.owners = map[jsonrpc.ID]*[]Finding{}
	}
	for _, id := range s.lastSent.ids() {
		s.owners[id] = fs
	}
}

// ended tells Options.Ended of an exchange that ended.
func (s *session) ended(step Step) {
	if s.o.Ended != nil {
		step.Revision = s.rev
		s.o.Ended(step)
	}
}

// flushWait bounds the ping that flush sends.
const flushWait = 2 * time.Second

// flush sends a ping at the end of a revision and waits for its answer (at
// most flushWait, or Options.Timeout when shorter): a server answers in the
// order it writes, so a repeated answer it wrote after the answer to the
// last call has then been read, and counted. A server that does not answer
// gets a note. Any answer will do, a JSON-RPC error too: all that counts is
// that it came after the others.
func (s *session) flush(ctx context.Context, rr *RevisionReport) {
	if ctx.Err() != nil {
		return
	}
	wait := min(flushWait, s.o.Timeout)
	resp, _ := s.exchangeWithin(ctx, "ping", wait, func(ctx context.Context) error { return s.cs.Ping(ctx, nil) })
	if resp == nil && ctx.Err() == nil {
		rr.Notes = append(rr.Notes, "ping got no answer within "+wait.String()+": answers the server sent after that were not looked at for repeats ("+string(CodeDuplicateResponse)+")")
	}
}

// repeatedAnswers adds a duplicate_response finding for each request the
// server answered more than once (to the findings of its call or read, or
// of the revision), and for each id it answered that the check never
// sent (the revision's).
func (s *session) repeatedAnswers(rr *RevisionReport) {
	ids, rs, dropped := s.tap.repeatedResponses()
	for i, r := range rs {
		if r.stray {
			rr.Findings = append(rr.Findings, Finding{Severity: Error, Code: CodeDuplicateResponse,
				Message: "the server sent " + times(r.n, "a response") + " for request id " + idText(ids[i]) +
					", which the check never sent: a client drops it, or takes it for the answer to a later request of that id"})
			continue
		}
		same := "the same as the first, byte for byte"
		if r.differs {
			same = "not the same as the first"
		}
		tail := ": clients take the first answer, and that is what was checked; JSON-RPC gives a request one response, and a client that reads a later one sees another answer"
		if fs, ok := s.owners[ids[i]]; ok {
			*fs = append(*fs, Finding{Severity: Error, Code: CodeDuplicateResponse,
				Message: "the server answered this request " + times(r.n, "more time") + " after its first answer (" + same + ")" + tail})
			continue
		}
		rr.Findings = append(rr.Findings, Finding{Severity: Error, Code: CodeDuplicateResponse,
			Message: "the server answered " + r.method + " (request id " + idText(ids[i]) + ") " + times(r.n, "more time") + " after its first answer (" + same + ")" + tail})
	}
	if dropped > 0 {
		rr.Findings = append(rr.Findings, Finding{Severity: Error, Code: CodeDuplicateResponse,
			Message: "the server sent " + times(dropped, "more response") + " for requests answered already, or never sent, past the " + strconv.Itoa(maxRepeatIDs) + " ids told apart above"})
	}
}

// times writes "once more", "2 more times"; "a response", "2 responses".
func times(n int, what string) string {
	switch {
	case what == "more time" && n == 1:
		return "once more"
	case what == "a response" && n == 1:
		return "a response"
	case what == "a response":
		return strconv.Itoa(n) + " responses"
	}
	return plural(n, what)
}

// idText is a request id for a message: a number as it is, a string
// quoted (at most 100 characters).
func idText(id jsonrpc.ID) string {
	switch v := id.Raw().(type) {
	case int64:
		return strconv.FormatInt(v, 10)
	case string:
		return quoteName(v)
	}
	return fmt.Sprint(id.Raw())
}

// sdkError is an error of the SDK's client without its "calling …" prefix.
func sdkError(err error) string {
	msg := err.Error()
	if strings.HasPrefix(msg, "calling \"") {
		if i := strings.Index(msg, "\": "); i > 0 {
			msg = msg[i+3:]
		}
	}
	if msg == "EOF" || strings.HasSuffix(msg, ": EOF") {
		msg += " (the response has no result to read)"
	}
	return msg
}

// exchange sends one request through the SDK's client (send) and returns
// the response the server sent for it, as received (nil when none came:
// the error says why), and the error of the SDK's call. Over stdio, it
// first waits, up to the timeout, for the end of a message over the limit
// that the server may still be sending (errStillSending when it does not
// end).
func (s *session) exchange(ctx context.Context, method string, send func(context.Context) error) (*rawResponse, error) {
	return s.exchangeWithin(ctx, method, s.o.Timeout, send)
}

// exchangeWithin is exchange with a timeout of its own. The requests it
// sent are s.lastSent until the next exchange (see own).
func (s *session) exchangeWithin(ctx context.Context, method string, timeout time.Duration, send func(context.Context) error) (*rawResponse, error) {
	s.lastSent = nil
	if s.stdio != nil && s.stdio.guard != nil && !s.stdio.guard.waitIdle(ctx, timeout) {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, errStillSending
	}
	cctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	sent := &sentLog{}
	s.lastSent = sent
	err := send(context.WithValue(cctx, sentKey{}, sent))
	// A send that failed because the timeout passed got no answer in time,
	// even when the server's answer to the cancellation that follows (an
	// error, as a handler that honours it gives) was captured since.
	late := err != nil && cctx.Err() != nil && ctx.Err() == nil
	if id, ok := sent.last(method); ok {
		if resp, ok := s.tap.take(id); ok && !late {
			return resp, err
		}
	}
	if err == nil {
		err = errors.New("no response was captured") // the SDK answered from its cache
	}
	if cctx.Err() != nil && ctx.Err() == nil {
		err = errTimeout
	}
	return nil, err
}

var (
	errTimeout      = errors.New("no answer within the timeout")
	errStillSending = errors.New("the server is still sending a message over the byte limit, past the timeout")
)

// lost reports an error after which the session is of no more use.
func lost(err error) bool {
	return errors.Is(err, mcp.ErrConnectionClosed) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, errStillSending)
}

// noResponse is the finding of a request that got no answer: the run
// stopped, the server redirected it elsewhere, or no answer came.
func (s *session) noResponse(ctx context.Context, err error) Finding {
	var re *redirectError
	switch {
	case ctx.Err() != nil:
		return Finding{Severity: Error, Code: CodeCutShort, Message: "no answer before the run stopped (" + stopped(ctx) + ")"}
	case errors.As(err, &re):
		return Finding{Severity: Error, Code: CodeRedirectRefused, Message: re.Error()}
	case errors.Is(err, errTimeout):
		return Finding{Severity: Error, Code: CodeNoResponse, Message: "no answer within " + s.o.Timeout.String()}
	}
	return Finding{Severity: Error, Code: CodeNoResponse, Message: "no answer: " + sdkError(err)}
}

// tooLarge is the finding of a response over the limit.
func (s *session) tooLarge() Finding {
	return Finding{Severity: Error, Code: CodeResponseTooLarge,
		Message: "the response is over " + byteSize(s.o.MaxResponseBytes) + ", the limit of a response: it was not read past the limit, nor checked"}
}

// byteSize writes a number of bytes for people: 16 MiB, 1 KiB, 1000 bytes.
func byteSize(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return strconv.FormatInt(n>>30, 10) + " GiB"
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.FormatInt(n>>20, 10) + " MiB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.FormatInt(n>>10, 10) + " KiB"
	case n == 1:
		return "1 byte"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}

// listPages lists the pages of a list method, returning each page's items
// (the member named key of each result) as received, until the last page,
// more than limit items, Options.MaxPages pages, a cursor given before or a
// page over the byte limit (each of the last three with a finding of the
// revision). reason is set when the session failed.
func (s *session) listPages(ctx context.Context, method, key string, limit int, list func(context.Context, string) error) (items []json.RawMessage, fs []Finding, reason string) {
	cursor := ""
	seen := map[string]bool{}
	for page := 1; ; page++ {
		s.progress(method + pageNote(page))
		c := cursor
		resp, err := s.exchange(ctx, method, func(ctx context.Context) error { return list(ctx, c) })
		if resp == nil {
			return items, fs, method + " failed: " + noAnswer(err, s.o.Timeout)
		}
		if resp.TooLarge {
			return items, append(fs, Finding{Severity: Warning, Code: CodeListTooLarge,
				Message: method + pageNote(page) + " is over " + byteSize(s.o.MaxResponseBytes) + ", the limit of a response: stopped listing"}), ""
		}
		if resp.Error != nil {
			return items, fs, method + " failed: JSON-RPC error " + strconv.FormatInt(resp.Error.Code, 10) + ": " + clip(resp.Error.Message, 300)
		}
		var res struct {
			NextCursor *string `json:"nextCursor"`
		}
		var members map[string]json.RawMessage
		if json.Unmarshal(resp.Result, &members) != nil || json.Unmarshal(resp.Result, &res) != nil {
			return items, fs, method + " failed: its result is not an object of the expected shape"
		}
		var pageItems []json.RawMessage
		if raw, ok := members[key]; ok && json.Unmarshal(raw, &pageItems) != nil {
			return items, fs, method + " failed: its " + key + " is not an array"
		}
		typ := map[string]string{"tools": "Tool", "resources": "Resource"}[key]
		s.shapes.look(s.rev, method+pageNote(page), "List"+typ+"sResult", "", members)
		s.shapes.lookItems(s.rev, method+pageNote(page), typ, key, pageItems)
		items = append(items, pageItems...)
		if len(items) > limit || res.NextCursor == nil || *res.NextCursor == "" {
			return items, fs, ""
		}
		cursor = *res.NextCursor
		if seen[cursor] {
			return items, append(fs, Finding{Severity: Warning, Code: CodeCursorRepeated,
				Message: method + " gave a cursor it had given before: stopped listing"}), ""
		}
		seen[cursor] = true
		if page >= s.o.MaxPages {
			return items, append(fs, Finding{Severity: Warning, Code: CodeTooManyPages,
				Message: method + " has more than " + strconv.Itoa(s.o.MaxPages) + " pages: stopped listing"}), ""
		}
	}
}

func pageNote(page int) string {
	if page == 1 {
		return ""
	}
	return " (page " + strconv.Itoa(page) + ")"
}

// noAnswer says why a request got no answer.
func noAnswer(err error, timeout time.Duration) string {
	if errors.Is(err, errTimeout) {
		return "no answer within " + timeout.String()
	}
	return sdkError(err)
}

// clip cuts a text from the server to n characters, with an ellipsis,
// with what looks like a secret redacted (redactSecrets): it is what the
// driver does to a text from the server before it quotes it, cuts it or
// puts it in a note, a reason or a progress message, so that no cut or
// quote can leave part of a secret, or hide one from the redaction of what
// is printed (escapeText, WriteJSON).
func clip(s string, n int) string {
	s = redactSecrets(s)
	if len(s) <= n {
		return s
	}
	return shorten(strings.ToValidUTF8(s, "\uFFFD"), n)
}

// quoteName quotes a name from the server for a note: secrets redacted,
// control characters escaped, at most 100 characters.
func quoteName(s string) string {
	return strconv.Quote(clip(s, 100))
}

// printable is a name from the server as a progress message shows it: as it
// is when it holds nothing that escapeText would escape (textesc.Text),
// quoted (control characters escaped) otherwise; at most 100 characters,
// secrets redacted.
func printable(s string) string {
	s = clip(s, 100)
	if textesc.Text.Needs(s) {
		return strconv.Quote(s)
	}
	return s
}

// keep gives what the report keeps of a response: all of it while
// Options.MaxKeptBytes allows, then no result, and of an error its code and
// the start of its message.
func (s *session) keep(resp *rawResponse) (json.RawMessage, *RPCError) {
	n := int64(len(resp.Result))
	if resp.Error != nil {
		n += int64(len(resp.Error.Message) + len(resp.Error.Data))
	}
	if *s.kept+n <= s.o.MaxKeptBytes {
		*s.kept += n
		return resp.Result, resp.Error
	}
	s.notKept++
	if resp.Error == nil {
		return nil, nil
	}
	return nil, &RPCError{Code: resp.Error.Code, Message: clip(resp.Error.Message, 300)}
}

// outcome names what a response was.
func outcome(r *rawResponse) string {
	if r.Error != nil {
		return OutcomeRPCError
	}
	if len(r.Result) == 0 {
		return OutcomeMalformed
	}
	var res struct {
		IsError bool `json:"isError"`
	}
	if json.Unmarshal(r.Result, &res) == nil && res.IsError {
		return OutcomeToolError
	}
	return OutcomeResult
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	buf []byte
	cut bool // bytes before buf were dropped
}

// Write appends p, keeping the last max bytes.
func (b *tailBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.buf = append(b.buf, p...)
	if over := len(b.buf) - b.max; over > 0 {
		b.buf = append(b.buf[:0], b.buf[over:]...)
		b.cut = true
	}
	return len(p), nil
}

// lastLines is the last n non-empty lines, each indented, with what looks
// like a secret redacted in the whole of what is kept before the lines are
// taken (a private key's last lines, without its first, are redacted too).
// After a cut, the first line kept, which may be the end of a longer one
// (the end of a secret too), is left out.
func (b *tailBuffer) lastLines(n int) string {
	b.mu.Lock()
	text := string(b.buf)
	cut := b.cut
	b.mu.Unlock()
	if cut {
		_, text, _ = strings.Cut(text, "\n")
	}
	text = redactSecrets(text)
	var lines []string
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimRight(l, "\r \t"); l != "" {
			lines = append(lines, "    "+l)
		}
	}
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
