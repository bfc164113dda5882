#!/usr/bin/env node
// An MCP App (extension io.modelcontextprotocol/ui) on the official
// TypeScript SDK's 2.x line: a tool that shows its result in an HTML page,
// registered with the official ext-apps server helpers, the page's contents
// and the tool's link built by mcpresult (mcp.appResource, mcp.appToolMeta),
// which refuse a link that is not ui://, a CSP entry that is not an origin
// or an unknown permission before a host ever shows a blank widget.
//
//   node js/examples/app.mjs            stdio, served by serveStdio
//
// Imported, createServer() gives one adapted McpServer.

import { McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { registerAppTool, registerAppResource, RESOURCE_MIME_TYPE } from "@modelcontextprotocol/ext-apps/server";
import { z } from "zod";
import { load } from "mcpresult";
import { adapt } from "mcpresult/sdk";
import { runAsMain } from "./showcase.mjs";

const mcp = await load();

export const PAGE_URI = "ui://weather/view.html";

const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>Weather</title>
<script src="https://cdn.example.com/weather-widget.js"></script></head>
<body><div id="forecast"></div></body></html>`;

// The page and the link, built once: both are checked here, at start-up.
const page = mcp.appResource(PAGE_URI, PAGE, {
  csp: { resourceDomains: ["https://cdn.example.com"], connectDomains: ["https://api.example.com"] },
  prefersBorder: true,
  openai: true, // ChatGPT's own keys beside the MCP Apps ones
});
const toolMeta = mcp.appToolMeta(PAGE_URI, { visibility: ["model", "app"], openai: true });

/** createServer gives a new adapted McpServer with the app's tool and page.
 * options.onError receives the private detail of each failure. */
export function createServer(options = {}) {
  const server = adapt(new McpServer({ name: "weather-app", version: "1.0.0" }), mcp, {
    onError: options.onError ?? ((err, where) => console.error("private:", where, err)),
  });
  registerAppTool(server, "forecast", {
    description: "The forecast of a city, shown in the weather page",
    inputSchema: z.object({ city: z.string() }),
    _meta: toolMeta,
  }, async ({ city }) => mcp.tool({ structuredContent: { city, tempC: 21.5 } }));
  registerAppResource(server, "Weather page", PAGE_URI, { _meta: { ui: page._meta.ui } }, async () =>
    mcp.resource({ contents: page }));
  return server;
}

if (page.mimeType !== RESOURCE_MIME_TYPE) throw new Error("the page's media type is not the one the helpers register");

runAsMain(import.meta.url, async () => {
  serveStdio(() => createServer());
});
