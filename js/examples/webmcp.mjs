// The README's browser and WebMCP quick start: a web page's WebMCP tool
// whose results mcpresult guards, checks and writes. The browser tests
// (tools/browser/browser.test.mjs) bundle it with esbuild, open it in
// Chromium and call the tool through the polyfill.
import { initializeWebMCPPolyfill } from "@mcp-b/webmcp-polyfill";
import { load, ClientError } from "mcpresult";
import { registerTool } from "mcpresult/webmcp";

initializeWebMCPPolyfill(); // document.modelContext where the browser has none (a native one is kept)

const mcp = await load(); // fetches and compiles mcpresult.wasm, once per page
const temperatures = new Map([["Paris", 18.5], ["Oslo", -3]]);

await registerTool(mcp, {
  name: "weather",
  description: "Weather for a city",
  inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  execute: async ({ city }) => {
    if (city === "") throw new ClientError("say which city", "weather.no_city"); // shown to the agent
    if (!temperatures.has(city)) throw new Error(`lookup of ${city} failed`);     // stays private
    return mcp.tool({ structuredContent: { city, tempC: temperatures.get(city) } }); // text fallback added
  },
}, { onError: (err) => console.error("private:", err.message) });
// end of the quick start

// What the browser tests (tools/browser/browser.test.mjs) wait for.
document.documentElement.dataset.ready = "weather";
