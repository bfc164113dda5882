// The quick start in CommonJS: require() of the package (an ES module)
// needs Node 20.19 or 22.12 and later (earlier 20.x and 22.x: node
// --experimental-require-module).
//
//   node js/examples/quickstart.cjs
const { McpServer } = require("@modelcontextprotocol/sdk/server/mcp.js");
const { StdioServerTransport } = require("@modelcontextprotocol/sdk/server/stdio.js");
const { z } = require("zod");
const { load, ClientError } = require("mcpresult");
const { adapt } = require("mcpresult/sdk");

async function main() {
  const mcp = await load();
  const server = adapt(new McpServer({ name: "quickstart-cjs", version: "1.0.0" }), mcp, {
    onError: (err, where) => console.error("private:", where, err),
  });
  server.registerTool("top_cities", { outputSchema: z.array(z.object({ name: z.string() })) }, () =>
    mcp.tool({ structuredContent: [{ name: "Tokyo" }, { name: "Delhi" }] }));
  server.registerTool("lookup", { inputSchema: { id: z.string() } }, ({ id }) => {
    throw new ClientError(`no record ${id}`, "not_found");
  });
  server.registerTool("crash", {}, () => {
    throw new Error("db password=hunter2 refused");
  });
  await server.connect(new StdioServerTransport());
}

main();
