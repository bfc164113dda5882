// Type declarations of the mcpresult package, written by hand and checked by
// compiling test/types/example.ts in the package's tests. The literal types
// of the Go packages' lists (protocol versions, error codes) and constants
// are written into src/facts.d.ts by internal/cmd/jsfacts.

import type { ProtocolVersion, KnownErrorCode, ABI_VERSION as AbiVersion, MAX_RESULT_DEPTH } from "./src/facts.js";

/** A JSON value as results carry it. */
export type JSONValue = null | boolean | number | string | JSONValue[] | { [key: string]: JSONValue };

/** What a free-form value (structured content, _meta values, an ordinary
 * value) may be given as: JSON values, and the JS values canonicalization
 * decides about (bytes, dates, BigInts, Maps, class instances, toJSON). */
export type Input = unknown;

/** The protocol revisions the module writes and checks, oldest first (the
 * Go packages' list, written into src/facts.d.ts). */
export type { ProtocolVersion };

/** The stable error codes (the Go packages' list, written into
 * src/facts.d.ts; a code the module adds later is a string too). */
export type McpResultErrorCode = KnownErrorCode | (string & {});

/** Runtime settings: the byte budget of a result's compact JSON
 * (512..64,000,000, default 2,000,000), the node budget (1..10,000,000,
 * default 100,000) and the canonicalization of free-form values. */
export interface Settings {
  maxJsonBytes?: number;
  maxNodes?: number;
  canonicalization?: "strict" | "json";
}

/** The annotations of a block or resource. */
export interface BlockAnnotations {
  audience?: ("user" | "assistant")[];
  priority?: number;
  lastModified?: string;
}

/** An icon of a resource link. */
export interface BlockIcon {
  src: string;
  mimeType?: string;
  sizes?: string[];
  theme?: "light" | "dark";
}

export type Meta = { [key: string]: Input };

export interface TextBlock {
  type: "text";
  text: string;
  annotations?: BlockAnnotations;
  _meta?: Meta;
}

export interface ImageBlock {
  type: "image";
  /** Base64, or raw bytes (encoded by the library). */
  data: string | Uint8Array;
  mimeType: string;
  annotations?: BlockAnnotations;
  _meta?: Meta;
}

export interface AudioBlock {
  type: "audio";
  data: string | Uint8Array;
  mimeType: string;
  annotations?: BlockAnnotations;
  _meta?: Meta;
}

export interface ResourceLinkBlock {
  type: "resource_link";
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
  icons?: BlockIcon[];
  annotations?: BlockAnnotations;
  _meta?: Meta;
}

export interface TextContents {
  uri: string;
  mimeType?: string;
  text: string;
  _meta?: Meta;
}

export interface BlobContents {
  uri: string;
  mimeType?: string;
  blob: string | Uint8Array;
  _meta?: Meta;
}

export type Contents = TextContents | BlobContents;

export interface EmbeddedResourceBlock {
  type: "resource";
  resource: Contents;
  annotations?: BlockAnnotations;
  _meta?: Meta;
}

export type Block = TextBlock | ImageBlock | AudioBlock | ResourceLinkBlock | EmbeddedResourceBlock;

/** A tool result as built: plain data, to return from a
 * McpServer.registerTool handler as it is. */
export interface ToolResult {
  [key: string]: unknown;
  content: WireContentBlock[];
  structuredContent?: JSONValue;
  isError: boolean;
  _meta?: { [key: string]: JSONValue };
}

/** A tool result whose structured content, if any, is an object: what the
 * official TypeScript SDK's types (and its 1.x servers, which speak up to
 * 2025-11-25) take from a handler. A non-object structured content is
 * valid in 2026-07-28; for an older client, serialize it for the client's
 * revision (output: "object"), which wraps it as {"result": value}. */
export type ObjectToolResult = ToolResult & { structuredContent?: { [key: string]: JSONValue } };

/** A resource-read result as built. */
export interface ResourceResult {
  [key: string]: unknown;
  contents: WireResourceContents[];
  _meta?: { [key: string]: JSONValue };
}

/** Blocks and contents as they are in a built result (bytes are base64). */
export type WireContentBlock =
  | (Omit<TextBlock, "_meta"> & { _meta?: { [key: string]: JSONValue } })
  | (Omit<ImageBlock, "data" | "_meta"> & { data: string; _meta?: { [key: string]: JSONValue } })
  | (Omit<AudioBlock, "data" | "_meta"> & { data: string; _meta?: { [key: string]: JSONValue } })
  | (Omit<ResourceLinkBlock, "_meta"> & { _meta?: { [key: string]: JSONValue } })
  | (Omit<EmbeddedResourceBlock, "resource" | "_meta"> & { resource: WireResourceContents; _meta?: { [key: string]: JSONValue } });

export type WireResourceContents =
  | (Omit<TextContents, "_meta"> & { _meta?: { [key: string]: JSONValue } })
  | (Omit<BlobContents, "blob" | "_meta"> & { blob: string; _meta?: { [key: string]: JSONValue } });

/** What tool() takes: content (one block or a list; omitted, the compact
 * JSON of structuredContent becomes the one text block), structuredContent,
 * isError, meta (written _meta), and per-call settings. */
export interface ToolInput {
  content?: Block | Block[];
  structuredContent?: Input;
  isError?: boolean;
  meta?: Meta;
  maxJsonBytes?: number;
  canonicalization?: "strict" | "json";
}

/** What resource() takes: one contents entry or a list, and meta. */
export interface ResourceInput {
  contents: Contents | Contents[];
  meta?: Meta;
  maxJsonBytes?: number;
}

export interface BlockOptions {
  annotations?: BlockAnnotations;
  meta?: Meta;
}

export interface ResourceLinkOptions extends BlockOptions {
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
  icons?: BlockIcon[];
}

export interface ContentsOptions {
  mimeType?: string;
  meta?: Meta;
}

/** The origins a page's content security policy allows (MCP Apps): each
 * a scheme of https, http, wss or ws, a host ("*." allowed as its leftmost
 * label) and an optional port, with no path. */
export interface AppCsp {
  /** fetch, XMLHttpRequest, WebSocket, EventSource */
  connectDomains?: string[];
  /** scripts, styles, images, fonts, media */
  resourceDomains?: string[];
  /** nested iframes */
  frameDomains?: string[];
  /** the document's <base href> */
  baseUriDomains?: string[];
}

/** The browser permissions a page asks the host for, each as {}. */
export interface AppPermissions {
  camera?: Record<string, never>;
  microphone?: Record<string, never>;
  geolocation?: Record<string, never>;
  clipboardWrite?: Record<string, never>;
}

export interface AppResourceOptions {
  csp?: AppCsp;
  permissions?: AppPermissions;
  /** The dedicated origin the host serves the page from (host-specific). */
  domain?: string;
  /** A visible border and background around the page, or none. */
  prefersBorder?: boolean;
  /** Keys of your own beside ui (ui itself, and the aliases openai writes,
   * are app_meta_conflict). */
  meta?: Meta;
  /** Also write ChatGPT's keys: openai/widgetCSP, openai/widgetPrefersBorder,
   * openai/widgetDomain. */
  openai?: boolean;
}

/** Who may call an app's tool: the model, the page, or both (the default). */
export type AppVisibility = "model" | "app";

export interface AppToolMetaOptions {
  /** One or both, each once; ["app"] hides the tool from the model. */
  visibility?: AppVisibility[];
  /** Also write ChatGPT's keys: openai/outputTemplate, and
   * openai/widgetAccessible when the page may call the tool. */
  openai?: boolean;
  /** Keys of your own beside ui and ui/resourceUri. */
  meta?: Meta;
}

/** The resource contents of an app's page. */
export interface AppContents {
  uri: string;
  mimeType: "text/html;profile=mcp-app";
  text: string;
  _meta?: Meta & {
    ui?: { csp?: AppCsp; permissions?: AppPermissions; domain?: string; prefersBorder?: boolean };
  };
}

/** The _meta of an app's tool (what registerTool's _meta takes). */
export type AppToolMeta = Meta & {
  ui: { resourceUri: string; visibility?: AppVisibility[] };
  "ui/resourceUri": string;
};

export interface ValueOptions {
  maxJsonBytes?: number;
  canonicalization?: "strict" | "json";
}

/** A server's own values for the protocol-owned fields of a 2026-07-28
 * result. */
export interface FinalizeOptions {
  serverInfo?: { name: string; version: string };
  ttlMs?: number;
  cacheScope?: "public" | "private";
}

export interface SerializeOptions {
  /** The client's revision (default: the latest). */
  protocolVersion?: ProtocolVersion | (string & {});
  /** "wire" (default) or "jcs" (RFC 8785, for hashing and signing). */
  format?: "wire" | "jcs";
  /** Add the protocol-owned fields (false by default: an SDK adds them). */
  finalize?: boolean | FinalizeOptions;
  /** What to do with what the revision lacks: "convert" (default) or "error". */
  unsupported?: "convert" | "error";
}

export interface ValidateOptions {
  kind?: "tool" | "resource";
  protocolVersion?: ProtocolVersion | (string & {});
  /** "wire" (default): what travels; "handler": what a handler hands to its SDK. */
  stage?: "wire" | "handler";
}

/** One finding of validate, or the error of a call. */
export interface Finding {
  code: McpResultErrorCode;
  /** JSON Pointer to the place in the value as the caller gave it. */
  path: string;
  message: string;
}

export interface Report {
  valid: boolean;
  errors: Finding[];
  warnings: Finding[];
}

export interface GuardOptions {
  /** Receives the private detail of a failure (never sent to the client). */
  onError?: (error: unknown) => void;
}

/** What info() reports about the module. */
export interface ModuleInfo {
  module: string;
  /** Always ABI_VERSION: a module of another version is refused. */
  abi: typeof AbiVersion;
  abiMinor: number;
  protocolVersions: ProtocolVersion[];
  latestProtocolVersion: ProtocolVersion;
  settings: Required<Settings> & { maxDepth: typeof MAX_RESULT_DEPTH };
}

/** Counters of the instances a loaded API made. */
export interface Stats {
  instances: number;
  discarded: number;
  recycled: number;
  maxMemoryBytes: number;
}

/** The API, after load(). Every call is synchronous and throws
 * McpResultError on a failure of its own (an error thrown by the caller's
 * getter, toJSON or Proxy trap passes through as it is). */
export interface McpResult {
  tool(input: ToolInput & { structuredContent?: { [key: string]: Input } }): ObjectToolResult;
  tool(input: ToolInput): ToolResult;
  resource(input: ResourceInput): ResourceResult;
  /** A client error: safe to show, with an optional stable code. */
  error(message: string, code?: string): ObjectToolResult;
  /** An ordinary value as a result: a string verbatim, anything else as
   * its compact JSON, in one text block. */
  fromValue(value: Input, options?: ValueOptions): ObjectToolResult;

  text(text: string, options?: BlockOptions): TextBlock;
  image(data: string | Uint8Array, mimeType: string, options?: BlockOptions): ImageBlock;
  audio(data: string | Uint8Array, mimeType: string, options?: BlockOptions): AudioBlock;
  resourceLink(uri: string, name: string, options?: ResourceLinkOptions): ResourceLinkBlock;
  embeddedResource(contents: Contents, options?: BlockOptions): EmbeddedResourceBlock;
  textResource(uri: string, text: string, options?: ContentsOptions): TextContents;
  blobResource(uri: string, blob: string | Uint8Array, options?: ContentsOptions): BlobContents;

  /** The resource contents of an MCP App's page (uri a ui:// URI, html the
   * page), checked and written by the module: a URI that is not ui://, a CSP
   * entry that is not an origin, an unknown permission or a prefersBorder
   * that is not a boolean is an McpResultError with its code and path. */
  appResource(uri: string, html: string, options?: AppResourceOptions): AppContents;
  /** The _meta of a tool that shows the page at resourceUri (ui://…). */
  appToolMeta(resourceUri: string, options?: AppToolMetaOptions): AppToolMeta;

  /** The result written for a protocol revision, as a JSON string. */
  serialize(result: object, options?: SerializeOptions & { output?: "string" }): string;
  /** The same, as a plain object (what a handler hands to an SDK). */
  serialize(result: object, options: SerializeOptions & { output: "object" }): ToolResult | ResourceResult;
  /** Every finding (up to 100) about a result anyone built. A value past
   * the budget is reported invalid, with the budget's error at "" and the
   * findings of what was read up to it. */
  validate(value: unknown, options?: ValidateOptions): Report;
  /** The output schema to advertise in tools/list for a revision: the
   * schema itself, an object schema wrapping it, or undefined (omit it). */
  outputSchema(schema: object, protocolVersion?: ProtocolVersion | (string & {}) | { protocolVersion?: string }): object | undefined;
  /** A boolean schema is returned as it is, or wrapped in an object schema. */
  outputSchema(schema: boolean, protocolVersion?: ProtocolVersion | (string & {}) | { protocolVersion?: string }): boolean | object | undefined;

  /** Guards a tool handler so that nothing private reaches the client: the
   * handler's result is read once, inside the guard, and what the guarded
   * handler returns is a plain copy made from what was read (never the
   * handler's own object; jsonOf of it is undefined). */
  guard<A extends unknown[], R extends ToolResult>(
    handler: (...args: A) => R | Promise<R>,
    options?: GuardOptions,
  ): (...args: A) => Promise<R | ObjectToolResult>;
  /** The same API with a server's settings, which builds inherit and may
   * not override (option_not_allowed). The settings are checked at once. */
  forServer(settings?: Settings): McpResult;

  /** The exact JSON the module wrote for a result built by any API of
   * this package in this program, this one or another (undefined for any
   * other value). */
  jsonOf(result: object): string | undefined;
  /** The module's build op, as the Go host has it: kind tool, resource,
   * error or value, with explicit settings and inheritance. */
  build(kind: "tool" | "resource" | "error" | "value", input: unknown, options?: { settings?: Settings; inherit?: boolean }): ToolResult | ResourceResult;
  /** An MCP Apps kind gives the plain object appResource or appToolMeta gives. */
  build(kind: "appResource" | "appToolMeta", input: unknown, options?: { settings?: Settings }): AppContents | AppToolMeta;
  info(): ModuleInfo;
  stats(): Stats;
  /** The settings of forServer or of load({settings}): a frozen copy made
   * with the API, which later changes to the object given do not reach
   * (undefined for the defaults). */
  readonly settings: Readonly<Settings> | undefined;
}

export interface LoadOptions {
  /** The module, when not the bundled one: compiled, bytes, or a Response. */
  module?: WebAssembly.Module | BufferSource | Response | Promise<Response>;
  /** Settings for standalone builds, serialize and validate. */
  settings?: Settings;
  /** Receives what the module writes to stderr (only when it fails). */
  stderr?: (text: string) => void;
  /** An instance whose memory grew past this is replaced (default 64 MiB). */
  highWaterBytes?: number;
}

/** Compiles (once) and loads the module, and returns the API. */
export function load(options?: LoadOptions): Promise<McpResult>;

/** What a failing call throws. Its message reads as the Go error does:
 * `mcpresult: <code> at <path>: <message>` (`""` for the empty path), the
 * path printed with its control characters (C0, DEL, C1, U+2028, U+2029,
 * the bidirectional controls U+202A–U+202E and U+2066–U+2069) escaped as
 * `\uXXXX`. An error the caller's own code throws while its value is read (a
 * getter, a `toJSON`, a Proxy trap) is not an McpResultError: it is thrown
 * as it was, as from `JSON.stringify`. */
export class McpResultError extends Error {
  constructor(code: McpResultErrorCode, path: string, message: string, errors?: Finding[]);
  readonly code: McpResultErrorCode;
  /** The exact JSON Pointer, unescaped. */
  readonly path: string;
  /** For an invalid handler result (guard's onError): every finding. */
  readonly errors?: Finding[];
}

/** An error safe to show to the client; throw it from a guarded handler. */
export class ClientError extends Error {
  constructor(message: string, code?: string);
  readonly code?: string;
}

/** The ABI major version this package speaks. */
export const ABI_VERSION: typeof AbiVersion;
export const EXECUTION_FAILED_TEXT: "tool execution failed";
export const INVALID_OUTPUT_TEXT: "tool output was invalid";
