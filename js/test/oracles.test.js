// Independent oracles through the public API: each test draws random values
// from a seeded generator and checks what the module writes against a judge
// that shares no code with it:
//
//   a. JSON.stringify: the text fallback of structured content, fromValue,
//      and every byte of a built result;
//   b. the RFC 8785 package `canonicalize`: serialize's jcs format;
//   c. the official MCP JSON Schemas (ajv + ajv-formats): every serialize
//      output of every revision, and validate agrees with them;
//   d. the official TypeScript SDK: its zod schemas accept a built result
//      unchanged, and a real McpServer and Client carry it end to end.
//
// MCPRESULT_ORACLE_SEED (a uint32) and MCPRESULT_ORACLE_COUNT (the base
// count, default 2000) reproduce or widen a run; every test prints its seed.

import { test } from "node:test";
import assert from "node:assert/strict";
import { load, McpResultError, ClientError } from "mcpresult";
import { canonicalize } from "./deps.js";
import { revisionSchema } from "./schemas.js";
import { CallToolResultSchema, ReadResourceResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
// the SDK's own zod (a dependency of the SDK): registerTool takes a zod
// output schema
import * as z from "zod/v4";

const mcp = await load();

const SEED = envInt("MCPRESULT_ORACLE_SEED", 0x6d637072) >>> 0;
const COUNT = envInt("MCPRESULT_ORACLE_COUNT", 2000);
const VERSIONS = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"];
const LATEST = "2026-07-28";

function envInt(name, dflt) {
  const s = process.env[name];
  if (s === undefined || s === "") return dflt;
  const n = Number(s);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, not ${JSON.stringify(s)}`);
  return n;
}

// ---------------------------------------------------------------------------
// The generator: mulberry32, and random values made from it.

function mulberry32(seed) {
  let a = seed >>> 0;
  return function next() {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Gen {
  constructor(seed) {
    this.next = mulberry32(seed);
  }
  /** an integer in [0, n) */
  int(n) {
    return Math.floor(this.next() * n);
  }
  /** an integer in [lo, hi] */
  range(lo, hi) {
    return lo + this.int(hi - lo + 1);
  }
  u32() {
    return (this.next() * 4294967296) >>> 0;
  }
  bool(p = 0.5) {
    return this.next() < p;
  }
  pick(list) {
    return list[this.int(list.length)];
  }
}

/** A test's generator: its own stream of the run's seed, so that one test
 * reproduces alone. */
function genFor(t, salt) {
  const seed = (SEED + Math.imul(salt, 0x9e3779b9)) >>> 0;
  t.diagnostic(`seed ${SEED} (MCPRESULT_ORACLE_SEED), stream ${salt} (seed ${seed}), count ${COUNT} (MCPRESULT_ORACLE_COUNT)`);
  return new Gen(seed);
}

const SPECIAL_NUMBERS = [
  0, -0, 1, -1, 0.1, 0.1 + 0.2, 1e21, 1e-7, 1e-6, 1e20, 123456789012345680000, 5e-324, -5e-324,
  1.7976931348623157e308, -1.7976931348623157e308, 2.2250738585072014e-308, 2 ** 53, -(2 ** 53),
  2 ** 53 - 1, -(2 ** 53 - 1), 2 ** 53 + 2, 2 ** 60, 2 ** 64, 4.35, 0.000001, 1.5e-9, 100, 1e100,
  9007199254740993, 0.30000000000000004, 2 ** 31, -(2 ** 31), 2 ** 32, 1 / 3, Math.PI, 1e-323,
];

function number(g) {
  switch (g.int(8)) {
    case 0:
      return g.range(-100, 100);
    case 1:
      // an integer within ±2^53
      return Math.trunc((g.next() * 2 - 1) * 2 ** 53);
    case 2:
      return g.pick(SPECIAL_NUMBERS);
    case 3: {
      // any finite double, from random bits
      const dv = new DataView(new ArrayBuffer(8));
      for (;;) {
        dv.setUint32(0, g.u32());
        dv.setUint32(4, g.u32());
        const f = dv.getFloat64(0);
        if (Number.isFinite(f)) return f;
      }
    }
    case 4:
      return (g.bool() ? -1 : 1) * g.int(1000000) / 10 ** g.int(12);
    case 5:
      return (g.bool() ? -1 : 1) * 10 ** g.range(-30, 30);
    case 6: {
      const f = (g.bool() ? -1 : 1) * g.next() * 10 ** g.range(-325, 308);
      return Number.isFinite(f) ? f : 0.5;
    }
    default:
      return g.next();
  }
}

// Characters JSON writers get wrong: quotes and backslashes, controls, the
// line and paragraph separators (raw in JSON.stringify's output), what an
// HTML-minded writer escapes, BOM and other invisible characters,
// characters beyond the BMP (surrogate pairs), combining sequences.
const TRICKY = [
  '"', "\\", "/", "\b", "\f", "\n", "\r", "\t", "\u2028", "\u2029", "\u0085", "\u00a0", "\ufeff", "\u200b",
  "\u007f", "<", ">", "&", "'", "</script>", "\u{1F600}", "\u{1F469}\u200d\u{1F4BB}", "\u{1F1E9}\u{1F1EA}",
  "\u{1D11E}", "\u{10FFFF}", "\u{10000}", "e\u0301", "\uffff", "\ufffe", "\ufffd", "\ue000", "\ud7ff", "\u00e9",
  "\u4e2d\u6587", "\u0000", "\u001f", "%", "\\u0000",
];

function char(g) {
  switch (g.int(7)) {
    case 0:
    case 1:
      return String.fromCharCode(0x20 + g.int(95)); // printable ASCII
    case 2:
      return g.pick(TRICKY);
    case 3:
      return String.fromCharCode(g.bool(0.9) ? g.int(0x20) : 0x7f); // controls
    case 4: {
      let c;
      do c = 0xa0 + g.int(0x10000 - 0xa0);
      while (c >= 0xd800 && c <= 0xdfff); // no lone surrogates (invalid_utf8)
      return String.fromCharCode(c);
    }
    case 5:
      return String.fromCodePoint(0x10000 + g.int(0x100000)); // a surrogate pair
    default:
      return "abcdefghijklmnopqrstuvwxyz0123456789"[g.int(36)];
  }
}

function string(g, max = 12) {
  const n = g.int(max + 1);
  let s = "";
  for (let i = 0; i < n; i++) s += char(g);
  return s;
}

// Keys that JS or a JSON writer treats specially: the prototype's names,
// integer-like keys (array indices come first in JS order, 2^32-1 and
// beyond do not), and keys where UTF-16 order and code-point order differ
// (the JCS ordering trap: U+E000..U+FFFF against surrogate pairs).
const SPECIAL_KEYS = [
  "__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "toJSON", "prototype", "",
  "0", "1", "2", "10", "01", "-1", "-0", "1.5", "1e3", "4294967294", "4294967295", "9007199254740993",
  "\ue000", "\uffff", "\uff61", "\u{1F600}", "\u{10000}", "\ufb00", "a", "A", "B", "b", "\u00e9", " ", "\u0000",
];

function key(g) {
  switch (g.int(6)) {
    case 0:
    case 1:
      return g.pick(SPECIAL_KEYS);
    case 2:
      return String(g.int(1000));
    default:
      return string(g, 6);
  }
}

/** setKey makes k an own enumerable member, __proto__ included (an
 * assignment would set the prototype instead). */
function setKey(o, k, v) {
  if (Object.hasOwn(o, k)) return;
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
}

function jsonObject(g, depth) {
  const o = g.bool(0.1) ? Object.create(null) : {};
  const n = g.int(6);
  for (let i = 0; i < n; i++) setKey(o, key(g), json(g, depth - 1));
  return o;
}

/** A random JSON value nested at most depth levels. */
function json(g, depth) {
  switch (g.int(depth <= 0 ? 5 : 9)) {
    case 0:
      return null;
    case 1:
      return g.bool();
    case 2:
      return number(g);
    case 3:
      return string(g);
    case 4:
      return g.bool() ? number(g) : string(g, 4);
    case 5:
    case 6:
      return jsonObject(g, depth);
    default: {
      const n = g.int(6);
      const a = [];
      for (let i = 0; i < n; i++) a.push(json(g, depth - 1));
      return a;
    }
  }
}

function structured(g) {
  switch (g.int(5)) {
    case 0:
    case 1:
    case 2:
      return jsonObject(g, 5);
    case 3:
      return g.bool() ? [] : json(g, 5);
    default:
      return g.pick([null, 0, -0, "", "text", true, false, 1e21, []]);
  }
}

// Protocol values, valid by the rules of the package docs (go doc ./content).

const URI_BASES = [
  "https://example.com/", "http://localhost:8080/", "file:///srv/data/", "s3://bucket/", "x-app+v1.2://host/",
  "https://[2001:db8::1]:8443/", "postgres://app@db.internal:5432/", "git+ssh://git@github.com/o/", "file:///C:/Users/x/",
];
const URI_WHOLE = [
  "urn:isbn:0451450523", "mailto:someone@example.org", "https://example.com/a?b=c&d=e#frag", "data:image/png;base64,iVBORw0KGgo=",
  "https://example.com", "file:///", "tag:example.com,2024:x", "https://example.com/%20space/%C3%A9t%C3%A9",
  "urn:uuid:123e4567-e89b-12d3-a456-426614174000", "https://user@example.com/~x/(y)/*/!/$/'/;/=/+/,",
];
const SEGMENT = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~";

function uri(g) {
  if (g.bool(0.3)) return g.pick(URI_WHOLE);
  let u = g.pick(URI_BASES);
  const segments = g.int(4);
  for (let i = 0; i < segments; i++) {
    if (i > 0) u += "/";
    const n = g.range(1, 8);
    for (let j = 0; j < n; j++) {
      u += g.bool(0.1) ? g.pick(["%C3%A9", "%20", "%2F", "%E2%80%A8", "%F0%9F%98%80"]) : SEGMENT[g.int(SEGMENT.length)];
    }
    if (u.endsWith("/.") || u.endsWith("/..")) u += "x"; // no dot segments
  }
  if (g.bool(0.15)) u += "?q=" + g.int(100) + "&r=%C3%A9";
  if (g.bool(0.1)) u += "#f" + g.int(10);
  return u;
}

const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/svg+xml", "image/png;", "image/vnd.microsoft.icon", "image/x-icon", 'image/png; name="a b"', "IMAGE/PNG"];
const AUDIO_TYPES = ["audio/wav", "audio/mpeg", "audio/ogg; codecs=opus", "audio/webm;codecs=opus", "audio/L16;rate=16000", "audio/x-flac"];
const OTHER_TYPES = ["text/plain", "text/plain;charset=utf-8", "application/json", "application/octet-stream", "text/markdown", "application/vnd.api+json", "text/csv; header=present", "image/png", "audio/wav"];

function bytes(g, max = 24) {
  const b = new Uint8Array(g.int(max + 1));
  for (let i = 0; i < b.length; i++) b[i] = g.int(256);
  return b;
}

/** base64 as a string, or the bytes for the library to encode */
function data(g) {
  const b = bytes(g);
  return g.bool() ? b : Buffer.from(b).toString("base64");
}

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const pad = (n, w = 2) => String(n).padStart(w, "0");

function lastModified(g) {
  const year = g.bool(0.8) ? g.range(1970, 2100) : g.range(0, 9999);
  const month = g.range(1, 12);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const day = g.bool(0.1) ? DAYS[month - 1] + (month === 2 && leap ? 1 : 0) : g.range(1, DAYS[month - 1] + (month === 2 && leap ? 1 : 0));
  let s = `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(g.int(24))}:${pad(g.int(60))}:${pad(g.int(60))}`;
  if (g.bool(0.4)) {
    const digits = g.range(1, 9);
    for (let i = 0; i < digits; i++) s += (i === 0 ? "." : "") + g.int(10);
  }
  s += g.bool(0.5) ? "Z" : `${g.pick(["+", "-"])}${pad(g.int(24))}:${pad(g.int(60))}`;
  return s;
}

function annotations(g) {
  const a = {};
  if (g.bool(0.6)) a.audience = g.pick([[], ["user"], ["assistant"], ["user", "assistant"], ["assistant", "user"]]);
  if (g.bool(0.6)) a.priority = g.pick([0, 1, 0.5, g.next(), 1e-7, 0.1 + 0.2, 5e-324]);
  if (g.bool(0.5)) a.lastModified = lastModified(g);
  return a;
}

const META_NAMES = ["trace", "a", "x-y_z.w", "requestId", "A1", "v2.final", "0"];
const META_PREFIXES = ["com.example/", "io.github.someone/", "dev.acme.api/", "x/", "com.example.deep.label/"];

function metaKey(g) {
  if (g.bool(0.1)) return g.pick(["com.example/", ""]); // an empty name is allowed
  let name = g.pick(META_NAMES);
  if (g.bool(0.3)) name = "n" + g.int(1000) + g.pick(["", "-x", "_y", ".z"]) + g.pick(["a", "9"]);
  return (g.bool(0.6) ? g.pick(META_PREFIXES) : "") + name;
}

function meta(g) {
  const m = {};
  const n = g.range(1, 3);
  for (let i = 0; i < n; i++) setKey(m, metaKey(g), json(g, 2));
  return m;
}

function options(g, extra) {
  const o = { ...extra };
  if (g.bool(0.3)) o.annotations = annotations(g);
  if (g.bool(0.25)) o.meta = meta(g);
  return o;
}

function icon(g) {
  const i = { src: g.bool(0.2) ? "data:image/svg+xml;base64,PHN2Zz4=" : uri(g) };
  if (g.bool(0.5)) i.mimeType = g.pick(IMAGE_TYPES);
  if (g.bool(0.5)) i.sizes = g.pick([[], ["48x48"], ["any"], ["16x16", "32x32"]]);
  if (g.bool(0.3)) i.theme = g.pick(["light", "dark"]);
  return i;
}

function contents(g) {
  const o = {};
  if (g.bool(0.6)) o.mimeType = g.pick(OTHER_TYPES);
  if (g.bool(0.2)) o.meta = meta(g);
  if (g.bool()) return mcp.textResource(uri(g), string(g, 20), o);
  return mcp.blobResource(uri(g), data(g), o);
}

/** A random content block: by the constructors, or as a plain object. */
function block(g) {
  switch (g.int(6)) {
    case 0:
    case 1:
      return g.bool() ? mcp.text(string(g, 30), options(g)) : { type: "text", text: string(g, 30) };
    case 2:
      return mcp.image(data(g), g.pick(IMAGE_TYPES), options(g));
    case 3:
      return mcp.audio(data(g), g.pick(AUDIO_TYPES), options(g));
    case 4: {
      const o = {};
      if (g.bool(0.4)) o.title = string(g, 8);
      if (g.bool(0.3)) o.description = string(g, 20);
      if (g.bool(0.4)) o.mimeType = g.pick(OTHER_TYPES);
      if (g.bool(0.3)) o.size = g.pick([0, 1, g.int(1e9), 2 ** 53 - 1]);
      if (g.bool(0.4)) o.icons = Array.from({ length: g.range(0, 2) }, () => icon(g));
      let name = string(g, 10);
      if (name === "") name = "n";
      return mcp.resourceLink(uri(g), name, options(g, o));
    }
    default:
      return mcp.embeddedResource(contents(g), options(g));
  }
}

/** The input of a random tool result: blocks, structured content (any JSON
 * value, object most often), isError, _meta. */
function toolInput(g, { structuredObject = false } = {}) {
  const input = {};
  const sc = g.bool(0.6);
  if (sc) input.structuredContent = structuredObject ? jsonObject(g, 4) : structured(g);
  if (!sc || g.bool(0.7)) {
    const n = g.range(1, 4);
    const blocks = Array.from({ length: n }, () => block(g));
    input.content = n === 1 && g.bool() ? blocks[0] : blocks;
  }
  if (g.bool(0.3)) input.isError = g.bool();
  if (g.bool(0.25)) {
    input.meta = meta(g);
    if (g.bool(0.1)) input.meta["io.modelcontextprotocol/related-task"] = { taskId: "task-" + g.int(100) };
  }
  return input;
}

function resourceInput(g) {
  const n = g.range(1, 3);
  const list = Array.from({ length: n }, () => contents(g));
  const input = { contents: n === 1 && g.bool() ? list[0] : list };
  if (g.bool(0.25)) input.meta = meta(g);
  return input;
}

function finalizeOption(g) {
  switch (g.int(5)) {
    case 0:
      return true;
    case 1:
      return { serverInfo: { name: "oracle-" + g.int(10), version: g.range(0, 9) + ".0." + g.int(10) } };
    case 2:
      return { ttlMs: g.pick([0, 1, 60000, 2 ** 53 - 1]), cacheScope: g.pick(["public", "private"]) };
    case 3:
      return { serverInfo: { name: "s", version: "1" }, ttlMs: g.int(1e6), cacheScope: g.pick(["public", "private"]) };
    default:
      return {};
  }
}

/** show writes an input for a failure message: JSON, with bytes as
 * {"$bin": base64} (the vectors' notation) and __proto__ keys as they are. */
function show(v) {
  const s = JSON.stringify(v, (k, x) => (x instanceof Uint8Array ? { $bin: Buffer.from(x).toString("base64") } : x));
  return s.length > 2000 ? s.slice(0, 2000) + "…" : s;
}

function why(e) {
  return e instanceof McpResultError ? `McpResultError ${e.code} at ${JSON.stringify(e.path)}: ${e.message}` : String(e && e.stack);
}

/** A list of failures, reported at the end with the first few in full. */
function failures(what) {
  const list = [];
  return {
    add(msg) {
      list.push(msg);
    },
    check() {
      assert.equal(list.length, 0, `${list.length} ${what} failure(s) (seed ${SEED}); the first:\n` + list.slice(0, 5).join("\n\n"));
    },
  };
}

// ---------------------------------------------------------------------------
// a. The text fallback, fromValue and every built result are written
//    exactly as JSON.stringify writes them.

test("a. fallback, fromValue and built results equal JSON.stringify", (t) => {
  const g = genFor(t, 1);
  const f = failures("JSON.stringify");
  let protoKeys = 0;
  for (let i = 0; i < COUNT; i++) {
    const v = json(g, 6);
    const expected = JSON.stringify(v);
    if (expected.includes('"__proto__":')) protoKeys++;
    let r;
    try {
      r = mcp.tool({ structuredContent: v });
    } catch (e) {
      f.add(`#${i} tool({structuredContent}) threw ${why(e)}\n  value: ${show(v)}`);
      continue;
    }
    const built = mcp.jsonOf(r);
    const want = JSON.stringify({ content: [{ type: "text", text: expected }], structuredContent: v, isError: false });
    if (r.content[0].text !== expected) {
      f.add(`#${i} fallback text differs from JSON.stringify\n  value: ${show(v)}\n  module: ${JSON.stringify(r.content[0].text)}\n  stringify: ${JSON.stringify(expected)}`);
    } else if (built !== want) {
      f.add(`#${i} jsonOf(result) differs from JSON.stringify of the expected result\n  value: ${show(v)}\n  module: ${built}\n  expected: ${want}`);
    } else if (JSON.stringify(r) !== built) {
      f.add(`#${i} JSON.stringify(result) differs from jsonOf(result)\n  value: ${show(v)}`);
    } else if (mcp.serialize(r) !== built) {
      f.add(`#${i} serialize(result) (2026-07-28, wire, no finalize) differs from jsonOf(result)\n  value: ${show(v)}`);
    }

    let fv;
    try {
      fv = mcp.fromValue(v);
    } catch (e) {
      f.add(`#${i} fromValue threw ${why(e)}\n  value: ${show(v)}`);
      continue;
    }
    const text = typeof v === "string" ? v : expected;
    const wantValue = JSON.stringify({ content: [{ type: "text", text }], isError: false });
    if (mcp.jsonOf(fv) !== wantValue || JSON.stringify(fv) !== wantValue) {
      f.add(`#${i} fromValue differs\n  value: ${show(v)}\n  module: ${mcp.jsonOf(fv)}\n  expected: ${wantValue}`);
    }
  }
  // a string given to fromValue is its text verbatim, however it looks
  for (let i = 0; i < COUNT / 4; i++) {
    const s = string(g, 40);
    const fv = mcp.fromValue(s);
    if (fv.content[0].text !== s || mcp.jsonOf(fv) !== JSON.stringify({ content: [{ type: "text", text: s }], isError: false })) {
      f.add(`fromValue(string) is not verbatim: ${JSON.stringify(s)}`);
    }
  }
  t.diagnostic(`${COUNT} values (${protoKeys} with an own "__proto__" key), ${COUNT / 4} extra strings`);
  assert.ok(protoKeys > 0, "the generator makes __proto__ keys");
  f.check();
});

test("a. strings JSON.stringify writes but UTF-8 cannot carry are refused, not rewritten", () => {
  // a lone surrogate: JSON.stringify escapes it (\ud800); the module writes
  // UTF-8 and refuses it with invalid_utf8 at its place
  for (const [v, path] of [["\ud800", "/structuredContent"], [{ k: ["x\udfff"] }, "/structuredContent/k/0"], [{ "\udc00": 1 }, "/structuredContent"]]) {
    assert.throws(() => mcp.tool({ structuredContent: v }), (e) => e instanceof McpResultError && e.code === "invalid_utf8" && e.path.startsWith(path), show(v));
  }
});

// ---------------------------------------------------------------------------
// b. format "jcs" is what the RFC 8785 package canonicalize writes for the
//    same value. Fair: JS numbers are doubles, all of them within I-JSON
//    (integers beyond 2^53 exist only as BigInt, checked below); strings
//    carry no lone surrogates (refused at build); canonicalize sorts keys
//    by UTF-16 code units and formats numbers as ECMAScript does, as RFC
//    8785 requires. Both sides see the same output of the same revision.

test("b. jcs equals canonicalize of the wire output", (t) => {
  const g = genFor(t, 2);
  const f = failures("canonicalize");
  let traps = 0;
  for (let i = 0; i < COUNT; i++) {
    const resource = g.bool(0.15);
    const input = resource ? resourceInput(g) : toolInput(g);
    if (!resource && g.bool(0.5)) input.structuredContent = jsonObject(g, 5);
    let r;
    try {
      r = resource ? mcp.resource(input) : mcp.tool(input);
    } catch (e) {
      f.add(`#${i} build threw ${why(e)}\n  input: ${show(input)}`);
      continue;
    }
    const opts = { protocolVersion: g.pick(VERSIONS) };
    if (opts.protocolVersion === LATEST && g.bool()) opts.finalize = finalizeOption(g);
    let wire, jcs;
    try {
      wire = mcp.serialize(r, opts);
      jcs = mcp.serialize(r, { ...opts, format: "jcs" });
    } catch (e) {
      f.add(`#${i} serialize ${JSON.stringify(opts)} threw ${why(e)}\n  input: ${show(input)}`);
      continue;
    }
    if (/[\ue000-\uffff]/.test(wire) && /[\ud800-\udbff]/.test(wire)) traps++;
    const want = canonicalize(JSON.parse(wire));
    if (jcs !== want) {
      f.add(`#${i} jcs ${JSON.stringify(opts)} differs from canonicalize\n  input: ${show(input)}\n  module: ${jcs}\n  canonicalize: ${want}`);
    }
    // jcs of jcs is itself (the output is canonical JSON)
    if (canonicalize(JSON.parse(jcs)) !== jcs) f.add(`#${i} jcs output is not canonical`);
  }
  t.diagnostic(`${COUNT} results; ${traps} outputs mixed U+E000..U+FFFF with surrogate pairs (the UTF-16 ordering trap)`);
  f.check();
});

test("b. BigInt: within ±(2^53-1) jcs equals canonicalize; in a result value, beyond it jcs refuses not_i_json", () => {
  const ok = { n: 9007199254740991n, m: -9007199254740991n, z: 0n };
  const r = mcp.tool({ content: mcp.text("big"), structuredContent: ok });
  assert.equal(mcp.serialize(r, { format: "jcs" }), canonicalize(JSON.parse(mcp.serialize(r))));
  for (const v of [9007199254740993n, -9007199254740993n, 2n ** 63n - 1n, 2n ** 64n - 1n]) {
    const value = { content: [{ type: "text", text: "big" }], structuredContent: { list: [1, v] }, isError: false };
    // the wire writes the exact integer, which no double holds; jcs refuses it
    assert.ok(mcp.serialize(value).includes(`[1,${v}]`));
    assert.throws(() => mcp.serialize(value, { format: "jcs" }), (e) => e instanceof McpResultError && e.code === "not_i_json" && e.path === "/structuredContent/list/1");
  }
});

test(
  "b. a built result keeps a BigInt beyond 2^53 through serialize (wire equals jsonOf, jcs refuses not_i_json)",
  () => {
    const r = mcp.tool({ structuredContent: { n: 9007199254740993n } });
    assert.equal(mcp.jsonOf(r), '{"content":[{"type":"text","text":"{\\"n\\":9007199254740993}"}],"structuredContent":{"n":9007199254740993},"isError":false}');
    assert.equal(mcp.serialize(r), mcp.jsonOf(r), "serialize writes the number the result was built with");
    assert.throws(() => mcp.serialize(r, { format: "jcs" }), (e) => e instanceof McpResultError && e.code === "not_i_json");
  },
);

// ---------------------------------------------------------------------------
// c. Every serialize output validates against the official schema of its
//    revision, and validate agrees.

const validators = {};
for (const v of VERSIONS) {
  const { definition } = revisionSchema(v);
  validators[v] = { tool: definition("CallToolResult"), resource: definition("ReadResourceResult") };
  assert.ok(validators[v].tool && validators[v].resource, `${v}: CallToolResult and ReadResourceResult are in the schema`);
}

test("c. every serialize output validates against its revision's official schema, and validate agrees", (t) => {
  const g = genFor(t, 3);
  const f = failures("schema");
  const tools = Math.ceil(COUNT / 4);
  const resources = Math.ceil(COUNT / 8);
  const perVersion = Object.fromEntries(VERSIONS.map((v) => [v, 0]));
  const warnings = {};
  let refused = 0;
  for (let i = 0; i < tools + resources; i++) {
    const kind = i < tools ? "tool" : "resource";
    const input = kind === "tool" ? toolInput(g) : resourceInput(g);
    let r;
    try {
      r = kind === "tool" ? mcp.tool(input) : mcp.resource(input);
    } catch (e) {
      f.add(`#${i} build ${kind} threw ${why(e)}\n  input: ${show(input)}`);
      continue;
    }
    for (const version of VERSIONS) {
      const opts = { protocolVersion: version };
      if (g.bool(0.3)) opts.format = "jcs";
      if (version === LATEST) opts.finalize = g.bool(0.3) ? true : finalizeOption(g);
      else if (g.bool(0.2)) opts.finalize = finalizeOption(g); // changes nothing before 2026-07-28
      if (g.bool(0.1)) opts.unsupported = "error";
      let out;
      try {
        out = mcp.serialize(r, opts);
      } catch (e) {
        if (opts.unsupported === "error" && e instanceof McpResultError && e.code === "unsupported_content_type") {
          refused++;
          continue;
        }
        f.add(`#${i} serialize ${JSON.stringify(opts)} threw ${why(e)}\n  input: ${show(input)}`);
        continue;
      }
      const value = JSON.parse(out);
      const validate = validators[version][kind];
      if (!validate(value)) {
        const errs = validate.errors.map((e) => `${e.instancePath || "/"} ${e.message}`).join("; ");
        f.add(`#${i} ${version} ${kind} schema rejects serialize ${JSON.stringify(opts)}: ${errs}\n  input: ${show(input)}\n  output: ${out}`);
        continue;
      }
      const rep = mcp.validate(value, { protocolVersion: version, kind });
      if (!rep.valid) {
        f.add(`#${i} validate ${version} ${kind} reports errors on serialize ${JSON.stringify(opts)}: ${JSON.stringify(rep.errors)}\n  output: ${out}`);
        continue;
      }
      for (const w of rep.warnings) warnings[w.code] = (warnings[w.code] ?? 0) + 1;
      if (g.bool(0.1)) {
        // the object output is the string output parsed
        assert.deepEqual(mcp.serialize(r, { ...opts, output: "object" }), value);
      }
      perVersion[version]++;
    }
  }
  t.diagnostic(`${tools} tool and ${resources} resource results; outputs validated per revision: ${JSON.stringify(perVersion)}; refused with unsupported "error": ${refused}; validate warnings: ${JSON.stringify(warnings)}`);
  f.check();
  // at the default count, at least 500 outputs per revision (a few are
  // refused with unsupported "error")
  const want = Math.min(500, Math.floor((tools + resources) * 0.8));
  for (const v of VERSIONS) assert.ok(perVersion[v] >= want, `${v}: ${perVersion[v]} outputs validated, want ≥ ${want}`);
});

test("c. the schema judges reject what each revision lacks (they have teeth)", () => {
  const text = { type: "text", text: "t" };
  const cases = [
    ["2024-11-05", "tool", { content: [{ type: "audio", data: "AAAA", mimeType: "audio/wav" }] }],
    ["2025-03-26", "tool", { content: [{ type: "resource_link", uri: "file:///a", name: "a" }] }],
    ["2025-06-18", "tool", { content: [text], structuredContent: [1] }],
    ["2025-11-25", "tool", { content: [text], structuredContent: null }],
    ["2026-07-28", "tool", { content: [text] }], // no resultType
    ["2026-07-28", "resource", { resultType: "complete", contents: [{ uri: "file:///a", text: "" }] }], // no ttlMs, cacheScope
    ["2025-06-18", "tool", { content: [{ type: "image", data: "not base64!", mimeType: "image/png" }] }],
    ["2025-06-18", "resource", { contents: [{ uri: "not a uri", text: "" }] }],
    ["2025-11-25", "tool", { content: [{ ...text, annotations: { priority: 2 } }] }],
  ];
  for (const [version, kind, value] of cases) {
    assert.equal(validators[version][kind](value), false, `${version} ${kind} schema accepts ${JSON.stringify(value)}`);
  }
});

// ---------------------------------------------------------------------------
// d. The official SDK accepts a built result unchanged.
//
// zod (the SDK's schemas) builds a new object whose members come in the
// schema's order, not the input's: {"type":"resource_link","uri",...}
// comes back as {"name",...,"uri",...,"type"}. Member order means nothing in
// JSON, and the server sends the handler's own object; so the check is that
// the parsed value, put back in the input's member order, is the input byte
// for byte: nothing stripped, added or changed. How many came back
// reordered is printed.

/** inOrderOf returns b with the members of each object in a's order, and
 * b's members a lacks after them (so that a difference still shows). */
function inOrderOf(a, b) {
  if (Array.isArray(a) && Array.isArray(b)) return b.map((x, i) => inOrderOf(a[i], x));
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object" || Array.isArray(a) || Array.isArray(b)) return b;
  const out = {};
  for (const k of Object.keys(a)) if (Object.hasOwn(b, k)) setKey(out, k, inOrderOf(a[k], b[k]));
  for (const k of Object.keys(b)) if (!Object.hasOwn(out, k)) setKey(out, k, b[k]);
  return out;
}

function isPlainObject(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

function sdkCheck(f, schema, label, value, input) {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    f.add(`${label}: the SDK rejects it: ${parsed.error.message.slice(0, 600)}\n  input: ${show(input)}\n  result: ${JSON.stringify(value)}`);
    return 0;
  }
  const got = JSON.stringify(inOrderOf(value, parsed.data));
  const want = JSON.stringify(value);
  if (got !== want) {
    f.add(`${label}: the SDK changed it\n  input: ${show(input)}\n  result: ${want}\n  parsed: ${got}`);
    return 0;
  }
  return JSON.stringify(parsed.data) === want ? 1 : 2;
}

test("d. the SDK's CallToolResultSchema and ReadResourceResultSchema accept built results unchanged", (t) => {
  const g = genFor(t, 4);
  const f = failures("SDK");
  const n = { tool: 0, resource: 0, wrapped: 0, reordered: 0 };
  const count = Math.ceil(COUNT / 2);
  for (let i = 0; i < count; i++) {
    const input = toolInput(g, { structuredObject: true });
    // zod drops a top-level "__proto__" member of a record (the todo test
    // below): that is the SDK's, and is left out here
    if (input.structuredContent) delete input.structuredContent["__proto__"];
    const r = mcp.tool(input);
    const s = sdkCheck(f, CallToolResultSchema, `#${i} tool`, r, input);
    if (s) n.tool++;
    if (s === 2) n.reordered++;
  }
  for (let i = 0; i < count / 2; i++) {
    const input = resourceInput(g);
    const r = mcp.resource(input);
    const s = sdkCheck(f, ReadResourceResultSchema, `#${i} resource`, r, input);
    if (s) n.resource++;
    if (s === 2) n.reordered++;
  }
  // client errors and ordinary values
  for (let i = 0; i < count / 4; i++) {
    let message = string(g, 30).trim();
    if (message === "") message = "failed";
    const e = g.bool() ? mcp.error(message) : mcp.error(message, g.pick(["not_found", "E42", "rate.limited"]));
    if (sdkCheck(f, CallToolResultSchema, `#${i} error`, e, message)) n.tool++;
    const v = json(g, 3);
    if (sdkCheck(f, CallToolResultSchema, `#${i} fromValue`, mcp.fromValue(v), v)) n.tool++;
  }
  // structured content that is not an object: the SDK (which speaks up to
  // 2025-11-25) takes it as serialize writes it for 2025-11-25, wrapped
  for (let i = 0; i < count / 4; i++) {
    const input = toolInput(g);
    input.structuredContent = g.bool() ? json(g, 3) : g.pick([null, [], [1, "a"], 0, "s", false]);
    if (isPlainObject(input.structuredContent)) delete input.structuredContent["__proto__"];
    const r = mcp.tool(input);
    const out = mcp.serialize(r, { protocolVersion: "2025-11-25", output: "object" });
    const s = sdkCheck(f, CallToolResultSchema, `#${i} tool serialized for 2025-11-25`, out, input);
    if (s) n.wrapped++;
    if (s === 2) n.reordered++;
  }
  t.diagnostic(`accepted unchanged: ${n.tool} tool results (object or no structured content; error(); fromValue()), ${n.resource} resource results, ${n.wrapped} results with other structured content serialized for 2025-11-25; ${n.reordered} of them came back with members in zod's order`);
  f.check();
});

// The two todo tests below are limits of the SDK (1.32.2), not of the
// module; they fail today and are reported by node:test as TODO.

test(
  "d. the SDK accepts a built result whose structured content is not an object",
  {
    todo:
      "SDK 1.32.2 (up to 2025-11-25) declares structuredContent z.record: an array, scalar or null from tool() is rejected " +
      "(an McpServer answers with JSON-RPC error -32602 'Invalid tools/call result'); serialize for the client's revision wraps it as {result}",
  },
  () => {
    for (const sc of [[1, 2], null, "s", 0]) {
      const r = mcp.tool({ structuredContent: sc });
      const parsed = CallToolResultSchema.safeParse(r);
      assert.ok(parsed.success, `CallToolResultSchema rejects ${mcp.jsonOf(r)}`);
    }
  },
);

test(
  "d. the SDK keeps a top-level \"__proto__\" member of structured content",
  { todo: "SDK 1.32.2's zod (4.6.7) record parse drops a \"__proto__\" key; McpServer sends the parsed result, so the client gets structuredContent without it while the text fallback still has it" },
  () => {
    const r = mcp.tool({ structuredContent: JSON.parse('{"__proto__":1,"a":2}') });
    const parsed = CallToolResultSchema.parse(r);
    assert.equal(JSON.stringify(parsed), mcp.jsonOf(r));
  },
);

test("d. end to end: McpServer and Client over an in-memory transport carry the results exactly", async (t) => {
  const server = new McpServer({ name: "oracle-server", version: "1.0.0" });
  const privateErrors = [];
  const onError = (e) => privateErrors.push(e);

  const weather = mcp.tool({ structuredContent: { city: "Zürich \u2028 \u{1F327}", temperature: 21.5, tags: ["a", "b"], raw: { x: null, y: 1e21 } } });
  server.registerTool(
    "weather",
    {
      description: "the weather",
      outputSchema: { city: z.string(), temperature: z.number(), tags: z.array(z.string()), raw: z.object({ x: z.null(), y: z.number() }) },
    },
    mcp.guard(async () => weather, { onError }),
  );
  const blocks = mcp.tool({
    content: [
      mcp.text("see the plot", { annotations: { audience: ["user"], priority: 0.5, lastModified: "2025-01-12T15:00:58Z" } }),
      mcp.image(new Uint8Array([137, 80, 78, 71]), "image/png"),
      mcp.resourceLink("file:///srv/plot.svg", "plot.svg", { mimeType: "image/svg+xml", size: 1234, icons: [{ src: "https://example.com/i.png", sizes: ["48x48"] }] }),
      mcp.embeddedResource(mcp.textResource("file:///srv/a.txt", "a", { mimeType: "text/plain", meta: { "com.example/k": 1 } })),
    ],
    meta: { "com.example/request": "r-1" },
  });
  server.registerTool("blocks", { description: "blocks" }, mcp.guard(async () => blocks, { onError }));
  const list = mcp.tool({ structuredContent: [1, "a"] });
  server.registerTool(
    "list",
    { description: "a list" },
    mcp.guard(async () => mcp.serialize(list, { protocolVersion: "2025-11-25", output: "object" }), { onError }),
  );
  const secret = "password=hunter2 at db.internal";
  server.registerTool(
    "boom",
    { description: "fails privately" },
    mcp.guard(async () => {
      throw new Error(secret);
    }, { onError }),
  );
  server.registerTool(
    "denied",
    { description: "fails publicly" },
    mcp.guard(async () => {
      throw new ClientError("no such city", "not_found");
    }, { onError }),
  );
  const readme = mcp.resource({ contents: mcp.textResource("file:///srv/readme.md", "# hello \u{1F44B}", { mimeType: "text/markdown" }) });
  server.registerResource("readme", "file:///srv/readme.md", { mimeType: "text/markdown" }, async () => readme);

  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  // what the server puts on the transport, by request id
  const sent = new Map();
  const send = serverTransport.send.bind(serverTransport);
  serverTransport.send = async (message, opts) => {
    if ("id" in message && "result" in message) sent.set(message.id, JSON.stringify(message.result));
    return send(message, opts);
  };
  await server.connect(serverTransport);
  const client = new Client({ name: "oracle-client", version: "1.0.0" });
  await client.connect(clientTransport);
  t.after(() => client.close());

  // listing the tools makes the client check structured content against
  // the output schema too
  const listed = await client.listTools();
  assert.deepEqual(listed.tools.map((x) => x.name).sort(), ["blocks", "boom", "denied", "list", "weather"]);

  const lastSent = () => [...sent.values()].at(-1);

  const got = await client.callTool({ name: "weather", arguments: {} });
  assert.equal(lastSent(), mcp.jsonOf(weather), "the server sends the handler's result as built");
  assert.equal(JSON.stringify(got), mcp.jsonOf(weather), "the client receives it byte for byte");

  // the SDK's Server parses a tools/call result with CallToolResultSchema
  // and sends what zod gives: the same members, in zod's order
  const gotBlocks = await client.callTool({ name: "blocks", arguments: {} });
  assert.equal(JSON.stringify(inOrderOf(blocks, JSON.parse(lastSent()))), mcp.jsonOf(blocks), "the server sends every block unchanged (zod orders members its own way)");
  assert.equal(JSON.stringify(inOrderOf(blocks, gotBlocks)), mcp.jsonOf(blocks), "the client receives every block unchanged");

  // structured content that is not an object, serialized for the client's
  // revision (the SDK negotiates 2025-11-25) and handed to the SDK
  const gotList = await client.callTool({ name: "list", arguments: {} });
  assert.equal(JSON.stringify(gotList), '{"content":[{"type":"text","text":"[1,\\"a\\"]"}],"structuredContent":{"result":[1,"a"]},"isError":false}');

  const boom = await client.callTool({ name: "boom", arguments: {} });
  assert.equal(JSON.stringify(boom), '{"content":[{"type":"text","text":"tool execution failed"}],"isError":true}');
  assert.equal(lastSent(), '{"content":[{"type":"text","text":"tool execution failed"}],"isError":true}');
  assert.equal(privateErrors.length, 1, "onError receives the private failure once");
  assert.ok(privateErrors[0] instanceof Error && privateErrors[0].message === secret);
  assert.ok(![...sent.values()].some((s) => s.includes("hunter2")), "the private message never reaches the transport");

  const denied = await client.callTool({ name: "denied", arguments: {} });
  const expected = mcp.error("no such city", "not_found");
  assert.equal(JSON.stringify(inOrderOf(expected, denied)), mcp.jsonOf(expected), "the client receives error(message, code)");
  assert.equal(JSON.stringify(inOrderOf(expected, JSON.parse(lastSent()))), mcp.jsonOf(expected));
  assert.equal(privateErrors.length, 1, "a ClientError is not private");

  const read = await client.readResource({ uri: "file:///srv/readme.md" });
  assert.equal(lastSent(), mcp.jsonOf(readme));
  assert.equal(JSON.stringify(read), mcp.jsonOf(readme));
});
