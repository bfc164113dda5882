// Type declarations of mcpresult/sdk as a CommonJS file requires it
// (package.json's "types" condition "require"): the API of sdk.d.ts, whose
// adapt takes an McpServer of the SDK's CommonJS build, the one a CommonJS
// file's import or require of "@modelcontextprotocol/sdk/server/mcp.js"
// gives, and returns that build's records. The module itself is the same
// ES module (src/sdk.js), which Node's require loads from 20.19 and 22.12
// on: TypeScript models it with module node20 or nodenext; under node16 and
// node18, which model a Node without require(esm), a CommonJS file cannot
// import the package (TS1471, TS1479), as such a Node cannot require it.

import type {
  McpServer,
  RegisteredResource,
  RegisteredResourceTemplate,
  RegisteredTool,
  ResourceTemplate,
} from "@modelcontextprotocol/sdk/server/mcp.js" with { "resolution-mode": "require" };
import type { AdaptedServerOf, AdaptOptions, McpServerV2, SdkServerTypes } from "./sdk.js";
import type { McpResult } from "./index.js";

export * from "./sdk.js";

/** The SDK's CommonJS build. */
export interface CommonJsServerTypes extends SdkServerTypes {
  server: McpServer;
  registeredTool: RegisteredTool;
  registeredResource: RegisteredResource;
  registeredResourceTemplate: RegisteredResourceTemplate;
  resourceTemplate: ResourceTemplate;
}

/** The server adapt returns: the same object, whose registerTool and
 * registerResource take handlers that return this package's results. */
export type AdaptedServer<S extends McpServer = McpServer> = AdaptedServerOf<CommonJsServerTypes, S>;

/** Makes a 2.x server write every result for the revision of its request,
 * and returns it (as sdk.d.ts's adapt does). */
export function adapt<S extends McpServerV2>(server: S, mcp: McpResult, options?: AdaptOptions): S;

/** Makes server write every result for the revision its connection
 * negotiated, and returns it. Call it before registering any tool or
 * resource, on a server whose options declare no tools or resources
 * capability (it throws otherwise). */
export function adapt<S extends McpServer>(server: S, mcp: McpResult, options?: AdaptOptions): AdaptedServer<S>;
