// The handlers of mcpresult/sdk: what McpServer calls for a tool and for a
// resource of an adapted server, in place of the user's.
//
// What the handler returns (or throws) is read once, inside the guard, and
// never handed on: its accessors, Proxy traps and toJSON may throw at any
// read or give another value at each read, so everything after is made
// from that one read. The read is the one walk that writes the result for
// the module (the API's internal read): a result this API built is not
// checked again then; any other is validated as a handler's result from
// the bytes written. The tool's output schema, when it has one, is checked
// with the SDK's zod helpers against the structured content made back from
// those bytes, and the same bytes are serialized for the negotiated
// revision. That one serialize stays for every result but one: the
// module writes the result for the revision (drops or wraps what the
// revision lacks, adds what finalize adds) and checks it again, since a
// handler may change a result after building it; a built result the tool
// has no output schema for is walked only then, as before.
//
// The one: a result the handler builds with this API (mcp.tool, mcp.error)
// while it runs, and returns unchanged. The handler runs inside
// handlerContext (an AsyncLocalStorage for an async function; for a plain
// function, a store set while it runs synchronously), which tells the API
// the request's revision; the build then writes the result for that revision
// in its own module call (api.js, useContext), and that call is the only
// one. The result the handler gets is what mcp.tool gives anywhere (not
// frozen: a handler may still change it). Whether it was changed is told
// without running any code of it (api.js, handed): the very objects the
// build made, no Proxy, own data properties only, the same keys and
// values; anything else (a member set, added or removed, a getter, a
// toJSON, a Proxy, another object) takes the path of any result, read
// once and written in a second call, so that a change is checked as
// before. The SDK is handed a new object made of the values the build
// gave (a string is shared, not copied), with resultType first where the
// revision's finalize adds it; where the revision changes more (an older
// revision, structured content wrapped), the module's JSON for it, parsed.
// The output schema, when the tool has one, is checked against the
// result's structured content as it was seen unchanged. A thrown
// ClientError's message and code are read once each (a read that throws is
// a private failure, a field that is not a string an invalid output).
// Nothing of it is made per call that can be made once: the options of
// each revision are made once and sent as they are, and the settings the
// result was built with go as the bytes its build answered. The JSON the
// module writes is parsed once, into the object the SDK is handed, and a
// long string of the handler's own (the text of a block, an image's data)
// is not in it: the module checks it and counts it against the budget,
// and answers it by reference, so that the handler's very string is put
// in its place, neither written out again nor decoded nor parsed (api.js,
// placeRefs; the ABI's refs):
// McpServer parses every tool result with its CallToolResultSchema (zod)
// and sends what that gives, which its transports write with
// JSON.stringify, so the SDK needs an object, and one the handler does not
// hold (Node 20 has no JSON.rawJSON to hand it the JSON as it is). That
// object is walked for a BigInt (forSdk) only when its request held one;
// otherwise JSON.parse made it, and it holds none. A resource read is the
// same, without the output schema. With an API whose internal calls are
// not known here (one of another copy of this package), a tool's result
// goes through mcp.guard, which hands on a copy of what it read, and a
// resource's through serialize alone: what it writes is what it checked.

import { INTERNAL_ERROR, INVALID_PARAMS } from "./lines.js";
import { McpResultError } from "../errors.js";
import { INVALID_OUTPUT_TEXT, call, failure, failureText, invalid, ofKind, settle, shown } from "../guard.js";
import { internalsOf } from "../api.js";
import { RESOURCE_READ_FAILED_TEXT, INVALID_RESOURCE_OUTPUT_TEXT } from "../facts.js";

/** The messages of the JSON-RPC errors a resource read fails with in place
 * of a private failure (sdk.ResourceReadFailedText and
 * sdk.InvalidResourceOutputText of the Go packages, written into facts.js),
 * as the Go adapter's. */
export { RESOURCE_READ_FAILED_TEXT, INVALID_RESOURCE_OUTPUT_TEXT };

// rpcError is what the SDK sends as the JSON-RPC error {code, message,
// data} as it is: its Protocol reads code, message and data of whatever a
// handler throws, and an McpError's message would go prefixed with
// "MCP error <code>: ", so that the client would show the prefix twice.
function rpcError(code, message, data) {
  const err = new Error(message);
  err.code = code;
  if (data !== undefined) err.data = data;
  return err;
}

// forSdk checks that the SDK's transports can write value as it is: they
// call JSON.stringify, which refuses a BigInt, and no Number holds an
// integer beyond ±(2^53−1) with its digits (JSON.stringify(2 ** 60) is
// 1152921504606847000). Such an integer, which this package returns as a
// BigInt, is refused (unsupported_value at its path) rather than written
// as another number: send it as a string.
function forSdk(value, path) {
  if (typeof value === "bigint") {
    throw new McpResultError(
      "unsupported_value",
      path,
      "an integer beyond ±(2^53−1): the SDK's transports write JSON with JSON.stringify, which cannot write it with its digits (send it as a string)",
    );
  }
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) forSdk(value[i], path + "/" + i);
  } else {
    for (const k of Object.keys(value)) forSdk(value[k], path + "/" + k.replace(/~/g, "~0").replace(/\//g, "~1"));
  }
  return value;
}

/** checkStructured gives what is wrong with a result's structured content
 * for the output schema of a tool record (an McpResultError, or what the
 * check threw), or undefined; check(schema, value) is the line's check of
 * a value (lines.js), which gives the message of what is wrong. */
async function checkStructured(check, entry, result) {
  try {
    if (result.structuredContent === undefined) {
      return new McpResultError("missing_field", "/structuredContent", "the tool has an output schema and its result no structured content");
    }
    const problem = await check(entry.schema, result.structuredContent);
    if (problem !== undefined) {
      return new McpResultError("invalid_value", "/structuredContent", "the structured content does not match the tool's output schema: " + problem);
    }
    return undefined;
  } catch (err) {
    return err;
  }
}

/** handlerContext is what the handlers run the user's in, so that a result
 * built there is written for the request's revision as it is built (see
 * handlers): an AsyncLocalStorage of Node's node:async_hooks and
 * util.types.isProxy, as the runtime gives them (process.getBuiltinModule;
 * where it has none, a result is written for the revision after it is
 * returned, in a second call). A handler that is not an async function
 * runs with runSync instead: the store is what get() gives while it runs
 * synchronously, which is where such a handler builds what it returns (a
 * build it defers to a promise's callback is written in a second call), so
 * that a server whose handlers are all plain functions never turns on the
 * storage's promise hooks, which would tax every promise of the process. */
export const handlerContext = (() => {
  const builtin = globalThis.process?.getBuiltinModule;
  const hooks = typeof builtin === "function" ? builtin("node:async_hooks") : undefined;
  const isProxy = typeof builtin === "function" ? builtin("node:util")?.types?.isProxy : undefined;
  if (typeof hooks?.AsyncLocalStorage !== "function" || typeof isProxy !== "function") return undefined;
  const storage = new hooks.AsyncLocalStorage();
  let current; // the store of the handler running synchronously, if any
  return {
    run: (store, fn) => storage.run(store, fn),
    runSync(store, fn) {
      const before = current;
      current = store;
      try {
        return fn();
      } finally {
        current = before;
      }
    },
    get: () => current ?? storage.getStore(),
    isProxy,
  };
})();

/** AsyncFunction is the constructor of async functions. */
const AsyncFunction = (async () => {}).constructor;

const SNAPSHOT = Symbol("snapshot");

/**
 * handlers gives toolHandler(entry, cb) and resourceHandler(name, cb), the
 * handlers McpServer is given for the user's cb: entry is the adapter's
 * record of the tool ({name, schema}: read at each call, so that an update
 * of the tool applies), name the resource's. finalize is serialize's;
 * report(err, where) takes the detail of every private failure;
 * revisionOf(extra) gives the revision a handler called with extra writes
 * for; check(schema, value) is the line's check of structured content
 * against an output schema (lines.js); context (handlerContext unless
 * given) is {run(store, fn), get(), isProxy(v)}: fn() run with store as
 * what get() gives while it runs and in everything it awaits (an
 * AsyncLocalStorage), the hook the API writes a result built in a handler
 * with (api.js, useContext), and Node's util.types.isProxy.
 */
export function handlers(mcp, { finalize, report, revisionOf, check, context = handlerContext }) {
  // serialize writes a result made here (a failure, a ClientError's
  // result, a copy mcp.guard made) for a revision, as the object the SDK
  // is handed. The options of each revision are made once; with the API's
  // internal calls, they go to the module as they are, and only an object
  // that may hold a BigInt (its request held one) is walked by forSdk.
  const internal = internalsOf(mcp);
  const atOnce = internal !== undefined && context !== undefined && context !== null;
  if (atOnce) internal.useContext(context.get);
  const optionsOf = new Map(); // revision -> the module's options
  const optionsFor = (version) => {
    let opts = optionsOf.get(version);
    if (opts === undefined) optionsOf.set(version, (opts = Object.freeze({ protocolVersion: version, finalize })));
    return opts;
  };
  const serialize = (result, version) => {
    if (internal === undefined) return forSdk(mcp.serialize(result, { protocolVersion: version, output: "object", finalize }), "");
    const { value, exact } = internal.serializeObject(result, optionsFor(version));
    return exact ? forSdk(value, "") : value;
  };
  // written is a handler's result, read once (internal.read), written for
  // the revision from the bytes it was read into
  const written = (snap, version) => {
    const { value, exact } = internal.write(snap, optionsFor(version));
    return exact ? forSdk(value, "") : value;
  };
  // run calls the user's handler; with the hook, inside it, so that a
  // result the handler builds is written for the revision as it is built
  const run = (kind, cb, self, args, version) => {
    if (!atOnce) return call(cb, self, args);
    const store = { internal, kind, options: optionsFor(version) };
    if (cb instanceof AsyncFunction || context.runSync === undefined) return context.run(store, () => call(cb, self, args));
    return context.runSync(store, () => call(cb, self, args));
  };
  // atOnceWire is the object the SDK is handed, made from what the module
  // wrote for the revision as it built the handler's result, when the
  // handler returned that very result, unchanged (api.js, handed), else
  // undefined
  const atOnceWire = (outcome, version) => (atOnce && !outcome.threw ? internal.handed(outcome.out, optionsFor(version), context.isProxy) : undefined);

  // fallback is the result in place of a private failure, written for the
  // revision (as it is, should even that fail: a finalize the module
  // refuses)
  const fallback = (text, version, where) => {
    try {
      return serialize(failure(text), version);
    } catch (err) {
      report(err, where);
      return failure(text);
    }
  };

  // schemaFailure is the result in place of got (its isError and
  // structured content) when the tool has an output schema got does not
  // match, the detail reported; else undefined
  const schemaFailure = async (entry, got, version, where) => {
    if (entry.schema === undefined || got.isError === true) return undefined;
    const problem = await checkStructured(check, entry, got);
    if (problem === undefined) return undefined;
    report(problem, where);
    return fallback(INVALID_OUTPUT_TEXT, version, where);
  };

  // viaGuard is a tool call with an API of another copy of this package
  // (no internal calls): mcp.guard gave a copy of what it read, which is
  // checked and written with the public calls.
  const viaGuard = async (entry, result, version, where) => {
    try {
      return (await schemaFailure(entry, result, version, where)) ?? ofKind(serialize(result, version), "tool");
    } catch (err) {
      report(err, where);
      return fallback(failureText(err), version, where);
    }
  };

  // The handler McpServer calls for a tool: the user's, guarded as guard
  // guards it, its result read once (the one walk that writes it for the
  // module) and checked, its structured content (read back from those
  // bytes) checked against the output schema, and the same bytes written
  // for the revision. The SDK is handed that object, never the handler's.
  const toolHandler = (entry, cb) => {
    const guarded = internal === undefined ? mcp.guard(cb, { onError: (err) => report(err, { tool: entry.name }) }) : undefined;
    return async function handler(...args) {
      const version = revisionOf(args[args.length - 1]);
      const where = { tool: entry.name };
      if (guarded !== undefined) return viaGuard(entry, await guarded.apply(this, args), version, where);
      const outcome = await run("tool", cb, this, args, version);
      try {
        const sdk = atOnceWire(outcome, version);
        if (sdk !== undefined) return (await schemaFailure(entry, outcome.out, version, where)) ?? sdk;
        const settled = settle(mcp, internal, outcome, (err) => report(err, where), entry.schema !== undefined, (snap) => ({ [SNAPSHOT]: snap }));
        const snap = settled[SNAPSHOT];
        if (snap === undefined) return serialize(settled, version); // made here
        if (entry.schema !== undefined) {
          const failed = await schemaFailure(entry, internal.members(snap, ["isError", "structuredContent"]), version, where);
          if (failed !== undefined) return failed;
        }
        return ofKind(written(snap, version), "tool");
      } catch (err) {
        report(err, where);
        return fallback(failureText(err), version, where);
      }
    };
  };

  // The read callback McpServer calls for a resource: a thrown ClientError
  // is a JSON-RPC error with its message (InvalidParams, the ClientError's
  // code in data.code), its fields read once; anything else thrown (the
  // reading of a ClientError's fields, or of the result, included), no
  // result, and a result that fails its checks or is a tool result, a
  // JSON-RPC error (InternalError) with a fixed message, the detail to
  // onError: INVALID_RESOURCE_OUTPUT_TEXT for an McpResultError (a result
  // that failed its checks, thrown or returned), RESOURCE_READ_FAILED_TEXT
  // for anything else, as the Go adapter answers. The result is read once
  // and written from what was read, as a tool's.
  const resourceHandler = (name, cb) =>
    async function read(...args) {
      let uri;
      try {
        uri = args[0] instanceof URL ? args[0].href : String(args[0]);
      } catch {
        uri = undefined;
      }
      const where = { resource: name, uri };
      const version = revisionOf(args[args.length - 1]);
      const outcome = await run("resource", cb, this, args, version);
      const privately = (err) => {
        report(err, where);
        return rpcError(INTERNAL_ERROR, invalid(err) ? INVALID_RESOURCE_OUTPUT_TEXT : RESOURCE_READ_FAILED_TEXT);
      };
      if (outcome.threw) {
        let c;
        try {
          c = shown(outcome.thrown);
        } catch (err) {
          throw privately(err);
        }
        if (c === undefined) throw privately(outcome.thrown);
        throw rpcError(INVALID_PARAMS, c.message, c.code === undefined ? undefined : { code: c.code });
      }
      const out = outcome.out;
      if (out === undefined || out === null) {
        // as for a tool, no result is a failed read, not an invalid output
        report(new Error("the resource handler returned no result"), where);
        throw rpcError(INTERNAL_ERROR, RESOURCE_READ_FAILED_TEXT);
      }
      try {
        // without the internal calls (an API of another copy of this
        // package), the one serialize is the one read: it checks the
        // result as it writes it
        if (internal === undefined) return ofKind(serialize(out, version), "resource");
        return ofKind(written(internal.read(out, "resource", false), version), "resource");
      } catch (err) {
        throw privately(err);
      }
    };

  return { toolHandler, resourceHandler };
}
