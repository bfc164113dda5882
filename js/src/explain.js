// The messages for JS-only values: the module sees a JS value that has no
// JSON form (a function, a Map, a class instance...) only as an extension,
// and reports it as unsupported_value; the finding is given here with a
// message that names the JS value.

import { McpResultError } from "./errors.js";

/** pathValue returns the value at a JSON Pointer inside v, or undefined. */
function pathValue(v, path) {
  if (path === "") return v;
  const parts = path.slice(1).split("/");
  for (const p of parts) {
    if (v === null || typeof v !== "object") return undefined;
    const k = p.replace(/~1/g, "/").replace(/~0/g, "~");
    v = v instanceof Map ? undefined : v[k];
  }
  return v;
}

/** jsKind names a JS value that has no JSON form in strict
 * canonicalization, or gives "" for any other value. */
function jsKind(v) {
  switch (typeof v) {
    case "function":
      return "a function";
    case "symbol":
      return "a symbol";
    case "undefined":
      return "undefined";
    case "bigint":
      return "a BigInt beyond 64 bits";
    case "object":
      break;
    default:
      return "";
  }
  if (v === null || Array.isArray(v) || v instanceof Uint8Array) return "";
  if (v instanceof Date) return Number.isFinite(v.getTime()) ? "" : "an invalid Date";
  if (v instanceof Map) return "a Map";
  if (v instanceof Set) return "a Set";
  if (ArrayBuffer.isView(v)) return "a typed array other than Uint8Array";
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return "a class instance";
  if (typeof v.toJSON === "function") return "an object with toJSON";
  return "";
}

/** explain rewrites the message of an unsupported_value finding that is
 * about a JS-only value (which the module sees only as an extension) to
 * name the JS value. */
export function explain(f, root) {
  if (f.code !== "unsupported_value") return f;
  const kind = jsKind(pathValue(root, f.path));
  if (kind === "") return f;
  return {
    code: f.code,
    path: f.path,
    message: kind + " has no JSON form in strict canonicalization (canonicalization: \"json\" writes what JSON.stringify writes)",
  };
}

/** fail is the McpResultError of a failed response, about the value root
 * the caller gave. */
export function fail(resp, root) {
  const e = explain(resp.error, root);
  return new McpResultError(e.code, e.path, e.message);
}
