package host

import (
	"bytes"
	"context"
	"crypto/rand"
	_ "embed"
	"errors"
	"io"
	"runtime"
	"strconv"
	"sync"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"

	"github.com/mcpresult/mcpresult/abi"
	"github.com/mcpresult/mcpresult/content"
)

// Module is the WebAssembly module, built reproducibly from package wasm
// with the toolchain go.mod names: the same source gives the same bytes.
// A Host compiles it; a host of its own (see package abi) may too. It must
// not be modified.
//
//go:embed mcpresult.wasm
var Module []byte

// Defaults of Config.
const (
	// DefaultMemoryLimit bounds one instance's linear memory (bytes); a call
	// that needs more ends the instance, which is replaced.
	DefaultMemoryLimit = 1 << 30
	// DefaultHighWater is the linear memory past which an instance is
	// replaced after its call (memory never shrinks in WebAssembly).
	DefaultHighWater = 64 << 20
)

// Config configures a Host. The zero value uses the embedded module, a pool
// of GOMAXPROCS instances, no compilation cache, and the default limits.
type Config struct {
	// PoolSize is the most instances kept and run at once; 0 is
	// runtime.GOMAXPROCS(0). Instances are made on first need.
	PoolSize int
	// CompilationCacheDir, when not empty, keeps the compiled module on disk
	// so that the next process starts in tens of milliseconds rather than
	// about a second.
	CompilationCacheDir string
	// MemoryLimit bounds one instance's linear memory in bytes (rounded down
	// to 64 KiB pages); 0 is DefaultMemoryLimit.
	MemoryLimit uint64
	// HighWater is the linear memory size past which an instance is
	// replaced after a call; 0 is DefaultHighWater.
	HighWater uint64
	// Stderr receives what the module writes to its standard error (only a
	// fatal fault of the Go runtime writes there, such as running out of
	// memory): the first line of each call's, at most 256 bytes, so that a
	// fault logs one line and never the runtime's dump; nil discards it.
	Stderr io.Writer
	// ModuleBytes replaces the embedded module (for tests of other builds).
	ModuleBytes []byte
	// InterruptCalls makes a cancelled or expired context stop a call that
	// is already running in the module (wazero's close-on-context-done),
	// rather than only the calls that have not started. It costs every
	// call: the compiled code then leaves the module at each loop
	// iteration to look at the context, which makes a small build about 3.7
	// times slower (see the package doc). Without it a call that has
	// started runs to its end, which the request size and the byte budget
	// bound, and then returns the context's error.
	InterruptCalls bool
}

// Host runs the module: it compiles it once and keeps a bounded pool of
// instances, each used by one call at a time. It is safe for concurrent use.
type Host struct {
	rt       wazero.Runtime
	compiled wazero.CompiledModule
	cfg      Config
	idle     chan *instance
	slots    chan struct{} // one per live instance
	mu       sync.Mutex
	closed   bool
	stats    Stats
}

// Stats count a Host's instances.
type Stats struct {
	Made      int    // instances instantiated
	Discarded int    // instances closed after a trap, a cancelled call, or past the high-water mark
	Memory    uint64 // the largest linear memory an instance had after a call, in bytes
}

// Stats returns the counts so far.
func (h *Host) Stats() Stats {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.stats
}

// instance is one instantiated module and its exports.
type instance struct {
	mod               api.Module
	alloc, free, call api.Function
	mem               api.Memory
	stderr            *firstLine
}

// New compiles the module and makes its first instance, which checks the
// module's ABI version. Close releases everything.
func New(ctx context.Context, c Config) (*Host, error) {
	if c.PoolSize <= 0 {
		c.PoolSize = runtime.GOMAXPROCS(0)
	}
	if c.MemoryLimit == 0 {
		c.MemoryLimit = DefaultMemoryLimit
	}
	if c.HighWater == 0 {
		c.HighWater = DefaultHighWater
	}
	bin := c.ModuleBytes
	if bin == nil {
		bin = Module
	}
	pages := uint32(min(c.MemoryLimit/65536, 65536))
	rc := wazero.NewRuntimeConfig().WithCloseOnContextDone(c.InterruptCalls).WithMemoryLimitPages(pages)
	if c.CompilationCacheDir != "" {
		cache, err := wazero.NewCompilationCacheWithDir(c.CompilationCacheDir)
		if err != nil {
			return nil, err
		}
		rc = rc.WithCompilationCache(cache)
	}
	rt := wazero.NewRuntimeWithConfig(ctx, rc)
	if _, err := wasi_snapshot_preview1.Instantiate(ctx, rt); err != nil {
		rt.Close(ctx)
		return nil, err
	}
	compiled, err := rt.CompileModule(ctx, bin)
	if err != nil {
		rt.Close(ctx)
		return nil, err
	}
	h := &Host{rt: rt, compiled: compiled, cfg: c,
		idle: make(chan *instance, c.PoolSize), slots: make(chan struct{}, c.PoolSize)}
	h.slots <- struct{}{}
	first, err := h.instantiate(ctx)
	if err != nil {
		rt.Close(ctx)
		return nil, err
	}
	v, err := first.mod.ExportedFunction("mcpresult_abi_version").Call(ctx)
	if err != nil || len(v) != 1 || int32(v[0]) != abi.Version {
		rt.Close(ctx)
		got := "none"
		if err == nil && len(v) == 1 {
			got = strconv.Itoa(int(int32(v[0])))
		}
		return nil, errors.New("mcpresult/host: the module speaks ABI version " + got + ", this host " + strconv.Itoa(abi.Version))
	}
	h.idle <- first
	return h, nil
}

// instantiate makes an instance: the real clock and random source (wazero's
// defaults are a frozen clock and fixed bytes), _initialize run once (the
// module is a reactor), no name (so that instances do not clash).
func (h *Host) instantiate(ctx context.Context) (*instance, error) {
	mc := wazero.NewModuleConfig().WithName("").
		WithStartFunctions("_initialize").
		WithSysWalltime().WithSysNanotime().WithSysNanosleep().
		WithRandSource(rand.Reader)
	stderr := &firstLine{out: h.cfg.Stderr}
	mc = mc.WithStderr(stderr)
	mod, err := h.rt.InstantiateModule(ctx, h.compiled, mc)
	if err != nil {
		return nil, err
	}
	h.mu.Lock()
	h.stats.Made++
	h.mu.Unlock()
	in := &instance{mod: mod, mem: mod.Memory(), stderr: stderr,
		alloc: mod.ExportedFunction("mcpresult_alloc"),
		free:  mod.ExportedFunction("mcpresult_free"),
		call:  mod.ExportedFunction("mcpresult_call")}
	if in.alloc == nil || in.free == nil || in.call == nil || in.mem == nil {
		mod.Close(ctx)
		return nil, errors.New("mcpresult/host: the module lacks the exports of the ABI")
	}
	return in, nil
}

// ErrClosed is returned by calls on a closed Host.
var ErrClosed = errors.New("mcpresult/host: closed")

// acquire takes an idle instance, or makes one when the pool has room, or
// waits for one until ctx is done.
func (h *Host) acquire(ctx context.Context) (*instance, error) {
	select {
	case in := <-h.idle:
		return in, nil
	default:
	}
	select {
	case in := <-h.idle:
		return in, nil
	case h.slots <- struct{}{}:
		in, err := h.instantiate(ctx)
		if err != nil {
			<-h.slots
			return nil, err
		}
		return in, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// release returns an instance to the pool, or discards it (and frees its
// slot) when it failed or grew past the high-water mark.
func (h *Host) release(ctx context.Context, in *instance, broken bool) {
	h.mu.Lock()
	closed := h.closed
	size := uint64(in.mem.Size())
	h.stats.Memory = max(h.stats.Memory, size)
	discard := broken || closed || size > h.cfg.HighWater
	if discard {
		h.stats.Discarded++
	}
	h.mu.Unlock()
	if discard {
		in.mod.Close(context.WithoutCancel(ctx))
		<-h.slots
		return
	}
	h.idle <- in
}

// Call sends a raw MessagePack request to op and returns the raw response
// (for hosts that already speak MessagePack). An error is the host's own:
// a closed Host, a cancelled context or deadline (which also stops a
// running call with Config.InterruptCalls), or an instance that trapped; the instance is then replaced
// and the Host keeps serving. The request's own faults are error responses.
func (h *Host) Call(ctx context.Context, op abi.Op, req []byte) ([]byte, error) {
	h.mu.Lock()
	closed := h.closed
	h.mu.Unlock()
	if closed {
		return nil, ErrClosed
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if len(req) > abi.MaxRequest {
		return abi.AppendError(nil, content.NewError(content.CodeMaxBytes, "", "the request is larger than "+strconv.Itoa(abi.MaxRequest)+" bytes")), nil
	}
	in, err := h.acquire(ctx)
	if err != nil {
		if h.isClosed() {
			return nil, ErrClosed
		}
		return nil, err
	}
	in.stderr.reset()
	resp, err := in.do(ctx, op, req)
	if err != nil {
		in.stderr.flush()
	}
	oom := err != nil && in.stderr.outOfMemory()
	h.release(ctx, in, err != nil)
	if err == nil && ctx.Err() != nil {
		return nil, ctx.Err() // done while the call ran to its end
	}
	if err != nil {
		switch {
		case h.isClosed():
			return nil, ErrClosed // closed while the call ran
		case ctx.Err() != nil:
			return nil, ctx.Err()
		case oom:
			// The request needed more memory than Config.MemoryLimit: the
			// budget's code, as for a request too large to send.
			return abi.AppendError(nil, content.NewError(content.CodeMaxBytes, "", "the request needs more memory than the instance's limit of "+strconv.FormatUint(h.cfg.MemoryLimit, 10)+" bytes")), nil
		}
		return nil, errors.New("mcpresult/host: the module failed: " + err.Error())
	}
	return resp, nil
}

// do runs one call on the instance: alloc, write, call, read, free both.
func (in *instance) do(ctx context.Context, op abi.Op, req []byte) ([]byte, error) {
	r, err := in.alloc.Call(ctx, uint64(len(req)))
	if err != nil {
		return nil, err
	}
	ptr := uint32(r[0])
	if ptr == 0 || !in.mem.Write(ptr, req) {
		return nil, errors.New("allocation failed")
	}
	r, err = in.call.Call(ctx, uint64(uint32(op)), uint64(ptr), uint64(len(req)))
	if err != nil {
		return nil, err
	}
	rp, rn := uint32(r[0]>>32), uint32(r[0])
	view, ok := in.mem.Read(rp, rn) // a fresh view: memory may have grown
	if !ok {
		return nil, errors.New("the response is outside memory")
	}
	resp := append([]byte(nil), view...)
	if _, err := in.free.Call(ctx, uint64(rp)); err != nil {
		return nil, err
	}
	if _, err := in.free.Call(ctx, uint64(ptr)); err != nil {
		return nil, err
	}
	return resp, nil
}

func (h *Host) isClosed() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.closed
}

// Close releases every instance and the compiled module; calls after it
// return ErrClosed. A call already running in the module also returns
// ErrClosed: at once with Config.InterruptCalls, otherwise when its work
// ends (bounded, as a call's work is, by the request size and the budget).
func (h *Host) Close(ctx context.Context) error {
	h.mu.Lock()
	h.closed = true
	h.mu.Unlock()
	return h.rt.Close(ctx)
}

// firstLine keeps the first line of what the module writes to its standard
// error during one call, and passes that line (at most 256 bytes) on to out:
// a fatal fault of the Go runtime writes one line that says what happened
// ("fatal error: out of memory"), then a dump of every goroutine, which a
// request could otherwise make the host log at will.
type firstLine struct {
	out  io.Writer
	line []byte
	done bool // the first line ended, or is as long as kept
}

const firstLineMax = 256

func (f *firstLine) reset() { f.line, f.done = f.line[:0], false }

func (f *firstLine) Write(p []byte) (int, error) {
	if f.done {
		return len(p), nil
	}
	end := len(p)
	if i := bytes.IndexByte(p, '\n'); i >= 0 {
		end, f.done = i, true
	}
	if room := firstLineMax - len(f.line); end > room {
		end, f.done = room, true
	}
	f.line = append(f.line, p[:end]...)
	if f.done && f.out != nil {
		f.out.Write(append(f.line, '\n'))
	}
	return len(p), nil
}

// flush passes on a first line the call left unfinished.
func (f *firstLine) flush() {
	if !f.done && len(f.line) > 0 && f.out != nil {
		f.out.Write(append(f.line, '\n'))
	}
	f.done = true
}

// outOfMemory reports whether the call's first line says the module ran
// out of memory.
func (f *firstLine) outOfMemory() bool {
	return bytes.Contains(f.line, []byte("out of memory"))
}
