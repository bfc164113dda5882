// The hostile results of the guard tests (js/test/hostile.test.js): every
// way a handler's returned object, or a ClientError it throws, can have code
// of its own run while it is read (accessors and Proxy traps that throw at
// any read or give another value at each read, toJSON, revoked Proxies), at
// every part of a tool result and of a resource result, each case with the
// answer its client must get. One list of shapes, run through every
// surface: mcpresult/sdk (tools with and without an output schema,
// resources), mcp.guard on a plain McpServer, mcpresult/webmcp.
//
// Plain ESM with no import, so that a page or another process can run the
// same table: what a case needs of the package (ClientError, a build) is
// passed in.
//
// What a case expects follows from one rule: a handler's result is read
// once, by the walk that writes it for the module (the keys of an object
// with Object.keys, each member and element read once, in that order; an
// array by its length and its indices; a toJSON looked up once, and called
// only under canonicalization "json"), and nothing else of it is read. So:
//
// - clean: what was read is a valid result, and the client gets exactly
//   what it gets for the same result without the shape;
// - failed: the reading threw (the handler's code did: an accessor, a trap,
//   a toJSON, a revoked Proxy), a private failure: "tool execution failed",
//   or the JSON-RPC error -32603 "resource read failed";
// - invalid: what was read is not a valid result (under "strict", an object
//   with a toJSON has no JSON form): "tool output was invalid", or -32603
//   "resource output was invalid";
// - shown: a ClientError whose message and code (each read once) were read,
//   shown to the client as for the same ClientError without the shape.

/** SECRET is in every value and message a hostile shape holds: none of it
 * may reach a client, nor be written to its wire. */
export const SECRET = "hostile-secret-9d41c7";

/** boom throws the private detail. */
function boom() {
  throw new Error("private detail: " + SECRET);
}

/** plainCopy is a JSON copy of a clean value (no shape installed yet). */
function plainCopy(v) {
  return v === undefined ? undefined : JSON.parse(JSON.stringify(v));
}

/** The shapes. Each has a class (the rows of the report), a kind (getter:
 * an accessor installed in the value's place in its parent; value: the
 * value replaced by another object) and outcome(place, mode) (the answer
 * its client gets, by the rule above). */
export const SHAPES = [
  {
    cls: "accessor throws at its first read",
    name: "getter throws",
    kind: "getter",
    getter: () => boom,
    outcome: () => "failed",
    thrown: () => "failed",
  },
  {
    cls: "accessor throws from its second read",
    name: "getter throws from the second read",
    kind: "getter",
    getter: (clean) => {
      let n = 0;
      return () => (n++ === 0 ? clean() : boom());
    },
    outcome: () => "clean",
    thrown: () => "shown",
  },
  {
    cls: "a different value at each read",
    name: "getter gives another value at each read",
    kind: "getter",
    getter: (clean, evil) => {
      let n = 0;
      return () => (n++ === 0 ? clean() : evil());
    },
    outcome: () => "clean",
    thrown: () => "shown",
  },
  {
    cls: "a different value at each read",
    name: "Proxy get gives another value from the second read of a key",
    kind: "value",
    on: "object",
    make: (v, evil) => {
      const bad = evil();
      const seen = new Set();
      return new Proxy(v, {
        get(t, k, r) {
          if (seen.has(k)) return Reflect.get(bad, k);
          seen.add(k);
          return Reflect.get(t, k, r);
        },
      });
    },
    outcome: () => "clean",
    thrown: () => "shown",
  },
  {
    cls: "toJSON",
    name: "toJSON throws",
    kind: "value",
    on: "object",
    make: (v) => Object.defineProperty(v, "toJSON", { value: boom, configurable: true }),
    // strict: an object with toJSON has no JSON form, and toJSON is not
    // called; an array's toJSON is not looked at
    outcome: (place, mode) => (mode === "json" ? "failed" : place.array ? "clean" : "invalid"),
  },
  {
    cls: "toJSON",
    name: "toJSON gives another value at each call",
    kind: "value",
    on: "object",
    make: (v, evil) => {
      const first = plainCopy(v);
      let n = 0;
      return Object.defineProperty(v, "toJSON", { value: () => (n++ === 0 ? first : evil()), configurable: true });
    },
    outcome: (place, mode) => (mode === "json" ? "clean" : place.array ? "clean" : "invalid"),
  },
  {
    cls: "toJSON",
    name: "toJSON is an accessor that throws",
    kind: "value",
    on: "object",
    make: (v) => Object.defineProperty(v, "toJSON", { get: boom, configurable: true }),
    outcome: (place, mode) => (mode === "json" ? "failed" : place.array ? "clean" : "failed"),
  },
  {
    cls: "Proxy trap throws",
    name: "Proxy get trap throws",
    kind: "value",
    on: "object",
    make: (v) => new Proxy(v, { get: boom }),
    outcome: () => "failed",
    thrown: () => "failed",
  },
  {
    cls: "Proxy trap throws",
    name: "Proxy has trap throws",
    kind: "value",
    on: "object",
    make: (v) => new Proxy(v, { has: boom }),
    outcome: () => "clean", // nothing asks whether a member is in it
    thrown: () => "shown",
  },
  {
    cls: "enumeration throws",
    name: "Proxy ownKeys trap throws",
    kind: "value",
    on: "object",
    make: (v) => new Proxy(v, { ownKeys: boom }),
    outcome: (place) => (place.array ? "clean" : "failed"), // an array is read by its length
    thrown: () => "shown",
  },
  {
    cls: "Proxy trap throws",
    name: "Proxy getOwnPropertyDescriptor trap throws",
    kind: "value",
    on: "object",
    make: (v) => new Proxy(v, { getOwnPropertyDescriptor: boom }),
    outcome: (place) => (place.array ? "clean" : "failed"),
    thrown: () => "shown",
  },
  {
    cls: "Proxy trap throws",
    name: "Proxy getPrototypeOf trap throws",
    kind: "value",
    on: "object",
    make: (v) => new Proxy(v, { getPrototypeOf: boom }),
    outcome: (place) => (place.array ? "clean" : "failed"), // Array.isArray sees through a Proxy
    thrown: () => "failed", // instanceof ClientError asks it
  },
  {
    cls: "revoked Proxy",
    name: "Proxy revoked before it is returned",
    kind: "value",
    on: "object",
    make: (v) => {
      const { proxy, revoke } = Proxy.revocable(v, {});
      revoke();
      return proxy;
    },
    outcome: () => "failed",
    thrown: () => "failed",
  },
  {
    cls: "revoked Proxy",
    name: "Proxy revoked by its first trap",
    kind: "value",
    on: "object",
    make: (v) => {
      let revoke;
      // every trap does what the target does, once, and revokes the Proxy
      const handler = new Proxy(
        {},
        {
          get:
            (_, trap) =>
            (...args) => {
              const out = Reflect[trap](...args);
              revoke();
              return out;
            },
        },
      );
      const r = Proxy.revocable(v, handler);
      revoke = r.revoke;
      return r.proxy;
    },
    outcome: () => "failed", // no object is read in one operation
    thrown: () => "failed",
  },
];

/** The shapes of a ClientError's own fields: message or code of a type the
 * client cannot be shown, whose coercion to a string throws. */
export const FIELD_SHAPES = [
  { cls: "field of another type", name: "message is an object whose toString throws", field: "message", outcome: "invalid" },
  { cls: "field of another type", name: "code is an object whose toString throws", field: "code", outcome: "invalid" },
];

/** A place in a result: its path from the result (empty: the result
 * itself), what its clean value is (object, array or primitive), and a
 * valid value holding the secret (what a second read would get). "then" is
 * the member that await looks up (an accessor not enumerable). */
export const TOOL_PLACES = [
  { path: [], type: "object", evil: () => ({ content: [{ type: "text", text: SECRET }] }) },
  { path: ["then"], type: "primitive", hidden: true, evil: () => (resolve) => resolve({ content: [{ type: "text", text: SECRET }] }) },
  { path: ["content"], type: "object", array: true, evil: () => [{ type: "text", text: SECRET }] },
  { path: ["content", 0], type: "object", evil: () => ({ type: "text", text: SECRET }) },
  { path: ["content", 0, "text"], type: "primitive", evil: () => SECRET },
  { path: ["structuredContent"], type: "object", evil: () => ({ n: 2, leak: SECRET }) },
  { path: ["structuredContent", "n"], type: "primitive", evil: () => SECRET },
  { path: ["_meta"], type: "object", evil: () => ({ "com.example/k": SECRET }) },
  { path: ["isError"], type: "primitive", evil: () => true },
];

export const RESOURCE_PLACES = [
  { path: [], type: "object", evil: () => ({ contents: [{ uri: "docs://hostile", text: SECRET }] }) },
  { path: ["then"], type: "primitive", hidden: true, evil: () => (resolve) => resolve({ contents: [{ uri: "docs://hostile", text: SECRET }] }) },
  { path: ["contents"], type: "object", array: true, evil: () => [{ uri: "docs://hostile", text: SECRET }] },
  { path: ["contents", 0], type: "object", evil: () => ({ uri: "docs://hostile", text: SECRET }) },
  { path: ["contents", 0, "text"], type: "primitive", evil: () => SECRET },
  { path: ["_meta"], type: "object", evil: () => ({ "com.example/k": SECRET }) },
];

/** The places of a thrown ClientError: its message and code (accessors),
 * and the error itself (a Proxy around it). */
export const THROWN_PLACES = [
  { path: ["message"], type: "primitive", evil: () => SECRET },
  { path: ["code"], type: "primitive", evil: () => SECRET }, // a valid code
  { path: [], type: "object" },
];

/** The clean results: what each case starts from. */
export const toolResult = () => ({
  content: [{ type: "text", text: "ok" }],
  structuredContent: { n: 1 },
  _meta: { "com.example/k": "v" },
  isError: false,
});
/** What a build of the same result takes. */
export const toolInput = () => ({ content: [{ type: "text", text: "ok" }], structuredContent: { n: 1 }, meta: { "com.example/k": "v" }, isError: false });
export const resourceResult = () => ({ contents: [{ uri: "docs://hostile", mimeType: "text/plain", text: "ok" }], _meta: { "com.example/k": "v" } });
export const resourceInput = () => ({ contents: [{ uri: "docs://hostile", mimeType: "text/plain", text: "ok" }], meta: { "com.example/k": "v" } });

/** The ClientError every thrown case starts from. */
export const SHOWN_MESSAGE = "shown to the client";
export const SHOWN_CODE = "shown.code";

const label = (path) => (path.length === 0 ? "the result" : path.join("."));

/** install puts a shape at a place of root (a fresh clean result) and gives
 * the result to return. */
function install(root, place, shape) {
  if (place.path.length === 0) return shape.make(root, place.evil);
  const parent = place.path.slice(0, -1).reduce((v, k) => v[k], root);
  const key = place.path.at(-1);
  const clean = () => parent[key];
  if (shape.kind === "getter") {
    const value = parent[key];
    Object.defineProperty(parent, key, { get: shape.getter(() => value, place.evil), enumerable: !place.hidden, configurable: true });
  } else {
    parent[key] = shape.make(clean(), place.evil);
  }
  return root;
}

/** applies says whether a shape can be put at a place: an accessor needs a
 * parent, a replaced value an object. */
function applies(shape, place) {
  if (shape.kind === "getter") return place.path.length > 0;
  return place.type === "object";
}

/**
 * resultCases gives the cases of a result surface: kind "tool" or
 * "resource", mode the API's canonicalization ("strict" or "json"; a
 * resource result is always strict), build (input) the API's build of a
 * result, for the variant whose result is one the API built and the shape
 * then put into. Each case: {cls, name, place, variant, expect, make}, make
 * giving a fresh hostile result.
 */
export function resultCases(kind, mode, build) {
  const places = kind === "tool" ? TOOL_PLACES : RESOURCE_PLACES;
  const plain = kind === "tool" ? toolResult : resourceResult;
  const input = kind === "tool" ? toolInput : resourceInput;
  const effective = kind === "resource" ? "strict" : mode;
  const out = [];
  for (const variant of ["plain", "built"]) {
    for (const place of places) {
      for (const shape of SHAPES) {
        if (!applies(shape, place)) continue;
        out.push({
          cls: shape.cls,
          name: `${shape.name} at ${label(place.path)} (${variant})`,
          place: label(place.path),
          variant,
          expect: shape.outcome(place, effective),
          make: () => install(variant === "plain" ? plain() : build(input()), place, shape),
        });
      }
    }
  }
  return out;
}

/**
 * thrownCases gives the cases of a thrown ClientError (ClientError is the
 * package's class): each make() gives the value the handler throws.
 */
export function thrownCases(ClientError) {
  const fresh = () => new ClientError(SHOWN_MESSAGE, SHOWN_CODE);
  const out = [];
  for (const place of THROWN_PLACES) {
    for (const shape of SHAPES) {
      if (shape.thrown === undefined) continue;
      if (shape.kind === "getter" ? place.path.length === 0 : place.path.length > 0) continue;
      out.push({
        cls: shape.cls,
        name: `thrown ClientError: ${shape.name} at ${place.path.length === 0 ? "the error" : place.path[0]}`,
        place: place.path.length === 0 ? "the error" : place.path[0],
        variant: "thrown",
        expect: shape.thrown(),
        make: () => {
          const err = fresh();
          if (place.path.length === 0) return shape.make(err, () => new ClientError(SECRET, SECRET));
          const value = err[place.path[0]];
          Object.defineProperty(err, place.path[0], { get: shape.getter(() => value, place.evil), configurable: true });
          return err;
        },
      });
    }
  }
  for (const f of FIELD_SHAPES) {
    out.push({
      cls: f.cls,
      name: `thrown ClientError: ${f.name}`,
      place: f.field,
      variant: "thrown",
      expect: f.outcome,
      make: () => {
        const err = fresh();
        Object.defineProperty(err, f.field, { value: { toString: boom }, configurable: true });
        return err;
      },
    });
  }
  return out;
}

/** What each surface's baselines are made of: a result that fails its
 * checks, and the error every private failure is compared with. */
const invalidResult = { tool: () => ({ content: [{ type: "text" }] }), resource: () => ({ contents: [{ uri: "docs://hostile" }] }) };

/**
 * surfaceCases gives every case a surface runs, in one list (all) that a
 * server and its client index alike, and the baselines among them: clean
 * (the clean result), cleanBuilt (the same result built), failed (a thrown
 * Error), invalid (a result that fails its checks) and shown (a thrown
 * ClientError). Each entry of all: {cls, name, place, variant, expect,
 * throws, make}. deps: {ClientError, build(kind, input)}.
 */
export function surfaceCases(kind, mode, { ClientError, build }) {
  const input = kind === "tool" ? toolInput : resourceInput;
  const baselines = {
    clean: { name: "baseline: the clean result", make: kind === "tool" ? toolResult : resourceResult },
    cleanBuilt: { name: "baseline: the clean result, built", make: () => build(kind, input()) },
    failed: { name: "baseline: a thrown Error", throws: true, make: () => new Error("private detail: " + SECRET) },
    invalid: { name: "baseline: an invalid result", make: invalidResult[kind] },
    shown: { name: "baseline: a thrown ClientError", throws: true, make: () => new ClientError(SHOWN_MESSAGE, SHOWN_CODE) },
  };
  const thrown = thrownCases(ClientError).map((c) => ({ ...c, throws: true }));
  const all = [...Object.values(baselines), ...resultCases(kind, mode, (i) => build(kind, i)), ...thrown];
  return { all, baselines };
}

/** run gives what the handler of case i returns, or throws what it throws. */
export function runCase(all, i) {
  const c = all[i];
  const v = c.make();
  if (c.throws) throw v;
  return v;
}

/** The surfaces on the official SDK's McpServer: an adapted server (tools
 * without and with an output schema, a resource template), and a plain one
 * whose tool handler is guarded by mcp.guard. */
export const SDK_SURFACES = [
  { name: "mcpresult/sdk tool", kind: "tool", adapt: true, schema: false },
  { name: "mcpresult/sdk tool, output schema", kind: "tool", adapt: true, schema: true },
  { name: "mcpresult/sdk resource", kind: "resource", adapt: true },
  { name: "mcp.guard tool (McpServer)", kind: "tool", adapt: false, schema: false },
  { name: "mcp.guard tool (McpServer), output schema", kind: "tool", adapt: false, schema: true },
];

/**
 * sdkServer makes the McpServer of a surface, whose tool "t" (argument i)
 * or resource template docs://hostile/{i} runs case i of all. deps: the
 * SDK's McpServer and ResourceTemplate, zod's z, adapt, the API mcp, and
 * onError, which receives every private detail.
 */
export function sdkServer(surface, all, { McpServer, ResourceTemplate, z, adapt, mcp, onError }) {
  const server = new McpServer({ name: "hostile", version: "1.0.0" });
  if (surface.adapt) adapt(server, mcp, { onError: (err) => onError(err) });
  if (surface.kind === "resource") {
    server.registerResource("hostile", new ResourceTemplate("docs://hostile/{i}", { list: undefined }), { mimeType: "text/plain" }, (uri, { i }) =>
      runCase(all, Number(i)),
    );
    return server;
  }
  const config = { inputSchema: { i: z.number().int() } };
  if (surface.schema) config.outputSchema = { n: z.number() };
  const handler = ({ i }) => runCase(all, i);
  server.registerTool("t", config, surface.adapt ? handler : mcp.guard(handler, { onError: (err) => onError(err) }));
  return server;
}
