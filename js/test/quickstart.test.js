// js/README.md's commands that run the quick start server in Node, Deno and
// Bun, and its CommonJS form, run as written (deno and bun from
// tools/runtimes, as the runtime tests take them; the file names resolved to
// js/examples), each then spoken to over stdio by a raw JSON-RPC client at
// 2024-11-05 and 2025-11-25: the array result is written for each revision,
// a client error is shown, a private error is not. tools/sdkproof checks
// the Node server in depth with the official schemas.

import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const PKG = fileURLToPath(new URL("..", import.meta.url));

// js/README.md, "Deno, Bun and CommonJS" (line for line):
const COMMANDS = `
node quickstart.mjs                      # Node 18 and later
deno run --allow-read quickstart.mjs     # Deno: --allow-read for the package's files and mcpresult.wasm
bun quickstart.mjs
node quickstart.cjs                      # CommonJS: Node 20.19 or 22.12 and later (before: --experimental-require-module)
`;

/** The commands as argument lists: the runtime from tools/runtimes (or
 * this Node), the file from js/examples. */
const commands = COMMANDS.trim()
  .split("\n")
  .map((line) => line.split("#")[0].trim().split(/\s+/))
  .map(([runtime, ...args]) => ({
    line: [runtime, ...args].join(" "),
    cmd: runtime === "node" ? process.execPath : join(PKG, "..", "tools", "runtimes", "node_modules", ".bin", runtime),
    args: args.map((a) => (a.startsWith("quickstart.") ? join(PKG, "examples", a) : a)),
  }));

const LIMIT_MS = 60_000; // a hang guard, not a measure

/** session starts a command and gives request(method, params) over its
 * stdio, and close() → its stderr. */
function session(cmd, args) {
  const env = { ...process.env, NO_COLOR: "1" };
  delete env.NODE_TEST_CONTEXT;
  const child = spawn(cmd, args, { cwd: PKG, env, stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  let stdout = "";
  child.stderr.on("data", (d) => (stderr += d));
  const waiting = new Map();
  child.stdout.on("data", (d) => {
    stdout += d;
    for (let i; (i = stdout.indexOf("\n")) >= 0; ) {
      const message = JSON.parse(stdout.slice(0, i));
      stdout = stdout.slice(i + 1);
      waiting.get(message.id)?.(message);
    }
  });
  let id = 0;
  return {
    all: () => stdout,
    request: (method, params) =>
      new Promise((resolve, reject) => {
        const n = ++id;
        const timer = setTimeout(() => reject(new Error(`${method}: no answer in ${LIMIT_MS} ms; stderr: ${stderr}`)), LIMIT_MS);
        child.once("exit", (code) => reject(new Error(`exited ${code}: ${stderr}`)));
        waiting.set(n, (m) => {
          clearTimeout(timer);
          resolve(m);
        });
        child.stdin.write(JSON.stringify({ jsonrpc: "2.0", id: n, method, params }) + "\n");
      }),
    close: () =>
      new Promise((resolve) => {
        child.once("close", () => resolve(stderr));
        child.stdin.end();
        child.kill();
      }),
  };
}

for (const { line, cmd, args } of commands) {
  test(line, async () => {
    assert.ok(existsSync(cmd), `${cmd} is missing: run npm ci in js/`);
    for (const revision of ["2024-11-05", "2025-11-25"]) {
      const s = session(cmd, args);
      let lines = [];
      try {
        const init = await s.request("initialize", { protocolVersion: revision, capabilities: {}, clientInfo: { name: "t", version: "1" } });
        assert.equal(init.result.protocolVersion, revision);
        const cities = (await s.request("tools/call", { name: "top_cities", arguments: {} })).result;
        assert.equal(cities.isError, false);
        assert.equal(JSON.parse(cities.content[0].text)[0].name, "Tokyo");
        if (revision === "2024-11-05") assert.ok(!("structuredContent" in cities));
        else assert.equal(cities.structuredContent.result[0].name, "Tokyo");
        const lookup = (await s.request("tools/call", { name: "lookup", arguments: { id: "7" } })).result;
        assert.deepEqual(lookup, { _meta: { "io.github.mcpresult/errorCode": "not_found" }, content: [{ type: "text", text: "no record 7" }], isError: true });
        const crash = (await s.request("tools/call", { name: "crash", arguments: {} })).result;
        assert.deepEqual(crash, { content: [{ type: "text", text: "tool execution failed" }], isError: true });
        lines = s.all();
      } finally {
        const stderr = await s.close();
        assert.match(stderr, /hunter2/, "the private detail goes to onError (stderr)");
      }
      assert.ok(!lines.includes("hunter2"));
    }
  });
}
