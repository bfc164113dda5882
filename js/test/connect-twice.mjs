#!/usr/bin/env node
// An adapted server connected a second time, on whichever SDK resolves
// (js/test/sdk.test.js runs it on the SDK the package is tested with and,
// through js/test/with-sdk.mjs, on the oldest supported), with the SDK's
// own Client over in-memory transports. It prints what it saw, as JSON:
//
//   node js/test/connect-twice.mjs
//
// First connection: a client asking for 2025-11-25, a tool call and a
// tools/list. Then a second connect on another transport, which SDK 1.32.2
// refuses ("Already connected") and 1.23.0 accepts (the server then answers
// on the new transport): refused, the first client calls and lists again;
// accepted, a client asking for 2024-11-05 calls on the new one.

import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { z } from "zod";
import { load } from "mcpresult";
import { adapt } from "mcpresult/sdk";

const mcp = await load();
const errors = [];
const server = adapt(new McpServer({ name: "connect-twice", version: "1.0.0" }), mcp, { onError: (err) => errors.push(String(err)) });
server.registerTool("sc", { outputSchema: { a: z.number() } }, () => mcp.tool({ structuredContent: { a: 1 } }));

/** client connects a Client asking for revision over a new pair whose
 * server side the adapted server connects (connect: false, not yet), and
 * records the revision the server answered. */
async function pair(revision) {
  const [c, t] = InMemoryTransport.createLinkedPair();
  const seen = {};
  const send = c.send.bind(c);
  c.send = (message, options) =>
    send(message?.method === "initialize" ? { ...message, params: { ...message.params, protocolVersion: revision } } : message, options);
  const start = c.start.bind(c);
  c.start = async () => {
    const prior = c.onmessage;
    c.onmessage = (m, e) => {
      if (m?.result?.protocolVersion !== undefined) seen.negotiated = m.result.protocolVersion;
      prior?.(m, e);
    };
    return start();
  };
  return { client: new Client({ name: "c", version: "1.0.0" }), transport: c, server: t, seen };
}

const untouched = (t) => ({ ownSend: Object.hasOwn(t, "send"), onmessage: t.onmessage === undefined ? "unset" : "set" });
const call = async (client) => {
  try {
    const r = await client.callTool({ name: "sc", arguments: {} });
    return { structuredContent: r.structuredContent, text: r.content[0]?.text };
  } catch (err) {
    return { error: String(err && err.message) };
  }
};
const listed = async (client) => (await client.listTools()).tools.find((t) => t.name === "sc").outputSchema !== undefined;

const out = { errors };
const a = await pair("2025-11-25");
await server.connect(a.server);
await a.client.connect(a.transport);
out.first = { negotiated: a.seen.negotiated, call: await call(a.client), outputSchema: await listed(a.client) };

const b = await pair("2024-11-05");
const before = untouched(b.server);
try {
  await server.connect(b.server);
  out.second = { accepted: true };
} catch (err) {
  out.second = { accepted: false, message: String(err && err.message), before, after: untouched(b.server) };
}
if (out.second.accepted) {
  await b.client.connect(b.transport);
  out.after = { negotiated: b.seen.negotiated, call: await call(b.client), outputSchema: await listed(b.client) };
} else {
  // the same transport again: refused too, and changes nothing either
  try {
    await server.connect(a.server);
    out.again = { accepted: true };
  } catch (err) {
    out.again = { accepted: false, message: String(err && err.message) };
  }
  out.after = { call: await call(a.client), outputSchema: await listed(a.client) };
}
process.stdout.write(JSON.stringify(out) + "\n");
process.exit(0);
