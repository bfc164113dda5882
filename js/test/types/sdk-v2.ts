// A typed server of @modelcontextprotocol/server 2.x on mcpresult/sdk,
// compiled (never run) by `tsc -p test/types/tsconfig.json`: adapt keeps
// the SDK's own types, and handlers return this package's results.

import { McpServer, ResourceTemplate } from "@modelcontextprotocol/server";
import * as z from "zod";
import { load, ClientError, type ProtocolVersion } from "mcpresult";
import { adapt, protocolVersion } from "mcpresult/sdk";

const mcp = await load();
const server: McpServer = adapt(new McpServer({ name: "typed", version: "1.0.0" }), mcp, { onError: (err: unknown) => console.error(err) });

server.registerTool(
  "weather",
  { description: "weather", inputSchema: z.object({ city: z.string() }), outputSchema: z.object({ city: z.string(), tempC: z.number() }) },
  async ({ city }, ctx) => {
    const v: ProtocolVersion = protocolVersion(ctx);
    if (city === "") throw new ClientError("which city?", "no_city");
    return mcp.tool({ structuredContent: { city, tempC: 21.5, v } });
  },
);
server.registerTool("list", { outputSchema: z.array(z.number()) }, () => mcp.tool({ structuredContent: [1, 2, 3] }));
server.registerTool("plain", { description: "plain" }, () => ({ content: [{ type: "text" as const, text: "hi" }] }));
server.registerResource("doc", "docs://a", { mimeType: "text/plain" }, (uri) =>
  mcp.resource({ contents: mcp.textResource(uri.href, "a", { mimeType: "text/plain" }) }));
server.registerResource("t", new ResourceTemplate("docs://{id}", { list: undefined }), {}, (uri, { id }) =>
  mcp.resource({ contents: mcp.textResource(uri.href, String(id)) }));
