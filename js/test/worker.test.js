// examples/worker.mjs, the MCP server in a Cloudflare Worker, run in
// workerd (from tools/runtimes, as the runtime tests take it) and driven over loopback: first by the
// official TypeScript SDK's client (Client and StreamableHTTPClientTransport,
// which negotiate 2025-11-25), then by plain fetch for what that client
// never sends: an older revision, 2026-07-28, and malformed requests.
//
// The bundle is laid out by runtimes/workerd-bundle.js, as for
// runtimes.test.js: the example as "worker.mjs" at the bundle's root (so its
// bare import "mcpresult" is the module of that name, which re-exports the
// "workerd" export condition's entry) beside the package's files. workerd
// listens on 127.0.0.1, on a port it picks and reports on fd 3; nothing
// else touches the network. after() ends workerd and removes the
// temporary directory.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { serve, writeWorkerdConfig } from "./runtimes/workerd-bundle.js";

const testDir = dirname(fileURLToPath(import.meta.url));
const pkgDir = join(testDir, "..");
const workerdBin = join(pkgDir, "..", "tools", "runtimes", "node_modules", ".bin", "workerd");

/** How long workerd may take to listen, and a request to be answered. */
const TIMEOUT_MS = 15_000;

// What the example says, written out again here so that a change to it
// shows up as a failure.
const SERVER_INFO = { name: "mcpresult-example-worker", version: "0.2.0" };
const SERVER_INFO_META = { "io.modelcontextprotocol/serverInfo": SERVER_INFO };
const VERSIONS = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"];
const PNG_BASE64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR42mP4n8YAAAPNAWb9kSz2AAAAAElFTkSuQmCC";
const README = "# mcpresult example\n\nThis server runs in a Cloudflare Worker.\n";
const STATS_SCHEMA = {
  type: "object",
  properties: { count: { type: "integer" }, min: { type: "number" }, max: { type: "number" }, mean: { type: "number" } },
  required: ["count", "min", "max", "mean"],
  additionalProperties: false,
};
const RESOURCES = [
  { uri: "example://readme.md", name: "readme.md", description: "A text resource.", mimeType: "text/markdown" },
  { uri: "example://pixel.png", name: "pixel.png", description: "A blob resource: a 1×1 PNG.", mimeType: "image/png" },
];
/** The message boom throws (private): no part of it may reach a client. */
const PRIVATE = "connection to db-7.internal refused (user=admin password=hunter2)";
const PRIVATE_PARTS = ["db-7.internal", "hunter2", "user=admin"];
const EXECUTION_FAILED = '{"content":[{"type":"text","text":"tool execution failed"}],"isError":true}';

const tmp = mkdtempSync(join(tmpdir(), "mcpresult-worker-"));
let workerd = null;
let served = null;
let endpoint = "";
let startMs = 0;

const logs = () => (served === null ? "" : served.logs());
const stderrText = () => (served === null ? "" : served.out.stderr);

before(async () => {
  assert.ok(existsSync(workerdBin), `workerd is missing: no ${workerdBin} (it comes from tools/runtimes/package.json: run make test-js, or npm ci in tools/runtimes)`);
  const dir = join(tmp, "workerd");
  const { path } = writeWorkerdConfig(dir, [{ name: "worker.mjs", from: join(pkgDir, "examples", "worker.mjs") }]);

  const env = { ...process.env, NO_COLOR: "1" };
  delete env.NODE_TEST_CONTEXT;
  delete env.FORCE_COLOR;
  const started = performance.now();
  served = await serve(workerdBin, path, { cwd: dir, env, timeoutMs: TIMEOUT_MS });
  workerd = served.child;
  endpoint = `http://127.0.0.1:${served.port}/mcp`;
  startMs = Math.round(performance.now() - started);
});

after(() => {
  if (workerd !== null && workerd.exitCode === null && workerd.signalCode === null) workerd.kill("SIGKILL");
  rmSync(tmp, { recursive: true, force: true });
});

/** post sends one JSON-RPC message as the given revision (the
 * MCP-Protocol-Version header, when version is given) and gives the status,
 * the body's text and, when it is JSON, the body parsed. */
async function post(message, version, extraHeaders = {}) {
  const headers = { "content-type": "application/json", accept: "application/json, text/event-stream", ...extraHeaders };
  if (version !== undefined) headers["mcp-protocol-version"] = version;
  const body = typeof message === "string" ? message : JSON.stringify({ jsonrpc: "2.0", ...message });
  const res = await fetch(endpoint, { method: "POST", headers, body, signal: AbortSignal.timeout(TIMEOUT_MS) });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** rawResult gives the result's JSON text exactly as it is in a response
 * body (the Worker writes it as mcpresult wrote it). */
function rawResult(body, id) {
  const prefix = `{"jsonrpc":"2.0","id":${id},"result":`;
  assert.ok(body.startsWith(prefix) && body.endsWith("}"), `not a result for id ${id}: ${body}`);
  return body.slice(prefix.length, -1);
}

/** until polls cond (workerd writes its log asynchronously). */
async function until(cond, ms = 3000) {
  const end = Date.now() + ms;
  while (!cond() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return cond();
}

test("the official SDK client: initialize, tools, resources", async (t) => {
  t.diagnostic(`workerd listened after ${startMs} ms at ${endpoint}`);
  // Every response the client got, recorded through the transport's fetch.
  const exchanges = [];
  const recordingFetch = async (url, init) => {
    const res = await fetch(url, init);
    exchanges.push({
      method: init?.method ?? "GET",
      requestHeaders: new Headers(init?.headers),
      requestBody: typeof init?.body === "string" ? init.body : "",
      status: res.status,
      responseHeaders: [...res.headers].map(([k, v]) => `${k}: ${v}`).join("\n"),
      body: await res.clone().text(),
    });
    return res;
  };
  // the last result's JSON text as the client received it
  const lastRaw = () => {
    const e = exchanges.findLast((x) => x.method === "POST");
    return rawResult(e.body, JSON.parse(e.requestBody).id);
  };

  const client = new Client({ name: "worker-test", version: "1.0.0" });
  const clientErrors = [];
  client.onerror = (err) => clientErrors.push(err);
  const transport = new StreamableHTTPClientTransport(new URL(endpoint), { fetch: recordingFetch });
  const started = performance.now();
  await client.connect(transport);
  try {
    // initialize: the SDK asks for 2025-11-25, which mcpresult writes
    assert.equal(transport.protocolVersion, "2025-11-25");
    assert.deepEqual(client.getServerVersion(), SERVER_INFO);
    assert.deepEqual(client.getServerCapabilities(), { tools: {}, resources: {} });
    assert.equal(transport.sessionId, undefined, "a stateless server gives no session");
    // notifications/initialized: 202, no body
    const initialized = exchanges.find((e) => e.requestBody.includes('"notifications/initialized"'));
    assert.ok(initialized, "the client sent no notifications/initialized");
    assert.equal(initialized.status, 202);
    assert.equal(initialized.body, "");

    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((x) => x.name), ["echo", "image", "stats", "lookup", "boom"]);
    for (const tool of tools) {
      assert.equal(tool.inputSchema.type, "object", `${tool.name}: inputSchema`);
      if (tool.name === "stats") assert.deepEqual(tool.outputSchema, STATS_SCHEMA);
      else assert.equal("outputSchema" in tool, false, `${tool.name} has no output schema`);
    }

    const echo = await client.callTool({ name: "echo", arguments: { text: "héllo, 世界" } });
    assert.deepEqual(echo, { content: [{ type: "text", text: "héllo, 世界" }], isError: false });
    assert.equal(lastRaw(), '{"content":[{"type":"text","text":"héllo, 世界"}],"isError":false}');

    const image = await client.callTool({ name: "image", arguments: {} });
    assert.deepEqual(image, { content: [{ type: "image", data: PNG_BASE64, mimeType: "image/png" }], isError: false });
    assert.deepEqual([...Buffer.from(image.content[0].data, "base64").subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

    // structured content, checked by the SDK against the advertised output
    // schema, and its text fallback: the compact JSON
    const stats = await client.callTool({ name: "stats", arguments: { numbers: [1, 2, 3, 4] } });
    assert.deepEqual(stats, {
      content: [{ type: "text", text: '{"count":4,"min":1,"max":4,"mean":2.5}' }],
      structuredContent: { count: 4, min: 1, max: 4, mean: 2.5 },
      isError: false,
    });
    assert.deepEqual(JSON.parse(stats.content[0].text), stats.structuredContent);

    const found = await client.callTool({ name: "lookup", arguments: { key: "wasm" } });
    assert.deepEqual(found, { content: [{ type: "text", text: "WebAssembly" }], isError: false });

    // a ClientError: shown, with its code
    const notFound = await client.callTool({ name: "lookup", arguments: { key: "nope" } });
    assert.deepEqual(notFound, {
      content: [{ type: "text", text: "not found" }],
      isError: true,
      _meta: { "io.github.mcpresult/errorCode": "not_found" },
    });
    assert.equal(notFound._meta["io.github.mcpresult/errorCode"], "not_found");

    // a private Error: the fixed result, byte for byte
    const boom = await client.callTool({ name: "boom", arguments: {} });
    assert.deepEqual(boom, JSON.parse(EXECUTION_FAILED));
    assert.equal(lastRaw(), EXECUTION_FAILED);

    const { resources } = await client.listResources();
    assert.deepEqual(resources, RESOURCES);
    const text = await client.readResource({ uri: "example://readme.md" });
    assert.deepEqual(text, { contents: [{ uri: "example://readme.md", mimeType: "text/markdown", text: README }] });
    const blob = await client.readResource({ uri: "example://pixel.png" });
    assert.deepEqual(blob, { contents: [{ uri: "example://pixel.png", mimeType: "image/png", blob: PNG_BASE64 }] });

    // after initialize, every request said the negotiated revision
    const after = exchanges.filter((e) => !e.requestBody.includes('"initialize"'));
    for (const e of after) assert.equal(e.requestHeaders.get("mcp-protocol-version"), "2025-11-25", `${e.method} ${e.requestBody}`);
    // the client's GET for a server stream (sent after the 202) got 405,
    // which it takes as "no stream"
    assert.ok(await until(() => exchanges.some((e) => e.method === "GET")), "the client opened no GET stream");
    assert.deepEqual(exchanges.filter((e) => e.method === "GET").map((e) => e.status), [405]);
  } finally {
    await client.close();
  }
  t.diagnostic(`SDK client: ${exchanges.length} HTTP exchanges in ${Math.round(performance.now() - started)} ms`);
  assert.deepEqual(clientErrors.map(String), [], "the client reported errors");

  // the private message reached workerd's log (console.error in onError),
  // and nothing the client received
  assert.ok(await until(() => stderrText().includes(PRIVATE)), `the private error is not in workerd's stderr\n${logs()}`);
  assert.match(stderrText(), /tool failed: Error: connection to db-7\.internal refused/);
  for (const e of exchanges) {
    for (const part of PRIVATE_PARTS) {
      assert.ok(!e.body.includes(part) && !e.responseHeaders.includes(part), `"${part}" reached the client: ${e.body}`);
    }
  }
});

test("2025-03-26 (plain fetch): no structuredContent, no output schema", async () => {
  const init = await post({ id: 1, method: "initialize", params: { protocolVersion: "2025-03-26", capabilities: {}, clientInfo: { name: "fetch", version: "1" } } });
  assert.equal(init.status, 200, init.text);
  assert.equal(init.headers.get("content-type"), "application/json");
  assert.deepEqual(init.json, { jsonrpc: "2.0", id: 1, result: { protocolVersion: "2025-03-26", capabilities: { tools: {}, resources: {} }, serverInfo: SERVER_INFO } });

  const note = await post({ method: "notifications/initialized" }, "2025-03-26");
  assert.equal(note.status, 202);
  assert.equal(note.text, "");

  const list = await post({ id: 2, method: "tools/list" }, "2025-03-26");
  const stats = list.json.result.tools.find((x) => x.name === "stats");
  assert.equal("outputSchema" in stats, false, "2025-03-26 has no outputSchema");

  const numbers = { name: "stats", arguments: { numbers: [2, 4, 9] } };
  const fallback = '{"content":[{"type":"text","text":"{\\"count\\":3,\\"min\\":2,\\"max\\":9,\\"mean\\":5}"}],"isError":false}';
  const old = await post({ id: 3, method: "tools/call", params: numbers }, "2025-03-26");
  assert.equal(old.status, 200);
  assert.equal(old.text, `{"jsonrpc":"2.0","id":3,"result":${fallback}}`);

  // no header: a client that predates it, so 2025-03-26 as well
  const none = await post({ id: 4, method: "tools/call", params: numbers });
  assert.equal(rawResult(none.text, 4), fallback);

  // 2025-06-18, for contrast: structuredContent and the output schema
  const newer = await post({ id: 5, method: "tools/call", params: numbers }, "2025-06-18");
  assert.equal(rawResult(newer.text, 5), '{"content":[{"type":"text","text":"{\\"count\\":3,\\"min\\":2,\\"max\\":9,\\"mean\\":5}"}],"structuredContent":{"count":3,"min":2,"max":9,"mean":5},"isError":false}');
  const newerList = await post({ id: 6, method: "tools/list" }, "2025-06-18");
  assert.deepEqual(newerList.json.result.tools.find((x) => x.name === "stats").outputSchema, STATS_SCHEMA);
});

test("2026-07-28 (plain fetch): finalized results, server/discover, _meta", async () => {
  const V = "2026-07-28";
  const meta = { "io.modelcontextprotocol/protocolVersion": V, "io.modelcontextprotocol/clientCapabilities": {} };

  const call = await post({ id: 1, method: "tools/call", params: { _meta: meta, name: "stats", arguments: { numbers: [1, 2] } } }, V);
  assert.equal(call.status, 200, call.text);
  assert.equal(
    rawResult(call.text, 1),
    '{"resultType":"complete","content":[{"type":"text","text":"{\\"count\\":2,\\"min\\":1,\\"max\\":2,\\"mean\\":1.5}"}],"structuredContent":{"count":2,"min":1,"max":2,"mean":1.5},"isError":false,"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"mcpresult-example-worker","version":"0.2.0"}}}',
  );

  const boom = await post({ id: 2, method: "tools/call", params: { _meta: meta, name: "boom" } }, V);
  assert.deepEqual(boom.json.result, { resultType: "complete", ...JSON.parse(EXECUTION_FAILED), _meta: SERVER_INFO_META });

  const read = await post({ id: 3, method: "resources/read", params: { _meta: meta, uri: "example://pixel.png" } }, V);
  assert.deepEqual(read.json.result, {
    resultType: "complete",
    contents: [{ uri: "example://pixel.png", mimeType: "image/png", blob: PNG_BASE64 }],
    ttlMs: 0,
    cacheScope: "private",
    _meta: SERVER_INFO_META,
  });

  const list = await post({ id: 4, method: "tools/list", params: { _meta: meta } }, V);
  const { tools, ...rest } = list.json.result;
  assert.deepEqual(rest, { resultType: "complete", ttlMs: 0, cacheScope: "public", _meta: SERVER_INFO_META });
  assert.deepEqual(tools.find((x) => x.name === "stats").outputSchema, STATS_SCHEMA);

  const discover = await post({ id: 5, method: "server/discover", params: { _meta: meta } }, V);
  assert.deepEqual(discover.json.result, {
    resultType: "complete",
    supportedVersions: VERSIONS,
    capabilities: { tools: {}, resources: {} },
    ttlMs: 0,
    cacheScope: "public",
    _meta: SERVER_INFO_META,
  });

  // the header and _meta must agree
  const noMeta = await post({ id: 6, method: "tools/list" }, V);
  assert.equal(noMeta.status, 400);
  assert.equal(noMeta.json.error.code, -32020);
  const mismatch = await post({ id: 7, method: "tools/list", params: { _meta: meta } }, "2025-11-25");
  assert.equal(mismatch.status, 400);
  assert.equal(mismatch.json.error.code, -32020);

  // an unknown resource: invalid params from 2026-07-28 (-32002 before)
  const missing = await post({ id: 9, method: "resources/read", params: { _meta: meta, uri: "example://nope" } }, V);
  assert.equal(missing.status, 200);
  assert.equal(missing.json.error.code, -32602);

  // 2026-07-28 has no initialize: one asking for it settles on 2025-11-25
  const init = await post({ id: 8, method: "initialize", params: { protocolVersion: V, capabilities: {}, clientInfo: { name: "fetch", version: "1" } } });
  assert.equal(init.json.result.protocolVersion, "2025-11-25");
});

test("the transport's and JSON-RPC's errors", async () => {
  const get = await fetch(endpoint, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  assert.equal(get.status, 405);
  assert.equal(get.headers.get("allow"), "POST");
  await get.body?.cancel();

  const unsupported = await post({ id: 1, method: "tools/list" }, "2099-01-01");
  assert.equal(unsupported.status, 400);
  assert.deepEqual(unsupported.json, {
    jsonrpc: "2.0",
    id: 1,
    error: { code: -32022, message: "Unsupported protocol version", data: { requested: "2099-01-01", supported: VERSIONS } },
  });

  const unknownVersion = await post({ id: 2, method: "initialize", params: { protocolVersion: "1999-01-01", capabilities: {}, clientInfo: { name: "fetch", version: "1" } } });
  assert.equal(unknownVersion.json.result.protocolVersion, "2025-11-25");

  const rpcError = async (message, status, code) => {
    const r = await post(message, "2025-11-25");
    assert.equal(r.status, status, r.text);
    assert.equal(r.json?.error?.code, code, r.text);
  };
  await rpcError({ id: 3, method: "prompts/list" }, 200, -32601);
  await rpcError({ id: 4, method: "tools/call", params: { name: "nope" } }, 200, -32602);
  await rpcError({ id: 5, method: "resources/read", params: { uri: "example://nope" } }, 200, -32002);
  await rpcError([{ jsonrpc: "2.0", id: 6, method: "ping" }], 400, -32600);
  await rpcError("{not json", 400, -32700);
  await rpcError({ id: null, method: "ping" }, 400, -32600);

  // a ClientError from bad arguments is a tool result, not a JSON-RPC error
  const bad = await post({ id: 7, method: "tools/call", params: { name: "stats", arguments: { numbers: [] } } }, "2025-11-25");
  assert.equal(
    rawResult(bad.text, 7),
    '{"content":[{"type":"text","text":"numbers must be a non-empty array of numbers"}],"isError":true,"_meta":{"io.github.mcpresult/errorCode":"invalid_arguments"}}',
  );

  const ping = await post({ id: 8, method: "ping" }, "2025-11-25");
  assert.equal(ping.text, '{"jsonrpc":"2.0","id":8,"result":{}}');

  const textPlain = await post({ id: 9, method: "ping" }, "2025-11-25", { "content-type": "text/plain" });
  assert.equal(textPlain.status, 415);

  const other = await fetch(endpoint.replace(/\/mcp$/, "/"), { signal: AbortSignal.timeout(TIMEOUT_MS) });
  assert.equal(other.status, 404);
  await other.body?.cancel();
});
