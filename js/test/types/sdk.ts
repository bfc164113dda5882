// A typed server on mcpresult/sdk, compiled (never run) by
// `tsc -p test/types/tsconfig.json`: handlers return every kind of result
// this package builds, and plain objects, with no cast, under strict and
// exactOptionalPropertyTypes.

import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult, ReadResourceResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { load, ClientError, type ToolResult, type ResourceResult, type ProtocolVersion } from "mcpresult";
import { adapt, protocolVersion, type AdaptedServer, type FailurePlace, RESOURCE_READ_FAILED_TEXT } from "mcpresult/sdk";

const mcp = await load();
const places: FailurePlace[] = [];
const server: AdaptedServer<McpServer> = adapt(new McpServer({ name: "typed", version: "1.0.0" }), mcp, {
  onError: (err: unknown, where: FailurePlace) => {
    places.push(where);
    console.error(err);
  },
  finalize: { serverInfo: { name: "typed", version: "1.0.0" } },
});

// object structured content, a zod raw shape in and out
server.registerTool(
  "weather",
  { description: "weather", inputSchema: { city: z.string() }, outputSchema: { city: z.string(), tempC: z.number() } },
  async ({ city }, extra) => {
    const v: ProtocolVersion = protocolVersion(extra);
    if (city === "") throw new ClientError("which city?", "no_city");
    return mcp.tool({ structuredContent: { city, tempC: 21.5, v } });
  },
);
// an array: a ToolResult whose structured content is not an object
server.registerTool("list", { outputSchema: z.array(z.number()) }, () => mcp.tool({ structuredContent: [1, 2, 3] }));
// a zod object schema as input, every other builder
server.registerTool("all", { inputSchema: z.object({ n: z.number().optional() }) }, async ({ n }) => {
  if (n === 1) return mcp.error("no", "code");
  if (n === 2) return mcp.fromValue([1, "two"]);
  if (n === 3) return mcp.tool({ content: [mcp.image(new Uint8Array([1]), "image/png"), mcp.audio("AA==", "audio/wav")] });
  const built: ToolResult = mcp.tool({ content: mcp.text("a"), structuredContent: ["any", "JSON"] });
  return n === 4 ? built : mcp.tool({ content: mcp.resourceLink("file:///a", "a") });
});
// a plain object, as the SDK's types take it
server.registerTool("plain", { description: "plain" }, (): CallToolResult => ({ content: [{ type: "text", text: "hi" }] }));
server.registerTool("plainInline", {}, () => ({ content: [{ type: "text", text: "hi" }], isError: false }));

server.registerResource("doc", "docs://a", { mimeType: "text/plain" }, (uri) =>
  mcp.resource({ contents: mcp.textResource(uri.href, "a", { mimeType: "text/plain" }) }));
server.registerResource("t", new ResourceTemplate("docs://{id}", { list: undefined }), {}, (uri, { id }, extra): ResourceResult | ReadResourceResult =>
  protocolVersion(extra) === "2024-11-05" ? { contents: [{ uri: uri.href, text: String(id) }] } : mcp.resource({ contents: mcp.blobResource(uri.href, new Uint8Array([1])) }));

const failed: "resource read failed" = RESOURCE_READ_FAILED_TEXT;

// @ts-expect-error a handler returns a result, not a string
server.registerTool("bad", {}, () => "text");
// @ts-expect-error the arguments are typed by the input schema
server.registerTool("badArgs", { inputSchema: { n: z.number() } }, ({ n }: { n: string }) => mcp.tool({ content: mcp.text(n) }));
// @ts-expect-error adapt takes the loaded API
adapt(new McpServer({ name: "x", version: "1" }), {});

export { places, failed };
