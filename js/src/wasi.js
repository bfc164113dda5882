// A minimal WASI (wasi_snapshot_preview1) for the mcpresult module: exactly
// the ten imports the Go runtime of a wasip1 reactor needs, written against
// web-standard APIs only, so that the same code runs in Node, Deno, Bun and
// workerd. node:wasi is not used: it is experimental in Node (it prints a
// warning), sends the guest's stdout to the process's (which would corrupt
// an MCP stdio stream), throws a Symbol on proc_exit, and Bun's lacks
// initialize().
//
// The module reads the clocks and random bytes; it writes to stderr only
// when the Go runtime itself fails (out of memory, a fault of the module).
// Such text goes to the sink the caller gives, never to stdout.

const ERRNO_SUCCESS = 0;
const ERRNO_BADF = 8;
const ERRNO_INVAL = 28;

/** The WASI functions this shim implements; a module that imports anything
 * else is refused when it is loaded. */
export const WASI_FUNCTIONS = [
  "args_get",
  "args_sizes_get",
  "environ_get",
  "environ_sizes_get",
  "clock_time_get",
  "fd_write",
  "random_get",
  "poll_oneoff",
  "sched_yield",
  "proc_exit",
];

/** WasiExit is thrown out of the module when the Go runtime calls
 * proc_exit (it only does so when it cannot go on): the instance is then
 * discarded. */
export class WasiExit extends Error {
  constructor(code) {
    super("the module exited with status " + code);
    this.exitCode = code;
  }
}

/**
 * createWasi returns the import object for one instance and a function that
 * binds it to the instance's memory once it exists. stderr receives what the
 * module writes to fd 1 or 2, as text (or nothing when it is undefined);
 * webcrypto is the Web Crypto object random bytes come from.
 */
export function createWasi(stderr, webcrypto) {
  let memory = null;
  const view = () => new DataView(memory.buffer);
  const decoder = new TextDecoder();
  // performance.now() is monotonic; workerd freezes it (and Date.now())
  // during a request, which only the module's GC pacing would notice
  const perf = globalThis.performance;
  const imports = {
    args_get: () => ERRNO_SUCCESS,
    args_sizes_get: (argcPtr, bufSizePtr) => {
      const v = view();
      v.setUint32(argcPtr, 0, true);
      v.setUint32(bufSizePtr, 0, true);
      return ERRNO_SUCCESS;
    },
    environ_get: () => ERRNO_SUCCESS,
    environ_sizes_get: (countPtr, bufSizePtr) => {
      const v = view();
      v.setUint32(countPtr, 0, true);
      v.setUint32(bufSizePtr, 0, true);
      return ERRNO_SUCCESS;
    },
    clock_time_get: (id, _precision, timePtr) => {
      let ns;
      if (id === 0) {
        ns = BigInt(Date.now()) * 1000000n; // realtime
      } else if (id === 1) {
        ns = BigInt(Math.round(perf.now() * 1e6)); // monotonic
      } else {
        return ERRNO_INVAL;
      }
      view().setBigUint64(timePtr, ns, true);
      return ERRNO_SUCCESS;
    },
    fd_write: (fd, iovs, iovsLen, nwrittenPtr) => {
      const v = view();
      let n = 0;
      let text = "";
      for (let i = 0; i < iovsLen; i++) {
        const ptr = v.getUint32(iovs + i * 8, true);
        const len = v.getUint32(iovs + i * 8 + 4, true);
        if (fd === 1 || fd === 2) text += decoder.decode(new Uint8Array(memory.buffer, ptr, len));
        n += len;
      }
      if (fd !== 1 && fd !== 2) return ERRNO_BADF;
      if (stderr && text) {
        try {
          stderr(text);
        } catch {
          // a failing sink must not take the module down
        }
      }
      v.setUint32(nwrittenPtr, n, true);
      return ERRNO_SUCCESS;
    },
    random_get: (ptr, len) => {
      // getRandomValues fills at most 65,536 bytes per call; workerd refuses
      // it outside a request, which is why instances are made lazily
      for (let off = 0; off < len; off += 65536) {
        webcrypto.getRandomValues(new Uint8Array(memory.buffer, ptr + off, Math.min(65536, len - off)));
      }
      return ERRNO_SUCCESS;
    },
    poll_oneoff: (inPtr, outPtr, nsubs, neventsPtr) => {
      // The Go runtime polls only to sleep until a timer, which a call of
      // this module never sets; each subscription is reported as due at
      // once rather than blocking the JS thread.
      const v = view();
      for (let i = 0; i < nsubs; i++) {
        const sub = inPtr + i * 48;
        const ev = outPtr + i * 32;
        v.setBigUint64(ev, v.getBigUint64(sub, true), true); // userdata
        v.setUint16(ev + 8, ERRNO_SUCCESS, true);
        v.setUint8(ev + 10, v.getUint8(sub + 8)); // the subscription's type
      }
      v.setUint32(neventsPtr, nsubs, true);
      return ERRNO_SUCCESS;
    },
    sched_yield: () => ERRNO_SUCCESS,
    proc_exit: (code) => {
      throw new WasiExit(code);
    },
  };
  return {
    imports: { wasi_snapshot_preview1: imports },
    bind(mem) {
      memory = mem;
    },
  };
}
