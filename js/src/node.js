// The default entry, for Node, Deno and Bun: the module is read from the
// package's own mcpresult.wasm. Where the package is served over http(s)
// instead (a browser), the same entry fetches it.

import { instantiate, compile } from "./core.js";

export { McpResultError, ClientError, ABI_VERSION, EXECUTION_FAILED_TEXT, INVALID_OUTPUT_TEXT } from "./core.js";

let bundled;

/** load compiles the bundled module once per process (or takes
 * options.module) and returns the API, with an instance started at once so
 * that a module of another ABI version is refused here. */
export async function load(options = {}) {
  const module = options.module !== undefined ? await compile(options.module) : await (bundled ??= compileBundled());
  return instantiate(module, options, true);
}

async function compileBundled() {
  const url = new URL("../mcpresult.wasm", import.meta.url);
  if (url.protocol === "file:") {
    // node:fs is in Node, Deno and Bun; fetch() of a file: URL is not in Node
    const { readFile } = await import("node:fs/promises");
    return WebAssembly.compile(await readFile(url));
  }
  return compile(fetch(url));
}
