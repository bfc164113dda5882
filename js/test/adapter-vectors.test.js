// The adapter vectors (testdata/vectors/adapter*.json, described in
// docs/vectors.md) through mcpresult/sdk: the Go sdk tests run the same
// files (sdk/vectors_test.go), and both adapters must give what they say.
// For each vector and each revision, an McpServer of the official SDK,
// adapted, gets the vector's one tool ("vector") or resource
// (file:///vector.txt), whose handler does what the vector's input says;
// the SDK's own Client connects over InMemoryTransport asking for that
// revision in initialize, and the tools/call or resources/read response
// the client's transport receives must be the vector's answer: the
// result as a JSON value (see diff), or the JSON-RPC error. onError gets the private
// detail exactly when the vector says so, and the withheld text reaches
// the client at no revision.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { z } from "zod";
import { load, ClientError } from "mcpresult";
import { adapt } from "mcpresult/sdk";
import { PROTOCOL_VERSIONS } from "../src/facts.js";

const mcp = await load();
const dir = fileURLToPath(new URL("../../testdata/vectors/", import.meta.url));
const files = readdirSync(dir)
  .filter((f) => f.startsWith("adapter") && f.endsWith(".json"))
  .sort();
const URI = "file:///vector.txt";

/** handler is what the vector's input says the handler does. */
function handler(input) {
  return () => {
    if (input.build !== undefined) {
      const { kind, input: value } = input.build;
      return kind === "resource" ? mcp.resource(value) : mcp.tool(value);
    }
    if (input.clientError !== undefined) throw new ClientError(input.clientError.message, input.clientError.code);
    if (input.error !== undefined) throw new Error(input.error);
    // a panic: what JS throws that is no Error
    if (input.panic !== undefined) throw input.panic;
    if (input.none === true) return undefined;
    throw new Error("the vector's input does nothing: " + JSON.stringify(input));
  };
}

/** asking makes a client transport ask for a revision in its initialize. */
function asking(transport, revision) {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    if (message?.method === "initialize") message = { ...message, params: { ...message.params, protocolVersion: revision } };
    return send(message, options);
  };
  return transport;
}

/** answer connects a client of the revision to a server with the vector's
 * tool or resource, and gives the response its transport received to the
 * call or read, and what onError got. */
async function answer(vec, revision) {
  const errors = [];
  const server = adapt(new McpServer({ name: "vectors", version: "1.0.0" }), mcp, { onError: (err) => errors.push(err) });
  if (vec.kind === "tool") {
    const schema = vec.options?.outputSchema;
    server.registerTool("vector", schema === undefined ? {} : { outputSchema: z.fromJSONSchema(schema) }, handler(vec.input));
  } else {
    server.registerResource("vector", URI, {}, handler(vec.input));
  }
  const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
  await server.connect(serverEnd);
  const client = new Client({ name: "vectors", version: "1.0.0" });
  await client.connect(asking(clientEnd, revision));
  try {
    // the request goes out on the client's transport, and its response is
    // taken there, as the client receives it, before the Client's own
    // parsing (which knows no request of this id)
    const id = "vector-" + revision;
    const response = new Promise((resolve) => {
      const onmessage = clientEnd.onmessage;
      clientEnd.onmessage = (message, extra) => {
        if (message?.id === id) resolve(message);
        else onmessage?.(message, extra);
      };
    });
    const request = vec.kind === "tool" ? { method: "tools/call", params: { name: "vector", arguments: {} } } : { method: "resources/read", params: { uri: URI } };
    await clientEnd.send({ jsonrpc: "2.0", id, ...request });
    return { response: await response, errors };
  } finally {
    await client.close();
  }
}

/** sorted is JSON text of a value with the members of every object in the
 * order of their keys. */
function sorted(value) {
  return JSON.stringify(value, (_, v) =>
    v !== null && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]])) : v,
  );
}

/** diff says how a response differs from the vector's answer ("" for not
 * at all). A result is compared as a JSON value, its members' order aside:
 * McpServer parses every tool result with the SDK's zod schema and sends
 * what that gives, whose members are in the schema's order (the Go runner
 * compares the bytes, which the Go adapter hands its SDK as mcpresult
 * wrote them). */
function diff(want, response) {
  if (want.json !== undefined) {
    if (response.error !== undefined) return `want ${want.json}\ngot JSON-RPC error ${JSON.stringify(response.error)}`;
    return sorted(response.result) === sorted(JSON.parse(want.json)) ? "" : `want ${want.json}\ngot  ${JSON.stringify(response.result)}`;
  }
  if (want.error === undefined) return "the vector's answer has neither json nor error";
  if (response.error === undefined) return `want JSON-RPC error ${JSON.stringify(want.error)}\ngot ${JSON.stringify(response.result)}`;
  const { code, message, data } = response.error;
  const got = JSON.stringify({ code, message, data });
  const expected = JSON.stringify({ code: want.error.code, message: want.error.message, data: want.error.data });
  return got === expected ? "" : `want JSON-RPC error ${expected}\ngot  JSON-RPC error ${got}`;
}

test("the adapter vector files are found, each vector with an answer for every revision", () => {
  assert.ok(files.length > 0, "testdata/vectors/adapter*.json");
  const names = new Set();
  for (const f of files) {
    for (const v of JSON.parse(readFileSync(dir + f, "utf8"))) {
      assert.ok(!names.has(v.name), `vector name ${v.name} is used twice`);
      names.add(v.name);
      assert.equal(v.op, "adapter", v.name);
      assert.deepEqual(v.runtimes, ["sdk"], v.name);
      assert.deepEqual(Object.keys(v.expect.revisions).sort(), [...PROTOCOL_VERSIONS], v.name);
    }
  }
});

for (const f of files) {
  test(f, async (t) => {
    for (const vec of JSON.parse(readFileSync(dir + f, "utf8"))) {
      for (const revision of PROTOCOL_VERSIONS) {
        await t.test(`${vec.name}/${revision}`, async () => {
          const { response, errors } = await answer(vec, revision);
          const d = diff(vec.expect.revisions[revision], response);
          assert.equal(d, "", `${vec.name} (${revision})\n${d}`);
          const withheld = vec.expect.withheld;
          if (withheld !== undefined) assert.ok(!JSON.stringify(response).includes(withheld), `the withheld text reached the client: ${JSON.stringify(response)}`);
          assert.equal(errors.length > 0, vec.expect.private, `onError got ${errors.map(String).join("; ") || "nothing"}`);
          if (withheld !== undefined && vec.expect.private && vec.input.build === undefined) {
            assert.ok(
              errors.some((e) => String(e instanceof Error ? e.message : e).includes(withheld)),
              "onError got no error with the withheld text",
            );
          }
        });
      }
    }
  });
}
