// mcpresult/sdk: an McpServer of the official TypeScript SDK 1.x (from
// 1.23.0, the first with the zod helpers this module calls) whose every
// tool and resource result is guarded, checked and written for the revision
// its connection negotiated, with the handlers users already write.
//
// adapt joins three parts, each in a module of its own: the revision
// observer (sdk/revision.js: which revision each connection negotiated,
// read on the wire), the rewriting of tools/list (sdk/toolslist.js: each
// output schema as the client's revision is to be listed it), and the
// handlers McpServer is given in place of the user's (sdk/handlers.js). It
// reads nothing private of the SDK's objects: what it needs to know of a
// tool (its output schema, kept from the SDK) it records itself as the tool
// is registered through it, and follows as the tool is updated or removed.

import { observeRevisions } from "./sdk/revision.js";
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
 * adapt makes server (an McpServer of SDK 1.x, before any tool or resource
 * is registered on it) write every result for the revision its connection
 * negotiated, and returns it. mcp is the API load() gave; options.onError
 * (error, where) receives the detail of every private failure, where being
 * {tool} or {resource, uri}; options.finalize is serialize's finalize
 * (default true: the protocol-owned fields of the revisions that have
 * them).
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
  if ((holds(inner, "tools/call") || holds(inner, "resources/read"))) {
    throw new Error(
      "mcpresult/sdk: adapt the server before registering its tools and resources (and declare no tools or resources capability in its options: the SDK then sets their handlers at once)",
    );
  }
  const finalize = options.finalize ?? true;
  const report = reporter(options.onError);

  // The adapter's record of the tools registered through it: name ->
  // {name, schema (the zod output schema kept from the SDK), json (its
  // JSON Schema, once made)}.
  const tools = new Map();
  const schema = schemas[line];
  if (line === "1.x") loadV1();
  const revisionOf = observeRevisions(inner, mcp.info().protocolVersions, listRewriter(mcp, tools, schema.jsonSchema), report, schema.ready);
  const { toolHandler, resourceHandler } = handlers(mcp, { finalize, report, revisionOf, check: schema.check });

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
