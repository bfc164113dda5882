// The tools and resources of the example servers (server.mjs on the
// official TypeScript SDK 1.x, server-v2.mjs on 2.x): the ones the official
// conformance suite calls (test_simple_text, test_image_content,
// test_audio_content, test_embedded_resource, test_multiple_content_types,
// test_error_handling) and the library's own showcase: resource_link,
// weather (structured content with an output schema), stats_list
// (structured content that is an array), lookup (a ClientError with a
// code), crash (a private error), oversized (a result over its byte
// budget). The resources are test://static-text, test://static-binary and
// the template test://template/{id}/data.
//
// Handlers are the ones a user writes for McpServer.registerTool, with zod
// schemas, on either line of the SDK. Also what both servers' HTTP and
// command line share.

import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { load, ClientError } from "mcpresult";
import { adapt } from "mcpresult/sdk";

const mcp = await load();

// The conformance suite's media: a 1×1 PNG and a minimal WAV.
const PNG_BASE64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
const WAV_BASE64 = "UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA=";
/** The PNG as bytes: the library writes the base64 itself. */
export const PNG_BYTES = new Uint8Array(Buffer.from(PNG_BASE64, "base64"));

const CITY_ARGUMENT = { city: z.string().describe("A city name, such as Paris").optional() };

const CITIES = {
  paris: { city: "Paris", country: "FR", population: 2102650 },
  tokyo: { city: "Tokyo", country: "JP", population: 14187176 },
  lima: { city: "Lima", country: "PE", population: 10151200 },
};

const WEATHER = {
  paris: { temperatureC: 18.5, conditions: "partly cloudy", humidity: 64 },
  tokyo: { temperatureC: 22, conditions: "clear", humidity: 58 },
  lima: { temperatureC: 16, conditions: "overcast", humidity: 83 },
};

const WEATHER_SCHEMA = z
  .object({ city: z.string(), temperatureC: z.number(), conditions: z.string(), humidity: z.number().int().min(0).max(100) })
  .strict();

const STATS_SCHEMA = z.array(z.object({ name: z.string(), count: z.number().int() }));

/** The private text crash throws: a client must never see it. */
export const SECRET = "secret-detail-db=postgres://admin:hunter2@10.0.0.7/prod";

/** The per-call byte budget of oversized, and what it tries to write. */
const OVERSIZED_BUDGET = 1024;

/**
 * The tools: a name, a description, the zod schemas of the arguments and
 * of the structured content, and the handler, which builds its result with
 * mcpresult (or throws).
 */
const TOOLS = [
  {
    name: "test_simple_text",
    description: "Returns a simple text block (the conformance suite's tools-call-simple-text).",
    handler: () => mcp.tool({ content: mcp.text("This is a simple text response for testing.") }),
  },
  {
    name: "test_image_content",
    description: "Returns a 1x1 PNG image block, given to the library as bytes (tools-call-image).",
    handler: () => mcp.tool({ content: mcp.image(PNG_BYTES, "image/png") }),
  },
  {
    name: "test_audio_content",
    description: "Returns a short WAV audio block (tools-call-audio).",
    handler: () => mcp.tool({ content: mcp.audio(WAV_BASE64, "audio/wav") }),
  },
  {
    name: "test_embedded_resource",
    description: "Returns an embedded text resource (tools-call-embedded-resource).",
    handler: () =>
      mcp.tool({
        content: mcp.embeddedResource(
          mcp.textResource("test://embedded-resource", "This is an embedded resource content.", { mimeType: "text/plain" }),
        ),
      }),
  },
  {
    name: "test_multiple_content_types",
    description: "Returns text, an image and an embedded JSON resource in one result (tools-call-mixed-content).",
    handler: () =>
      mcp.tool({
        content: [
          mcp.text("Multiple content types test:"),
          mcp.image(PNG_BYTES, "image/png"),
          mcp.embeddedResource(
            mcp.textResource("test://mixed-content-resource", JSON.stringify({ test: "data", value: 123 }), {
              mimeType: "application/json",
            }),
          ),
        ],
      }),
  },
  {
    name: "test_error_handling",
    description: "Always fails with an error the client may see (tools-call-error).",
    handler: () => {
      throw new ClientError("This tool intentionally returns an error for testing", "intentional_error");
    },
  },
  {
    name: "resource_link",
    description: "Returns a link to a resource, with its title, size and MIME type (a text line for clients before 2025-06-18).",
    handler: () =>
      mcp.tool({
        content: [
          mcp.text("The quarterly report:"),
          mcp.resourceLink("test://reports/2026-q3.pdf", "2026-q3.pdf", {
            title: "Quarterly report, 2026 Q3",
            mimeType: "application/pdf",
            size: 48213,
          }),
        ],
      }),
  },
  {
    name: "weather",
    description: "The current weather of a city (Paris, Tokyo or Lima; Paris when none is given), as structured content with a text fallback.",
    inputSchema: CITY_ARGUMENT,
    outputSchema: WEATHER_SCHEMA,
    handler: ({ city = "Paris" }) => {
      const key = city.toLowerCase();
      const w = WEATHER[key];
      if (w === undefined) throw new ClientError("no weather for that city", "not_found");
      // no content given: the library writes the compact JSON as the text block
      return mcp.tool({ structuredContent: { city: CITIES[key].city, ...w } });
    },
  },
  {
    name: "stats_list",
    description: "Request counts per endpoint: structured content that is an array (wrapped as {\"result\": [...]} for 2025-06-18 and 2025-11-25 clients).",
    outputSchema: STATS_SCHEMA,
    handler: () =>
      mcp.tool({
        structuredContent: [
          { name: "/search", count: 1520 },
          { name: "/items", count: 311 },
          { name: "/login", count: 87 },
        ],
      }),
  },
  {
    name: "lookup",
    description: "Looks a city up (Paris, Tokyo or Lima); any other city is an error with the code not_found.",
    inputSchema: CITY_ARGUMENT,
    handler: ({ city }) => {
      const c = typeof city === "string" ? CITIES[city.toLowerCase()] : undefined;
      if (c === undefined) throw new ClientError("no such city", "not_found");
      return mcp.tool({ content: mcp.text(`${c.city} (${c.country}): population ${c.population}`) });
    },
  },
  {
    name: "crash",
    description: "Fails with a private error: the client sees only that the tool failed.",
    handler: () => {
      throw new Error(SECRET);
    },
  },
  {
    name: "oversized",
    description: `Builds a result larger than its own byte budget (${OVERSIZED_BUDGET} bytes): the library refuses it and the client sees that the output was invalid.`,
    handler: () => mcp.tool({ content: mcp.text("x".repeat(4 * OVERSIZED_BUDGET)), maxJsonBytes: OVERSIZED_BUDGET }),
  },
];

/** The names of the tools, in the order tools/list gives them. */
export const TOOL_NAMES = TOOLS.map((t) => t.name);

/** What the client sees for a private failure: the tool name and the error,
 * on stderr (never stdout, which carries the protocol in stdio mode). */
export function logError(err, tool) {
  const detail = err && err.stack ? err.stack : String(err);
  process.stderr.write(`mcpresult example server: tool ${tool} failed privately: ${detail}\n`);
}

/**
 * register registers the tools and resources above on an adapted McpServer
 * of either line; ResourceTemplate is that line's class.
 */
export function register(server, ResourceTemplate) {
  for (const { name, handler, ...config } of TOOLS) server.registerTool(name, config, handler);

  server.registerResource(
    "static-text",
    "test://static-text",
    { description: "A static text resource.", mimeType: "text/plain" },
    (uri) => mcp.resource({ contents: mcp.textResource(uri.href, "This is the content of the static text resource.", { mimeType: "text/plain" }) }),
  );
  server.registerResource(
    "static-binary",
    "test://static-binary",
    { description: "A static binary resource: a 1x1 PNG.", mimeType: "image/png" },
    (uri) => mcp.resource({ contents: mcp.blobResource(uri.href, PNG_BYTES, { mimeType: "image/png" }) }),
  );
  server.registerResource(
    "template",
    new ResourceTemplate("test://template/{id}/data", { list: undefined }),
    { description: "JSON data for an id, substituted into the URI template.", mimeType: "application/json" },
    (uri, { id }) =>
      mcp.resource({
        contents: mcp.textResource(uri.href, JSON.stringify({ id: String(id), templateTest: true, data: `Data for ID: ${id}` }), {
          mimeType: "application/json",
        }),
      }),
  );
}

/**
 * createServer gives a new McpServer of the line given (its McpServer and
 * ResourceTemplate classes), adapted, serving the tools and resources
 * above. options.onError(error, name) receives the private detail of each
 * failure hidden from the client (default: it is written to stderr);
 * options.name/version set the server's identity.
 */
export function createServer({ McpServer, ResourceTemplate }, options = {}) {
  const onError = typeof options.onError === "function" ? options.onError : logError;
  const server = adapt(new McpServer({ name: options.name ?? "mcpresult-example", version: options.version ?? "0.2.0" }), mcp, {
    onError: (err, where) => onError(err, where.tool ?? where.resource),
  });
  register(server, ResourceTemplate);
  return server;
}

/** refuse answers an HTTP request with a JSON-RPC error of its own. */
export function refuse(res, status, message) {
  if (res.headersSent) return void res.end();
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }));
}

/** refused refuses (and says so) a request for another path than /mcp, or
 * whose Host or Origin is not one of allowed (against DNS rebinding). */
export function refused(req, res, allowed) {
  const { pathname } = new URL(req.url ?? "/", "http://127.0.0.1");
  if (pathname !== "/mcp") refuse(res, 404, "Not found: the endpoint is /mcp");
  else if (!allowed.has(req.headers.host ?? "")) refuse(res, 403, "Forbidden: unexpected Host header");
  else if (req.headers.origin !== undefined && !allowed.has(req.headers.origin.replace(/^http:\/\//, ""))) refuse(res, 403, "Forbidden: unexpected Origin");
  else return false;
  return true;
}

/** listen starts an HTTP server on 127.0.0.1 (port 0: a free one) and
 * resolves to {url, port, allowed}: the Host values a request may name. */
export async function listen(httpServer, port) {
  await new Promise((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(port, "127.0.0.1", resolve);
  });
  const actual = httpServer.address().port;
  return { url: `http://127.0.0.1:${actual}/mcp`, port: actual, allowed: new Set([`127.0.0.1:${actual}`, `localhost:${actual}`]) };
}

/** runAsMain runs main when the module of url is the one Node was started
 * with, a failure printed on stderr and ending the process. */
export function runAsMain(url, main) {
  if (process.argv[1] === undefined || realpathSync(process.argv[1]) !== realpathSync(fileURLToPath(url))) return;
  main().catch((err) => {
    process.stderr.write(`mcpresult example server: ${err && err.message ? err.message : err}\n`);
    process.exit(1);
  });
}

/** announce prints where a served HTTP server listens (on stderr) and
 * closes it on SIGINT or SIGTERM, ending the process. */
export function announce(served) {
  process.stderr.write(`mcpresult example server listening on ${served.url}\n`);
  const stop = () => served.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

/** portOf reads --port (0: any free port). */
export function portOf(value) {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error("--port takes a port number (0: any free port)");
  return port;
}
