// The adapter vectors (testdata/vectors/adapter*.json, described in
// docs/vectors.md) through mcpresult/sdk: the Go sdk tests run the same
// files (sdk/vectors_test.go), and both adapters must give what they say.
// For each vector and each revision, an McpServer of the official SDK,
// adapted, gets the vector's one tool ("vector") or resource
// (file:///vector.txt), whose handler does what the vector's input says,
// and the tools/call or resources/read response the client's transport
// receives must be the vector's answer: the result as a JSON value (see
// diff), or the JSON-RPC error. It runs on each line of the SDK:
//
//   - 1.x: the SDK's own Client connects over InMemoryTransport asking for
//     the revision in initialize;
//   - 2.x served by serveStdio over an InMemoryTransport (the era chosen
//     per connection, as on stdio): a raw client sends initialize at a
//     2025 revision, and at 2026-07-28 the request alone with its
//     per-request _meta envelope;
//   - 2.x connected directly (McpServer.connect), the 2025 revisions;
//   - 2.x behind the per-request HTTP entry (createMcpHandler), each
//     request a POST of its own, as over Streamable HTTP without sessions:
//     at 2026-07-28 with its envelope, at a 2025 revision through the
//     SDK's stateless legacy fallback, which sees no initialize, so the
//     revision is the request's MCP-Protocol-Version header (2025-03-26 on
//     up: a 2024-11-05 client sends none, and is answered at 2025-03-26,
//     the revision the SDK assumes then).
//
// The 2.x lines run on the newest 2.x the package is tested with and on
// the oldest it supports (2.0.0).
//
// A vector's answer is looked up by the revision the client was answered
// at: asked for 2026-07-28, 1.x answers initialize with its latest
// (2025-11-25), and the client gets that revision's answer.
//
// The protocol-owned fields the 2.x SDK adds to a 2026-07-28 result
// (resultType, the serverInfo _meta, a resource's ttlMs and cacheScope)
// are the SDK's, not the adapter's: they are taken out of what is
// compared, and checked to be the SDK's own (protocolOwned). onError gets the private
// detail exactly when the vector says so, and the withheld text reaches
// the client at no revision.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import * as newest2 from "@modelcontextprotocol/server";
import * as oldest2 from "@modelcontextprotocol/server-oldest";
import { serveStdio as serveStdioNewest } from "@modelcontextprotocol/server/stdio";
import { serveStdio as serveStdioOldest } from "@modelcontextprotocol/server-oldest/stdio";
import { z } from "zod";
import { load, ClientError } from "mcpresult";
import { adapt } from "mcpresult/sdk";
import { PROTOCOL_VERSIONS } from "../src/facts.js";
import { asking } from "./asking.js";

const mcp = await load();
const dir = fileURLToPath(new URL("../../testdata/vectors/", import.meta.url));
const files = readdirSync(dir)
  .filter((f) => f.startsWith("adapter") && f.endsWith(".json"))
  .sort();
const URI = "file:///vector.txt";

/** handler is what the vector's input says the handler does. */
function handler(input) {
  return () => {
    if (input.build !== undefined) {
      const { kind, input: value } = input.build;
      return kind === "resource" ? mcp.resource(value) : mcp.tool(value);
    }
    if (input.clientError !== undefined) throw new ClientError(input.clientError.message, input.clientError.code);
    if (input.error !== undefined) throw new Error(input.error);
    // a panic: what JS throws that is no Error
    if (input.panic !== undefined) throw input.panic;
    if (input.none === true) return undefined;
    throw new Error("the vector's input does nothing: " + JSON.stringify(input));
  };
}

/** vectorServer is an adapted McpServer (of the class given) with the
 * vector's tool or resource, whose private errors go to errors. */
function vectorServer(Server, vec, errors) {
  const server = adapt(new Server({ name: "vectors", version: "1.0.0" }), mcp, { onError: (err) => errors.push(err) });
  if (vec.kind === "tool") {
    const schema = vec.options?.outputSchema;
    server.registerTool("vector", schema === undefined ? {} : { outputSchema: z.fromJSONSchema(schema) }, handler(vec.input));
  } else {
    server.registerResource("vector", URI, {}, handler(vec.input));
  }
  return server;
}

const request = (vec) => (vec.kind === "tool" ? { method: "tools/call", params: { name: "vector", arguments: {} } } : { method: "resources/read", params: { uri: URI } });

/** envelope is the per-request _meta of a 2026-07-28 request. */
const envelope = (revision) => ({
  "io.modelcontextprotocol/protocolVersion": revision,
  "io.modelcontextprotocol/clientInfo": { name: "vectors", version: "1.0.0" },
  "io.modelcontextprotocol/clientCapabilities": {},
});

/** rawAnswer sends the vector's request at the revision on a client
 * transport of a 2.x linked pair (initialize first at a 2025 revision; at
 * 2026-07-28 the request alone, with its envelope), and gives its
 * response. */
async function rawAnswer(clientEnd, vec, revision) {
  const responses = new Map();
  const waiting = new Map();
  clientEnd.onmessage = (message) => {
    if (message?.id === undefined || "method" in message) return;
    const w = waiting.get(message.id);
    if (w !== undefined) w(message);
    else responses.set(message.id, message);
  };
  await clientEnd.start?.();
  const ask = (id, body) =>
    new Promise((resolve) => {
      waiting.set(id, resolve);
      clientEnd.send({ jsonrpc: "2.0", id, ...body });
    });
  const req = request(vec);
  if (revision >= "2026-07-28") {
    return ask("vector-" + revision, { method: req.method, params: { ...req.params, _meta: envelope(revision) } });
  }
  const init = await ask("init", { method: "initialize", params: { protocolVersion: revision, capabilities: {}, clientInfo: { name: "vectors", version: "1.0.0" } } });
  assert.equal(init.result?.protocolVersion, revision, JSON.stringify(init));
  await clientEnd.send({ jsonrpc: "2.0", method: "notifications/initialized" });
  return ask("vector-" + revision, req);
}

/** httpAnswer posts the vector's request at the revision to the
 * per-request HTTP entry handler (its fetch) and gives its response, a
 * JSON body or one event of an event stream. */
async function httpAnswer(handler, vec, revision) {
  const req = request(vec);
  let params = req.params;
  if (revision >= "2026-07-28") params = { ...params, _meta: envelope(revision) };
  const res = await handler.fetch(
    new Request("http://localhost/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": revision, ...(revision >= "2026-07-28" ? { "mcp-method": req.method, "mcp-name": req.params.name ?? req.params.uri } : {}) },
      body: JSON.stringify({ jsonrpc: "2.0", id: "vector-" + revision, method: req.method, params }),
    }),
  );
  const text = await res.text();
  assert.equal(res.status, 200, text);
  if (!(res.headers.get("content-type") ?? "").startsWith("text/event-stream")) return JSON.parse(text);
  const data = text.split("\n").filter((l) => l.startsWith("data:")).map((l) => JSON.parse(l.slice(5)));
  const response = data.find((m) => m.id === "vector-" + revision);
  assert.ok(response !== undefined, text);
  return response;
}

/** The lines and ways of serving a vector: serve(vec, revision) gives
 * {response, errors, answered}; revisions are those it serves. */
const LINES = [
  { name: "1.x", revisions: PROTOCOL_VERSIONS, serve: answer },
  ...linesOf("2.x", newest2, serveStdioNewest),
  ...linesOf("2.x 2.0.0", oldest2, serveStdioOldest),
];

/** linesOf gives the ways of serving of a 2.x version (its package's
 * exports, and its serveStdio). */
function linesOf(name, sdk, serveStdio) {
  return [
    {
      name: name + " serveStdio",
      revisions: PROTOCOL_VERSIONS,
      async serve(vec, revision) {
        const errors = [];
        const [clientEnd, serverEnd] = sdk.InMemoryTransport.createLinkedPair();
        const handle = serveStdio(() => vectorServer(sdk.McpServer, vec, errors), { transport: serverEnd });
        try {
          return { response: await rawAnswer(clientEnd, vec, revision), errors, answered: revision };
        } finally {
          await handle.close();
        }
      },
    },
    {
      name: name + " connected",
      revisions: PROTOCOL_VERSIONS.filter((r) => r < "2026-07-28"),
      async serve(vec, revision) {
        const errors = [];
        const server = vectorServer(sdk.McpServer, vec, errors);
        const [clientEnd, serverEnd] = sdk.InMemoryTransport.createLinkedPair();
        await server.connect(serverEnd);
        try {
          return { response: await rawAnswer(clientEnd, vec, revision), errors, answered: revision };
        } finally {
          await server.close();
        }
      },
    },
    {
      name: name + " per-request HTTP",
      revisions: PROTOCOL_VERSIONS.filter((r) => r >= "2025-03-26"),
      async serve(vec, revision) {
        const errors = [];
        const handler = sdk.createMcpHandler(() => vectorServer(sdk.McpServer, vec, errors));
        try {
          return { response: await httpAnswer(handler, vec, revision), errors, answered: revision };
        } finally {
          await handler.close?.();
        }
      },
    },
  ];
}

/** answer connects a 1.x client of the revision to a 1.x server with the
 * vector's tool or resource, and gives the response its transport
 * received to the call or read, and what onError got. */
async function answer(vec, revision) {
  const errors = [];
  const server = vectorServer(McpServer, vec, errors);
  const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
  await server.connect(serverEnd);
  // the revision the server answers initialize with (1.x answers a
  // revision it does not speak with its latest)
  let answered;
  const sendInit = serverEnd.send.bind(serverEnd);
  serverEnd.send = (message, options) => {
    if (typeof message?.result?.protocolVersion === "string" && answered === undefined) answered = message.result.protocolVersion;
    return sendInit(message, options);
  };
  const client = new Client({ name: "vectors", version: "1.0.0" });
  await client.connect(asking(clientEnd, revision));
  try {
    // the request goes out on the client's transport, and its response is
    // taken there, as the client receives it, before the Client's own
    // parsing (which knows no request of this id)
    const id = "vector-" + revision;
    const response = new Promise((resolve) => {
      const onmessage = clientEnd.onmessage;
      clientEnd.onmessage = (message, extra) => {
        if (message?.id === id) resolve(message);
        else onmessage?.(message, extra);
      };
    });
    await clientEnd.send({ jsonrpc: "2.0", id, ...request(vec) });
    return { response: await response, errors, answered };
  } finally {
    await client.close();
  }
}

/** sorted is JSON text of a value with the members of every object in the
 * order of their keys. */
function sorted(value) {
  return JSON.stringify(value, (_, v) =>
    v !== null && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]])) : v,
  );
}

/** diff says how a response differs from the vector's answer ("" for not
 * at all). A result is compared as a JSON value, its members' order aside:
 * McpServer parses every tool result with the SDK's zod schema and sends
 * what that gives, whose members are in the schema's order (the Go runner
 * compares the bytes, which the Go adapter hands its SDK as mcpresult
 * wrote them). */
function diff(want, response) {
  if (want.json !== undefined) {
    if (response.error !== undefined) return `want ${want.json}\ngot JSON-RPC error ${JSON.stringify(response.error)}`;
    return sorted(response.result) === sorted(JSON.parse(want.json)) ? "" : `want ${want.json}\ngot  ${JSON.stringify(response.result)}`;
  }
  if (want.error === undefined) return "the vector's answer has neither json nor error";
  if (response.error === undefined) return `want JSON-RPC error ${JSON.stringify(want.error)}\ngot ${JSON.stringify(response.result)}`;
  const { code, message, data } = response.error;
  const got = JSON.stringify({ code, message, data });
  const expected = JSON.stringify({ code: want.error.code, message: want.error.message, data: want.error.data });
  return got === expected ? "" : `want JSON-RPC error ${expected}\ngot  JSON-RPC error ${got}`;
}

test("the adapter vector files are found, each vector with an answer for every revision", () => {
  assert.ok(files.length > 0, "testdata/vectors/adapter*.json");
  const names = new Set();
  for (const f of files) {
    for (const v of JSON.parse(readFileSync(dir + f, "utf8"))) {
      assert.ok(!names.has(v.name), `vector name ${v.name} is used twice`);
      names.add(v.name);
      assert.equal(v.op, "adapter", v.name);
      assert.deepEqual(v.runtimes, ["sdk", "python"], v.name);
      assert.deepEqual(Object.keys(v.expect.revisions).sort(), [...PROTOCOL_VERSIONS], v.name);
    }
  }
});

/** protocolOwned takes out of a 2.x response at 2026-07-28 the fields its
 * SDK adds to every result of the era, after checking that they are the
 * SDK's (the serverInfo of the vectors' server), and gives the rest. */
function protocolOwned(response, revision, kind) {
  if (revision < "2026-07-28" || response.result === undefined) return response;
  const { resultType, ttlMs, cacheScope, ...result } = response.result;
  assert.equal(resultType, "complete", JSON.stringify(response.result));
  if (kind === "resource") {
    assert.equal(ttlMs, 0);
    assert.equal(cacheScope, "private");
  } else {
    assert.equal(ttlMs, undefined);
    assert.equal(cacheScope, undefined);
  }
  const { "io.modelcontextprotocol/serverInfo": info, ...meta } = result._meta ?? {};
  assert.deepEqual(info, { name: "vectors", version: "1.0.0" });
  if (Object.keys(meta).length > 0) result._meta = meta;
  else delete result._meta;
  return { ...response, result };
}

for (const f of files) {
  for (const line of LINES) test(`${f} (${line.name})`, async (t) => {
    for (const vec of JSON.parse(readFileSync(dir + f, "utf8"))) {
      for (const revision of line.revisions) {
        await t.test(`${vec.name}/${revision}`, async () => {
          const served = await line.serve(vec, revision);
          const errors = served.errors;
          const response = line.name === "1.x" ? served.response : protocolOwned(served.response, revision, vec.kind);
          // the answer is the vector's for the revision the client was
          // answered at
          assert.ok(served.answered in vec.expect.revisions, `answered at ${served.answered}`);
          const d = diff(vec.expect.revisions[served.answered], response);
          assert.equal(d, "", `${vec.name} (${revision})\n${d}`);
          const withheld = vec.expect.withheld;
          if (withheld !== undefined) assert.ok(!JSON.stringify(response).includes(withheld), `the withheld text reached the client: ${JSON.stringify(response)}`);
          assert.equal(errors.length > 0, vec.expect.private, `onError got ${errors.map(String).join("; ") || "nothing"}`);
          if (withheld !== undefined && vec.expect.private && vec.input.build === undefined) {
            assert.ok(
              errors.some((e) => String(e instanceof Error ? e.message : e).includes(withheld)),
              "onError got no error with the withheld text",
            );
          }
        });
      }
    }
  });
}
