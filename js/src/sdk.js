// mcpresult/sdk: an McpServer of the official TypeScript SDK 1.x (from
// 1.23.0, the first with the zod helpers this module calls) whose every
// tool and resource result is guarded, checked and written for the revision
// its connection negotiated, with the handlers users already write.
//
// How the negotiated revision is known. SDK 1.x keeps no negotiated
// protocol version on the server side: Server picks it while it answers
// initialize (the requested version when it supports it, else its latest)
// and only the client stores it. So the revision is read where it is
// decided, on the wire: when the server connects a transport, an observer
// is placed on it (public Transport members only): transport.onmessage
// notes the id of each initialize and tools/list request (the SDK's
// Protocol.connect calls an onmessage set before it first), and
// transport.send reads result.protocolVersion of the response to an
// initialize, exactly what the client was told. Each transport keeps its
// own record, and a handler is written for the one the SDK answers on,
// Protocol's public transport getter: a second connect that the SDK
// refuses ("Already connected", as 1.32.2 does) changes nothing, and
// the refused transport gets its onmessage and send back as they were; one
// that SDK 1.23 accepts (it then answers on the new transport) is followed.
// A request on a server that saw no initialize (Streamable HTTP without
// sessions, a server per request) takes the MCP-Protocol-Version header of
// its HTTP request when it names a revision, else the SDK's
// DEFAULT_NEGOTIATED_PROTOCOL_VERSION, the one its HTTP transport assumes.
//
// Why output schemas are kept from the SDK. McpServer lists a zod output
// schema unchanged for every revision, and rejects a result without
// structuredContent when a tool has one: a 2024-11-05 or 2025-03-26 client
// must be listed no output schema and get no structuredContent. So
// registerTool hands the SDK the tool without its output schema, checks
// the structured content against it here (with the SDK's own zod helpers),
// and the response to tools/list is given each output schema as
// outputSchema(schema, revision) writes it, the zod schema converted as the
// SDK converts it (toJsonSchemaCompat, pipeStrategy "output").
//
// What a tool call does here, and why. What the handler returns (or
// throws) is read once, inside the guard, and never handed on: its
// accessors, Proxy traps and toJSON may throw at any read or give another
// value at each read, so everything after is made from that one read. The
// read is the one walk that writes the result for the module (the API's
// internal read): a result this API built is not checked again then; any
// other is validated as a handler's result from the bytes written. The
// tool's output schema, when it has one, is checked with the SDK's zod
// helpers against the structured content made back from those bytes, and
// the same bytes are serialized for the negotiated revision. That one
// serialize stays for every result, built here or not: the module writes
// the result for the revision (drops or wraps what the revision lacks, adds
// what finalize adds) and checks it again, since a handler may change a
// result after building it; a built result the tool has no output schema
// for is walked only then, as before. A thrown ClientError's message and
// code are read once each (a read that throws is a private failure, a
// field that is not a string an invalid output). Nothing of it is made per
// call that can be made once: the options of each revision are made once
// and sent as they are, and the settings the result was built with go as
// the bytes its build answered. The JSON the module writes is parsed once,
// into the object the SDK is handed: McpServer parses every tool result
// with its CallToolResultSchema (zod) and sends what that gives, which its
// transports write with JSON.stringify, so the SDK needs an object, and one
// the handler does not hold (Node 20 has no JSON.rawJSON to hand it the
// JSON as it is). That object is walked for a BigInt (forSdk) only when its
// request held one; otherwise JSON.parse made it, and it holds none. A
// resource read is the same, without the output schema. With an API whose
// internal calls are not known here (one of another copy of this package),
// a tool's result goes through mcp.guard, which hands on a copy of what it
// read, and a resource's through serialize alone: what it writes is what
// it checked.

import {
  DEFAULT_NEGOTIATED_PROTOCOL_VERSION,
  ErrorCode,
} from "@modelcontextprotocol/sdk/types.js";
import { getParseErrorMessage, normalizeObjectSchema, safeParseAsync } from "@modelcontextprotocol/sdk/server/zod-compat.js";
import { toJsonSchemaCompat } from "@modelcontextprotocol/sdk/server/zod-json-schema-compat.js";
import { McpResultError } from "./errors.js";
import { INVALID_OUTPUT_TEXT, call, failure, failureText, invalid, reporter, settle, shown } from "./guard.js";
import { internalsOf } from "./api.js";

export { ClientError, McpResultError } from "./errors.js";
export { EXECUTION_FAILED_TEXT, INVALID_OUTPUT_TEXT } from "./guard.js";

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

/** The messages of the JSON-RPC errors a resource read fails with in place
 * of a private failure. */
export const RESOURCE_READ_FAILED_TEXT = "resource read failed";
export const INVALID_RESOURCE_OUTPUT_TEXT = "resource output was invalid";

const ADAPTED = Symbol.for("mcpresult.sdk.adapted");

// The revision each request handler was called for, by the extra object
// the SDK passes it.
const revisions = new WeakMap();

/**
 * protocolVersion gives the revision a handler's result is written for,
 * from the extra object the SDK passes the handler (the last argument of a
 * tool or resource callback of an adapted server).
 */
export function protocolVersion(extra) {
  const v = extra !== null && typeof extra === "object" ? revisions.get(extra) : undefined;
  if (v === undefined) throw new TypeError("mcpresult/sdk: protocolVersion takes the extra object an adapted server passes its handler");
  return v;
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

function isZod(s) {
  return s !== null && typeof s === "object" && ("_zod" in s || "_def" in s);
}

function isZodShape(s) {
  if (s === null || typeof s !== "object" || Array.isArray(s) || isZod(s)) return false;
  const values = Object.values(s);
  return values.length > 0 ? values.every(isZod) : Object.getPrototypeOf(s) === Object.prototype;
}

/**
 * adapt makes server (an McpServer of SDK 1.x, before any tool or resource
 * is registered on it) write every result for the revision its connection
 * negotiated, and returns it. mcp is the API load() gave; options.onError
 * (error, where) receives the detail of every private failure, where being
 * {tool} or {resource, uri}; options.finalize is serialize's finalize
 * (default true: the protocol-owned fields of the revisions that have
 * them).
 */
export function adapt(server, mcp, options = {}) {
  if (server === null || typeof server !== "object" || typeof server.registerTool !== "function" || server.server === undefined) {
    throw new TypeError("mcpresult/sdk: adapt takes an McpServer of @modelcontextprotocol/sdk 1.x");
  }
  if (mcp === null || typeof mcp !== "object" || typeof mcp.serialize !== "function" || typeof mcp.guard !== "function") {
    throw new TypeError("mcpresult/sdk: adapt takes the API that load() of mcpresult gives as its second argument");
  }
  if (server[ADAPTED]) return server;
  const registered = server._registeredTools ?? {};
  const registeredResources = { ...(server._registeredResources ?? {}), ...(server._registeredResourceTemplates ?? {}) };
  if (Object.keys(registered).length > 0 || Object.keys(registeredResources).length > 0) {
    throw new Error("mcpresult/sdk: adapt the server before registering its tools and resources");
  }
  const finalize = options.finalize ?? true;
  const report = reporter(options.onError);

  const known = mcp.info().protocolVersions;
  const oldest = known[0];
  // fit maps a revision the SDK negotiated onto one mcpresult writes: an
  // older one (2024-10-07) is written as the oldest, a newer one as the
  // latest before it.
  const fit = (v) => {
    if (known.includes(v)) return v;
    if (typeof v !== "string" || v < oldest) return oldest;
    return known.filter((k) => k <= v).at(-1);
  };

  // The state of each connection, by its transport: the negotiated
  // revision, and what the observer remembers of the requests awaiting
  // their response. The connection a handler serves is the SDK's own
  // record of it, inner.transport (Protocol's public getter), the
  // transport the SDK answers on: a connect the SDK refuses ("Already
  // connected") leaves that as it was, and so the revision too.
  const inner = server.server;
  const connections = new WeakMap(); // transport -> {negotiated, pending}
  const live = () => {
    const t = inner.transport;
    return t !== null && typeof t === "object" ? connections.get(t) : undefined;
  };
  const headerVersion = (extra) => {
    const h = extra && extra.requestInfo && extra.requestInfo.headers && extra.requestInfo.headers["mcp-protocol-version"];
    return typeof h === "string" && h !== "" ? h : undefined;
  };
  const revisionFor = (header, conn = live()) => fit((conn && conn.negotiated) ?? header ?? DEFAULT_NEGOTIATED_PROTOCOL_VERSION);

  // The tools registered through the adapter: name -> {schema, json}.
  const tools = new Map();
  const jsonSchemaOf = (entry) => {
    if (entry.json === undefined) {
      const obj = normalizeObjectSchema(entry.schema);
      entry.json = toJsonSchemaCompat(obj ?? entry.schema, { strictUnions: true, pipeStrategy: "output" });
    }
    return entry.json;
  };

  const listFor = (result, version) => {
    if (result === null || typeof result !== "object" || !Array.isArray(result.tools)) return result;
    const list = result.tools.map((tool) => {
      if (tool === null || typeof tool !== "object") return tool;
      const entry = tools.get(tool.name);
      let schema = tool.outputSchema;
      if (entry !== undefined && entry.schema !== undefined) schema = jsonSchemaOf(entry);
      if (schema === undefined) return tool;
      const advertised = mcp.outputSchema(schema, version);
      const out = {};
      for (const [k, v] of Object.entries(tool)) {
        if (k === "outputSchema") continue;
        out[k] = v;
        if (k === "inputSchema" && advertised !== undefined) out.outputSchema = advertised;
      }
      if (advertised !== undefined && !("outputSchema" in out)) out.outputSchema = advertised;
      return out;
    });
    return { ...result, tools: list };
  };

  // observe places the observer on a transport before the SDK connects to
  // it, and gives what takes it off again (for a connect the SDK refuses).
  const observe = (transport) => {
    const conn = { negotiated: undefined, pending: new Map() }; // request id -> {method, header}
    connections.set(transport, conn);
    const prior = transport.onmessage;
    const onmessage = (message, extra) => {
      if (message && typeof message.method === "string" && "id" in message) {
        if (message.method === "initialize") conn.pending.set(message.id, { method: "initialize" });
        else if (message.method === "tools/list") conn.pending.set(message.id, { method: "tools/list", header: headerVersion(extra) });
      }
      prior?.(message, extra);
    };
    transport.onmessage = onmessage;
    const hadSend = Object.prototype.hasOwnProperty.call(transport, "send");
    const ownSend = transport.send;
    const send = transport.send.bind(transport);
    const observed = (message, sendOptions) => {
      if (message && "id" in message && !("method" in message) && conn.pending.has(message.id)) {
        const req = conn.pending.get(message.id);
        conn.pending.delete(message.id);
        if (req.method === "initialize") {
          const v = message.result && message.result.protocolVersion;
          if (typeof v === "string") conn.negotiated = v;
        } else if ("result" in message) {
          try {
            message = { ...message, result: listFor(message.result, revisionFor(req.header, conn)) };
          } catch (err) {
            report(err, { tool: undefined });
            message = { jsonrpc: "2.0", id: message.id, error: { code: ErrorCode.InternalError, message: "tools/list failed" } };
          }
        }
      }
      return send(message, sendOptions);
    };
    transport.send = observed;
    return () => {
      connections.delete(transport);
      if (transport.onmessage === onmessage) transport.onmessage = prior;
      if (transport.send === observed) {
        if (hadSend) transport.send = ownSend;
        else delete transport.send;
      }
    };
  };
  const connect = inner.connect.bind(inner);
  inner.connect = async (transport) => {
    // a transport observed already (connected again) keeps its state
    const unobserve = transport !== null && typeof transport === "object" && !connections.has(transport) ? observe(transport) : undefined;
    try {
      return await connect(transport);
    } catch (err) {
      // refused: the SDK did not take the transport, which is left as it was
      if (unobserve !== undefined && inner.transport !== transport) unobserve();
      throw err;
    }
  };

  // serialize writes a result made here (a failure, a ClientError's
  // result, a copy mcp.guard made) for a revision, as the object the SDK is
  // handed. The options of each revision are made once; with the API's
  // internal calls, they go to the module as they are, and only an object
  // that may hold a BigInt (its request held one) is walked by forSdk.
  const internal = internalsOf(mcp);
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

  // The handler McpServer calls for a tool: the user's, guarded as guard
  // guards it, its result read once (the one walk that writes it for the
  // module) and checked, its structured content (read back from those
  // bytes) checked against the output schema, and the same bytes written
  // for the revision. The SDK is handed that object, never the handler's.
  const SNAPSHOT = Symbol("snapshot");
  const toolHandler = (entry, cb) => {
    const guarded = internal === undefined ? mcp.guard(cb, { onError: (err) => report(err, { tool: entry.name }) }) : undefined;
    return async function handler(...args) {
      const extra = args[args.length - 1];
      const version = revisionFor(headerVersion(extra));
      if (extra !== null && typeof extra === "object") revisions.set(extra, version);
      const where = { tool: entry.name };
      if (guarded !== undefined) return viaGuard(entry, await guarded.apply(this, args), version, where);
      const outcome = await call(cb, this, args);
      try {
        const settled = settle(mcp, internal, outcome, (err) => report(err, where), entry.schema !== undefined, (snap) => ({ [SNAPSHOT]: snap }));
        const snap = settled[SNAPSHOT];
        if (snap === undefined) return serialize(settled, version); // made here
        if (entry.schema !== undefined) {
          const got = internal.members(snap, ["isError", "structuredContent"]);
          if (got.isError !== true) {
            const problem = await checkStructured(entry, got);
            if (problem !== undefined) {
              report(problem, where);
              return fallback(INVALID_OUTPUT_TEXT, version, where);
            }
          }
        }
        return written(snap, version);
      } catch (err) {
        report(err, where);
        return fallback(failureText(err), version, where);
      }
    };
  };

  // viaGuard is a tool call with an API of another copy of this package
  // (no internal calls): mcp.guard gave a copy of what it read, which is
  // checked and written with the public calls.
  const viaGuard = async (entry, result, version, where) => {
    try {
      if (entry.schema !== undefined && result.isError !== true) {
        const problem = await checkStructured(entry, result);
        if (problem !== undefined) {
          report(problem, where);
          return fallback(INVALID_OUTPUT_TEXT, version, where);
        }
      }
      return serialize(result, version);
    } catch (err) {
      report(err, where);
      return fallback(failureText(err), version, where);
    }
  };

  const checkStructured = async (entry, result) => {
    try {
      if (result.structuredContent === undefined) {
        return new McpResultError("missing_field", "/structuredContent", "the tool has an output schema and its result no structured content");
      }
      const obj = normalizeObjectSchema(entry.schema);
      const parsed = await safeParseAsync(obj ?? entry.schema, result.structuredContent);
      if (!parsed.success) {
        return new McpResultError(
          "invalid_value",
          "/structuredContent",
          "the structured content does not match the tool's output schema: " + getParseErrorMessage(parsed.error),
        );
      }
      return undefined;
    } catch (err) {
      return err;
    }
  };

  const registerTool = server.registerTool.bind(server);
  server.registerTool = (name, config, cb) => {
    const { outputSchema, ...rest } = config ?? {};
    if (outputSchema !== undefined && !isZod(outputSchema) && !isZodShape(outputSchema)) {
      throw new TypeError(`mcpresult/sdk: the output schema of tool ${name} is not a zod schema or an object of zod schemas`);
    }
    if (typeof cb !== "function") throw new TypeError(`mcpresult/sdk: tool ${name} has no handler function`);
    const entry = { name, schema: outputSchema, json: undefined };
    const tool = registerTool(name, rest, toolHandler(entry, cb));
    tools.set(name, entry);
    const update = tool.update.bind(tool);
    tool.update = (updates) => {
      const u = { ...updates };
      if ("outputSchema" in u) {
        entry.schema = u.outputSchema;
        entry.json = undefined;
        delete u.outputSchema;
      }
      if (typeof u.callback === "function") u.callback = toolHandler(entry, u.callback);
      if (typeof u.name === "string" && u.name !== entry.name) {
        tools.delete(entry.name);
        entry.name = u.name;
        tools.set(u.name, entry);
      }
      if (u.name === null) tools.delete(entry.name);
      return update(u);
    };
    const remove = tool.remove?.bind(tool);
    if (remove !== undefined) {
      tool.remove = () => {
        tools.delete(entry.name);
        return remove();
      };
    }
    return tool;
  };

  // The read callback McpServer calls for a resource: a thrown ClientError
  // is a JSON-RPC error with its message (InvalidParams, the ClientError's
  // code in data.code), its fields read once; anything else thrown (the
  // reading of a ClientError's fields, or of the result, included), and a
  // result that fails its checks, a JSON-RPC error with a fixed message,
  // the detail to onError. The result is read once and written from what
  // was read, as a tool's.
  const resourceHandler = (name, cb) =>
    async function read(...args) {
      const extra = args[args.length - 1];
      let uri;
      try {
        uri = args[0] instanceof URL ? args[0].href : String(args[0]);
      } catch {
        uri = undefined;
      }
      const where = { resource: name, uri };
      const version = revisionFor(headerVersion(extra));
      if (extra !== null && typeof extra === "object") revisions.set(extra, version);
      const outcome = await call(cb, this, args);
      const privately = (err) => {
        report(err, where);
        return rpcError(ErrorCode.InternalError, invalid(err) ? INVALID_RESOURCE_OUTPUT_TEXT : RESOURCE_READ_FAILED_TEXT);
      };
      if (outcome.threw) {
        let c;
        try {
          c = shown(outcome.thrown);
        } catch (err) {
          throw privately(err);
        }
        if (c === undefined) {
          report(outcome.thrown, where);
          throw rpcError(ErrorCode.InternalError, RESOURCE_READ_FAILED_TEXT);
        }
        throw rpcError(ErrorCode.InvalidParams, c.message, c.code === undefined ? undefined : { code: c.code });
      }
      const out = outcome.out;
      if (out === undefined || out === null) {
        report(new Error("the resource handler returned no result"), where);
        throw rpcError(ErrorCode.InternalError, INVALID_RESOURCE_OUTPUT_TEXT);
      }
      try {
        // without the internal calls (an API of another copy of this
        // package), the one serialize is the one read: it checks the
        // result as it writes it
        if (internal === undefined) return serialize(out, version);
        return written(internal.read(out, "resource", false), version);
      } catch (err) {
        throw privately(err);
      }
    };

  const registerResource = server.registerResource.bind(server);
  server.registerResource = (name, uriOrTemplate, config, cb) => {
    if (typeof cb !== "function") throw new TypeError(`mcpresult/sdk: resource ${name} has no read callback`);
    const res = registerResource(name, uriOrTemplate, config, resourceHandler(name, cb));
    const update = res.update.bind(res);
    res.update = (updates) => {
      const u = { ...updates };
      if (typeof u.callback === "function") u.callback = resourceHandler(u.name ?? name, u.callback);
      return update(u);
    };
    return res;
  };

  Object.defineProperty(server, ADAPTED, { value: true });
  return server;
}
