// The native WebMCP page: no polyfill. Chromium's own WebMCP (behind
// --enable-experimental-web-platform-features in Chromium 148) has
// navigator.modelContext.registerTool, which mcpresult/webmcp finds when
// document.modelContext is absent, and navigator.modelContextTesting,
// through which browser.test.mjs calls the tools.

import { load, ClientError } from "mcpresult";
import { registerTool, modelContext } from "mcpresult/webmcp";

const errors = [];

window.setUp = async function setUp() {
  const mcp = await load();
  const context = modelContext();
  const found = context === undefined ? "none" : context === navigator.modelContext ? "navigator.modelContext" : "document.modelContext";
  await registerTool(
    mcp,
    {
      name: "echo",
      description: "Echoes its word",
      inputSchema: { type: "object", properties: { word: { type: "string" } }, required: ["word"] },
      execute: async ({ word }) => {
        if (word === "") throw new ClientError("say a word", "echo.empty");
        if (word === "secret") throw new Error("the secret stays here");
        return mcp.tool({ structuredContent: { word } });
      },
    },
    { onError: (err) => errors.push(String(err.message)) },
  );
  return { found, polyfill: context !== undefined && context.__isWebMCPPolyfill === true };
};
window.privateErrors = () => errors;
window.pageReady = true;
