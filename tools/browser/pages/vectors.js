// The vector page: every conformance vector through the package as a page
// imports it, by its bare name (the "browser" export condition), bundled
// by esbuild or by Vite. browser.test.mjs calls window.runVectors() over
// the DevTools protocol; the vector files come from the test's server
// (/vectors.json), as workerd gets them in a POST.

import { load, McpResultError } from "mcpresult";
import { runAll } from "../../../js/test/vectors.js";

window.runVectors = async function runVectors() {
  // start-up: fetching and compiling the module, then the first call,
  // which (as every call) runs on an instance started by load
  const t0 = performance.now();
  const mcp = await load();
  const loadMs = performance.now() - t0;
  const t1 = performance.now();
  mcp.tool({ structuredContent: { ok: true } });
  const firstCallMs = performance.now() - t1;
  const files = await (await fetch("/vectors.json")).json();
  const t2 = performance.now();
  const { ran, failures } = runAll(mcp, McpResultError, files);
  const runMs = performance.now() - t2;
  const wasm = performance.getEntriesByType("resource").filter((e) => e.name.endsWith(".wasm")).map((e) => e.name);
  return { ran, failures, loadMs, firstCallMs, runMs, wasm, instances: mcp.stats().instances };
};
window.pageReady = true;
