#!/usr/bin/env node
// Clients no one here wrote against any stdio MCP server:
//
//   node tools/sdkproof/run.mjs [--check path/to/mcpresult] [--grants V] [--secret TEXT] [--http] -- <command> [args…]
//
// For each protocol revision (2024-11-05, 2025-03-26, 2025-06-18,
// 2025-11-25, 2026-07-28) three clients start the server command and ask
// for that revision:
//
//   - raw: a JSON-RPC client (newline-delimited JSON on the server's stdin
//     and stdout). Up to 2025-11-25 it sends initialize; at 2026-07-28 it
//     sends no initialize but server/discover, then every request with the
//     per-request _meta envelope naming the revision, its client info and
//     capabilities (and falls back to initialize when the server does not
//     know server/discover);
//   - sdk1: the official TypeScript SDK 1.x Client (@modelcontextprotocol/sdk),
//     asking for the revision in its initialize request (the one change made
//     to what it sends);
//   - sdk2: the official TypeScript SDK 2.x Client (@modelcontextprotocol/client),
//     likewise up to 2025-11-25, and at 2026-07-28 pinned to it
//     (versionNegotiation {mode: {pin: "2026-07-28"}}).
//
// Then the 2.x Client twice more as a user gets it: at its default (it
// negotiates 2025-11-25 through initialize) and in its auto mode (it probes
// server/discover and takes 2026-07-28 when the server offers it).
//
// Each lists the tools, calls every tool (with arguments made from its
// input schema: every required property given the simplest value of its
// type), and, when the server has resources, lists them and reads each
// one. Every answer as it came over the wire (initialize, server/discover,
// tools/list, tools/call, resources/list, resources/read) must validate
// against the official JSON Schema (testdata/mcp-schemas) of the revision
// it answers (the request's envelope names it at 2026-07-28, initialize
// before), hold nothing that revision lacks (LACKS below; what an SDK
// writes there itself, adapted or not, is SDK_OWN: allowed only as listed,
// and reported), and a tool's structured content must match the output
// schema tools/list gave. No message from the server may hold the private
// text (--secret, default hunter2: what the quick starts' crash tool
// fails with).
//
// The server must grant each revision up to --grants (default 2025-11-25,
// the latest of the official TypeScript SDK 1.x; 2025-06-18 for an SDK
// 1.x before 1.24; 2026-07-28 for a server of the 2.x line) as asked; for
// a later one it may answer an older one, and the answers are then checked
// against that one. A client that cannot speak the revision the server
// answers (the 1.x Client and 2026-07-28), or a 2.x Client pinned to
// 2026-07-28 against a server that offers it nothing beyond --grants, is
// reported as unable to take part, never as passing.
//
// With --http the command is an HTTP server, started once, that prints
// "listening on <url>" on stderr: the SDK Clients connect to it with their
// Streamable HTTP transports (the raw client speaks stdio only, and is not
// run), and the server is stopped at the end.
//
// With --check, `mcpresult check --stdio <command>` (with --http,
// `mcpresult check --url <url>`) must also exit 0 (no error at any revision
// the server accepts).
//
// Exits 1 on any failure, with every failure listed.

import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import Ajv from "ajv";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { Client as Client1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as StdioClientTransport1 } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport as HttpClientTransport1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { SUPPORTED_PROTOCOL_VERSIONS as SUPPORTED1 } from "@modelcontextprotocol/sdk/types.js";
import { Client as Client2, StreamableHTTPClientTransport as HttpClientTransport2, SUPPORTED_PROTOCOL_VERSIONS as SUPPORTED2 } from "@modelcontextprotocol/client";
import { StdioClientTransport as StdioClientTransport2 } from "@modelcontextprotocol/client/stdio";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const REVISIONS = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"];
const MODERN = "2026-07-28"; // no initialize: server/discover and the per-request envelope
const REQUEST_LIMIT_MS = 60_000; // a hang guard, not a measure
const PROTOCOL_VERSION_KEY = "io.modelcontextprotocol/protocolVersion";

const before = (a, b) => a < b;

const { values, positionals } = parseArgs({
  options: { check: { type: "string" }, grants: { type: "string", default: "2025-11-25" }, secret: { type: "string", default: "hunter2" }, http: { type: "boolean", default: false } },
  allowPositionals: true,
});
if (!REVISIONS.includes(values.grants)) {
  console.error(`sdkproof: --grants takes one of ${REVISIONS.join(", ")}`);
  process.exit(2);
}
const MUST_GRANT = new Set(REVISIONS.filter((v) => v <= values.grants));
if (positionals.length === 0) {
  console.error("usage: node tools/sdkproof/run.mjs [--check path/to/mcpresult] [--grants V] [--secret TEXT] [--http] -- <command> [args…]");
  process.exit(2);
}
const [command, ...commandArgs] = positionals;

/** What a revision lacks: each field or content type with the first
 * revision that has it. */
const LACKS = {
  result: { structuredContent: "2025-06-18", resultType: MODERN, ttlMs: MODERN, cacheScope: MODERN },
  tool: { annotations: "2025-03-26", outputSchema: "2025-06-18", title: "2025-06-18", icons: "2025-11-25", execution: "2025-11-25" },
  content: { resource_link: "2025-06-18", audio: "2025-03-26" },
  block: { _meta: "2025-06-18", icons: "2025-11-25" },
  annotations: { lastModified: "2025-06-18" },
};

/** What an SDK writes itself to a revision that lacks it, adapted or not
 * (a plain server of that SDK writes it alike): allowed where it is, as
 * a value of that shape, on the answers to those methods, and reported
 * under the run's summary; anywhere else it fails. */
const SDK_OWN = [
  // none now: the Go SDK's ttlMs and cacheScope on every list result,
  // and SDK 1.x's execution on every tool, are dropped by the adapters for
  // the revisions that lack them
];

// --- the official schemas ----------------------------------------------------

const schemas = new Map();
function schemaOf(revision) {
  if (!schemas.has(revision)) {
    const schema = JSON.parse(readFileSync(join(ROOT, "testdata", "mcp-schemas", revision, "schema.json"), "utf8"));
    const modern = typeof schema.$schema === "string" && schema.$schema.includes("2020-12");
    const ajv = modern ? new Ajv2020({ strict: false, allErrors: true }) : new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(schema, "mcp");
    const defs = modern ? "$defs" : "definitions";
    schemas.set(revision, (name) => ajv.getSchema(`mcp#/${defs}/${name}`));
  }
  return schemas.get(revision);
}

/** compileOutputSchema compiles a listed output schema with the draft it
 * names (draft-07, or 2020-12 when it names none or that one). */
function compileOutputSchema(schema) {
  const draft07 = typeof schema.$schema === "string" && schema.$schema.includes("draft-07");
  const ajv = draft07 ? new Ajv({ strict: false, allErrors: true }) : new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv.compile(schema);
}

const explain = (errors) => (errors ?? []).slice(0, 5).map((e) => `${e.instancePath || "/"} ${e.message}`).join("; ");

// --- arguments from an input schema -------------------------------------------

function sample(schema) {
  if (schema === null || typeof schema !== "object") return "example";
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if ("const" in schema) return schema.const;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string":
      return "example";
    case "integer":
    case "number":
      return typeof schema.minimum === "number" ? schema.minimum : 1;
    case "boolean":
      return true;
    case "array":
      return [];
    case "null":
      return null;
    default: {
      const out = {};
      for (const key of Array.isArray(schema.required) ? schema.required : []) out[key] = sample(schema.properties?.[key]);
      return out;
    }
  }
}


// --- what every client checks --------------------------------------------------

/** The schema definition each answered method's result must be. */
const RESULTS = {
  initialize: "InitializeResult",
  "server/discover": "DiscoverResult",
  "tools/list": "ListToolsResult",
  "tools/call": "CallToolResult",
  "resources/list": "ListResourcesResult",
  "resources/read": "ReadResourceResult",
};

class Run {
  constructor(client, asked) {
    this.client = client;
    this.asked = asked;
    this.failures = [];
    this.counts = { discovers: 0, tools: 0, calls: 0, reads: 0 };
    this.outputSchemas = new Map();
  }
  fail(what) {
    this.failures.push(`${this.asked} ${this.client}: ${what}`);
  }
  /** message checks any message the server wrote for the private text. */
  message(message) {
    if (JSON.stringify(message).includes(values.secret)) this.fail(`the server wrote the private text ${JSON.stringify(values.secret)}: ${JSON.stringify(message).slice(0, 300)}`);
  }
  conforms(revision, definition, value, what) {
    const validate = schemaOf(revision)(definition);
    if (validate === undefined) return this.fail(`${revision}'s schema has no ${definition}`);
    if (!validate(value)) this.fail(`${what}: not a valid ${definition} of ${revision}: ${explain(validate.errors)}`);
  }
  /** lacks fails when a revision lacks the field (or content type) name
   * of the table the value was found in, unless an SDK writes it itself
   * (SDK_OWN), which is noted. */
  lacks(revision, method, table, name, what, value) {
    if (!Object.hasOwn(LACKS[table], name) || !before(revision, LACKS[table][name])) return;
    const own = SDK_OWN.find((o) => o.table === table && o.name === name && o.methods.includes(method) && o.allows(value));
    if (own !== undefined) {
      if (!notes.has(own.why)) notes.set(own.why, new Set());
      notes.get(own.why).add(revision);
      return;
    }
    this.fail(`${what}: ${name}, which ${revision} lacks`);
  }
  /** answered checks the result of a request (method, params) the server
   * answered: at the revision its envelope names, or the one initialize
   * negotiated. */
  answered(method, params, result) {
    const revision = params?._meta?.[PROTOCOL_VERSION_KEY] ?? (method === "initialize" ? result?.protocolVersion : this.negotiated);
    if (method === "initialize") return this.initialized(result);
    if (!REVISIONS.includes(revision)) return this.fail(`${method} answered at no revision an official schema describes (${JSON.stringify(revision)})`);
    if (revision === MODERN) this.negotiated = MODERN;
    const what = method === "tools/call" ? `tools/call ${params?.name}` : method === "resources/read" ? `resources/read ${params?.uri}` : method;
    if (RESULTS[method] === undefined) return;
    this.conforms(revision, RESULTS[method], result, what);
    for (const [key, value] of Object.entries(result ?? {})) this.lacks(revision, method, "result", key, what, value);
    if (method === "server/discover") {
      this.counts.discovers++;
      if (!Array.isArray(result?.supportedVersions) || !result.supportedVersions.includes(MODERN)) this.fail(`server/discover: supportedVersions ${JSON.stringify(result?.supportedVersions)} does not offer ${MODERN}`);
    } else if (method === "tools/list") this.listed(revision, result);
    else if (method === "tools/call") this.called(revision, params?.name, result, what);
    else if (method === "resources/read") this.counts.reads++;
  }
  initialized(result) {
    this.negotiated = result?.protocolVersion;
    if (!REVISIONS.includes(this.negotiated) || this.negotiated === MODERN) {
      this.fail(`initialize: the server answered protocol version ${JSON.stringify(this.negotiated)}, which no official schema's initialize describes`);
      this.negotiated = undefined;
      return false;
    }
    if (MUST_GRANT.has(this.asked) && this.asked !== MODERN && this.negotiated !== this.asked) this.fail(`asked ${this.asked}, the server answered ${this.negotiated}`);
    this.conforms(this.negotiated, "InitializeResult", result, "initialize");
    return true;
  }
  listed(revision, result) {
    const tools = Array.isArray(result?.tools) ? result.tools : [];
    this.counts.tools = tools.length;
    this.outputSchemas = new Map();
    for (const tool of tools) {
      for (const [key, value] of Object.entries(tool ?? {})) this.lacks(revision, "tools/list", "tool", key, `tools/list: tool ${tool.name}`, value);
      if (tool.outputSchema === undefined) continue;
      try {
        this.outputSchemas.set(tool.name, compileOutputSchema(tool.outputSchema));
      } catch (err) {
        this.fail(`tools/list: the output schema of ${tool.name} does not compile: ${err.message}`);
      }
    }
  }
  called(revision, tool, result, what) {
    this.counts.calls++;
    for (const block of Array.isArray(result?.content) ? result.content : []) {
      this.lacks(revision, "tools/call", "content", block?.type, `${what}: a content block`);
      for (const [key, value] of Object.entries(block ?? {})) this.lacks(revision, "tools/call", "block", key, `${what}: a ${block.type} block`, value);
      for (const [key, value] of Object.entries(block?.annotations ?? {})) this.lacks(revision, "tools/call", "annotations", key, `${what}: a ${block.type} block's annotations`, value);
    }
    const check = this.outputSchemas.get(tool);
    if (check !== undefined && result?.isError !== true) {
      if (result?.structuredContent === undefined) this.fail(`${what}: the tool lists an output schema and its result has no structuredContent`);
      else if (!check(result.structuredContent)) this.fail(`${what}: structuredContent does not match the listed output schema: ${explain(check.errors)}`);
    }
  }
  summary() {
    const got = this.negotiated === undefined ? "no revision" : `answered at ${this.negotiated}`;
    const { discovers, tools, calls, reads } = this.counts;
    const discovered = discovers > 0 ? `server/discover, ` : "";
    return `${this.asked.padEnd(10)}  ${this.client.padEnd(12)} ${got}: ${discovered}${tools} tools, ${calls} calls, ${reads} reads: ${this.failures.length === 0 ? "ok" : `${this.failures.length} failures`}`;
  }
}

/** envelope is the per-request _meta of a 2026-07-28 request. */
const envelope = (revision) => ({
  [PROTOCOL_VERSION_KEY]: revision,
  "io.modelcontextprotocol/clientInfo": { name: "sdkproof-raw", version: "1.0.0" },
  "io.modelcontextprotocol/clientCapabilities": {},
});

// --- the raw JSON-RPC client --------------------------------------------------

async function rawClient(asked) {
  const run = new Run("raw", asked);
  const child = spawn(command, commandArgs, { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const waiting = new Map();
  let buffer = "";
  let exited = false;
  child.on("exit", () => {
    exited = true;
    for (const w of waiting.values()) w.reject(new Error(`the server exited: ${stderr.slice(-2000)}`));
  });
  child.stdout.on("data", (d) => {
    buffer += d;
    for (let i; (i = buffer.indexOf("\n")) >= 0; ) {
      const line = buffer.slice(0, i).trim();
      buffer = buffer.slice(i + 1);
      if (line === "") continue;
      let message;
      try {
        message = JSON.parse(line);
      } catch {
        run.fail(`the server wrote a line on stdout that is not JSON: ${line.slice(0, 200)}`);
        continue;
      }
      run.message(message);
      const w = waiting.get(message.id);
      if (w !== undefined) {
        waiting.delete(message.id);
        w.resolve(message);
      }
    }
  });
  let next = 0;
  /** exchange sends a request and resolves to its response message. */
  const exchange = (method, params) =>
    new Promise((resolve, reject) => {
      if (exited) return reject(new Error(`the server exited: ${stderr.slice(-2000)}`));
      const id = ++next;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error(`${method}: no answer within ${REQUEST_LIMIT_MS / 1000} s`));
      }, REQUEST_LIMIT_MS);
      waiting.set(id, {
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      child.stdin.write(JSON.stringify({ jsonrpc: "2.0", id, method, params }) + "\n");
    });
  let meta; // the envelope every request carries at 2026-07-28
  /** request sends a request, checks its result and resolves to it. */
  const request = async (method, params = {}) => {
    if (meta !== undefined) params = { ...params, _meta: meta };
    const m = await exchange(method, params);
    if (m.error !== undefined) throw new Error(`${method}: JSON-RPC error ${m.error.code}: ${m.error.message}`);
    run.answered(method, params, m.result);
    return m.result;
  };
  try {
    let capabilities;
    if (asked === MODERN) {
      const params = { _meta: envelope(asked) };
      const m = await exchange("server/discover", params);
      if (m.error === undefined) {
        meta = params._meta;
        run.answered("server/discover", params, m.result);
        capabilities = m.result?.capabilities;
      } else if (MUST_GRANT.has(asked)) {
        throw new Error(`server/discover: JSON-RPC error ${m.error.code}: ${m.error.message}`);
      }
    }
    if (meta === undefined) {
      const init = await request("initialize", { protocolVersion: asked, capabilities: {}, clientInfo: { name: "sdkproof-raw", version: "1.0.0" } });
      if (run.negotiated === undefined) return run;
      capabilities = init.capabilities;
      child.stdin.write(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) + "\n");
    }
    for (const tool of (await request("tools/list")).tools ?? []) await request("tools/call", { name: tool.name, arguments: sample(tool.inputSchema) });
    if (capabilities?.resources !== undefined) {
      for (const r of (await request("resources/list")).resources ?? []) await request("resources/read", { uri: r.uri });
    }
  } catch (err) {
    run.fail(err.message);
  } finally {
    child.stdin.end();
    child.kill();
  }
  return run;
}

// --- the official SDKs' Clients -----------------------------------------------

/** recording gives a class of the Client's stdio transport (Base) whose
 * instances keep in wire every request the Client sends (its initialize
 * asking for revision, when given) and every answer it receives, as they
 * cross the wire. A class, not a wrapper: the 2.x Client probes
 * server/discover on a second process it starts with a transport of the
 * same class (new transport.constructor(…)), which is recorded alike. */
function recording(Base, revision) {
  const wire = { sent: new Map(), answers: [] };
  class Recording extends Base {
    constructor(params) {
      super(params);
      let handler;
      Object.defineProperty(this, "onmessage", {
        get: () => handler,
        set: (value) => {
          handler =
            typeof value !== "function"
              ? value
              : (message, extra) => {
                  if (message && "id" in message && !("method" in message)) wire.answers.push(message);
                  return value(message, extra);
                };
        },
      });
    }
    send(message, options) {
      if (revision !== undefined && message?.method === "initialize") message = { ...message, params: { ...message.params, protocolVersion: revision } };
      if (message?.method !== undefined && message.id !== undefined) wire.sent.set(message.id, message);
      return super.send(message, options);
    }
  }
  return { Transport: Recording, wire };
}

/** replay checks what a Client's session carried: every message for the
 * private text, every result against the request it answers. */
function replay(run, wire) {
  for (const message of wire.answers) {
    run.message(message);
    const req = wire.sent.get(message.id);
    if (req === undefined || message.error !== undefined) continue;
    run.answered(req.method, req.params, message.result);
  }
}

/** session lists and calls every tool and reads every resource through a
 * connected Client. */
async function session(client) {
  const { tools } = await client.listTools();
  for (const tool of tools) await client.callTool({ name: tool.name, arguments: sample(tool.inputSchema) });
  if (client.getServerCapabilities()?.resources !== undefined) {
    const { resources } = await client.listResources();
    for (const r of resources) await client.readResource({ uri: r.uri });
  }
}

/** sdkClient runs one of the official Clients: name, the revision asked
 * (in initialize, or pinned when options pin it), the Client and transport
 * classes, the versions the Client speaks, and its options. */
async function sdkClient(name, asked, { Client, Transport, supported, options, rewrite }) {
  const run = new Run(name, asked);
  const { Transport: Recording, wire } = recording(Transport, rewrite ? asked : undefined);
  const transport = served === undefined ? new Recording({ command, args: commandArgs, cwd: ROOT, stderr: "pipe" }) : new Recording(new URL(served.url));
  const client = new Client({ name: "sdkproof-" + name, version: "1.0.0" }, options);
  try {
    try {
      await client.connect(transport);
    } catch (err) {
      const init = wire.answers.find((m) => wire.sent.get(m.id)?.method === "initialize");
      const answered = init?.result?.protocolVersion;
      if (answered !== undefined && !supported.includes(answered)) {
        run.unable = `the Client does not speak ${answered} (the server's answer to ${asked})`;
        return run;
      }
      if (err?.code === "ERA_NEGOTIATION_FAILED" && !MUST_GRANT.has(asked)) {
        run.unable = `the server offers no ${asked} (${err.message})`;
        return run;
      }
      throw err;
    }
    await session(client);
  } catch (err) {
    run.fail(err.message);
  } finally {
    await client.close().catch(() => {});
    replay(run, wire);
  }
  return run;
}

const Transport1 = values.http ? HttpClientTransport1 : StdioClientTransport1;
const Transport2 = values.http ? HttpClientTransport2 : StdioClientTransport2;
const sdk1 = (asked) => sdkClient("sdk1", asked, { Client: Client1, Transport: Transport1, supported: SUPPORTED1, rewrite: true });
const sdk2 = (asked) =>
  sdkClient("sdk2", asked, {
    Client: Client2,
    Transport: Transport2,
    supported: SUPPORTED2,
    ...(asked === MODERN ? { options: { versionNegotiation: { mode: { pin: MODERN } } } } : { rewrite: true }),
  });
/** The 2.x Client as a user gets it, at its default and in auto mode:
 * whatever it negotiates, checked at that. */
const sdk2As = (mode) => () =>
  sdkClient(`sdk2 ${mode}`, "(its own)", {
    Client: Client2,
    Transport: Transport2,
    supported: SUPPORTED2,
    options: mode === "default" ? undefined : { versionNegotiation: { mode } },
  });

// --- the run -------------------------------------------------------------------

/** serve starts the server command once, for --http, and resolves to
 * {child, url} once it printed "listening on <url>" on stderr. */
function serve() {
  const child = spawn(command, commandArgs, { cwd: ROOT, stdio: ["ignore", "ignore", "pipe"] });
  let log = "";
  return new Promise((resolve, reject) => {
    const fail = (why) => {
      clearTimeout(timer);
      child.kill("SIGKILL");
      reject(new Error(`sdkproof: ${why}\n${log}`));
    };
    const timer = setTimeout(() => fail(`the server printed no "listening on <url>" within ${REQUEST_LIMIT_MS / 1000} s`), REQUEST_LIMIT_MS);
    child.stderr.on("data", (d) => {
      log += d;
      const m = /listening on (http:\/\/\S+)/.exec(log);
      if (m !== null) {
        clearTimeout(timer);
        resolve({ child, url: m[1] });
      }
    });
    child.on("exit", (code) => fail(`the server exited (${code}) before listening`));
  });
}

const served = values.http ? await serve() : undefined;

const failures = [];
/** The SDK's own fields met (SDK_OWN): why → the revisions. */
const notes = new Map();
console.log(`sdkproof: ${[command, ...commandArgs].join(" ")}${served === undefined ? "" : ` at ${served.url} (over HTTP: the SDK Clients' Streamable HTTP transports; the raw client speaks stdio only)`}`);
const clients = values.http ? [sdk1, sdk2] : [rawClient, sdk1, sdk2];
const runs = [...REVISIONS.flatMap((asked) => clients.map((client) => () => client(asked))), sdk2As("default"), sdk2As("auto")];
for (const start of runs) {
  const run = await start();
  if (run.unable !== undefined) {
    console.log(`${run.asked.padEnd(10)}  ${run.client.padEnd(12)} cannot take part: ${run.unable}`);
    continue;
  }
  console.log(run.summary());
  failures.push(...run.failures);
  if (run.counts.calls === 0 && run.failures.length === 0) failures.push(`${run.asked} ${run.client}: the server has no tools to call`);
}

for (const [why, revisions] of notes) console.log(`allowed, the SDK's own and not the adapter's, at ${[...revisions].sort().join(", ")}: ${why}`);

if (values.check !== undefined) {
  const line = [command, ...commandArgs].map((a) => (/[\s"'\\]/.test(a) ? JSON.stringify(a) : a)).join(" ");
  const target = served === undefined ? ["--stdio", line] : ["--url", served.url];
  const res = spawnSync(values.check, ["check", ...target], { cwd: ROOT, encoding: "utf8", timeout: 10 * 60 * 1000 });
  const summary = (res.stdout ?? "").split("\n").filter((l) => l.startsWith("summary:"));
  console.log(`mcpresult check: exit ${res.status}${summary.length ? ", " + summary[0] : ""}`);
  if (res.status !== 0) failures.push(`mcpresult check ${target.join(" ")} exited ${res.status}:\n${res.stdout}${res.stderr}`);
}
served?.child.kill();

if (failures.length > 0) {
  console.error(`sdkproof: ${failures.length} failures`);
  for (const f of failures) console.error("  " + f);
  process.exit(1);
}
console.log("sdkproof: ok");
