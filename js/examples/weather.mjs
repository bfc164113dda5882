// The README's JS example: a stdio MCP server on the official TypeScript
// SDK's 2.x line, whose every result is written for the revision of the
// request it answers (2024-11-05 to 2026-07-28). On 1.x, import McpServer
// from "@modelcontextprotocol/sdk/server/mcp.js", adapt one server and
// connect it to a StdioServerTransport, as quickstart.mjs does.
// make sdkproof runs the official clients of both lines against it.
//
//   node js/examples/weather.mjs
import { McpServer } from "@modelcontextprotocol/server"; // 1.x: "@modelcontextprotocol/sdk/server/mcp.js"
import { serveStdio } from "@modelcontextprotocol/server/stdio"; // 1.x: server.connect(new StdioServerTransport())
import { z } from "zod";
import { load, ClientError } from "mcpresult";
import { adapt } from "mcpresult/sdk";

const mcp = await load();

serveStdio(() => {
  const server = adapt(new McpServer({ name: "weather", version: "1.0.0" }), mcp, {
    onError: (err, where) => console.error("private:", where, err), // stderr: stdout carries the protocol
  });
  server.registerTool("weather", {
    description: "The weather of a city",
    inputSchema: z.object({ city: z.string() }),
    outputSchema: z.object({ city: z.string(), tempC: z.number() }),
  }, async ({ city }) => {
    if (city === "") throw new ClientError("say which city", "no_city"); // shown to the client, with its code
    if (city === "Atlantis") throw new Error("lookup failed: password=hunter2"); // private: the client sees "tool execution failed"
    return mcp.tool({ structuredContent: { city, tempC: 21.5 } }); // the text fallback made for you
  });
  return server;
});
