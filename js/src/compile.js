// What a caller hands to load, as a compiled module.

import { McpResultError } from "./errors.js";

/**
 * compile turns what a caller hands to load into a compiled module: a
 * WebAssembly.Module as it is, a Response (or a promise of one), or the
 * module's bytes.
 */
export async function compile(source) {
  source = await source;
  if (source instanceof WebAssembly.Module) return source;
  if (typeof Response === "function" && source instanceof Response) {
    if (!source.ok) {
      throw new McpResultError("internal", "", "fetching the module failed with status " + source.status);
    }
    const type = source.headers.get("content-type") || "";
    if (type.startsWith("application/wasm") && typeof WebAssembly.compileStreaming === "function") {
      return WebAssembly.compileStreaming(source);
    }
    return WebAssembly.compile(await source.arrayBuffer());
  }
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
    return WebAssembly.compile(source);
  }
  throw new McpResultError("invalid_option", "/module", "module is a WebAssembly.Module, a Response or the module's bytes");
}
