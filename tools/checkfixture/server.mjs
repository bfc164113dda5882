#!/usr/bin/env node
// A deliberately faulty MCP server over stdio, on the official TypeScript
// SDK (@modelcontextprotocol/sdk, the version package-lock.json here pins),
// for the tests of `mcpresult check` (check/fixture_test.go):
//
//   node tools/checkfixture/server.mjs
//   bin/mcpresult check --stdio "node tools/checkfixture/server.mjs" --calls testdata/checkfixture/calls.json
//   bin/mcpresult check --stdio "node tools/checkfixture/server.mjs hostile"   (see "hostile" below)
//
// Each tool has one defect and is named after the finding code it must
// trigger, and so is each defective resource (fixture://CODE.EXT); the tool
// `clean` and the resources fixture://clean.txt and fixture://clean.png must
// trigger no error and no warning in any revision.
// The server writes each result for the revision the client negotiated
// (structuredContent and outputSchema only from 2025-06-18 on), so that the
// only defect of a tool is its own: a tool whose defect is about a revision
// (field_not_in_revision, unsupported_content_type) is clean in the others.
//
// Where the SDK is. This folder is a package of its own (package.json,
// package-lock.json: the SDK and zod pinned exactly, private), so the
// server runs on the SDK installed here by `npm ci` in this folder (make
// test does it first), whatever js/ has installed.
//
// Getting defects past the SDK. McpServer.registerTool takes zod schemas and,
// for a tool with an outputSchema, refuses a result without structuredContent
// or one that does not match: output_schema_no_structured_content and
// output_schema_mismatch could not be sent. So, as js/examples/server.mjs
// does, tools/list and tools/call are set on the low-level Server inside
// McpServer (server.server.setRequestHandler) with plain JSON Schemas;
// resources stay on McpServer (registerResource), whose resources/read sends
// the callback's result as it is. The low-level Server still re-parses every
// tools/call result with its zod CallToolResultSchema (and sends the parsed
// copy): zod accepts everything the defects below need except base64 that
// atob rejects. So two tools are marked raw: each returns a placeholder to
// the SDK, and the transport's send (wrapped before connect, see rawResults)
// puts the tool's real response in place of the placeholder's: invalid_base64
// (a data: URI, whose ":", ";" and "," atob refuses) and invalid_json (a
// response with neither a result nor an error, which the SDK never sends),
// and the duplicate_response tools' two answers to one request, or an
// answer and a response for an id never sent. Nothing else is rewritten.

import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import {
  CallToolRequestSchema,
  DEFAULT_NEGOTIATED_PROTOCOL_VERSION,
  ErrorCode,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";

// ------------------------------------------------------------------ media

/** A 1×1 PNG (a complete, decodable image). */
const PNG_1X1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * The base64 of a PNG that is only a signature, an IHDR chunk declaring
 * width×height (8-bit RGB) and IEND: what the checks read of an image is its
 * header, so a 9000×9000 image costs 45 bytes here. No decoder can draw it
 * (it has no IDAT), which the checks do not look at.
 */
function pngHeader(width, height) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk("IHDR", ihdr), pngChunk("IEND", Buffer.alloc(0))]).toString("base64");
}

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><rect width="16" height="16" fill="teal"/></svg>';

// ------------------------------------------------------------------ helpers

const REVISION_STRUCTURED = "2025-06-18"; // structuredContent and outputSchema from this one on

/** What a raw tool returns for a response without a result. */
const NO_RESULT = Symbol("no result");

/** A raw tool's answers when it answers twice: {[TWICE]: [first, second]}
 * sends two responses with the request's id, in that order. */
const TWICE = Symbol("twice");

/** A raw tool's answer followed by a response for an id no request had:
 * {[STRAY]: result}. */
const STRAY = Symbol("stray");

/** The id of the stray response: a string, where the clients' ids are
 * numbers, so that it can never be the id of a request. */
const STRAY_ID = "mcpresult-checkfixture-stray";

const text = (t) => ({ type: "text", text: t });
const image = (data, mimeType) => ({ type: "image", data, mimeType });
const NO_ARGUMENTS = { type: "object", properties: {} };

/**
 * A structured result written for the revision: structuredContent with its
 * JSON copy in a text block from 2025-06-18 on, the copy alone before.
 */
function structured(rev, value, extra = []) {
  const copy = text(JSON.stringify(value));
  if (rev < REVISION_STRUCTURED) return { content: [copy, ...extra] };
  return { content: [copy, ...extra], structuredContent: value };
}

/** A valid result, and one whose image data is a data: URI (invalid_base64). */
const VALID_CHART = { content: [text("a chart"), image(PNG_1X1, "image/png")] };
const INVALID_CHART = { content: [text("a chart"), image(`data:image/png;base64,${PNG_1X1}`, "image/png")] };

const TOTAL_SCHEMA = {
  type: "object",
  properties: { total: { type: "integer" }, unit: { type: "string" } },
  required: ["total", "unit"],
  additionalProperties: false,
};

/**
 * The tools. Each: name (the finding code it must trigger, or "clean"),
 * description, inputSchema (NO_ARGUMENTS when left out), outputSchema (listed
 * from 2025-06-18 on only), raw (the result bypasses the SDK's parse, see
 * rawResults), and run(args, rev) giving the result, or throwing an McpError
 * the SDK sends as a JSON-RPC error.
 */
const TOOLS = [
  {
    name: "clean",
    description: "A result without defects: structured content matching its outputSchema with its JSON copy, and a 1x1 PNG.",
    outputSchema: TOTAL_SCHEMA,
    run: (_, rev) => structured(rev, { total: 3, unit: "orders" }, [image(PNG_1X1, "image/png")]),
  },

  // ---------------------------------------------------- output schema (2025-06-18 on)
  {
    name: "output_schema_no_structured_content",
    description: "Declares an outputSchema and returns only text.",
    outputSchema: TOTAL_SCHEMA,
    run: () => ({ content: [text("3 orders")] }),
  },
  {
    name: "output_schema_mismatch",
    description: "Returns structured content whose total is a string where the outputSchema asks for an integer.",
    outputSchema: TOTAL_SCHEMA,
    run: (_, rev) => structured(rev, { total: "three", unit: "orders" }),
  },
  {
    name: "output_schema_invalid",
    description: "Declares an outputSchema that does not compile (a minimum that is a string).",
    outputSchema: {
      type: "object",
      properties: { total: { type: "integer", minimum: "zero" } },
      required: ["total"],
    },
    run: (_, rev) => structured(rev, { total: 3 }),
  },
  {
    name: "text_copy_mismatch",
    description: "Its text block is JSON, but not the same value as its structured content.",
    run: (_, rev) => {
      if (rev < REVISION_STRUCTURED) return { content: [text('{"total":4}')] };
      return { content: [text('{"total":4}')], structuredContent: { total: 3 } };
    },
  },

  // ---------------------------------------------------- media (every revision)
  {
    name: "media_type_mismatch",
    description: "A PNG image labelled image/jpeg.",
    run: () => ({ content: [text("a chart"), image(PNG_1X1, "image/jpeg")] }),
  },
  {
    name: "media_type_unknown",
    description: "An image block labelled image/png whose bytes are plain text.",
    run: () => ({ content: [text("a chart"), image(Buffer.from("this is not an image").toString("base64"), "image/png")] }),
  },
  {
    name: "image_format_unsupported",
    description: "An SVG image block, which the model APIs do not accept.",
    run: () => ({ content: [text("a logo"), image(Buffer.from(SVG).toString("base64"), "image/svg+xml")] }),
  },
  {
    name: "image_too_large",
    description: "A PNG whose header declares 9000x9000 px.",
    run: () => ({ content: [text("a scan"), image(pngHeader(9000, 9000), "image/png")] }),
  },
  {
    name: "image_downscaled",
    description: "A PNG whose header declares 2000x1500 px (info only).",
    run: () => ({ content: [text("a photo"), image(pngHeader(2000, 1500), "image/png")] }),
  },

  // ---------------------------------------------------- numbers (every revision: in _meta)
  {
    name: "unsafe_integer",
    description: "An integer beyond 2^53-1 in the result's _meta.",
    // JSON.stringify writes this number as 12345678901234567000: still an
    // integer literal beyond 2^53-1, which is the defect.
    run: () => ({ content: [text("request recorded")], _meta: { requestSerial: 12345678901234567890 } }),
  },

  // ---------------------------------------------------- leaks in error text (every revision)
  {
    name: "error_leaks_stack",
    description: "An isError result carrying a Go panic and its goroutine dump (no absolute path).",
    run: () => ({
      isError: true,
      content: [
        text(
          "panic: runtime error: index out of range [3] with length 3\n\ngoroutine 1 [running]:\nmain.lookup(...)\n\tmain.go:42 +0x1d\nmain.main()\n\tmain.go:17 +0x25\n",
        ),
      ],
    }),
  },
  {
    name: "error_leaks_path",
    description: "An isError result naming a file under a home directory.",
    run: () => ({ isError: true, content: [text("cannot read /home/deploy/orders/config.yaml: permission denied")] }),
  },
  {
    name: "error_leaks_connection_string",
    description: "An isError result carrying a database URL (without a password).",
    run: () => ({ isError: true, content: [text("could not connect to postgres://orders-db.internal:5432/orders: connection refused")] }),
  },
  {
    name: "error_leaks_secret",
    description: "An isError result carrying an AWS access key ID (AWS's documented example key: fake).",
    run: () => ({ isError: true, content: [text("the upstream refused the access key AKIAIOSFODNN7EXAMPLE")] }),
  },

  // ---------------------------------------------------- size (every revision)
  {
    name: "result_over_client_cap",
    description: "About 12,000 tokens of text, over the 10,000 at which Claude Code warns.",
    run: () => ({ content: [text("All work and no play makes Jack a dull boy. ".repeat(1100))] }),
  },

  // ---------------------------------------------------- JSON-RPC errors
  {
    name: "protocol_error_for_tool_failure",
    description: "Fails with a JSON-RPC error (-32603) for a failure of the tool's work, arguments being valid.",
    run: () => {
      throw new McpError(ErrorCode.InternalError, "the forecast service is unavailable");
    },
  },
  {
    name: "tool_error_for_invalid_arguments",
    description: "Answers arguments that fail its inputSchema with JSON-RPC error -32602 (info from 2025-11-25 on).",
    inputSchema: {
      type: "object",
      properties: { count: { type: "integer", minimum: 1 } },
      required: ["count"],
      additionalProperties: false,
    },
    run: ({ count }) => ({ content: [text(`${count} orders`)] }),
  },

  // ---------------------------------------------------- result.Validate, passed through
  {
    name: "invalid_base64",
    description: "An image whose data is a data: URI rather than base64.",
    // The SDK's zod parse (atob) refuses this data: sent past it (rawResults).
    raw: true,
    run: () => ({ content: [text("a chart"), image(`data:image/png;base64,${PNG_1X1}`, "image/png")] }),
  },
  {
    name: "invalid_json",
    description: "A response to tools/call with neither a result nor an error.",
    // The SDK always sends a result (or an error): the result is taken out
    // of the response in the transport's send (rawResults).
    raw: true,
    run: () => NO_RESULT,
  },
  {
    name: "unsupported_content_type",
    description: "A resource_link block, which revisions before 2025-06-18 do not have.",
    run: () => ({
      content: [text("the report:"), { type: "resource_link", uri: "fixture://clean.txt", name: "clean.txt", mimeType: "text/plain" }],
    }),
  },
  // field_not_in_revision: structuredContent sent to every revision, also
  // to those before 2025-06-18, which do not define it. A warning where the
  // text does not carry its data (their clients read only content), info
  // where it does: the suffix says how (tools/checkfixture's shapes are those
  // of the reference servers: memory's wrappers and flags, filesystem's
  // {"content": text} and its media blocks).
  {
    name: "field_not_in_revision",
    description: "structuredContent with a text that only summarises it: clients before 2025-06-18 lose the data.",
    run: () => ({ content: [text("3 orders are waiting")], structuredContent: { total: 3, unit: "orders" } }),
  },
  {
    name: "field_not_in_revision.member_lost",
    description: "Before 2025-06-18, the text is the JSON of one member and the other member (a count) is lost.",
    run: (_, rev) => {
      const value = { orders: ["A-1", "A-2"], total: 2 };
      if (rev >= REVISION_STRUCTURED) return structured(rev, value);
      return { content: [text(JSON.stringify(value.orders))], structuredContent: value };
    },
  },
  {
    name: "field_not_in_revision.json_copy",
    description: "A text block that is the JSON of structuredContent, indented and in another key order (info).",
    run: () => ({ content: [text(JSON.stringify({ unit: "orders", total: 3.0 }, null, 2))], structuredContent: { total: 3, unit: "orders" } }),
  },
  {
    name: "field_not_in_revision.member_copy",
    description: "structuredContent wraps an array in one member and the text is the array's JSON (info).",
    run: () => {
      const entities = [{ name: "Ada", entityType: "person" }];
      return { content: [text(JSON.stringify(entities, null, 2))], structuredContent: { entities } };
    },
  },
  {
    name: "field_not_in_revision.member_text",
    description: "structuredContent's one member is a string, and the text block is that string (info).",
    run: () => ({ content: [text("[FILE] notes.txt\n[DIR] scratch")], structuredContent: { content: "[FILE] notes.txt\n[DIR] scratch" } }),
  },
  {
    name: "field_not_in_revision.flag_beside",
    description: "The text is structuredContent's message, and beside it a success flag (info).",
    run: () => ({
      content: [text("Entities deleted successfully")],
      structuredContent: { success: true, message: "Entities deleted successfully" },
    }),
  },
  {
    name: "field_not_in_revision.content_blocks",
    description: "Before 2025-06-18, structuredContent's one member is the content list itself, an image (info).",
    run: (_, rev) => {
      const chart = image(PNG_1X1, "image/png");
      if (rev >= REVISION_STRUCTURED) return structured(rev, { total: 3 }, [chart]);
      return { content: [chart], structuredContent: { content: [chart] } };
    },
  },
  {
    name: "missing_text_fallback",
    description: "Structured content with no text block (only an image) from 2025-06-18 on.",
    run: (_, rev) => {
      const chart = image(PNG_1X1, "image/png");
      if (rev < REVISION_STRUCTURED) return { content: [text('{"total":3}'), chart] };
      return { content: [chart], structuredContent: { total: 3 } };
    },
  },
  {
    name: "empty_content",
    description: "An empty content list.",
    run: () => ({ content: [] }),
  },

  // ---------------------------------------------------- answered twice (every revision)
  // Each call gets two responses with its id, one after the other. Clients
  // take the first (the SDKs' clients drop a response whose call has been
  // answered), and check judges the call by it: the first is valid and the
  // second is not, or the reverse, and the findings are those of the
  // first. Sent past the SDK (rawResults), which answers a request once.
  {
    name: "duplicate_response.first_valid",
    description: "Answers twice: a valid result, then one whose image data is a data: URI (not base64).",
    raw: true,
    run: () => ({ [TWICE]: [VALID_CHART, INVALID_CHART] }),
  },
  {
    name: "duplicate_response.first_invalid",
    description: "Answers twice: a result whose image data is a data: URI (not base64), then a valid one.",
    raw: true,
    run: () => ({ [TWICE]: [INVALID_CHART, VALID_CHART] }),
  },
  {
    name: "duplicate_response.same",
    description: "Answers twice with the same valid result.",
    raw: true,
    run: () => ({ [TWICE]: [VALID_CHART, VALID_CHART] }),
  },
  {
    name: "duplicate_response.stray",
    description: "Answers once, then sends a response for an id no request had (a finding of the revision, not of this call).",
    raw: true,
    run: () => ({ [STRAY]: VALID_CHART }),
  },
];

/** The resources: uri, name, mimeType, and the contents read gives (or
 * fail, the error it throws). */
const RESOURCES = [
  {
    uri: "fixture://clean.txt",
    name: "clean.txt",
    mimeType: "text/plain",
    contents: [{ uri: "fixture://clean.txt", mimeType: "text/plain", text: "Three orders are waiting." }],
  },
  {
    uri: "fixture://clean.png",
    name: "clean.png",
    mimeType: "image/png",
    contents: [{ uri: "fixture://clean.png", mimeType: "image/png", blob: PNG_1X1 }],
  },
  {
    // media_type_mismatch: PNG bytes labelled image/jpeg.
    uri: "fixture://media_type_mismatch.jpg",
    name: "media_type_mismatch.jpg",
    mimeType: "image/jpeg",
    contents: [{ uri: "fixture://media_type_mismatch.jpg", mimeType: "image/jpeg", blob: PNG_1X1 }],
  },
  {
    // invalid_base64: McpServer does not parse resources/read results, so
    // the data: URI goes out as it is.
    uri: "fixture://invalid_base64.png",
    name: "invalid_base64.png",
    mimeType: "image/png",
    contents: [{ uri: "fixture://invalid_base64.png", mimeType: "image/png", blob: `data:image/png;base64,${PNG_1X1}` }],
  },
  {
    // error_leaks_secret: a fake GitHub token in text contents.
    uri: "fixture://error_leaks_secret.env",
    name: "error_leaks_secret.env",
    mimeType: "text/plain",
    contents: [
      { uri: "fixture://error_leaks_secret.env", mimeType: "text/plain", text: `GITHUB_TOKEN=ghp_${"0123456789abcdefFAKE".repeat(2)}` },
    ],
  },
  {
    // error_leaks_path: a read answered with a JSON-RPC error whose message
    // names a file under /var (thrown by the read callback; the SDK sends its
    // code and message).
    uri: "fixture://error_leaks_path.txt",
    name: "error_leaks_path.txt",
    mimeType: "text/plain",
    fail: () => new McpError(ErrorCode.InternalError, "cannot open /var/lib/fixture/exports/orders.csv: no such file or directory"),
  },
];

// ------------------------------------------------------------------ server

function createServer() {
  const server = new McpServer({ name: "mcpresult-checkfixture", version: "1.0.0" });

  // The revision negotiated with the client: the SDK's server keeps none, so
  // it is read from the initialize response as it is sent (see connect).
  let negotiated;
  const revision = () => negotiated ?? DEFAULT_NEGOTIATED_PROTOCOL_VERSION;

  // rawResults: request id → the result to send instead of the one the SDK
  // parsed (tools marked raw).
  const rawResults = new Map();
  const connect = server.connect.bind(server);
  server.connect = async (transport) => {
    const send = transport.send.bind(transport);
    transport.send = (message, options) => {
      if (message && "id" in message && "result" in message) {
        const v = message.result && message.result.protocolVersion;
        if (typeof v === "string" && message.result.serverInfo !== undefined) negotiated = v;
        if (rawResults.has(message.id)) {
          const result = rawResults.get(message.id);
          rawResults.delete(message.id);
          if (result !== NO_RESULT && result[TWICE]) {
            const [first, second] = result[TWICE];
            return send({ ...message, result: first }, options).then(() => send({ ...message, result: second }, options));
          }
          if (result !== NO_RESULT && result[STRAY]) {
            return send({ ...message, result: result[STRAY] }, options).then(() =>
              send({ jsonrpc: message.jsonrpc, id: STRAY_ID, result: result[STRAY] }, options),
            );
          }
          message = result === NO_RESULT ? { jsonrpc: message.jsonrpc, id: message.id } : { ...message, result };
        }
      }
      return send(message, options);
    };
    return connect(transport);
  };

  const validator = new AjvJsonSchemaValidator();
  const tools = new Map(
    TOOLS.map((t) => {
      const inputSchema = t.inputSchema ?? NO_ARGUMENTS;
      return [t.name, { ...t, inputSchema, checkArguments: validator.getValidator(inputSchema) }];
    }),
  );
  server.server.registerCapabilities({ tools: {} });
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [...tools.values()].map((t) => {
      const def = { name: t.name, description: t.description, inputSchema: t.inputSchema };
      if (t.outputSchema !== undefined && revision() >= REVISION_STRUCTURED) def.outputSchema = t.outputSchema;
      return def;
    }),
  }));
  server.server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: args = {} } = request.params;
    const tool = tools.get(name);
    if (tool === undefined) throw new McpError(ErrorCode.InvalidParams, `Tool ${name} not found`);
    const check = tool.checkArguments(args);
    if (!check.valid) throw new McpError(ErrorCode.InvalidParams, `Invalid arguments for tool ${name}: ${check.errorMessage}`);
    const result = tool.run(args, revision());
    if (!tool.raw) return result;
    rawResults.set(extra.requestId, result);
    return { content: [text("placeholder: the transport sends the real result")] };
  });

  for (const r of RESOURCES) {
    server.registerResource(r.name, r.uri, { mimeType: r.mimeType }, () => {
      if (r.fail) throw r.fail();
      return { contents: r.contents };
    });
  }
  return server;
}

// ------------------------------------------------------------------ hostile

// `node server.mjs hostile` is another server: every string it supplies
// (its name, title and version, tool names and descriptions, input schemas,
// results, JSON-RPC errors, resource URIs and names, its stderr) carries
// secrets of the kinds the leak checks know, and characters a terminal
// obeys. check must print none of the secrets, anywhere (check/fixture_test.go,
// cmd/mcpresult/check_test.go). `node server.mjs hostile refuse`
// refuses initialize with a message that carries them; `node server.mjs
// secrets` prints, as a JSON array, the part of each secret that no output
// may hold. All of them are made up.

/** The secrets, whole, and the part of each that no output may hold. */
const SECRET = {
  anthropic: "sk-ant-api03-Zq7Xw2Vb9Nc4Md6Lf1Kg8Jh3Ps5Rt0Yu",
  github: "ghp_Fx9Qm2Lr7Tz4Wb1Nc6Vd3Hs8Kj5Pg0Ya2Ue7",
  aws: "AKIAQ7ZX2M9VB4NC6LD1",
  url: "https://admin:Pw7-Xq2-Zr9-Lm4@db.example.com/export",
  bearer: "Bearer Tk4Hn8Qw2Zx6Vb1Nm5Lp9Rs3Dy7Fc0Gj",
  assignment: "password=Hv8Kq3Wz6Xn1",
  jwt: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJmaXh0dXJlIn0.Qk3Rr8Tt2Yy6Uu0",
  apiKeyValue: "Jm5Rt8Yq2Wx6Zc1V", // the value of a member "api_key" in structured content
  pem: "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\nBKcwggSjAgEAAoIBAQC7Zp3Xq9Lm2Wv\n-----END PRIVATE KEY-----",
};
const SECRET_PARTS = [
  "Zq7Xw2Vb9Nc4Md6Lf1Kg8Jh3Ps5Rt0Yu",
  "Fx9Qm2Lr7Tz4Wb1Nc6Vd3Hs8Kj5Pg0Ya2Ue7",
  "Q7ZX2M9VB4NC6LD1",
  "Pw7-Xq2-Zr9-Lm4",
  "Tk4Hn8Qw2Zx6Vb1Nm5Lp9Rs3Dy7Fc0Gj",
  "Hv8Kq3Wz6Xn1",
  "eyJzdWIiOiJmaXh0dXJlIn0",
  "Jm5Rt8Yq2Wx6Zc1V",
  "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC",
  "BKcwggSjAgEAAoIBAQC7Zp3Xq9Lm2Wv",
];

/** What a terminal would obey: a window title, clearing the screen, a
 * carriage return, a right-to-left override, a C1 CSI. */
const ESC = "\x1b]0;pwned\x07\x1b[2J\r\u202e\u009b2J";

function createHostileServer(refuse) {
  const server = new McpServer({
    name: `fixture ${SECRET.anthropic}${ESC}`,
    title: `Fixture ${SECRET.bearer}${ESC}`,
    version: `1.0.0+${SECRET.github}${ESC}`,
  });
  if (refuse) {
    const connect = server.connect.bind(server);
    server.connect = async (transport) => {
      const send = transport.send.bind(transport);
      transport.send = (message, options) => {
        if (message && "id" in message && message.result && message.result.serverInfo !== undefined) {
          message = {
            jsonrpc: message.jsonrpc,
            id: message.id,
            error: { code: ErrorCode.InvalidParams, message: `no session for ${SECRET.url} with ${SECRET.bearer}${ESC}` },
          };
        }
        return send(message, options);
      };
      return connect(transport);
    };
    return server;
  }

  const lookup = `lookup ${SECRET.aws}${ESC}`;
  const tools = [
    {
      // Listed twice (a note names it), arguments made from a schema whose
      // property name and defaults are secrets, and a result with a secret
      // in its text and in an error's private key.
      name: lookup,
      description: `Looks up ${SECRET.assignment}${ESC}`,
      inputSchema: {
        type: "object",
        properties: {
          token: { type: "string", default: SECRET.bearer },
          [SECRET.github]: { type: "string", default: SECRET.url },
        },
        required: ["token", SECRET.github],
      },
      run: () => ({ isError: true, content: [text(`cannot sign with\n${SECRET.pem}\nfor ${SECRET.jwt}${ESC}`)] }),
    },
    {
      name: `fetch ${SECRET.url}${ESC}`,
      description: `Fetches with ${SECRET.bearer}`,
      inputSchema: NO_ARGUMENTS,
      run: (rev) => {
        const result = { content: [text(`fetched ${SECRET.url} as ${SECRET.bearer}${ESC}`)] };
        if (rev >= REVISION_STRUCTURED) result.structuredContent = { api_key: SECRET.apiKeyValue, [SECRET.aws]: `${SECRET.assignment}${ESC}` };
        return result;
      },
    },
    {
      name: `sign_${SECRET.jwt}`,
      description: "Fails with a JSON-RPC error carrying secrets.",
      inputSchema: NO_ARGUMENTS,
      run: () => {
        throw new McpError(ErrorCode.InternalError, `upstream refused ${SECRET.bearer} for ${SECRET.url}${ESC}`, { key: SECRET.anthropic });
      },
    },
  ];
  let negotiated;
  const connect = server.connect.bind(server);
  server.connect = async (transport) => {
    const send = transport.send.bind(transport);
    transport.send = (message, options) => {
      const v = message && message.result && message.result.protocolVersion;
      if (typeof v === "string" && message.result.serverInfo !== undefined) negotiated = v;
      return send(message, options);
    };
    return connect(transport);
  };
  const revision = () => negotiated ?? DEFAULT_NEGOTIATED_PROTOCOL_VERSION;
  server.server.registerCapabilities({ tools: {}, resources: {} });
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [...tools, tools[0]].map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema })),
  }));
  server.server.setRequestHandler(CallToolRequestSchema, (request) => {
    const tool = tools.find((t) => t.name === request.params.name);
    if (tool === undefined) throw new McpError(ErrorCode.InvalidParams, "no such tool");
    return tool.run(revision());
  });
  const exportURI = `${SECRET.url}?as=${SECRET.assignment}${ESC}`;
  // Read last (check reads resources in URI order): the server writes
  // secrets to its stderr and exits, so the session fails and the report
  // gives the end of its stderr.
  const crashURI = "zz-crash://now";
  server.server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: [
      { uri: exportURI, name: `export ${SECRET.github}${ESC}`, description: `Exported with ${SECRET.bearer}`, mimeType: "text/plain" },
      { uri: crashURI, name: `crash ${SECRET.aws}`, mimeType: "text/plain" },
    ],
  }));
  server.server.setRequestHandler(ReadResourceRequestSchema, (request) => {
    if (request.params.uri === crashURI) {
      process.stderr.write(`fatal: the key was\n${SECRET.pem}\nauthorization: ${SECRET.bearer}\n`, () => process.exit(3));
      return new Promise(() => {}); // never answered
    }
    return { contents: [{ uri: request.params.uri, mimeType: "text/plain", text: `${SECRET.assignment} ${SECRET.anthropic}${ESC}` }] };
  });
  return server;
}

const mode = process.argv.slice(2);
if (mode[0] === "secrets") {
  process.stdout.write(JSON.stringify(SECRET_PARTS) + "\n");
} else if (mode[0] === "hostile") {
  process.stderr.write(`starting with ${SECRET.anthropic}${ESC}\n`);
  await createHostileServer(mode[1] === "refuse").connect(new StdioServerTransport());
} else {
  await createServer().connect(new StdioServerTransport());
}
