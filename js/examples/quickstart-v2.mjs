// The README's JS quick start on the official SDK's 2.x line
// (@modelcontextprotocol/server): the same server as quickstart.mjs, served
// by serveStdio, which speaks 2026-07-28 as well as the 2025 revisions.
// Every server the factory makes is adapted, and every result is written
// for the revision of the request it answers.
//
//   node js/examples/quickstart-v2.mjs
import { McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { z } from "zod";
import { load, ClientError } from "mcpresult";
import { adapt } from "mcpresult/sdk";

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
const mcp = await load();

serveStdio(() => {
  const server = adapt(new McpServer({ name: "quickstart", version: "1.0.0" }), mcp, {
    onError: (err, where) => console.error("private:", where, err), // stderr: stdout carries the protocol
  });

  server.registerTool("weather", {
    description: "The weather of a city",
    inputSchema: z.object({ city: z.string() }),
    outputSchema: z.object({ city: z.string(), tempC: z.number() }),
  }, async ({ city }) => mcp.tool({ structuredContent: { city, tempC: 21.5 } })); // text fallback made for you

  server.registerTool("top_cities", {
    description: "The largest cities: an array, wrapped as {result: [...]} for 2025 clients",
    outputSchema: z.array(z.object({ name: z.string(), population: z.number() })),
  }, () => mcp.tool({ structuredContent: [{ name: "Tokyo", population: 37 }, { name: "Delhi", population: 34 }] }));

  server.registerTool("pixel", { description: "A 1x1 PNG, from bytes" }, () =>
    mcp.tool({ content: mcp.image(Uint8Array.from(atob(PNG), (c) => c.charCodeAt(0)), "image/png") })); // bytes: base64 written for you

  server.registerTool("lookup", { description: "Always a client error", inputSchema: z.object({ id: z.string() }) }, ({ id }) => {
    throw new ClientError(`no record ${id}`, "not_found"); // shown to the client, with its code
  });

  server.registerTool("crash", { description: "A private failure" }, () => {
    throw new Error("db password=hunter2 refused"); // the client sees only "tool execution failed"
  });

  server.registerResource("readme", "docs://readme", { mimeType: "text/plain" }, (uri) =>
    mcp.resource({ contents: mcp.textResource(uri.href, "Hello from mcpresult.", { mimeType: "text/plain" }) }));

  return server;
});
