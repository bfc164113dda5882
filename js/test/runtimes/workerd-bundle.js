// What the workerd tests share (../runtimes.test.js, which runs the vector
// suite in a Worker, and ../worker.test.js, which runs
// examples/worker.mjs): a bundle of a Worker and the package's files laid
// out as a bundler resolving the "workerd" export condition would lay them
// out, the workerd config that serves it, and the wait for workerd's port.
//
// Not a test itself; node --test test/ would run it as one, which only
// imports it.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";

const pkgDir = fileURLToPath(new URL("../../", import.meta.url)).replace(/[\\/]$/, "");

/** exportTarget resolves the package's "." export as a bundler for Workers
 * does (wrangler's esbuild conditions: workerd, worker, browser, then
 * import and default), and gives the target and the conditions taken. */
export function exportTarget(exportsField) {
  const conditions = ["workerd", "worker", "browser", "import", "default"];
  let target = typeof exportsField === "object" && !Array.isArray(exportsField) && Object.keys(exportsField).some((k) => k.startsWith(".")) ? exportsField["."] : exportsField;
  const taken = [];
  for (;;) {
    if (typeof target === "string") return { target, taken };
    if (Array.isArray(target)) {
      target = target[0];
      continue;
    }
    const key = target && typeof target === "object" ? Object.keys(target).find((k) => conditions.includes(k)) : undefined;
    assert.ok(key, `package.json exports "." has no target for the conditions ${conditions.join(", ")}`);
    taken.push(key);
    target = target[key];
  }
}

/** packageFiles lists the files the package publishes (package.json
 * "files") that a Worker can import: its .js modules and its .wasm. */
export function packageFiles(pkg) {
  assert.ok(Array.isArray(pkg.files), "package.json has no files list");
  const out = [];
  const add = (rel) => {
    const p = join(pkgDir, rel);
    if (!existsSync(p)) return;
    if (statSync(p).isDirectory()) {
      for (const e of readdirSync(p).sort()) add(join(rel, e));
    } else if (/\.(m?js|wasm)$/.test(rel)) {
      out.push(rel.split(sep).join("/"));
    }
  };
  for (const f of pkg.files) add(f);
  return out;
}

/** capnpString writes a Cap'n Proto text literal (the names here are plain
 * file names; anything else is refused). */
function capnpString(s) {
  assert.match(s, /^[\w./@ -]*$/, `no Cap'n Proto literal for ${JSON.stringify(s)} here`);
  return `"${s}"`;
}

/** writeWorkerdConfig writes the bundle and a config for it into dir and
 * returns the config's path, what "mcpresult" resolved to and the number of
 * modules. own lists the Worker's modules, {name, from} (a file), the main
 * module first; they sit at the bundle's root, beside:
 *
 *   node_modules/mcpresult/src/*.js      the package's modules
 *   node_modules/mcpresult/*.wasm        its module, a Wasm module (workerd compiles it)
 *   mcpresult                            export * from the "workerd" entry
 *
 * workerd resolves a specifier against the importing module's name as a
 * URL under file:///bundle/, bare ones too: so "mcpresult" from a module at
 * the root is the module "mcpresult", and "../mcpresult.wasm" from
 * node_modules/mcpresult/src/workerd.js is node_modules/mcpresult/mcpresult.wasm. */
export function writeWorkerdConfig(dir, own) {
  const pkg = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"));
  const { target, taken } = exportTarget(pkg.exports);
  assert.ok(target.startsWith("./"), `the "." export ${target} is not a path in the package`);
  const prefix = `node_modules/${pkg.name}/`;
  const modules = own.map(({ name, from }) => ({ name, from, type: "esModule" }));
  for (const rel of packageFiles(pkg)) {
    modules.push({ name: prefix + rel, from: join(pkgDir, rel), type: rel.endsWith(".wasm") ? "wasm" : "esModule" });
  }
  const entry = prefix + target.slice(2);
  assert.ok(modules.some((m) => m.name === entry), `the "." export ${target} is not among the package's files`);
  // export * passes on every named export; the package has no default one.
  modules.push({ name: pkg.name, text: `export * from "./${entry}";\n`, type: "esModule" });

  const lines = [];
  for (const m of modules) {
    const to = join(dir, "bundle", ...m.name.split("/"));
    mkdirSync(dirname(to), { recursive: true });
    if (m.text !== undefined) writeFileSync(to, m.text);
    else copyFileSync(m.from, to);
    lines.push(`    (name = ${capnpString(m.name)}, ${m.type} = embed ${capnpString("bundle/" + m.name)}),`);
  }

  const config = `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [(name = "main", worker = .worker)],
  sockets = [(name = "http", http = (), service = "main")],
);

const worker :Workerd.Worker = (
  # No compatibility flag: without nodejs_compat no node: module exists,
  # so the Worker starting proves the workerd entry imports none.
  compatibilityDate = "2025-09-01",
  modules = [
${lines.join("\n")}
  ],
);
`;
  const path = join(dir, "config.capnp");
  writeFileSync(path, config);
  return { path, resolved: `${pkg.name} -> ${target} (${taken.join(" > ")})`, count: modules.length };
}

/** listen waits for workerd to report its socket's port on the control
 * descriptor (fd 3), or to end. Run workerd with
 * --socket-addr=http=127.0.0.1:0 --control-fd=3 and a pipe as fd 3: the
 * config's socket gets port 0, and workerd reports the port it bound, so
 * no port is guessed free. */
export function listen(child, timeoutMs) {
  return new Promise((resolve, reject) => {
    let buf = "";
    const timer = setTimeout(() => reject(new Error(`workerd did not listen within ${timeoutMs} ms`)), timeoutMs);
    child.stdio[3].setEncoding("utf8").on("data", (s) => {
      buf += s;
      for (const line of buf.split("\n").slice(0, -1)) {
        let msg;
        try {
          msg = JSON.parse(line);
        } catch {
          continue;
        }
        if (msg.event === "listen" && msg.socket === "http") {
          clearTimeout(timer);
          resolve(msg.port);
        }
      }
      buf = buf.slice(buf.lastIndexOf("\n") + 1);
    });
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`workerd ended before listening (exit code ${code}${signal ? ", signal " + signal : ""})`));
    });
    child.on("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

const LOG_CAP = 20_000;
const capped = (s) => (s.length > LOG_CAP ? s.slice(0, LOG_CAP) + `\n[... ${s.length - LOG_CAP} more characters]` : s);

/**
 * serve starts `workerd serve` on a config written by writeWorkerdConfig,
 * on a loopback port workerd picks and reports (see listen), and gives the
 * process, the port, its output so far (logs, for assertion messages) and
 * stop. A workerd that does not listen fails the test with its output.
 */
export async function serve(bin, configPath, { cwd, env, timeoutMs }) {
  const child = spawn(bin, ["serve", configPath, "--socket-addr=http=127.0.0.1:0", "--control-fd=3"], { cwd, env, stdio: ["ignore", "pipe", "pipe", "pipe"] });
  const closed = new Promise((r) => child.once("close", r));
  const out = { stdout: "", stderr: "" };
  child.stdout.setEncoding("utf8").on("data", (s) => (out.stdout += s));
  child.stderr.setEncoding("utf8").on("data", (s) => (out.stderr += s));
  const logs = () => `--- workerd stdout\n${capped(out.stdout)}\n--- workerd stderr\n${capped(out.stderr)}`;
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  };
  let port;
  try {
    port = await listen(child, timeoutMs);
  } catch (err) {
    // the stderr of a workerd that failed to start is all there at the close
    if (child.exitCode !== null || child.signalCode !== null) await closed;
    assert.fail(`${err.message}\n${logs()}`);
  }
  return { child, port, out, logs, stop };
}
