#!/usr/bin/env node
// The end of make demo: the official TypeScript SDK's Client starts
// js/examples/server.mjs over stdio and calls a few of its tools, once as a
// 2025-03-26 client and once as the SDK's latest, and prints what the
// client received (base64 shortened).
//
//   node js/examples/client.mjs
//
// SDK 1.32.2's Client always asks for its latest revision in initialize;
// to act as an older client, the initialize request it sends is given the
// older protocolVersion on its way out (the server then answers with it,
// and the Client accepts any revision it supports).

import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const SERVER = fileURLToPath(new URL("./server.mjs", import.meta.url));

const CALLS = [
  ["weather", { city: "Tokyo" }],
  ["stats_list", {}],
  ["lookup", { city: "Atlantis" }],
  ["test_multiple_content_types", {}],
];

/** compact writes a value as one line of JSON, with base64 shortened. */
function compact(value) {
  return JSON.stringify(value, (key, v) =>
    (key === "data" || key === "blob") && typeof v === "string" && v.length > 16 ? `${v.slice(0, 12)}…(${v.length} chars)` : v,
  );
}

/** outline gives the gist of a JSON Schema: its type and its members' types. */
function outline(schema) {
  const members = schema.properties ? ` {${Object.entries(schema.properties).map(([k, v]) => `${k}: ${v.type}`).join(", ")}}` : "";
  return schema.type + members;
}

async function session(asked) {
  const transport = new StdioClientTransport({ command: process.execPath, args: [SERVER], stderr: "inherit" });
  // what the client asked for, and what the server answered, from the wire
  let own;
  let requested;
  let negotiated;
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    if (message.method === "initialize") {
      own = message.params.protocolVersion;
      if (asked !== undefined) message = { ...message, params: { ...message.params, protocolVersion: asked } };
      requested = message.params.protocolVersion;
    }
    return send(message, options);
  };
  transport.onmessage = (message) => {
    if (message.result && typeof message.result.protocolVersion === "string") negotiated = message.result.protocolVersion;
  };
  const client = new Client({ name: "mcpresult-demo-client", version: "0.2.0" });
  await client.connect(transport);
  const how = asked === undefined ? " (the SDK Client's latest)" : ` (the SDK Client's ${own}, rewritten on its way out)`;
  console.log(`\n   initialize: the client asked for ${requested}${how}; the server negotiated ${negotiated}`);

  const { tools } = await client.listTools();
  const schemas = tools.filter((t) => t.outputSchema !== undefined).map((t) => `${t.name}: ${outline(t.outputSchema)}`);
  console.log(`   tools/list: ${tools.length} tools; output schemas: ${schemas.length === 0 ? "none (the revision has none)" : schemas.join("; ")}`);
  for (const [name, args] of CALLS) {
    const result = await client.callTool({ name, arguments: args });
    console.log(`   ${name} ${compact(args)} → ${compact(result)}`);
  }
  await client.close();
}

console.log("── a real exchange: the official SDK's Client (1.32.2) and js/examples/server.mjs over stdio");
console.log("   (every result built with mcpresult and written for the revision the client negotiated)");
await session("2025-03-26");
await session(undefined);
