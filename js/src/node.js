// The default entry, for Node, Deno and Bun: the module is read from the
// package's own mcpresult.wasm. Where the package is served over http(s)
// instead (a browser), the same entry fetches it.

import { instantiate } from "./api.js";
import { compile } from "./compile.js";

export { McpResultError, ClientError } from "./errors.js";
export { ABI_VERSION } from "./facts.js";
export { EXECUTION_FAILED_TEXT, INVALID_OUTPUT_TEXT } from "./guard.js";

let bundled;

// Node 18 has the Web Crypto API only as node:crypto's webcrypto (the global
// crypto came with Node 19); Deno and Bun have the global.
async function webcrypto() {
  if (globalThis.crypto && typeof globalThis.crypto.getRandomValues === "function") return globalThis.crypto;
  return (await import("node:crypto")).webcrypto;
}

/** load compiles the bundled module once per process (or takes
 * options.module) and returns the API, with an instance started at once so
 * that a module of another ABI version is refused here. */
export async function load(options = {}) {
  let module;
  if (options.module !== undefined) {
    module = await compile(options.module);
  } else {
    bundled ??= compileBundled();
    try {
      module = await bundled;
    } catch (e) {
      bundled = undefined; // a later load tries again
      throw e;
    }
  }
  return instantiate(module, options, { startAtLoad: true, crypto: await webcrypto() });
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
