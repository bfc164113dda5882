// Type declarations of mcpresult/sdk: an McpServer of the official
// TypeScript SDK, 1.x (from 1.23.0) or 2.x (from 2.0.0), whose every
// result is written for the revision of its request. The SDK is an
// optional peer dependency: the 1.x declarations below import its types,
// and so need it installed; a 2.x server is declared by its members
// (McpServerV2), with no import.
//
// The SDK ships an ES module build and a CommonJS one, each with its own
// declarations, and their classes (McpServer, ResourceTemplate) are distinct
// types: a CommonJS file's McpServer is not an ES module's. This file is
// what an ES module imports (it names the SDK's ES module build);
// sdk-require.d.ts, which package.json's "types" condition gives a
// CommonJS file's require, is the same API over the CommonJS build.

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

/** The JSON-RPC error messages (-32603) of a resource read that failed
 * privately ("resource read failed") and of one whose result failed its
 * checks ("resource output was invalid"), the Go adapter's texts. */
export { RESOURCE_READ_FAILED_TEXT, INVALID_RESOURCE_OUTPUT_TEXT } from "./src/facts.js";

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

/** The classes and records of one build of the SDK that an adapted server
 * names: the ES module build's are EsmServerTypes, the CommonJS build's
 * are in sdk-require.d.ts. */
export interface SdkServerTypes {
  server: object;
  registeredTool: unknown;
  registeredResource: unknown;
  registeredResourceTemplate: unknown;
  resourceTemplate: unknown;
}

/** The SDK's ES module build: what this file imports. */
export interface EsmServerTypes extends SdkServerTypes {
  server: McpServer;
  registeredTool: RegisteredTool;
  registeredResource: RegisteredResource;
  registeredResourceTemplate: RegisteredResourceTemplate;
  resourceTemplate: ResourceTemplate;
}

/** The server adapt returns, over the SDK build T that S comes from: the
 * same object, whose registerTool and registerResource take handlers that
 * return this package's results. */
export type AdaptedServerOf<T extends SdkServerTypes, S extends T["server"]> = Omit<S, "registerTool" | "registerResource"> & {
  registerTool<
    OutputArgs extends ZodRawShapeCompat | AnySchema,
    InputArgs extends undefined | ZodRawShapeCompat | AnySchema = undefined,
  >(name: string, config: ToolConfig<InputArgs, OutputArgs>, handler: ToolHandler<InputArgs>): T["registeredTool"];
  registerResource(name: string, uri: string, config: ResourceMetadata, read: ReadResourceHandler): T["registeredResource"];
  registerResource(
    name: string,
    template: T["resourceTemplate"],
    config: ResourceMetadata,
    read: ReadResourceTemplateHandler,
  ): T["registeredResourceTemplate"];
};

/** The server adapt returns: the same object, whose registerTool and
 * registerResource take handlers that return this package's results. */
export type AdaptedServer<S extends McpServer = McpServer> = AdaptedServerOf<EsmServerTypes, S>;

/** Where a private failure happened. */
export type FailurePlace = { tool: string } | { resource: string; uri: string };

export interface AdaptOptions {
  /** Receives the detail of every private failure (never sent to the client). */
  onError?: (error: unknown, where: FailurePlace) => void;
  /** serialize's finalize (default true on 1.x; false on 2.x, whose SDK
   * adds the protocol-owned fields of 2026-07-28 itself). */
  finalize?: boolean | FinalizeOptions;
}

/** An McpServer of @modelcontextprotocol/server 2.x, as adapt tells it
 * from a 1.x one: by its members. These declarations import nothing of
 * the 2.x packages (a project may have only 1.x); an adapted 2.x server
 * keeps the SDK's own types, whose handlers may return this package's
 * results as they are. */
export interface McpServerV2 {
  readonly server: {
    getNegotiatedProtocolVersion(): string | undefined;
    projectCallToolResult(...args: never[]): unknown;
  };
  registerTool(...args: never[]): unknown;
  registerResource(...args: never[]): unknown;
}

/** Makes a 2.x server write every result for the revision of its request,
 * and returns it (with serveStdio or the per-request HTTP entry, adapt
 * each server the factory makes). Call it before registering any tool or
 * resource. */
export function adapt<S extends McpServerV2>(server: S, mcp: McpResult, options?: AdaptOptions): S;

/** Makes server write every result for the revision its connection
 * negotiated, and returns it. Call it before registering any tool or
 * resource, on a server whose options declare no tools or resources
 * capability (it throws otherwise). */
export function adapt<S extends McpServer>(server: S, mcp: McpResult, options?: AdaptOptions): AdaptedServer<S>;

/** The revision the result of the handler that received extra is written
 * for. */
export function protocolVersion(extra: HandlerExtra | object): ProtocolVersion;
