// The vector suite in Deno and Bun: ../runtimes.test.js spawns this script
// with each runtime's binary from tools/runtimes/node_modules/.bin, from js/ (the
// environment it sets is there, beside each command):
//
//   deno run --allow-read=<js>,<testdata/vectors> --no-remote --cached-only test/runtimes/run-vectors.mjs
//   bun --no-install test/runtimes/run-vectors.mjs
//
// It imports the package by its own name (a package's self-reference
// through its exports map, which Deno and Bun resolve as Node does: the
// "default" condition, src/node.js), reads every vector file with
// ../files.js (node:fs, which both runtimes have), runs them with the
// runner every JS runtime shares, prints each failure, and ends with one
// summary line that runtimes.test.js parses:
//
//   summary: runtime=deno version=2.9.6 ran=2268 failed=0
//
// The exit status is 1 when a vector fails or none ran.
//
// node --test test/ takes every .js and .mjs file under test/ for a test
// file, this one included; under Node it only says so and exits 0 (Node
// runs the vectors in ../vectors.test.js).

import process from "node:process";

const runtime = globalThis.Deno ? "deno" : globalThis.Bun ? "bun" : null;

if (runtime === null) {
  console.log("run-vectors.mjs is for Deno and Bun (test/runtimes.test.js spawns it); Node runs the vectors in test/vectors.test.js");
} else {
  const { load, McpResultError } = await import("mcpresult");
  const { runAll } = await import("../vectors.js");
  const { loadVectorFiles } = await import("../files.js");

  const version = runtime === "deno" ? globalThis.Deno.version.deno : globalThis.Bun.version;
  const mcp = await load();
  const { ran, failures } = runAll(mcp, McpResultError, loadVectorFiles());
  for (const f of failures) {
    console.log(`FAIL ${f.name} (${f.file})\n${f.diff.replace(/^/gm, "    ")}`);
  }
  console.log(`summary: runtime=${runtime} version=${version} ran=${ran} failed=${failures.length}`);
  if (failures.length > 0 || ran === 0) process.exitCode = 1;
}
