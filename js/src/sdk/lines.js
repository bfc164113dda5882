// The lines of the official TypeScript SDK that mcpresult/sdk adapts, and
// what it needs of each: how an McpServer of the line is recognized, how a
// tool's output schema is checked and converted to JSON Schema, and the
// JSON-RPC constants the adapter sends.
//
// Neither line is imported until a server of it is adapted: both are
// optional peer dependencies, and a user of one line need not install the
// other. What the adapter needs of the 1.x packages (their zod helpers) is
// imported as a 1.x server is adapted, before it can serve a request; the
// 2.x line needs nothing imported, since its schemas are Standard Schemas
// (`~standard.validate`, and `~standard.jsonSchema` for their JSON
// Schema), which the schema object itself carries.
//
// A server is recognized by its public members alone:
//
//   - 1.x (`@modelcontextprotocol/sdk`, from 1.23.0): an McpServer whose
//     `server` is a Server with `setRequestHandler`,
//     `assertCanSetRequestHandler` and `connect`, and without the 2.x
//     members below;
//   - 2.x (`@modelcontextprotocol/server`, from 2.0.0): the same, and its
//     Server has `getNegotiatedProtocolVersion` and
//     `projectCallToolResult` (the 2.x wire codec's projection of a
//     tools/call result).
//
// Anything else (a low-level Server, an McpServer of another SDK or of a
// version whose members differ) is refused with a TypeError naming what
// was found: a server adapt cannot follow would be served results it did
// not write.

/** The JSON-RPC error codes the adapter answers with. */
export const INTERNAL_ERROR = -32603;
export const INVALID_PARAMS = -32602;

/** The revision an SDK's HTTP transport assumes for a request that names
 * none (the MCP-Protocol-Version header's default), in both lines. */
export const DEFAULT_NEGOTIATED_PROTOCOL_VERSION = "2025-03-26";

/** describe names what a value is, for the message of a refusal: its
 * type, the name of its class, and the members that were looked for. */
function describe(v) {
  if (v === null) return "null";
  if (typeof v === "function") return "a function";
  if (typeof v !== "object") return `a ${typeof v}`;
  let name;
  try {
    const proto = Object.getPrototypeOf(v);
    name = proto && proto.constructor && typeof proto.constructor.name === "string" ? proto.constructor.name : undefined;
  } catch {
    name = undefined;
  }
  return name && name !== "Object" ? `an object of class ${name}` : "a plain object";
}

/** has says whether o has a function member named m (own or inherited),
 * reading it once; a read that throws is no member. */
function has(o, m) {
  try {
    return typeof o[m] === "function";
  } catch {
    return false;
  }
}

const V1_MEMBERS = ["setRequestHandler", "assertCanSetRequestHandler", "connect"];
const V2_MEMBERS = ["getNegotiatedProtocolVersion", "projectCallToolResult"];

/**
 * lineOf gives the line of an McpServer ("1.x" or "2.x") and its Server,
 * or throws a TypeError that names what server is.
 */
export function lineOf(server) {
  const refuse = (what) =>
    new TypeError(
      `mcpresult/sdk: adapt takes an McpServer of @modelcontextprotocol/sdk 1.x or @modelcontextprotocol/server 2.x; it was given ${what}`,
    );
  if (server === null || typeof server !== "object") throw refuse(describe(server));
  let inner;
  try {
    inner = server.server;
  } catch {
    throw refuse(`${describe(server)} whose server member throws when read`);
  }
  const tool = has(server, "registerTool");
  if (!tool) {
    if (inner === undefined && has(server, "setRequestHandler")) {
      throw refuse(`${describe(server)} with setRequestHandler and no registerTool (a low-level Server: adapt the McpServer that wraps it)`);
    }
    throw refuse(`${describe(server)} without registerTool`);
  }
  if (inner === null || typeof inner !== "object") throw refuse(`${describe(server)} with registerTool and no server object (found ${describe(inner)})`);
  const missing = V1_MEMBERS.filter((m) => !has(inner, m));
  if (missing.length > 0) {
    throw refuse(`${describe(server)} whose server (${describe(inner)}) lacks ${missing.join(", ")}: not a version adapt knows`);
  }
  if (!has(server, "registerResource")) throw refuse(`${describe(server)} without registerResource: not a version adapt knows`);
  const v2 = V2_MEMBERS.filter((m) => has(inner, m));
  if (v2.length === V2_MEMBERS.length) return { line: "2.x", inner };
  if (v2.length === 0) return { line: "1.x", inner };
  throw refuse(
    `${describe(server)} whose server has ${v2.join(", ")} but not ${V2_MEMBERS.filter((m) => !v2.includes(m)).join(", ")}: neither 1.x nor 2.x as adapt knows them`,
  );
}

// ---------------------------------------------------------------------------
// 1.x: the SDK's own zod helpers (zod 3 and 4 alike), imported once.

let v1Helpers; // the promise of {compat, json}
let v1Loaded; // what it resolved to

/** loadV1 starts the import of the 1.x helpers, once, and gives its
 * promise. */
export function loadV1() {
  v1Helpers ??= Promise.all([
    import("@modelcontextprotocol/sdk/server/zod-compat.js"),
    import("@modelcontextprotocol/sdk/server/zod-json-schema-compat.js"),
  ]).then(([compat, json]) => (v1Loaded = { compat, json }));
  return v1Helpers;
}

/** The output-schema checks of each line: check(schema, value) gives the
 * message of what is wrong with value for schema, or undefined;
 * jsonSchema(schema) its JSON Schema as the line lists it (synchronous: a
 * 1.x server's helpers were loaded as it was adapted, and the listing
 * awaits them otherwise). */
export const schemas = {
  "1.x": {
    async check(schema, value) {
      const { compat } = v1Loaded ?? (await loadV1());
      const obj = compat.normalizeObjectSchema(schema);
      const parsed = await compat.safeParseAsync(obj ?? schema, value);
      return parsed.success ? undefined : compat.getParseErrorMessage(parsed.error);
    },
    ready: () => (v1Loaded !== undefined ? undefined : loadV1()),
    jsonSchema(schema) {
      const { compat, json } = v1Loaded;
      const obj = compat.normalizeObjectSchema(schema);
      return json.toJsonSchemaCompat(obj ?? schema, { strictUnions: true, pipeStrategy: "output" });
    },
  },
  "2.x": {
    async check(schema, value) {
      const got = await schema["~standard"].validate(value);
      if (!got.issues || got.issues.length === 0) return undefined;
      return got.issues
        .map((i) => {
          const path = Array.isArray(i.path) && i.path.length > 0 ? i.path.map((p) => (p !== null && typeof p === "object" ? p.key : p)).join(".") + ": " : "";
          return path + i.message;
        })
        .join(", ");
    },
    ready: () => undefined,
    jsonSchema(schema) {
      const std = schema["~standard"];
      if (!std || !std.jsonSchema || typeof std.jsonSchema.output !== "function") {
        throw new TypeError("mcpresult/sdk: the output schema gives no JSON Schema (~standard.jsonSchema: zod 4.2 or later, as @modelcontextprotocol/server 2.x requires)");
      }
      return std.jsonSchema.output({ target: "draft-2020-12" });
    },
  },
};
