// A typed use of the whole API, compiled (never run) by
// `tsc -p test/types/tsconfig.json` before the package's tests: every
// function and type of index.d.ts and edge.d.ts as a consumer writes them,
// and the misuses the declarations must reject (@ts-expect-error fails the
// compilation if the line after it compiles).

import {
  load,
  McpResultError,
  ClientError,
  ABI_VERSION,
  EXECUTION_FAILED_TEXT,
  INVALID_OUTPUT_TEXT,
  type BlockAnnotations,
  type AudioBlock,
  type BlobContents,
  type BlockOptions,
  type ToolResult,
  type Block,
  type ContentsOptions,
  type EmbeddedResourceBlock,
  type McpResultErrorCode,
  type FinalizeOptions,
  type Finding,
  type BlockIcon,
  type ImageBlock,
  type Input,
  type JSONValue,
  type LoadOptions,
  type McpResult,
  type Meta,
  type ModuleInfo,
  type ProtocolVersion,
  type ResourceResult,
  type Report,
  type Contents,
  type ResourceInput,
  type ResourceLinkBlock,
  type ResourceLinkOptions,
  type SerializeOptions,
  type Settings,
  type Stats,
  type TextBlock,
  type TextContents,
  type ToolInput,
  type ValidateOptions,
  type ValueOptions,
  type WireContentBlock,
  type WireResourceContents,
  type GuardOptions,
} from "mcpresult";
import * as edge from "mcpresult/edge";

// --- loading ---------------------------------------------------------------

const settings: Settings = { maxJsonBytes: 1_000_000, maxNodes: 50_000, canonicalization: "strict" };
const loadOptions: LoadOptions = { settings, stderr: (text: string) => console.error(text), highWaterBytes: 32 << 20 };
const mcp: McpResult = await load(loadOptions);
const plain: McpResult = await load();

const info: ModuleInfo = mcp.info();
const latest: ProtocolVersion = info.latestProtocolVersion;
const versions: ProtocolVersion[] = info.protocolVersions;
const maxDepth: number = info.settings.maxDepth;
const abiOk: boolean = info.abi === ABI_VERSION;
const stats: Stats = mcp.stats();
const instances: number = stats.instances + stats.discarded + stats.recycled + stats.maxMemoryBytes;

// --- blocks ----------------------------------------------------------------

const annotations: BlockAnnotations = { audience: ["user", "assistant"], priority: 0.8, lastModified: "2025-01-12T15:00:58Z" };
const meta: Meta = { "com.example/trace": "t-1", "com.example/at": new Date(0) };
const blockOptions: BlockOptions = { annotations, meta };
const icon: BlockIcon = { src: "https://example.com/icon.png", mimeType: "image/png", sizes: ["48x48"], theme: "dark" };
const linkOptions: ResourceLinkOptions = {
  title: "Report",
  description: "The quarterly report",
  mimeType: "application/pdf",
  size: 48_213,
  icons: [icon],
  annotations: { priority: 0.5 },
};
const contentsOptions: ContentsOptions = { mimeType: "text/plain", meta: { "com.example/lang": "en" } };

const png = new Uint8Array([137, 80, 78, 71]);
const text: TextBlock = mcp.text("Generated the plot.", blockOptions);
const image: ImageBlock = mcp.image(png, "image/png");
const imageB64: ImageBlock = mcp.image("iVBORw0KGgo=", "image/png", { annotations: { audience: ["user"] } });
const audio: AudioBlock = mcp.audio(png, "audio/wav");
const link: ResourceLinkBlock = mcp.resourceLink("file:///srv/report.pdf", "report.pdf", linkOptions);
const textContents: TextContents = mcp.textResource("file:///srv/a.txt", "hello", contentsOptions);
const blobContents: BlobContents = mcp.blobResource("file:///srv/a.bin", png, { mimeType: "application/octet-stream" });
const embedded: EmbeddedResourceBlock = mcp.embeddedResource(textContents, { annotations });
const literal: Block = { type: "text", text: "as a plain object" };
const blocks: Block[] = [text, image, imageB64, audio, link, embedded, literal];

// narrowing a block by its type
function describe(block: Block): string {
  switch (block.type) {
    case "text":
      return block.text;
    case "image":
    case "audio":
      return block.mimeType;
    case "resource_link":
      return block.uri + " " + block.name + (block.size === undefined ? "" : ` (${block.size} bytes)`);
    case "resource":
      return "text" in block.resource ? block.resource.text : block.resource.uri;
  }
}

// --- results ---------------------------------------------------------------

const rows: JSONValue = [{ city: "Zürich", temperature: 21.5 }, { city: "Oslo", temperature: null }];
const toolInput: ToolInput = { content: blocks, structuredContent: { rows }, isError: false, meta: { "com.example/request": "r-1" } };
const result: ToolResult = mcp.tool(toolInput);
const fallback: ToolResult = mcp.tool({ structuredContent: { ok: true, count: 2 }, maxJsonBytes: 4_000_000, canonicalization: "json" });
const one: ToolResult = mcp.tool({ content: mcp.text("one block") });

// a built result is plain data in wire form: bytes are base64 strings now
const first: WireContentBlock | undefined = result.content[0];
if (first !== undefined && first.type === "image") {
  const b64: string = first.data;
}
const structured: JSONValue | undefined = result.structuredContent;
const failed: boolean = result.isError;

const resourceInput: ResourceInput = { contents: [textContents, blobContents], meta: { "com.example/etag": "abc" } };
const read: ResourceResult = mcp.resource(resourceInput);
const single: ResourceResult = mcp.resource({ contents: textContents });
const wireContents: WireResourceContents | undefined = read.contents[0];
if (wireContents !== undefined && "blob" in wireContents) {
  const b64: string = wireContents.blob;
}
const contentsList: Contents[] = [textContents, blobContents];

const valueOptions: ValueOptions = { maxJsonBytes: 100_000, canonicalization: "json" };
const fromString: ToolResult = mcp.fromValue("verbatim text");
const fromRows: ToolResult = mcp.fromValue(rows, valueOptions);
const anyInput: Input = new Map([["a", 1]]);
const clientError: ToolResult = mcp.error("No such city.", "not_found");
const built: ToolResult | ResourceResult = mcp.build("tool", toolInput, { settings: { maxNodes: 1000 }, inherit: false });
const json: string | undefined = mcp.jsonOf(result);

// --- serialize: a string, or an object for an SDK ---------------------------

const finalize: FinalizeOptions = { serverInfo: { name: "weather", version: "1.2.0" }, ttlMs: 60_000, cacheScope: "private" };
const serializeOptions: SerializeOptions = { protocolVersion: "2025-06-18", format: "wire", unsupported: "convert" };
const wire: string = mcp.serialize(result, serializeOptions);
const defaults: string = mcp.serialize(result);
const jcs: string = mcp.serialize(result, { format: "jcs", finalize: true });
const finalized: string = mcp.serialize(read, { protocolVersion: "2026-07-28", finalize, output: "string" });
const strict: string = mcp.serialize(result, { protocolVersion: "2024-11-05", unsupported: "error" });
const negotiated: string = mcp.serialize(result, { protocolVersion: "2025-03-26" as string });
const forSdk: ToolResult | ResourceResult = mcp.serialize(result, { protocolVersion: "2025-11-25", output: "object" });

// --- validate and outputSchema ----------------------------------------------

const validateOptions: ValidateOptions = { kind: "tool", protocolVersion: "2025-06-18", stage: "handler" };
const report: Report = mcp.validate(JSON.parse(wire), validateOptions);
const findings: Finding[] = [...report.errors, ...report.warnings];
for (const f of findings) {
  const code: McpResultErrorCode = f.code;
  const where: string = f.path;
  const why: string = f.message;
}
const valid: boolean = mcp.validate({ contents: [] }, { kind: "resource" }).valid;
const advertised: object | undefined = mcp.outputSchema({ type: "object", properties: { rows: { type: "array" } } }, "2025-06-18");
const wrapped: object | undefined = mcp.outputSchema({ type: "array" }, { protocolVersion: "2025-11-25" });
const omitted: boolean | object | undefined = mcp.outputSchema(true, "2024-11-05");

// --- errors ----------------------------------------------------------------

function budgetOf(e: unknown): string {
  if (e instanceof McpResultError) {
    // code, path and, for an invalid handler result, every finding
    const code: McpResultErrorCode = e.code;
    const all: Finding[] = e.errors ?? [];
    switch (e.code) {
      case "max_bytes":
      case "max_nodes":
      case "max_depth":
        return `over budget (${code})`;
      case "invalid_base64":
        return `bad base64 at ${e.path}`;
      default:
        return `${e.code} at ${e.path}: ${e.message} (${all.length} findings)`;
    }
  }
  return e instanceof Error ? e.message : String(e);
}

try {
  mcp.tool({ content: mcp.image("data:image/png;base64,iVBORw0KGgo=", "image/png") });
} catch (e) {
  console.log(budgetOf(e));
}

const made = new McpResultError("invalid_value", "/content/0/name", "name is empty");
const futureCode = new McpResultError("a_code_added_later", "", "a code the module adds later is a string too");
const shown = new ClientError("Rate limited, retry in a minute.", "rate_limited");
const shownCode: string | undefined = shown.code;
const failedText: "tool execution failed" = EXECUTION_FAILED_TEXT;
const invalidText: "tool output was invalid" = INVALID_OUTPUT_TEXT;

// --- a server: guard and forServer ------------------------------------------

const server: McpResult = mcp.forServer({ maxJsonBytes: 500_000, canonicalization: "json" });
const serverSettings: Readonly<Settings> | undefined = server.settings;

const guardOptions: GuardOptions = {
  // the private detail: a thrown error, or an invalid handler result with
  // every finding
  onError: (err: unknown) => {
    if (err instanceof McpResultError && err.errors !== undefined) {
      for (const f of err.errors) console.error("invalid result:", f.code, f.path);
    } else if (err instanceof ClientError) {
      console.error("never: a ClientError reaches the client", err.code);
    } else {
      console.error("private:", err);
    }
  },
};
const getWeather = server.guard(async (args: { city: string }, extra?: { signal?: AbortSignal }): Promise<ToolResult> => {
  if (args.city === "") throw new ClientError("Which city?", "bad_input");
  if (extra?.signal?.aborted) throw new Error("aborted"); // private: becomes "tool execution failed"
  return server.tool({ structuredContent: { city: args.city, temperature: 21.5 } });
}, guardOptions);
const weather: Promise<ToolResult> = getWeather({ city: "Zürich" });
const sync = server.guard(() => server.fromValue(42));
const syncResult: Promise<ToolResult> = sync();

// --- the edge entry: the module handed over --------------------------------

declare const compiled: WebAssembly.Module;
const onEdge: McpResult = await edge.load({ module: compiled });
const fromBytes: edge.McpResult = await edge.load({ module: png, settings: { maxJsonBytes: 100_000 } });
const fromFetch: edge.McpResult = await edge.load({ module: fetch("https://example.com/mcpresult.wasm") });
const edgeError: boolean = new edge.McpResultError("internal", "", "x") instanceof edge.McpResultError;
const edgeResult: edge.ToolResult = onEdge.tool({ content: onEdge.text("from the edge") });

// --- misuse the declarations reject ------------------------------------------

// @ts-expect-error content is a block or a list of blocks
mcp.tool({ content: 5 });
// @ts-expect-error a misspelt option
mcp.tool({ content: text, structuredcontent: {} });
// @ts-expect-error the format is "wire" or "jcs"
mcp.serialize(result, { format: "yaml" });
// @ts-expect-error the text of a text block is a string
mcp.text(1);
// @ts-expect-error an image needs its media type
mcp.image(png);
// @ts-expect-error a block's type is one of the five
const badBlock: Block = { type: "video", data: "", mimeType: "video/mp4" };
// @ts-expect-error audience is "user" or "assistant"
const badAudience: BlockAnnotations = { audience: ["system"] };
// @ts-expect-error resource contents are objects, not strings
mcp.resource({ contents: "file:///a.txt" });
// @ts-expect-error the object output is not a string
const notString: string = mcp.serialize(result, { output: "object" });
// @ts-expect-error kind is "tool" or "resource"
mcp.validate(result, { kind: "prompt" });
// @ts-expect-error cacheScope is "public" or "private"
mcp.serialize(read, { finalize: { cacheScope: "shared" } });
// @ts-expect-error a per-call node budget is a server setting, not a build option
mcp.tool({ content: text, maxNodes: 10 });
// @ts-expect-error the edge entry needs the module
await edge.load();
// @ts-expect-error the edge entry needs the module, even with other options
await edge.load({ settings });
// @ts-expect-error guard takes a handler that returns a result
mcp.guard(async () => "just a string");
// @ts-expect-error the texts are fixed
const otherText: "tool execution failed" = INVALID_OUTPUT_TEXT;

export { describe, budgetOf, plain, latest, versions, maxDepth, abiOk, instances, contentsList, anyInput, made, futureCode, failedText, invalidText };

// mcpresult/webmcp: a WebMCP tool on the page's context, typed without
// any WebMCP typings.
import { registerTool, modelContext } from "mcpresult/webmcp";
export async function webmcpExample(mcp: McpResult, signal: AbortSignal): Promise<void> {
  if (modelContext() === undefined) return;
  await registerTool(
    mcp,
    {
      name: "weather",
      description: "Weather for a city",
      inputSchema: { type: "object", properties: { city: { type: "string" } } },
      execute: async ({ city }: { city: string }) => mcp.tool({ structuredContent: { city } }),
    },
    { protocolVersion: "2025-11-25", onError: (err, { tool }) => console.error(tool, err), signal },
  );
}

// MCP Apps: an app's page and its tool's _meta.
import type { AppContents, AppToolMeta, AppResourceOptions, AppVisibility } from "mcpresult";
export function appsExample(mcp: McpResult): [AppContents, AppToolMeta] {
  const options: AppResourceOptions = {
    csp: { resourceDomains: ["https://cdn.example.com"], connectDomains: ["wss://live.example.com"] },
    permissions: { clipboardWrite: {} },
    domain: "maps.example.net",
    prefersBorder: true,
    meta: { "com.example/v": 1 },
    openai: true,
  };
  const page: AppContents = mcp.appResource("ui://maps/view.html", "<!doctype html>", options);
  const mime: "text/html;profile=mcp-app" = page.mimeType;
  const visibility: AppVisibility[] = ["app"];
  const meta: AppToolMeta = mcp.appToolMeta(page.uri, { visibility, openai: true });
  const linked: string = meta.ui.resourceUri + meta["ui/resourceUri"] + mime;
  // @ts-expect-error a visibility is "model" or "app"
  mcp.appToolMeta(linked, { visibility: ["user"] });
  // @ts-expect-error a permission is asked for with {}
  mcp.appResource("ui://a", "<p>", { permissions: { camera: true } });
  // @ts-expect-error prefersBorder is a boolean
  mcp.appResource("ui://a", "<p>", { prefersBorder: "yes" });
  return [page, meta];
}
