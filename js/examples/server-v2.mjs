#!/usr/bin/env node
// The example server of server.mjs on the official TypeScript SDK's 2.x
// line (@modelcontextprotocol/server): the same tools and resources
// (showcase.mjs), every result written by mcpresult for the revision of the
// request it answers, 2026-07-28 (server/discover, the per-request _meta
// envelope) as well as the 2025 revisions.
//
//   node js/examples/server-v2.mjs                       stdio, served by serveStdio
//   node js/examples/server-v2.mjs --http [--port N]     HTTP on http://127.0.0.1:N/mcp, served by
//                                                        createMcpHandler (N = 0, the default, takes
//                                                        a free port; the URL is printed on stderr)
//
// Over HTTP each request is served on its own by a server of the factory
// (the SDK's per-request entry): a 2026-07-28 request by its envelope, a
// 2025 one statelessly (no session; GET and DELETE are refused with 405).
//
// Imported, createServer(options) gives one adapted McpServer (the factory
// both entries call) and serveHttp(options) the HTTP server.

import http from "node:http";
import { parseArgs } from "node:util";
import { McpServer, ResourceTemplate, createMcpHandler } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { toNodeHandler } from "@modelcontextprotocol/node";
import { createServer as createShowcase, announce, listen, portOf, refused, runAsMain } from "./showcase.mjs";

/**
 * createServer gives a new adapted McpServer serving the tools and
 * resources of showcase.mjs: the factory both entries call.
 * options.onError(error, name) receives the private detail of each failure
 * hidden from the client (default: it is written to stderr);
 * options.name/version set the server's identity.
 */
export function createServer(options = {}) {
  return createShowcase({ McpServer, ResourceTemplate }, options);
}

/**
 * serveHttp serves createServer at /mcp on 127.0.0.1 through the SDK's
 * per-request HTTP entry (loopback only; a request whose Host or Origin
 * names another host is refused, against DNS rebinding). Resolves to
 * {url, port, close()}.
 */
export async function serveHttp({ port = 0, onError } = {}) {
  let allowed = new Set();
  const handle = toNodeHandler(createMcpHandler(() => createServer({ onError })));
  const httpServer = http.createServer((req, res) => {
    if (!refused(req, res, allowed)) handle(req, res);
  });
  const bound = await listen(httpServer, port);
  allowed = bound.allowed;
  return {
    url: bound.url,
    port: bound.port,
    async close() {
      httpServer.closeAllConnections?.();
      await new Promise((resolve) => httpServer.close(() => resolve()));
    },
  };
}

async function main() {
  const { values } = parseArgs({ options: { http: { type: "boolean", default: false }, port: { type: "string", default: "0" } } });
  if (!values.http) {
    serveStdio(() => createServer());
    return;
  }
  const served = await serveHttp({ port: portOf(values.port) });
  announce(served);
}

runAsMain(import.meta.url, main);
