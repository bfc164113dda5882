// The conformance-vector runner shared by every JS runtime (Node, Deno, Bun
// and workerd): it turns a vector's notation into JS values, runs the
// vector through the public API, and compares the outcome with the
// expectation. Reading the files is the caller's business (workerd has no
// file system).

/** applies reports whether a vector runs in a JS runtime. */
export function applies(vec) {
  return !Array.isArray(vec.runtimes) || vec.runtimes.includes("js");
}

/** native turns the notation for values JSON cannot carry into JS values:
 * $bin a Uint8Array, $timestamp a Date, $float NaN or ±Infinity, $int a
 * BigInt, $undefined undefined, $pairs an object (string keys, each once). */
export function native(v) {
  if (Array.isArray(v)) return v.map(native);
  if (v === null || typeof v !== "object") return v;
  const keys = Object.keys(v);
  if (keys.length === 1 && keys[0].startsWith("$")) {
    const x = v[keys[0]];
    switch (keys[0]) {
      case "$bin":
        return base64Bytes(x);
      case "$timestamp":
        return new Date(x);
      case "$float":
        return { NaN: NaN, Infinity: Infinity, "-Infinity": -Infinity }[x];
      case "$int":
        return BigInt(x);
      case "$undefined":
        return undefined;
      case "$pairs": {
        const out = {};
        for (const [k, val] of x) {
          if (typeof k !== "string" || Object.hasOwn(out, k)) {
            throw new Error("$pairs with a non-string or repeated key has no JS form; the vector should list runtimes [go, wasm]");
          }
          out[k] = native(val);
        }
        return out;
      }
    }
  }
  const out = {};
  for (const k of keys) out[k] = native(v[k]);
  return out;
}

function base64Bytes(s) {
  const bin = atob(s);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** run runs one vector and returns what happened: {json} (the exact output
 * bytes), {error: {code, path}}, {report}, or {omit: true}. The API is the
 * public one: forServer for inherited settings, tool, resource, error,
 * fromValue, serialize, validate, outputSchema; build only for a request
 * those cannot express (settings without inheritance, a malformed error or
 * value request). */
export function run(mcp, McpResultError, vec) {
  const input = native(vec.input);
  const options = vec.options === undefined ? undefined : native(vec.options);
  const settings = vec.settings === undefined ? undefined : native(vec.settings);
  try {
    switch (vec.op) {
      case "build": {
        if (vec.kind === "appResource" || vec.kind === "appToolMeta") {
          // not a result: the plain object the module wrote, which
          // JSON.stringify writes as the module does
          const r = app(mcp, vec.kind, input, settings);
          return { json: JSON.stringify(r), object: r };
        }
        const r = build(mcp, vec.kind, input, settings, vec.inherit === true);
        const json = mcp.jsonOf(r);
        if (typeof json !== "string") throw new Error("jsonOf gave nothing for a built result");
        return { json, object: r };
      }
      case "serialize": {
        const api = settings === undefined ? mcp : mcp.forServer(settings);
        return { json: api.serialize(input, options) };
      }
      case "validate": {
        const api = settings === undefined ? mcp : mcp.forServer(settings);
        return { report: api.validate(input, options) };
      }
      case "outputSchema": {
        const api = settings === undefined ? mcp : mcp.forServer(settings);
        const out = api.outputSchema(input, options);
        return out === undefined ? { omit: true } : { schema: out };
      }
    }
    throw new Error("unknown op " + vec.op);
  } catch (e) {
    if (e instanceof McpResultError) return { error: { code: e.code, path: e.path, message: e.message } };
    throw e;
  }
}

function build(mcp, kind, input, settings, inherit) {
  const isObj = input !== null && typeof input === "object" && !Array.isArray(input);
  if (settings !== undefined && !inherit) {
    return viaBuild(mcp, kind, input, settings);
  }
  const api = inherit ? mcp.forServer(settings) : mcp;
  switch (kind) {
    case "tool":
      return api.tool(input);
    case "resource":
      return api.resource(input);
    case "error":
      if (isObj && Object.keys(input).every((k) => k === "message" || k === "code")) {
        return "code" in input ? api.error(input.message, input.code) : api.error(input.message);
      }
      break;
    case "value":
      if (isObj && "value" in input) {
        const { value, ...rest } = input;
        return Object.keys(rest).length === 0 ? api.fromValue(value) : api.fromValue(value, rest);
      }
      break;
  }
  return inherit ? api.build(kind, input, { settings: settings ?? {}, inherit: true }) : viaBuild(mcp, kind, input, settings);
}

/** app builds an MCP Apps kind through mcp.appResource or mcp.appToolMeta
 * (of forServer's API, for settings), or mcp.build for an input those
 * cannot express (not an object). */
function app(mcp, kind, input, settings) {
  const api = settings === undefined ? mcp : mcp.forServer(settings);
  if (input === null || typeof input !== "object" || Array.isArray(input)) return api.build(kind, input);
  if (kind === "appResource") {
    const { uri, html, ...rest } = input;
    return api.appResource(uri, html, rest);
  }
  const { resourceUri, ...rest } = input;
  return api.appToolMeta(resourceUri, rest);
}

function viaBuild(mcp, kind, input, settings) {
  return mcp.build(kind, input, settings === undefined ? undefined : { settings });
}

/** check compares an outcome with the vector's expectation and returns
 * what differs ("" when it passes). */
export function check(vec, got) {
  const want = vec.expect;
  if (want.json !== undefined) {
    if (got.error) return `want ${want.json}\ngot error ${got.error.code} at "${got.error.path}" (${got.error.message})`;
    if (got.json !== undefined) {
      if (got.json !== want.json) return `want ${want.json}\ngot  ${got.json}`;
      // the returned object is the JSON parsed (an integer beyond 2^53 is a
      // BigInt there, exact; JSON.parse gives the nearest double)
      if (got.object !== undefined && JSON.stringify(got.object, (k, x) => (typeof x === "bigint" ? Number(x) : x)) !== JSON.stringify(JSON.parse(want.json))) {
        return "the returned object is not the parsed JSON";
      }
      return "";
    }
    if (got.schema !== undefined) {
      const a = JSON.stringify(got.schema);
      const b = JSON.stringify(JSON.parse(want.json));
      return a === b ? "" : `want ${b}\ngot  ${a}`;
    }
    return `want ${want.json}\ngot ${JSON.stringify(got)}`;
  }
  if (want.omit !== undefined) {
    if (got.omit) return "";
    return `want the schema omitted\ngot ${JSON.stringify(got)}`;
  }
  if (want.error !== undefined) {
    if (!got.error) return `want error ${want.error.code} at "${want.error.path}"\ngot ${got.json ?? JSON.stringify(got.schema ?? got.report)}`;
    if (got.error.code !== want.error.code || got.error.path !== want.error.path) {
      return `want error ${want.error.code} at "${want.error.path}"\ngot  error ${got.error.code} at "${got.error.path}" (${got.error.message})`;
    }
    return "";
  }
  if (want.valid !== undefined || vec.op === "validate") {
    if (!got.report) return `want a report, got ${JSON.stringify(got)}`;
    const r = got.report;
    const diffs = [];
    if (want.valid !== undefined && want.valid !== r.valid) diffs.push(`valid = ${r.valid}, want ${want.valid}`);
    for (const key of ["errors", "warnings"]) {
      if (want[key] === undefined) continue;
      const w = want[key].map((f) => `${f.code} at "${f.path}"`).sort();
      const g = r[key].map((f) => `${f.code} at "${f.path}"`).sort();
      if (JSON.stringify(w) !== JSON.stringify(g)) diffs.push(`${key}\nwant ${JSON.stringify(w)}\ngot  ${JSON.stringify(g)}`);
    }
    return diffs.join("\n");
  }
  return "expect has neither json, omit, error nor valid";
}

/** runAll runs every vector that applies to JS and returns the failures as
 * {name, file, diff}, and the number run. */
export function runAll(mcp, McpResultError, files) {
  const failures = [];
  let ran = 0;
  const names = new Map();
  for (const { file, vectors } of files) {
    for (const vec of vectors) {
      if (names.has(vec.name)) failures.push({ name: vec.name, file, diff: `the name is used twice (${names.get(vec.name)} and ${file})` });
      names.set(vec.name, file);
      if (!applies(vec)) continue;
      ran++;
      let diff;
      try {
        diff = check(vec, run(mcp, McpResultError, vec));
      } catch (e) {
        diff = "threw " + (e && e.stack ? e.stack : String(e));
      }
      if (diff) failures.push({ name: vec.name, file, diff });
    }
  }
  return { ran, failures };
}
