#!/usr/bin/env node
// An MCP server on the official TypeScript SDK (McpServer, 1.32.x) whose
// every tool and resource result is built with mcpresult and written for the
// protocol revision the client negotiated.
//
//   node js/examples/server.mjs                       stdio (stdout carries only the protocol)
//   node js/examples/server.mjs --http [--port N]     Streamable HTTP on http://127.0.0.1:N/mcp
//                                                     (N = 0, the default, takes a free port;
//                                                     the URL is printed on stderr)
//
// Imported, createServer(options) gives one McpServer (one per connection,
// as the SDK wants) and serveHttp(options) the HTTP server.
//
// The tools and resources are showcase.mjs's (the ones the official
// conformance suite calls, and the library's own showcase); server-v2.mjs
// serves the same on the SDK's 2.x line.
//
// Every result is written for the revision the client negotiated by
// mcpresult/sdk (adapt): handlers are the ones a user writes for
// McpServer.registerTool, with zod schemas.

import http from "node:http";
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { createServer as createShowcase, announce, listen, portOf, refuse, refused, runAsMain } from "./showcase.mjs";

export { PNG_BYTES, SECRET, TOOL_NAMES } from "./showcase.mjs";

/**
 * createServer gives a new McpServer (one per connection) serving the tools
 * and resources of showcase.mjs. options.onError(error, toolName) receives
 * the private detail of each failure guard hides from the client (default:
 * it is written to stderr). options.name/version set serverInfo.
 */
export function createServer(options = {}) {
  return createShowcase({ McpServer, ResourceTemplate }, options);
}

/**
 * serveHttp serves createServer over Streamable HTTP at /mcp on 127.0.0.1
 * (loopback only; a request whose Host or Origin names another host is
 * refused, against DNS rebinding). Sessions are stateful: an initialize
 * request opens one (its id in Mcp-Session-Id), DELETE ends one, and a
 * session idle for idleMs (default 5 minutes) is closed, since most clients
 * never send DELETE. Resolves to {url, port, sessions, close()}.
 */
export async function serveHttp({ port = 0, idleMs = 5 * 60 * 1000, onError } = {}) {
  const sessions = new Map(); // id -> {transport, server, lastSeen}
  let allowed = new Set();

  async function handle(req, res) {
    if (refused(req, res, allowed)) return;

    const sid = req.headers["mcp-session-id"];
    if (typeof sid === "string") {
      const s = sessions.get(sid);
      if (s === undefined) return refuse(res, 404, "Session not found");
      s.lastSeen = Date.now();
      return s.transport.handleRequest(req, res);
    }
    // no session: only a POST initialize opens one (the transport answers
    // 400 to any other first request)
    if (req.method !== "POST") return refuse(res, 400, "Bad Request: no valid session ID");
    const server = createServer({ onError });
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => sessions.set(id, { transport, server, lastSeen: Date.now() }),
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res);
  }

  const httpServer = http.createServer((req, res) => {
    handle(req, res).catch((err) => {
      process.stderr.write(`mcpresult example server: request failed: ${err && err.stack ? err.stack : err}\n`);
      refuse(res, 500, "Internal server error");
    });
  });

  const closeSession = async (id, s) => {
    sessions.delete(id);
    await s.transport.close().catch(() => {});
    await s.server.close().catch(() => {});
  };
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [id, s] of sessions) if (now - s.lastSeen > idleMs) void closeSession(id, s);
  }, Math.max(10, Math.min(idleMs, 60 * 1000)));
  sweep.unref();

  const bound = await listen(httpServer, port);
  allowed = bound.allowed;
  return {
    url: bound.url,
    port: bound.port,
    sessions,
    async close() {
      clearInterval(sweep);
      await Promise.all([...sessions].map(([id, s]) => closeSession(id, s)));
      httpServer.closeAllConnections?.();
      await new Promise((resolve) => httpServer.close(() => resolve()));
    },
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      http: { type: "boolean", default: false },
      port: { type: "string", default: "0" },
      "idle-ms": { type: "string", default: String(5 * 60 * 1000) },
    },
  });
  if (!values.http) {
    const server = createServer();
    await server.connect(new StdioServerTransport());
    return;
  }
  const port = portOf(values.port);
  const idleMs = Number(values["idle-ms"]);
  if (!Number.isInteger(idleMs) || idleMs < 1) throw new Error("--idle-ms takes a positive number of milliseconds");
  const served = await serveHttp({ port, idleMs });
  announce(served);
}

runAsMain(import.meta.url, main);
