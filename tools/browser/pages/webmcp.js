// The WebMCP page of the rules: mcpresult/webmcp's registerTool on a page
// with no WebMCP, then on @mcp-b/webmcp-polyfill's, one tool per rule
// (the budget, the fallbacks of older revisions, an invalid result, an
// integer JSON.stringify cannot write, an aborted registration) and the
// deprecated navigator.modelContext found when document.modelContext is
// absent. browser.test.mjs calls window.setUp() over the DevTools
// protocol, then each tool through document.modelContext.executeTool.

import { initializeWebMCPPolyfill } from "@mcp-b/webmcp-polyfill";
import { load, McpResultError } from "mcpresult";
import { registerTool, modelContext } from "mcpresult/webmcp";

const errors = [];
const onError = (err, where) => errors.push({ tool: where.tool, code: err && err.code, path: err && err.path, message: String(err && err.message) });

function caught(f) {
  try {
    f();
    return "no error";
  } catch (e) {
    return { error: e.constructor.name, code: e.code, path: e.path, mcpResultError: e instanceof McpResultError };
  }
}

window.privateErrors = () => errors;

window.setUp = async function setUp() {
  const mcp = await load();
  const out = {};
  // no WebMCP: refused, with a code and a path
  out.beforePolyfill = { modelContext: modelContext() === undefined ? "none" : "some", register: caught(() => registerTool(mcp, { name: "x", description: "x", execute: () => mcp.text("x") })) };
  initializeWebMCPPolyfill();
  out.found = modelContext() === document.modelContext ? "document.modelContext" : "other";
  // the deprecated alias, when document.modelContext is absent
  const own = Object.getOwnPropertyDescriptor(document, "modelContext");
  Object.defineProperty(document, "modelContext", { value: undefined, configurable: true });
  out.withoutDocument = modelContext() !== undefined && modelContext() === navigator.modelContext ? "navigator.modelContext" : "other";
  if (own) Object.defineProperty(document, "modelContext", own);
  else delete document.modelContext;
  out.restored = modelContext() === document.modelContext;
  out.badVersion = caught(() => registerTool(mcp, { name: "y", description: "y", execute: () => mcp.text("y") }, { protocolVersion: "1999-01-01" }));

  const small = mcp.forServer({ maxJsonBytes: 512 });
  const tools = [
    // past the server's budget: invalid output, the detail private
    [small, { name: "budget", description: "past the budget", execute: () => ({ content: [{ type: "text", text: "x".repeat(1000) }] }) }],
    // an array as structured content, for a 2025-11-25 agent: {"result": …}
    [mcp, { name: "array", description: "array", execute: () => mcp.tool({ structuredContent: [1, 2, 3] }) }, { protocolVersion: "2025-11-25" }],
    // a 2024-11-05 agent: no structuredContent, the data in the text block
    [mcp, { name: "old", description: "old", execute: () => mcp.tool({ structuredContent: { a: 1 } }) }, { protocolVersion: "2024-11-05" }],
    // a plain object that fails its checks: a data: URL is not base64
    [mcp, { name: "invalid", description: "invalid", execute: () => ({ content: [{ type: "image", data: "data:image/png;base64,AA==", mimeType: "image/png" }] }) }],
    // an integer JSON.stringify cannot write with its digits
    [mcp, { name: "bigint", description: "bigint", execute: () => mcp.tool({ structuredContent: { n: 2n ** 60n } }) }],
    // a plain object that is valid: returned as it is, written
    [mcp, { name: "plain", description: "plain", execute: (args) => ({ content: [{ type: "text", text: "hello " + args.who }] }) }],
  ];
  for (const [api, tool, options] of tools) await registerTool(api, tool, { onError, ...options });
  const registration = new AbortController();
  await registerTool(mcp, { name: "aborted", description: "aborted", execute: () => mcp.text("never") }, { onError, signal: registration.signal });
  registration.abort();
  out.tools = (await document.modelContext.getTools()).map((t) => t.name);
  return out;
};
window.pageReady = true;
