// js/examples/server.mjs as a client no one here wrote sees it: the official
// SDK's Client (1.32.2) over stdio (spawning the example), over Streamable
// HTTP (the example on a free port) and in process (InMemoryTransport, to see
// onError). Each transport lists and calls every tool and reads every
// resource; every result is checked exactly, both as the Client returns it
// (after its own schema checks) and as it travelled (the raw JSON-RPC
// messages, recorded by an onmessage placed on the transport before connect,
// which the SDK's Protocol calls first). The SDK Client asks for its latest
// revision, 2025-11-25, which the SDK server grants, so the expectations are
// the 2025-11-25 results; js/test/revisions.test.js covers the others.

import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import http from "node:http";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpResultError } from "mcpresult";
import { createServer } from "../examples/server.mjs";

const SERVER = fileURLToPath(new URL("../examples/server.mjs", import.meta.url));

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
const WAV = "UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA=";
const ERROR_CODE = "io.github.mcpresult/errorCode";
const SECRET = "secret-detail";

const text = (t) => ({ type: "text", text: t });
const failure = (t) => ({ content: [text(t)], isError: true });
const clientError = (t, code) => ({ content: [text(t)], isError: true, _meta: { [ERROR_CODE]: code } });
const ok = (...content) => ({ content, isError: false });
const structured = (value, wire) => ({ content: [text(JSON.stringify(value))], structuredContent: wire, isError: false });

const WEATHER_PARIS = { city: "Paris", temperatureC: 18.5, conditions: "partly cloudy", humidity: 64 };
const STATS = [
  { name: "/search", count: 1520 },
  { name: "/items", count: 311 },
  { name: "/login", count: 87 },
];

/** Every call the clients make, with the exact result a 2025-11-25 client
 * gets. */
const CALLS = [
  ["test_simple_text", {}, ok(text("This is a simple text response for testing."))],
  ["test_image_content", {}, ok({ type: "image", data: PNG, mimeType: "image/png" })],
  ["test_audio_content", {}, ok({ type: "audio", data: WAV, mimeType: "audio/wav" })],
  [
    "test_embedded_resource",
    {},
    ok({ type: "resource", resource: { uri: "test://embedded-resource", mimeType: "text/plain", text: "This is an embedded resource content." } }),
  ],
  [
    "test_multiple_content_types",
    {},
    ok(
      text("Multiple content types test:"),
      { type: "image", data: PNG, mimeType: "image/png" },
      { type: "resource", resource: { uri: "test://mixed-content-resource", mimeType: "application/json", text: '{"test":"data","value":123}' } },
    ),
  ],
  ["test_error_handling", {}, clientError("This tool intentionally returns an error for testing", "intentional_error")],
  [
    "resource_link",
    {},
    ok(text("The quarterly report:"), {
      type: "resource_link",
      uri: "test://reports/2026-q3.pdf",
      name: "2026-q3.pdf",
      title: "Quarterly report, 2026 Q3",
      mimeType: "application/pdf",
      size: 48213,
    }),
  ],
  ["weather", {}, structured(WEATHER_PARIS, WEATHER_PARIS)],
  [
    "weather",
    { city: "Lima" },
    structured({ city: "Lima", temperatureC: 16, conditions: "overcast", humidity: 83 }, { city: "Lima", temperatureC: 16, conditions: "overcast", humidity: 83 }),
  ],
  ["weather", { city: "Atlantis" }, clientError("no weather for that city", "not_found")],
  // an array: wrapped as {"result": [...]} for a 2025-11-25 client
  ["stats_list", {}, structured(STATS, { result: STATS })],
  ["lookup", { city: "Tokyo" }, ok(text("Tokyo (JP): population 14187176"))],
  ["lookup", { city: "Atlantis" }, clientError("no such city", "not_found")],
  ["lookup", {}, clientError("no such city", "not_found")],
  ["crash", {}, failure("tool execution failed")],
  ["oversized", {}, failure("tool output was invalid")],
];

const TOOL_NAMES = [
  "test_simple_text",
  "test_image_content",
  "test_audio_content",
  "test_embedded_resource",
  "test_multiple_content_types",
  "test_error_handling",
  "resource_link",
  "weather",
  "stats_list",
  "lookup",
  "crash",
  "oversized",
];

// As the SDK converts the zod schemas (draft-07, integers bounded to the
// safe range), the array's wrapped in an object schema.
const OUTPUT_SCHEMAS = {
  weather: {
    type: "object",
    properties: {
      city: { type: "string" },
      temperatureC: { type: "number" },
      conditions: { type: "string" },
      humidity: { type: "integer", minimum: 0, maximum: 100 },
    },
    required: ["city", "temperatureC", "conditions", "humidity"],
    $schema: "http://json-schema.org/draft-07/schema#",
    additionalProperties: false,
  },
  stats_list: {
    type: "object",
    properties: {
      result: {
        type: "array",
        items: {
          type: "object",
          properties: { name: { type: "string" }, count: { type: "integer", minimum: -9007199254740991, maximum: 9007199254740991 } },
          required: ["name", "count"],
          additionalProperties: false,
        },
      },
    },
    required: ["result"],
    $schema: "http://json-schema.org/draft-07/schema#",
  },
};

const READS = [
  ["test://static-text", { contents: [{ uri: "test://static-text", mimeType: "text/plain", text: "This is the content of the static text resource." }] }],
  ["test://static-binary", { contents: [{ uri: "test://static-binary", mimeType: "image/png", blob: PNG }] }],
  [
    "test://template/123/data",
    { contents: [{ uri: "test://template/123/data", mimeType: "application/json", text: '{"id":"123","templateTest":true,"data":"Data for ID: 123"}' }] },
  ],
  [
    "test://template/abc-9/data",
    { contents: [{ uri: "test://template/abc-9/data", mimeType: "application/json", text: '{"id":"abc-9","templateTest":true,"data":"Data for ID: abc-9"}' }] },
  ],
];

/** record places a recorder of every message the client receives on a
 * transport, before the Client connects it. */
function record(transport) {
  const raw = [];
  transport.onmessage = (message) => raw.push(message);
  return raw;
}

/** exercise runs the whole client side over a connected client and the
 * messages it received; it returns the count of calls made. */
async function exercise(client, raw) {
  assert.equal(client.getServerVersion().name, "mcpresult-example");
  const init = raw.find((m) => m.result && m.result.protocolVersion !== undefined);
  assert.equal(init.result.protocolVersion, "2025-11-25", "the SDK Client asks for 2025-11-25 and the server grants it");

  const { tools } = await client.listTools();
  assert.deepEqual(
    tools.map((t) => t.name),
    TOOL_NAMES,
  );
  for (const t of tools) {
    assert.ok(typeof t.description === "string" && t.description.length > 0, `${t.name} has a description`);
    assert.equal(t.inputSchema.type, "object");
    assert.deepEqual(t.inputSchema.required, undefined, `${t.name} requires no argument`);
    assert.deepEqual(t.outputSchema, OUTPUT_SCHEMAS[t.name], `${t.name}'s output schema`);
  }

  for (const [name, args, want] of CALLS) {
    const before = raw.length;
    const got = await client.callTool({ name, arguments: args });
    assert.deepEqual(got, want, `${name} ${JSON.stringify(args)} as the Client returns it`);
    const wire = raw.slice(before).filter((m) => m.id !== undefined);
    assert.equal(wire.length, 1);
    assert.deepEqual(wire[0].result, want, `${name} ${JSON.stringify(args)} as it travelled`);
    if (want.structuredContent !== undefined) {
      assert.equal(got.content[0].text, JSON.stringify(name === "stats_list" ? STATS : got.structuredContent), "the text fallback is the compact JSON");
    }
  }
  // the image went in as bytes and came out as the base64 of those bytes
  assert.deepEqual(Buffer.from(raw.find((m) => m.result?.content?.[0]?.type === "image").result.content[0].data, "base64").subarray(1, 4).toString(), "PNG");

  // an unknown tool, arguments of the wrong type: McpServer answers them
  // itself, as error results that name the problem
  for (const [name, args, text] of [
    ["no_such_tool", {}, /Tool no_such_tool not found/],
    ["weather", { city: 5 }, /Invalid arguments for tool weather/],
  ]) {
    const got = await client.callTool({ name, arguments: args });
    assert.equal(got.isError, true);
    assert.match(got.content[0].text, text);
    assert.ok(!("structuredContent" in got));
  }

  const { resources } = await client.listResources();
  assert.deepEqual(
    resources.map((r) => [r.uri, r.mimeType]),
    [
      ["test://static-text", "text/plain"],
      ["test://static-binary", "image/png"],
    ],
  );
  const { resourceTemplates } = await client.listResourceTemplates();
  assert.deepEqual(
    resourceTemplates.map((r) => [r.uriTemplate, r.mimeType]),
    [["test://template/{id}/data", "application/json"]],
  );
  for (const [uri, want] of READS) {
    const before = raw.length;
    assert.deepEqual(await client.readResource({ uri }), want, `${uri} as the Client returns it`);
    assert.deepEqual(raw.slice(before).find((m) => m.id !== undefined).result, want, `${uri} as it travelled`);
  }

  // nothing private reached the client, in any message
  assert.ok(raw.length >= CALLS.length + READS.length + 5);
  assert.ok(!JSON.stringify(raw).includes(SECRET), "no message the client received holds the private detail");
  assert.ok(!JSON.stringify(raw).includes("hunter2"));
}

test("the SDK Client over stdio: every tool and resource, exactly; the private detail only on the server's stderr", async () => {
  const transport = new StdioClientTransport({ command: process.execPath, args: [SERVER], stderr: "pipe" });
  let stderr = "";
  transport.stderr.on("data", (d) => (stderr += d));
  const raw = record(transport);
  const client = new Client({ name: "server-test-stdio", version: "1.0.0" });
  await client.connect(transport);
  try {
    await exercise(client, raw);
  } finally {
    await client.close();
  }
  assert.match(stderr, /tool crash failed privately: Error: secret-detail-db=postgres:\/\/admin:hunter2/);
  assert.match(stderr, /tool oversized failed privately: McpResultError: mcpresult: max_bytes at "": the result is more than maxJsonBytes \(1024\)/);
});

/** startHttp spawns the example over HTTP on a free port; resolves to
 * {url, stop, stderr()}. */
async function startHttp(extraArgs = []) {
  const child = spawn(process.execPath, [SERVER, "--http", "--port", "0", ...extraArgs], { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  let stdout = "";
  child.stdout.on("data", (d) => (stdout += d));
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no URL within 10 s: " + stderr)), 10000);
    child.stderr.on("data", (d) => {
      stderr += d;
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)\n/.exec(stderr);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.on("exit", (code) => reject(new Error(`the server exited (${code}): ${stderr}`)));
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve(child.exitCode);
      child.once("exit", (code, signal) => resolve(code ?? signal));
      child.kill("SIGTERM");
    });
  return { url, stop, stderr: () => stderr, stdout: () => stdout };
}

test("the SDK Client over Streamable HTTP: every tool and resource, exactly; the private detail only on the server's stderr", async () => {
  const server = await startHttp();
  try {
    const transport = new StreamableHTTPClientTransport(new URL(server.url));
    const raw = record(transport);
    const client = new Client({ name: "server-test-http", version: "1.0.0" });
    await client.connect(transport);
    assert.match(transport.sessionId, /^[0-9a-f-]{36}$/, "a stateful session");
    try {
      await exercise(client, raw);
      await transport.terminateSession(); // DELETE
    } finally {
      await client.close();
    }
  } finally {
    assert.equal(await server.stop(), 0, "SIGTERM stops the server cleanly");
  }
  assert.equal(server.stdout(), "", "nothing on stdout");
  assert.match(server.stderr(), /tool crash failed privately: Error: secret-detail-db=/);
});

/** post sends one JSON-RPC message over HTTP with node:http (which lets a
 * test set the Host header), and resolves to {status, headers, body}. */
function post(url, message, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      },
      (res) => {
        let body = "";
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify(message));
  });
}

const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
};
const LIST = { jsonrpc: "2.0", id: 2, method: "tools/list", params: {} };

test("HTTP sessions: an idle session is closed, DELETE ends one, and only a loopback Host or Origin is served", async () => {
  const server = await startHttp(["--idle-ms", "150"]);
  try {
    const session = async () => {
      const r = await post(server.url, INITIALIZE);
      assert.equal(r.status, 200);
      assert.match(r.body, /"protocolVersion":"2025-06-18"/);
      return r.headers["mcp-session-id"];
    };
    const use = (sid) => post(server.url, LIST, { "mcp-session-id": sid, "mcp-protocol-version": "2025-06-18" });

    const idle = await session();
    assert.equal((await use(idle)).status, 200);
    await new Promise((r) => setTimeout(r, 600));
    assert.equal((await use(idle)).status, 404, "a session idle past --idle-ms is gone");

    const ended = await session();
    const del = await new Promise((resolve, reject) => {
      const req = http.request(server.url, { method: "DELETE", headers: { "mcp-session-id": ended, "mcp-protocol-version": "2025-06-18" } }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode));
      });
      req.on("error", reject);
      req.end();
    });
    assert.equal(del, 200);
    assert.equal((await use(ended)).status, 404, "DELETE ends the session");

    const port = new URL(server.url).port;
    assert.equal((await post(server.url, INITIALIZE, { host: `localhost:${port}` })).status, 200);
    assert.equal((await post(server.url, INITIALIZE, { host: `attacker.example:${port}` })).status, 403);
    assert.equal((await post(server.url, INITIALIZE, { origin: "http://attacker.example" })).status, 403);
    assert.equal((await post(server.url, { ...LIST })).status, 400, "no session: only initialize opens one");
    assert.equal((await post(server.url.replace("/mcp", "/other"), INITIALIZE)).status, 404);
  } finally {
    await server.stop();
  }
});

test("in process: onError receives the private detail the client never sees", async () => {
  const errors = [];
  const server = createServer({ onError: (err, tool) => errors.push({ err, tool }) });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const raw = record(clientSide);
  const client = new Client({ name: "server-test-memory", version: "1.0.0" });
  await client.connect(clientSide);
  try {
    await exercise(client, raw);
  } finally {
    await client.close();
  }
  assert.deepEqual(
    errors.map((e) => e.tool),
    ["crash", "oversized"],
    "only the private failures reach onError (client errors are the client's)",
  );
  const [crash, oversized] = errors.map((e) => e.err);
  assert.ok(crash instanceof Error && crash.message.startsWith("secret-detail-db="));
  assert.ok(oversized instanceof McpResultError);
  assert.equal(oversized.code, "max_bytes");
});
