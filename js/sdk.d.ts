// Type declarations of mcpresult/sdk: an McpServer of the official
// TypeScript SDK 1.x (from 1.23.0) whose every result is written for the
// revision its connection negotiated. The SDK is an optional peer
// dependency: these declarations need it installed.

import type {
  McpServer,
  RegisteredResource,
  RegisteredResourceTemplate,
  RegisteredTool,
  ResourceMetadata,
  ResourceTemplate,
} from "@modelcontextprotocol/sdk/server/mcp.js";
import type { AnySchema, SchemaOutput, ShapeOutput, ZodRawShapeCompat } from "@modelcontextprotocol/sdk/server/zod-compat.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { Variables } from "@modelcontextprotocol/sdk/shared/uriTemplate.js";
import type {
  CallToolResult,
  ReadResourceResult,
  ServerNotification,
  ServerRequest,
  ToolAnnotations,
} from "@modelcontextprotocol/sdk/types.js";
import type { FinalizeOptions, McpResult, ProtocolVersion, ResourceResult, ToolResult } from "./index.js";

export { McpResultError, ClientError, EXECUTION_FAILED_TEXT, INVALID_OUTPUT_TEXT } from "./index.js";

/** The JSON-RPC error message of a resource read that failed privately. */
export const RESOURCE_FAILED_TEXT: "resource read failed";
/** The JSON-RPC error message of a resource read whose result failed its checks. */
export const RESOURCE_INVALID_TEXT: "resource output was invalid";

/** What the SDK passes a handler last. */
export type HandlerExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** What a tool handler of an adapted server may return: any result this
 * package builds (structured content of any JSON type) or a plain object
 * the SDK's types take. */
export type ToolHandlerResult = ToolResult | CallToolResult;

/** What a resource callback of an adapted server may return. */
export type ResourceHandlerResult = ResourceResult | ReadResourceResult;

type Returns<R> = R | Promise<R>;

/** A tool handler, typed by its input schema as the SDK's ToolCallback is. */
export type ToolHandler<Args extends undefined | ZodRawShapeCompat | AnySchema = undefined> = Args extends ZodRawShapeCompat
  ? (args: ShapeOutput<Args>, extra: HandlerExtra) => Returns<ToolHandlerResult>
  : Args extends AnySchema
    ? (args: SchemaOutput<Args>, extra: HandlerExtra) => Returns<ToolHandlerResult>
    : (extra: HandlerExtra) => Returns<ToolHandlerResult>;

/** A tool's configuration, as McpServer.registerTool takes it. The output
 * schema may be any zod schema (an array's too) or an object of them. */
export interface ToolConfig<InputArgs, OutputArgs> {
  title?: string;
  description?: string;
  inputSchema?: InputArgs;
  outputSchema?: OutputArgs;
  annotations?: ToolAnnotations;
  _meta?: Record<string, unknown>;
}

export type ReadResourceHandler = (uri: URL, extra: HandlerExtra) => Returns<ResourceHandlerResult>;
export type ReadResourceTemplateHandler = (uri: URL, variables: Variables, extra: HandlerExtra) => Returns<ResourceHandlerResult>;

/** The server adapt returns: the same object, whose registerTool and
 * registerResource take handlers that return this package's results. */
export type AdaptedServer<S extends McpServer = McpServer> = Omit<S, "registerTool" | "registerResource"> & {
  registerTool<
    OutputArgs extends ZodRawShapeCompat | AnySchema,
    InputArgs extends undefined | ZodRawShapeCompat | AnySchema = undefined,
  >(name: string, config: ToolConfig<InputArgs, OutputArgs>, handler: ToolHandler<InputArgs>): RegisteredTool;
  registerResource(name: string, uri: string, config: ResourceMetadata, read: ReadResourceHandler): RegisteredResource;
  registerResource(name: string, template: ResourceTemplate, config: ResourceMetadata, read: ReadResourceTemplateHandler): RegisteredResourceTemplate;
};

/** Where a private failure happened. */
export type FailurePlace = { tool: string } | { resource: string; uri: string };

export interface AdaptOptions {
  /** Receives the detail of every private failure (never sent to the client). */
  onError?: (error: unknown, where: FailurePlace) => void;
  /** serialize's finalize (default true): the protocol-owned fields of the
   * revisions that have them. */
  finalize?: boolean | FinalizeOptions;
}

/** Makes server write every result for the revision its connection
 * negotiated, and returns it. Call it before registering any tool or
 * resource. */
export function adapt<S extends McpServer>(server: S, mcp: McpResult, options?: AdaptOptions): AdaptedServer<S>;

/** The revision the result of the handler that received extra is written
 * for. */
export function protocolVersion(extra: HandlerExtra | object): ProtocolVersion;
