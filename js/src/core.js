// The runtime-independent core of the mcpresult package: the module's
// instance, the ABI calls, and the API. The loaders (node.js, workerd.js,
// edge.js) only find the module's bytes or compiled module and hand them
// here; every runtime quirk lives in its loader or in wasi.js, with the
// reason beside it.
//
// The JS side decides only what only JS can see: how a JS value is written
// (codec.js). Every rule about results is checked in the module, so a JS
// caller gets the same bytes, checks and codes as a Go caller.

import { createWasi, WasiExit, WASI_FUNCTIONS } from "./wasi.js";
import { Encoder, EncodeLimit, decode, parseExact, applyToJSON, wellFormed, msgMaxBytes, msgMaxNodes, msgMaxDepth, MODE_JSON, MODE_STRICT } from "./codec.js";
// MAX_REQUEST: a larger request is refused here with max_bytes, as the Go
// host refuses it. NODE_ALLOWANCE: how many values past the budget's bound
// the module reads of an input (room for a request's own options).
import {
  ABI_VERSION,
  OP_INFO,
  OP_BUILD,
  OP_SERIALIZE,
  OP_VALIDATE,
  OP_OUTPUT_SCHEMA,
  MAX_REQUEST,
  NODE_ALLOWANCE,
  MIN_MAX_JSON_BYTES,
  MAX_MAX_JSON_BYTES,
  DEFAULT_MAX_JSON_BYTES,
  MIN_MAX_NODES,
  MAX_MAX_NODES,
  DEFAULT_MAX_NODES,
  MAX_RESULT_DEPTH,
  MAX_PARSE_DEPTH,
} from "./facts.js";

export { ABI_VERSION };

/** The codes of a call's own options and settings, which Go gives before
 * any fault of the value. */
const CALL_ERRORS = new Set(["invalid_option", "unknown_option", "duplicate_option", "unsupported_protocol_version"]);

const DEFAULT_HIGH_WATER = 64 * 1024 * 1024;

/** The texts of the results wrap gives in place of a private failure. */
export const EXECUTION_FAILED_TEXT = "tool execution failed";
export const INVALID_OUTPUT_TEXT = "tool output was invalid";

/**
 * McpResultError is what a failing call throws: a stable code, a JSON
 * Pointer path to the offending place in the value as the caller gave it,
 * and a message for people that never repeats the rejected value. The
 * message reads as a Go error does ("mcpresult: <code> at <path>: <text>"),
 * with the control characters of the path escaped (see printablePath).
 * What a caller's own code throws while its value is read (a getter, a
 * toJSON, a Proxy trap) is not wrapped: it reaches the caller as it was
 * thrown, as from JSON.stringify.
 */
export class McpResultError extends Error {
  constructor(code, path, message, errors) {
    super("mcpresult: " + code + " at " + (path === "" ? '""' : printablePath(String(path))) + ": " + message);
    this.name = "McpResultError";
    this.code = code;
    this.path = path;
    if (errors !== undefined) this.errors = errors;
  }
}

// The characters a path is printed with escaped: C0 controls, DEL, C1
// controls, the line and paragraph separators, and the bidirectional
// embedding, override and isolate controls, which could make a message
// read as something other than what it says.
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** printablePath is a path as a message prints it: each character of
 * UNPRINTABLE as a JSON escape \uXXXX (lowercase hex), everything else as it
 * is. The error's path property keeps the exact JSON Pointer. */
export function printablePath(p) {
  return p.replace(UNPRINTABLE, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
}

/**
 * ClientError is an error whose message is safe to show to the client.
 * Thrown from a handler that wrap wraps, it becomes the result
 * error(message, code) gives; every other error stays private.
 */
export class ClientError extends Error {
  constructor(message, code) {
    super(message);
    this.name = "ClientError";
    if (code !== undefined) this.code = code;
  }
}

/** What the module gave for each result built here: the exact JSON it
 * wrote (jsonOf) and the settings the result was built with, so that
 * serialize measures the budget the result was built under. */
const builtResults = new WeakMap();

/**
 * Engine owns one instance of the module at a time. JS runs one call at a
 * time per thread, so one instance is all a runtime needs. An instance is
 * made on the first call (workerd allows no randomness, and so no Go
 * runtime start, at global scope), replaced after a trap, and replaced once
 * its memory grew past the high-water mark (linear memory never shrinks).
 */
class Engine {
  constructor(module, options, webcrypto) {
    this.module = module;
    this.webcrypto = webcrypto;
    this.stderr = options.stderr;
    this.highWater = options.highWaterBytes ?? DEFAULT_HIGH_WATER;
    this.instance = null;
    this.exports = null;
    this.memory = null;
    this.encoder = new Encoder(); // reused from call to call
    this.stats = { instances: 0, discarded: 0, recycled: 0, maxMemoryBytes: 0 };
  }

  start() {
    const wasi = createWasi(this.stderr, this.webcrypto);
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
   * instance and throws McpResultError internal. */
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
      resp = decode(new Uint8Array(this.memory.buffer, rptr, rlen));
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
}

/** wellFormedResponse checks the part of a response every op has. */
function wellFormedResponse(r) {
  if (!isObject(r) || typeof r.ok !== "boolean") return false;
  if (r.ok) return true;
  const e = r.error;
  return isObject(e) && typeof e.code === "string" && typeof e.path === "string" && typeof e.message === "string";
}

/** moduleShape checks that a compiled module is an mcpresult module this
 * package can run: its exports, and imports this WASI shim has. */
function checkModule(module) {
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

/**
 * instantiate is what every loader ends in: it checks the compiled module,
 * and returns the API. With eager, it also starts an instance at once (and
 * so checks the ABI version now); a loader for a runtime that forbids
 * randomness at load time leaves it to the first call. webcrypto gives the
 * random bytes (the global crypto, which Node 18 has only behind a flag).
 */
export function instantiate(module, options = {}, eager = true, webcrypto = globalThis.crypto) {
  checkModule(module);
  const engine = new Engine(module, options, webcrypto);
  if (eager) engine.start();
  return makeApi(engine, options.settings, false);
}

/** pathValue returns the value at a JSON Pointer inside v, or undefined. */
function pathValue(v, path) {
  if (path === "") return v;
  const parts = path.slice(1).split("/");
  for (const p of parts) {
    if (v === null || typeof v !== "object") return undefined;
    const k = p.replace(/~1/g, "/").replace(/~0/g, "~");
    v = v instanceof Map ? undefined : v[k];
  }
  return v;
}

/** jsKind names a JS value that has no JSON form in strict
 * canonicalization, or gives "" for any other value. */
function jsKind(v) {
  switch (typeof v) {
    case "function":
      return "a function";
    case "symbol":
      return "a symbol";
    case "undefined":
      return "undefined";
    case "bigint":
      return "a BigInt beyond 64 bits";
    case "object":
      break;
    default:
      return "";
  }
  if (v === null || Array.isArray(v) || v instanceof Uint8Array) return "";
  if (v instanceof Date) return Number.isFinite(v.getTime()) ? "" : "an invalid Date";
  if (v instanceof Map) return "a Map";
  if (v instanceof Set) return "a Set";
  if (ArrayBuffer.isView(v)) return "a typed array other than Uint8Array";
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return "a class instance";
  if (typeof v.toJSON === "function") return "an object with toJSON";
  return "";
}

/** explain rewrites the message of an unsupported_value finding that is
 * about a JS-only value (which the module sees only as an extension) to
 * name the JS value. */
function explain(f, root) {
  if (f.code !== "unsupported_value") return f;
  const kind = jsKind(pathValue(root, f.path));
  if (kind === "") return f;
  return {
    code: f.code,
    path: f.path,
    message: kind + " has no JSON form in strict canonicalization (canonicalization: \"json\" writes what JSON.stringify writes)",
  };
}

function fail(resp, root) {
  const e = explain(resp.error, root);
  return new McpResultError(e.code, e.path, e.message);
}

function isObject(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

function modeOf(c) {
  return c === "json" ? MODE_JSON : MODE_STRICT;
}

/** quoteConverted handles an ordinary value that json canonicalization
 * turns into a string (an object whose toJSON gives one, a boxed String):
 * it is not a string the caller gave, so its text is its JSON (quoted), as
 * JSON.stringify writes it and as for a Go json.Marshaler, rather than the
 * string verbatim. */
function quoteConverted(input) {
  const v = input.value;
  if (v === null || typeof v !== "object") return input;
  let x = applyToJSON(v, "value");
  if (x instanceof String) x = x.valueOf();
  if (typeof x !== "string" || !wellFormed(x)) return input; // a lone surrogate: the module says invalid_utf8
  const out = {};
  for (const k of Object.keys(input)) setMember(out, k, k === "value" ? JSON.stringify(x) : input[k]);
  return out;
}

/** setMember sets an own member, "__proto__" included (as JSON.parse
 * makes it). */
function setMember(o, k, v) {
  Object.defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true });
}

/** The byte and node budgets of settings, or the defaults where a setting
 * is absent or out of its range (the module reports it). */
function maxBytesOf(s) {
  const n = isObject(s) ? s.maxJsonBytes : undefined;
  return Number.isSafeInteger(n) && n >= MIN_MAX_JSON_BYTES && n <= MAX_MAX_JSON_BYTES ? n : DEFAULT_MAX_JSON_BYTES;
}

function maxNodesOf(s) {
  const n = isObject(s) ? s.maxNodes : undefined;
  return Number.isSafeInteger(n) && n >= MIN_MAX_NODES && n <= MAX_MAX_NODES ? n : DEFAULT_MAX_NODES;
}

/**
 * makeApi returns the API over an engine: with settings (the runtime's
 * own, or forServer's), and inherit (builds may not override them).
 */
function makeApi(engine, settings, inherit) {
  const built = new WeakSet();

  // writeInput writes the caller's value within the bounds the module reads
  // a request's input within (as the Go packages bound a Go value), so that
  // no request costs more than its budget allows, whatever the value: a
  // value sharing its parts (a DAG of 2^60 paths) or one far larger than
  // the budget is written only as far as the budget allows.
  //
  // - values: at most maxNodes, or (maxJsonBytes+1)/2 when that is lower
  //   (n values take at least 2n-1 bytes of JSON), and slack more (the
  //   module's allowance for a build's own options): past them, the code of
  //   the lower bound, max_nodes on a tie. Keys are not counted: each has
  //   its value, so a map of millions of keys ends as soon as an array of
  //   millions of values does.
  // - bytes: MessagePack takes at most 4.5 times the compact JSON of what it
  //   holds (a 9-byte number against "0," in JSON), so a request longer
  //   than 5 × maxJsonBytes and 64 KiB holds a value over the budget
  //   (max_bytes).
  //
  // With cut (validate), a value past the values' bound is sent as far as
  // one value past it, its arrays and maps closed there, so that the module
  // reports it as it reports a value it stopped reading at the budget: the
  // budget's error and the findings of what was read. Past the bytes, the
  // rest of the value is walked, counting its values, so that a value past
  // both bounds gives the values' code, as in Go, where values are counted
  // before bytes are measured. The request's own keys, options and settings
  // are not counted.
  function writeInput(enc, v, mode, maxDepth, maxNodes, maxBytes, slack, cut = false) {
    const byBytes = Math.floor((maxBytes + 1) / 2);
    const overBytes = new EncodeLimit("max_bytes", msgMaxBytes(maxBytes), true);
    const overNodes = maxNodes <= byBytes ? new EncodeLimit("max_nodes", msgMaxNodes(maxNodes), true) : overBytes;
    const nodes = Math.min(maxNodes, byBytes) + slack + (cut ? 1 : 0);
    enc.limit(nodes, overNodes, enc.pos + 5 * maxBytes + 65536, overBytes, cut);
    try {
      enc.value(mode === MODE_JSON ? applyToJSON(v, "") : v, mode, 1, maxDepth);
      enc.end();
    } catch (e) {
      if (e === overNodes && enc.whole) {
        enc.unlimit(); // cut where the bound is: the request goes on
        return;
      }
      // a bound of the request, or a depth, met inside the value: the value's
      throw e instanceof EncodeLimit && !e.input ? new EncodeLimit(e.code, e.message, true) : e;
    }
  }

  function settingsMember(enc) {
    if (settings === undefined) return;
    enc.string("settings");
    enc.value(settings, MODE_STRICT, 1, MAX_RESULT_DEPTH);
  }

  // send sends enc's request and ends it.
  function send(enc, op, root) {
    let resp;
    try {
      resp = engine.call(op, enc.bytes());
    } finally {
      engine.release(enc);
    }
    if (!resp.ok) throw fail(resp, root);
    return resp;
  }

  // encode runs write with an encoder for a new request; a bound the
  // request breaks is an McpResultError (with keepInputLimit, a bound the
  // caller's value breaks is thrown as the EncodeLimit it is). Anything else
  // thrown while the value is read (by the caller's getter, toJSON or Proxy
  // trap) is thrown as it is.
  function encode(write, keepInputLimit = false) {
    const enc = engine.acquire();
    try {
      write(enc);
    } catch (e) {
      enc.unlimit();
      engine.release(enc);
      if (!(e instanceof EncodeLimit) || (keepInputLimit && e.input)) throw e;
      throw new McpResultError(e.code, "", e.message);
    }
    return enc;
  }

  // parse reads the module's JSON: with JSON.parse, unless the request held
  // an integer no double holds (only a BigInt can), whose exact value the
  // returned object must keep.
  function parse(enc, json) {
    return enc.bigIntegers !== null ? parseExact(json, enc.bigIntegers) : JSON.parse(json);
  }

  /** build is the ABI's build: kind tool, resource, error or value. */
  function build(kind, input, opts) {
    const s = opts && opts.settings !== undefined ? opts.settings : settings;
    const inh = opts && opts.inherit !== undefined ? opts.inherit : inherit;
    let mode = kind === "resource" ? MODE_STRICT : modeOf(isObject(s) ? s.canonicalization : undefined);
    let maxBytes = maxBytesOf(s);
    if (isObject(input)) {
      const c = input.canonicalization;
      if ((c === "json" || c === "strict") && kind !== "resource") mode = modeOf(c);
      const m = input.maxJsonBytes;
      if (Number.isSafeInteger(m) && m > maxBytes && m <= MAX_MAX_JSON_BYTES && !inh) maxBytes = m;
      if (kind === "value" && mode === MODE_JSON) input = quoteConverted(input);
    }
    const enc = encode((enc) => {
      enc.mapHeader(2 + (s !== undefined ? 1 : 0) + (inh ? 1 : 0));
      enc.string("kind");
      enc.string(kind);
      enc.string("input");
      if (kind === "value") {
        writeInput(enc, input, mode, MAX_PARSE_DEPTH + 1, Infinity, maxBytes, NODE_ALLOWANCE);
      } else {
        writeInput(enc, input, mode, MAX_RESULT_DEPTH, maxNodesOf(s), maxBytes, NODE_ALLOWANCE);
      }
      if (s !== undefined) {
        enc.string("settings");
        enc.value(s, MODE_STRICT, 1, MAX_RESULT_DEPTH);
      }
      if (inh) {
        enc.string("inherit");
        enc.bool(true);
      }
    });
    const resp = send(enc, OP_BUILD, input);
    const out = parse(enc, resp.json);
    built.add(out);
    builtResults.set(out, { json: resp.json, settings: resp.settings });
    return out;
  }

  /** resultRequest writes the members of a serialize or validate request:
   * the value (in the settings' mode; a resource result always strict),
   * the options, the settings. */
  function resultRequest(key, v, options, s, keepInputLimit) {
    let mode = modeOf(isObject(s) ? s.canonicalization : undefined);
    if (isObject(v) && v.contents !== undefined && v.content === undefined) mode = MODE_STRICT;
    const has = options !== undefined;
    return encode((enc) => {
      enc.mapHeader(1 + (has ? 1 : 0) + (s !== undefined ? 1 : 0));
      enc.string(key);
      // validate reports max_depth beside its other findings, and serialize
      // names the first fault, as for a parsed value: the value goes to the
      // module as deep as the module parses (a cyclic value ends there), and
      // as large as the budget allows
      writeInput(enc, v, mode, MAX_PARSE_DEPTH, maxNodesOf(s), maxBytesOf(s), NODE_ALLOWANCE, key === "value");
      if (has) {
        enc.string("options");
        enc.value(options, MODE_STRICT, 1, MAX_RESULT_DEPTH);
      }
      if (s !== undefined) {
        enc.string("settings");
        enc.value(s, MODE_STRICT, 1, MAX_RESULT_DEPTH);
      }
    }, keepInputLimit);
  }

  function serialize(result, options) {
    let output = "string";
    let opts = options;
    if (isObject(options) && "output" in options) {
      output = options.output;
      if (output !== "string" && output !== "object" && output !== undefined) {
        throw new McpResultError("invalid_option", "/output", 'output is "string" (the default) or "object"');
      }
      opts = { ...options };
      delete opts.output;
    }
    const b = isObject(result) ? builtResults.get(result) : undefined;
    const s = b !== undefined ? b.settings : settings;
    let enc;
    try {
      enc = resultRequest("result", result, opts, s, true);
    } catch (e) {
      if (!(e instanceof EncodeLimit)) throw e;
      throw afterOptions(e, () => send(resultRequest("result", null, opts, s), OP_SERIALIZE, null));
    }
    const json = send(enc, OP_SERIALIZE, result).json;
    return output === "object" ? parse(enc, json) : json;
  }

  // afterOptions gives the error of a value past the budget (limit), or
  // that of the call's own options or settings, which come first, as in Go:
  // check sends the call with a stand-in value, and an error of its options
  // is thrown instead.
  function afterOptions(limit, check) {
    try {
      check();
    } catch (e) {
      if (e instanceof McpResultError && CALL_ERRORS.has(e.code)) return e;
    }
    return new McpResultError(limit.code, "", limit.message);
  }

  function validate(value, options) {
    let enc;
    try {
      enc = resultRequest("value", value, options, settings, true);
    } catch (e) {
      if (!(e instanceof EncodeLimit)) throw e;
      // A value past the budget is reported as the Go packages report a Go
      // value past it (content.Plain stops there): invalid, with the
      // budget's finding at "" alone. The options and settings are checked
      // first, as there, by the module on an empty value.
      send(resultRequest("value", null, options, settings), OP_VALIDATE, null);
      const message = e.code === "max_nodes" ? msgMaxNodes(maxNodesOf(settings)) : e.code === "max_depth" ? msgMaxDepth(MAX_RESULT_DEPTH) : msgMaxBytes(maxBytesOf(settings));
      return { valid: false, errors: [{ code: e.code, path: "", message }], warnings: [] };
    }
    const resp = send(enc, OP_VALIDATE, value);
    return {
      valid: resp.valid,
      errors: resp.errors.map((f) => explain(f, value)),
      warnings: resp.warnings,
    };
  }

  function outputSchema(schema, protocolVersion) {
    // the second argument is the version, or the options ({protocolVersion})
    const options = protocolVersion === undefined ? undefined : isObject(protocolVersion) ? protocolVersion : { protocolVersion };
    const request = (schema, keepInputLimit) =>
      encode((enc) => {
        enc.mapHeader(1 + (options ? 1 : 0) + (settings !== undefined ? 1 : 0));
        enc.string("schema");
        writeInput(enc, schema, MODE_STRICT, MAX_RESULT_DEPTH, maxNodesOf(settings), maxBytesOf(settings), NODE_ALLOWANCE);
        if (options) {
          enc.string("options");
          enc.value(options, MODE_STRICT, 1, MAX_RESULT_DEPTH);
        }
        settingsMember(enc);
      }, keepInputLimit);
    let enc;
    try {
      enc = request(schema, true);
    } catch (e) {
      if (!(e instanceof EncodeLimit)) throw e;
      throw afterOptions(e, () => send(request(true, false), OP_OUTPUT_SCHEMA, true));
    }
    const resp = send(enc, OP_OUTPUT_SCHEMA, schema);
    return typeof resp.json === "string" ? parse(enc, resp.json) : undefined;
  }

  function info() {
    const r = send(encode((enc) => enc.mapHeader(0)), OP_INFO, undefined);
    return {
      module: r.module,
      abi: r.abi,
      abiMinor: r.abiMinor,
      protocolVersions: r.protocolVersions,
      latestProtocolVersion: r.latestProtocolVersion,
      settings: r.settings,
    };
  }

  function failure(text) {
    return { content: [{ type: "text", text }], isError: true };
  }

  function wrap(handler, options) {
    const onError = options && options.onError;
    const report = (err) => {
      if (typeof onError !== "function") return;
      try {
        onError(err);
      } catch {
        // a failing onError must not reach the client either
      }
    };
    // settle turns what the handler gave or threw into the result the
    // client gets
    const settle = (threw, err, out) => {
      if (threw) {
        if (err instanceof ClientError) {
          try {
            return api.error(err.message, err.code);
          } catch (e) {
            report(e);
            return failure(INVALID_OUTPUT_TEXT);
          }
        }
        report(err);
        return failure(err instanceof McpResultError ? INVALID_OUTPUT_TEXT : EXECUTION_FAILED_TEXT);
      }
      if (out === undefined || out === null) {
        report(new Error("the tool handler returned no result"));
        return failure(EXECUTION_FAILED_TEXT);
      }
      if (isObject(out) && built.has(out)) return out;
      let rep;
      try {
        rep = validate(out, { kind: "tool", stage: "handler" });
      } catch (e) {
        report(e);
        return failure(INVALID_OUTPUT_TEXT);
      }
      if (!rep.valid) {
        const first = rep.errors[0];
        report(new McpResultError(first.code, first.path, "the tool handler returned an invalid result: " + first.message, rep.errors));
        return failure(INVALID_OUTPUT_TEXT);
      }
      return out;
    };
    return async function wrapped(...args) {
      let out;
      let threw = false;
      let err;
      try {
        out = await handler.apply(this, args);
      } catch (e) {
        threw = true;
        err = e;
      }
      try {
        return settle(threw, err, out);
      } catch (e) {
        // a value whose very inspection throws (a revoked Proxy)
        report(e);
        return failure(EXECUTION_FAILED_TEXT);
      }
    };
  }

  function forServer(serverSettings) {
    const s = serverSettings === undefined ? {} : serverSettings;
    // the settings are checked now, not at the first result (a validate
    // call checks them as every op does, and reports on the value instead
    // of failing on it)
    send(resultRequest("value", null, undefined, s), OP_VALIDATE, null);
    return makeApi(engine, s, true);
  }

  const api = {
    tool: (input) => build("tool", input),
    resource: (input) => build("resource", input),
    error: (message, code) => build("error", code === undefined ? { message } : { message, code }),
    fromValue(value, options) {
      const input = { value };
      if (options !== undefined) {
        if (!isObject(options)) {
          throw new McpResultError("invalid_option", "", "the options of fromValue are an object");
        }
        for (const k of Object.keys(options)) {
          if (k === "value") throw new McpResultError("unknown_option", "/value", "the value is the first argument, not an option");
          setMember(input, k, options[k]);
        }
      }
      return build("value", input);
    },
    text,
    image: (data, mimeType, options) => media("image", data, mimeType, options),
    audio: (data, mimeType, options) => media("audio", data, mimeType, options),
    resourceLink,
    embeddedResource,
    textResource: (uri, text, options) => contents(uri, "text", text, options),
    blobResource: (uri, blob, options) => contents(uri, "blob", blob, options),
    serialize,
    validate,
    outputSchema,
    wrap,
    forServer,
    jsonOf(result) {
      const b = isObject(result) ? builtResults.get(result) : undefined;
      return b === undefined ? undefined : b.json;
    },
    build,
    info,
    stats: () => ({ ...engine.stats }),
    settings: settings === undefined ? undefined : Object.freeze({ ...settings }),
  };
  return Object.freeze(api);
}

// The block constructors assemble plain objects in wire names and check
// nothing: a block is checked, with its path in the result, when a result
// is built from it. Options are copied as given (a misspelt one reaches the
// module, which names it, with a "did you mean"); meta is written _meta.

function withOptions(block, options) {
  if (options === undefined || options === null) return block;
  for (const k of Object.keys(options)) {
    const v = options[k];
    if (v === undefined) continue;
    const key = k === "meta" ? "_meta" : k;
    if (Object.hasOwn(block, key)) {
      throw new McpResultError("duplicate_option", "/" + key, "this field is given twice (meta is written _meta)");
    }
    setMember(block, key, v);
  }
  return block;
}

function text(t, options) {
  return withOptions({ type: "text", text: t }, options);
}

function media(type, data, mimeType, options) {
  return withOptions({ type, data, mimeType }, options);
}

function resourceLink(uri, name, options) {
  return withOptions({ type: "resource_link", uri, name }, options);
}

function embeddedResource(resource, options) {
  return withOptions({ type: "resource", resource }, options);
}

function contents(uri, field, value, options) {
  const c = { uri };
  if (options && options.mimeType !== undefined) c.mimeType = options.mimeType;
  c[field] = value;
  if (options) {
    const rest = { ...options };
    delete rest.mimeType;
    withOptions(c, rest);
  }
  return c;
}

/**
 * compile turns what a caller hands to load into a compiled module: a
 * WebAssembly.Module as it is, a Response (or a promise of one), or the
 * module's bytes.
 */
export async function compile(source) {
  source = await source;
  if (source instanceof WebAssembly.Module) return source;
  if (typeof Response === "function" && source instanceof Response) {
    if (!source.ok) {
      throw new McpResultError("internal", "", "fetching the module failed with status " + source.status);
    }
    const type = source.headers.get("content-type") || "";
    if (type.startsWith("application/wasm") && typeof WebAssembly.compileStreaming === "function") {
      return WebAssembly.compileStreaming(source);
    }
    return WebAssembly.compile(await source.arrayBuffer());
  }
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
    return WebAssembly.compile(source);
  }
  throw new McpResultError("invalid_option", "/module", "module is a WebAssembly.Module, a Response or the module's bytes");
}
