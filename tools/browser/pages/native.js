// The native WebMCP page: no polyfill. The browser's own WebMCP (behind
// --enable-experimental-web-platform-features in Debian's Chromium) has
// registerTool at document.modelContext or, in earlier drafts, at
// navigator.modelContext; mcpresult/webmcp's registerTool finds either.
//
// browser.test.mjs calls the tool through the browser's testing entry,
// found here by what the page has, never by the browser's version:
//
//   - document.modelContext with executeTool and getTools (a ModelContext
//     of the browser's own): getTools() gives the registered tools,
//     executeTool(tool, input, {signal}) takes one of them and the
//     arguments as an object, and gives the result as the browser hands
//     it on, a string (an object result written with JSON.stringify);
//   - navigator.modelContextTesting with executeTool(name, json): the
//     tool's name and the arguments as a JSON string, the result a string.
//
// window.testingEntry() says which one is there (document.modelContext
// first), whether it is the browser's own (its functions native code, no
// polyfill's mark) and what the page has at each place a WebMCP object
// has been; window.callTool(name, args) calls a tool through it.

import { load, ClientError } from "mcpresult";
import { registerTool, modelContext } from "mcpresult/webmcp";

const errors = [];

/** native tells a function of the browser's own from one a script wrote. */
function native(f) {
  return typeof f === "function" && /\{\s*\[native code\]\s*\}\s*$/.test(Function.prototype.toString.call(f));
}

/** describe says what value is: absent, or its class and its methods,
 * each marked when a script wrote it. */
function describe(value) {
  if (value === undefined || value === null) return "absent";
  const methods = new Set();
  for (let p = value; p !== null && p !== Object.prototype && p !== EventTarget.prototype; p = Object.getPrototypeOf(p)) {
    for (const k of Object.getOwnPropertyNames(p)) {
      const d = Object.getOwnPropertyDescriptor(p, k);
      if (k !== "constructor" && typeof d.value === "function") methods.add(native(d.value) ? k : `${k} (script)`);
    }
  }
  const polyfill = value.__isWebMCPPolyfill === true ? ", the polyfill's" : "";
  return `${Object.prototype.toString.call(value).slice(8, -1)}${polyfill} with ${[...methods].sort().join(", ") || "no method"}`;
}

/** The testing entries, in the order they are looked for. */
const entries = [
  {
    name: "document.modelContext.executeTool(tool, input)",
    get: () => (typeof document !== "undefined" ? document.modelContext : undefined),
    has: (c) => c != null && typeof c.executeTool === "function" && typeof c.getTools === "function",
    own: (c) => c.__isWebMCPPolyfill !== true && native(c.executeTool) && native(c.getTools),
    async tools(c) {
      return (await c.getTools()).map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema }));
    },
    async call(c, name, args) {
      const tool = (await c.getTools()).find((t) => t.name === name);
      if (tool === undefined) throw new Error(`getTools() has no tool ${name}`);
      return c.executeTool(tool, args);
    },
  },
  {
    name: "navigator.modelContextTesting.executeTool(name, json)",
    get: () => navigator.modelContextTesting,
    has: (c) => c != null && typeof c.executeTool === "function",
    own: (c) => c.__isWebMCPPolyfill !== true && native(c.executeTool),
    tools: undefined,
    call: (c, name, args) => c.executeTool(name, JSON.stringify(args)),
  },
];

function entry() {
  return entries.find((e) => e.has(e.get()));
}

window.testingEntry = async function testingEntry() {
  const e = entry();
  const found = {
    "document.modelContext": describe(typeof document !== "undefined" ? document.modelContext : undefined),
    "navigator.modelContext": describe(navigator.modelContext),
    "navigator.modelContextTesting": describe(navigator.modelContextTesting),
  };
  if (e === undefined) return { used: "none", found, known: entries.map((x) => x.name) };
  return { used: e.name, own: e.own(e.get()), found, tools: e.tools ? await e.tools(e.get()) : undefined };
};

window.callTool = async function callTool(name, args) {
  const e = entry();
  if (e === undefined) throw new Error("no WebMCP testing entry");
  return e.call(e.get(), name, args);
};

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
  return { found, polyfill: context !== undefined && context.__isWebMCPPolyfill === true, own: context !== undefined && native(context.registerTool) };
};
window.privateErrors = () => errors;
window.pageReady = true;
