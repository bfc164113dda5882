// mcpresult/webmcp: tools a web page registers for in-browser agents
// (WebMCP: document.modelContext.registerTool, or navigator.modelContext
// in earlier drafts and in polyfills that keep that alias), whose results
// are guarded, checked, within the budget and written for a revision, as a
// server's are. It works with a browser's own WebMCP and with any
// implementation of the same API, such as @mcp-b/webmcp-polyfill.

import { McpResultError } from "./errors.js";
import { EXECUTION_FAILED_TEXT, INVALID_OUTPUT_TEXT, call, failureText, ofKind, reporter, settle } from "./guard.js";
import { internalsOf } from "./api.js";

/** modelContext gives the page's WebMCP context: document.modelContext,
 * else the deprecated navigator.modelContext, else undefined. */
export function modelContext() {
  const doc = globalThis.document;
  if (doc && doc.modelContext && typeof doc.modelContext.registerTool === "function") return doc.modelContext;
  const nav = globalThis.navigator;
  if (nav && nav.modelContext && typeof nav.modelContext.registerTool === "function") return nav.modelContext;
  return undefined;
}

// webSafe refuses what an agent's browser cannot hand on with its digits:
// a WebMCP result is sent on as JSON.stringify writes it, which refuses a
// BigInt (the package's form of an integer beyond ±(2^53−1)); send such a
// number as a string.
function webSafe(value, path) {
  if (typeof value === "bigint") {
    throw new McpResultError("unsupported_value", path, "an integer beyond ±(2^53−1): a WebMCP result is written with JSON.stringify, which cannot write it with its digits (send it as a string)");
  }
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) webSafe(value[i], path + "/" + i);
  } else {
    for (const k of Object.keys(value)) webSafe(value[k], path + "/" + k.replace(/~/g, "~0").replace(/\//g, "~1"));
  }
  return value;
}

/**
 * registerTool registers tool on the page's WebMCP context (or
 * options.modelContext) and returns what its registerTool returns. tool is
 * a WebMCP tool ({name, description, inputSchema, annotations, execute,
 * …}); its execute is called as WebMCP calls it, guarded as mcp.guard
 * guards a handler (a thrown ClientError is shown to the agent, anything
 * else stays private and goes to options.onError(error, {tool})), and what
 * it returns, a result mcp built or a plain result object that validates,
 * is written as mcp.serialize(result, {protocolVersion, finalize, output:
 * "object"}) writes it: the agent gets that object. What execute returns
 * or throws is read once (its accessors, Proxy traps and toJSON may throw
 * or change from read to read): the result is checked and written from
 * that one read, and execute never throws.
 *
 * options: protocolVersion (default: the latest revision the module
 * knows, as serialize), finalize (default true), onError, signal (passed
 * to registerTool: aborting it unregisters the tool), modelContext.
 */
export function registerTool(mcp, tool, options = {}) {
  if (mcp === null || typeof mcp !== "object" || typeof mcp.guard !== "function" || typeof mcp.serialize !== "function") {
    throw new TypeError("mcpresult/webmcp: registerTool(mcp, tool) takes the API load() gave");
  }
  if (tool === null || typeof tool !== "object" || typeof tool.execute !== "function") {
    throw new McpResultError("invalid_option", "/execute", "a WebMCP tool has an execute function");
  }
  const context = options.modelContext !== undefined ? options.modelContext : modelContext();
  if (context === undefined || context === null || typeof context.registerTool !== "function") {
    throw new McpResultError("invalid_option", "/modelContext", "the page has no WebMCP (neither document.modelContext nor navigator.modelContext): load a polyfill such as @mcp-b/webmcp-polyfill first, or pass options.modelContext");
  }
  const name = tool.name;
  const onError = reporter(options.onError);
  const report = (err) => onError(err, { tool: name });
  // finalize: the result is what the agent gets, so the protocol-owned
  // fields are added where the revision has them, as mcpresult/sdk and the
  // command line's serialize do
  const writeOptions = { output: "object", finalize: options.finalize !== undefined ? options.finalize : true };
  if (options.protocolVersion !== undefined) writeOptions.protocolVersion = options.protocolVersion;
  const moduleOptions = { ...writeOptions };
  delete moduleOptions.output;
  const write = (result) => webSafe(mcp.serialize(result, writeOptions), "");
  // the results in place of a private failure, written now: a wrong
  // protocolVersion or finalize is refused here, not at the first call
  const fallback = (text) => write({ content: [{ type: "text", text }], isError: true });
  const failed = { [EXECUTION_FAILED_TEXT]: fallback(EXECUTION_FAILED_TEXT), [INVALID_OUTPUT_TEXT]: fallback(INVALID_OUTPUT_TEXT) };
  // What execute returns is read once, inside the guard (the one walk that
  // writes it for the module), checked, and written from what was read:
  // the agent gets that object, never execute's own. With an API of
  // another copy of this package (no internal calls), mcp.guard gives a
  // copy of what it read, which is written.
  const internal = internalsOf(mcp);
  const SNAPSHOT = Symbol("snapshot");
  const guarded = internal === undefined ? mcp.guard(tool.execute, { onError: report }) : undefined;
  const execute = async function execute(...args) {
    let result;
    if (guarded !== undefined) {
      result = await guarded.apply(this, args);
    } else {
      const outcome = await call(tool.execute, this, args);
      result = settle(mcp, internal, outcome, report, false, (snap) => ({ [SNAPSHOT]: snap }));
    }
    try {
      const snap = result[SNAPSHOT];
      if (snap === undefined) return write(result); // made here, or guard's copy
      const { value, exact } = internal.write(snap, moduleOptions);
      ofKind(value, "tool"); // a resource result is no tool result: invalid output
      return exact ? webSafe(value, "") : value;
    } catch (e) {
      report(e);
      return structuredClone(failed[failureText(e)]);
    }
  };
  const registered = { ...tool, execute };
  return options.signal !== undefined ? context.registerTool(registered, { signal: options.signal }) : context.registerTool(registered);
}
