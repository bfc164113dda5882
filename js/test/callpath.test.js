// The call path between the API and the module: a build's response read
// without walking it as a map, the settings of an API copied once and
// encoded once, info answered from the module's one answer, and the SDK
// adapter's one serialize per call, which writes what the public serialize
// writes; reading a handler's result once costs no call more than before
// (the module calls of each kind of result, counted).

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { z } from "zod";
import { load, McpResultError } from "mcpresult";
import { adapt } from "mcpresult/sdk";
import { Engine } from "../src/engine.js";
import { internalsOf } from "../src/api.js";
import { decode, readBuilt } from "../src/decode.js";
import { buildRequest, resultRequest, asSettings, ownSettings } from "../src/request.js";
import { OP_BUILD, OP_INFO, OP_SERIALIZE, OP_VALIDATE } from "../src/facts.js";

const mcp = await load();
const module = await WebAssembly.compile(readFileSync(new URL("../mcpresult.wasm", import.meta.url)));

function engine() {
  const e = new Engine(module, {}, { crypto: globalThis.crypto });
  e.start();
  return e;
}

/** request gives the bytes of a build request. */
function request(e, kind, input, set = asSettings(undefined), refs = false) {
  const { enc } = buildRequest(e, kind, input, set, false, undefined, refs);
  const bytes = enc.bytes().slice();
  e.release(enc);
  return bytes;
}

/** respond gives the module's response to a request, as bytes. */
function respond(e, op, req) {
  const ex = e.exports;
  const ptr = ex.mcpresult_alloc(req.length);
  new Uint8Array(ex.memory.buffer, ptr, req.length).set(req);
  const packed = BigInt.asUintN(64, ex.mcpresult_call(op, ptr, req.length));
  const rptr = Number(packed >> 32n);
  const out = new Uint8Array(ex.memory.buffer, rptr, Number(packed & 0xffffffffn)).slice();
  ex.mcpresult_free(ptr);
  ex.mcpresult_free(rptr);
  return out;
}

const text = (t) => ({ content: [{ type: "text", text: t }] });

test("a build's response is read as decode reads it: strings of every header width, any characters", () => {
  const e = engine();
  const widths = new Set();
  const inputs = [
    text("a"),
    text("é € 😀 \u2028 \"quoted\" \\ \n"),
    { structuredContent: { city: "Paris", tempC: 21.5, ok: true, none: null } },
    text("x".repeat(300)),
    text("ü".repeat(40_000)),
    text("y".repeat(70_000)),
  ];
  for (const input of inputs) {
    const bytes = respond(e, OP_BUILD, request(e, "tool", input));
    widths.add(bytes[10]);
    const fast = e.builtResponse(bytes);
    const slow = decode(bytes);
    assert.equal(fast.ok, true);
    assert.equal(fast.json, slow.json);
    assert.deepEqual({ ...fast.settings }, slow.settings);
    assert.ok(Object.isFrozen(fast.settings));
    assert.deepEqual(JSON.parse(fast.json), mcp.tool(input));
  }
  assert.deepEqual([...widths].sort(), [0xd9, 0xda, 0xdb], "str8, str16 and str32");
});

test("a build with refs: its long strings come back by reference, read alike by readBuilt and decode, the result the same", () => {
  const e = engine();
  const long = "é € 😀 \u2028 \"quoted\" \\ \n".repeat(40);
  const inputs = [
    [text("short"), 0],
    [text(long), 1],
    [{ content: [{ type: "text", text: long }, { type: "image", data: "iVBORw0K".repeat(100), mimeType: "image/png" }, { type: "resource", resource: { uri: "file:///a", text: long } }] }, 3],
    [{ content: [{ type: "text", text: "x".repeat(600) }], structuredContent: { long } }, 1],
  ];
  for (const [input, n] of inputs) {
    const bytes = respond(e, OP_BUILD, request(e, "tool", input, asSettings(undefined), true));
    const fast = e.builtResponse(bytes);
    const slow = decode(bytes);
    assert.deepEqual(fast.refs, slow.refs);
    assert.equal((fast.refs ?? []).length, 3 * n, "three values a string by reference");
    assert.equal(fast.json, slow.json);
    const whole = decode(respond(e, OP_BUILD, request(e, "tool", input))).json; // no refs
    const r = mcp.tool(input);
    assert.deepEqual(r, JSON.parse(whole));
    assert.equal(mcp.jsonOf(r), whole, "jsonOf writes the strings placed");
  }
});

test("a response of another shape is left to decode, which reads or refuses it as before", () => {
  const e = engine();
  const good = respond(e, OP_BUILD, request(e, "tool", text("hello")));
  const failed = respond(e, OP_BUILD, request(e, "tool", { content: 5 }));
  assert.equal(readBuilt(failed), null);
  assert.equal(decode(failed).ok, false);
  const changed = (i, b) => {
    const c = good.slice();
    c[i] = b;
    return c;
  };
  assert.equal(readBuilt(changed(0, 0x84)), null, "a map of four");
  assert.equal(readBuilt(changed(4, 0xc2)), null, "ok: false");
  assert.equal(readBuilt(changed(6, 0x4a)), null, 'a key other than "json"');
  assert.equal(readBuilt(changed(10, 0xc0)), null, "json not a string");
  const at = good.length - (good.length - good.indexOf(0xa8, 12));
  assert.equal(readBuilt(changed(at + 1, 0x53)), null, 'a key other than "settings"');
  assert.equal(readBuilt(changed(at + 9, 0xc0)), null, "settings not a map");
  assert.equal(readBuilt(good.subarray(0, 40)), null, "cut in the JSON");
  // settings cut short, or followed by more: decode's to refuse
  assert.equal(e.builtResponse(good.subarray(0, good.length - 1)), null);
  assert.throws(() => decode(good.subarray(0, good.length - 1)), /malformed/);
  const longer = new Uint8Array(good.length + 1);
  longer.set(good);
  assert.equal(e.builtResponse(longer), null);
  assert.throws(() => decode(longer), /trailing/);
  // the shortest string header, which no result's JSON is short enough for
  const tiny = Uint8Array.of(0x83, 0xa2, 0x6f, 0x6b, 0xc3, 0xa4, 0x6a, 0x73, 0x6f, 0x6e, 0xa2, 0x7b, 0x7d, 0xa8, ...new TextEncoder().encode("settings"), 0x81, 0xa1, 0x61, 0x01);
  assert.deepEqual(readBuilt(tiny).json, "{}");
  assert.deepEqual({ ...e.builtResponse(tiny).settings }, { a: 1 });
});

test("the settings of builds are decoded once while the module answers the same", () => {
  const e = engine();
  const r1 = e.call(OP_BUILD, request(e, "tool", text("one")));
  const r2 = e.call(OP_BUILD, request(e, "value", { value: [1, 2] }));
  assert.equal(r2.built, r1.built);
  assert.equal(r2.settings, r1.settings);
  assert.ok(Object.isFrozen(r1.settings));
  const r3 = e.call(OP_BUILD, request(e, "tool", text("three"), ownSettings({ maxNodes: 50 })));
  assert.notEqual(r3.built, r1.built);
  assert.equal(r3.settings.maxNodes, 50);
  const r4 = e.call(OP_BUILD, request(e, "tool", text("four")));
  assert.deepEqual(r4.settings, r1.settings);
  const failed = e.call(OP_BUILD, request(e, "tool", { content: 5 }));
  assert.equal(failed.ok, false);
  assert.equal(failed.error.path, "/content");
  assert.equal(e.stats.discarded, 0);
});

test("an API's settings are encoded once, into the bytes each request would have written", () => {
  const e = engine();
  const input = { structuredContent: { a: [1, 2, { b: "c" }] } };
  for (const s of [{ maxNodes: 50, canonicalization: "json" }, { maxJsonBytes: 4096, maxNodes: undefined }, {}, { "__proto__": 1 }]) {
    const own = ownSettings(s);
    assert.ok(own.bytes instanceof Uint8Array);
    assert.ok(Object.isFrozen(own.value));
    assert.deepEqual(request(e, "tool", input, own), request(e, "tool", input, asSettings(s)));
    const a = resultRequest(e, "value", input, { stage: "handler" }, own, false);
    const ab = a.bytes().slice();
    e.release(a);
    const b = resultRequest(e, "value", input, { stage: "handler" }, asSettings(s), false);
    assert.deepEqual(ab, b.bytes());
    e.release(b);
  }
  // the settings a build answered are sent as its bytes: those the decoded settings give
  const built = e.call(OP_BUILD, request(e, "tool", text("x"), ownSettings({ maxNodes: 70 }))).built;
  assert.deepEqual(ownSettings({ ...built.value }).bytes, built.bytes);
  // anything but scalars is written per request, and refused there as before
  assert.equal(ownSettings({ maxNodes: { n: 1 } }).bytes, undefined);
  assert.equal(ownSettings("strict").value, "strict");
  const d = new Date(0);
  assert.equal(ownSettings(d).value, d);
});

test("load and forServer keep a copy of the settings: the object given can change afterwards, the API does not", async () => {
  const given = { maxJsonBytes: 1000 };
  const api = await load({ settings: given });
  const server = mcp.forServer(given);
  given.maxJsonBytes = 64_000_000;
  for (const a of [api, server]) {
    assert.deepEqual(a.settings, { maxJsonBytes: 1000 });
    assert.ok(Object.isFrozen(a.settings));
    assert.throws(() => a.tool(text("x".repeat(2000))), (err) => err instanceof McpResultError && err.code === "max_bytes");
    assert.ok(a.validate(text("x".repeat(2000))).errors.some((f) => f.code === "max_bytes"));
  }
  // settings the module refuses are refused at every call, as before
  const bad = await load({ settings: { maxNodes: "many" } });
  for (let i = 0; i < 2; i++) assert.throws(() => bad.tool(text("x")), (err) => err instanceof McpResultError && err.path === "/maxNodes");
});

test("info: the module's one answer, a copy for each caller; its settings are the module's defaults", async () => {
  const call = Engine.prototype.call;
  let infos = 0;
  Engine.prototype.call = function (op, req) {
    if (op === OP_INFO) infos++;
    return call.call(this, op, req);
  };
  try {
    const api = await load();
    const a = api.info();
    const b = api.info();
    const c = api.forServer({ maxNodes: 5 }).info();
    assert.equal(infos, 1);
    assert.deepEqual(a, b);
    assert.deepEqual(c, a);
    assert.equal(a.settings.maxNodes, 100_000);
    a.protocolVersions.push("1999-01-01");
    a.settings.maxNodes = 1;
    a.module = "changed";
    assert.deepEqual(api.info(), b);
  } finally {
    Engine.prototype.call = call;
  }
});

test("the adapter's internal serialize gives what the public one gives, and says when a BigInt may be in it", () => {
  const internal = internalsOf(mcp);
  assert.equal(internalsOf({ ...mcp }), undefined);
  const results = [mcp.tool({ structuredContent: { city: "Paris", tempC: 21.5 } }), mcp.tool({ structuredContent: [1, 2] }), text("plain, not built")];
  for (const r of results) {
    for (const v of mcp.info().protocolVersions) {
      for (const finalize of [true, false]) {
        const { value, exact } = internal.serializeObject(r, { protocolVersion: v, finalize });
        assert.deepEqual(value, mcp.serialize(r, { protocolVersion: v, finalize, output: "object" }));
        assert.equal(exact, false);
      }
    }
  }
  const big = internal.serializeObject(mcp.tool({ structuredContent: { id: 2n ** 60n } }), {});
  assert.equal(big.exact, true);
  assert.equal(big.value.structuredContent.id, 2n ** 60n);
});

test("an adapted server writes the same bytes through the API's internal serialize as through its public one", async () => {
  const wire = async (api, revision) => {
    const s = adapt(new McpServer({ name: "x", version: "1" }), api, { onError: () => {} });
    s.registerTool("weather", { outputSchema: { city: z.string(), tempC: z.number() } }, () => mcp.tool({ structuredContent: { city: "Paris", tempC: 21.5 } }));
    s.registerTool("rows", {}, () => mcp.tool({ structuredContent: [{ n: 1 }] }));
    s.registerTool("plain", {}, () => text("plain"));
    s.registerTool("big", {}, () => mcp.tool({ structuredContent: { id: 2n ** 60n } }));
    const [c, t] = InMemoryTransport.createLinkedPair();
    const sent = [];
    const send = t.send.bind(t);
    t.send = (message, options) => {
      if ("result" in message) sent.push(JSON.stringify(message));
      return send(message, options);
    };
    await s.connect(t);
    const client = new Client({ name: "c", version: "1" });
    const ask = c.send.bind(c);
    c.send = (message, options) =>
      ask(message?.method === "initialize" ? { ...message, params: { ...message.params, protocolVersion: revision } } : message, options);
    await client.connect(c);
    try {
      for (const name of ["weather", "rows", "plain", "big"]) await client.callTool({ name, arguments: {} });
    } finally {
      await client.close();
    }
    return sent;
  };
  for (const revision of ["2024-11-05", "2025-06-18", "2025-11-25"]) {
    const internal = await wire(mcp, revision);
    assert.equal(internal.length, 5, "initialize and four tool calls");
    assert.deepEqual(internal, await wire({ ...mcp }, revision));
  }
});

test("a handler's result read once costs no module call more: a result built in the handler and returned unchanged one build (written for the revision in the same call), any other one serialize per call, one validate more for a result not built", async () => {
  const call = Engine.prototype.call;
  const ops = [];
  Engine.prototype.call = function (op, req) {
    ops.push(op === OP_SERIALIZE ? "serialize" : op === OP_VALIDATE ? "validate" : op === OP_BUILD ? "build" : String(op));
    return call.call(this, op, req);
  };
  try {
    const s = adapt(new McpServer({ name: "x", version: "1" }), mcp, { onError: (e) => assert.fail(e) });
    const built = () => mcp.tool({ structuredContent: { city: "Paris", tempC: 21.5 } });
    const plain = () => ({ content: [{ type: "text", text: "plain" }], structuredContent: { city: "Paris", tempC: 21.5 } });
    const schema = { outputSchema: { city: z.string(), tempC: z.number() } };
    s.registerTool("built", {}, built);
    s.registerTool("builtSchema", schema, built);
    s.registerTool("builtChanged", {}, () => {
      const r = built();
      r.structuredContent.tempC = 22;
      return r;
    });
    s.registerTool("plain", {}, plain);
    s.registerTool("plainSchema", schema, plain);
    s.registerResource("doc", "docs://a", {}, (uri) => mcp.resource({ contents: mcp.textResource(uri.href, "a") }));
    s.registerResource("plainDoc", "docs://b", {}, (uri) => ({ contents: [{ uri: uri.href, text: "b" }] }));
    const [c, t] = InMemoryTransport.createLinkedPair();
    await s.connect(t);
    const client = new Client({ name: "c", version: "1" });
    await client.connect(c);
    const counted = async (f) => {
      ops.length = 0;
      await f();
      return [...ops];
    };
    try {
      for (const [name, want] of [
        ["built", ["build"]],
        ["builtSchema", ["build"]],
        ["builtChanged", ["build", "serialize"]],
        ["plain", ["validate", "serialize"]],
        ["plainSchema", ["validate", "serialize"]],
      ]) {
        assert.deepEqual(await counted(() => client.callTool({ name, arguments: {} })), want, name);
      }
      assert.deepEqual(await counted(() => client.readResource({ uri: "docs://a" })), ["build", "serialize"]);
      assert.deepEqual(await counted(() => client.readResource({ uri: "docs://b" })), ["validate", "serialize"]);
    } finally {
      await client.close();
    }
    // guard: a built result is copied without a call, any other validated once
    const b = built();
    assert.deepEqual(await counted(() => mcp.guard(() => b)()), []);
    assert.deepEqual(await counted(() => mcp.guard(plain)()), ["validate"]);
  } finally {
    Engine.prototype.call = call;
  }
});
