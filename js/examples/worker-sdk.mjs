// The quick start's server in a Cloudflare Worker: McpServer over the SDK's
// web-standard Streamable HTTP transport, without sessions (a server per
// request, each written for the revision of its MCP-Protocol-Version
// header), at POST /mcp. wrangler bundles it, with this wrangler.toml beside
// it (a compatibility_date, which wrangler needs; no compatibility flag):
//
//   name = "quickstart-worker"
//   main = "worker-sdk.mjs"
//   compatibility_date = "2025-09-01"
//
// "mcpresult" resolves to the package's "workerd" entry, which imports
// mcpresult.wasm precompiled.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { z } from "zod";
import { load, ClientError } from "mcpresult";
import { adapt } from "mcpresult/sdk";

const mcp = await load();

function server() {
  const s = adapt(new McpServer({ name: "quickstart-worker", version: "1.0.0" }), mcp, { onError: (err) => console.error(err) });
  s.registerTool("top_cities", { outputSchema: z.array(z.object({ name: z.string() })) }, () =>
    mcp.tool({ structuredContent: [{ name: "Tokyo" }, { name: "Delhi" }] }));
  s.registerTool("lookup", { inputSchema: { id: z.string() } }, ({ id }) => {
    throw new ClientError(`no record ${id}`, "not_found");
  });
  s.registerTool("crash", {}, () => {
    throw new Error("db password=hunter2 refused");
  });
  return s;
}

export default {
  async fetch(request) {
    if (new URL(request.url).pathname !== "/mcp") return new Response("not found", { status: 404 });
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server().connect(transport);
    return transport.handleRequest(request);
  },
};
