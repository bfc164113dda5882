// The round trip of make bench: what a tools/call costs through each line
// of the official TypeScript SDK (1.x: @modelcontextprotocol/sdk; 2.x:
// @modelcontextprotocol/server and @modelcontextprotocol/client), its
// Client and an McpServer of the same line, for three servers side by side
// that return the same result:
//
//   plain    the handler returns a plain object (the SDK alone);
//   tool     the handler returns mcp.tool(…) of that object, on the same
//            McpServer;
//   adapted  the server is adapt(new McpServer(…), mcp) of mcpresult/sdk
//            and the handler returns mcp.tool(…), as
//            js/examples/quickstart.mjs does.
//
// Each server has two tools: "small" (the README's weather result) and
// "big" (the 100 KB text result), from inputs.mjs. Each line is timed two
// ways:
//
//   inproc   both ends in this process, over a linked pair of transports
//            whose send writes the message with JSON.stringify and whose
//            other end reads it with JSON.parse: what stdio does, without
//            the pipes and the other process;
//   stdio    the Client here and the McpServer in a child process, over
//            the line's stdio transports.
//
// The calls go to the three servers of a line and transport in turn (the
// order rotating), so that a slow moment of the machine falls on all of
// them alike; each run prints, per line, transport, size and server, the
// median round trip of its calls, in the form of go test -bench (which
// internal/cmd/benchtable reads):
//
//	node js/bench/roundtrip.mjs > bin/bench-roundtrip.txt
//
// Options: --count N (runs, default 5), --small N and --big N (calls to
// each server per run, default 400 and 60), --warmup N (calls to each
// server and tool first, default 200), --only LINE/TRANSPORT (one of
// sdk1/inproc, sdk1/stdio, sdk2/inproc, sdk2/stdio; repeatable). Nothing
// here passes or fails on time.

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { weather, weatherPlain, big } from "./inputs.mjs";

const args = process.argv.slice(2);
function option(name, def) {
  const i = args.indexOf("--" + name);
  return i >= 0 ? args[i + 1] : def;
}
function options(name) {
  const out = [];
  for (let i = 0; i < args.length; i++) if (args[i] === "--" + name) out.push(args[i + 1]);
  return out;
}

const KINDS = ["plain", "tool", "adapted"];
const LINES = ["sdk1", "sdk2"];
const TRANSPORTS = ["inproc", "stdio"];

/** The modules of each line: its McpServer, Client and stdio transports. */
const IMPORTS = {
  sdk1: async () => ({
    McpServer: (await import("@modelcontextprotocol/sdk/server/mcp.js")).McpServer,
    StdioServerTransport: (await import("@modelcontextprotocol/sdk/server/stdio.js")).StdioServerTransport,
    Client: (await import("@modelcontextprotocol/sdk/client/index.js")).Client,
    StdioClientTransport: (await import("@modelcontextprotocol/sdk/client/stdio.js")).StdioClientTransport,
  }),
  sdk2: async () => ({
    McpServer: (await import("@modelcontextprotocol/server")).McpServer,
    StdioServerTransport: (await import("@modelcontextprotocol/server/stdio")).StdioServerTransport,
    Client: (await import("@modelcontextprotocol/client")).Client,
    StdioClientTransport: (await import("@modelcontextprotocol/client/stdio")).StdioClientTransport,
  }),
};

let loaded;
/** server makes the McpServer of a line for one of the three kinds. */
async function server(sdk, kind) {
  const info = { name: "roundtrip-" + kind, version: "1.0.0" };
  let srv;
  let make;
  let small = weather;
  if (kind === "plain") {
    srv = new sdk.McpServer(info);
    make = (o) => o;
    small = weatherPlain;
  } else {
    if (loaded === undefined) {
      const { load } = await import("mcpresult");
      const { adapt } = await import("mcpresult/sdk");
      loaded = { mcp: await load(), adapt };
    }
    const { mcp, adapt } = loaded;
    make = (o) => mcp.tool(o);
    if (kind === "adapted") {
      srv = adapt(new sdk.McpServer(info), mcp, { onError: (err) => console.error("private:", err) });
    } else if (kind === "tool") {
      srv = new sdk.McpServer(info);
    } else {
      throw new Error("no server " + kind);
    }
  }
  srv.registerTool("small", { description: "The weather result" }, () => make(small()));
  srv.registerTool("big", { description: "A 100 KB text result" }, () => make(big()));
  return srv;
}

/** JsonTransport is one end of a linked pair: send writes the message with
 * JSON.stringify, and the other end reads it with JSON.parse (in a
 * microtask, as a transport reads what arrives after the send). */
class JsonTransport {
  static pair() {
    const a = new JsonTransport();
    const b = new JsonTransport();
    a.other = b;
    b.other = a;
    return [a, b];
  }
  queue = [];
  async start() {
    this.started = true;
    for (const text of this.queue.splice(0)) this.onmessage?.(JSON.parse(text));
  }
  async send(message) {
    const text = JSON.stringify(message);
    const other = this.other;
    if (other === undefined) throw new Error("not connected");
    queueMicrotask(() => {
      if (other.started && other.onmessage) other.onmessage(JSON.parse(text));
      else other.queue.push(text);
    });
  }
  async close() {
    const other = this.other;
    if (other === undefined) return;
    this.other = undefined;
    await other.close();
    this.onclose?.();
  }
}

// ---------------------------------------------------------------------------
// A child process: one of the three servers of a line, on stdio.

const serverKind = option("server");
if (serverKind !== undefined) {
  const sdk = await IMPORTS[option("line", "sdk1")]();
  await (await server(sdk, serverKind)).connect(new sdk.StdioServerTransport());
} else {
  await parent();
}

// ---------------------------------------------------------------------------
// The parent: one Client per server, line and transport.

function versionOf(pkg) {
  return JSON.parse(readFileSync(new URL(`../node_modules/@modelcontextprotocol/${pkg}/package.json`, import.meta.url), "utf8")).version;
}

async function parent() {
  const COUNT = Number(option("count", "5"));
  const CALLS = { small: Number(option("small", "400")), big: Number(option("big", "60")) };
  const WARMUP = Number(option("warmup", "200"));
  const only = options("only");
  const self = fileURLToPath(import.meta.url);

  process.stdout.write(`pkg: mcpresult/js/bench/roundtrip\nnode: ${process.version}\n`);
  process.stdout.write(`sdk: ${versionOf("sdk")}\nserver: ${versionOf("server")}\nclient: ${versionOf("client")}\n`);

  const groups = [];
  for (const line of LINES) {
    const sdk = await IMPORTS[line]();
    for (const transport of TRANSPORTS) {
      if (only.length > 0 && !only.includes(line + "/" + transport)) continue;
      const clients = {};
      const servers = [];
      for (const kind of KINDS) {
        const client = new sdk.Client({ name: "mcpresult-roundtrip", version: "1.0.0" });
        if (transport === "stdio") {
          await client.connect(new sdk.StdioClientTransport({ command: process.execPath, args: [self, "--server", kind, "--line", line], stderr: "inherit" }));
        } else {
          const [clientEnd, serverEnd] = JsonTransport.pair();
          const srv = await server(sdk, kind);
          await srv.connect(serverEnd);
          servers.push(srv);
          await client.connect(clientEnd);
        }
        clients[kind] = client;
      }
      groups.push({ name: line + "/" + transport, clients, servers });
    }
  }

  // every server answers the same result (the package's members aside:
  // resultType, isError false)
  const strip = ({ resultType, isError, ...rest }) => rest;
  for (const { name: group, clients } of groups) {
    for (const name of ["small", "big"]) {
      const want = JSON.stringify(strip(await clients.plain.callTool({ name, arguments: {} })));
      for (const kind of KINDS) {
        const got = await clients[kind].callTool({ name, arguments: {} });
        if (JSON.stringify(strip(got)) !== want) throw new Error(`${group} ${kind} answers ${name} with another result: ${JSON.stringify(got).slice(0, 300)}`);
      }
    }
  }
  process.stdout.write(`# ${groups.map((g) => g.name).join(", ")}: ${KINDS.length} servers each, ${COUNT} runs of ${CALLS.small} small and ${CALLS.big} big calls to each, after ${WARMUP} of each\n`);

  async function call(client, name) {
    const t0 = process.hrtime.bigint();
    await client.callTool({ name, arguments: {} });
    return Number(process.hrtime.bigint() - t0);
  }

  for (const { clients } of groups) {
    for (const name of ["small", "big"]) {
      for (let i = 0; i < WARMUP; i++) for (const kind of KINDS) await call(clients[kind], name);
    }
  }

  const median = (v) => {
    const s = v.slice().sort((a, b) => a - b);
    return s[s.length >> 1];
  };
  for (let run = 0; run < COUNT; run++) {
    for (const { name: group, clients } of groups) {
      for (const name of ["small", "big"]) {
        const samples = Object.fromEntries(KINDS.map((k) => [k, []]));
        for (let i = 0; i < CALLS[name]; i++) {
          for (let j = 0; j < KINDS.length; j++) {
            const kind = KINDS[(i + j) % KINDS.length];
            samples[kind].push(await call(clients[kind], name));
          }
        }
        const size = name === "small" ? "small" : "100KB";
        for (const kind of KINDS) {
          process.stdout.write(`BenchmarkRoundTrip/${group}/${size}/${kind}\t${CALLS[name]}\t${median(samples[kind]).toFixed(0)}\tns/op\n`);
        }
      }
    }
  }
  for (const { clients, servers } of groups) {
    for (const kind of KINDS) await clients[kind].close();
    for (const srv of servers) await srv.close();
  }
}
