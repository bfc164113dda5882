// What a request costs: every op (build, serialize, validate, outputSchema)
// on values of every shape (small integers, integer-named keys, integer
// pairs, empty arrays, empty objects, short strings, nesting) whose compact
// JSON is 4, 16 or 60 MB, under settings whose budget is the node budget,
// the byte budget, or large enough to hold the value. Each case runs in a
// process of its own (memory.js) and must
//
//   - give the budget's code where the value is past the budget (a throw,
//     or for validate a report), and a result where it is within it;
//   - cost at most 4 × (the value's JSON size + maxJsonBytes) + OVERHEAD
//     of memory: the peak resident set of the process during the op over
//     what it was before, and the growth of the module's linear memory,
//     each; and leave at most that much heap and ArrayBuffer memory
//     uncollected.
//
// OVERHEAD (64 MiB) is what a call may cost whatever its value: V8's young
// generation, which short-lived objects fill before a collection (up to
// three 16 MiB semi-spaces in Node 20), the pages the module's allocator
// takes as it grows, and the code compiled for the call's first run.
// Timing is printed, never judged.
//
// 60 MB cases are run where they take a few seconds (an object of five
// million integer-named keys takes seconds to make and to list, whatever
// the package does). Under the largest budget a value goes to the module
// whole, which takes it seconds: three shapes at 4 MB run by default, the
// other four and 16 MB of small integers with MCPRESULT_MEMORY=full.

import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { SHAPES, SETTINGS, OPS } from "./memory.js";
import { NODE_ALLOWANCE } from "../src/facts.js";

const MiB = 1 << 20;
const OVERHEAD = 64 * MiB;
const ALL = Object.keys(SHAPES);

// [settings, sizes in MB, shapes, what a case waits for (a todo)]
const MATRIX = [
  ["defaults", [4, 16], ALL],
  ["defaults", [60], ALL.filter((s) => s !== "intKeys")],
  ["bytes64M", [4, 16], ALL],
  ["bytes64M", [60], ["ints", "shortStrings", "nesting"]],
  ["byteBound", [4, 16], ALL],
  ["byteBound", [60], ["ints", "intPairs", "shortStrings", "nesting"]],
  ["largest", [4], ["ints", "intKeys", "shortStrings"]],
];
// The module's own work on millions of values within the budget takes it
// seconds a case: these run with MCPRESULT_MEMORY=full.
if (process.env.MCPRESULT_MEMORY === "full") {
  MATRIX.push(
    ["largest", [4], ["intPairs", "emptyArrays", "emptyObjects", "nesting"]],
    // Eight million values within the budget: the module holds them
    // packed (four bytes each), and the package the result it returns (an
    // array of eight million numbers, about 200 MiB at its peak)
    ["largest", [16], ["ints"]],
  );
}

const DEFAULT_MAX_JSON_BYTES = 2_000_000;
const DEFAULT_MAX_NODES = 100_000;

/** expect says what an op gives on a shape's value under settings: the
 * budget's code, and whether the package stops the value before the module
 * sees it (past the values' bound of js/README.md; validate then sends it as
 * far as the bound, for the module to report), or null for a result. */
function expect(shapeName, mb, settingsName, op) {
  const shape = SHAPES[shapeName];
  const s = SETTINGS[settingsName] || {};
  const B = s.maxJsonBytes ?? DEFAULT_MAX_JSON_BYTES;
  const N = s.maxNodes ?? DEFAULT_MAX_NODES;
  const n = Math.floor((mb * 1e6 + 1) / shape.size);
  const size = OPS[op].around + n * shape.size + 1; // the op's value, as compact JSON
  const values = OPS[op].values + 1 + n * shape.values;
  const byBytes = Math.floor((B + 1) / 2);
  const cap = Math.min(N, byBytes);
  const capCode = N <= byBytes ? "max_nodes" : "max_bytes";
  let code = null;
  let stopped = false;
  if (values > cap + NODE_ALLOWANCE) [code, stopped] = [capCode, true];
  else if (values > cap) code = capCode;
  else if (size > B) code = "max_bytes";
  // The module's bound (go doc ./abi, Memory): 4 × (request + maxJsonBytes)
  // and the overhead.
  return { code, stopped, size, bound: 4 * (size + B) + OVERHEAD };
}

function runCase(shape, mb, settings) {
  const script = fileURLToPath(new URL("./memory.js", import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--expose-gc", script, shape, String(mb), settings], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) return reject(new Error(`memory.js ${shape} ${mb} ${settings} exited with ${code}: ${err}`));
      try {
        resolve(JSON.parse(out));
      } catch (e) {
        reject(new Error(`memory.js ${shape} ${mb} ${settings} printed ${out.slice(0, 200)}: ${err}`));
      }
    });
  });
}

const mib = (n) => (n / MiB).toFixed(1) + " MiB";

test("every op on every shape costs memory in proportion to its size and budget, and gives the budget's code", { concurrency: Math.max(1, Math.min(4, availableParallelism())) }, async (t) => {
  const cases = [];
  for (const [settings, sizes, shapes, todo] of MATRIX) {
    for (const mb of sizes) {
      for (const shape of shapes) {
        cases.push(t.test(`${shape}, ${mb} MB, ${settings}`, { todo }, async (t) => {
          const got = await runCase(shape, mb, settings);
          for (const r of got.ops) {
            const want = expect(shape, mb, settings, r.op);
            t.diagnostic(
              `${r.op}: ${JSON.stringify(r.error || r.report || "ok")} in ${r.ms} ms; peak resident set +${mib(r.rssPeakGrowth)}, module +${mib(r.moduleGrowth)}, heap +${mib(r.heapGrowth)}, ArrayBuffers +${mib(r.arrayBuffersGrowth)} (bound ${mib(want.bound)})`,
            );
            const what = `${r.op} on ${shape}, ${mb} MB, ${settings}`;
            if (r.op === "validate") {
              if (want.code === null) assert.deepEqual(r.report, { valid: true, errors: [] }, what);
              else assert.ok(!r.report.valid && r.report.errors.some(([c, p]) => c === want.code && p === ""), what + ": " + JSON.stringify(r.report));
            } else if (want.code === null) {
              assert.equal(r.ok, true, what + ": " + JSON.stringify(r.error));
            } else {
              assert.deepEqual(r.error, [want.code, ""], what);
            }
            // the package's share (what the process took beside the
            // module's memory), the module's, and the two together; the
            // peak of an op is known where the kernel's peak can be reset
            // (Linux), elsewhere it is printed only
            if (r.exactPeak) {
              assert.ok(r.rssPeakGrowth - r.moduleGrowth <= want.bound, `${what}: the package took ${mib(r.rssPeakGrowth - r.moduleGrowth)}, more than ${mib(want.bound)}`);
              assert.ok(r.rssPeakGrowth <= want.bound, `${what}: the resident set grew ${mib(r.rssPeakGrowth)}, more than ${mib(want.bound)}`);
            }
            assert.ok(r.moduleGrowth <= want.bound, `${what}: the module's memory grew ${mib(r.moduleGrowth)}, more than ${mib(want.bound)}`);
            assert.ok(r.heapGrowth <= want.bound, `${what}: the heap grew ${mib(r.heapGrowth)}`);
            assert.ok(r.arrayBuffersGrowth <= want.bound, `${what}: ArrayBuffers grew ${mib(r.arrayBuffersGrowth)}`);
          }
        }));
      }
    }
  }
  await Promise.all(cases);
});
