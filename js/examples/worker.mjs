// A Cloudflare Worker that is an MCP server: one endpoint, POST /mcp, over
// Streamable HTTP, stateless (no session, nothing kept between requests),
// answering every request with one JSON body (never an SSE stream). The
// JSON-RPC is written by hand, so the Worker needs no bundler beyond what
// wrangler does anyway; mcpresult builds, checks and writes the tool and
// resource results.
//
//   wrangler.toml:  main = "worker.mjs", compatibility_date = "2025-09-01"
//   npm install mcpresult
//
// wrangler (and workerd) resolve "mcpresult" through the package's "workerd"
// export condition, whose entry imports the WebAssembly module as a
// compiled WebAssembly.Module: Workers may not compile Wasm at run time.
// js/test/worker.test.js runs this file in workerd with the official
// TypeScript SDK's client.
//
// Try it:
//   curl -s localhost:8787/mcp -H 'content-type: application/json' \
//     -d '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"curl","version":"1"}}}'
//   curl -s localhost:8787/mcp -H 'content-type: application/json' -H 'mcp-protocol-version: 2025-11-25' \
//     -d '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"stats","arguments":{"numbers":[1,2,3]}}}'
//
// Not done here, and worth doing before you deploy: authorization, and, for
// a server a browser can reach, checking the Origin header.

import { load, ClientError } from "mcpresult";

// load() at global scope, once per isolate. The workerd entry starts the
// module's instance at the first call, inside a request: workerd refuses
// crypto.getRandomValues (which the module's start needs) at global scope.
// So nothing here calls into the module until a request arrives.
const mcp = await load();

const SERVER_INFO = { name: "mcpresult-example-worker", version: "0.2.0" };
const CAPABILITIES = { tools: {}, resources: {} };

// 2026-07-28 made MCP stateless: no initialize (server/discover instead),
// the version in every request's _meta as well as in the header, and
// protocol-owned fields (resultType, ttlMs, cacheScope, serverInfo) in
// every result. Revisions before it negotiate with initialize.
const STATELESS = "2026-07-28";
const VERSION_META = "io.modelcontextprotocol/protocolVersion";
const SERVER_INFO_META = "io.modelcontextprotocol/serverInfo";

// A client that sends no MCP-Protocol-Version header predates it: the
// 2025-06-18 and 2025-11-25 transports say to assume 2025-03-26 then.
const NO_HEADER_VERSION = "2025-03-26";

// The revisions this server speaks: those mcpresult writes results for, up
// to the newest one this file's JSON-RPC was written for. A newer revision
// a later mcpresult learns stays out until this code is checked against it.
// (Read at the first request: mcp.info() is a call into the module.)
let versions;
function supportedVersions() {
  versions ??= mcp.info().protocolVersions.filter((v) => v <= STATELESS);
  return versions;
}

// --- tools ----------------------------------------------------------------

// A 1×1 PNG, as bytes: mcp.image base64-encodes them.
const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00,
  0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53, 0xde, 0x00, 0x00, 0x00, 0x0c, 0x49,
  0x44, 0x41, 0x54, 0x78, 0xda, 0x63, 0xf8, 0x9f, 0xc6, 0x00, 0x00, 0x03, 0xcd, 0x01, 0x66, 0xfd, 0x91, 0x2c, 0xf6,
  0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
]);

const GLOSSARY = { mcp: "Model Context Protocol", wasm: "WebAssembly" };

const STATS_SCHEMA = {
  type: "object",
  properties: {
    count: { type: "integer" },
    min: { type: "number" },
    max: { type: "number" },
    mean: { type: "number" },
  },
  required: ["count", "min", "max", "mean"],
  additionalProperties: false,
};

// What a failed tool did wrong stays here: guard answers the client with a
// fixed "tool execution failed" result and hands the error to onError,
// which logs it (Workers logs / `wrangler tail`) and nothing else.
const onError = (err) => console.error("tool failed:", err);

// Every handler is guarded: a thrown ClientError becomes an error result
// the client may see (with its code in _meta); anything else thrown stays
// private.
const TOOLS = {
  echo: {
    description: "Returns the text it is given.",
    inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
    handler: mcp.guard(({ text }) => {
      if (typeof text !== "string") throw new ClientError("text must be a string", "invalid_arguments");
      return mcp.tool({ content: mcp.text(text) });
    }, { onError }),
  },
  image: {
    description: "Returns a 1×1 PNG.",
    inputSchema: { type: "object", properties: {} },
    handler: mcp.guard(() => mcp.tool({ content: mcp.image(PNG, "image/png") }), { onError }),
  },
  stats: {
    description: "Count, minimum, maximum and mean of a list of numbers.",
    inputSchema: {
      type: "object",
      properties: { numbers: { type: "array", items: { type: "number" }, minItems: 1 } },
      required: ["numbers"],
    },
    outputSchema: STATS_SCHEMA,
    handler: mcp.guard(({ numbers }) => {
      if (!Array.isArray(numbers) || numbers.length === 0 || !numbers.every((n) => Number.isFinite(n))) {
        throw new ClientError("numbers must be a non-empty array of numbers", "invalid_arguments");
      }
      const sum = numbers.reduce((a, b) => a + b, 0);
      // structured content only: mcpresult adds its text fallback (the
      // compact JSON), which is all a client of 2025-03-26 or older sees
      return mcp.tool({
        structuredContent: { count: numbers.length, min: Math.min(...numbers), max: Math.max(...numbers), mean: sum / numbers.length },
      });
    }, { onError }),
  },
  lookup: {
    description: "Looks a term up in a tiny glossary (mcp, wasm).",
    inputSchema: { type: "object", properties: { key: { type: "string" } }, required: ["key"] },
    handler: mcp.guard(({ key }) => {
      if (typeof key !== "string" || !Object.hasOwn(GLOSSARY, key)) throw new ClientError("not found", "not_found");
      return mcp.tool({ content: mcp.text(GLOSSARY[key]) });
    }, { onError }),
  },
  boom: {
    description: "Always fails, privately.",
    inputSchema: { type: "object", properties: {} },
    handler: mcp.guard(() => {
      throw new Error("connection to db-7.internal refused (user=admin password=hunter2)");
    }, { onError }),
  },
};

// A tool as tools/list describes it to a client of a revision: an output
// schema only where the revision has one (2025-06-18 on), as
// mcp.outputSchema gives it (undefined: leave the key out). It matters:
// the TypeScript SDK's client checks structuredContent against the
// advertised schema, and fails a call to a tool with an output schema that
// returns none (as every result for 2025-03-26 does).
function toolEntry(name, version) {
  const { description, inputSchema, outputSchema } = TOOLS[name];
  const entry = { name, description, inputSchema };
  if (outputSchema !== undefined) {
    const schema = mcp.outputSchema(outputSchema, version);
    if (schema !== undefined) entry.outputSchema = schema;
  }
  return entry;
}

// --- resources ------------------------------------------------------------

const README = "# mcpresult example\n\nThis server runs in a Cloudflare Worker.\n";

const RESOURCES = [
  {
    uri: "example://readme.md",
    name: "readme.md",
    description: "A text resource.",
    mimeType: "text/markdown",
    read: (uri) => mcp.resource({ contents: mcp.textResource(uri, README, { mimeType: "text/markdown" }) }),
  },
  {
    uri: "example://pixel.png",
    name: "pixel.png",
    description: "A blob resource: a 1×1 PNG.",
    mimeType: "image/png",
    read: (uri) => mcp.resource({ contents: mcp.blobResource(uri, PNG, { mimeType: "image/png" }) }),
  },
];

// --- results for the client's revision ------------------------------------

// A tool or resource result, written for the client's revision: the JSON
// text, exactly as mcpresult writes it. For an older client that means what
// its revision has (no structuredContent before 2025-06-18; non-object
// structured content wrapped as {"result": …} in 2025-06-18 and 2025-11-25).
//
// finalize: this Worker writes the wire itself, and no SDK adds the
// protocol-owned fields, so mcpresult adds them, as the mcpresult command
// line does: for 2026-07-28, resultType, ttlMs and cacheScope (resource
// reads) and _meta["io.modelcontextprotocol/serverInfo"]. For older
// revisions finalize changes nothing. (Inside an SDK's handler, leave
// finalize off: the SDK writes those fields.)
function written(result, version) {
  return mcp.serialize(result, { protocolVersion: version, finalize: { serverInfo: SERVER_INFO } });
}

// The same fields on the results this file writes itself (initialize, the
// lists, discover). The lists are the same for every caller ("public"),
// and may change with a deploy (ttlMs 0: re-fetch when needed).
function plain(version, result, cacheable = false) {
  if (version < STATELESS) return JSON.stringify(result);
  const cache = cacheable ? { ttlMs: 0, cacheScope: "public" } : {};
  return JSON.stringify({ resultType: "complete", ...result, ...cache, _meta: { [SERVER_INFO_META]: SERVER_INFO } });
}

// --- JSON-RPC over HTTP ---------------------------------------------------

/** A JSON-RPC error to answer with (status 200: the request was heard). */
class RpcError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

// The result's JSON goes into the response as mcpresult wrote it: what
// Response.json of serialize(..., {output: "object"}) would send, without
// the JSON.parse and JSON.stringify round trip. The content-type
// matters: the TypeScript SDK's client reads a response to a request only
// as application/json or text/event-stream.
function rpcResult(id, resultJson) {
  return new Response(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${resultJson}}`, {
    headers: { "content-type": "application/json" },
  });
}

function rpcError(status, id, code, message, data) {
  const error = data === undefined ? { code, message } : { code, message, data };
  return Response.json({ jsonrpc: "2.0", id, error }, { status });
}

function isObject(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

// initialize: the client's revision when this server speaks it and it has
// initialize; otherwise the newest such revision (2025-11-25), and the
// client decides whether it can go on. 2026-07-28 has no initialize, so
// an initialize never settles on it.
function negotiate(requested) {
  const withInitialize = supportedVersions().filter((v) => v < STATELESS);
  return withInitialize.includes(requested) ? requested : withInitialize[withInitialize.length - 1];
}

async function handle(method, params, version) {
  switch (method) {
    case "initialize":
      return plain(version, { protocolVersion: version, capabilities: CAPABILITIES, serverInfo: SERVER_INFO });
    case "server/discover":
      // 2026-07-28's discovery, answered whatever the header says: a client
      // may call it to learn whether the server speaks 2026-07-28
      return plain(STATELESS, { supportedVersions: supportedVersions(), capabilities: CAPABILITIES }, true);
    case "ping":
      return plain(version, {});
    case "tools/list":
      return plain(version, { tools: Object.keys(TOOLS).map((name) => toolEntry(name, version)) }, true);
    case "tools/call": {
      const tool = Object.hasOwn(TOOLS, params.name) ? TOOLS[params.name] : undefined;
      if (tool === undefined) throw new RpcError(-32602, "Unknown tool");
      const result = await tool.handler(isObject(params.arguments) ? params.arguments : {});
      return written(result, version);
    }
    case "resources/list":
      return plain(version, { resources: RESOURCES.map(({ uri, name, description, mimeType }) => ({ uri, name, description, mimeType })) }, true);
    case "resources/read": {
      const resource = RESOURCES.find((r) => r.uri === params.uri);
      // -32002 until 2025-11-25; 2026-07-28 answers an unknown resource
      // with the standard invalid-params code (SEP-2164)
      if (resource === undefined) throw new RpcError(version < STATELESS ? -32002 : -32602, "Resource not found");
      return written(resource.read(resource.uri), version);
    }
    default:
      throw new RpcError(-32601, "Method not found");
  }
}

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname !== "/mcp") return new Response("not found\n", { status: 404 });
    // Stateless and JSON-only: no GET stream for server-sent messages, and
    // no session to DELETE. (The TypeScript SDK's client opens that GET
    // stream right after the 202 to notifications/initialized; it takes
    // 405 as "no stream" and carries on.)
    if (request.method !== "POST") return new Response(null, { status: 405, headers: { allow: "POST" } });
    const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
    if (type !== "application/json") return new Response("POST a JSON-RPC message as application/json\n", { status: 415 });
    // (Clients send Accept: application/json, text/event-stream; this
    // server always answers JSON, which they all take, so it isn't checked.)

    let msg;
    try {
      msg = await request.json();
    } catch {
      return rpcError(400, null, -32700, "Parse error");
    }
    // Batches were in 2025-03-26 only; this server takes one message a POST.
    if (Array.isArray(msg)) return rpcError(400, null, -32600, "Batches are not supported: send one message per POST");
    if (!isObject(msg) || msg.jsonrpc !== "2.0") return rpcError(400, null, -32600, "Invalid Request");

    const isRequest = typeof msg.method === "string" && "id" in msg;
    const { id } = msg;
    if (isRequest && typeof id !== "string" && !Number.isInteger(id)) return rpcError(400, null, -32600, "Invalid Request: the id is a string or an integer");
    const params = isObject(msg.params) ? msg.params : {};

    // The revision this message is written for: initialize negotiates it;
    // every later message says it in the MCP-Protocol-Version header.
    let version;
    if (msg.method === "initialize") {
      version = negotiate(params.protocolVersion);
    } else {
      const header = request.headers.get("mcp-protocol-version");
      version = header ?? NO_HEADER_VERSION;
      if (!supportedVersions().includes(version)) {
        return rpcError(400, isRequest ? id : null, -32022, "Unsupported protocol version", { requested: version, supported: supportedVersions() });
      }
      // From 2026-07-28 a request says its revision in _meta too, and the
      // header must match it.
      const declared = isObject(params._meta) ? params._meta[VERSION_META] : undefined;
      if (isRequest && (version >= STATELESS || declared !== undefined) && declared !== header) {
        return rpcError(400, id, -32020, "The MCP-Protocol-Version header does not match the request's _meta");
      }
    }

    // A notification (notifications/initialized, cancellations) or a
    // client's response: accepted, nothing to answer.
    if (!isRequest) {
      if (typeof msg.method === "string" || "result" in msg || "error" in msg) return new Response(null, { status: 202 });
      return rpcError(400, null, -32600, "Invalid Request");
    }

    try {
      return rpcResult(id, await handle(msg.method, params, version));
    } catch (err) {
      if (err instanceof RpcError) return rpcError(200, id, err.code, err.message);
      // A failure of this file's own code: logged, never sent.
      console.error("request failed:", err);
      return rpcError(200, id, -32603, "Internal error");
    }
  },
};
