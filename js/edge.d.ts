// Type declarations of the edge entry (mcpresult/edge): the same API, with
// the module handed over by the caller.

import type { LoadOptions, McpResult } from "./index.js";

export type {
  JSONValue, Input, ProtocolVersion, McpResultErrorCode, Settings, BlockAnnotations, BlockIcon, Meta, TextBlock, ImageBlock,
  AudioBlock, ResourceLinkBlock, TextContents, BlobContents, Contents, EmbeddedResourceBlock,
  Block, ToolResult, ObjectToolResult, ResourceResult, WireContentBlock, WireResourceContents, ToolInput,
  ResourceInput, BlockOptions, ResourceLinkOptions, ContentsOptions, ValueOptions, FinalizeOptions,
  SerializeOptions, ValidateOptions, Finding, Report, GuardOptions, ModuleInfo, Stats, McpResult, LoadOptions,
} from "./index.js";
export { McpResultError, ClientError, ABI_VERSION, EXECUTION_FAILED_TEXT, INVALID_OUTPUT_TEXT } from "./index.js";

/** Loads the module the caller hands over: a precompiled WebAssembly.Module
 * (Cloudflare Workers), its bytes, or a Response. */
export function load(options: LoadOptions & { module: NonNullable<LoadOptions["module"]> }): Promise<McpResult>;
