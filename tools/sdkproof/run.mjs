#!/usr/bin/env node
// Clients no one here wrote against any stdio MCP server:
//
//   node tools/sdkproof/run.mjs [--check path/to/mcpresult] [--grants V] -- <command> [args…]
//
// For each protocol revision (2024-11-05, 2025-03-26, 2025-06-18,
// 2025-11-25, 2026-07-28) two clients start the server command and
// negotiate that revision: a raw JSON-RPC client (newline-delimited JSON on
// the server's stdin and stdout) and the official TypeScript SDK's Client
// (pinned in this folder's package.json; it asks for the revision in its
// initialize request, the one change made to what it sends). Each lists the
// tools, calls every tool (with arguments made from its input schema:
// every required property given the simplest value of its type), and,
// when the server has resources, lists them and reads each one. Every
// initialize, tools/list, tools/call, resources/list and resources/read
// result, as it came over the wire, must validate against the official JSON Schema of the
// negotiated revision (testdata/mcp-schemas), hold nothing that revision
// lacks (structuredContent and resource_link before 2025-06-18, audio
// before 2025-03-26, output schemas in tools/list before 2025-06-18), and
// its structured content must match the output schema tools/list gave.
//
// The server must grant each revision up to --grants (default 2025-11-25,
// the latest of the official TypeScript SDK 1.x; 2025-06-18 for an SDK
// 1.x before 1.24) as asked; for a later one it may answer an older one,
// and the results are then checked against that one. The SDK Client refuses a revision it does
// not know: for such a revision it is reported as unable to take part,
// never as passing.
//
// With --check, `mcpresult check --stdio <command>` must also exit 0 (no
// error at any revision the server accepts).
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
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const REVISIONS = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"];
const REQUEST_LIMIT_MS = 60_000; // a hang guard, not a measure

const before = (a, b) => a < b;

const { values, positionals } = parseArgs({ options: { check: { type: "string" }, grants: { type: "string", default: "2025-11-25" } }, allowPositionals: true });
if (!REVISIONS.includes(values.grants)) {
  console.error(`sdkproof: --grants takes one of ${REVISIONS.join(", ")}`);
  process.exit(2);
}
const MUST_GRANT = new Set(REVISIONS.filter((v) => v <= values.grants));
if (positionals.length === 0) {
  console.error("usage: node tools/sdkproof/run.mjs [--check path/to/mcpresult] [--grants V] -- <command> [args…]");
  process.exit(2);
}
const [command, ...commandArgs] = positionals;

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

// --- what both clients check --------------------------------------------------

class Run {
  constructor(client, asked) {
    this.client = client;
    this.asked = asked;
    this.failures = [];
    this.counts = { tools: 0, calls: 0, reads: 0 };
  }
  fail(what) {
    this.failures.push(`${this.asked} ${this.client}: ${what}`);
  }
  conforms(definition, value, what) {
    const validate = schemaOf(this.negotiated)(definition);
    if (validate === undefined) return this.fail(`${this.negotiated}'s schema has no ${definition}`);
    if (!validate(value)) this.fail(`${what}: not a valid ${definition} of ${this.negotiated}: ${explain(validate.errors)}`);
  }
  initialized(result) {
    this.negotiated = result?.protocolVersion;
    if (!REVISIONS.includes(this.negotiated)) {
      this.fail(`the server answered protocol version ${JSON.stringify(this.negotiated)}, which no official schema describes`);
      this.negotiated = undefined;
      return false;
    }
    if (MUST_GRANT.has(this.asked) && this.negotiated !== this.asked) this.fail(`asked ${this.asked}, the server answered ${this.negotiated}`);
    this.conforms("InitializeResult", result, "initialize");
    return true;
  }
  listed(result) {
    this.conforms("ListToolsResult", result, "tools/list");
    const tools = Array.isArray(result?.tools) ? result.tools : [];
    this.counts.tools = tools.length;
    this.outputSchemas = new Map();
    for (const tool of tools) {
      if (tool.outputSchema === undefined) continue;
      if (before(this.negotiated, "2025-06-18")) this.fail(`tools/list: tool ${tool.name} has an outputSchema, which ${this.negotiated} lacks`);
      try {
        this.outputSchemas.set(tool.name, compileOutputSchema(tool.outputSchema));
      } catch (err) {
        this.fail(`tools/list: the output schema of ${tool.name} does not compile: ${err.message}`);
      }
    }
    return tools;
  }
  called(tool, result) {
    this.counts.calls++;
    const what = `tools/call ${tool}`;
    this.conforms("CallToolResult", result, what);
    const types = Array.isArray(result?.content) ? result.content.map((b) => b?.type) : [];
    if (before(this.negotiated, "2025-06-18")) {
      if (result && "structuredContent" in result) this.fail(`${what}: structuredContent, which ${this.negotiated} lacks`);
      if (types.includes("resource_link")) this.fail(`${what}: a resource_link block, which ${this.negotiated} lacks`);
    }
    if (before(this.negotiated, "2025-03-26") && types.includes("audio")) this.fail(`${what}: an audio block, which ${this.negotiated} lacks`);
    const check = this.outputSchemas.get(tool);
    if (check !== undefined && result?.isError !== true) {
      if (result?.structuredContent === undefined) this.fail(`${what}: the tool lists an output schema and its result has no structuredContent`);
      else if (!check(result.structuredContent)) this.fail(`${what}: structuredContent does not match the listed output schema: ${explain(check.errors)}`);
    }
  }
  resources(result) {
    this.conforms("ListResourcesResult", result, "resources/list");
    return Array.isArray(result?.resources) ? result.resources : [];
  }
  read(uri, result) {
    this.counts.reads++;
    this.conforms("ReadResourceResult", result, `resources/read ${uri}`);
  }
  summary() {
    const got = this.negotiated === undefined ? "no revision" : `negotiated ${this.negotiated}`;
    const { tools, calls, reads } = this.counts;
    return `${this.asked}  ${this.client.padEnd(10)} ${got}: ${tools} tools, ${calls} calls, ${reads} reads: ${this.failures.length === 0 ? "ok" : `${this.failures.length} failures`}`;
  }
}

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
      const w = waiting.get(message.id);
      if (w !== undefined) {
        waiting.delete(message.id);
        w.resolve(message);
      }
    }
  });
  let next = 0;
  const request = (method, params) =>
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
          if (m.error !== undefined) reject(new Error(`${method}: JSON-RPC error ${m.error.code}: ${m.error.message}`));
          else resolve(m.result);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      child.stdin.write(JSON.stringify({ jsonrpc: "2.0", id, method, params }) + "\n");
    });
  try {
    const init = await request("initialize", { protocolVersion: asked, capabilities: {}, clientInfo: { name: "sdkproof-raw", version: "1.0.0" } });
    if (run.initialized(init)) {
      child.stdin.write(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) + "\n");
      for (const tool of run.listed(await request("tools/list", {}))) {
        run.called(tool.name, await request("tools/call", { name: tool.name, arguments: sample(tool.inputSchema) }));
      }
      if (init.capabilities?.resources !== undefined) {
        for (const r of run.resources(await request("resources/list", {}))) run.read(r.uri, await request("resources/read", { uri: r.uri }));
      }
    }
  } catch (err) {
    run.fail(err.message);
  } finally {
    child.stdin.end();
    child.kill();
  }
  return run;
}

// --- the official SDK's Client ------------------------------------------------

async function sdkClient(asked) {
  const run = new Run("sdk-client", asked);
  const transport = new StdioClientTransport({ command, args: commandArgs, cwd: ROOT, stderr: "pipe" });
  // the wire as the Client received it, and the revision asked for
  const responses = [];
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    if (message?.method === "initialize") message = { ...message, params: { ...message.params, protocolVersion: asked } };
    return send(message, options);
  };
  const client = new Client({ name: "sdkproof-sdk", version: "1.0.0" });
  const connect = client.connect.bind(client);
  const lastResult = () => responses.at(-1);
  const hook = () => {
    const prior = transport.onmessage;
    transport.onmessage = (message, extra) => {
      if (message && "id" in message && "result" in message) responses.push(message.result);
      prior?.(message, extra);
    };
  };
  const start = transport.start.bind(transport);
  transport.start = async () => {
    hook(); // Protocol.connect has set its onmessage: ours records, then calls it
    return start();
  };
  try {
    try {
      await connect(transport);
    } catch (err) {
      const answered = lastResult()?.protocolVersion;
      if (!SUPPORTED_PROTOCOL_VERSIONS.includes(answered)) {
        run.unable = `the SDK Client does not speak ${answered} (the server's answer to ${asked})`;
        return run;
      }
      throw err;
    }
    if (run.initialized(lastResult())) {
      const { tools } = await client.listTools();
      run.listed(lastResult());
      for (const tool of tools) {
        await client.callTool({ name: tool.name, arguments: sample(tool.inputSchema) });
        run.called(tool.name, lastResult());
      }
      if (client.getServerCapabilities()?.resources !== undefined) {
        const { resources } = await client.listResources();
        run.resources(lastResult());
        for (const r of resources) {
          await client.readResource({ uri: r.uri });
          run.read(r.uri, lastResult());
        }
      }
    }
  } catch (err) {
    run.fail(err.message);
  } finally {
    await client.close().catch(() => {});
  }
  return run;
}

// --- the run -------------------------------------------------------------------

const failures = [];
console.log(`sdkproof: ${[command, ...commandArgs].join(" ")}`);
for (const asked of REVISIONS) {
  for (const client of [rawClient, sdkClient]) {
    const run = await client(asked);
    if (run.unable !== undefined) {
      console.log(`${asked}  ${run.client.padEnd(10)} cannot take part: ${run.unable}`);
      continue;
    }
    console.log(run.summary());
    failures.push(...run.failures);
    if (run.counts.calls === 0 && run.failures.length === 0) failures.push(`${asked} ${run.client}: the server has no tools to call`);
  }
}

if (values.check !== undefined) {
  const line = [command, ...commandArgs].map((a) => (/[\s"'\\]/.test(a) ? JSON.stringify(a) : a)).join(" ");
  const res = spawnSync(values.check, ["check", "--stdio", line], { cwd: ROOT, encoding: "utf8", timeout: 10 * 60 * 1000 });
  const summary = (res.stdout ?? "").split("\n").filter((l) => l.startsWith("summary:"));
  console.log(`mcpresult check: exit ${res.status}${summary.length ? ", " + summary[0] : ""}`);
  if (res.status !== 0) failures.push(`mcpresult check --stdio ${JSON.stringify(line)} exited ${res.status}:\n${res.stdout}${res.stderr}`);
}

if (failures.length > 0) {
  console.error(`sdkproof: ${failures.length} failures`);
  for (const f of failures) console.error("  " + f);
  process.exit(1);
}
console.log("sdkproof: ok");
