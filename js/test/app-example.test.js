// examples/app.mjs, an MCP App on the official ext-apps server helpers and
// the TypeScript SDK 2.x, started over stdio and asked by the official
// client: the tool lists its link to the page, and the page reads as an
// app's contents.

import { test } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";

const server = fileURLToPath(new URL("../examples/app.mjs", import.meta.url));
const URI = "ui://weather/view.html";

test("the app's tool links its page, and the page reads as an app", async () => {
  const client = new Client({ name: "app-host", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [server], stderr: "pipe" }));
  try {
    const { tools } = await client.listTools();
    const tool = tools.find((t) => t.name === "forecast");
    assert.deepEqual(tool._meta, {
      ui: { resourceUri: URI, visibility: ["model", "app"] },
      "ui/resourceUri": URI,
      "openai/outputTemplate": URI,
      "openai/widgetAccessible": true,
    });
    const { resources } = await client.listResources();
    const listed = resources.find((r) => r.uri === URI);
    assert.equal(listed.mimeType, "text/html;profile=mcp-app");
    assert.deepEqual(listed._meta.ui.csp.resourceDomains, ["https://cdn.example.com"]);

    const read = await client.readResource({ uri: tool._meta.ui.resourceUri });
    assert.equal(read.contents.length, 1);
    const [page] = read.contents;
    assert.equal(page.uri, URI);
    assert.equal(page.mimeType, "text/html;profile=mcp-app");
    assert.match(page.text, /^<!doctype html>/);
    assert.match(page.text, /https:\/\/cdn\.example\.com\/weather-widget\.js/);
    assert.deepEqual(page._meta, {
      ui: { csp: { connectDomains: ["https://api.example.com"], resourceDomains: ["https://cdn.example.com"] }, prefersBorder: true },
      "openai/widgetCSP": { connect_domains: ["https://api.example.com"], resource_domains: ["https://cdn.example.com"] },
      "openai/widgetPrefersBorder": true,
    });

    const called = await client.callTool({ name: "forecast", arguments: { city: "Oslo" } });
    assert.deepEqual(called.structuredContent, { city: "Oslo", tempC: 21.5 });
  } finally {
    await client.close();
  }
});
