// Every conformance vector in Deno, Bun and workerd, driven from Node's
// test runner: each runtime comes from tools/runtimes/node_modules/.bin (the
// pinned packages deno, bun and workerd of tools/runtimes/package.json,
// which make test-js installs; the JS package itself does not depend on
// them), and a missing one fails its test, never skips it.
//
// Deno and Bun run runtimes/run-vectors.mjs, which imports the package by
// its name (the "default" export condition) and ends with a summary line.
// workerd serves runtimes/workerd/worker.js in a config that
// runtimes/workerd-bundle.js writes: the Worker and the package's files,
// named as a bundler resolving the "workerd" export condition would lay
// them out. The vector files go to it in a POST, since a Worker has no
// file system.
//
// Nothing here touches the network but workerd's socket on 127.0.0.1;
// every cache a runtime writes goes to a temporary directory, removed in
// after(), which also ends workerd.

import { test, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { applies } from "./vectors.js";
import { loadVectorFiles, vectorRoot } from "./files.js";
import { serve, writeWorkerdConfig } from "./runtimes/workerd-bundle.js";

const testDir = dirname(fileURLToPath(import.meta.url));
const pkgDir = join(testDir, "..");
const runtimesDir = join(pkgDir, "..", "tools", "runtimes");
const binDir = join(runtimesDir, "node_modules", ".bin");
const runVectors = join(testDir, "runtimes", "run-vectors.mjs");

/** How long one runtime may take, start to end; the whole file takes a few
 * seconds. */
const TIMEOUT_MS = 40_000;

const files = loadVectorFiles();
const expected = files.reduce((n, { vectors }) => n + vectors.filter(applies).length, 0);

const tmp = mkdtempSync(join(tmpdir(), "mcpresult-runtimes-"));
let workerd = null;

after(() => {
  if (workerd !== null && workerd.exitCode === null && workerd.signalCode === null) workerd.kill("SIGKILL");
  rmSync(tmp, { recursive: true, force: true });
});

/** bin returns the path of a runtime's binary, or fails the test. */
function bin(name) {
  const path = join(binDir, name);
  assert.ok(existsSync(path), `${name} is missing: no ${path} (it comes from tools/runtimes/package.json: run make test-js, or npm ci in tools/runtimes)`);
  return path;
}

/** env is the environment of a runtime: this one without what Node's test
 * runner tells its own children, and without color. */
function env(extra) {
  const out = { ...process.env, NO_COLOR: "1", ...extra };
  delete out.NODE_TEST_CONTEXT;
  delete out.FORCE_COLOR;
  return out;
}

/** run runs a process to its end (or kills it after TIMEOUT_MS) and gives
 * its status and output. */
function run(cmd, args, options) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(cmd, args, { ...options, stdio: ["ignore", "pipe", "pipe"], timeout: TIMEOUT_MS, killSignal: "SIGKILL" });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (s) => (stdout += s));
    child.stderr.setEncoding("utf8").on("data", (s) => (stderr += s));
    child.on("error", (err) => (stderr += `\n[spawn: ${err.message}]`));
    child.on("close", (code, signal) => {
      const ms = Math.round(performance.now() - started);
      const timedOut = signal === "SIGKILL" && ms >= TIMEOUT_MS;
      resolve({ code, signal, stdout, stderr, ms, timedOut });
    });
  });
}

const CAP = 60_000;

function cap(s) {
  return s.length > CAP ? s.slice(0, CAP) + `\n[... ${s.length - CAP} more characters]` : s;
}

/** output is what a process printed, for an assertion's message. */
function output(r) {
  return `exit code ${r.code}${r.signal ? `, signal ${r.signal}` : ""}${r.timedOut ? `, killed after ${TIMEOUT_MS} ms` : ""}\n--- stdout\n${cap(r.stdout)}\n--- stderr\n${cap(r.stderr)}`;
}

/** shown is an argument as a diagnostic shows it: paths in the package
 * relative to it, the temporary directory as <tmp>. */
function shown(a) {
  return a.replaceAll(tmp, "<tmp>").replaceAll(pkgDir + sep, "");
}

/** runScript runs run-vectors.mjs in Deno or Bun and checks what it says. */
async function runScript(t, name, cmd, args, extraEnv) {
  t.diagnostic([cmd, ...args].map(shown).join(" "));
  const r = await run(cmd, args, { cwd: pkgDir, env: env(extraEnv) });
  const m = /^summary: runtime=(\S+) version=(\S+) ran=(\d+) failed=(\d+)$/m.exec(r.stdout);
  if (m) t.diagnostic(`${name} ${m[2]}: ran ${m[3]} vectors, ${m[4]} failed, in ${r.ms} ms`);
  assert.ok(m, `${name} printed no summary line\n${output(r)}`);
  assert.equal(m[1], name, `the summary is from ${m[1]}, not ${name}`);
  const why = m[4] !== "0" ? `${m[4]} of ${m[3]} vectors failed` : m[3] === "0" ? "no vector ran" : `it ended with ${r.code ?? r.signal}`;
  assert.equal(r.code, 0, `${name}: ${why}\n${output(r)}`);
  assert.equal(Number(m[3]), expected, `${name} ran ${m[3]} vectors, Node counts ${expected}\n${output(r)}`);
}

test("deno", async (t) => {
  const deno = bin("deno");
  // Reads: the package's files (its mcpresult.wasm) and the vectors; all
  // Deno needs is --allow-read. The self-reference "mcpresult" resolves
  // through js/package.json, which Deno finds upward from the script
  // (--no-config would lose it). --no-remote and --cached-only keep Deno
  // off the network should an import ever name a remote or npm: module;
  // none does, and Deno opens no connection without them either.
  const args = ["run", `--allow-read=${pkgDir},${vectorRoot}`, "--no-remote", "--cached-only", runVectors];
  await runScript(t, "deno", deno, args, {
    DENO_DIR: join(tmp, "deno"),
    DENO_NO_UPDATE_CHECK: "1",
    DENO_NO_PROMPT: "1",
  });
});

test("bun", async (t) => {
  const bun = bin("bun");
  // --no-install: Bun would fetch a missing package from the registry
  // when no node_modules holds it; DO_NOT_TRACK: no crash reports sent.
  // BUN_RUNTIME_TRANSPILER_CACHE_PATH=0: no transpiler cache, which Bun
  // otherwise writes to $HOME/.bun/install/cache/@t@, or, when
  // XDG_CACHE_HOME is set but empty, to bun/@t@ in the working directory
  // (here js/).
  await runScript(t, "bun", bun, ["--no-install", runVectors], { DO_NOT_TRACK: "1", BUN_RUNTIME_TRANSPILER_CACHE_PATH: "0" });
});

/** The Worker's own modules, at the bundle's root beside the package's
 * files (runtimes/workerd-bundle.js lays those out):
 *
 *   worker.js    test/runtimes/workerd/worker.js, the main module
 *   vectors.js   test/vectors.js, the runner */
const workerModules = [
  { name: "worker.js", from: join(testDir, "runtimes", "workerd", "worker.js") },
  { name: "vectors.js", from: join(testDir, "vectors.js") },
];

test("workerd", async (t) => {
  const cmd = bin("workerd");
  const version = await run(cmd, ["--version"], {});
  assert.equal(version.code, 0, `workerd --version\n${output(version)}`);

  const dir = join(tmp, "workerd");
  const { path, resolved, count } = writeWorkerdConfig(dir, workerModules);
  t.diagnostic(`bundle: ${count} modules, ${resolved}`);

  // --socket-addr gives the config's socket port 0, and workerd reports
  // the port it bound on the control descriptor: no port is guessed free.
  const args = ["serve", path, "--socket-addr=http=127.0.0.1:0", "--control-fd=3"];
  t.diagnostic([cmd, ...args].map(shown).join(" "));
  const started = performance.now();
  const served = await serve(cmd, path, { cwd: dir, env: env(), timeoutMs: TIMEOUT_MS });
  workerd = served.child;
  const { port, logs } = served;
  const base = `http://127.0.0.1:${port}/`;

  const ready = await fetch(base, { signal: AbortSignal.timeout(TIMEOUT_MS) }).catch((e) => e);
  assert.ok(ready instanceof Response, `GET ${base} failed: ${ready}\n${logs()}`);
  const readyText = await ready.text();
  assert.equal(ready.status, 200, `the Worker answered GET with ${ready.status}: ${cap(readyText)}\n${logs()}`);
  const startMs = Math.round(performance.now() - started);

  const runStarted = performance.now();
  const res = await fetch(base, { method: "POST", body: JSON.stringify(files), headers: { "content-type": "application/json" }, signal: AbortSignal.timeout(TIMEOUT_MS) }).catch((e) => e);
  assert.ok(res instanceof Response, `POST ${base} failed: ${res}\n${logs()}`);
  const text = await res.text();
  assert.equal(res.status, 200, `the Worker answered ${res.status}: ${cap(text)}\n${logs()}`);
  const got = JSON.parse(text);
  const runMs = Math.round(performance.now() - runStarted);

  t.diagnostic(`${version.stdout.trim()}: ran ${got.ran} vectors, ${got.failures.length} failed, in ${runMs} ms (start ${startMs} ms)`);
  t.diagnostic(`at global scope: load() started ${got.instancesAtLoad} instances, crypto.getRandomValues ${got.randomAtGlobalScope}; instances after the run: ${got.instancesAfter}`);
  const report = got.failures.map((f) => `FAIL ${f.name} (${f.file})\n${f.diff.replace(/^/gm, "    ")}`).join("\n");
  assert.equal(got.failures.length, 0, `workerd: ${got.failures.length} of ${got.ran} vectors failed\n${cap(report)}\n${logs()}`);
  assert.equal(got.ran, expected, `workerd ran ${got.ran} vectors, Node counts ${expected}`);
});
