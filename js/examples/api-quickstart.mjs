// The README's quick start of the plain API, run by the repository's tests:
//
//   node js/examples/api-quickstart.mjs
import { load, McpResultError } from "mcpresult";

const mcp = await load(); // compiles the bundled module once; every call after this is synchronous

// Structured content, with the text fallback made for you.
const result = mcp.tool({ structuredContent: { ok: true, count: 2 } });
console.log(JSON.stringify(result));

// Written for the revision the client negotiated.
console.log(mcp.serialize(result, { protocolVersion: "2025-03-26" }));

// A failure names its code and place, never the rejected value.
try {
  mcp.tool({ content: [mcp.image("data:image/png;base64,AA==", "image/png")] });
} catch (err) {
  if (!(err instanceof McpResultError)) throw err;
  console.log(err.code, err.path);
}

// A result someone else built, checked with every finding at once.
const report = mcp.validate({ content: [], structuredContent: { ok: true }, isError: false }, { protocolVersion: "2025-06-18" });
console.log(report.valid, report.warnings.map((w) => w.code).join(","));
