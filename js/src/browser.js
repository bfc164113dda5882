// The entry for web pages (the "browser" export condition, which esbuild
// with --platform=browser and Vite resolve): the module is located as
// bundlers understand it, new URL("../mcpresult.wasm", import.meta.url),
// which Vite (and any bundler that follows that pattern) copies beside the
// bundle and rewrites; esbuild keeps it as written, relative to the
// bundle's own URL, so the page serves mcpresult.wasm there, or passes
// load({ module }). Nothing here imports a Node built-in.

import { instantiate } from "./api.js";
import { compile } from "./compile.js";

export { McpResultError, ClientError } from "./errors.js";
export { ABI_VERSION } from "./facts.js";
export { EXECUTION_FAILED_TEXT, INVALID_OUTPUT_TEXT } from "./guard.js";

let bundled;

/** load fetches and compiles the package's module once per page (or takes
 * options.module) and returns the API, with an instance started at once
 * (a page may draw randomness at any time), so that a module of another
 * ABI version is refused here. A response sent as application/wasm is
 * compiled while it streams in; any other is read whole first. */
export async function load(options = {}) {
  let module;
  if (options.module !== undefined) {
    module = await compile(options.module);
  } else {
    bundled ??= compile(fetch(new URL("../mcpresult.wasm", import.meta.url)));
    try {
      module = await bundled;
    } catch (e) {
      bundled = undefined; // a later load tries again
      throw e;
    }
  }
  return instantiate(module, options, { startAtLoad: true, crypto: globalThis.crypto });
}
