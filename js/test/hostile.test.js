// Nothing private reaches a client, whatever a handler returns or throws:
// every hostile shape of js/test/hostile.js (accessors and Proxy traps that
// throw at any read or give another value at each read, toJSON, revoked
// Proxies), at every part of a tool result, a resource result and a thrown
// ClientError, through every surface, under both canonicalizations, on a
// plain result and on one the API built:
//
// - mcpresult/sdk (tools without and with an output schema, a resource
//   template) and mcp.guard on a plain McpServer, with the official SDK's own
//   Client: in process on the SDK the package is tested with (1.32.2), each
//   message the server sends written as JSON and read back, as a transport
//   writes it; and over stdio on the oldest SDK supported (1.23.0), the
//   same table served by js/test/hostile-server.mjs;
// - mcpresult/webmcp, on a model context that does with execute what
//   @mcp-b/webmcp-polyfill 5.1.0 does (its result written with
//   JSON.stringify, else String(result); the message of what it throws
//   shown to the agent).
//
// Each case asserts the exact answer its client gets (the baseline of its
// outcome on the same surface: the clean result, the private failure, the
// invalid output, or the ClientError shown), that the secret is nowhere in
// it nor in anything written to the client, and that a private failure's
// detail went to onError. The test prints the count of cases per class and
// surface, and what their clients got (node --test --test-reporter=spec
// test/hostile.test.js).

import { test } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { z } from "zod";
import { load, ClientError } from "mcpresult";
import { adapt, EXECUTION_FAILED_TEXT, INVALID_OUTPUT_TEXT, RESOURCE_READ_FAILED_TEXT, INVALID_RESOURCE_OUTPUT_TEXT } from "mcpresult/sdk";
import { registerTool } from "mcpresult/webmcp";
import { SECRET, SHOWN_MESSAGE, SHOWN_CODE, SDK_SURFACES, surfaceCases, sdkServer, runCase } from "./hostile.js";
import { farm, nodeArgs } from "./with-sdk.mjs";

const APIS = { strict: await load(), json: await load({ settings: { canonicalization: "json" } }) };
const build = (mcp) => (kind, input) => (kind === "tool" ? mcp.tool(input) : mcp.resource(input));
const TIMEOUT = { timeout: 10_000 };

/** answer is what a client got: {result}, or the error it was answered
 * with, {error: {code, message, data}}. */
async function answer(p) {
  try {
    return { result: await p };
  } catch (e) {
    return { error: { code: e.code, message: e.message, data: e.data } };
  }
}

/** connectJson connects server to an SDK Client in process; every message
 * the server sends is written as JSON (wire) and read back, as a transport
 * writes it. */
async function connectJson(server) {
  const [c, t] = InMemoryTransport.createLinkedPair();
  const wire = [];
  const send = t.send.bind(t);
  t.send = (message, options) => {
    let json;
    try {
      json = JSON.stringify(message);
    } catch (e) {
      wire.push(String(e && e.message));
      throw e;
    }
    wire.push(json);
    return send(JSON.parse(json), options);
  };
  await server.connect(t);
  const client = new Client({ name: "hostile", version: "1.0.0" });
  await client.connect(c);
  return { client, wire };
}

/** callerOf gives call(i), the answer to case i of a surface. */
function callerOf(surface, client) {
  return surface.kind === "resource"
    ? (i) => answer(client.readResource({ uri: `docs://hostile/${i}` }, TIMEOUT))
    : (i) => answer(client.callTool({ name: "t", arguments: { i } }, undefined, TIMEOUT));
}

/** What each baseline must be, whatever the surface: the fixed texts of
 * the private failures, and the ClientError's message and code. */
function checkBaselines(kind, got) {
  const clean = got.clean.result;
  if (kind === "tool") {
    for (const [k, text] of [
      ["failed", EXECUTION_FAILED_TEXT],
      ["invalid", INVALID_OUTPUT_TEXT],
    ]) {
      assert.deepEqual(got[k].result?.content, [{ type: "text", text }], k);
      assert.equal(got[k].result.isError, true, k);
    }
    assert.deepEqual(got.shown.result?.content, [{ type: "text", text: SHOWN_MESSAGE }]);
    assert.equal(got.shown.result._meta["io.github.mcpresult/errorCode"], SHOWN_CODE);
    assert.deepEqual(clean.content, [{ type: "text", text: "ok" }]);
    assert.equal(clean.isError, false);
  } else {
    assert.deepEqual(got.failed.error, { code: -32603, message: `MCP error -32603: ${RESOURCE_READ_FAILED_TEXT}`, data: undefined });
    assert.deepEqual(got.invalid.error, { code: -32603, message: `MCP error -32603: ${INVALID_RESOURCE_OUTPUT_TEXT}`, data: undefined });
    assert.deepEqual(got.shown.error, { code: -32602, message: `MCP error -32602: ${SHOWN_MESSAGE}`, data: { code: SHOWN_CODE } });
    assert.equal(clean.contents[0].text, "ok");
  }
  assert.deepEqual(got.cleanBuilt, got.clean, "a built result and a plain one reach the client alike");
}

/** What a client got, for the report's table. */
const RECEIVED = {
  tool: { clean: "the clean result", failed: `"${EXECUTION_FAILED_TEXT}"`, invalid: `"${INVALID_OUTPUT_TEXT}"`, shown: "the ClientError's result" },
  resource: { clean: "the clean result", failed: `-32603 "${RESOURCE_READ_FAILED_TEXT}"`, invalid: `-32603 "${INVALID_RESOURCE_OUTPUT_TEXT}"`, shown: "-32602 with the ClientError's message" },
};

/** The count of cases per surface and class, and what their clients got. */
const tally = new Map();
function count(surface, kind, c) {
  const key = `${surface}\u0000${c.cls}`;
  let row = tally.get(key);
  if (row === undefined) tally.set(key, (row = { surface, cls: c.cls, n: 0, got: new Map() }));
  row.n++;
  const what = RECEIVED[kind][c.expect];
  row.got.set(what, (row.got.get(what) ?? 0) + 1);
}

/**
 * runSurface runs every case of a surface: call(i) gives the answer to
 * case i, wire the messages written to the client so far, reports the
 * private details onError received so far.
 */
async function runSurface(t, label, kind, mode, all, baselines, call, wire, reports) {
  const got = {};
  for (const [k, b] of Object.entries(baselines)) got[k] = await call(all.indexOf(b));
  checkBaselines(kind, got);
  const expected = (c) => (c.expect === "clean" && c.variant === "built" ? got.cleanBuilt : got[c.expect]);
  // every case runs, and the test fails with the list of those that failed
  const failures = [];
  let n = 0;
  for (let i = 0; i < all.length; i++) {
    const c = all[i];
    if (Object.values(baselines).includes(c)) continue;
    n++;
    const w = wire.length;
    const r = reports.length;
    const a = await call(i);
    const where = `${label}, ${mode}: ${c.name}`;
    try {
      assert.ok(!JSON.stringify(a).includes(SECRET), `the secret reached the client: ${JSON.stringify(a)}`);
      for (const m of wire.slice(w)) assert.ok(!m.includes(SECRET), `the secret was written to the client: ${m}`);
      assert.deepEqual(a, expected(c), `not the ${c.expect} answer: ${JSON.stringify(a)}`);
      const private_ = c.expect === "failed" || c.expect === "invalid";
      assert.equal(reports.length > r, private_, `onError ${private_ ? "got nothing" : "got a report"}`);
    } catch (e) {
      failures.push(`${where}: ${e.message.split("\n")[0]}`);
      continue;
    }
    count(label, kind, c);
  }
  t.diagnostic(`${label}, ${mode}: ${n} cases, ${failures.length} failed`);
  assert.deepEqual(failures, [], `${failures.length} of ${n} cases failed`);
}

for (const surface of SDK_SURFACES) {
  for (const mode of ["strict", "json"]) {
    test(`${surface.name}, ${mode}, SDK 1.32.2 in process: every hostile result and ClientError`, async (t) => {
      const mcp = APIS[mode];
      const { all, baselines } = surfaceCases(surface.kind, mode, { ClientError, build: build(mcp) });
      const reports = [];
      const server = sdkServer(surface, all, { McpServer, ResourceTemplate, z, adapt, mcp, onError: (err) => reports.push(err) });
      const { client, wire } = await connectJson(server);
      try {
        await runSurface(t, surface.name, surface.kind, mode, all, baselines, callerOf(surface, client), wire, reports);
      } finally {
        await client.close();
      }
    });
  }
}

/** webmcpContext is a model context that does with a tool what
 * @mcp-b/webmcp-polyfill 5.1.0 does: execute's result is written with
 * JSON.stringify (else String(result), else "Operation succeeded"), and the
 * message of what execute throws is shown to the agent ("Tool invocation
 * failed: <message>"). wire holds what the agent got. */
function webmcpContext() {
  const tools = new Map();
  const wire = [];
  return {
    wire,
    registerTool(tool) {
      tools.set(tool.name, tool);
    },
    async call(name, input) {
      let raw;
      try {
        raw = await Promise.resolve(tools.get(name).execute(input));
      } catch (e) {
        const m = "Tool invocation failed" + (e instanceof Error ? ": " + e.message : "");
        wire.push(m);
        return { error: m };
      }
      let json;
      try {
        json = JSON.stringify(raw);
      } catch {
        json = undefined;
      }
      if (!json) {
        const s = String(raw) || "Operation succeeded";
        wire.push(s);
        return { text: s };
      }
      wire.push(json);
      return { result: JSON.parse(json) };
    },
  };
}

for (const mode of ["strict", "json"]) {
  test(`mcpresult/webmcp, ${mode}: every hostile result and ClientError`, async (t) => {
    const mcp = APIS[mode];
    const { all, baselines } = surfaceCases("tool", mode, { ClientError, build: build(mcp) });
    const reports = [];
    const context = webmcpContext();
    await registerTool(mcp, { name: "t", description: "hostile", execute: ({ i }) => runCase(all, i) }, { modelContext: context, onError: (err) => reports.push(err) });
    await runSurface(t, "mcpresult/webmcp", "tool", mode, all, baselines, (i) => context.call("t", { i }), context.wire, reports);
  });
}

for (const surface of SDK_SURFACES) {
  test(`${surface.name}, the oldest SDK supported (1.23.0) over stdio: every hostile result and ClientError`, async (t) => {
    const script = farm("sdk-oldest", fileURLToPath(new URL("./hostile-server.mjs", import.meta.url)));
    for (const mode of ["strict", "json"]) {
      const mcp = APIS[mode];
      const { all, baselines } = surfaceCases(surface.kind, mode, { ClientError, build: build(mcp) });
      const transport = new StdioClientTransport({ command: process.execPath, args: [...nodeArgs, script, surface.name, mode], stderr: "pipe" });
      const wire = [];
      const start = transport.start.bind(transport);
      transport.start = async () => {
        const prior = transport.onmessage;
        transport.onmessage = (m, e) => {
          wire.push(JSON.stringify(m));
          prior?.(m, e);
        };
        return start();
      };
      const client = new Client({ name: "hostile", version: "1.0.0" });
      await client.connect(transport);
      // the server counts what its onError received: a tool of its own
      const reports = {
        get length() {
          return reports.n;
        },
        n: 0,
      };
      const call = callerOf(surface, client);
      const counted = async (i) => {
        const a = await call(i);
        const r = await client.callTool({ name: "reports", arguments: {} }, undefined, TIMEOUT);
        reports.n = r.structuredContent.n;
        return a;
      };
      try {
        await runSurface(t, `${surface.name} [SDK 1.23.0, stdio]`, surface.kind, mode, all, baselines, counted, wire, reports);
      } finally {
        await client.close();
      }
    }
  });
}

test("the count of cases per class and surface, and what their clients got", (t) => {
  assert.ok(tally.size > 0);
  let total = 0;
  for (const row of tally.values()) {
    total += row.n;
    t.diagnostic(`${row.surface} | ${row.cls} | ${row.n} | ${[...row.got].map(([what, n]) => `${what}: ${n}`).join("; ")}`);
  }
  t.diagnostic(`total: ${total} cases`);
});
