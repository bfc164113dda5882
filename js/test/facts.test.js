// The facts the package takes from the Go packages (src/facts.js, which
// internal/cmd/jsfacts writes from them) agree with what the bundled module
// reports of itself, and the package stops a request where they say.

import { test } from "node:test";
import assert from "node:assert/strict";
import { load, ABI_VERSION, McpResultError } from "mcpresult";
import * as facts from "../src/facts.js";

const mcp = await load();

test("the facts are the module's: ABI version, protocol versions, default settings, depth", () => {
  const info = mcp.info();
  assert.equal(ABI_VERSION, facts.ABI_VERSION);
  assert.equal(info.abi, facts.ABI_VERSION);
  assert.deepEqual(info.protocolVersions, [...facts.PROTOCOL_VERSIONS]);
  assert.equal(info.latestProtocolVersion, facts.LATEST_PROTOCOL_VERSION);
  assert.deepEqual(info.settings, {
    maxJsonBytes: facts.DEFAULT_MAX_JSON_BYTES,
    maxNodes: facts.DEFAULT_MAX_NODES,
    maxDepth: facts.MAX_RESULT_DEPTH,
    canonicalization: "strict",
  });
});

test("the settings' ranges are the module's", () => {
  const code = (settings) => {
    try {
      mcp.forServer(settings);
      return "ok";
    } catch (e) {
      assert.ok(e instanceof McpResultError);
      return e.code + " " + e.path;
    }
  };
  assert.equal(code({ maxJsonBytes: facts.MIN_MAX_JSON_BYTES }), "ok");
  assert.equal(code({ maxJsonBytes: facts.MAX_MAX_JSON_BYTES }), "ok");
  assert.equal(code({ maxJsonBytes: facts.MIN_MAX_JSON_BYTES - 1 }), "invalid_option /maxJsonBytes");
  assert.equal(code({ maxJsonBytes: facts.MAX_MAX_JSON_BYTES + 1 }), "invalid_option /maxJsonBytes");
  assert.equal(code({ maxNodes: facts.MIN_MAX_NODES }), "ok");
  assert.equal(code({ maxNodes: facts.MAX_MAX_NODES }), "ok");
  assert.equal(code({ maxNodes: facts.MIN_MAX_NODES - 1 }), "invalid_option /maxNodes");
  assert.equal(code({ maxNodes: facts.MAX_MAX_NODES + 1 }), "invalid_option /maxNodes");
});

test("the error codes hold every code a call gives here", () => {
  const codes = new Set(facts.ERROR_CODES);
  assert.equal(codes.size, facts.ERROR_CODES.length);
  const given = (f) => {
    try {
      const r = f();
      return r.errors.map((e) => e.code);
    } catch (e) {
      assert.ok(e instanceof McpResultError, String(e));
      return [e.code];
    }
  };
  const seen = [
    ...given(() => mcp.validate({ content: [{ type: "text" }], isError: false })),
    ...given(() => mcp.validate({ content: [] }, { protocolVersion: "1999-01-01" })),
    ...given(() => mcp.validate({ content: [], extra: 1 }, { bogus: true })),
    ...given(() => mcp.tool({ content: [{ type: "video" }] })),
  ];
  assert.ok(seen.length >= 4);
  for (const c of seen) assert.ok(codes.has(c), c);
});

test("the budget messages are the module's", () => {
  const nodes = mcp.forServer({ maxNodes: 3 });
  assert.throws(
    () => nodes.tool({ structuredContent: { a: [1, 2, 3, 4] } }),
    (e) => e.message.endsWith(": " + facts.MSG_MAX_NODES[0] + 3 + facts.MSG_MAX_NODES[1]),
  );
  const bytes = mcp.forServer({ maxJsonBytes: 512 });
  assert.throws(
    () => bytes.tool({ structuredContent: { a: "x".repeat(600) } }),
    (e) => e.message.endsWith(": " + facts.MSG_MAX_BYTES[0] + 512 + facts.MSG_MAX_BYTES[1]),
  );
});

test("the failure texts are the Go packages', and what guard and mcpresult/sdk give", async () => {
  const sdk = await import("mcpresult/sdk");
  const root = await import("mcpresult");
  assert.equal(root.EXECUTION_FAILED_TEXT, facts.EXECUTION_FAILED_TEXT);
  assert.equal(root.INVALID_OUTPUT_TEXT, facts.INVALID_OUTPUT_TEXT);
  assert.equal(sdk.RESOURCE_READ_FAILED_TEXT, facts.RESOURCE_READ_FAILED_TEXT);
  assert.equal(sdk.INVALID_RESOURCE_OUTPUT_TEXT, facts.INVALID_RESOURCE_OUTPUT_TEXT);
  const text = async (handler) => (await mcp.guard(handler)()).content[0].text;
  assert.equal(
    await text(() => {
      throw new Error("private");
    }),
    facts.EXECUTION_FAILED_TEXT,
  );
  assert.equal(await text(() => ({ content: [{ type: "text" }] })), facts.INVALID_OUTPUT_TEXT);
  // a resource result is no tool result: the output is invalid, as the adapters say
  assert.equal(await text(() => mcp.resource({ contents: [{ uri: "file:///a.txt", text: "a" }] })), facts.INVALID_OUTPUT_TEXT);
});
