// Type declarations of mcpresult/webmcp: WebMCP tools (a page's
// document.modelContext, or the deprecated navigator.modelContext) whose
// results are guarded, checked and written for a revision. No WebMCP
// typings are needed: the context is typed by the one method used.

import type { FinalizeOptions, McpResult, ProtocolVersion, ToolResult } from "./index.js";

export { McpResultError, ClientError, EXECUTION_FAILED_TEXT, INVALID_OUTPUT_TEXT } from "./index.js";

/** A WebMCP context: what registerTool needs of it. */
export interface ModelContextLike {
  registerTool(tool: object, options?: { signal?: AbortSignal }): unknown;
}

/** A WebMCP tool whose execute returns a result of this package or a
 * plain result object (validated); it may throw a ClientError. */
export interface WebMcpTool<A extends unknown[] = any[]> {
  name: string;
  description: string;
  title?: string;
  inputSchema?: object;
  annotations?: object;
  execute(...args: A): ToolResult | Promise<ToolResult>;
  [key: string]: unknown;
}

export interface RegisterToolOptions {
  /** The revision the results are written for (default: the latest the module knows). */
  protocolVersion?: ProtocolVersion | (string & {});
  /** Adds the protocol-owned fields where the revision has them (default true). */
  finalize?: boolean | FinalizeOptions;
  /** Receives every private failure; what it throws is ignored. */
  onError?: (error: unknown, where: { tool: string }) => void;
  /** Aborting it unregisters the tool. */
  signal?: AbortSignal;
  /** The context to register on (default: modelContext()). */
  modelContext?: ModelContextLike;
}

/** The page's WebMCP context: document.modelContext, else navigator.modelContext, else undefined. */
export function modelContext(): ModelContextLike | undefined;

/** Registers the tool, its execute guarded and its results written with
 * serialize(result, {protocolVersion, finalize, output: "object"});
 * returns what the context's registerTool returns. Throws McpResultError
 * (invalid_option at /modelContext) when the page has no WebMCP. */
export function registerTool(mcp: McpResult, tool: WebMcpTool, options?: RegisterToolOptions): unknown;
