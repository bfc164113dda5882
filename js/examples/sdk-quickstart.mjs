// The README's quick start for the official TypeScript SDK: a tool of
// McpServer whose handler builds its result with mcpresult, guarded so that
// a thrown error stays private. The repository's tests run it; the end of
// the file calls the tool with the SDK's own Client, in memory.
//
//   node js/examples/sdk-quickstart.mjs
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { z } from "zod";
import { load, ClientError } from "mcpresult";

const mcp = await load();
const server = new McpServer({ name: "weather", version: "1.0.0" });
const temperatures = new Map([["Oslo", 3]]);
const errors = []; // what only the server sees: send it to your logs

server.registerTool("weather", { description: "Weather for a city", inputSchema: { city: z.string() } },
  mcp.guard(async ({ city }) => {
    if (city === "") throw new ClientError("say which city", "weather.no_city"); // shown to the client
    if (!temperatures.has(city)) throw new Error(`lookup of ${city} failed`);     // a thrown error stays private
    return mcp.tool({ structuredContent: { city, tempC: temperatures.get(city) } }); // text fallback added for you
  }, { onError: (err) => errors.push(err) }));

const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
await server.connect(serverEnd);
const client = new Client({ name: "client", version: "1.0.0" });
await client.connect(clientEnd);
for (const city of ["Oslo", "", "Atlantis"]) {
  const res = await client.callTool({ name: "weather", arguments: { city } });
  console.log(res.content[0].text, res.isError);
}
console.log(errors.map(String).join("; "));
await client.close();
