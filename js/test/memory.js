// One case of memory.test.js, run in a process of its own so that its peak
// memory is its own: node --expose-gc test/memory.js <shape> <megabytes>
// <settings>. It builds a value of that shape whose compact JSON is about
// that large, then runs each op on it (each with an API of its own, so
// that the module's memory is measured from a fresh instance), and prints
// one JSON line: for each op, what it gave and how much memory it took.
//
// Memory of an op: the peak resident set during the op less the resident
// set just before it (on Linux the kernel's peak is reset before each op,
// elsewhere the process's peak is used, which can only overstate it), the
// heap and ArrayBuffer memory it left behind uncollected, and how far the
// module's linear memory grew from the instance's size before the op.

import { readFileSync, writeFileSync } from "node:fs";
import { load, McpResultError } from "mcpresult";

/** The shapes: each element's compact JSON is exactly `size` bytes, a
 * separator included; make(n) gives n elements (whose JSON is n*size+1
 * bytes), values and keys count the JSON values and keys of one element.
 * The elements of an array are one object, written as many times (what
 * the encoder and the module do is the same as for as many copies, and the
 * value is built in milliseconds rather than seconds). */
export const SHAPES = {
  ints: { size: 2, values: 1, keys: 0, make: (n) => new Array(n).fill(0) }, // [0,0,…]
  intKeys: {
    // {"1000000":0,…}: keys of seven digits, each 12 bytes with its value
    size: 12,
    values: 1,
    keys: 1,
    make: (n) => {
      const o = {};
      for (let i = 0; i < n; i++) o[1000000 + (i % 9000000)] = 0;
      return o;
    },
  },
  intPairs: { size: 6, values: 3, keys: 0, make: (n) => new Array(n).fill([1, 2]) }, // [[1,2],…]
  emptyArrays: { size: 3, values: 1, keys: 0, make: (n) => new Array(n).fill([]) },
  emptyObjects: { size: 3, values: 1, keys: 0, make: (n) => new Array(n).fill({}) },
  shortStrings: { size: 4, values: 1, keys: 0, make: (n) => new Array(n).fill("a") }, // ["a",…]
  nesting: {
    // [{"a":[{"a":[…{"a":[0]}…]}]}, …]: 16 levels of objects and arrays
    // an element, 17 values and 8 keys, 7*8+6+3+1 bytes
    size: 66,
    values: 17,
    keys: 8,
    make: (n) => {
      let v = [0];
      for (let i = 0; i < 8; i++) v = i === 7 ? { a: v } : [{ a: v }];
      return new Array(n).fill(v);
    },
  },
};

export const SETTINGS = {
  defaults: undefined,
  bytes64M: { maxJsonBytes: 64_000_000 },
  largest: { maxJsonBytes: 64_000_000, maxNodes: 10_000_000 },
  byteBound: { maxNodes: 10_000_000 }, // the byte budget (2,000,000) is the smaller bound
};

/** The ops, each on the shape's value placed where the op reads a free
 * value; wrap adds the compact JSON around it (in bytes), and the values
 * and keys it adds. */
export const OPS = {
  build: { around: '{"content":[{"type":"text","text":"x"}],"structuredContent":}'.length, values: 5, keys: 4 },
  serialize: { around: '{"content":[{"type":"text","text":"x"}],"structuredContent":}'.length, values: 5, keys: 4 },
  validate: { around: '{"content":[{"type":"text","text":"x"}],"structuredContent":}'.length, values: 5, keys: 4 },
  outputSchema: { around: '{"type":"object","properties":{"x":{"const":}}}'.length, values: 4, keys: 4 },
};

function run(api, op, v) {
  switch (op) {
    case "build":
      return api.tool({ content: [api.text("x")], structuredContent: v });
    case "serialize":
      return api.serialize({ content: [{ type: "text", text: "x" }], structuredContent: v });
    case "validate":
      return api.validate({ content: [{ type: "text", text: "x" }], structuredContent: v }, { stage: "handler" });
    case "outputSchema":
      return api.outputSchema({ type: "object", properties: { x: { const: v } } });
  }
}

// The resident set, and its peak since the last reset (Linux), in bytes.
const status = () => {
  try {
    const s = readFileSync("/proc/self/status", "utf8");
    const kb = (k) => Number(new RegExp("^" + k + ":\\s+(\\d+) kB", "m").exec(s)[1]) * 1024;
    return { rss: kb("VmRSS"), peak: kb("VmHWM") };
  } catch {
    return { rss: process.memoryUsage().rss, peak: process.resourceUsage().maxRSS * 1024 };
  }
};
const resetPeak = () => {
  try {
    writeFileSync("/proc/self/clear_refs", "5");
    return true;
  } catch {
    return false;
  }
};

async function main() {
  const [shapeName, mb, settingsName] = process.argv.slice(2);
  const shape = SHAPES[shapeName];
  const settings = SETTINGS[settingsName];
  const n = Math.floor((Number(mb) * 1e6 + 1) / shape.size);
  let value = shape.make(n);
  const out = { shape: shapeName, mb: Number(mb), settings: settingsName, elements: n, ops: [] };
  // the code of every op compiled (once a process, not a cost of a call)
  const warm = await load({ settings });
  for (const op of Object.keys(OPS)) {
    try {
      run(warm, op, shape.make(1000));
    } catch (e) {
      if (!(e instanceof McpResultError)) throw e;
    }
  }
  for (const op of Object.keys(OPS)) {
    // an instance of its own (forServer shares its loader's instance)
    const api = await load({ settings });
    api.info(); // the instance is running
    // the instance of the op before, and its memory, let go of
    globalThis.gc();
    await new Promise((resolve) => setTimeout(resolve, 20));
    globalThis.gc();
    const modBefore = api.stats().maxMemoryBytes;
    const exactPeak = resetPeak();
    const before = status();
    const mem0 = process.memoryUsage();
    const t0 = performance.now();
    let outcome;
    try {
      const r = run(api, op, value);
      if (op === "validate") {
        outcome = { report: { valid: r.valid, errors: r.errors.map((e) => [e.code, e.path]) } };
      } else {
        outcome = { ok: true };
      }
    } catch (e) {
      if (!(e instanceof McpResultError)) throw e;
      outcome = { error: [e.code, e.path] };
    }
    const ms = performance.now() - t0;
    const mem1 = process.memoryUsage();
    const after = status();
    out.ops.push({
      op,
      ...outcome,
      ms: Math.round(ms),
      rssPeakGrowth: Math.max(0, after.peak - before.rss),
      exactPeak,
      heapGrowth: mem1.heapUsed - mem0.heapUsed,
      arrayBuffersGrowth: mem1.arrayBuffers - mem0.arrayBuffers,
      moduleGrowth: api.stats().maxMemoryBytes - modBefore,
    });
  }
  value = null;
  process.stdout.write(JSON.stringify(out) + "\n");
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop())) await main();
