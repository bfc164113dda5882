// The JS side of the package: how JS values are written in both
// canonicalization modes, the block constructors, errors, guard, forServer,
// and the instance's life (lazy start, recycling, a trap, the ABI version).

import { test } from "node:test";
import assert from "node:assert/strict";
import { load, McpResultError, ClientError, EXECUTION_FAILED_TEXT, INVALID_OUTPUT_TEXT } from "mcpresult";
import { load as loadEdge } from "mcpresult/edge";
import { readFileSync } from "node:fs";

const mcp = await load();
const json = mcp.forServer({ canonicalization: "json" });

function thrown(f) {
  try {
    f();
  } catch (e) {
    assert.ok(e instanceof McpResultError, "an McpResultError: " + e);
    assert.ok(e instanceof Error);
    return { code: e.code, path: e.path, message: e.message };
  }
  assert.fail("no error");
}

const sc = (api, v) => api.tool({ structuredContent: v }).structuredContent;

class Point {
  constructor() {
    this.x = 1;
    this.y = 2;
  }
}

test("strict: JS values with no JSON form are unsupported_value at their path, named in the message", () => {
  const cases = [
    [{ f() {} }, "/structuredContent/f", /a function/],
    [{ s: Symbol("x") }, "/structuredContent/s", /a symbol/],
    [{ a: [1, undefined] }, "/structuredContent/a/1", /undefined/],
    [{ m: new Map([["a", 1]]) }, "/structuredContent/m", /a Map/],
    [{ p: new Point() }, "/structuredContent/p", /a class instance/],
    [{ t: { toJSON: () => 1 } }, "/structuredContent/t", /toJSON/],
    [{ i: new Int16Array([1]) }, "/structuredContent/i", /typed array/],
    [{ b: 1n << 70n }, "/structuredContent/b", /BigInt/],
    [{ d: new Date(NaN) }, "/structuredContent/d", /invalid Date/],
    [{ n: new String("x") }, "/structuredContent/n", /class instance/],
  ];
  for (const [v, path, msg] of cases) {
    const e = thrown(() => mcp.tool({ structuredContent: v }));
    assert.equal(e.code, "unsupported_value", path);
    assert.equal(e.path, path);
    assert.match(e.message, msg);
  }
  // a Date and bytes are refused by the module's own rule, with its message
  assert.equal(thrown(() => sc(mcp, { d: new Date(0) })).code, "unsupported_value");
  assert.equal(thrown(() => sc(mcp, { b: new Uint8Array([1]) })).path, "/structuredContent/b");
});

test("json: what JSON.stringify writes", () => {
  const v = {
    f() {},
    s: Symbol("x"),
    u: undefined,
    a: [undefined, () => 1, Symbol("y"), 1n, -(1n << 63n), (1n << 64n) - 1n, 1n << 64n],
    m: new Map([["a", 1]]),
    set: new Set([1]),
    p: new Point(),
    t: { toJSON: (k) => "key:" + k },
    gone: { toJSON: () => undefined },
    d: new Date(Date.UTC(2026, 6, 28, 9, 0, 0, 123)),
    bad: new Date(NaN),
    i: new Int16Array([5, 6]),
    n: new Number(2.5),
    str: new String("s"),
    bool: new Boolean(false),
    big: 1n << 70n,
    bytes: new Uint8Array([0, 1, 2]),
  };
  const out = sc(json, v);
  assert.deepEqual(out, {
    a: [null, null, null, 1, -(1n << 63n), (1n << 64n) - 1n, null], // exact: beyond 2^53, BigInts
    m: {},
    set: {},
    p: { x: 1, y: 2 },
    t: "key:t",
    d: "2026-07-28T09:00:00.123Z",
    bad: null,
    i: { 0: 5, 1: 6 },
    n: 2.5,
    str: "s",
    bool: false,
    bytes: "AAEC",
  });
  // the same through a per-call option
  assert.deepEqual(mcp.tool({ structuredContent: { p: new Point() }, canonicalization: "json" }).structuredContent, { p: { x: 1, y: 2 } });
  // and exactly what JSON.stringify writes, where it writes anything
  const plain = { p: new Point(), t: { toJSON: () => [1, "x"] }, d: new Date(0), u: undefined, f() {} };
  assert.equal(json.tool({ structuredContent: plain }).content[0].text, JSON.stringify(plain));
});

test("undefined members are absent in both modes; BigInts in 64 bits are integers", () => {
  const r = mcp.tool({ content: [mcp.text("x")], structuredContent: undefined, isError: undefined, meta: undefined });
  assert.equal(mcp.jsonOf(r), '{"content":[{"type":"text","text":"x"}],"isError":false}');
  const b = mcp.tool({ structuredContent: { i: -(1n << 63n), u: (1n << 64n) - 1n } });
  assert.equal(mcp.jsonOf(b).includes('"structuredContent":{"i":-9223372036854775808,"u":18446744073709551615}'), true);
});

test("an ordinary value: a string verbatim, anything else (a Date, toJSON) as JSON text", () => {
  assert.equal(mcp.fromValue("hi").content[0].text, "hi");
  assert.equal(mcp.fromValue({ a: 1 }).content[0].text, '{"a":1}');
  const d = new Date(0);
  assert.equal(json.fromValue(d).content[0].text, JSON.stringify(d));
  assert.equal(mcp.fromValue(d, { canonicalization: "json" }).content[0].text, '"1970-01-01T00:00:00.000Z"');
  assert.equal(thrown(() => mcp.fromValue(1, { value: 2 })).code, "unknown_option");
  // deep ordinary values are text, so they may nest deeper than a result
  let deep = 0;
  for (let i = 0; i < 250; i++) deep = [deep];
  assert.equal(mcp.fromValue(deep).content[0].text, JSON.stringify(deep));
});

test("a lone surrogate is not replaced: it is invalid_utf8", () => {
  assert.equal(thrown(() => mcp.tool({ content: [mcp.text("a\ud800b")] })).code, "invalid_utf8");
  const long = "x".repeat(100) + "\udc00";
  assert.deepEqual(thrown(() => mcp.tool({ structuredContent: { s: long } })), thrown(() => mcp.tool({ structuredContent: { s: long } })));
  assert.equal(thrown(() => mcp.tool({ structuredContent: { s: long } })).path, "/structuredContent/s");
  // well-formed surrogate pairs and long strings are kept exactly
  const s = "é😀".repeat(50) + "\u2028";
  assert.equal(mcp.tool({ structuredContent: { s } }).structuredContent.s, s);
});

test("cyclic and shared values end at once with a budget code", () => {
  const cyc = {};
  cyc.self = cyc;
  assert.deepEqual(thrown(() => mcp.tool({ structuredContent: cyc })).code, "max_depth");
  assert.deepEqual(thrown(() => mcp.fromValue(cyc)).code, "max_depth");
  // validate reports it, as for a Go value past the budget
  assert.deepEqual(mcp.validate(cyc), { valid: false, errors: [{ code: "max_depth", path: "", message: "the result nests objects and arrays deeper than 64 levels" }], warnings: [] });
  let shared = [1];
  for (let i = 0; i < 60; i++) shared = [shared, shared];
  const e = thrown(() => mcp.tool({ structuredContent: shared }));
  assert.ok(e.code === "max_nodes" || e.code === "max_bytes", e.code);
  assert.equal(e.path, "");
});

test("block constructors give wire-named blocks, checked when the result is built", () => {
  assert.deepEqual(mcp.text("hi", { annotations: { priority: 1 }, meta: { k: 1 } }), { type: "text", text: "hi", annotations: { priority: 1 }, _meta: { k: 1 } });
  assert.deepEqual(mcp.resourceLink("file:///a", "a", { size: 3, mimeType: "text/plain" }), { type: "resource_link", uri: "file:///a", name: "a", size: 3, mimeType: "text/plain" });
  assert.deepEqual(mcp.textResource("file:///a", "t", { mimeType: "text/plain" }), { uri: "file:///a", mimeType: "text/plain", text: "t" });
  const r = mcp.tool({
    content: [
      mcp.image(new Uint8Array([1, 2, 3]), "image/png"),
      mcp.audio("AQID", "audio/wav"),
      mcp.embeddedResource(mcp.blobResource("file:///b", new Uint8Array([255]), { mimeType: "application/octet-stream" })),
    ],
  });
  assert.equal(
    mcp.jsonOf(r),
    '{"content":[{"type":"image","data":"AQID","mimeType":"image/png"},{"type":"audio","data":"AQID","mimeType":"audio/wav"},{"type":"resource","resource":{"uri":"file:///b","mimeType":"application/octet-stream","blob":"/w=="}}],"isError":false}',
  );
  // a misspelt option reaches the module, which names it
  const e = thrown(() => mcp.tool({ content: mcp.text("x", { mimetype: "text/plain" }) }));
  assert.deepEqual([e.code, e.path], ["unknown_field", "/content/mimetype"]); // one block, as given
  assert.equal(thrown(() => mcp.tool({ content: [mcp.image("AQID", "text/plain")] })).path, "/content/0/mimeType");
  assert.equal(thrown(() => mcp.text("x", { meta: {}, _meta: {} })).code, "duplicate_option");
});

test("serialize: a string, or an object with output: object; the built settings travel with the result", () => {
  const r = mcp.tool({ structuredContent: [1, 2] });
  assert.equal(mcp.serialize(r, { protocolVersion: "2025-06-18" }), '{"content":[{"type":"text","text":"[1,2]"}],"structuredContent":{"result":[1,2]},"isError":false}');
  assert.deepEqual(mcp.serialize(r, { finalize: true, output: "object" }).resultType, "complete");
  assert.equal(thrown(() => mcp.serialize(r, { output: "yaml" })).path, "/output");
  assert.equal(thrown(() => mcp.serialize(r, { protocolVersion: "2020-01-01" })).code, "unsupported_protocol_version");
  const big = mcp.tool({ content: [mcp.text("x".repeat(3_000_000))], maxJsonBytes: 4_000_000 });
  assert.equal(mcp.serialize(big).length, mcp.jsonOf(big).length); // built under 4 MB, serialized under 4 MB
  assert.equal(thrown(() => mcp.serialize(JSON.parse(mcp.jsonOf(big)))).code, "max_bytes"); // a copy has the defaults
});

test("validate reports every finding, with messages", () => {
  const rep = mcp.validate({ content: [{ type: "text", text: 1 }, { type: "image", data: "!", mimeType: "x" }], isError: false }, { stage: "handler" });
  assert.equal(rep.valid, false);
  assert.deepEqual(rep.errors.map((f) => f.path).sort(), ["/content/0/text", "/content/1/data", "/content/1/mimeType"]);
  for (const f of rep.errors) assert.equal(typeof f.message, "string");
  assert.equal(thrown(() => mcp.validate({}, { stage: "x" })).path, "/stage");
});

test("forServer: builds inherit the settings and may not override them; bad settings fail at once", () => {
  const s = mcp.forServer({ maxJsonBytes: 1000 });
  assert.deepEqual(s.settings, { maxJsonBytes: 1000 });
  assert.equal(thrown(() => s.tool({ content: [mcp.text("x")], maxJsonBytes: 2000 })).code, "option_not_allowed");
  assert.equal(thrown(() => s.tool({ content: [mcp.text("x".repeat(2000))] })).code, "max_bytes");
  assert.equal(mcp.tool({ content: [mcp.text("x".repeat(2000))] }).isError, false);
  assert.deepEqual(thrown(() => mcp.forServer({ maxJsonBytes: 100 })).path, "/maxJsonBytes");
  assert.deepEqual(thrown(() => mcp.forServer({ canonicalization: "loose" })).code, "invalid_option");
});

test("guard: client errors pass, everything else stays private", async () => {
  const seen = [];
  const onError = (e) => seen.push(e);
  const ok = mcp.guard(async (args) => mcp.tool({ structuredContent: args }), { onError });
  assert.deepEqual(await ok({ a: 1 }), mcp.tool({ structuredContent: { a: 1 } }));
  const client = mcp.guard(() => {
    throw new ClientError("no such file", "not_found");
  }, { onError });
  assert.deepEqual(await client(), mcp.error("no such file", "not_found"));
  const boom = mcp.guard(() => {
    throw new Error("secret detail");
  }, { onError });
  assert.deepEqual(await boom(), { content: [{ type: "text", text: EXECUTION_FAILED_TEXT }], isError: true });
  assert.equal(seen.at(-1).message, "secret detail");
  const invalid = mcp.guard(() => mcp.tool({ content: [] }), { onError });
  assert.deepEqual(await invalid(), { content: [{ type: "text", text: INVALID_OUTPUT_TEXT }], isError: true });
  assert.equal(seen.at(-1).code, "content_required");
  const handMade = mcp.guard(() => ({ content: [{ type: "text", text: 5 }], isError: false }), { onError });
  assert.equal((await handMade()).content[0].text, INVALID_OUTPUT_TEXT);
  assert.equal(seen.at(-1).code, "invalid_type");
  assert.ok(Array.isArray(seen.at(-1).errors));
  // what the handler returned is read once and handed on as a copy of what
  // was read and checked, never as the handler's own object
  const fine = { content: [{ type: "text", text: "ok" }], isError: false };
  const copy = await mcp.guard(() => fine)();
  assert.deepEqual(copy, fine);
  assert.notEqual(copy, fine);
  assert.notEqual(copy.content, fine.content);
  const built = mcp.tool({ structuredContent: { a: [1, 2] } });
  const builtCopy = await mcp.guard(() => built)();
  assert.deepEqual(builtCopy, built);
  assert.notEqual(builtCopy, built);
  assert.notEqual(builtCopy.structuredContent, built.structuredContent);
  const nothing = mcp.guard(() => undefined, { onError: () => { throw new Error("onError fails too"); } });
  assert.equal((await nothing()).content[0].text, EXECUTION_FAILED_TEXT);
  const badClient = mcp.guard(() => { throw new ClientError(""); }, { onError });
  assert.equal((await badClient()).content[0].text, INVALID_OUTPUT_TEXT);
  assert.equal(seen.at(-1).code, "invalid_client_error");
});

test("outputSchema per revision", () => {
  const arr = { type: "array", items: { type: "number" } };
  assert.deepEqual(mcp.outputSchema(arr), arr);
  assert.deepEqual(mcp.outputSchema(arr, "2025-06-18"), { type: "object", properties: { result: arr }, required: ["result"] });
  assert.equal(mcp.outputSchema(arr, "2025-03-26"), undefined);
  assert.equal(thrown(() => mcp.outputSchema(arr, "1999-01-01")).code, "unsupported_protocol_version");
});

test("a large result grows the memory; views are taken fresh and the instance is recycled past its high-water mark", async () => {
  const m = await load({ highWaterBytes: 16 << 20 });
  const text = "é".repeat(4_000_000);
  const r = m.tool({ content: [m.text(text)], maxJsonBytes: 20_000_000 });
  assert.equal(r.content[0].text, text);
  const st = m.stats();
  assert.ok(st.maxMemoryBytes > 16 << 20, "memory grew: " + st.maxMemoryBytes);
  assert.equal(st.recycled, 1);
  assert.equal(m.tool({ structuredContent: 1 }).content[0].text, "1");
  assert.equal(m.stats().instances, 2);
});

// A stand-in module with the mcpresult exports, written byte by byte: its
// call traps (unreachable) or its ABI version is another one.
function fakeModule({ abi = 1, trap = true }) {
  const u32 = (n) => {
    const out = [];
    do {
      let b = n & 0x7f;
      n >>>= 7;
      if (n) b |= 0x80;
      out.push(b);
    } while (n);
    return out;
  };
  const str = (s) => [...u32(s.length), ...new TextEncoder().encode(s)];
  const section = (id, body) => [id, ...u32(body.length), ...body];
  const vec = (items) => [...u32(items.length), ...items.flat()];
  const types = vec([
    [0x60, 0, 0], // () -> ()
    [0x60, 0, 1, 0x7f], // () -> i32
    [0x60, 1, 0x7f, 1, 0x7f], // (i32) -> i32
    [0x60, 1, 0x7f, 0], // (i32) -> ()
    [0x60, 3, 0x7f, 0x7f, 0x7f, 1, 0x7e], // (i32, i32, i32) -> i64
  ]);
  const funcs = vec([[0], [1], [2], [3], [4]]);
  const memory = vec([[0, 1]]);
  const exp = (name, kind, idx) => [...str(name), kind, idx];
  const exports = vec([exp("memory", 2, 0), exp("_initialize", 0, 0), exp("mcpresult_abi_version", 0, 1), exp("mcpresult_alloc", 0, 2), exp("mcpresult_free", 0, 3), exp("mcpresult_call", 0, 4)]);
  const body = (code) => [...u32(code.length + 1), 0, ...code];
  const callBody = trap ? [0x00, 0x0b] : [0x42, 0x00, 0x0b];
  const code = vec([body([0x0b]), body([0x41, abi, 0x0b]), body([0x41, 16, 0x0b]), body([0x0b]), body(callBody)]);
  return new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, ...section(1, types), ...section(3, funcs), ...section(5, memory), ...section(7, exports), ...section(10, code)]);
}

test("an instance that traps is replaced, and the call fails with internal", async () => {
  const m = await load({ module: fakeModule({ trap: true }) });
  for (let i = 0; i < 3; i++) assert.equal(thrown(() => m.tool({ structuredContent: 1 })).code, "internal");
  const st = m.stats();
  assert.equal(st.discarded, 3);
  assert.equal(st.instances, 3); // load started one, and each call after a trap another
});

test("a module of another ABI version is refused at load (eagerly in Node, at the first call at the edge)", async () => {
  const bytes = fakeModule({ abi: 2, trap: false });
  await assert.rejects(load({ module: bytes }), (e) => e instanceof McpResultError && e.code === "internal" && /ABI version 2/.test(e.message));
  const lazy = await loadEdge({ module: bytes });
  assert.equal(thrown(() => lazy.info()).code, "internal");
  await assert.rejects(load({ module: new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]) }), (e) => e.code === "internal" && /not an mcpresult module/.test(e.message));
});

test("the edge entry takes a compiled module, bytes or a Response, and starts lazily", async () => {
  const bytes = readFileSync(new URL("../mcpresult.wasm", import.meta.url));
  const compiled = await WebAssembly.compile(bytes);
  for (const module of [compiled, bytes, new Response(bytes, { headers: { "content-type": "application/wasm" } })]) {
    const m = await loadEdge({ module });
    assert.equal(m.stats().instances, 0);
    assert.equal(m.tool({ structuredContent: { ok: true } }).content[0].text, '{"ok":true}');
    assert.equal(m.stats().instances, 1);
  }
  await assert.rejects(loadEdge({}), TypeError);
});

test("the module writes nothing to stdout or stderr in normal operation", async () => {
  const out = [];
  const m = await load({ stderr: (t) => out.push(t) });
  m.tool({ structuredContent: { a: 1 } });
  thrown(() => m.tool({ content: [] }));
  m.validate({});
  assert.deepEqual(out, []);
});

test("a toJSON that builds a result itself does not disturb the request being written", () => {
  const inner = { toJSON: () => mcp.tool({ structuredContent: { inner: true } }).content[0].text };
  const r = json.tool({ structuredContent: { a: "x".repeat(100), inner, b: [1, 2, 3] } });
  assert.equal(mcp.jsonOf(r), JSON.stringify({ content: [{ type: "text", text: JSON.stringify(r.structuredContent) }], structuredContent: { a: "x".repeat(100), inner: '{"inner":true}', b: [1, 2, 3] }, isError: false }));
});

test("json: toJSON is called once, by the container, as JSON.stringify calls it", () => {
  class Money {
    constructor(c) {
      this.cents = c;
    }
    toJSON() {
      return this;
    }
  }
  const self = { toJSON: () => self };
  const custom = new Date(0);
  custom.toJSON = () => "custom";
  const arr = [1, 2];
  arr.toJSON = () => "arr";
  const cases = [
    { price: new Money(5) },
    { a: { toJSON: () => ({ toJSON: () => "inner", b: 1 }) } },
    { d: { toJSON: () => new Date(0) } },
    { custom },
    { list: [arr, { toJSON: (k) => "at " + k }] },
    { outer: { toJSON: (k) => ({ key: k }) } },
  ];
  for (const v of cases) {
    assert.equal(json.tool({ structuredContent: v }).content[0].text, JSON.stringify(v));
  }
  assert.equal(json.fromValue({ x: self }).content[0].text, JSON.stringify({ x: {} }));
  // an ordinary value that becomes a string is JSON text, not the string verbatim
  assert.equal(json.fromValue({ toJSON: () => "x" }).content[0].text, '"x"');
  assert.equal(json.fromValue(new String("s")).content[0].text, '"s"');
  assert.equal(json.fromValue("s").content[0].text, "s");
});

test("a BigInt beyond 2^53 comes back a BigInt; a double the caller gave stays a double", () => {
  const r = mcp.tool({ structuredContent: { id: 2n ** 60n, ts: 1e17, n: 2 ** 53 } });
  assert.equal(r.structuredContent.id, 2n ** 60n);
  assert.equal(typeof r.structuredContent.ts, "number");
  assert.equal(typeof r.structuredContent.n, "number");
});

test("each member is read once (getters that change are written as first read)", () => {
  let a = 0;
  const v = {
    get x() {
      return a++ === 0 ? undefined : "moved";
    },
    y: 1,
  };
  assert.deepEqual(mcp.tool({ structuredContent: v }).structuredContent, { y: 1 });
});

test('"__proto__" option keys are members like any other', () => {
  const opts = JSON.parse('{"__proto__": 5}');
  const e = thrown(() => mcp.tool({ content: [mcp.text("x", opts)] }));
  assert.deepEqual([e.code, e.path], ["unknown_field", "/content/0/__proto__"]);
  assert.equal(thrown(() => mcp.fromValue(1, opts)).code, "unknown_option");
});

test("a string as long as the largest budget allows is written (50 million characters)", () => {
  const m = mcp.forServer({ maxJsonBytes: 64_000_000 });
  const r = m.tool({ content: [mcp.text("x".repeat(50_000_000))] });
  assert.equal(mcp.jsonOf(r).length, 50_000_055);
  assert.equal(thrown(() => m.tool({ content: [mcp.text("x".repeat(64_000_000))] })).code, "max_bytes");
});

test("guard's copy is made from what was read: it holds what the handler's value held, and writes the same bytes", async () => {
  const json = await load({ settings: { canonicalization: "json" } });
  const value = () => {
    const v = {
      content: [{ type: "image", data: new Uint8Array([1, 2, 3]), mimeType: "image/png" }],
      structuredContent: {
        d: new Date(0),
        big: 2n ** 60n,
        neg: -(2n ** 40n),
        s: "é€😀\u2028",
        long: "x".repeat(40) + "😀",
        m: new Map([[1, 2]]),
        n: -5,
        f: 1.5,
        bytes: new Uint8Array([9]),
      },
    };
    Object.defineProperty(v.structuredContent, "__proto__", { value: { p: 1 }, enumerable: true, configurable: true, writable: true });
    return v;
  };
  const copy = await json.guard(value, { onError: (e) => assert.fail(e) })();
  assert.equal(json.serialize(copy), json.serialize(value()));
  assert.ok(copy.structuredContent.d instanceof Date && copy.structuredContent.d.getTime() === 0);
  assert.equal(copy.structuredContent.big, 2n ** 60n);
  assert.equal(copy.structuredContent.neg, -(2 ** 40));
  assert.deepEqual(copy.content[0].data, new Uint8Array([1, 2, 3]));
  assert.deepEqual(copy.structuredContent.m, {}, "a Map under json: its own members, as JSON.stringify writes it");
  assert.ok(Object.hasOwn(copy.structuredContent, "__proto__") && Object.getPrototypeOf(copy.structuredContent) === Object.prototype);
  // a result built, then changed (not checked again): the copy keeps even a
  // lone surrogate, which serialize then refuses as it refuses the original
  for (const text of ["\ud800", "a\udc00b" + "x".repeat(20)]) {
    const built = mcp.tool({ content: [mcp.text("ok")] });
    built.content[0].text = text;
    const c = await mcp.guard(() => built)();
    assert.equal(c.content[0].text, text);
    assert.equal(thrown(() => mcp.serialize(c)).code, thrown(() => mcp.serialize(built)).code);
  }
  // a built result changed into one with no JSON form is an invalid output
  const seen = [];
  const built = mcp.tool({ content: [mcp.text("ok")] });
  built.content[0].extra = () => {};
  assert.deepEqual(await mcp.guard(() => built, { onError: (e) => seen.push(e) })(), { content: [{ type: "text", text: INVALID_OUTPUT_TEXT }], isError: true });
  assert.equal(seen[0].code, "unsupported_value");
  assert.equal(seen[0].path, "/content/0/extra");
});

test("guard never rejects, even on a value whose inspection throws", async () => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  const seen = [];
  assert.equal((await mcp.guard(() => proxy, { onError: (e) => seen.push(e) })()).content[0].text, EXECUTION_FAILED_TEXT);
  assert.equal((await mcp.guard(() => { throw proxy; })()).content[0].text, EXECUTION_FAILED_TEXT);
  assert.equal(seen.length, 1);
});

test("an McpResultError's message reads as the Go error, its path's control characters escaped; path keeps the exact pointer", () => {
  assert.equal(new McpResultError("max_nodes", "", "m").message, 'mcpresult: max_nodes at "": m');
  const every = "\u0000\u001f\u007f\u0080\u009f\u2028\u2029\u202a\u202e\u2066\u2069";
  const e = new McpResultError("invalid_type", "/a" + every + "é~1/\u206a", "m");
  assert.equal(e.path, "/a" + every + "é~1/\u206a");
  assert.equal(e.message, "mcpresult: invalid_type at /a\\u0000\\u001f\\u007f\\u0080\\u009f\\u2028\\u2029\\u202a\\u202e\\u2066\\u2069é~1/\u206a: m");
  // through the API: a key the caller gave
  const key = "k\u0001\u202e";
  try {
    mcp.tool({ structuredContent: { [key]: () => 1 } });
    assert.fail("no error");
  } catch (err) {
    assert.ok(err instanceof McpResultError);
    assert.equal(err.path, "/structuredContent/" + key);
    assert.ok(err.message.startsWith("mcpresult: unsupported_value at /structuredContent/k\\u0001\\u202e: a function"), err.message);
  }
});

test("what the caller's own getter, toJSON or Proxy trap throws reaches the caller as it is", () => {
  class Mine extends Error {}
  const mine = new Mine("the caller's");
  const getter = {
    get x() {
      throw mine;
    },
  };
  const toJSON = { x: { toJSON: () => { throw mine; } } };
  const proxy = new Proxy({}, { ownKeys: () => { throw mine; } });
  const cases = [
    ["tool, a getter", () => mcp.tool({ structuredContent: getter })],
    ["tool (json), a toJSON", () => json.tool({ structuredContent: toJSON })],
    ["tool, a Proxy trap", () => mcp.tool({ structuredContent: proxy })],
    ["fromValue (json), a toJSON", () => json.fromValue(toJSON)],
    ["serialize, a getter", () => mcp.serialize({ content: [], structuredContent: getter })],
    ["validate, a getter", () => mcp.validate({ content: [getter] })],
    ["validate (json), a toJSON", () => json.validate({ content: [], structuredContent: toJSON })],
    ["validate, a Proxy trap", () => mcp.validate(proxy)],
    ["outputSchema, a getter", () => mcp.outputSchema({ type: "object", properties: getter })],
  ];
  for (const [name, f] of cases) {
    assert.throws(f, (e) => e === mine, name);
  }
  // and the API is usable after it
  assert.equal(mcp.tool({ structuredContent: 1 }).content[0].text, "1");
});

test("a value past the budget is stopped while it is written: values count (keys have theirs), and a value past both budgets gives max_nodes", () => {
  // (the bound allows for the members of an input a result does not hold:
  // 64 values more)
  const small = mcp.forServer({ maxNodes: 150, maxJsonBytes: 1000 });
  const text = [mcp.text("x")];
  // values: the node budget
  assert.equal(thrown(() => small.tool({ content: text, structuredContent: new Array(300).fill(0) })).code, "max_nodes");
  // a map of a million keys ends as soon as its values are past the budget
  const many = {};
  for (let i = 0; i < 1_000_000; i++) many["k" + i] = 0;
  assert.equal(thrown(() => mcp.tool({ content: text, structuredContent: many })).code, "max_nodes");
  assert.equal(mcp.validate({ content: text, structuredContent: many }).errors[0].code, "max_nodes");
  // keys are not values: 100 members are 101 values, within 150
  const keys = {};
  for (let i = 0; i < 100; i++) keys["k" + i] = i;
  assert.deepEqual(mcp.forServer({ maxNodes: 150 }).tool({ content: text, structuredContent: keys }).structuredContent, keys);
  // the bytes of those members past the byte budget
  assert.equal(thrown(() => small.tool({ content: text, structuredContent: Object.fromEntries(Object.keys(keys).map((k) => [k + "-".repeat(20), 0])) })).code, "max_bytes");
  // a long string, then more values than the node budget: max_nodes, as in Go
  assert.equal(thrown(() => small.tool({ content: text, structuredContent: ["x".repeat(50_000), ...new Array(300).fill(0)] })).code, "max_nodes");
  assert.equal(thrown(() => small.tool({ content: text, structuredContent: ["x".repeat(50_000)] })).code, "max_bytes");
  // a string of a hundred megabytes ends at once
  const e = thrown(() => mcp.tool({ content: [mcp.text("x".repeat(100_000_000))] }));
  assert.deepEqual([e.code, e.path], ["max_bytes", ""]);
  assert.match(e.message, /more than maxJsonBytes \(2000000\) bytes of JSON/);
});

test("validate reports a value past the budget as Go reports a Go value past it; a bad option is still thrown", () => {
  const small = mcp.forServer({ maxNodes: 50 });
  const v = { content: [{ type: "text", text: 5 }], structuredContent: new Array(200).fill(0) };
  // the budget, and the findings of what the module read (the value is sent
  // as far as one value past the budget)
  assert.deepEqual(
    small.validate(v).errors.map((f) => [f.code, f.path]),
    [
      ["invalid_type", "/content/0/text"],
      ["max_nodes", ""],
    ],
  );
  // past the bytes a request may have, the budget alone
  assert.deepEqual(mcp.validate({ content: [{ type: "text", text: 5 }], structuredContent: "x".repeat(20_000_000) }), {
    valid: false,
    errors: [{ code: "max_bytes", path: "", message: "the result is more than maxJsonBytes (2000000) bytes of JSON" }],
    warnings: [],
  });
  assert.equal(thrown(() => small.validate(v, { stage: "nope" })).code, "invalid_option");
  assert.equal(thrown(() => small.validate(v, { protocolVersion: "1999-01-01" })).code, "unsupported_protocol_version");
  // serialize and outputSchema: the options' error first, then the budget's
  assert.equal(thrown(() => small.serialize(v, { protocolVersion: "1999-01-01" })).code, "unsupported_protocol_version");
  assert.equal(thrown(() => small.serialize(v, { bogus: 1 })).code, "unknown_option");
  assert.deepEqual(Object.values(thrown(() => small.serialize(v))).slice(0, 2), ["max_nodes", ""]);
  assert.equal(thrown(() => small.outputSchema({ enum: new Array(200).fill(0) }, "1999-01-01")).code, "unsupported_protocol_version");
  assert.equal(thrown(() => small.outputSchema({ enum: new Array(200).fill(0) })).code, "max_nodes");
});

test("an object with members left out is written with the count of those written", () => {
  const big = mcp.forServer({ maxNodes: 1_000_000, maxJsonBytes: 64_000_000 });
  for (const [n, gone] of [[16, 1], [17, 2], [40, 40], [65536, 1], [65537, 2], [70000, 5000]]) {
    const o = {};
    for (let i = 0; i < n; i++) o["k" + i] = i < gone ? undefined : i;
    assert.deepEqual(big.tool({ content: [mcp.text("x")], structuredContent: o }).structuredContent, JSON.parse(JSON.stringify(o)), `${n} keys, ${gone} undefined`);
  }
});
