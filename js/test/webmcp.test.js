// mcpresult/webmcp where there is no page: what registerTool refuses, with
// its code and path. Registration and calls on a real WebMCP (the
// polyfill's and Chromium's own) are tested in Chromium by
// tools/browser/browser.test.mjs (make test-browser).

import { test } from "node:test";
import assert from "node:assert/strict";
import { load, McpResultError } from "mcpresult";
import { INVALID_OUTPUT_TEXT } from "../src/facts.js";
import { registerTool, modelContext } from "mcpresult/webmcp";

const mcp = await load();
const tool = { name: "t", description: "d", execute: () => mcp.text("x") };

test("no WebMCP: modelContext() is undefined and registerTool refuses, at /modelContext", () => {
  assert.equal(modelContext(), undefined);
  assert.throws(() => registerTool(mcp, tool), (e) => e instanceof McpResultError && e.code === "invalid_option" && e.path === "/modelContext");
  assert.throws(() => registerTool(mcp, tool, { modelContext: {} }), (e) => e instanceof McpResultError && e.code === "invalid_option" && e.path === "/modelContext");
});

test("a tool without execute, or no API, is refused before any WebMCP is looked for", () => {
  assert.throws(() => registerTool(mcp, { name: "t", description: "d" }), (e) => e instanceof McpResultError && e.code === "invalid_option" && e.path === "/execute");
  assert.throws(() => registerTool(null, tool), TypeError);
  assert.throws(() => registerTool({}, tool), TypeError);
});

test("execute returning a resource result: the agent gets the invalid-output text, the handler's text never", async () => {
  let registered;
  const context = { registerTool(t) { registered = t; } };
  const errors = [];
  const secret = "secret-resource-text-4711";
  registerTool(mcp, { name: "r", description: "d", execute: () => mcp.resource({ contents: [{ uri: "file:///x", text: secret }] }) }, { modelContext: context, onError: (e) => errors.push(e) });
  const out = await registered.execute({});
  assert.deepEqual(out.content, [{ type: "text", text: INVALID_OUTPUT_TEXT }]);
  assert.equal(out.isError, true);
  assert.ok(!JSON.stringify(out).includes(secret));
  assert.equal(errors.length, 1);
  assert.equal(errors[0].code, "invalid_value");
});
