// A CommonJS consumer, compiled (never run) by `tsc -p
// test/types/tsconfig.json`: a .cts file is CommonJS whatever package.json's
// "type" says, as a .ts file of a "type": "commonjs" project is (such a
// project here would have its own package.json, which would cut the
// package's self-reference that reaches the declarations through
// package.json's exports). Its imports are require calls: the SDK resolves
// to its CommonJS build, whose McpServer and ResourceTemplate are other
// types than the ES module build's (esm.mts, the same code as an ES module),
// and "mcpresult/sdk" to the declarations of the "require" condition.

import { McpServer, ResourceTemplate, type RegisteredResourceTemplate, type RegisteredTool } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import mcpresult = require("mcpresult");
import edge = require("mcpresult/edge");
import sdk = require("mcpresult/sdk");
import webmcp = require("mcpresult/webmcp");

export async function main(compiled: WebAssembly.Module): Promise<void> {
  const mcp: mcpresult.McpResult = await mcpresult.load();
  const places: sdk.FailurePlace[] = [];

  // the call that failed with TS2345 when sdk.d.ts named the ES module build
  const plain = sdk.adapt(new McpServer({ name: "x", version: "1" }), mcp);
  const server: sdk.AdaptedServer<McpServer> = sdk.adapt(new McpServer({ name: "typed", version: "1.0.0" }), mcp, {
    onError: (err: unknown, where: sdk.FailurePlace) => {
      places.push(where);
      console.error(err);
    },
    finalize: { serverInfo: { name: "typed", version: "1.0.0" } },
  });

  const weather: RegisteredTool = server.registerTool(
    "weather",
    { description: "weather", inputSchema: { city: z.string() }, outputSchema: { city: z.string(), tempC: z.number() } },
    async ({ city }, extra) => {
      const v: mcpresult.ProtocolVersion = sdk.protocolVersion(extra);
      if (city === "") throw new sdk.ClientError("which city?", "no_city");
      return mcp.tool({ structuredContent: { city, tempC: 21.5, v } });
    },
  );
  weather.disable();
  plain.registerTool("list", { outputSchema: z.array(z.number()) }, () => mcp.tool({ structuredContent: [1, 2, 3] }));

  // the CommonJS build's ResourceTemplate, and its record back
  const template: RegisteredResourceTemplate = server.registerResource(
    "t",
    new ResourceTemplate("docs://{id}", { list: undefined }),
    {},
    (uri, { id }) => mcp.resource({ contents: mcp.textResource(uri.href, String(id)) }),
  );
  template.remove();
  server.registerResource("doc", "docs://a", { mimeType: "text/plain" }, (uri) => ({ contents: [{ uri: uri.href, text: "a" }] }));
  const failed: "resource read failed" = sdk.RESOURCE_READ_FAILED_TEXT;

  // the other entry points, required
  const onEdge: edge.McpResult = await edge.load({ module: compiled });
  const built: edge.ToolResult = onEdge.tool({ content: onEdge.text("from the edge") });
  if (webmcp.modelContext() !== undefined) {
    await webmcp.registerTool(mcp, {
      name: "weather",
      description: "Weather for a city",
      execute: async ({ city }: { city: string }) => mcp.tool({ structuredContent: { city } }),
    });
  }
  const isOurs: boolean = new mcpresult.McpResultError("internal", "", "x") instanceof sdk.McpResultError;

  // @ts-expect-error a handler returns a result, not a string
  server.registerTool("bad", {}, () => "text");
  // @ts-expect-error a resource template, not a number
  server.registerResource("n", 5, {}, () => ({ contents: [] }));
  // @ts-expect-error adapt takes the loaded API
  sdk.adapt(new McpServer({ name: "x", version: "1" }), {});
  // @ts-expect-error adapt takes an McpServer
  sdk.adapt({ name: "x" }, mcp);

  console.log(places, failed, built, isOurs);
}
