// The official MCP JSON Schema of each protocol revision
// (testdata/mcp-schemas), compiled with ajv (ajv-formats for the formats),
// for the tests that judge output by them.

import { readFileSync } from "node:fs";
import { Ajv, Ajv2020, addFormats } from "./deps.js";

const schemaDir = new URL("../../testdata/mcp-schemas/", import.meta.url);

/** revisionSchema compiles a revision's schema and gives definition(name),
 * the validator of one of its definitions (undefined when the revision
 * lacks it). The schemas of 2025-06-18 and later are JSON Schema 2020-12,
 * the older ones draft-07. */
export function revisionSchema(revision) {
  const schema = JSON.parse(readFileSync(new URL(`${revision}/schema.json`, schemaDir), "utf8"));
  const modern = typeof schema.$schema === "string" && schema.$schema.includes("2020-12");
  const ajv = modern ? new Ajv2020({ strict: false, allErrors: true }) : new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(schema, "mcp");
  const defs = modern ? "$defs" : "definitions";
  return { definition: (name) => ajv.getSchema(`mcp#/${defs}/${name}`) };
}
