// The block constructors assemble plain objects in wire names and check
// nothing: a block is checked, with its path in the result, when a result
// is built from it. Options are copied as given (a misspelt one reaches the
// module, which names it, with a "did you mean"); meta is written _meta.

import { McpResultError } from "./errors.js";
import { setMember } from "./objects.js";

function withOptions(block, options) {
  if (options === undefined || options === null) return block;
  for (const k of Object.keys(options)) {
    const v = options[k];
    if (v === undefined) continue;
    const key = k === "meta" ? "_meta" : k;
    if (Object.hasOwn(block, key)) {
      throw new McpResultError("duplicate_option", "/" + key, "this field is given twice (meta is written _meta)");
    }
    setMember(block, key, v);
  }
  return block;
}

/** text is a text block. */
export function text(t, options) {
  return withOptions({ type: "text", text: t }, options);
}

/** media is an image or audio block (type). */
export function media(type, data, mimeType, options) {
  return withOptions({ type, data, mimeType }, options);
}

/** resourceLink is a resource_link block. */
export function resourceLink(uri, name, options) {
  return withOptions({ type: "resource_link", uri, name }, options);
}

/** embeddedResource is a resource block holding contents. */
export function embeddedResource(resource, options) {
  return withOptions({ type: "resource", resource }, options);
}

/** contents is a resource's contents of text or blob (field). */
export function contents(uri, field, value, options) {
  const c = { uri };
  if (options && options.mimeType !== undefined) c.mimeType = options.mimeType;
  c[field] = value;
  if (options) {
    const rest = { ...options };
    delete rest.mimeType;
    withOptions(c, rest);
  }
  return c;
}
