// mcpresult/sdk with the official SDK's own Client and transports: each
// connection written for its own revision (in process, over Streamable
// HTTP with sessions and without, over stdio on the oldest SDK supported),
// every kind of handler result and failure, the output schemas, and the
// misuses adapt refuses. js/test/server.test.js and revisions.test.js
// cover the example server on it; tools/sdkproof the quick start.

import { test } from "node:test";
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import http from "node:http";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { load, ClientError, McpResultError } from "mcpresult";
import { adapt, protocolVersion, RESOURCE_READ_FAILED_TEXT, INVALID_RESOURCE_OUTPUT_TEXT } from "mcpresult/sdk";
import { farm, nodeArgs } from "./with-sdk.mjs";
import { asking } from "./asking.js";

const mcp = await load();
const SECRET = "secret-db-password";
const ROWS = [{ name: "a", n: 1 }, { name: "b", n: 2 }];

/** server gives an adapted McpServer with one tool of each kind, and the
 * failures its onError received. */
function server() {
  const errors = [];
  const s = adapt(new McpServer({ name: "sdk-test", version: "1.0.0" }), mcp, { onError: (err, where) => errors.push({ err, where }) });
  s.registerTool("obj", { inputSchema: { city: z.string() }, outputSchema: { city: z.string(), v: z.string() } }, ({ city }, extra) =>
    mcp.tool({ structuredContent: { city, v: protocolVersion(extra) } }),
  );
  s.registerTool("rows", { outputSchema: z.array(z.object({ name: z.string(), n: z.number() })) }, () => mcp.tool({ structuredContent: ROWS }));
  s.registerTool("plain", {}, () => ({ content: [{ type: "text", text: "plain" }] }));
  s.registerTool("link", {}, () => mcp.tool({ content: [mcp.resourceLink("file:///r.pdf", "r.pdf"), mcp.audio("AAAA", "audio/wav")] }));
  s.registerTool("mismatch", { outputSchema: { n: z.number() } }, () => mcp.tool({ structuredContent: { n: "one" } }));
  s.registerTool("missing", { outputSchema: { n: z.number() } }, () => mcp.tool({ content: mcp.text("no structured content") }));
  s.registerTool("invalidPlain", {}, () => ({ content: [{ type: "text" }] }));
  s.registerTool("client", {}, () => {
    throw new ClientError("shown to the client", "shown");
  });
  s.registerTool("private", {}, () => {
    throw new Error(SECRET);
  });
  s.registerResource("doc", "docs://a", { mimeType: "text/plain" }, (uri, extra) =>
    mcp.resource({ contents: mcp.textResource(uri.href, protocolVersion(extra), { mimeType: "text/plain", meta: { "com.example/k": 1 } }) }),
  );
  s.registerResource("tpl", new ResourceTemplate("docs://t/{id}", { list: undefined }), {}, (uri, { id }) => {
    if (id === "client") throw new ClientError("no such document", "not_found");
    if (id === "private") throw new Error(SECRET);
    if (id === "invalid") return { contents: [{ uri: uri.href }] };
    return { contents: [{ uri: uri.href, text: `plain ${id}` }] };
  });
  return { s, errors };
}

async function inMemory(revision) {
  const { s, errors } = server();
  const [c, t] = InMemoryTransport.createLinkedPair();
  await s.connect(t);
  const client = new Client({ name: "sdk-test", version: "1.0.0" });
  await client.connect(asking(c, revision));
  return { client, errors };
}

const call = (client, name, args = {}) => client.callTool({ name, arguments: args });

for (const revision of ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"]) {
  test(`in process, a ${revision} client: results and output schemas written for its revision`, async () => {
    const { client, errors } = await inMemory(revision);
    try {
      assert.equal(client.getServerVersion()?.name, "sdk-test");
      const modern = revision >= "2025-06-18";
      const { tools } = await client.listTools();
      const schemas = Object.fromEntries(tools.filter((t) => t.outputSchema).map((t) => [t.name, t.outputSchema]));
      if (modern) {
        assert.deepEqual(Object.keys(schemas), ["obj", "rows", "mismatch", "missing"]);
        assert.deepEqual(schemas.rows.required, ["result"], "an array schema is wrapped");
        assert.equal(schemas.rows.properties.result.type, "array");
        assert.equal(schemas.obj.$schema, "http://json-schema.org/draft-07/schema#", "converted as the SDK converts zod");
      } else {
        assert.deepEqual(schemas, {}, "no output schema for a revision without one");
      }

      const obj = await call(client, "obj", { city: "Oslo" });
      assert.deepEqual(JSON.parse(obj.content[0].text), { city: "Oslo", v: revision }, "the handler read its revision from extra");
      assert.deepEqual(obj.structuredContent, modern ? { city: "Oslo", v: revision } : undefined);
      const rows = await call(client, "rows");
      assert.deepEqual(rows.structuredContent, modern ? { result: ROWS } : undefined);
      assert.deepEqual(JSON.parse(rows.content[0].text), ROWS);

      assert.deepEqual(await call(client, "plain"), { content: [{ type: "text", text: "plain" }], isError: false });
      const link = await call(client, "link");
      assert.deepEqual(
        link.content.map((b) => b.type),
        [modern ? "resource_link" : "text", revision === "2024-11-05" ? "text" : "audio"],
      );

      const client_ = await call(client, "client");
      assert.deepEqual(client_, { content: [{ type: "text", text: "shown to the client" }], isError: true, _meta: { "io.github.mcpresult/errorCode": "shown" } });
      for (const [name, text] of [
        ["private", "tool execution failed"],
        ["mismatch", "tool output was invalid"],
        ["missing", "tool output was invalid"],
        ["invalidPlain", "tool output was invalid"],
      ]) {
        assert.deepEqual(await call(client, name), { content: [{ type: "text", text }], isError: true }, name);
      }
      assert.deepEqual(
        errors.map((e) => e.where.tool),
        ["private", "mismatch", "missing", "invalidPlain"],
      );
      assert.equal(errors[0].err.message, SECRET);
      assert.ok(errors[1].err instanceof McpResultError && errors[1].err.code === "invalid_value" && errors[1].err.path === "/structuredContent");
      assert.ok(errors[2].err instanceof McpResultError && errors[2].err.code === "missing_field");
      assert.ok(errors[3].err instanceof McpResultError && Array.isArray(errors[3].err.errors));

      // resources: written for the revision (no _meta on contents before 2025-06-18)
      const doc = await client.readResource({ uri: "docs://a" });
      assert.equal(doc.contents[0].text, revision);
      assert.equal("_meta" in doc.contents[0], modern);
      assert.deepEqual(await client.readResource({ uri: "docs://t/7" }), { contents: [{ uri: "docs://t/7", text: "plain 7" }] });
      await assert.rejects(client.readResource({ uri: "docs://t/client" }), (err) => {
        assert.ok(err instanceof McpError);
        assert.equal(err.code, ErrorCode.InvalidParams);
        assert.equal(err.message, `MCP error ${ErrorCode.InvalidParams}: no such document`); // the SDK's client adds the prefix, once
        assert.deepEqual(err.data, { code: "not_found" });
        return true;
      });
      for (const [id, text] of [
        ["private", RESOURCE_READ_FAILED_TEXT],
        ["invalid", INVALID_RESOURCE_OUTPUT_TEXT],
      ]) {
        await assert.rejects(client.readResource({ uri: `docs://t/${id}` }), (err) => {
          assert.equal(err.code, ErrorCode.InternalError);
          assert.equal(err.message, `MCP error ${ErrorCode.InternalError}: ${text}`);
          assert.ok(!err.message.includes(SECRET));
          return true;
        });
      }
      assert.deepEqual(
        errors.slice(4).map((e) => e.where),
        [
          { resource: "tpl", uri: "docs://t/private" },
          { resource: "tpl", uri: "docs://t/invalid" },
        ],
      );
    } finally {
      await client.close();
    }
  });
}

test("Streamable HTTP, a server per session: each session written for its own revision, at the same time", async () => {
  const sessions = new Map();
  const httpServer = http.createServer(async (req, res) => {
    const sid = req.headers["mcp-session-id"];
    if (typeof sid === "string") return sessions.get(sid).handleRequest(req, res);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: (id) => sessions.set(id, transport) });
    await server().s.connect(transport);
    await transport.handleRequest(req, res);
  });
  await new Promise((r) => httpServer.listen(0, "127.0.0.1", r));
  const url = new URL(`http://127.0.0.1:${httpServer.address().port}/mcp`);
  const clients = [];
  try {
    for (const revision of ["2024-11-05", "2025-11-25", "2025-03-26", "2025-06-18"]) {
      const client = new Client({ name: `http-${revision}`, version: "1.0.0" });
      await client.connect(asking(new StreamableHTTPClientTransport(url), revision));
      clients.push([revision, client]);
    }
    const got = await Promise.all(clients.map(([, c]) => call(c, "rows")));
    const lists = await Promise.all(clients.map(([, c]) => c.listTools()));
    clients.forEach(([revision], i) => {
      const modern = revision >= "2025-06-18";
      assert.deepEqual(got[i].structuredContent, modern ? { result: ROWS } : undefined, revision);
      assert.equal(lists[i].tools.find((t) => t.name === "rows").outputSchema !== undefined, modern, revision);
    });
  } finally {
    await Promise.all(clients.map(([, c]) => c.close()));
    httpServer.closeAllConnections();
    await new Promise((r) => httpServer.close(r));
  }
});

test("Streamable HTTP without sessions, a server per request: the revision of the MCP-Protocol-Version header", async () => {
  const httpServer = http.createServer(async (req, res) => {
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server().s.connect(transport);
    await transport.handleRequest(req, res);
  });
  await new Promise((r) => httpServer.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${httpServer.address().port}/mcp`;
  const post = async (revision, method, params) => {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": revision },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    });
    assert.equal(res.status, 200);
    return (await res.json()).result;
  };
  try {
    for (const revision of ["2024-11-05", "2025-06-18", "2025-03-26", "2025-11-25"]) {
      const modern = revision >= "2025-06-18";
      const rows = await post(revision, "tools/call", { name: "rows", arguments: {} });
      assert.deepEqual(rows.structuredContent, modern ? { result: ROWS } : undefined, revision);
      const { tools } = await post(revision, "tools/list", {});
      assert.equal(tools.find((t) => t.name === "rows").outputSchema !== undefined, modern, revision);
    }
  } finally {
    httpServer.closeAllConnections();
    await new Promise((r) => httpServer.close(r));
  }
});

test("the oldest SDK supported (1.23.0), over stdio: the example server, written for the revision it negotiates", async () => {
  const script = farm("sdk-oldest", fileURLToPath(new URL("../examples/server.mjs", import.meta.url)));
  for (const [asked, negotiated] of [
    ["2024-11-05", "2024-11-05"],
    ["2025-11-25", "2025-06-18"], // 1.23.0 speaks up to 2025-06-18
  ]) {
    const transport = asking(new StdioClientTransport({ command: process.execPath, args: [...nodeArgs, script], stderr: "pipe" }), asked);
    let initialize;
    const start = transport.start.bind(transport);
    transport.start = async () => {
      const prior = transport.onmessage;
      transport.onmessage = (m, e) => {
        if (m?.result?.protocolVersion !== undefined) initialize = m.result;
        prior?.(m, e);
      };
      return start();
    };
    const client = new Client({ name: "oldest", version: "1.0.0" });
    await client.connect(transport);
    try {
      assert.equal(initialize.protocolVersion, negotiated);
      const modern = negotiated >= "2025-06-18";
      const stats = await call(client, "stats_list");
      assert.equal(Array.isArray(stats.structuredContent?.result), modern);
      assert.equal("structuredContent" in stats, modern);
      assert.deepEqual(await call(client, "crash"), { content: [{ type: "text", text: "tool execution failed" }], isError: true });
      const { tools } = await client.listTools();
      assert.equal(tools.some((t) => t.outputSchema !== undefined), modern);
      const read = await client.readResource({ uri: "test://static-text" });
      assert.equal(read.contents[0].text, "This is the content of the static text resource.");
    } finally {
      await client.close();
    }
  }
});

test("tools/list holds no member of a tool that the client's revision lacks, on both lines", async () => {
  const { McpServer: McpServerV2 } = await import("@modelcontextprotocol/server");
  const icons = [{ src: "https://example.com/i.png", mimeType: "image/png" }];
  const since = { annotations: "2025-03-26", title: "2025-06-18", outputSchema: "2025-06-18", icons: "2025-11-25" }; // the first revision with each
  for (const [line, Server] of [["1.x", McpServer], ["2.x", McpServerV2]]) {
    for (const revision of ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"]) {
      const s = adapt(new Server({ name: "list", version: "1" }), mcp);
      s.registerTool("t", { title: "T", icons, annotations: { readOnlyHint: true }, outputSchema: { v: z.string() } }, () => mcp.tool({ structuredContent: { v: "x" } }));
      const [c, t] = InMemoryTransport.createLinkedPair();
      await s.connect(t);
      const client = new Client({ name: "list", version: "1" });
      await client.connect(asking(c, revision));
      const sent = [];
      const onmessage = c.onmessage;
      c.onmessage = (m, e) => {
        sent.push(m);
        onmessage(m, e);
      };
      await client.listTools();
      const tool = sent.find((m) => m.result?.tools !== undefined).result.tools[0];
      // what the SDK lists at the newest revision (1.x lists no icons of
      // registerTool, and every tool with an execution), and none of it
      // where the revision lacks it
      for (const [k, first] of Object.entries(since)) {
        if (revision < first) assert.equal(k in tool, false, `${line} ${revision} ${k}`);
        else if (k !== "icons" || line === "2.x") assert.ok(k in tool, `${line} ${revision} ${k}`);
      }
      if (revision < "2025-11-25") assert.equal("execution" in tool, false, `${line} ${revision}: execution only from 2025-11-25`);
      else if (line === "1.x") assert.deepEqual(tool.execution, { taskSupport: "forbidden" }, line);
      await client.close();
    }
  }
});

test("adapt refuses what is not an McpServer it knows, at once, naming what it found and nothing it holds", async () => {
  const { Server: ServerV1 } = await import("@modelcontextprotocol/sdk/server/index.js");
  const { Server: ServerV2, McpServer: McpServerV2 } = await import("@modelcontextprotocol/server");
  const info = { name: "x", version: "1" };
  const halfV2 = new McpServer(info);
  halfV2.server.getNegotiatedProtocolVersion = () => "2025-11-25"; // a 1.x server with one of the 2.x members
  const noConnect = new McpServer(info);
  noConnect.server.connect = undefined;
  const noResources = new McpServer(info);
  noResources.registerResource = undefined;
  class FastMCP {
    addTool() {}
  }
  const throwing = {
    registerTool() {},
    get server() {
      throw new Error(SECRET);
    },
  };
  const trap = new Proxy({}, {
    get() {
      throw new Error(SECRET);
    },
    getPrototypeOf() {
      throw new Error(SECRET);
    },
  });
  const cases = [
    { name: "null", server: null, want: /given null$/ },
    { name: "a number", server: 42, want: /given a number$/ },
    { name: "a function", server: () => {}, want: /given a function$/ },
    { name: "a plain object", server: {}, want: /given a plain object without registerTool$/ },
    { name: "another SDK's server", server: new FastMCP(), want: /given an object of class FastMCP without registerTool$/ },
    { name: "a 1.x low-level Server", server: new ServerV1(info, {}), want: /a low-level Server: adapt the McpServer that wraps it/ },
    { name: "a 2.x low-level Server", server: new ServerV2(info, {}), want: /a low-level Server: adapt the McpServer that wraps it/ },
    { name: "a server member that throws", server: throwing, want: /whose server member throws when read$/ },
    { name: "a Proxy whose every trap throws", server: trap, want: /whose server member throws when read$/ },
    { name: "a server member that is a string", server: { registerTool() {}, server: SECRET }, want: /with registerTool and no server object \(found a string\)$/ },
    { name: "a Server without connect", server: noConnect, want: /lacks connect: not a version adapt knows$/ },
    { name: "no registerResource", server: noResources, want: /without registerResource: not a version adapt knows$/ },
    { name: "half 1.x, half 2.x", server: halfV2, want: /has getNegotiatedProtocolVersion but not projectCallToolResult: neither 1.x nor 2.x/ },
  ];
  for (const c of cases) {
    let thrown;
    try {
      adapt(c.server, mcp);
    } catch (err) {
      thrown = err;
    }
    assert.ok(thrown instanceof TypeError, `${c.name}: refused with a TypeError (got ${thrown})`);
    assert.match(thrown.message, /^mcpresult\/sdk: adapt takes an McpServer of @modelcontextprotocol\/sdk 1\.x or @modelcontextprotocol\/server 2\.x; it was given /, c.name);
    assert.match(thrown.message, c.want, c.name);
    assert.ok(!thrown.message.includes(SECRET), `${c.name}: nothing the object holds is in the message`);
  }
  // the servers of both lines are taken, and registration refusals name the tool
  assert.ok(adapt(new McpServer(info), mcp));
  assert.ok(adapt(new McpServerV2(info), mcp));
  const { McpServer: McpServerV2Oldest } = await import("@modelcontextprotocol/server-oldest");
  assert.ok(adapt(new McpServerV2Oldest(info), mcp));
  assert.throws(() => adapt(new McpServer(info), { serialize() {} }), /takes the API that load\(\) of mcpresult gives/);
});

test("adapt refuses what it cannot serve", () => {
  assert.throws(() => adapt({}, mcp), TypeError);
  assert.throws(() => adapt(new McpServer({ name: "x", version: "1" }), {}), TypeError);
  const late = new McpServer({ name: "x", version: "1" });
  late.registerTool("t", {}, () => ({ content: [] }));
  assert.throws(() => adapt(late, mcp), /before registering/);
  const lateResource = new McpServer({ name: "x", version: "1" });
  lateResource.registerResource("r", "test://r", {}, () => ({ contents: [] }));
  assert.throws(() => adapt(lateResource, mcp), /before registering/);
  const legacy = new McpServer({ name: "x", version: "1" });
  legacy.tool("t", () => ({ content: [] }));
  assert.throws(() => adapt(legacy, mcp), /before registering/);
  // SDK 1.32 sets the handlers of a capability its options declare at once,
  // which nothing public tells apart from a registration: refused too
  const declared = new McpServer({ name: "x", version: "1" }, { capabilities: { tools: {} } });
  if (declared.server.getCapabilities().tools !== undefined) assert.throws(() => adapt(declared, mcp), /declare no tools or resources capability/);
  const s = adapt(new McpServer({ name: "x", version: "1" }), mcp);
  assert.equal(adapt(s, mcp), s, "adapting twice is adapting once");
  assert.throws(() => s.registerTool("j", { outputSchema: { type: "object" } }, () => ({ content: [] })), /not a zod schema/);
  assert.throws(() => protocolVersion({}), TypeError);
});

test("adapt reads no private member of the SDK's objects", async () => {
  // every member adapt reads of the McpServer and of its Server (what runs
  // later runs inside the SDK too, which reads its own: the test below
  // reads the adapter's source for those)
  const read = [];
  const watched = (target, name) =>
    new Proxy(target, {
      get(t, key, receiver) {
        if (watching && typeof key === "string") read.push(`${name}.${key}`);
        const v = Reflect.get(t, key, t);
        return typeof v === "function" && watching ? v.bind(t) : v;
      },
    });
  let watching = false;
  const raw = new McpServer({ name: "x", version: "1" });
  const inner = watched(raw.server, "server");
  const outer = new Proxy(raw, {
    get(t, key) {
      if (watching && typeof key === "string") read.push(`mcpServer.${key}`);
      return key === "server" ? inner : Reflect.get(t, key, t);
    },
    set(t, key, v) {
      return Reflect.set(t, key, v, t);
    },
    defineProperty(t, key, d) {
      return Reflect.defineProperty(t, key, d);
    },
  });
  watching = true;
  const s = adapt(outer, mcp);
  watching = false;
  s.registerTool("t", { outputSchema: { n: z.number() } }, () => mcp.tool({ structuredContent: { n: 1 } }));
  s.registerResource("r", "test://r", {}, (uri) => mcp.resource({ contents: [mcp.textResource(uri.href, "r")] }));
  const [c, t] = InMemoryTransport.createLinkedPair();
  await s.connect(t);
  const client = new Client({ name: "c", version: "1" });
  await client.connect(c);
  try {
    assert.equal((await client.callTool({ name: "t", arguments: {} })).structuredContent.n, 1);
    assert.equal((await client.readResource({ uri: "test://r" })).contents[0].text, "r");
  } finally {
    await client.close();
  }
  assert.ok(read.length > 0, "the proxies saw no read");
  assert.deepEqual(read.filter((k) => /\._/.test(k)), [], "adapt read a private member");
});

test("no module of mcpresult/sdk names a private member of the SDK's objects", () => {
  for (const file of ["sdk.js", "sdk/revision.js", "sdk/toolslist.js", "sdk/handlers.js"]) {
    const text = readFileSync(new URL(`../src/${file}`, import.meta.url), "utf8").replace(/^\s*\/\/.*$/gm, "");
    assert.deepEqual(text.match(/\._[A-Za-z]\w*|\[["'`]_[A-Za-z]/g) ?? [], [], `${file} reads a private member`);
  }
});

test("a tool updated with a new handler stays guarded", async () => {
  const errors = [];
  const s = adapt(new McpServer({ name: "x", version: "1" }), mcp, { onError: (err) => errors.push(err) });
  const tool = s.registerTool("t", {}, () => mcp.tool({ content: mcp.text("first") }));
  tool.update({
    callback: () => {
      throw new Error(SECRET);
    },
  });
  const [c, t] = InMemoryTransport.createLinkedPair();
  await s.connect(t);
  const client = new Client({ name: "c", version: "1" });
  await client.connect(c);
  try {
    assert.deepEqual(await call(client, "t"), { content: [{ type: "text", text: "tool execution failed" }], isError: true });
    assert.equal(errors[0].message, SECRET);
  } finally {
    await client.close();
  }
});

test("an integer beyond ±(2^53−1), which JSON.stringify cannot write with its digits, is refused", async () => {
  const errors = [];
  const s = adapt(new McpServer({ name: "x", version: "1" }), mcp, { onError: (err) => errors.push(err) });
  s.registerTool("big", {}, () => mcp.tool({ structuredContent: { ids: [1, 2n ** 60n] } }));
  s.registerTool("safe", {}, () => mcp.tool({ structuredContent: { id: Number.MAX_SAFE_INTEGER } }));
  const [c, t] = InMemoryTransport.createLinkedPair();
  await s.connect(t);
  const client = new Client({ name: "c", version: "1" });
  await client.connect(c);
  try {
    assert.deepEqual(await call(client, "big"), { content: [{ type: "text", text: "tool output was invalid" }], isError: true });
    assert.ok(errors[0] instanceof McpResultError);
    assert.equal(errors[0].code, "unsupported_value");
    assert.equal(errors[0].path, "/structuredContent/ids/1");
    assert.deepEqual((await call(client, "safe")).structuredContent, { id: Number.MAX_SAFE_INTEGER });
  } finally {
    await client.close();
  }
});

test("a connect the SDK refuses changes nothing; one it accepts (1.23.0) is followed", async () => {
  const script = fileURLToPath(new URL("./connect-twice.mjs", import.meta.url));
  const run = (args) =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
      let out = "";
      let err = "";
      child.stdout.on("data", (d) => (out += d));
      child.stderr.on("data", (d) => (err += d));
      child.on("error", reject);
      child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`exit ${code}: ${err}`))));
    });
  const structured = { structuredContent: { a: 1 }, text: '{"a":1}' };

  // 1.32.2: the second connect is refused, and the first connection keeps
  // its revision (2025-11-25: structured content, output schemas listed);
  // the refused transport is left as it was given
  const current = await run([script]);
  assert.deepEqual(current.first, { negotiated: "2025-11-25", call: structured, outputSchema: true });
  assert.equal(current.second.accepted, false);
  assert.match(current.second.message, /Already connected/);
  assert.deepEqual(current.second.after, current.second.before);
  assert.deepEqual(current.second.after, { ownSend: false, onmessage: "unset" });
  assert.equal(current.again.accepted, false, "the same transport again is refused too");
  assert.deepEqual(current.after, { call: structured, outputSchema: true });
  assert.deepEqual(current.errors, []);

  // 1.23.0 takes the second transport and answers on it: its client's
  // revision (2024-11-05) is the one written for
  const oldest = await run([...nodeArgs, farm("sdk-oldest", script)]);
  assert.deepEqual(oldest.first, { negotiated: "2025-06-18", call: structured, outputSchema: true });
  assert.equal(oldest.second.accepted, true);
  assert.deepEqual(oldest.after, { negotiated: "2024-11-05", call: { text: '{"a":1}' }, outputSchema: false });
  assert.deepEqual(oldest.errors, []);
});
