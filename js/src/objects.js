// Two helpers about plain objects that several modules share.

/** isObject reports whether v is an object other than null and an array. */
export function isObject(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/** setMember sets an own member, "__proto__" included (as JSON.parse
 * makes it). */
export function setMember(o, k, v) {
  Object.defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true });
}
