// The API over an engine: what load returns, and what forServer returns
// with a server's settings.

import { EncodeLimit, msgMaxBytes, msgMaxNodes, msgMaxDepth, MODE_STRICT } from "./encode.js";
import { decodeInput, InputHasNoJSON, wireAsOf, WIRE_NONE, WIRE_RESULT_TYPE, WIRE_OTHER } from "./decode.js";
import { OP_INFO, OP_BUILD, OP_SERIALIZE, OP_VALIDATE, OP_OUTPUT_SCHEMA, MAX_RESULT_DEPTH, CALL_ERROR_CODES, APP_PAGE_MAX_JSON_BYTES } from "./facts.js";
import { McpResultError } from "./errors.js";
import { explain } from "./explain.js";
import { isObject, setMember, privateSlot } from "./objects.js";
import { Engine, checkModule } from "./engine.js";
import {
  send,
  sendUnread,
  parse,
  buildRequest,
  resultRequest,
  readRequest,
  rawResultRequest,
  schemaRequest,
  infoRequest,
  maxBytesOf,
  maxNodesOf,
  asSettings,
  ownSettings,
  modeOf,
} from "./request.js";
import { text, media, resourceLink, embeddedResource, contents } from "./blocks.js";
import { guard } from "./guard.js";
import { appInput, APP_MIME_TYPE } from "./apps.js";

/** @typedef {import("./engine.js").Capabilities} Capabilities */

/** The codes of a call's own options and settings, which Go gives before
 * any fault of the value. */
const CALL_ERRORS = new Set(CALL_ERROR_CODES);

/** The one registry of the results built here: for each, the exact JSON
 * the module wrote (jsonOf), the settings the result was built with (so
 * that serialize measures the budget the result was built under; a record
 * of request.js, its bytes those of the module's response), and a
 * token of the API that built it (whose guard hands it on unchecked). The
 * token is an empty object of its own, not the API: a result a caller
 * keeps must not keep the API, its engine and the module's memory alive.
 * Each result holds its record in a private field (privateSlot): no
 * reflection, Proxy, JSON or copy of the result sees it, no code of a
 * value runs as it is looked for, and it costs far less to attach than an
 * entry of a WeakMap (a build of a small result pays it once). */
const builtResults = privateSlot();

/** The calls of each API that only this package's adapters make, by the
 * API (which is frozen and has only the public calls). */
const internals = new WeakMap();

/** internalsOf gives the internal calls of api, or undefined (a value that
 * is not an API of this copy of the package):
 *
 * - serializeObject(result, options) is serialize with output "object" for
 *   options without an output member, giving {value, exact}: the object,
 *   and whether it may hold a BigInt (false: it was read with JSON.parse,
 *   and so holds none);
 * - read(value, kind, keep), write(snapshot, options) and members(snapshot,
 *   keys) are how the adapters take a handler's result (see read);
 * - useContext(get) gives the API the adapters' hook: get() is, while an
 *   adapted handler runs, {internal (the internal calls of the API the
 *   handler was adapted with), kind ("tool" or "resource"), options (the
 *   module's serialize options of its request's revision, one object a
 *   revision)}, else undefined. A tool (or error) result built by this API
 *   while an adapted tool handler runs is then written for the revision in
 *   the same module call as its build (see wireOf); this file reads no
 *   hook of its own, so that it imports nothing of Node's;
 * - handed(result, options, isProxy) gives the object the SDK is handed
 *   for a result built so with options (the very object the hook gave),
 *   made from what the module wrote for them in the build's own call,
 *   when result is unchanged since its build; else undefined. Unchanged is
 *   told without running any code of the result (isProxy is Node's
 *   util.types.isProxy): the very objects the build gave, no Proxy, own
 *   data properties only, the same keys and values (a string the same
 *   one). The object is made anew: of the values the build gave, with the
 *   resultType a finalize writes first where the module's JSON for the
 *   revision is the built JSON but that, else JSON.parse of the module's
 *   JSON for the revision. */
export function internalsOf(api) {
  return internals.get(api);
}

/** The validate options of a handler's result, by kind. */
const HANDLER_OPTIONS = {
  tool: Object.freeze({ kind: "tool", stage: "handler" }),
  resource: Object.freeze({ kind: "resource", stage: "handler" }),
};

/** builtBy gives what the registry holds of v, or undefined. */
function builtBy(v) {
  return isObject(v) ? builtResults.get(v) : undefined;
}

/** copiesOf records in copies a shallow copy of v (a value JSON.parse
 * made) and of every object and array in it, by the object: what handed
 * compares a result with, and makes the SDK's object of. */
function copiesOf(v, copies) {
  if (v === null || typeof v !== "object") return copies;
  if (Array.isArray(v)) {
    copies.set(v, v.slice());
    for (let i = 0; i < v.length; i++) copiesOf(v[i], copies);
  } else {
    copies.set(v, { ...v });
    for (const k in v) copiesOf(v[k], copies);
  }
  return copies;
}

/** CHANGED is what copyUnchanged gives for a value that changed. */
const CHANGED = Symbol("changed");

/** copyUnchanged makes a new object of what copies recorded of a, when a
 * is still what copies recorded of it, else gives CHANGED; it looks at a
 * without running any of its code: no Proxy (isProxy), the very objects
 * and arrays recorded, each with own data properties only (their
 * descriptors read, never a getter run), the same keys (string keys and
 * symbols counted: Reflect.ownKeys, in two cheaper calls) and the same
 * values. The object made is {resultType: "complete"} and the rest when
 * first is true (a finalize writes resultType first). One walk both looks
 * and copies. */
function copyUnchanged(a, copies, isProxy, first = false) {
  if (a === null || typeof a !== "object") return a;
  const c = copies.get(a);
  if (c === undefined || isProxy(a)) return CHANGED;
  if (Array.isArray(c)) {
    if (Object.getPrototypeOf(a) !== Array.prototype) return CHANGED;
    const n = c.length;
    // the elements and the array's length
    if (Object.getOwnPropertyNames(a).length !== n + 1 || Object.getOwnPropertySymbols(a).length !== 0) return CHANGED;
    const out = new Array(n);
    for (let i = 0; i < n; i++) {
      if ((out[i] = copyMember(a, i, c[i], copies, isProxy)) === CHANGED) return CHANGED;
    }
    return out;
  }
  if (Object.getPrototypeOf(a) !== Object.prototype) return CHANGED;
  const keys = Object.keys(c);
  if (Object.getOwnPropertyNames(a).length !== keys.length || Object.getOwnPropertySymbols(a).length !== 0) return CHANGED;
  const out = first ? { resultType: "complete" } : {};
  for (const k of keys) {
    const v = copyMember(a, k, c[k], copies, isProxy);
    if (v === CHANGED) return CHANGED;
    // "__proto__" set as an own member, as JSON.parse makes it (an
    // assignment would set the prototype)
    if (k === "__proto__") setMember(out, k, v);
    else out[k] = v;
  }
  return out;
}

/** copyMember gives copyUnchanged of a's own member k when it is a data
 * property holding want (its descriptor read), else CHANGED. */
function copyMember(a, k, want, copies, isProxy) {
  const d = Reflect.getOwnPropertyDescriptor(a, k);
  if (d === undefined || !("value" in d) || d.value !== want) return CHANGED;
  return copyUnchanged(d.value, copies, isProxy);
}

/** placeRefs puts the strings a build's response holds by reference (refs:
 * where each starts in the request, where its "" is in the JSON, its JSON
 * Pointer; see the ABI's Ref) into out, the built result parsed: each the
 * caller's own string, which the encoder wrote at that place of the
 * request (longs: [where, string, …]). It gives the strings, in the order
 * of refs. A ref that the request or the result does not bear out is the
 * module's fault. */
function placeRefs(out, refs, longs) {
  const placed = new Array(refs.length / 3);
  for (let i = 0; i + 2 < refs.length; i += 3) {
    const at = refs[i];
    let s;
    for (let j = 0; j < longs.length; j += 2) {
      if (longs[j] === at) {
        s = longs[j + 1];
        break;
      }
    }
    const ptr = refs[i + 2];
    if (s === undefined || typeof ptr !== "string" || ptr[0] !== "/") throw malformedRefs();
    const steps = ptr.split("/");
    if (steps.includes("__proto__")) throw malformedRefs(); // no field of a block
    let o = out;
    for (let k = 1; k < steps.length - 1; k++) {
      if (!Object.hasOwn(o, steps[k])) throw malformedRefs();
      o = o[steps[k]];
      if (o === null || typeof o !== "object") throw malformedRefs();
    }
    const last = steps[steps.length - 1];
    if (!Object.hasOwn(o, last) || o[last] !== "") throw malformedRefs();
    o[last] = s;
    placed[i / 3] = s;
  }
  if (refs.length % 3 !== 0) throw malformedRefs();
  return placed;
}

function malformedRefs() {
  return new McpResultError("internal", "", "malformed response from the module (its refs)");
}

const textEncoder = new TextEncoder();
const textDecoder = new TextDecoder();

/** wholeJSON is the JSON the module would have written without refs: json
 * with each "" that refs place written as the string placed there, which
 * JSON.stringify escapes as the module escapes strings. */
function wholeJSON(json, refs, placed) {
  const b = textEncoder.encode(json);
  let out = "";
  let last = 0;
  for (let i = 0; i < refs.length; i += 3) {
    out += textDecoder.decode(b.subarray(last, refs[i + 1])) + JSON.stringify(placed[i / 3]);
    last = refs[i + 1] + 2;
  }
  return out + textDecoder.decode(b.subarray(last));
}

/** The kinds of result built that an adapted handler of each kind writes
 * at once (see useContext). */
const AT_ONCE = { tool: new Set(["tool", "error"]), resource: new Set() };

/**
 * instantiate is what every loader ends in: it checks the compiled module,
 * and returns the API over an engine that runs it as capabilities allow
 * (with startAtLoad, an instance starts at once, and so the ABI version is
 * checked now).
 *
 * @param {WebAssembly.Module} module
 * @param {object} options the options of load
 * @param {Capabilities} capabilities
 */
export function instantiate(module, options, capabilities) {
  checkModule(module);
  const engine = new Engine(module, options, capabilities);
  if (capabilities.startAtLoad) engine.start();
  return makeApi(engine, ownSettings(options.settings), false);
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

/**
 * makeApi returns the API over an engine: with own, the record of its
 * settings (ownSettings of the runtime's, or of forServer's), and inherit
 * (builds may not override them).
 */
function makeApi(engine, own, inherit) {
  const settings = own.value;
  /** owner marks the results this API built, in builtResults. */
  const owner = {};
  /** context is the adapters' hook (useContext), or undefined. */
  let context;
  /** build is the ABI's build: kind tool, resource, error or value. */
  function build(kind, input, opts) {
    let set = opts && opts.settings !== undefined ? asSettings(opts.settings) : own;
    if (kind === "resource" && holdsAppPage(input)) set = pageSettings(set);
    const inh = opts && opts.inherit !== undefined ? opts.inherit : inherit;
    const ctx = context === undefined ? undefined : context();
    const ser = ctx !== undefined && ctx.internal === internal && AT_ONCE[ctx.kind].has(kind) ? ctx.options : undefined;
    const { enc, root } = buildRequest(engine, kind, input, set, inh, ser);
    const resp = send(engine, enc, OP_BUILD, root);
    const out = parse(enc, resp.json);
    // the strings the module answered by reference: the caller's own, put
    // in their places (the JSON the module wrote is made whole only when
    // asked for, by jsonOf)
    const refs = resp.refs;
    const placed = refs === undefined ? undefined : placeRefs(out, refs, enc.longs);
    // the engine's record of the response's settings, or (a response it did
    // not read itself) the decoded settings, written per request
    const rec = { json: resp.json, refs, placed, settings: resp.built ?? asSettings(resp.settings), owner, wire: undefined, wireAs: WIRE_NONE, wireOptions: undefined, copies: undefined };
    // a result holding an integer beyond ±(2^53−1) takes the adapter's
    // other path, which refuses it for the SDK (JSON.parse of the wire
    // would give another number)
    const wireAs = ser === undefined ? WIRE_NONE : wireAsOf(resp);
    if (wireAs !== WIRE_NONE && enc.bigIntegers === null) {
      rec.wire = resp.wire;
      rec.wireAs = wireAs;
      rec.wireOptions = ser;
      rec.copies = copiesOf(out, new Map());
    }
    builtResults.set(out, rec);
    return out;
  }

  /** written sends a serialize of result with the module's options opts,
   * under the settings the result was built with (else the API's), and
   * gives the JSON and the request's encoder (for parse). */
  function written(result, opts) {
    const b = builtBy(result);
    const s = b !== undefined ? b.settings : own;
    let enc;
    try {
      enc = resultRequest(engine, "result", result, opts, s, true);
    } catch (e) {
      if (!(e instanceof EncodeLimit)) throw e;
      throw afterOptions(e, () => send(engine, resultRequest(engine, "result", null, opts, s), OP_SERIALIZE, null));
    }
    return { enc, json: send(engine, enc, OP_SERIALIZE, result).json };
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
    const { enc, json } = written(result, opts);
    return output === "object" ? parse(enc, json) : json;
  }

  function serializeObject(result, opts) {
    const { enc, json } = written(result, opts);
    return { value: parse(enc, json), exact: enc.bigIntegers !== null };
  }

  /**
   * read takes a handler's result value of kind ("tool" or "resource") as
   * a snapshot, reading it once: the one walk that writes it for the module
   * (the keys of each object with Object.keys, each member and element
   * once, a toJSON looked up once) is the only read of it, and everything
   * after is made from the bytes it wrote. A result this API built (for a
   * resource, any API of this package) was checked when it was built; any
   * other value is validated from those bytes (stage handler), and one that
   * is invalid is thrown as an McpResultError with every finding (errors).
   * What the value's own code throws while it is read (an accessor, a
   * Proxy trap, a toJSON) is thrown as it is; a value past the budget is
   * the budget's McpResultError. With keep false, a built result is not
   * written until write, in the same one walk.
   *
   * A snapshot is {settings (the record it is written under), mode, input
   * (the bytes of the value, or null: not written yet), value (the built
   * result, for write to read then), big (the BigInts beyond ±(2^53−1)
   * written)}.
   */
  function read(value, kind, keep) {
    const b = builtBy(value);
    const built = b !== undefined && (kind === "resource" || b.owner === owner);
    const set = built ? b.settings : kind === "resource" && holdsAppPage(value) ? pageSettings(own) : own;
    const s = set.value;
    const mode = kind === "resource" ? MODE_STRICT : modeOf(isObject(s) ? s.canonicalization : undefined);
    if (built && !keep) return { settings: set, mode, input: null, value, big: null };
    const { enc, start, end } = readRequest(engine, value, mode, built ? undefined : HANDLER_OPTIONS[kind], set);
    const input = enc.buf.slice(start, end);
    const big = enc.bigIntegers;
    if (built) {
      engine.release(enc);
    } else {
      const resp = sendUnread(engine, enc, OP_VALIDATE);
      if (!resp.valid) {
        const first = resp.errors[0];
        throw new McpResultError(first.code, first.path, `the ${kind} handler returned an invalid result: ` + first.message, resp.errors);
      }
    }
    return { settings: set, mode, input, value: undefined, big };
  }

  /** write is serialize of a snapshot (read) with the module's options
   * opts, giving {value, exact} as serializeObject does. */
  function write(snap, opts) {
    let enc;
    let big = snap.big;
    if (snap.input === null) {
      enc = resultRequest(engine, "result", snap.value, opts, snap.settings, false, snap.mode);
      big = enc.bigIntegers;
    } else {
      enc = rawResultRequest(engine, snap.input, opts, snap.settings);
    }
    const json = sendUnread(engine, enc, OP_SERIALIZE).json;
    return { value: parse({ bigIntegers: big }, json), exact: big !== null };
  }

  /** members gives the snapshot's value (keys undefined) or those of its
   * members (a list of keys), made anew from its bytes: plain objects and
   * arrays, bytes as a Uint8Array, a Date as a Date, an integer beyond
   * ±(2^53−1) as a BigInt. A value with no JSON form in it (a result
   * built, then changed) is unsupported_value at its path. */
  function members(snap, keys) {
    try {
      return decodeInput(snap.input, keys);
    } catch (e) {
      if (e instanceof InputHasNoJSON) {
        if (e.notObject) throw new McpResultError("invalid_type", "", "a result must be an object");
        throw new McpResultError("unsupported_value", e.path, "a value with no JSON form (strict canonicalization)");
      }
      throw e;
    }
  }

  function validate(value, options) {
    let enc;
    try {
      enc = resultRequest(engine, "value", value, options, own, true);
    } catch (e) {
      if (!(e instanceof EncodeLimit)) throw e;
      // A value past the budget is reported as the Go packages report a Go
      // value past it (content.Plain stops there): invalid, with the
      // budget's finding at "" alone. The options and settings are checked
      // first, as there, by the module on an empty value.
      send(engine, resultRequest(engine, "value", null, options, own), OP_VALIDATE, null);
      const message = e.code === "max_nodes" ? msgMaxNodes(maxNodesOf(settings)) : e.code === "max_depth" ? msgMaxDepth(MAX_RESULT_DEPTH) : msgMaxBytes(maxBytesOf(settings));
      return { valid: false, errors: [{ code: e.code, path: "", message }], warnings: [] };
    }
    const resp = send(engine, enc, OP_VALIDATE, value);
    return {
      valid: resp.valid,
      errors: resp.errors.map((f) => explain(f, value)),
      warnings: resp.warnings,
    };
  }

  function outputSchema(schema, protocolVersion) {
    // the second argument is the version, or the options ({protocolVersion})
    const options = protocolVersion === undefined ? undefined : isObject(protocolVersion) ? protocolVersion : { protocolVersion };
    let enc;
    try {
      enc = schemaRequest(engine, schema, options, own, true);
    } catch (e) {
      if (!(e instanceof EncodeLimit)) throw e;
      throw afterOptions(e, () => send(engine, schemaRequest(engine, true, options, own, false), OP_OUTPUT_SCHEMA, true));
    }
    const resp = send(engine, enc, OP_OUTPUT_SCHEMA, schema);
    return typeof resp.json === "string" ? parse(enc, resp.json) : undefined;
  }

  // info answers from the engine's first info call: what a module reports
  // (its versions, revisions and default settings) never changes. Each
  // caller gets copies, which it may change.
  function info() {
    engine.info ??= send(engine, infoRequest(engine), OP_INFO, undefined);
    const r = engine.info;
    return {
      module: r.module,
      abi: r.abi,
      abiMinor: r.abiMinor,
      protocolVersions: Array.isArray(r.protocolVersions) ? [...r.protocolVersions] : r.protocolVersions,
      latestProtocolVersion: r.latestProtocolVersion,
      settings: isObject(r.settings) ? { ...r.settings } : r.settings,
    };
  }

  function forServer(serverSettings) {
    const s = ownSettings(serverSettings === undefined ? {} : serverSettings);
    // the settings are checked now, not at the first result (a validate
    // call checks them as every op does, and reports on the value instead
    // of failing on it)
    send(engine, resultRequest(engine, "value", null, undefined, s), OP_VALIDATE, null);
    return makeApi(engine, s, true);
  }

  function useContext(get) {
    context = get;
  }

  function handed(result, options, isProxy) {
    const b = builtBy(result);
    if (b === undefined || b.owner !== owner || b.wireOptions !== options) return undefined;
    const out = copyUnchanged(result, b.copies, isProxy, b.wireAs === WIRE_RESULT_TYPE);
    if (out === CHANGED) return undefined;
    // (for another JSON, the copy is made and dropped: it is the walk that
    // looks, and it is small beside the parse)
    return b.wireAs === WIRE_OTHER ? JSON.parse(b.wire) : out;
  }

  /** app is a build of an MCP Apps kind: the object the module wrote, a
   * plain object kept in no registry (it is not a result, and a handler
   * that returns it as one is validated as any other value). */
  // An app build's byte budget is a page's (APP_PAGE_MAX_JSON_BYTES: an
  // app's page is a whole document, read by the host, not by a model),
  // unless the settings give maxJsonBytes; the module does the same for a
  // request without it, and the input is written within the same bound.
  const appOwn = pageSettings(own);
  // holdsAppPage says whether a resource result's input holds an app's page
  // (contents of APP_MIME_TYPE), as the module's rule has it, reading only
  // own data properties (no getter runs twice; a Proxy that throws here
  // holds none, and its fault is the build's to report).
  function holdsAppPage(input) {
    try {
      const data = (o, k) => {
        const d = o !== null && typeof o === "object" ? Object.getOwnPropertyDescriptor(o, k) : undefined;
        return d !== undefined && "value" in d ? d.value : undefined;
      };
      const page = (c) => data(c, "mimeType") === APP_MIME_TYPE;
      const cs = data(input, "contents");
      if (!Array.isArray(cs)) return page(cs);
      for (let i = 0; i < cs.length && i < 1024; i++) if (page(data(cs, String(i)))) return true;
      return false;
    } catch {
      return false;
    }
  }
  function pageSettings(set) {
    const v = set.value;
    if (v === undefined || v === null) return asSettings({ maxJsonBytes: APP_PAGE_MAX_JSON_BYTES });
    if (isObject(v) && v.maxJsonBytes === undefined) return asSettings({ ...v, maxJsonBytes: APP_PAGE_MAX_JSON_BYTES });
    return set;
  }
  function app(kind, input, set = appOwn) {
    if (set !== appOwn) set = pageSettings(set);
    const { enc, root } = buildRequest(engine, kind, input, set, false, undefined, false);
    return parse(enc, send(engine, enc, OP_BUILD, root).json);
  }

  const internal = { serializeObject, read, write, members, useContext, handed };

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
    appResource: (uri, html, options) => app("appResource", appInput({ uri, html }, options, "appResource")),
    appToolMeta: (resourceUri, options) => app("appToolMeta", appInput({ resourceUri }, options, "appToolMeta")),
    serialize,
    validate,
    outputSchema,
    guard: (handler, options) => guard(api, internal, handler, options),
    forServer,
    jsonOf(result) {
      const b = builtBy(result);
      if (b === undefined) return undefined;
      if (b.refs !== undefined) {
        b.json = wholeJSON(b.json, b.refs, b.placed);
        b.refs = b.placed = undefined;
      }
      return b.json;
    },
    // an MCP Apps kind through build, too, gives the plain object
    build: (kind, input, opts) =>
      kind === "appResource" || kind === "appToolMeta" ? app(kind, input, opts && opts.settings !== undefined ? asSettings(opts.settings) : own) : build(kind, input, opts),
    info,
    stats: () => ({ ...engine.stats }),
    // the frozen copy ownSettings made, or a frozen copy of settings it
    // kept as they are
    settings: settings === undefined ? undefined : own.copy ? settings : Object.freeze({ ...settings }),
  };
  Object.freeze(api);
  internals.set(api, internal);
  return api;
}
