// The round trip of make bench: what a tools/call costs through the
// official TypeScript SDK over stdio, its Client in this process and an
// McpServer in a child process, for three servers side by side that return
// the same result:
//
//   plain    the handler returns a plain object (the SDK alone);
//   tool     the handler returns mcp.tool(…) of that object, on the same
//            McpServer;
//   adapted  the server is adapt(new McpServer(…), mcp) of mcpresult/sdk
//            and the handler returns mcp.tool(…), as
//            js/examples/quickstart.mjs does.
//
// Each server has two tools: "small" (the ~200-byte tool result of the
// other benchmarks) and "big" (the 100 KB text result). The calls go to
// the three servers in turn (the order rotating), so that a slow moment of
// the machine falls on all of them alike; each run prints, per server and
// size, the median round trip of its calls, in the form of go test -bench
// (which internal/cmd/benchtable reads):
//
//	node js/bench/roundtrip.mjs > bin/bench-roundtrip.txt
//
// Options: --count N (runs, default 5), --small N and --big N (calls to
// each server per run, default 400 and 60), --warmup N (calls to each
// server and tool first, default 200). Nothing here passes or fails on time.

import { fileURLToPath } from "node:url";
import { small, big } from "./inputs.mjs";

const args = process.argv.slice(2);
function option(name, def) {
  const i = args.indexOf("--" + name);
  return i >= 0 ? args[i + 1] : def;
}

const KINDS = ["plain", "tool", "adapted"];

// ---------------------------------------------------------------------------
// A child process: one of the three servers, on stdio.

const serverKind = option("server");
if (serverKind !== undefined) {
  const { McpServer } = await import("@modelcontextprotocol/sdk/server/mcp.js");
  const { StdioServerTransport } = await import("@modelcontextprotocol/sdk/server/stdio.js");
  const info = { name: "roundtrip-" + serverKind, version: "1.0.0" };
  let server;
  let make;
  if (serverKind === "plain") {
    server = new McpServer(info);
    make = (o) => o;
  } else {
    const { load } = await import("mcpresult");
    const mcp = await load();
    make = (o) => mcp.tool(o);
    if (serverKind === "adapted") {
      const { adapt } = await import("mcpresult/sdk");
      server = adapt(new McpServer(info), mcp, { onError: (err) => console.error("private:", err) });
    } else if (serverKind === "tool") {
      server = new McpServer(info);
    } else {
      throw new Error("no server " + serverKind);
    }
  }
  server.registerTool("small", { description: "A small tool result" }, () => make(small()));
  server.registerTool("big", { description: "A 100 KB text result" }, () => make(big()));
  await server.connect(new StdioServerTransport());
} else {
  await parent();
}

// ---------------------------------------------------------------------------
// The parent: one Client per server.

async function parent() {
  const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
  const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
  const { readFileSync } = await import("node:fs");
  const sdkVersion = JSON.parse(readFileSync(new URL("../node_modules/@modelcontextprotocol/sdk/package.json", import.meta.url), "utf8")).version;

  const COUNT = Number(option("count", "5"));
  const CALLS = { small: Number(option("small", "400")), big: Number(option("big", "60")) };
  const WARMUP = Number(option("warmup", "200"));
  const self = fileURLToPath(import.meta.url);

  process.stdout.write(`pkg: mcpresult/js/bench/roundtrip\nnode: ${process.version}\nsdk: ${sdkVersion}\n`);

  const clients = {};
  for (const kind of KINDS) {
    const transport = new StdioClientTransport({ command: process.execPath, args: [self, "--server", kind], stderr: "inherit" });
    const client = new Client({ name: "mcpresult-roundtrip", version: "1.0.0" });
    await client.connect(transport);
    clients[kind] = client;
  }

  // every server answers the same result (the package's members aside:
  // resultType, isError false)
  const strip = ({ resultType, isError, ...rest }) => rest;
  for (const name of ["small", "big"]) {
    const want = JSON.stringify(strip((await clients.plain.callTool({ name, arguments: {} }))));
    for (const kind of KINDS) {
      const got = await clients[kind].callTool({ name, arguments: {} });
      if (JSON.stringify(strip(got)) !== want) throw new Error(`${kind} answers ${name} with another result: ${JSON.stringify(got).slice(0, 300)}`);
    }
  }
  process.stdout.write(`# ${KINDS.length} servers, ${COUNT} runs of ${CALLS.small} small and ${CALLS.big} big calls to each, after ${WARMUP} of each\n`);

  async function call(kind, name) {
    const t0 = process.hrtime.bigint();
    await clients[kind].callTool({ name, arguments: {} });
    return Number(process.hrtime.bigint() - t0);
  }

  for (const name of ["small", "big"]) {
    for (let i = 0; i < WARMUP; i++) for (const kind of KINDS) await call(kind, name);
  }

  const median = (v) => {
    const s = v.slice().sort((a, b) => a - b);
    return s[s.length >> 1];
  };
  for (let run = 0; run < COUNT; run++) {
    for (const name of ["small", "big"]) {
      const samples = Object.fromEntries(KINDS.map((k) => [k, []]));
      for (let i = 0; i < CALLS[name]; i++) {
        for (let j = 0; j < KINDS.length; j++) {
          const kind = KINDS[(i + j) % KINDS.length];
          samples[kind].push(await call(kind, name));
        }
      }
      const size = name === "small" ? "small" : "100KB";
      for (const kind of KINDS) {
        process.stdout.write(`BenchmarkRoundTrip/${size}/${kind}\t${CALLS[name]}\t${median(samples[kind]).toFixed(0)}\tns/op\n`);
      }
    }
  }
  for (const kind of KINDS) await clients[kind].close();
}
