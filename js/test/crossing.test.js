// One module crossing per adapted result, proven against the bytes the
// module writes: for every adapter vector (testdata/vectors/adapter*.json)
// whose handler builds a tool result, at every revision the module
// serves, with and without finalize, the handler mcpresult/sdk gives the
// SDK (sdk/handlers.js) is called as McpServer calls it, and
//
//   - the object it hands the SDK equals JSON.parse of the bytes
//     mcp.serialize writes for the very result the user's handler built,
//     for that revision: the JSON written in the build's own call is the
//     serialize's;
//   - the user's handler building that result and returning it unchanged
//     costs exactly one module call (Engine's call entry, counted), the
//     build; a result changed after it was built costs a serialize more,
//     and is written as changed.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { load } from "mcpresult";
import { handlers } from "../src/sdk/handlers.js";
import { schemas } from "../src/sdk/lines.js";
import { Engine } from "../src/engine.js";
import { OP_BUILD, OP_SERIALIZE } from "../src/facts.js";

const mcp = await load();
const dir = fileURLToPath(new URL("../../testdata/vectors/", import.meta.url));
const vectors = readdirSync(dir)
  .filter((f) => f.startsWith("adapter") && f.endsWith(".json"))
  .sort()
  .flatMap((f) => JSON.parse(readFileSync(dir + f, "utf8")))
  .filter((v) => v.kind === "tool" && v.input.build !== undefined && v.input.build.kind !== "resource");

/** counting runs f, giving what it gives and the ops of the module calls
 * it made. */
async function counting(f) {
  const call = Engine.prototype.call;
  const ops = [];
  Engine.prototype.call = function (op, req) {
    ops.push(op === OP_BUILD ? "build" : op === OP_SERIALIZE ? "serialize" : String(op));
    return call.call(this, op, req);
  };
  try {
    return { out: await f(), ops };
  } finally {
    Engine.prototype.call = call;
  }
}

/** toolHandler gives the adapted handler of a vector's tool at a revision,
 * the results its user's handler built going to built. */
function adapted(vec, revision, finalize, built, errors, change) {
  const { toolHandler } = handlers(mcp, { finalize, report: (err) => errors.push(err), revisionOf: () => revision, check: schemas["1.x"].check });
  const schema = vec.options?.outputSchema;
  return toolHandler({ name: "vector", schema: schema === undefined ? undefined : z.fromJSONSchema(schema) }, () => {
    const r = mcp.tool(vec.input.build.input);
    built.push(r);
    return change === undefined ? r : change(r);
  });
}

test("the object the SDK is handed is the module's serialize of the built result, at every revision, in one module call", async () => {
  const revisions = mcp.info().protocolVersions;
  let checked = 0;
  for (const vec of vectors) {
    for (const revision of revisions) {
      for (const finalize of [false, true]) {
        const where = `${vec.name} at ${revision}, finalize ${finalize}`;
        const built = [];
        const errors = [];
        const handler = adapted(vec, revision, finalize, built, errors);
        const { out: handed, ops } = await counting(() => handler({}, {}));
        if (built.length === 0 || errors.length > 0) continue; // no result built, or one refused: another path
        const want = JSON.parse(mcp.serialize(built[0], { protocolVersion: revision, finalize }));
        assert.deepEqual(handed, want, where);
        assert.deepEqual(ops, ["build"], where + ": one module call");
        checked++;
      }
    }
  }
  // every vector that builds a tool result the adapter hands on is checked
  assert.ok(checked >= vectors.length, `${checked} checks for ${vectors.length} vectors`);
});

test("a built result changed before it is returned is written as changed, with a serialize more", async () => {
  const vec = { name: "weather", input: { build: { kind: "tool", input: { structuredContent: { city: "Paris", tempC: 18.5 } } } } };
  const changes = {
    "a member set": (r) => ((r.structuredContent.tempC = 21), r),
    "a member added": (r) => ((r._meta = { "example.com/k": 1 }), r),
    "a getter": (r) => Object.defineProperty(r, "isError", { get: () => false, enumerable: true }),
    "a Proxy inside": (r) => ((r.structuredContent = new Proxy(r.structuredContent, {})), r),
    "a member not enumerable": (r) => (Object.defineProperty(r.structuredContent, "hidden", { value: 1, enumerable: false }), r),
    "a symbol member": (r) => ((r.structuredContent[Symbol("k")] = 1), r),
    "an element added": (r) => (r.content.push({ type: "text", text: "more" }), r),
    "an element replaced by a copy": (r) => ((r.content[0] = { ...r.content[0] }), r),
  };
  for (const revision of mcp.info().protocolVersions) {
    for (const [name, change] of Object.entries(changes)) {
      const built = [];
      const errors = [];
      const { out: handed, ops } = await counting(() => adapted(vec, revision, true, built, errors, change)({}, {}));
      assert.deepEqual(errors, [], name);
      assert.deepEqual(ops, ["build", "serialize"], `${name} at ${revision}`);
      assert.deepEqual(handed, JSON.parse(mcp.serialize(built[0], { protocolVersion: revision, finalize: true })), `${name} at ${revision}`);
    }
  }
});

/** lengthened is a build input with each text of its content (a text
 * block's, an embedded resource's) made long enough to come back from the
 * module by reference. */
function lengthened(input) {
  const long = (s) => (typeof s === "string" ? s + " " + "lorem \"ipsum\"\n\u00e9 ".repeat(60) : s);
  const block = (b) => {
    if (b === null || typeof b !== "object" || Array.isArray(b)) return b;
    const out = { ...b };
    if (out.type === "text") out.text = long(out.text);
    if (out.type === "resource" && out.resource !== null && typeof out.resource === "object" && typeof out.resource.text === "string") {
      out.resource = { ...out.resource, text: long(out.resource.text) };
    }
    return out;
  };
  if (input === null || typeof input !== "object" || input.content === undefined) return input;
  return { ...input, content: Array.isArray(input.content) ? input.content.map(block) : block(input.content) };
}

test("with its long strings by reference, the object the SDK is handed is still the module's serialize, in one module call", async () => {
  const revisions = mcp.info().protocolVersions;
  let checked = 0;
  let byReference = 0;
  const call = Engine.prototype.call;
  Engine.prototype.call = function (op, req) {
    const resp = call.call(this, op, req);
    if (resp.refs !== undefined) byReference++;
    return resp;
  };
  try {
    for (const vec0 of vectors) {
      const vec = { ...vec0, input: { build: { ...vec0.input.build, input: lengthened(vec0.input.build.input) } } };
      for (const revision of revisions) {
        const where = `${vec.name} (lengthened) at ${revision}`;
        const built = [];
        const errors = [];
        const { out: handed, ops } = await counting(() => adapted(vec, revision, true, built, errors)({}, {}));
        if (built.length === 0 || errors.length > 0) continue;
        assert.deepEqual(handed, JSON.parse(mcp.serialize(built[0], { protocolVersion: revision, finalize: true })), where);
        assert.equal(mcp.jsonOf(built[0]), JSON.stringify(built[0]), where + ": jsonOf");
        assert.deepEqual(ops, ["build"], where + ": one module call");
        checked++;
      }
    }
  } finally {
    Engine.prototype.call = call;
  }
  assert.ok(byReference > 0 && byReference <= checked, `${byReference} builds answered strings by reference, of ${checked}`);
});

test("a long string by reference changed before the result is returned is written as changed; a __proto__ member stays a member", async () => {
  const long = "a long text ".repeat(100);
  const vec = { name: "long", input: { build: { kind: "tool", input: { content: [{ type: "text", text: long }], structuredContent: JSON.parse('{"__proto__": {"x": 1}, "n": 2}') } } } };
  for (const [name, change, wantOps] of [
    ["unchanged", undefined, ["build"]],
    ["the long text replaced", (r) => ((r.content[0].text = long + "!"), r), ["build", "serialize"]],
  ]) {
    const built = [];
    const errors = [];
    const { out: handed, ops } = await counting(() => adapted(vec, "2025-06-18", true, built, errors, change)({}, {}));
    assert.deepEqual(errors, [], name);
    assert.deepEqual(ops, wantOps, name);
    const want = JSON.parse(mcp.serialize(built[0], { protocolVersion: "2025-06-18", finalize: true }));
    assert.deepEqual(handed, want, name);
    assert.ok(Object.hasOwn(handed.structuredContent, "__proto__"), name + ": __proto__ is an own member");
    assert.equal(Object.getPrototypeOf(handed.structuredContent), Object.prototype, name + ": the prototype is Object's");
  }
});

test("a handler that builds after an await is written at once too; one whose build a plain function defers takes a serialize more", async () => {
  const input = { structuredContent: { city: "Paris", tempC: 18.5 } };
  const cases = [
    ["a plain function", () => mcp.tool(input), ["build"]],
    ["an async function, before its first await", async () => mcp.tool(input), ["build"]],
    ["an async function, after an await", async () => (await Promise.resolve(), mcp.tool(input)), ["build"]],
    ["a plain function whose promise builds later", () => Promise.resolve().then(() => mcp.tool(input)), ["build", "serialize"]],
  ];
  for (const [name, cb, wantOps] of cases) {
    const errors = [];
    const { toolHandler } = handlers(mcp, { finalize: true, report: (err) => errors.push(err), revisionOf: () => "2026-07-28", check: schemas["1.x"].check });
    const { out: handed, ops } = await counting(() => toolHandler({ name: "weather", schema: undefined }, cb)({}, {}));
    assert.deepEqual(errors, [], name);
    assert.deepEqual(ops, wantOps, name);
    assert.deepEqual(handed, JSON.parse(mcp.serialize(mcp.tool(input), { protocolVersion: "2026-07-28", finalize: true })), name);
  }
});
