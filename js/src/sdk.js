// mcpresult/sdk: an McpServer of the official TypeScript SDK, of either
// line (1.x `@modelcontextprotocol/sdk` from 1.23.0, the first with the
// zod helpers this module calls; 2.x `@modelcontextprotocol/server` from
// 2.0.0), whose every tool and resource result is guarded, checked and
// written for the revision of its request, with the handlers users already
// write.
//
// adapt joins four parts, each in a module of its own: the lines
// (sdk/lines.js: how a server of each is recognized, and its schema
// helpers, imported only as a server of the line is adapted), the revision
// observer (sdk/revision.js: which revision each request is answered at,
// told by the SDK where it tells it, else read on the wire), the rewriting
// of tools/list (sdk/toolslist.js: each output schema as the client's
// revision is to be listed it), and the handlers McpServer is given in
// place of the user's (sdk/handlers.js). It reads nothing private of the
// SDK's objects: what it needs to know of a tool (its output schema, kept
// from the SDK) it records itself as the tool is registered through it,
// and follows as the tool is updated or removed.
//
// A result a tool handler builds with mcp.tool and returns unchanged
// crosses into the module once: the handler runs with its request's
// revision known to the API (an AsyncLocalStorage, where the runtime has
// node:async_hooks), and the build writes the result for that revision in
// the same call. A result changed after it was built, or built elsewhere,
// is written for the revision in a second call, checked again, as any
// result is (sdk/handlers.js says how a change is told).
//
// On 2.x, the protocol-owned fields of a 2026-07-28 result (resultType,
// the serverInfo _meta, a resource's ttlMs and cacheScope) are the SDK's:
// its encoding of that era adds them to whatever a handler returns, so the
// adapter hands it the result without them (finalize false) unless
// options.finalize says otherwise. 1.x speaks no revision that has them.
//
// A 2.x tool's output schema is given to the SDK as it is registered, so
// that the SDK makes of it what it makes (a zod object of a raw shape),
// then taken back from the tool it returns (RegisteredTool.outputSchema,
// a public member) and cleared there: the SDK would otherwise list it for
// every revision, require structured content of every result (a
// 2025-03-26 client gets none), and project the result itself. An
// update's output schema must be a schema (zod object or another Standard
// Schema with JSON Schema), not a raw shape: 2.x's update takes none.

import { observeRevisions, followRequests } from "./sdk/revision.js";
import { listRewriter } from "./sdk/toolslist.js";
import { handlers } from "./sdk/handlers.js";
import { reporter } from "./guard.js";
import { lineOf, loadV1, schemas } from "./sdk/lines.js";

export { ClientError, McpResultError } from "./errors.js";
export { EXECUTION_FAILED_TEXT, INVALID_OUTPUT_TEXT } from "./guard.js";
export { RESOURCE_READ_FAILED_TEXT, INVALID_RESOURCE_OUTPUT_TEXT } from "./sdk/handlers.js";
export { protocolVersion } from "./sdk/revision.js";

const ADAPTED = Symbol.for("mcpresult.sdk.adapted");

function isZod(s) {
  return s !== null && typeof s === "object" && ("_zod" in s || "_def" in s);
}

/** isStandard says whether s is a Standard Schema (as 2.x takes). */
function isStandard(s) {
  return s !== null && typeof s === "object" && s["~standard"] !== null && typeof s["~standard"] === "object" && typeof s["~standard"].validate === "function";
}

/** takeSchema takes back the output schema a 2.x SDK made of the one a tool
 * was registered with (a raw shape made a zod object), and clears it on
 * the tool, whose schema the adapter checks and lists itself: the schema
 * and the JSON Schema the SDK projects each result by (made as the tool is
 * registered up to 2.3, at its first call since). */
function takeSchema(tool, name) {
  const schema = tool.outputSchema;
  if (!isStandard(schema)) throw new TypeError(`mcpresult/sdk: the SDK made no schema of the output schema of tool ${name}`);
  tool.outputSchema = undefined;
  if ("outputSchemaJson" in tool) tool.outputSchemaJson = undefined;
  return schema;
}

function isZodShape(s) {
  if (s === null || typeof s !== "object" || Array.isArray(s) || isZod(s)) return false;
  const values = Object.values(s);
  return values.length > 0 ? values.every(isZod) : Object.getPrototypeOf(s) === Object.prototype;
}

/** holds says whether the SDK's Server already has a request handler for
 * method (its public assertCanSetRequestHandler refuses to set one). */
function holds(inner, method) {
  try {
    inner.assertCanSetRequestHandler(method);
    return false;
  } catch {
    return true;
  }
}

/**
 * adapt makes server (an McpServer of SDK 1.x or 2.x, before any tool or
 * resource is registered on it) write every result for the revision of its
 * request, and returns it; anything else is refused with a TypeError that
 * names what it is. mcp is the API load() gave; options.onError (error,
 * where) receives the detail of every private failure, where being {tool}
 * or {resource, uri}; options.finalize is serialize's finalize (default:
 * true on 1.x, false on 2.x, whose SDK adds the protocol-owned fields).
 * With 2.x's serveStdio or per-request HTTP entry, adapt each server the
 * factory makes.
 */
export function adapt(server, mcp, options = {}) {
  const { line, inner } = lineOf(server);
  if (mcp === null || typeof mcp !== "object" || typeof mcp.serialize !== "function" || typeof mcp.guard !== "function") {
    throw new TypeError("mcpresult/sdk: adapt takes the API that load() of mcpresult gives as its second argument");
  }
  if (server[ADAPTED]) return server;
  // A tool or resource registered before adapt would not be guarded. The
  // SDK sets its tools/call and resources/read handlers as the first tool
  // or resource is registered (or at once, for a capability its options
  // declare), which its Server's public check tells.
  if (holds(inner, "tools/call") || holds(inner, "resources/read")) {
    throw new Error(
      "mcpresult/sdk: adapt the server before registering its tools and resources (and declare no tools or resources capability in its options: the SDK then sets their handlers at once)",
    );
  }
  const finalize = options.finalize ?? line === "1.x";
  const report = reporter(options.onError);

  // The adapter's record of the tools registered through it: name ->
  // {name, schema (the zod output schema kept from the SDK), json (its
  // JSON Schema, once made)}.
  const tools = new Map();
  const schema = schemas[line];
  if (line === "1.x") loadV1();
  const known = mcp.info().protocolVersions;
  const rewrite = listRewriter(mcp, tools, schema.jsonSchema);
  const revisionOf = line === "1.x" ? observeRevisions(inner, known, rewrite, report, schema.ready) : followRequests(inner, known, rewrite, report);
  const { toolHandler, resourceHandler } = handlers(mcp, { finalize, report, revisionOf, check: schema.check });

  const registerTool = server.registerTool.bind(server);
  server.registerTool = (name, config, cb) => {
    const { outputSchema, ...rest } = config ?? {};
    if (outputSchema !== undefined && !isZod(outputSchema) && !isZodShape(outputSchema)) {
      throw new TypeError(`mcpresult/sdk: the output schema of tool ${name} is not a zod schema or an object of zod schemas`);
    }
    if (typeof cb !== "function") throw new TypeError(`mcpresult/sdk: tool ${name} has no handler function`);
    const entry = { name, schema: outputSchema, json: undefined };
    let tool;
    if (line === "2.x" && outputSchema !== undefined) {
      tool = registerTool(name, { ...rest, outputSchema }, toolHandler(entry, cb));
      entry.schema = takeSchema(tool, name);
    } else {
      tool = registerTool(name, rest, toolHandler(entry, cb));
    }
    tools.set(name, entry);
    const update = tool.update.bind(tool);
    tool.update = (updates) => {
      const u = { ...updates };
      if ("outputSchema" in u) {
        if (line === "2.x" && u.outputSchema !== undefined && !isStandard(u.outputSchema)) {
          throw new TypeError(`mcpresult/sdk: the output schema of an update of tool ${entry.name} is not a schema (a raw shape is taken only as the tool is registered)`);
        }
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
