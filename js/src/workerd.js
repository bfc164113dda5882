// The entry for Cloudflare Workers (the "workerd" export condition, which
// wrangler and workerd itself resolve): Workers may not compile WebAssembly
// at run time, so the module is imported as a compiled WebAssembly.Module,
// which the bundler or workerd compiles when the Worker is deployed.

import wasm from "../mcpresult.wasm";
import { instantiate } from "./api.js";
import { compile } from "./compile.js";

export { McpResultError, ClientError } from "./errors.js";
export { ABI_VERSION } from "./facts.js";
export { EXECUTION_FAILED_TEXT, INVALID_OUTPUT_TEXT } from "./guard.js";

/** load returns the API over the imported module (or options.module). The
 * instance starts at the first call, not here: workerd refuses
 * crypto.getRandomValues, which the Go runtime's start needs, at global
 * scope, and a Worker often loads at global scope. */
export async function load(options = {}) {
  const module = options.module !== undefined ? await compile(options.module) : wasm;
  return instantiate(module, options, { startAtLoad: false, crypto: globalThis.crypto });
}
