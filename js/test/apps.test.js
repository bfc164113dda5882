// mcp.appResource and mcp.appToolMeta: the MCP Apps builders, one module
// call each (their rules are the vectors' build-apps.json; these are what
// only the JS API decides: arguments, options, what is returned).

import { test } from "node:test";
import assert from "node:assert/strict";
import { load, McpResultError } from "mcpresult";

const mcp = await load();
const uri = "ui://maps/view.html";
const html = "<!doctype html><p>map</p>";

test("appResource gives plain resource contents a resource result takes", () => {
  const page = mcp.appResource(uri, html, {
    prefersBorder: true,
    csp: { resourceDomains: ["https://cdn.example.com"], connectDomains: ["https://api.example.com"] },
    permissions: { camera: {} },
  });
  assert.deepEqual(page, {
    uri,
    mimeType: "text/html;profile=mcp-app",
    text: html,
    _meta: { ui: { csp: { connectDomains: ["https://api.example.com"], resourceDomains: ["https://cdn.example.com"] }, permissions: { camera: {} }, prefersBorder: true } },
  });
  assert.equal(Object.getPrototypeOf(page), Object.prototype);
  assert.equal(mcp.jsonOf(page), undefined, "not a result of the registry");
  const r = mcp.resource({ contents: [page] });
  assert.equal(mcp.jsonOf(r), JSON.stringify({ contents: [page] }));
});

test("appToolMeta gives the tool's _meta, with the aliases asked for", () => {
  assert.deepEqual(mcp.appToolMeta(uri), { ui: { resourceUri: uri }, "ui/resourceUri": uri });
  assert.deepEqual(mcp.appToolMeta(uri, { visibility: ["app"], openai: true, meta: { "com.example/team": "maps" } }), {
    ui: { resourceUri: uri, visibility: ["app"] },
    "ui/resourceUri": uri,
    "openai/outputTemplate": uri,
    "openai/widgetAccessible": true,
    "com.example/team": "maps",
  });
});

test("faults are McpResultErrors with their code and path in the arguments", () => {
  const cases = [
    [() => mcp.appResource("https://example.com/view.html", html), "app_resource_uri", "/uri"],
    [() => mcp.appResource(uri, undefined), "missing_field", "/html"],
    [() => mcp.appResource(uri, new Uint8Array([60])), "invalid_type", "/html"],
    [() => mcp.appResource(uri, html, { csp: { frameDomains: ["https://www.youtube.com/embed"] } }), "app_csp_invalid", "/csp/frameDomains/0"],
    [() => mcp.appResource(uri, html, { permissions: { usb: {} } }), "app_permission_unknown", "/permissions/usb"],
    [() => mcp.appResource(uri, html, { prefersBorder: 1 }), "invalid_type", "/prefersBorder"],
    [() => mcp.appResource(uri, html, { visibility: ["app"] }), "unknown_option", "/visibility"],
    [() => mcp.appResource(uri, html, { html: "<p>other</p>" }), "unknown_option", "/html"],
    [() => mcp.appResource(uri, html, "openai"), "invalid_option", ""],
    [() => mcp.appResource(uri, html, { meta: { ui: {} } }), "app_meta_conflict", "/meta/ui"],
    [() => mcp.appResource(uri, html, { meta: { when: new Date(0) } }), "unsupported_value", "/meta/when"],
    [() => mcp.appToolMeta(uri, { visibility: ["model", "model"] }), "invalid_value", "/visibility/1"],
    [() => mcp.appToolMeta(42), "invalid_type", "/resourceUri"],
    [() => mcp.appToolMeta(uri, { resourceUri: uri }), "unknown_option", "/resourceUri"],
  ];
  for (const [call, code, path] of cases) {
    assert.throws(call, (e) => e instanceof McpResultError && e.code === code && e.path === path, `${code} at ${path}`);
  }
});

test("a page past the budget is refused, within the server's settings", () => {
  const server = mcp.forServer({ maxJsonBytes: 4096 });
  assert.equal(server.appResource(uri, "x".repeat(1000)).text.length, 1000);
  assert.throws(() => server.appResource(uri, "x".repeat(5000)), (e) => e instanceof McpResultError && e.code === "max_bytes");
});

test("what the caller's own code throws passes through", () => {
  const boom = new Error("getter");
  const options = {
    get csp() {
      throw boom;
    },
  };
  assert.throws(() => mcp.appResource(uri, html, options), (e) => e === boom);
});

test("a deep or shared meta is refused, never a crash", () => {
  let deep = {};
  for (let i = 0; i < 300; i++) deep = { d: deep };
  assert.throws(() => mcp.appToolMeta(uri, { meta: { deep } }), (e) => e instanceof McpResultError && e.code === "max_depth");
  let wide = {};
  for (let i = 0; i < 64; i++) wide = { a: wide, b: wide };
  assert.throws(() => mcp.appToolMeta(uri, { meta: { wide } }), (e) => e instanceof McpResultError && (e.code === "max_nodes" || e.code === "max_bytes" || e.code === "max_depth"));
});

test("build of an MCP Apps kind gives the same plain object, in no registry", () => {
  const input = { uri, html, prefersBorder: true };
  const built = mcp.build("appResource", input);
  assert.deepEqual(built, mcp.appResource(uri, html, { prefersBorder: true }));
  assert.equal(mcp.jsonOf(built), undefined);
  // returned by a resource handler as if it were a result, it is checked as one
  assert.throws(() => mcp.serialize(built), (e) => e instanceof McpResultError);
  assert.throws(() => mcp.build("appToolMeta", { resourceUri: uri }, { settings: { maxJsonBytes: 100 } }), (e) => e instanceof McpResultError && e.code === "invalid_option");
});

test("an app's page has a page's budget (16 MiB), not a result's", () => {
  const page = (n) => "<!doctype html><html><body>" + "x".repeat(n) + "</body></html>";
  const c = mcp.appResource("ui://pdf/viewer.html", page(4_000_000));
  assert.equal(c.text.length, page(4_000_000).length);
  assert.throws(() => mcp.appResource("ui://pdf/viewer.html", page(17 << 20)), (e) => e instanceof McpResultError && e.code === "max_bytes");
  // a maxJsonBytes the settings give still bounds it
  const small = mcp.forServer({ maxJsonBytes: 4096 });
  assert.throws(() => small.appResource("ui://pdf/viewer.html", page(8192)), (e) => e instanceof McpResultError && e.code === "max_bytes");
});

test("a resource result that holds a page has the page's budget", () => {
  const page = mcp.appResource("ui://pdf/viewer.html", "<!doctype html>" + "x".repeat(4_000_000));
  const r = mcp.resource({ contents: [page] });
  assert.equal(JSON.parse(mcp.serialize(r)).contents[0].text.length, page.text.length);
  // text that is no page keeps a result's budget
  assert.throws(() => mcp.resource({ contents: [{ uri: "file:///big.txt", text: "x".repeat(4_000_000) }] }), (e) => e.code === "max_bytes");
  // and a budget given is kept
  assert.throws(() => mcp.resource({ contents: [page], maxJsonBytes: 1_000_000 }), (e) => e.code === "max_bytes");
  // a getter is not run to find the page
  let runs = 0;
  const sly = { get contents() { runs++; return [page]; } };
  try { mcp.resource(sly); } catch { /* a result's budget */ }
  assert.equal(runs, 1);
});

test("an adapted server serves a page past a result's budget, built or plain", async () => {
  const { McpServer } = await import("@modelcontextprotocol/sdk/server/mcp.js");
  const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
  const { InMemoryTransport } = await import("@modelcontextprotocol/sdk/inMemory.js");
  const { adapt } = await import("mcpresult/sdk");
  const page = mcp.appResource("ui://pdf/viewer.html", "<!doctype html>" + "y".repeat(4_000_000));
  const failures = [];
  const server = adapt(new McpServer({ name: "pages", version: "1.0.0" }), mcp, { onError: (e) => failures.push(e) });
  server.registerResource("built", "ui://pdf/viewer.html", {}, async () => mcp.resource({ contents: [page] }));
  server.registerResource("plain", "ui://pdf/plain.html", {}, async () => ({ contents: [{ ...page, uri: "ui://pdf/plain.html" }] }));
  const [a, b] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "t", version: "1.0.0" });
  await Promise.all([server.connect(a), client.connect(b)]);
  for (const uri of ["ui://pdf/viewer.html", "ui://pdf/plain.html"]) {
    const r = await client.readResource({ uri });
    assert.equal(r.contents[0].text.length, page.text.length, uri);
  }
  assert.deepEqual(failures, []);
  await client.close();
});
