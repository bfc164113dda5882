// The Node figures of make bench: the package end to end against a pure-JS
// baseline (the small and 100 KB results, and the shapes of the Go
// benchmarks: the README's weather result, nested structured content, a
// resource result), where the time of a call goes, the first result in a new
// process, an instance's memory, and the package's MessagePack codec against
// msgpackr and @msgpack/msgpack. It prints one line per run in the form of
// go test -bench (name, iterations, value unit pairs), which
// internal/cmd/benchtable reads beside the Go benchmarks:
//
//	node js/bench/bench.mjs > bin/bench-node.txt
//	go run ./internal/cmd/benchtable -wasm host/mcpresult.wasm -node bin/bench-node.txt < bin/bench.txt
//
// Every timed figure is the p50 of the per-op time of many small batches in
// one run, after a warm-up; the runs of all benchmarks are interleaved so
// that a slow moment of the machine falls on all of them alike, each starts
// after a full garbage collection, and the table takes the median of the
// runs. Nothing here passes or fails on time.
//
// Options: --count N (runs, default 5), --spawns N (new processes for the
// first result, default 7; 0 for none), --run-ms, --warmup-ms, --filter
// REGEXP (only the in-process benchmarks whose name matches).

import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { cpus } from "node:os";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import { small, big } from "./inputs.mjs";

const args = process.argv.slice(2);
function option(name, def) {
  const i = args.indexOf("--" + name);
  return i >= 0 ? args[i + 1] : def;
}

const WASM_URL = new URL("../mcpresult.wasm", import.meta.url);

// The shapes of the Go benchmarks (result's BenchmarkShape, host's
// BenchmarkModuleShape, tools/peerbench's BenchmarkPeerGoSDKShape): the
// README's weather result (structured content only; the package writes its
// text copy, the baseline makes it with JSON.stringify), nested structured
// content, and a resource result of one text entry. Each has the package's
// call and the pure-JS baseline's object.
const SHAPES = {
  weather: {
    tool: () => mcp.tool({ structuredContent: { city: "Paris", tempC: 18.5 } }),
    plain: () => {
      const sc = { city: "Paris", tempC: 18.5 };
      return { content: [{ type: "text", text: JSON.stringify(sc) }], structuredContent: sc };
    },
    schema: "tool",
  },
  nested: {
    tool: () => mcp.tool(nested()),
    plain: nested,
    schema: "tool",
  },
  resource: {
    tool: () => mcp.resource(resource()),
    plain: resource,
    schema: "resource",
  },
};

function nested() {
  return {
    content: [{ type: "text", text: "Oslo: 3.5°C, cloudy, wind." }],
    structuredContent: { city: "Oslo", tempC: 3.5, conditions: ["cloudy", "wind"], ok: true },
  };
}

function resource() {
  return { contents: [{ uri: "docs://readme", mimeType: "text/plain", text: "Hello from mcpresult." }] };
}

// ---------------------------------------------------------------------------
// A child process: the first result in a new process.

if (option("child") !== undefined) {
  await child(option("child"));
  process.exit(0);
}

async function child(mode) {
  const out = {};
  if (mode === "load") {
    // what an application does: import the package, load, build
    const t0 = performance.now();
    const { load } = await import("mcpresult");
    const t1 = performance.now();
    const mcp = await load();
    const t2 = performance.now();
    mcp.tool(small());
    const t3 = performance.now();
    out.importMs = t1 - t0;
    out.loadMs = t2 - t1;
    out.firstMs = t3 - t2;
    out.memInit = mcp.stats().maxMemoryBytes;
    mcp.serialize(mcp.tool(big()));
    out.mem100KB = mcp.stats().maxMemoryBytes;
  } else {
    // the same, in parts: reading and compiling the module, then the
    // instance (instantiate, _initialize, the ABI version), then the call
    const { load } = await import("mcpresult");
    const t0 = performance.now();
    const bytes = readFileSync(WASM_URL);
    const t1 = performance.now();
    const module = await WebAssembly.compile(bytes);
    const t2 = performance.now();
    const mcp = await load({ module });
    const t3 = performance.now();
    mcp.tool(small());
    const t4 = performance.now();
    out.readMs = t1 - t0;
    out.compileMs = t2 - t1;
    out.instanceMs = t3 - t2;
    out.firstMs = t4 - t3;
  }
  process.stdout.write(JSON.stringify(out) + "\n");
}

// ---------------------------------------------------------------------------
// The parent.

const COUNT = Number(option("count", "5"));
const SPAWNS = Number(option("spawns", "7"));
const RUN_MS = Number(option("run-ms", "250"));
const WARMUP_MS = Number(option("warmup-ms", "500"));

const { load } = await import("mcpresult");
const { Encoder, MODE_STRICT, MAX_RESULT_DEPTH } = await import("../src/encode.js");
const { decode } = await import("../src/decode.js");
const { createWasi } = await import("../src/wasi.js");
const { CallToolResultSchema, ReadResourceResultSchema } = await import("@modelcontextprotocol/sdk/types.js");
// The MessagePack codecs measured beside the package's own live in
// tools/jstest (make bench installs it), resolved from there.
const { createRequire } = await import("node:module");
const { pathToFileURL } = await import("node:url");
const jstest = createRequire(new URL("../../tools/jstest/package.json", import.meta.url));
const msgpackr = await import(pathToFileURL(jstest.resolve("msgpackr")).href);
const msgpack = await import(pathToFileURL(jstest.resolve("@msgpack/msgpack")).href);

const lines = [];
function emit(name, iterations, metrics) {
  const parts = [name, String(iterations)];
  for (const [unit, v] of metrics) parts.push(String(Number(v.toPrecision(6))), unit);
  const line = parts.join("\t");
  lines.push(line);
  process.stdout.write(line + "\n");
}

process.stdout.write(`goos: ${process.platform}\ngoarch: ${process.arch}\npkg: mcpresult/js/bench\n`);
process.stdout.write(`cpu: ${cpus()[0]?.model ?? "?"}\nnode: ${process.version}\n`);
process.stdout.write(`# ${cpus().length} cores; p50 per op of each run, ${COUNT} runs interleaved, ${WARMUP_MS} ms warm-up each\n`);

// --- the first result in a new process, and memory --------------------------

function spawnChild(mode) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), "--child", mode], { encoding: "utf8" });
  const wall = Number(process.hrtime.bigint() - t0);
  if (r.status !== 0) {
    process.stderr.write(r.stderr);
    throw new Error("the child process failed (" + mode + ")");
  }
  return { ...JSON.parse(r.stdout), wallNs: wall };
}

const MS = 1e6;
for (let i = 0; i < SPAWNS; i++) {
  const c = spawnChild("load");
  // the first spawn of this run, apart: Node keeps no compiled WebAssembly
  // between processes, so every process compiles the module again; only
  // the OS's file cache differs for the first one
  const name = i === 0 ? "BenchmarkNodeFirstResult/first" : "BenchmarkNodeFirstResult/spawn";
  emit(name, 1, [
    ["ns/op", (c.loadMs + c.firstMs) * MS],
    ["ns-import", c.importMs * MS],
    ["ns-load", c.loadMs * MS],
    ["ns-call", c.firstMs * MS],
    ["ns-process", c.wallNs],
  ]);
  emit("BenchmarkNodeInstanceMemory", 1, [
    ["MiB-init", c.memInit / 2 ** 20],
    ["MiB-100KB", c.mem100KB / 2 ** 20],
  ]);
}
for (let i = 0; i < SPAWNS; i++) {
  const c = spawnChild("parts");
  emit("BenchmarkNodeFirstResultParts", 1, [
    ["ns-read", c.readMs * MS],
    ["ns-compile", c.compileMs * MS],
    ["ns-instance", c.instanceMs * MS],
    ["ns-call", c.firstMs * MS],
  ]);
}

// --- the package, the baseline, and the parts of a call -----------------------

const mcp = await load();

// The pure-JS baseline: the same object built, written with JSON.stringify
// and checked with the official SDK's schema.
function baseline(build, schema = CallToolResultSchema) {
  const o = build();
  const json = JSON.stringify(o);
  schema.parse(o);
  return json;
}

// A raw instance of the same module, with the package's own WASI shim: the
// exports called directly on a request encoded once, as the package's
// Engine.call does, without the encoding, the decoding or the API around it.
const module = await WebAssembly.compile(readFileSync(WASM_URL));
function rawInstance(countCalls) {
  const wasi = createWasi(undefined, globalThis.crypto);
  const imports = wasi.imports;
  if (countCalls) {
    const fns = imports.wasi_snapshot_preview1;
    for (const k of Object.keys(fns)) {
      const f = fns[k];
      fns[k] = (...a) => {
        countCalls[k] = (countCalls[k] ?? 0) + 1;
        return f(...a);
      };
    }
  }
  const inst = new WebAssembly.Instance(module, imports);
  wasi.bind(inst.exports.memory);
  inst.exports._initialize();
  return inst.exports;
}
const raw = rawInstance(null);

function rawCall(ex, op, req, keep) {
  const ptr = ex.mcpresult_alloc(req.length);
  new Uint8Array(ex.memory.buffer, ptr, req.length).set(req);
  const packed = BigInt.asUintN(64, ex.mcpresult_call(op, ptr, req.length));
  const rptr = Number(packed >> 32n);
  const rlen = Number(packed & 0xffffffffn);
  const resp = keep ? new Uint8Array(ex.memory.buffer, rptr, rlen).slice() : rlen;
  ex.mcpresult_free(ptr);
  ex.mcpresult_free(rptr);
  return resp;
}

const OP_INFO = 1;
const OP_BUILD = 2;
const OP_SERIALIZE = 3;

// Requests written as the package writes them (build: kind, input).
const enc = new Encoder();
function encodeBuild(input) {
  enc.begin(Infinity, Infinity);
  enc.mapHeader(2);
  enc.string("kind");
  enc.string("tool");
  enc.string("input");
  enc.value(input, MODE_STRICT, 1, MAX_RESULT_DEPTH);
  return enc.bytes();
}
function encodeSerialize(result) {
  enc.begin(Infinity, Infinity);
  enc.mapHeader(1);
  enc.string("result");
  enc.value(result, MODE_STRICT, 1, MAX_RESULT_DEPTH);
  return enc.bytes();
}
enc.begin(Infinity, Infinity);
enc.mapHeader(0);
const reqInfo = enc.bytes().slice();
const reqSmall = encodeBuild(small()).slice();
const req100KB = encodeBuild(big()).slice();
const builtBig = mcp.tool(big());
const reqSer100KB = encodeSerialize(builtBig).slice();
const respSmall = rawCall(raw, OP_BUILD, reqSmall, true);
const resp100KB = rawCall(raw, OP_BUILD, req100KB, true);
const jsonSmall = decode(respSmall).json;
const json100KB = decode(resp100KB).json;
if (typeof jsonSmall !== "string" || typeof json100KB !== "string") throw new Error("the module did not build the requests");

// The WASI calls the Go runtime makes in one call (counted on an instance of
// its own, warmed up first).
{
  const counts = {};
  const ex = rawInstance(counts);
  for (let i = 0; i < 100; i++) rawCall(ex, OP_BUILD, reqSmall, false);
  for (const k of Object.keys(counts)) delete counts[k];
  const n = 1000;
  for (let i = 0; i < n; i++) rawCall(ex, OP_BUILD, reqSmall, false);
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const detail = Object.entries(counts).map(([k, v]) => k + " " + (v / n).toFixed(1)).join(", ");
  process.stdout.write(`# WASI calls per small build: ${(total / n).toFixed(1)} (${detail || "none"})\n`);
  emit("BenchmarkNodeWasiCallsSmall", n, [["calls/op", total / n]]);
}

// each shape: the package's result is the baseline's object, but for the
// members only the package writes (resultType, isError false)
for (const [name, shape] of Object.entries(SHAPES)) {
  const { resultType, isError, ...ours } = shape.tool();
  if (!isDeepStrictEqual(ours, shape.plain()) || (isError !== undefined && isError !== false)) {
    throw new Error(`shape ${name}: the package wrote ${JSON.stringify(shape.tool())}, the baseline ${JSON.stringify(shape.plain())}`);
  }
}

// --- the codecs ----------------------------------------------------------------

// The same requests as JS objects, built once: the package's Encoder (which
// also applies the JS-value rules: undefined members, Date, Map, BigInt,
// toJSON, class instances, lone surrogates, depth and node bounds), msgpackr's
// pack (its shared Packr, useRecords off), @msgpack/msgpack's encode (a new
// Encoder per call, as the function does) and one Encoder of it kept
// (encodeSharedRef, which, like the package, reuses its buffer).
const reqObjSmall = { kind: "tool", input: small() };
const reqObj100KB = { kind: "tool", input: big() };
const mpEncoder = new msgpack.Encoder();
const mpDecoder = new msgpack.Decoder();
const encoders = {
  package: (v) => {
    enc.begin(Infinity, Infinity);
    enc.value(v, MODE_STRICT, 1, MAX_RESULT_DEPTH);
    return enc.bytes();
  },
  msgpackr: (v) => msgpackr.pack(v),
  msgpack: (v) => msgpack.encode(v),
  msgpackKept: (v) => mpEncoder.encodeSharedRef(v),
};
const decoders = {
  package: (b) => decode(b),
  msgpackr: (b) => msgpackr.unpack(b),
  msgpack: (b) => msgpack.decode(b),
  msgpackKept: (b) => mpDecoder.decode(b),
};
// same inputs, same outputs: each encoder's bytes decode to the request, and
// each decoder reads the module's responses to the same value
for (const [size, obj] of [["small", reqObjSmall], ["100KB", reqObj100KB]]) {
  const ref = encoders.package(obj).slice();
  for (const [name, f] of Object.entries(encoders)) {
    const b = f(obj);
    if (!isDeepStrictEqual(decode(b), obj)) throw new Error(`encoder ${name} wrote another value (${size})`);
    const same = Buffer.compare(Buffer.from(b), Buffer.from(ref)) === 0;
    process.stdout.write(`# encode ${size}: ${name} writes ${b.length} bytes${same ? " (the same bytes)" : " (other bytes, the same value)"}\n`);
  }
}
for (const [size, bytes] of [["small", respSmall], ["100KB", resp100KB]]) {
  const ref = decode(bytes);
  for (const [name, f] of Object.entries(decoders)) {
    if (!isDeepStrictEqual(f(bytes), ref)) throw new Error(`decoder ${name} read another value (${size})`);
  }
  process.stdout.write(`# decode ${size}: a response of ${bytes.length} bytes (keys ${Object.keys(ref).join(", ")})\n`);
}
process.stdout.write(`# msgpackr native acceleration: ${msgpackr.isNativeAccelerationEnabled}\n`);

// --- the benchmarks ----------------------------------------------------------------

let sink = 0;
function use(v) {
  sink = (sink + (typeof v === "number" ? v : v === undefined || v === null ? 1 : typeof v === "string" ? v.length : 2)) | 0;
}

const benches = [
  // end to end, against the baseline
  ["BenchmarkNodeToolSmall", () => mcp.tool(small())],
  ["BenchmarkNodeBaselineSmall", () => baseline(small)],
  ["BenchmarkNodeToolSerialize100KB", () => mcp.serialize(mcp.tool(big()))],
  ["BenchmarkNodeBaseline100KB", () => baseline(big)],
  // where the time of a call goes
  ["BenchmarkNodeInfo", () => mcp.info()],
  ["BenchmarkNodeRawInfo", () => rawCall(raw, OP_INFO, reqInfo, false)],
  ["BenchmarkNodeRawBuildSmall", () => rawCall(raw, OP_BUILD, reqSmall, false)],
  ["BenchmarkNodeEncodeBuildSmall", () => encodeBuild(small())],
  ["BenchmarkNodeDecodeSmall", () => decode(respSmall)],
  ["BenchmarkNodeJSONParseSmall", () => JSON.parse(jsonSmall)],
  ["BenchmarkNodeObjectSmall", () => small()],
  ["BenchmarkNodeTool100KB", () => mcp.tool(big())],
  ["BenchmarkNodeSerialize100KB", () => mcp.serialize(builtBig)],
  ["BenchmarkNodeRawBuild100KB", () => rawCall(raw, OP_BUILD, req100KB, false)],
  ["BenchmarkNodeRawSerialize100KB", () => rawCall(raw, OP_SERIALIZE, reqSer100KB, false)],
  ["BenchmarkNodeJSONParse100KB", () => JSON.parse(json100KB)],
  ["BenchmarkNodeJSONStringify100KB", () => JSON.stringify(big())],
  ["BenchmarkNodeSchemaParse100KB", () => CallToolResultSchema.parse(big())],
];
for (const [name, shape] of Object.entries(SHAPES)) {
  const schema = shape.schema === "resource" ? ReadResourceResultSchema : CallToolResultSchema;
  benches.push([`BenchmarkNodeShape/${name}`, shape.tool]);
  benches.push([`BenchmarkNodeShapeBaseline/${name}`, () => baseline(shape.plain, schema)]);
}
for (const [name, f] of Object.entries(encoders)) {
  benches.push([`BenchmarkCodecEncode/small/${name}`, () => f(reqObjSmall).length]);
  benches.push([`BenchmarkCodecEncode/100KB/${name}`, () => f(reqObj100KB).length]);
}
for (const [name, f] of Object.entries(decoders)) {
  benches.push([`BenchmarkCodecDecode/small/${name}`, () => f(respSmall)]);
  benches.push([`BenchmarkCodecDecode/100KB/${name}`, () => f(resp100KB)]);
}

const FILTER = option("filter");
if (FILTER !== undefined) {
  const re = new RegExp(FILTER);
  for (let i = benches.length - 1; i >= 0; i--) if (!re.test(benches[i][0])) benches.splice(i, 1);
}

// batch runs f n times and returns the nanoseconds it took.
function batch(f, n) {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) use(f());
  return Number(process.hrtime.bigint() - t0);
}

// warm-up: every benchmark for WARMUP_MS (the JIT and the module's tiers),
// which also sizes its batches to about 200 µs
const BATCH_NS = 200e3;
const sized = benches.map(([name, f]) => {
  let n = 1;
  let ops = 0;
  let ns = 0;
  const end = performance.now() + WARMUP_MS;
  while (performance.now() < end) {
    ns += batch(f, n);
    ops += n;
    n = Math.min(n * 2, 1 << 16);
  }
  const per = ns / ops;
  return { name, f, n: Math.max(1, Math.round(BATCH_NS / per)) };
});

// the runs, interleaved, in another order each time (a fixed shuffle), and
// each after a full garbage collection, so that no benchmark pays for the
// garbage of the one before it: each run is the p50 of its batches' per-op
// times
v8.setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc");
let seed = 1;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
for (let run = 0; run < COUNT; run++) {
  const order = sized.slice();
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  for (const b of order) {
    gc();
    const samples = [];
    let ops = 0;
    const end = performance.now() + RUN_MS;
    while (performance.now() < end || samples.length < 15) {
      samples.push(batch(b.f, b.n) / b.n);
      ops += b.n;
    }
    samples.sort((x, y) => x - y);
    emit(b.name, ops, [["ns/op", samples[samples.length >> 1]]]);
  }
}

// A call as a server makes it: after other JavaScript work (here a JSON
// round trip of a 2,000-entry array, about what an SDK does around a
// call), which leaves the module's code and memory out of the CPU's
// caches. Each op is timed alone (the work before it is not), the median
// of 300 per run; the pure-JS baseline is timed the same way. Skipped by
// --filter.
if (FILTER === undefined) {
  const work = Array.from({ length: 2000 }, (_, k) => ({ k, s: "x" + k }));
  const afterWork = (f) => {
    const samples = [];
    for (let i = 0; i < 300; i++) {
      use(JSON.parse(JSON.stringify(work)).length);
      const t0 = process.hrtime.bigint();
      use(f());
      samples.push(Number(process.hrtime.bigint() - t0));
    }
    samples.sort((x, y) => x - y);
    return samples[samples.length >> 1];
  };
  for (let run = 0; run < COUNT; run++) {
    gc();
    emit("BenchmarkNodeToolSmallAfterWork", 300, [["ns/op", afterWork(() => mcp.tool(small()))]]);
    emit("BenchmarkNodeBaselineSmallAfterWork", 300, [["ns/op", afterWork(() => baseline(small))]]);
  }
}

// the memory of the parent's instance, after all of the above
emit("BenchmarkNodeInstanceMemoryAfterBench", 1, [["MiB", mcp.stats().maxMemoryBytes / 2 ** 20]]);
process.stdout.write(`# sink ${sink}\n`);
