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
// outputSchema(schema, revision) writes it, the schema converted as the
// SDK's line converts it (1.x: toJsonSchemaCompat, pipeStrategy "output";
// 2.x: the schema's own ~standard.jsonSchema.output, draft 2020-12).
//
// A member of a tool that the client's revision lacks is not listed to
// it: the SDK lists what it has at every revision (1.x from 1.24 lists
// every tool with execution {taskSupport: "forbidden"}, and a title or
// icons the tool was given), which an older client does not know.

/** jsonSchemaOf is the JSON Schema of a tool record's output schema, as
 * the line converts it (lines.js), converted once (until the schema
 * changes). */
function jsonSchemaOf(convert, entry) {
  if (entry.json === undefined) entry.json = convert(entry.schema);
  return entry.json;
}

/** The members of a listed tool that not every revision has, with the
 * first revision that has each (revisions are dates, in order as
 * strings); outputSchema is written by mcp.outputSchema. */
const TOOL_MEMBERS_SINCE = Object.freeze({
  __proto__: null,
  annotations: "2025-03-26",
  title: "2025-06-18",
  icons: "2025-11-25",
  execution: "2025-11-25",
});

/**
 * listRewriter gives rewrite(result, revision): the result of a tools/list
 * response with each tool's output schema as mcp.outputSchema writes it
 * for the revision (in place of the SDK's, right after inputSchema; none
 * where the revision has none). tools is the adapter's record of the tools
 * registered through it, by name: {name, schema (zod), json (its JSON
 * Schema, once made)}; convert(schema) gives the JSON Schema of one, as
 * the SDK's line lists it (lines.js). A tool it has no record of is listed
 * as the SDK lists it, written for the revision. No tool is listed with a
 * member the revision lacks (TOOL_MEMBERS_SINCE).
 */
export function listRewriter(mcp, tools, convert) {
  return (result, version) => {
    if (result === null || typeof result !== "object" || !Array.isArray(result.tools)) return result;
    const list = result.tools.map((tool) => {
      if (tool === null || typeof tool !== "object") return tool;
      const entry = tools.get(tool.name);
      let schema = tool.outputSchema;
      if (entry !== undefined && entry.schema !== undefined) schema = jsonSchemaOf(convert, entry);
      const lacks = Object.keys(TOOL_MEMBERS_SINCE).some((k) => k in tool && version < TOOL_MEMBERS_SINCE[k]);
      if (schema === undefined && !lacks) return tool;
      const advertised = schema === undefined ? undefined : mcp.outputSchema(schema, version);
      const out = {};
      for (const [k, v] of Object.entries(tool)) {
        if (k === "outputSchema" || (k in TOOL_MEMBERS_SINCE && version < TOOL_MEMBERS_SINCE[k])) continue;
        out[k] = v;
        if (k === "inputSchema" && advertised !== undefined) out.outputSchema = advertised;
      }
      if (advertised !== undefined && !("outputSchema" in out)) out.outputSchema = advertised;
      return out;
    });
    return { ...result, tools: list };
  };
}
