#!/usr/bin/env node
// Runs the official MCP conformance suite (@modelcontextprotocol/conformance,
// pinned in this folder's package.json: the newest version the registry
// serves) against each example server over HTTP, one suite call per
// scenario: js/examples/server.mjs (the SDK's 1.x line, Streamable HTTP with
// sessions) and js/examples/server-v2.mjs (2.x, the per-request entry
// createMcpHandler):
//
//   node tools/conformance/run.mjs        (make conformance installs what it needs first)
//
// The servers run on this Node (the machine's); the suite runs on the Node
// 22 binary the `node` package installed in node_modules/node/bin/node, since
// the suite asks for Node 20 or newer. Prints a table scenario → result with
// the check counts for each server, stops it, and exits 1 if any scenario
// failed (the suite exits 1 on a failed check) or gave no result. The
// suite's per-check results (checks.json) are kept, and their folder
// printed, when a scenario fails, or always with CONFORMANCE_KEEP=1.

import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const HERE = fileURLToPath(new URL(".", import.meta.url));
const ROOT = join(HERE, "..", "..");
const NODE22 = join(HERE, "node_modules", "node", "bin", "node");
const SUITE = join(HERE, "node_modules", "@modelcontextprotocol", "conformance", "dist", "index.js");

/** The scenarios of tools, their results and resources, at any revision
 * the suite runs them at. */
const RESULT_SCENARIOS = [
  "tools-list",
  "resources-list",
  "tools-call-simple-text",
  "tools-call-image",
  "tools-call-audio",
  "tools-call-embedded-resource",
  "tools-call-mixed-content",
  "tools-call-error",
  "resources-read-text",
  "resources-read-binary",
  "resources-templates-read",
];

/** The scenarios at the suite's default revision. */
const SCENARIOS = ["server-initialize", ...RESULT_SCENARIOS, "dns-rebinding-protection"];

/** The scenarios of 2026-07-28 (--spec-version 2026-07-28) that touch what
 * the example servers offer: tools, their results, resources, and the
 * HTTP entry's headers. The suite's other 2026-07-28 scenarios need what
 * no example server offers and mcpresult does not shape (prompts, the
 * suite's own diagnostic tools such as test_missing_capability or
 * json_schema_2020_12_tool, input-required results, subscriptions), so
 * they are not run; server-stateless is one of them (of its checks, only
 * those needing the diagnostic tools fail). */
const MODERN_SCENARIOS = [...RESULT_SCENARIOS, "sep-2164-resource-not-found", "http-header-validation", "dns-rebinding-protection"];

/** The example servers and what each is run at, a table each: the suite's
 * default revision (spec undefined) for both lines, and 2026-07-28 for 2.x,
 * which speaks it (1.x does not). */
const SERVERS = [
  { file: "server.mjs", spec: undefined, scenarios: SCENARIOS },
  { file: "server-v2.mjs", spec: undefined, scenarios: SCENARIOS },
  { file: "server-v2.mjs", spec: "2026-07-28", scenarios: MODERN_SCENARIOS },
];

for (const [what, path] of [["the Node 22 binary", NODE22], ["the conformance suite", SUITE]]) {
  if (!existsSync(path)) {
    console.error(`conformance: ${what} is missing (${path}); run make conformance, or npm ci in tools/conformance`);
    process.exit(1);
  }
}

/** run spawns a command and resolves to {code, out} (stdout and stderr
 * together, in order). */
function run(cmd, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code: code ?? 128, signal, out }));
  });
}

/** startServer starts the example server on a free port and resolves to
 * {child, url} once it printed its URL on stderr. */
function startServer(file) {
  const child = spawn(process.execPath, [join(ROOT, "js", "examples", file), "--http", "--port", "0"], { cwd: ROOT, stdio: ["ignore", "ignore", "pipe"] });
  const log = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error("the server printed no URL within 15 s")), 15000);
    const fail = (err) => {
      clearTimeout(timer);
      child.kill("SIGKILL");
      reject(new Error(`${err.message}\n${log.join("")}`));
    };
    let buf = "";
    child.stderr.on("data", (d) => {
      log.push(String(d));
      buf += d;
      const m = /listening on (http:\/\/\S+)/.exec(buf);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1], log });
      }
    });
    child.on("error", fail);
    child.on("exit", (code) => fail(new Error(`the server exited (${code}) before listening`)));
  });
}

/** checksOf reads the checks the suite saved for a scenario under dir. */
function checksOf(dir) {
  const found = [];
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name === "checks.json") found.push(p);
    }
  };
  if (existsSync(dir)) walk(dir);
  if (found.length !== 1) return undefined;
  return JSON.parse(readFileSync(found[0], "utf8"));
}

const started = Date.now();
const results = mkdtempSync(join(tmpdir(), "mcpresult-conformance-"));
const suiteVersion = JSON.parse(readFileSync(join(HERE, "node_modules", "@modelcontextprotocol", "conformance", "package.json"), "utf8")).version;
const nodeVersion = (await run(NODE22, ["--version"])).out.trim();
console.log(`conformance: @modelcontextprotocol/conformance ${suiteVersion} on node ${nodeVersion}; the servers on node ${process.version}`);

/** suite runs the scenarios against one example server, at the suite's
 * default revision or at spec, and prints its table; resolves to the
 * number of scenarios that failed. */
async function suite({ file, spec, scenarios }) {
  const { child: server, url, log: serverLog } = await startServer(file);
  const at = spec === undefined ? "the suite's default revision" : spec;
  console.log(`\njs/examples/${file} at ${url}, ${at}`);
  const rows = [];
  let failed = 0;
  try {
    for (const scenario of scenarios) {
      const t0 = Date.now();
      const out = join(results, file, spec ?? "default", scenario);
      const version = spec === undefined ? [] : ["--spec-version", spec];
      const r = await run(NODE22, [SUITE, "server", "--url", url, "--scenario", scenario, ...version, "-o", out], { cwd: HERE });
      const checks = checksOf(out);
      const count = (s) => (checks ?? []).filter((c) => c.status === s).length;
      const passed = count("SUCCESS");
      const failures = count("FAILURE");
      const warnings = count("WARNING");
      const ok = r.code === 0 && checks !== undefined && checks.length > 0 && failures === 0;
      if (!ok) {
        failed++;
        console.log(`\n── ${scenario} failed (exit ${r.code}${r.signal ? ", " + r.signal : ""}):\n${r.out.trim()}\n`);
      }
      rows.push({ scenario, ok, passed, failures, warnings, ms: Date.now() - t0 });
    }
  } finally {
    await stop(server);
  }
  const w = Math.max(...scenarios.map((s) => s.length));
  console.log(`${"scenario".padEnd(w)}  result  checks passed  failed  warnings     time`);
  for (const r of rows) {
    console.log(
      `${r.scenario.padEnd(w)}  ${(r.ok ? "pass" : "FAIL").padEnd(6)}  ${String(r.passed).padStart(13)}  ${String(r.failures).padStart(6)}  ${String(r.warnings).padStart(8)}  ${String(r.ms).padStart(5)} ms`,
    );
  }
  const total = rows.reduce((n, r) => n + r.passed, 0);
  console.log(`${file} at ${at}: ${rows.length - failed}/${rows.length} scenarios passed, ${total} checks passed`);
  if (failed > 0) console.log(`server stderr:\n${serverLog.join("").trim()}`);
  return failed;
}

/** stop ends a server: SIGTERM, then SIGKILL after 5 s. */
async function stop(server) {
  server.kill("SIGTERM");
  await new Promise((resolve) => {
    if (server.exitCode !== null || server.signalCode !== null) return resolve();
    const t = setTimeout(() => {
      server.kill("SIGKILL");
      resolve();
    }, 5000);
    server.once("exit", () => {
      clearTimeout(t);
      resolve();
    });
  });
}

let failed = 0;
for (const server of SERVERS) failed += await suite(server);
console.log(`\nconformance: ${failed === 0 ? "every scenario passed on both servers" : `${failed} scenarios failed`}, in ${((Date.now() - started) / 1000).toFixed(1)} s`);

if (failed > 0 || process.env.CONFORMANCE_KEEP === "1") {
  console.log(`the suite's results (checks.json per server and scenario): ${results}`);
} else {
  rmSync(results, { recursive: true, force: true });
}
process.exit(failed > 0 ? 1 : 0);
