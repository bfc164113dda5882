// The package in a real browser: Debian's chromium, driven headless over
// the DevTools protocol by puppeteer-core (make test-browser installs the
// browser with apt when it is missing, and this folder's pinned packages).
// A missing browser fails the run; nothing here is skipped.
//
//   - the vector page (pages/vectors.js), bundled by esbuild and by Vite,
//     imports "mcpresult" by its name (the "browser" export condition) and
//     runs every conformance vector, as Node, Deno, Bun and workerd do;
//     the esbuild page runs twice, its module sent as application/wasm
//     (compiled while it streams) and as application/octet-stream (read
//     whole, then compiled);
//   - no bundle holds a Node built-in (the text "node:");
//   - the README's WebMCP quick start (js/examples/webmcp.mjs), bundled by
//     esbuild and by Vite, registers its tool through
//     @mcp-b/webmcp-polyfill; each call
//     gives a result that the official schema of its revision accepts and
//     that is byte for byte what Node (the package's default entry) and Go
//     (the command line) write for the same input;
//   - registerTool's rules through the polyfill (pages/webmcp.js), and
//     Chromium's own WebMCP without the polyfill (pages/native.js), its
//     tool called through the browser's testing entry, whichever the
//     browser has (document.modelContext.executeTool, or the earlier
//     navigator.modelContextTesting.executeTool), which the spec
//     reporter names.
//
// The module's start-up in the page (fetch and compile, then the first
// call) and the bundles' sizes are printed, never asserted.
//
//   node --test tools/browser/browser.test.mjs   (from the repository root; MCPRESULT_CLI names the command line, default bin/mcpresult)

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createServer } from "node:http";
import { copyFileSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { gzipSync } from "node:zlib";
import { dirname, extname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { applies } from "../../js/test/vectors.js";
import { loadVectorFiles } from "../../js/test/files.js";
import { revisionSchema } from "../../js/test/schemas.js";

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, "..", "..");
const jsDir = join(repo, "js");
const chromium = "/usr/bin/chromium";
const cli = process.env.MCPRESULT_CLI || join(repo, "bin", "mcpresult");

const files = loadVectorFiles();
const expected = files.reduce((n, { vectors }) => n + vectors.filter(applies).length, 0);
const vectorsJson = JSON.stringify(files);

const out = mkdtempSync(join(tmpdir(), "mcpresult-browser-"));
let server;
let base;
let browser;
let nativeBrowser;

after(async () => {
  if (browser) await browser.close().catch(() => {});
  if (nativeBrowser) await nativeBrowser.close().catch(() => {});
  if (server) server.close();
  rmSync(out, { recursive: true, force: true });
});

const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".wasm": "application/wasm", ".json": "application/json" };

/** serve: the built pages under out/; /vectors.json, the vector files;
 * /plain/<path>, the same file, a .wasm sent as application/octet-stream. */
function serve() {
  return new Promise((ready) => {
    server = createServer((req, res) => {
      let path = decodeURIComponent(new URL(req.url, "http://x").pathname);
      if (path === "/vectors.json") {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(vectorsJson);
        return;
      }
      let plain = false;
      if (path.startsWith("/plain/")) {
        plain = true;
        path = path.slice("/plain".length);
      }
      const file = join(out, path);
      if (relative(out, file).startsWith("..") || !existsSync(file) || !statSync(file).isFile()) {
        res.writeHead(404);
        res.end();
        return;
      }
      const type = plain && file.endsWith(".wasm") ? "application/octet-stream" : TYPES[extname(file)] || "application/octet-stream";
      res.writeHead(200, { "content-type": type });
      res.end(readFileSync(file));
    });
    server.listen(0, "127.0.0.1", () => ready(`http://127.0.0.1:${server.address().port}`));
  });
}

function html(script) {
  return `<!doctype html><html><head><meta charset="utf-8"><title>mcpresult</title></head><body><script type="module" src="${script}"></script></body></html>\n`;
}

/** kb is a size in KB, one decimal. */
const kb = (n) => (n / 1024).toFixed(1) + " KB";

function jsFiles(dir) {
  return readdirSync(dir, { recursive: true }).map((f) => join(dir, String(f))).filter((f) => f.endsWith(".js"));
}

before(async () => {
  assert.ok(existsSync(chromium), `${chromium} is missing: install Debian's chromium (make test-browser installs it with apt-get)`);
  // "mcpresult" in node_modules, as an installed package is: a link to
  // js/, made here rather than declared in package.json (npm would record
  // js's development packages in this folder's lockfile)
  const link = join(here, "node_modules", "mcpresult");
  if (!existsSync(link)) {
    try {
      lstatSync(link);
      rmSync(link); // a dangling link
    } catch {}
    symlinkSync(relative(dirname(link), jsDir), link);
  }
  const esbuild = await import("esbuild");
  const vite = await import("vite");
  // esbuild leaves new URL("../mcpresult.wasm", import.meta.url) as it is,
  // relative to the bundle: the bundle is at /<page>/app.js, the module at
  // /mcpresult.wasm
  copyFileSync(join(jsDir, "mcpresult.wasm"), join(out, "mcpresult.wasm"));
  const pages = [
    ["esbuild", join(here, "pages", "vectors.js")],
    ["webmcp", join(jsDir, "examples", "webmcp.mjs")],
    ["rules", join(here, "pages", "webmcp.js")],
    ["native", join(here, "pages", "native.js")],
  ];
  for (const [page, entry] of pages) {
    mkdirSync(join(out, page));
    await esbuild.build({
      entryPoints: [entry],
      bundle: true,
      format: "esm",
      platform: "browser",
      target: "es2022",
      outfile: join(out, page, "app.js"),
      // the quick start is in js/examples, whose node_modules lacks the
      // polyfill: this folder's has it
      nodePaths: [join(here, "node_modules")],
      logLevel: "error",
    });
    writeFileSync(join(out, page, "index.html"), html("./app.js"));
  }
  // the package alone, as a page takes it, minified: its size is printed
  writeFileSync(join(out, "package.js"), 'export { load, McpResultError, ClientError } from "mcpresult";\nexport { registerTool, modelContext } from "mcpresult/webmcp";\n');
  await esbuild.build({ entryPoints: [join(out, "package.js")], bundle: true, minify: true, format: "esm", platform: "browser", target: "es2022", outfile: join(out, "package", "mcpresult.min.js"), nodePaths: [join(here, "node_modules")], logLevel: "error" });
  // Vite copies the module it finds at new URL(…, import.meta.url) into
  // its assets and rewrites the URL
  await vite.build({
    root: join(here, "pages"),
    configFile: false,
    logLevel: "error",
    base: "./",
    build: { outDir: join(out, "vite"), emptyOutDir: true, rollupOptions: { input: join(here, "pages", "vectors.html") } },
  });
  // the README's quick start, bundled by Vite too; it is in js/examples,
  // whose node_modules lacks the polyfill, which this folder's has
  await vite.build({
    root: join(here, "pages"),
    configFile: false,
    logLevel: "error",
    base: "./",
    resolve: { alias: { "@mcp-b/webmcp-polyfill": join(here, "node_modules", "@mcp-b", "webmcp-polyfill") } },
    build: { outDir: join(out, "webmcp-vite"), emptyOutDir: true, rollupOptions: { input: join(here, "pages", "quickstart.html") } },
  });
  base = await serve();
  browser = await launch([]);
});

/** launch starts Chromium headless with the flags every test needs, and extra. */
async function launch(extra) {
  const puppeteer = await import("puppeteer-core");
  return puppeteer.launch({
    executablePath: chromium,
    headless: true,
    // --no-sandbox: CI runs as root, and Chromium refuses to start its
    // sandbox as root (no user namespaces for root in a container);
    // the pages are this test's own, served from 127.0.0.1.
    // --disable-dev-shm-usage: a container's /dev/shm is often 64 MB,
    // too small for the renderer's shared memory.
    args: ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--no-first-run", "--no-default-browser-check", ...extra],
  });
}

/** open loads a page, recording what it logs and throws. */
async function open(path, on = browser) {
  const page = await on.newPage();
  const logs = [];
  page.on("console", (m) => logs.push(`${m.type()}: ${m.text()}`));
  page.on("pageerror", (e) => logs.push(`pageerror: ${e.message}`));
  page.on("requestfailed", (r) => logs.push(`requestfailed: ${r.url()} ${r.failure()?.errorText}`));
  const res = await page.goto(base + path, { waitUntil: "load" });
  assert.equal(res.status(), 200, `${path}: status ${res.status()}`);
  return { page, logs };
}

async function vectorPage(t, name, path, wasmPath) {
  const { page, logs } = await open(path);
  try {
    await page.waitForFunction(() => window.pageReady === true, { timeout: 20_000 }).catch((e) => assert.fail(`${path}: the page never got ready (${e.message})\n${logs.join("\n")}`));
    const got = await page.evaluate(() => window.runVectors());
    t.diagnostic(`${name}: start-up ${got.loadMs.toFixed(1)} ms (fetch and compile the module, start an instance), first call ${got.firstCallMs.toFixed(2)} ms; ${got.ran} vectors in ${got.runMs.toFixed(0)} ms`);
    const report = got.failures.map((f) => `FAIL ${f.name} (${f.file})\n${f.diff}`).join("\n");
    assert.equal(got.failures.length, 0, `${name}: ${got.failures.length} of ${got.ran} vectors failed\n${report.slice(0, 60_000)}\n${logs.join("\n")}`);
    assert.equal(got.ran, expected, `${name} ran ${got.ran} vectors, Node counts ${expected}`);
    assert.equal(got.instances, 1, "one instance, started by load");
    if (wasmPath !== undefined) assert.deepEqual(got.wasm.map((u) => new URL(u).pathname), [wasmPath], "the module the page fetched");
  } finally {
    await page.close();
  }
}

test("esbuild page: every vector, the module sent as application/wasm", async (t) => {
  await vectorPage(t, "esbuild", "/esbuild/index.html", "/mcpresult.wasm");
});

test("esbuild page: every vector, the module sent as application/octet-stream", async (t) => {
  await vectorPage(t, "esbuild (octet-stream)", "/plain/esbuild/index.html", "/plain/mcpresult.wasm");
});

test("Vite page: every vector, the module among Vite's assets", async (t) => {
  await vectorPage(t, "vite", "/vite/vectors.html", undefined);
  const assets = readdirSync(join(out, "vite", "assets"));
  assert.ok(assets.some((f) => /^mcpresult-.*\.wasm$/.test(f)), `Vite emitted no mcpresult-*.wasm: ${assets}`);
});

test("no Node built-in in a browser bundle", (t) => {
  for (const dir of ["esbuild", "webmcp", "rules", "native", "vite", "webmcp-vite", "package"]) {
    for (const f of jsFiles(join(out, dir))) {
      const text = readFileSync(f, "utf8");
      t.diagnostic(`${relative(out, f)}: ${kb(text.length)}${dir === "package" ? ` (the package alone, minified; ${kb(gzipSync(text).length)} gzip)` : ""}`);
      const at = text.indexOf("node:");
      assert.equal(at, -1, `${relative(out, f)} names a Node built-in: …${text.slice(Math.max(0, at - 80), at + 40)}…`);
    }
  }
  t.diagnostic(`mcpresult.wasm: ${kb(statSync(join(out, "mcpresult.wasm")).size)}`);
});

/** The calls of the quick start's tool, and the same result as Node and Go
 * build it: kind and input of the command line's build. */
const calls = [
  { args: { city: "Paris" }, kind: "tool", input: { structuredContent: { city: "Paris", tempC: 18.5 } } },
  { args: { city: "Oslo" }, kind: "tool", input: { structuredContent: { city: "Oslo", tempC: -3 } } },
  { args: { city: "" }, kind: "error", input: { message: "say which city", code: "weather.no_city" } },
  // a private failure: the fallback result, the detail only in onError
  { args: { city: "Atlantis" }, kind: "tool", input: { content: [{ type: "text", text: "tool execution failed" }], isError: true }, private: "lookup of Atlantis failed" },
];

for (const [bundler, path] of [["esbuild", "/webmcp/index.html"], ["Vite", "/webmcp-vite/quickstart.html"]])
test(`WebMCP: the README's quick start (${bundler}) through the polyfill, the same bytes as Node and Go`, async (t) => {
  const { load } = await import("mcpresult");
  const mcp = await load();
  const revision = mcp.info().latestProtocolVersion;
  const callToolResult = revisionSchema(revision).definition("CallToolResult");
  assert.ok(callToolResult, `the ${revision} schema has CallToolResult`);
  assert.ok(existsSync(cli), `${cli} is missing: make test-browser builds it (or set MCPRESULT_CLI)`);

  const { page, logs } = await open(path);
  try {
    await page.waitForFunction(() => document.documentElement.dataset.ready === "weather", { timeout: 20_000 }).catch((e) => assert.fail(`the quick start never registered its tool (${e.message})\n${logs.join("\n")}`));
    const listed = await page.evaluate(async () => {
      const tools = await document.modelContext.getTools();
      return { polyfill: document.modelContext.__isWebMCPPolyfill === true, tools: tools.map((x) => ({ name: x.name, description: x.description, inputSchema: x.inputSchema })) };
    });
    assert.equal(listed.polyfill, true, "document.modelContext is the polyfill's");
    assert.deepEqual(listed.tools, [{ name: "weather", description: "Weather for a city", inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } }]);

    for (const c of calls) {
      const before = logs.length;
      // executeTool gives the result as the agent gets it: a JSON string
      const got = await page.evaluate(async (args) => {
        const [tool] = await document.modelContext.getTools();
        return document.modelContext.executeTool(tool, JSON.stringify(args));
      }, c.args);
      const label = JSON.stringify(c.args);
      const ok = callToolResult(JSON.parse(got));
      assert.ok(ok, `${label}: the ${revision} schema refuses ${got}: ${JSON.stringify(callToolResult.errors)}`);
      const node = mcp.serialize(c.kind === "error" ? mcp.error(c.input.message, c.input.code) : mcp.tool(c.input), { protocolVersion: revision, finalize: true });
      const go = execFileSync(cli, ["serialize", "--protocol", revision], { input: execFileSync(cli, ["build", "--kind", c.kind], { input: JSON.stringify(c.input) }) }).toString().trimEnd();
      assert.equal(got, node, `${label}: the page and Node differ`);
      assert.equal(got, go, `${label}: the page and Go differ`);
      t.diagnostic(`${label} → ${got}`);
      const logged = logs.slice(before).join("\n");
      if (c.private) {
        assert.ok(!got.includes(c.private), `${label}: the private detail reached the agent`);
        assert.match(logged, new RegExp(`private: ${c.private}`), `${label}: onError got no detail\n${logged}`);
      } else {
        assert.doesNotMatch(logged, /private:/, `${label}: onError was called\n${logged}`);
      }
    }
    assert.deepEqual(logs.filter((l) => l.startsWith("pageerror") || l.startsWith("requestfailed")), [], "the page ran without error");
  } finally {
    await page.close();
  }
});

/** A tool of the rules page: its name, the arguments, the revision it
 * writes for, the result as Node builds it, and the private error. */
const rules = [
  { name: "budget", args: {}, node: (m) => m.tool({ content: [{ type: "text", text: "tool output was invalid" }], isError: true }), private: { code: "max_bytes", path: "" } },
  { name: "array", args: {}, revision: "2025-11-25", node: (m) => m.tool({ structuredContent: [1, 2, 3] }) },
  { name: "old", args: {}, revision: "2024-11-05", node: (m) => m.tool({ structuredContent: { a: 1 } }) },
  { name: "invalid", args: {}, node: (m) => m.tool({ content: [{ type: "text", text: "tool output was invalid" }], isError: true }), private: { code: "invalid_base64", path: "/content/0/data" } },
  { name: "bigint", args: {}, node: (m) => m.tool({ content: [{ type: "text", text: "tool output was invalid" }], isError: true }), private: { code: "unsupported_value", path: "/structuredContent/n" } },
  { name: "plain", args: { who: "page" }, node: () => ({ content: [{ type: "text", text: "hello page" }] }) },
];

test("WebMCP: registerTool's rules (detection, budget, fallbacks, guard) through the polyfill", async (t) => {
  const { load } = await import("mcpresult");
  const mcp = await load();
  const latest = mcp.info().latestProtocolVersion;
  const { page, logs } = await open("/rules/index.html");
  try {
    await page.waitForFunction(() => window.pageReady === true, { timeout: 20_000 }).catch((e) => assert.fail(`the page never got ready (${e.message})\n${logs.join("\n")}`));
    const setUp = await page.evaluate(() => window.setUp());
    assert.deepEqual(setUp.beforePolyfill, { modelContext: "none", register: { error: "McpResultError", code: "invalid_option", path: "/modelContext", mcpResultError: true } });
    assert.equal(setUp.found, "document.modelContext");
    assert.equal(setUp.withoutDocument, "navigator.modelContext");
    assert.equal(setUp.restored, true);
    assert.deepEqual(setUp.badVersion, { error: "McpResultError", code: "unsupported_protocol_version", path: "/protocolVersion", mcpResultError: true });
    assert.deepEqual(setUp.tools, ["array", "bigint", "budget", "invalid", "old", "plain"], "the aborted registration is gone");

    for (const r of rules) {
      const revision = r.revision ?? latest;
      const got = await page.evaluate(async (name, args) => {
        const tool = (await document.modelContext.getTools()).find((x) => x.name === name);
        return document.modelContext.executeTool(tool, JSON.stringify(args));
      }, r.name, r.args);
      const validate = revisionSchema(revision).definition("CallToolResult");
      assert.ok(validate(JSON.parse(got)), `${r.name}: the ${revision} schema refuses ${got}: ${JSON.stringify(validate.errors)}`);
      assert.equal(got, mcp.serialize(r.node(mcp), { protocolVersion: revision, finalize: true }), `${r.name}: the page and Node differ`);
      t.diagnostic(`${r.name} (${revision}) → ${got}`);
    }
    const privateErrors = await page.evaluate(() => window.privateErrors());
    assert.deepEqual(
      privateErrors.map(({ tool, code, path }) => ({ tool, code, path })),
      rules.filter((r) => r.private).map((r) => ({ tool: r.name, ...r.private })),
      `what onError got: ${JSON.stringify(privateErrors)}`,
    );
    assert.deepEqual(logs.filter((l) => l.startsWith("pageerror") || l.startsWith("requestfailed")), [], "the page ran without error");
  } finally {
    await page.close();
  }
});

/** The flags that turn on the browser's own WebMCP: the experimental web
 * platform features (where Debian's Chromium has it), and its features by
 * name (WebMCP, and WebMCPTesting for the testing entry), should a build
 * take them out of that set; a name a build does not know is ignored. */
const webmcpFlags = ["--enable-experimental-web-platform-features", "--enable-features=WebMCP,WebMCPTesting"];

test("WebMCP: Chromium's own WebMCP, no polyfill", async (t) => {
  const { load } = await import("mcpresult");
  const mcp = await load();
  const revision = mcp.info().latestProtocolVersion;
  const validate = revisionSchema(revision).definition("CallToolResult");
  nativeBrowser = await launch(webmcpFlags);
  const version = await nativeBrowser.version();
  t.diagnostic(`chromium ${version}, launched with ${webmcpFlags.join(" ")}`);
  const { page, logs } = await open("/native/index.html", nativeBrowser);
  try {
    await page.waitForFunction(() => window.pageReady === true, { timeout: 20_000 }).catch((e) => assert.fail(`the page never got ready (${e.message})\n${logs.join("\n")}`));
    const setUp = await page.evaluate(() => window.setUp());
    // registerTool takes document.modelContext, else the earlier drafts'
    // navigator.modelContext: whichever the browser has
    assert.equal(setUp.polyfill, false, "the browser's own WebMCP");
    assert.ok(["navigator.modelContext", "document.modelContext"].includes(setUp.found), `registerTool found ${setUp.found}`);
    assert.equal(setUp.own, true, `${setUp.found}.registerTool is the browser's own (native code)`);
    t.diagnostic(`registerTool found Chromium's ${setUp.found}`);
    // the testing entry, found by what the page has (pages/native.js)
    const entry = await page.evaluate(() => window.testingEntry());
    const found = Object.entries(entry.found).map(([k, v]) => `${k}: ${v}`).join("; ");
    assert.notEqual(entry.used, "none", `the browser (${version}) has no WebMCP testing entry this test knows (${entry.known?.join(", ")}); the page has ${found}`);
    assert.equal(entry.own, true, `the testing entry ${entry.used} is not the browser's own; the page has ${found}`);
    t.diagnostic(`testing entry: ${entry.used} (the page has ${found})`);
    const echo = { name: "echo", description: "Echoes its word", inputSchema: { type: "object", properties: { word: { type: "string" } }, required: ["word"] } };
    if (entry.tools !== undefined) assert.deepEqual(entry.tools, [echo], `the tools ${entry.used} lists`);
    else t.diagnostic(`${entry.used} lists no tools: the calls by name show the registration`);
    const calls = [
      { word: "hello", node: (m) => m.tool({ structuredContent: { word: "hello" } }) },
      { word: "", node: (m) => m.error("say a word", "echo.empty") },
      { word: "secret", node: (m) => m.tool({ content: [{ type: "text", text: "tool execution failed" }], isError: true }) },
    ];
    for (const c of calls) {
      // the testing entry gives the result as the browser hands it on
      const got = await page.evaluate((word) => window.callTool("echo", { word }), c.word).catch((e) => assert.fail(`${entry.used} refused ${JSON.stringify(c.word)}: ${e.message}\n${logs.join("\n")}`));
      assert.equal(typeof got, "string", `executeTool gave ${JSON.stringify(got)}`);
      assert.ok(validate(JSON.parse(got)), `${c.word}: the ${revision} schema refuses ${got}: ${JSON.stringify(validate.errors)}`);
      assert.equal(got, mcp.serialize(c.node(mcp), { protocolVersion: revision, finalize: true }), `${JSON.stringify(c.word)}: the page and Node differ`);
      t.diagnostic(`${JSON.stringify(c.word)} → ${got}`);
    }
    assert.deepEqual(await page.evaluate(() => window.privateErrors()), ["the secret stays here"]);
    assert.deepEqual(logs.filter((l) => l.startsWith("pageerror") || l.startsWith("requestfailed")), [], "the page ran without error");
  } finally {
    await page.close();
  }
});
