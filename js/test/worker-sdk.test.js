// examples/worker-sdk.mjs, the quick start's server in a Cloudflare Worker,
// bundled as wrangler would (Bun's bundler, from tools/runtimes: the
// "workerd" export condition, mcpresult.wasm left as a Wasm module), run in
// workerd (from tools/runtimes) with no compatibility flag, and driven over
// loopback by the official SDK's Client at two revisions (the Worker keeps
// no session: each request gets a new server, written for the revision of
// the request's MCP-Protocol-Version header). after() ends workerd and
// removes the temporary directory.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { serve, writeWorkerdConfig } from "./runtimes/workerd-bundle.js";

const PKG = fileURLToPath(new URL("..", import.meta.url));
const BIN = join(PKG, "..", "tools", "runtimes", "node_modules", ".bin"); // deno, bun and workerd: tools/runtimes
const dir = mkdtempSync(join(tmpdir(), "mcpresult-worker-sdk-"));
let served;

before(async () => {
  const out = join(dir, "worker-sdk.js");
  const env = { ...process.env, BUN_INSTALL_CACHE_DIR: join(dir, "bun-cache"), NO_COLOR: "1" };
  const built = spawnSync(
    join(BIN, "bun"),
    ["build", join(PKG, "examples", "worker-sdk.mjs"), "--target=browser", "--conditions=workerd", "--format=esm", "--external", "*.wasm", "--outfile", out],
    { encoding: "utf8", env, timeout: 60_000 },
  );
  assert.equal(built.status, 0, `bun build failed: ${built.stderr}`);
  // the bundle sits where src/workerd.js sat, so its import "../mcpresult.wasm" is the package's module
  const { path } = writeWorkerdConfig(dir, [{ name: "node_modules/mcpresult/src/worker-sdk.js", from: out }]);
  served = await serve(join(BIN, "workerd"), path, { cwd: dir, env, timeoutMs: 15_000 });
});

after(() => {
  served?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const url = () => new URL(`http://127.0.0.1:${served.port}/mcp`);

for (const revision of ["2024-11-05", "2025-11-25"]) {
  test(`the SDK Client at ${revision}: every result written for it`, async () => {
    const transport = new StreamableHTTPClientTransport(url());
    const send = transport.send.bind(transport);
    transport.send = (m, o) => send(m?.method === "initialize" ? { ...m, params: { ...m.params, protocolVersion: revision } } : m, o);
    const client = new Client({ name: "worker-sdk-test", version: "1.0.0" });
    await client.connect(transport);
    try {
      const modern = revision >= "2025-06-18";
      const { tools } = await client.listTools();
      assert.equal(tools.find((t) => t.name === "top_cities").outputSchema !== undefined, modern, served.logs());
      const cities = await client.callTool({ name: "top_cities", arguments: {} });
      assert.deepEqual(cities.structuredContent, modern ? { result: [{ name: "Tokyo" }, { name: "Delhi" }] } : undefined);
      assert.equal(cities.content[0].text, '[{"name":"Tokyo"},{"name":"Delhi"}]');
      const crash = await client.callTool({ name: "crash", arguments: {} });
      assert.deepEqual(crash, { content: [{ type: "text", text: "tool execution failed" }], isError: true });
      const lookup = await client.callTool({ name: "lookup", arguments: { id: "7" } });
      assert.equal(lookup.content[0].text, "no record 7");
    } finally {
      await client.close();
    }
  });
}
