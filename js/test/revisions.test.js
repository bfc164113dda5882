// js/examples/server.mjs as a client of each protocol revision sees it. The
// client is hand-written: it spawns the example over stdio and speaks
// newline-delimited JSON-RPC, so that nothing of the SDK's client side
// (which always asks for its latest revision and parses what it receives)
// stands between the test and the bytes. For each of the five revisions it
// asks for that revision in initialize, records the revision the server
// negotiated (SDK 1.32.2's server grants a revision it supports and answers
// with its latest, 2025-11-25, for any other, 2026-07-28 included), lists
// and calls every tool, reads every resource, and checks:
//
//   - every result against the official JSON Schema of the negotiated
//     revision (CallToolResult, ReadResourceResult; and the initialize,
//     tools/list and resources/list results);
//   - what an older client must never see: resource_link blocks and
//     structuredContent before 2025-06-18, audio before 2025-03-26, and no
//     outputSchema listed before 2025-06-18; and that a client that has them
//     gets them;
//   - structured content against the output schema tools/list gave, as a
//     client checks it;
//   - that every line on stdout is a JSON-RPC message.

import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "./deps.js";
import { revisionSchema } from "./schemas.js";
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";

const SERVER = fileURLToPath(new URL("../examples/server.mjs", import.meta.url));
const REVISIONS = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"];
const WAV = "UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA=";
const ERROR_CODE = "io.github.mcpresult/errorCode";

// ---------------------------------------------------------------------------
// The official schemas.

const schemas = {};
for (const v of REVISIONS) {
  const { definition } = revisionSchema(v);
  // the results this test checks; 2026-07-28 has no initialize (and is not
  // negotiated by SDK 1.32.2), so only the two result kinds must be there
  const get = (name, required = false) => {
    const validate = definition(name);
    assert.ok(validate || !required, `${v}: ${name} is in the schema`);
    return validate;
  };
  schemas[v] = {
    tool: get("CallToolResult", true),
    resource: get("ReadResourceResult", true),
    initialize: get("InitializeResult"),
    tools: get("ListToolsResult"),
    resources: get("ListResourcesResult"),
    templates: get("ListResourceTemplatesResult"),
  };
}
const outputAjv = new Ajv2020({ strict: false, allErrors: true });

/** conforms checks a value against a definition (one the revision lacks
 * is skipped: only CallToolResult and ReadResourceResult must exist). */
function conforms(validate, value, what) {
  if (validate === undefined) return;
  const ok = validate(value);
  assert.ok(ok, `${what} does not validate: ${JSON.stringify(validate.errors)}\n${JSON.stringify(value)}`);
}

// The schemas alone tell apart what this test relies on them for: an audio
// block fails 2024-11-05, a resource_link block fails the revisions before
// 2025-06-18, and an array structured content fails 2025-06-18 and
// 2025-11-25. A structuredContent member does not fail the older schemas (a
// result there admits any further member), so its absence is checked
// explicitly below.
test("the official schemas have teeth: what an older client must not see fails its schema", () => {
  const audio = { content: [{ type: "audio", data: WAV, mimeType: "audio/wav" }], isError: false };
  const link = { content: [{ type: "resource_link", uri: "test://a", name: "a" }], isError: false };
  const array = { content: [{ type: "text", text: "[]" }], structuredContent: [], isError: false };
  const accepts = (v, r) => schemas[v].tool(r);
  assert.deepEqual(
    ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"].map((v) => [v, accepts(v, audio), accepts(v, link), accepts(v, array)]),
    [
      ["2024-11-05", false, false, true],
      ["2025-03-26", true, false, true],
      ["2025-06-18", true, true, false],
      ["2025-11-25", true, true, false],
    ],
  );
});

// ---------------------------------------------------------------------------
// The client: JSON-RPC over the example's stdin and stdout.

class StdioRpc {
  constructor() {
    this.child = spawn(process.execPath, [SERVER], { stdio: ["pipe", "pipe", "pipe"] });
    this.pending = new Map();
    this.nextId = 1;
    this.lines = [];
    this.stderr = "";
    this.child.stderr.on("data", (d) => (this.stderr += d));
    createInterface({ input: this.child.stdout }).on("line", (line) => {
      this.lines.push(line);
      let msg;
      try {
        msg = JSON.parse(line);
      } catch {
        return; // reported by the stdout check
      }
      const p = this.pending.get(msg.id);
      if (p !== undefined) {
        this.pending.delete(msg.id);
        p(msg);
      }
    });
    this.exited = new Promise((resolve) => this.child.on("exit", (code) => resolve(code)));
  }

  /** request sends a request and resolves to the whole response message. */
  request(method, params) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to ${method} within 10 s; stderr: ${this.stderr}`)), 10000);
      this.pending.set(id, (msg) => {
        clearTimeout(timer);
        resolve(msg);
      });
      this.child.stdin.write(JSON.stringify({ jsonrpc: "2.0", id, method, params }) + "\n");
    });
  }

  /** call sends a request and resolves to its result (a JSON-RPC error fails). */
  async call(method, params) {
    const msg = await this.request(method, params);
    assert.equal(msg.jsonrpc, "2.0");
    assert.ok(msg.error === undefined, `${method}: ${JSON.stringify(msg.error)}`);
    return msg.result;
  }

  notify(method, params) {
    this.child.stdin.write(JSON.stringify({ jsonrpc: "2.0", method, ...(params ? { params } : {}) }) + "\n");
  }

  /** close ends stdin, as a client does, and resolves to the exit code. */
  close() {
    this.child.stdin.end();
    const t = setTimeout(() => this.child.kill("SIGKILL"), 5000);
    return this.exited.finally(() => clearTimeout(t));
  }
}

// ---------------------------------------------------------------------------
// What is called and read.

const CALLS = [
  ["test_simple_text", {}],
  ["test_image_content", {}],
  ["test_audio_content", {}],
  ["test_embedded_resource", {}],
  ["test_multiple_content_types", {}],
  ["test_error_handling", {}],
  ["resource_link", {}],
  ["weather", {}],
  ["weather", { city: "Tokyo" }],
  ["weather", { city: "Atlantis" }],
  ["stats_list", {}],
  ["lookup", { city: "Lima" }],
  ["lookup", { city: "Atlantis" }],
  ["crash", {}],
  ["oversized", {}],
];
const READS = ["test://static-text", "test://static-binary", "test://template/7/data"];

/** before says whether revision a comes before b (dates compare as text). */
const before = (a, b) => a < b;

/** The blocks of a result, embedded resources included, by type. */
const types = (result) => result.content.map((b) => b.type);

for (const asked of REVISIONS) {
  test(`a ${asked} client: every result validates against the negotiated revision's schema, and holds only what that revision has`, async (t) => {
    const rpc = new StdioRpc();
    try {
      const init = await rpc.call("initialize", {
        protocolVersion: asked,
        capabilities: {},
        clientInfo: { name: "revisions-test", version: "1.0.0" },
      });
      const v = init.protocolVersion;
      const expected = SUPPORTED_PROTOCOL_VERSIONS.includes(asked) ? asked : LATEST_PROTOCOL_VERSION;
      assert.equal(v, expected, `asked ${asked}, the SDK server answers ${expected}`);
      assert.ok(REVISIONS.includes(v));
      t.diagnostic(
        v === asked
          ? `asked ${asked}: negotiated ${v}; results checked against the ${v} schema`
          : `asked ${asked}: SDK 1.32.2's server does not support it and negotiated ${v}; results checked against the ${v} schema`,
      );
      const s = schemas[v];
      conforms(s.initialize, init, "the initialize result");
      rpc.notify("notifications/initialized");

      // tools/list: an output schema only where the revision has one
      const list = await rpc.call("tools/list", {});
      conforms(s.tools, list, "tools/list");
      const outputSchemas = Object.fromEntries(list.tools.filter((x) => x.outputSchema !== undefined).map((x) => [x.name, x.outputSchema]));
      if (before(v, "2025-06-18")) {
        assert.deepEqual(outputSchemas, {}, "no outputSchema before 2025-06-18");
      } else {
        assert.deepEqual(Object.keys(outputSchemas), ["weather", "stats_list"]);
        assert.equal(outputSchemas.stats_list.type, "object", "an array schema is wrapped in an object schema for a 1.x revision");
        assert.equal(outputSchemas.stats_list.properties.result.type, "array");
      }

      const results = {};
      for (const [name, args] of CALLS) {
        const result = await rpc.call("tools/call", { name, arguments: args });
        conforms(s.tool, result, `${v} ${name} ${JSON.stringify(args)}`);
        results[`${name} ${JSON.stringify(args)}`] = result;
        const blocks = types(result);
        if (before(v, "2025-06-18")) {
          assert.ok(!blocks.includes("resource_link"), `${name}: no resource_link before 2025-06-18`);
          assert.ok(!("structuredContent" in result), `${name}: no structuredContent before 2025-06-18`);
        }
        if (before(v, "2025-03-26")) assert.ok(!blocks.includes("audio"), `${name}: no audio before 2025-03-26`);
        if (result.structuredContent !== undefined && outputSchemas[name] !== undefined) {
          // the SDK's conversion names draft-07, whose keywords here are 2020-12's too
          const { $schema, ...listed } = outputSchemas[name];
          assert.equal($schema, "http://json-schema.org/draft-07/schema#");
          const check = outputAjv.compile(listed);
          assert.ok(check(result.structuredContent), `${name}: structured content matches its listed output schema: ${JSON.stringify(check.errors)}`);
        }
      }

      // and what the revision has arrives
      const link = results["resource_link {}"].content[1];
      const audio = results["test_audio_content {}"].content[0];
      const weather = results["weather {}"];
      const stats = results["stats_list {}"];
      if (before(v, "2025-06-18")) {
        assert.equal(link.type, "text", "a resource link is a text line for an older client");
        assert.match(link.text, /test:\/\/reports\/2026-q3\.pdf/);
        assert.deepEqual(JSON.parse(weather.content[0].text).city, "Paris", "the text fallback carries the structured value");
        assert.equal(JSON.parse(stats.content[0].text).length, 3);
      } else {
        assert.deepEqual(link, {
          type: "resource_link",
          uri: "test://reports/2026-q3.pdf",
          name: "2026-q3.pdf",
          title: "Quarterly report, 2026 Q3",
          mimeType: "application/pdf",
          size: 48213,
        });
        assert.equal(weather.structuredContent.city, "Paris");
        assert.equal(weather.content[0].text, JSON.stringify(weather.structuredContent));
        assert.deepEqual(stats.structuredContent, { result: JSON.parse(stats.content[0].text) }, "an array is wrapped as {result} for 2025-06-18 and 2025-11-25");
      }
      if (before(v, "2025-03-26")) {
        assert.equal(audio.type, "text", "audio is a text line for a 2024-11-05 client");
      } else {
        assert.deepEqual(audio, { type: "audio", data: WAV, mimeType: "audio/wav" });
      }
      // errors look the same in every revision
      assert.deepEqual(results['lookup {"city":"Atlantis"}'], { content: [{ type: "text", text: "no such city" }], isError: true, _meta: { [ERROR_CODE]: "not_found" } });
      assert.deepEqual(results["crash {}"], { content: [{ type: "text", text: "tool execution failed" }], isError: true });
      assert.deepEqual(results["oversized {}"], { content: [{ type: "text", text: "tool output was invalid" }], isError: true });

      // resources
      conforms(s.resources, await rpc.call("resources/list", {}), "resources/list");
      conforms(s.templates, await rpc.call("resources/templates/list", {}), "resources/templates/list");
      for (const uri of READS) {
        const result = await rpc.call("resources/read", { uri });
        conforms(s.resource, result, `${v} read ${uri}`);
        assert.equal(result.contents[0].uri, uri);
      }
    } finally {
      assert.equal(await rpc.close(), 0, "the server exits when its stdin ends");
    }
    for (const line of rpc.lines) {
      assert.equal(JSON.parse(line).jsonrpc, "2.0", "stdout carries only JSON-RPC messages");
    }
    assert.ok(!rpc.lines.join("\n").includes("secret-detail"), "the private detail is never on stdout");
    assert.match(rpc.stderr, /tool crash failed privately/, "it is on stderr");
  });
}
