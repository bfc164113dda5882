// The tools/list rewriting of mcpresult/sdk: each output schema as the
// client's revision is to be listed it.
//
// McpServer lists a zod output schema unchanged for every revision, and
// rejects a result without structuredContent when a tool has one: a
// 2024-11-05 or 2025-03-26 client must be listed no output schema and get
// no structuredContent. So the adapter hands the SDK each tool without its
// output schema and keeps the schema in its own record of the tool (made
// as the tool is registered through it, and kept as the tool is updated or
// removed); the response to tools/list is then given each output schema as
// outputSchema(schema, revision) writes it, the zod schema converted as the
// SDK converts it (toJsonSchemaCompat, pipeStrategy "output").

import { normalizeObjectSchema } from "@modelcontextprotocol/sdk/server/zod-compat.js";
import { toJsonSchemaCompat } from "@modelcontextprotocol/sdk/server/zod-json-schema-compat.js";

/** jsonSchemaOf is the JSON Schema of a tool record's zod output schema,
 * converted once (until the schema changes). */
function jsonSchemaOf(entry) {
  if (entry.json === undefined) {
    const obj = normalizeObjectSchema(entry.schema);
    entry.json = toJsonSchemaCompat(obj ?? entry.schema, { strictUnions: true, pipeStrategy: "output" });
  }
  return entry.json;
}

/**
 * listRewriter gives rewrite(result, revision): the result of a tools/list
 * response with each tool's output schema as mcp.outputSchema writes it
 * for the revision (in place of the SDK's, right after inputSchema; none
 * where the revision has none). tools is the adapter's record of the tools
 * registered through it, by name: {name, schema (zod), json (its JSON
 * Schema, once made)}. A tool it has no record of is listed as the SDK
 * lists it, written for the revision.
 */
export function listRewriter(mcp, tools) {
  return (result, version) => {
    if (result === null || typeof result !== "object" || !Array.isArray(result.tools)) return result;
    const list = result.tools.map((tool) => {
      if (tool === null || typeof tool !== "object") return tool;
      const entry = tools.get(tool.name);
      let schema = tool.outputSchema;
      if (entry !== undefined && entry.schema !== undefined) schema = jsonSchemaOf(entry);
      if (schema === undefined) return tool;
      const advertised = mcp.outputSchema(schema, version);
      const out = {};
      for (const [k, v] of Object.entries(tool)) {
        if (k === "outputSchema") continue;
        out[k] = v;
        if (k === "inputSchema" && advertised !== undefined) out.outputSchema = advertised;
      }
      if (advertised !== undefined && !("outputSchema" in out)) out.outputSchema = advertised;
      return out;
    });
    return { ...result, tools: list };
  };
}
