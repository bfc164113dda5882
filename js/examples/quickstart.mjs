// The README's JS quick start: a stdio MCP server on the official SDK's
// McpServer whose every result is written for the client's revision.
//
//   node js/examples/quickstart.mjs
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";
import { load, ClientError } from "mcpresult";
import { adapt } from "mcpresult/sdk";

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
const mcp = await load();
const server = adapt(new McpServer({ name: "quickstart", version: "1.0.0" }), mcp, {
  onError: (err, where) => console.error("private:", where, err), // stderr: stdout carries the protocol
});

server.registerTool("weather", {
  description: "The weather of a city",
  inputSchema: { city: z.string() },
  outputSchema: { city: z.string(), tempC: z.number() },
}, async ({ city }) => mcp.tool({ structuredContent: { city, tempC: 21.5 } })); // text fallback made for you

server.registerTool("top_cities", {
  description: "The largest cities: an array, wrapped as {result: [...]} for 2025 clients",
  outputSchema: z.array(z.object({ name: z.string(), population: z.number() })),
}, () => mcp.tool({ structuredContent: [{ name: "Tokyo", population: 37 }, { name: "Delhi", population: 34 }] }));

server.registerTool("pixel", { description: "A 1x1 PNG, from bytes" }, () =>
  mcp.tool({ content: mcp.image(Uint8Array.from(atob(PNG), (c) => c.charCodeAt(0)), "image/png") })); // bytes: base64 written for you

server.registerTool("lookup", { description: "Always a client error", inputSchema: { id: z.string() } }, ({ id }) => {
  throw new ClientError(`no record ${id}`, "not_found"); // shown to the client, with its code
});

server.registerTool("crash", { description: "A private failure" }, () => {
  throw new Error("db password=hunter2 refused"); // the client sees only "tool execution failed"
});

server.registerResource("readme", "docs://readme", { mimeType: "text/plain" }, (uri) =>
  mcp.resource({ contents: mcp.textResource(uri.href, "Hello from mcpresult.", { mimeType: "text/plain" }) }));

await server.connect(new StdioServerTransport());
