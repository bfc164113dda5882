// The explicit edge entry ("mcpresult/edge"): the caller hands over the
// module, as a precompiled WebAssembly.Module (Cloudflare Workers forbid
// compiling at run time), its bytes, or a Response. Nothing here reads a
// file or imports a .wasm, so it bundles for any runtime.

import { instantiate } from "./api.js";
import { compile } from "./compile.js";

export { McpResultError, ClientError } from "./errors.js";
export { ABI_VERSION } from "./facts.js";
export { EXECUTION_FAILED_TEXT, INVALID_OUTPUT_TEXT } from "./guard.js";

/** load returns the API over options.module. The instance starts at the
 * first call, so load may run at a Worker's global scope, where workerd
 * refuses the randomness the Go runtime's start needs. */
export async function load(options) {
  if (!options || options.module === undefined) {
    throw new TypeError("mcpresult/edge: load({ module }) needs the module (a WebAssembly.Module, its bytes or a Response)");
  }
  return instantiate(await compile(options.module), options, { startAtLoad: false, crypto: globalThis.crypto });
}
