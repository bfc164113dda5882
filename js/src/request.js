// Writing the requests of the ops, and sending them. The JS side decides
// only what only JS can see: how a JS value is written (encode.js), and how
// far, within the bounds the module reads a request within. Every rule
// about results is checked in the module, so a JS caller gets the same
// bytes, checks and codes as a Go caller.

import { Encoder, EncodeLimit, applyToJSON, wellFormed, msgMaxBytes, msgMaxNodes, MODE_JSON, MODE_STRICT, REFS_MIN } from "./encode.js";
import { parseExact } from "./decode.js";
import {
  NODE_ALLOWANCE,
  MIN_MAX_JSON_BYTES,
  MAX_MAX_JSON_BYTES,
  DEFAULT_MAX_JSON_BYTES,
  MIN_MAX_NODES,
  MAX_MAX_NODES,
  DEFAULT_MAX_NODES,
  MAX_RESULT_DEPTH,
  MAX_PARSE_DEPTH,
  MAX_REQUEST,
} from "./facts.js";
import { McpResultError } from "./errors.js";
import { fail } from "./explain.js";
import { isObject, setMember } from "./objects.js";

/** modeOf is the codec's mode of a canonicalization setting. */
export function modeOf(c) {
  return c === "json" ? MODE_JSON : MODE_STRICT;
}

/** The byte and node budgets of settings, or the defaults where a setting
 * is absent or out of its range (the module reports it). */
export function maxBytesOf(s) {
  const n = isObject(s) ? s.maxJsonBytes : undefined;
  return Number.isSafeInteger(n) && n >= MIN_MAX_JSON_BYTES && n <= MAX_MAX_JSON_BYTES ? n : DEFAULT_MAX_JSON_BYTES;
}

export function maxNodesOf(s) {
  const n = isObject(s) ? s.maxNodes : undefined;
  return Number.isSafeInteger(n) && n >= MIN_MAX_NODES && n <= MAX_MAX_NODES ? n : DEFAULT_MAX_NODES;
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

/** member writes a member of small values (options, settings), strictly. */
function member(enc, key, v) {
  enc.string(key);
  enc.value(v, MODE_STRICT, 1, MAX_RESULT_DEPTH);
}

/**
 * The settings a request sends are a record {value, bytes}: the value (what
 * the budgets and the canonicalization are read from) and, when they were
 * encoded once, their MessagePack bytes, which each request copies rather
 * than walking the value again (undefined: the value is written per
 * request).
 *
 * @typedef {{ value: unknown, bytes: Uint8Array | undefined, copy?: boolean }} SettingsRecord
 */

/** asSettings gives the record of settings given for one call. */
export function asSettings(value) {
  return { value, bytes: undefined };
}

/** ownSettings gives the record of an API's own settings: a plain object is
 * copied and frozen (changing the object given to load or forServer
 * afterwards changes nothing; copy says so), and encoded once when its
 * members are only strings, numbers, booleans, null and undefined; anything
 * else is kept as it is and written per request, where the module refuses
 * it as before. */
export function ownSettings(s) {
  if (!isObject(s)) return asSettings(s);
  const proto = Object.getPrototypeOf(s);
  if (proto !== Object.prototype && proto !== null) return asSettings(s);
  const value = Object.freeze({ ...s });
  return { value, bytes: encodeOnce(value), copy: true };
}

/** encodeOnce gives the MessagePack bytes of settings of scalars, or
 * undefined (settings of other members, or too large for a request). */
function encodeOnce(value) {
  for (const k of Object.keys(value)) {
    const x = value[k];
    if (x !== null && x !== undefined && typeof x !== "string" && typeof x !== "number" && typeof x !== "boolean") return undefined;
  }
  const enc = new Encoder();
  enc.begin(MAX_REQUEST);
  try {
    enc.value(value, MODE_STRICT, 1, MAX_RESULT_DEPTH);
  } catch {
    return undefined; // refused per request, as before
  }
  return enc.bytes().slice();
}

/** settingsMember writes the settings of a request (set holds some). */
function settingsMember(enc, set) {
  if (set.bytes === undefined) {
    member(enc, "settings", set.value);
    return;
  }
  enc.string("settings");
  enc.raw(set.bytes);
}

/** The MessagePack bytes of each frozen serialize options object of a
 * build (the adapters make one a revision), or null where encodeOnce gives
 * none: written once, copied into each request. */
const serializeBytes = new WeakMap();

/** serializeMember writes the serialize options of a build. */
function serializeMember(enc, ser) {
  let bytes = isObject(ser) ? serializeBytes.get(ser) : null;
  if (bytes === undefined && Object.isFrozen(ser)) serializeBytes.set(ser, (bytes = encodeOnce(ser) ?? null));
  if (!bytes) {
    member(enc, "serialize", ser);
    return;
  }
  enc.string("serialize");
  enc.raw(bytes);
}

/** send sends enc's request to op over engine and ends it; a failed
 * response is thrown as the McpResultError of the value root. */
export function send(engine, enc, op, root) {
  let resp;
  try {
    resp = engine.call(op, enc.bytes());
  } finally {
    engine.release(enc);
  }
  if (!resp.ok) throw fail(resp, root);
  return resp;
}

/** sendUnread is send for a request whose value may not be read again (a
 * handler's result, read once): a failed response is thrown as the
 * module's error, its message not rewritten for the JS value at its path. */
export function sendUnread(engine, enc, op) {
  let resp;
  try {
    resp = engine.call(op, enc.bytes());
  } finally {
    engine.release(enc);
  }
  if (!resp.ok) throw new McpResultError(resp.error.code, resp.error.path, resp.error.message);
  return resp;
}

/** encode runs write with an encoder of engine for a new request; a bound
 * the request breaks is an McpResultError (with keepInputLimit, a bound the
 * caller's value breaks is thrown as the EncodeLimit it is). Anything else
 * thrown while the value is read (by the caller's getter, toJSON or Proxy
 * trap) is thrown as it is. */
export function encode(engine, write, keepInputLimit = false) {
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

/** parse reads the module's JSON: with JSON.parse, unless the request held
 * an integer no double holds (only a BigInt can), whose exact value the
 * returned object must keep. */
export function parse(enc, json) {
  return enc.bigIntegers !== null ? parseExact(json, enc.bigIntegers) : JSON.parse(json);
}

/** buildRequest writes the request of a build of kind (tool, resource,
 * error or value) with the settings of set, inherit inh, the serialize
 * options ser (or none) and, with refs (a tool or resource result, unless
 * told otherwise), refs: the encoder then keeps the long strings it writes
 * (enc.longs), which the module may answer by reference (see placeRefs in
 * api.js). It gives the request with the input as written (root, for the
 * paths of its errors). */
export function buildRequest(engine, kind, input, set, inh, ser, refs = kind === "tool" || kind === "resource") {
  const s = set.value;
  // a resource result, and an app's page and tool _meta, are always strict
  const strict = kind === "resource" || kind === "appResource" || kind === "appToolMeta";
  let mode = strict ? MODE_STRICT : modeOf(isObject(s) ? s.canonicalization : undefined);
  let maxBytes = maxBytesOf(s);
  if (isObject(input)) {
    const c = input.canonicalization;
    if ((c === "json" || c === "strict") && !strict) mode = modeOf(c);
    const m = input.maxJsonBytes;
    if (Number.isSafeInteger(m) && m > maxBytes && m <= MAX_MAX_JSON_BYTES && !inh) maxBytes = m;
    if (kind === "value" && mode === MODE_JSON) input = quoteConverted(input);
  }
  const enc = encode(engine, (enc) => {
    enc.mapHeader(2 + (s !== undefined ? 1 : 0) + (inh ? 1 : 0) + (ser !== undefined ? 1 : 0) + (refs ? 1 : 0));
    if (refs) enc.longs = [];
    enc.string("kind");
    enc.string(kind);
    enc.string("input");
    if (kind === "value") {
      writeInput(enc, input, mode, MAX_PARSE_DEPTH + 1, Infinity, maxBytes, NODE_ALLOWANCE);
    } else {
      writeInput(enc, input, mode, MAX_RESULT_DEPTH, maxNodesOf(s), maxBytes, NODE_ALLOWANCE);
    }
    if (s !== undefined) settingsMember(enc, set);
    if (inh) {
      enc.string("inherit");
      enc.bool(true);
    }
    if (ser !== undefined) serializeMember(enc, ser);
    if (refs) {
      enc.string("refs");
      enc.number(REFS_MIN);
    }
  });
  return { enc, root: input };
}

/** resultRequest writes the request of a serialize (key "result") or
 * validate (key "value"): the value (in the settings' mode; a resource
 * result always strict; in mode given, when given, the value then looked
 * at by the writing alone), the options, the settings of set. */
export function resultRequest(engine, key, v, options, set, keepInputLimit, given) {
  const s = set.value;
  let mode = given;
  if (mode === undefined) {
    mode = modeOf(isObject(s) ? s.canonicalization : undefined);
    if (isObject(v) && v.contents !== undefined && v.content === undefined) mode = MODE_STRICT;
  }
  const has = options !== undefined;
  return encode(
    engine,
    (enc) => {
      enc.mapHeader(1 + (has ? 1 : 0) + (s !== undefined ? 1 : 0));
      enc.string(key);
      // validate reports max_depth beside its other findings, and serialize
      // names the first fault, as for a parsed value: the value goes to the
      // module as deep as the module parses (a cyclic value ends there), and
      // as large as the budget allows
      writeInput(enc, v, mode, MAX_PARSE_DEPTH, maxNodesOf(s), maxBytesOf(s), NODE_ALLOWANCE, key === "value");
      if (has) member(enc, "options", options);
      if (s !== undefined) settingsMember(enc, set);
    },
    keepInputLimit,
  );
}

/**
 * readRequest writes the request of a validate of a handler's result v
 * (options: the validate options) in mode, with the settings of set, with
 * v read once, by the writing alone (no cut: past the budget, the budget's
 * error is thrown, an McpResultError), and gives it with where v's bytes
 * are in it (start, end), for a serialize of the same bytes
 * (rawResultRequest). With options undefined, it writes v alone.
 */
export function readRequest(engine, v, mode, options, set) {
  const s = set.value;
  let start = 0;
  let end = 0;
  const enc = encode(engine, (enc) => {
    if (options !== undefined) {
      enc.mapHeader(2 + (s !== undefined ? 1 : 0));
      enc.string("value");
    }
    start = enc.pos;
    writeInput(enc, v, mode, MAX_PARSE_DEPTH, maxNodesOf(s), maxBytesOf(s), NODE_ALLOWANCE);
    end = enc.pos;
    if (options !== undefined) {
      member(enc, "options", options);
      if (s !== undefined) settingsMember(enc, set);
    }
  });
  return { enc, start, end };
}

/** rawResultRequest writes the request of a serialize whose result is input,
 * the bytes of a value written before (readRequest), with the options and
 * the settings of set. */
export function rawResultRequest(engine, input, options, set) {
  const s = set.value;
  return encode(engine, (enc) => {
    enc.mapHeader(1 + (options !== undefined ? 1 : 0) + (s !== undefined ? 1 : 0));
    enc.string("result");
    enc.raw(input);
    if (options !== undefined) member(enc, "options", options);
    if (s !== undefined) settingsMember(enc, set);
  });
}

/** schemaRequest writes the request of an outputSchema: the schema, the
 * options, the settings of set. */
export function schemaRequest(engine, schema, options, set, keepInputLimit) {
  const s = set.value;
  return encode(
    engine,
    (enc) => {
      enc.mapHeader(1 + (options ? 1 : 0) + (s !== undefined ? 1 : 0));
      enc.string("schema");
      writeInput(enc, schema, MODE_STRICT, MAX_RESULT_DEPTH, maxNodesOf(s), maxBytesOf(s), NODE_ALLOWANCE);
      if (options) member(enc, "options", options);
      if (s !== undefined) settingsMember(enc, set);
    },
    keepInputLimit,
  );
}

/** infoRequest writes the request of info: an empty map. */
export function infoRequest(engine) {
  return encode(engine, (enc) => enc.mapHeader(0));
}
