#!/usr/bin/env node
// The server of the hostile cases over stdio, on whichever SDK resolves
// (js/test/hostile.test.js runs it on the oldest supported through
// js/test/with-sdk.mjs):
//
//   node js/test/hostile-server.mjs <surface> <strict|json>
//
// <surface> is a name of SDK_SURFACES in js/test/hostile.js. Its tool "t"
// or resource template docs://hostile/{i} runs case i of that surface's
// table; the tool "reports" answers how many private details onError has
// received ({n}), which stay in this process.

import { realpathSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";
import { load, ClientError } from "mcpresult";
import { adapt } from "mcpresult/sdk";

// the table sits beside this file's real path (a farm links this file alone)
const here = pathToFileURL(realpathSync(fileURLToPath(import.meta.url)));
const { SDK_SURFACES, surfaceCases, sdkServer } = await import(new URL("./hostile.js", here).href);

const [name, mode] = process.argv.slice(2);
const surface = SDK_SURFACES.find((s) => s.name === name);
if (surface === undefined || (mode !== "strict" && mode !== "json")) {
  console.error("usage: node js/test/hostile-server.mjs <surface> <strict|json>");
  process.exit(2);
}
const mcp = await load(mode === "json" ? { settings: { canonicalization: "json" } } : {});
const build = (kind, input) => (kind === "tool" ? mcp.tool(input) : mcp.resource(input));
const { all } = surfaceCases(surface.kind, mode, { ClientError, build });
let reports = 0;
const server = sdkServer(surface, all, { McpServer, ResourceTemplate, z, adapt, mcp, onError: () => reports++ });
server.registerTool("reports", {}, () => ({ content: [{ type: "text", text: String(reports) }], structuredContent: { n: reports } }));
await server.connect(new StdioServerTransport());
