// mcpresult/sdk on @modelcontextprotocol/server 2.x over HTTP, with the
// official clients of both lines: a server per Streamable HTTP session
// (NodeStreamableHTTPServerTransport), each session written for its own
// revision at the same time; and the per-request HTTP entry
// (createMcpHandler on node:http through toNodeHandler), where the 2.x
// Client pinned to 2026-07-28, the 2.x Client at its default and the 1.x
// Client each get their own revision's results from the same handler.
// js/test/adapter-vectors.test.js runs every adapter vector on 2.x;
// tools/sdkproof runs the quick starts.

import { test } from "node:test";
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import http from "node:http";
import { McpServer, createMcpHandler } from "@modelcontextprotocol/server";
import { NodeStreamableHTTPServerTransport, toNodeHandler } from "@modelcontextprotocol/node";
import { Client as ClientV2, StreamableHTTPClientTransport as HTTPV2 } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as HTTPV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { z } from "zod";
import { load } from "mcpresult";
import { adapt, protocolVersion } from "mcpresult/sdk";
import { asking } from "./asking.js";

const mcp = await load();
const ROWS = [{ name: "a", n: 1 }, { name: "b", n: 2 }];
const SECRET = "secret-db-password";

/** server gives an adapted 2.x McpServer: a tool whose structured content
 * is an array (wrapped as {result} for 2025 clients, as it is at
 * 2026-07-28, none before 2025-06-18), one that says the revision its
 * handler was called at, and one that fails privately; errors gets what
 * onError receives. */
function server(errors) {
  const s = adapt(new McpServer({ name: "sdk-v2-test", version: "1.0.0" }), mcp, { onError: (err) => errors.push(err) });
  s.registerTool("rows", { outputSchema: z.array(z.object({ name: z.string(), n: z.number() })) }, () => mcp.tool({ structuredContent: ROWS }));
  s.registerTool("revision", { outputSchema: { v: z.string() } }, (ctx) => mcp.tool({ structuredContent: { v: protocolVersion(ctx) } }));
  s.registerTool("crash", {}, () => {
    throw new Error(SECRET);
  });
  return s;
}

async function listening(handler) {
  const httpServer = http.createServer(handler);
  await new Promise((r) => httpServer.listen(0, "127.0.0.1", r));
  return { url: new URL(`http://127.0.0.1:${httpServer.address().port}/mcp`), httpServer };
}

async function closing(httpServer, clients) {
  await Promise.all(clients.map((c) => c.close()));
  httpServer.closeAllConnections();
  await new Promise((r) => httpServer.close(r));
}

/** expect checks what a client of revision got from the three tools. */
async function expect(client, revision, errors) {
  const call = (name) => client.callTool({ name, arguments: {} });
  const [rows, rev, crash, { tools }] = await Promise.all([call("rows"), call("revision"), call("crash"), client.listTools()]);
  const structured = revision >= "2025-06-18";
  const wrapped = structured && revision < "2026-07-28";
  assert.deepEqual(rows.structuredContent, !structured ? undefined : wrapped ? { result: ROWS } : ROWS, revision);
  assert.deepEqual(rev.structuredContent, structured ? { v: revision } : undefined, revision);
  assert.match(rev.content[0].text, new RegExp(revision), revision); // the text fallback says it too
  const listed = tools.find((t) => t.name === "rows").outputSchema;
  assert.equal(listed !== undefined, structured, revision);
  if (structured) assert.equal(listed.type, wrapped ? "object" : "array", revision); // 2026-07-28 lists the array's own schema
  if (wrapped) assert.deepEqual(Object.keys(listed.properties), ["result"], revision);
  assert.equal(crash.isError, true, revision);
  assert.ok(!JSON.stringify(crash).includes(SECRET), revision);
  assert.ok(errors.some((e) => String(e).includes(SECRET)), "the detail went to onError");
}

test("2.x over Streamable HTTP, a server per session: each session written for its own revision, at the same time", async () => {
  const errors = [];
  const sessions = new Map();
  const { url, httpServer } = await listening(async (req, res) => {
    const sid = req.headers["mcp-session-id"];
    if (typeof sid === "string") return sessions.get(sid).handleRequest(req, res);
    const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: (id) => sessions.set(id, transport) });
    await server(errors).connect(transport);
    await transport.handleRequest(req, res);
  });
  const clients = [];
  try {
    const v2 = new ClientV2({ name: "v2-default", version: "1.0.0" });
    await v2.connect(new HTTPV2(url));
    clients.push(["2025-11-25", v2]);
    for (const revision of ["2024-11-05", "2025-03-26", "2025-06-18"]) {
      const v1 = new ClientV1({ name: `v1-${revision}`, version: "1.0.0" });
      await v1.connect(asking(new HTTPV1(url), revision));
      clients.push([revision, v1]);
    }
    await Promise.all(clients.map(([revision, c]) => expect(c, revision, errors)));
  } finally {
    await closing(httpServer, clients.map(([, c]) => c));
  }
});

test("2.x behind the per-request HTTP entry: the 2.x Client pinned to 2026-07-28 and at its default, and the 1.x Client, from one handler", async () => {
  const errors = [];
  const handler = createMcpHandler(() => server(errors));
  const { url, httpServer } = await listening(toNodeHandler(handler));
  const clients = [];
  try {
    const pinned = new ClientV2({ name: "v2-pinned", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    await pinned.connect(new HTTPV2(url));
    const byDefault = new ClientV2({ name: "v2-default", version: "1.0.0" });
    await byDefault.connect(new HTTPV2(url));
    const v1 = new ClientV1({ name: "v1", version: "1.0.0" });
    await v1.connect(new HTTPV1(url));
    clients.push(pinned, byDefault, v1);
    assert.equal(byDefault.getNegotiatedProtocolVersion?.() ?? "2025-11-25", "2025-11-25");
    await expect(pinned, "2026-07-28", errors);
    await expect(byDefault, "2025-11-25", errors);
    await expect(v1, "2025-11-25", errors);
  } finally {
    await closing(httpServer, clients);
  }
});
