// The module's instance and the ABI calls. Every runtime quirk lives in a
// loader (node.js, edge.js, workerd.js), which says what its runtime can
// do in a Capabilities record, or in wasi.js, with the reason beside it.

import { createWasi, WasiExit, WASI_FUNCTIONS } from "./wasi.js";
import { Encoder } from "./encode.js";
import { decode, readBuilt, equalBytes } from "./decode.js";
import { ABI_VERSION, MAX_REQUEST, OP_BUILD } from "./facts.js";
import { McpResultError } from "./errors.js";
import { isObject } from "./objects.js";

/**
 * Capabilities is what a loader tells the engine about its runtime.
 *
 * @typedef {object} Capabilities
 * @property {boolean} startAtLoad Start an instance when the API is made
 *   (and so refuse a module of another ABI version at load). False where
 *   the runtime refuses randomness, which the Go runtime's start needs, at
 *   load time (workerd at a Worker's global scope): the first call starts
 *   it instead.
 * @property {{ getRandomValues(bytes: Uint8Array): Uint8Array }} crypto The
 *   Web Crypto object the module's random bytes come from (the global
 *   crypto, which Node 18 has only as node:crypto's webcrypto).
 */

/** The memory past which an instance is replaced after a call, unless
 * options.highWaterBytes says otherwise. */
const DEFAULT_HIGH_WATER = 64 * 1024 * 1024;

/**
 * Engine owns one instance of the module at a time. JS runs one call at a
 * time per thread, so one instance is all a runtime needs. An instance is
 * made on the first call (workerd allows no randomness, and so no Go
 * runtime start, at global scope), replaced after a trap, and replaced once
 * its memory grew past the high-water mark (linear memory never shrinks).
 */
export class Engine {
  /**
   * @param {WebAssembly.Module} module a module checkModule accepted
   * @param {{ stderr?: (text: string) => void, highWaterBytes?: number }} options
   * @param {Capabilities} capabilities
   */
  constructor(module, options, capabilities) {
    this.module = module;
    this.crypto = capabilities.crypto;
    this.stderr = options.stderr;
    this.highWater = options.highWaterBytes ?? DEFAULT_HIGH_WATER;
    this.instance = null;
    this.exports = null;
    this.memory = null;
    this.encoder = new Encoder(); // reused from call to call
    // the record of the settings of the last build's response: their bytes
    // and, decoded once, their frozen value (a run of builds almost always
    // has the same)
    this.built = null;
    this.info = null; // the info op's response, which a module never changes
    this.stats = { instances: 0, discarded: 0, recycled: 0, maxMemoryBytes: 0 };
  }

  start() {
    const wasi = createWasi(this.stderr, this.crypto);
    const instance = new WebAssembly.Instance(this.module, wasi.imports);
    const ex = instance.exports;
    wasi.bind(ex.memory);
    ex._initialize();
    const v = ex.mcpresult_abi_version();
    if (v !== ABI_VERSION) {
      throw new McpResultError("internal", "", "the module speaks ABI version " + v + ", this package " + ABI_VERSION);
    }
    this.instance = instance;
    this.exports = ex;
    this.memory = ex.memory;
    this.stats.instances++;
  }

  /** acquire gives the encoder for a new request: the engine's own, or a
   * new one when the engine's is in use (a toJSON of a value being written
   * may itself build a result). */
  acquire() {
    const e = this.encoder.busy ? new Encoder() : this.encoder;
    e.busy = true;
    e.begin(MAX_REQUEST);
    return e;
  }

  /** release ends a request, and lets go of a large buffer. */
  release(e) {
    e.busy = false;
    if (e.buf.length > 1 << 20) e.reset();
  }

  /** drop lets go of the instance; the next call starts a new one. */
  drop() {
    this.instance = this.exports = this.memory = null;
  }

  discard() {
    this.drop();
    this.stats.discarded++;
  }

  /** call sends the encoder's current request to op and returns the decoded
   * response. A trap, an exit or a malformed response discards the
   * instance and throws McpResultError internal. The response of a build
   * that succeeded is read without walking it (see builtResponse). */
  call(op, req) {
    if (req.length > MAX_REQUEST) {
      throw new McpResultError("max_bytes", "", "the request is larger than the module accepts");
    }
    let resp;
    try {
      if (this.instance === null) this.start();
      const ex = this.exports;
      const ptr = ex.mcpresult_alloc(req.length);
      if (ptr === 0) throw new Error("the module could not allocate the request");
      new Uint8Array(this.memory.buffer, ptr, req.length).set(req);
      const packed = BigInt.asUintN(64, ex.mcpresult_call(op, ptr, req.length));
      const rptr = Number(packed >> 32n);
      const rlen = Number(packed & 0xffffffffn);
      // a fresh view: the call may have grown (and so detached) the memory
      const view = new Uint8Array(this.memory.buffer, rptr, rlen);
      resp = (op === OP_BUILD ? this.builtResponse(view) : null) ?? decode(view);
      ex.mcpresult_free(ptr);
      ex.mcpresult_free(rptr);
    } catch (err) {
      if (err instanceof McpResultError) throw err; // another ABI version
      this.discard();
      const why = err instanceof WasiExit ? err.message : "the module failed (" + (err && err.message) + ")";
      throw new McpResultError("internal", "", why + "; a new instance serves the next call");
    }
    if (!wellFormedResponse(resp)) {
      this.discard();
      throw new McpResultError("internal", "", "malformed response from the module");
    }
    const size = this.memory.buffer.byteLength;
    if (size > this.stats.maxMemoryBytes) this.stats.maxMemoryBytes = size;
    if (size > this.highWater) {
      this.drop();
      this.stats.recycled++;
    }
    return resp;
  }

  /** builtResponse reads the response of a build that succeeded, of
   * exactly the shape the module writes (readBuilt): {ok: true, json,
   * settings, built}, where built is the record of the settings (see
   * request.js): their frozen value (settings) and their bytes, which a
   * request may send as they are; when the module answers the same
   * settings as for the build before, the very same record. Any other
   * response gives null, for decode. */
  builtResponse(view) {
    const r = readBuilt(view);
    if (r === null) return null;
    let last = this.built;
    if (last === null || !equalBytes(last.bytes, r.settings)) {
      let value;
      try {
        value = decode(r.settings);
      } catch {
        return null; // decode reports the whole response
      }
      last = this.built = { bytes: r.settings.slice(), value: Object.freeze(value) };
    }
    return { ok: true, json: r.json, settings: last.value, built: last, wireAs: r.wireAs, wire: r.wire, refs: r.refs };
  }
}

/** wellFormedResponse checks the part of a response every op has. */
function wellFormedResponse(r) {
  if (!isObject(r) || typeof r.ok !== "boolean") return false;
  if (r.ok) return true;
  const e = r.error;
  return isObject(e) && typeof e.code === "string" && typeof e.path === "string" && typeof e.message === "string";
}

/** checkModule checks that a compiled module is an mcpresult module this
 * package can run: its exports, and imports this WASI shim has. */
export function checkModule(module) {
  const names = new Set(WebAssembly.Module.exports(module).map((e) => e.name));
  for (const want of ["memory", "_initialize", "mcpresult_abi_version", "mcpresult_alloc", "mcpresult_free", "mcpresult_call"]) {
    if (!names.has(want)) {
      throw new McpResultError("internal", "", "not an mcpresult module: it does not export " + want);
    }
  }
  for (const imp of WebAssembly.Module.imports(module)) {
    if (imp.module !== "wasi_snapshot_preview1" || !WASI_FUNCTIONS.includes(imp.name)) {
      throw new McpResultError("internal", "", "the module imports " + imp.module + "." + imp.name + ", which this package does not provide");
    }
  }
}
