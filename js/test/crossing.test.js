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
