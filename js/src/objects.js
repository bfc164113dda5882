// Helpers about objects that several modules share.

/** isObject reports whether v is an object other than null and an array. */
export function isObject(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/** setMember sets an own member, "__proto__" included (as JSON.parse
 * makes it). */
export function setMember(o, k, v) {
  Object.defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true });
}

/** privateSlot gives {get(o), set(o, v)}: a value held by objects in a
 * private field of its own (each call a new field), which no reflection,
 * Proxy trap, JSON or copy of the object sees, and which costs far less to
 * attach than an entry of a WeakMap; get gives undefined for an object
 * that holds none. An object that refuses the field (a runtime that keeps
 * a non-extensible object from gaining one) holds its value in a WeakMap
 * instead. o is an object (not null). */
export function privateSlot() {
  class Base {
    constructor(o) {
      return o;
    }
  }
  class Slot extends Base {
    #value;
    constructor(o, v) {
      super(o);
      this.#value = v;
    }
    static get(o) {
      return #value in o ? o.#value : refused?.get(o);
    }
    static set(o, v) {
      if (#value in o) {
        o.#value = v;
        return;
      }
      try {
        new Slot(o, v);
      } catch {
        (refused ??= new WeakMap()).set(o, v);
      }
    }
  }
  let refused;
  return { get: Slot.get, set: Slot.set };
}
