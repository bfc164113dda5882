// The MessagePack encoder of the ABI, written for exactly what requests
// hold. It is hand-written rather than a dependency because the walk over a
// caller's value is where the JS-only rules live (undefined members, Date,
// Map, BigInt, toJSON, typed arrays, class instances, in either
// canonicalization mode), and one walk that encodes as it goes is faster
// than converting a value first and handing it to a general codec (make
// bench prints the comparison). Its decoder, of responses and of what it
// wrote, is decode.js.
//
// Everything else is the module's business: the encoder only decides how a
// JS value is written, and every rule about what is allowed where is checked
// in the module, with the same codes as in Go.

import { MSG_MAX_BYTES, MSG_MAX_NODES, MSG_MAX_DEPTH } from "./facts.js";

/** The ABI's extension type for a JS value that has no JSON form in strict
 * canonicalization (a function, a symbol, undefined in an array, a Map, a
 * class instance, an object with toJSON, a BigInt outside 64 bits). Any
 * extension type other than -1 (timestamps) is unsupported_value in the
 * module, at the value's path. */
export const EXT_NO_JSON = 1;

/* The deepest nesting of arrays and objects a request may hold: a result
 * allows MAX_RESULT_DEPTH levels (the result object being level 1), an
 * ordinary value is only written as text and may nest as deep as the module
 * parses (MAX_PARSE_DEPTH levels, which the module's recursion stays well
 * within on every engine's default stack). Deeper than that, a value is
 * refused with max_depth at once (so a cyclic value ends at once), and the
 * encoder's own recursion is bounded by it. */
export { MAX_RESULT_DEPTH, MAX_PARSE_DEPTH } from "./facts.js";

const textEncoder = new TextEncoder();

// A string without lone surrogates, which TextEncoder writes as they are
// (it would replace a lone surrogate with U+FFFD). Node 18 lacks
// String.prototype.isWellFormed.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const wellFormed = typeof String.prototype.isWellFormed === "function" ? (s) => s.isWellFormed() : (s) => !LONE_SURROGATE.test(s);

/** Thrown by the encoder for a request that breaks a bound before the
 * module sees it; the caller turns it into an McpResultError. */
export class EncodeLimit {
  constructor(code, message, input = false) {
    this.code = code;
    this.message = message;
    this.input = input; // a bound of the caller's value (not of options or settings)
  }
}

// The messages of the budget codes, word for word those of the Go packages,
// so that a value refused here reads as one refused by the module.
export const msgMaxBytes = (n) => MSG_MAX_BYTES[0] + n + MSG_MAX_BYTES[1];
export const msgMaxNodes = (n) => MSG_MAX_NODES[0] + n + MSG_MAX_NODES[1];
export const msgMaxDepth = (n) => MSG_MAX_DEPTH[0] + n + MSG_MAX_DEPTH[1];

/** What a request is refused with when it is larger than the module
 * accepts (outside the part a budget bounds). */
const REQUEST_TOO_LARGE = new EncodeLimit("max_bytes", "the request is larger than the module accepts");

const STRICT = 0;
const JSON_MODE = 1;
export const MODE_STRICT = STRICT;
export const MODE_JSON = JSON_MODE;

/**
 * An Encoder writes one request at a time into a buffer it keeps between
 * calls (a request is copied into the module's memory at once).
 */
/** REFS_MIN is the length in bytes from which a build asks for its strings
 * by reference (the request key refs, ABI minor version 3): below it,
 * parsing a string the module writes costs less than finding its place. */
export const REFS_MIN = 512;

export class Encoder {
  constructor() {
    this.reset();
    this.busy = false; // a request is being written or sent
    this.pos = 0;
    this.mode = STRICT;
    this.requestMax = 0;
    this.unlimit();
  }

  /** reset gives the encoder a new small buffer. */
  reset() {
    this.buf = new Uint8Array(8192);
    this.view = new DataView(this.buf.buffer);
  }

  /** Starts a request, which may grow to maxBytes. */
  begin(maxBytes) {
    this.pos = 0;
    this.bigIntegers = null; // the BigInts beyond ±(2^53-1) written, as decimal text
    this.longs = null; // with refs: [where, string, …] of each string of REFS_MIN bytes or more written
    this.requestMax = maxBytes;
    this.unlimit();
  }

  /**
   * limit bounds the value written next (the bounds are the caller's: see
   * writeInput in request.js): at most nodes values (past them overNodes is
   * thrown), and the request at most bytes long (overBytes).
   *
   * Past the bytes, nothing more is written, but the rest of the value is
   * still walked, counting its values only, so that a value also past the
   * node bound or too deep gives that code, as the Go packages, which count
   * values before they measure bytes, give it (end then throws the byte
   * bound). The walk is itself bounded: it reads no more than the node
   * bound allows.
   *
   * With cut, a value past the node bound is not thrown away: the arrays
   * and maps being written when it was met are closed with the elements and
   * members written whole (their headers rewritten, in the width they were
   * written in), so that the request holds the value as far as the bound,
   * which end reports (cut).
   */
  limit(nodes, overNodes, bytes, overBytes, cut = false) {
    this.nodesLeft = nodes;
    this.overNodes = overNodes;
    this.maxBytes = Math.min(bytes, this.requestMax);
    this.overBytes = bytes < this.requestMax ? overBytes : REQUEST_TOO_LARGE;
    this.counting = true;
    this.sink = false;
    this.sinkPos = this.pos;
    this.sinkLimit = null;
    this.cutting = cut;
    this.whole = false; // the value an array or map was writing was cut whole
  }

  /** end ends the value limit bounds: it throws the byte bound the value
   * went past, if any, and lifts the bounds. */
  end() {
    const over = this.sinkLimit;
    if (over !== null) this.pos = this.sinkPos;
    this.unlimit();
    if (over !== null) throw over;
  }

  /** unlimit lifts the bounds of limit but the request's own. */
  unlimit() {
    this.nodesLeft = Infinity;
    this.overNodes = null;
    this.cutting = false;
    this.maxBytes = this.requestMax;
    this.overBytes = REQUEST_TOO_LARGE;
    this.counting = false;
    this.sink = false;
    this.sinkLimit = null;
  }

  /** past handles a byte bound the request went past: outside a limited
   * value it is thrown; inside one, nothing more is written (the writes
   * that follow go to one place and are never sent) and the walk goes on,
   * counting values (see limit). */
  past(over) {
    if (!this.counting) throw over;
    if (this.sinkLimit === null) this.sinkLimit = over;
    this.sink = true;
    this.pos = this.sinkPos;
  }

  /** The bytes written since begin, as a view of the encoder's buffer (valid
   * until the next request). */
  bytes() {
    return this.buf.subarray(0, this.pos);
  }

  ensure(n) {
    let need = this.pos + n;
    if (need <= this.buf.length) return;
    if (need > this.maxBytes) {
      this.past(this.overBytes);
      need = this.pos + n;
      if (need <= this.buf.length) return;
    }
    let size = this.buf.length * 2;
    while (size < need) size *= 2;
    // never more than the bound allows (past it, the request is refused)
    size = Math.min(size, Math.max(need, this.maxBytes));
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }

  /** header writes a map, array, str or bin header: the fixed form for n
   * below fixMax (fix | n), else the 8- (when c8 is not 0), 16- or 32-bit
   * form. */
  header(n, fix, fixMax, c8, c16, c32) {
    this.ensure(5);
    const b = this.buf;
    if (n < fixMax) {
      b[this.pos++] = fix | n;
    } else if (c8 !== 0 && n < 0x100) {
      b[this.pos++] = c8;
      b[this.pos++] = n;
    } else if (n < 0x10000) {
      b[this.pos++] = c16;
      this.view.setUint16(this.pos, n);
      this.pos += 2;
    } else {
      b[this.pos++] = c32;
      this.view.setUint32(this.pos, n);
      this.pos += 4;
    }
  }

  mapHeader(n) {
    this.header(n, 0x80, 16, 0, 0xde, 0xdf);
  }

  arrayHeader(n) {
    this.header(n, 0x90, 16, 0, 0xdc, 0xdd);
  }

  nil() {
    this.ensure(1);
    this.buf[this.pos++] = 0xc0;
  }

  bool(b) {
    this.ensure(1);
    this.buf[this.pos++] = b ? 0xc3 : 0xc2;
  }

  /** A JS number: a safe integer as a MessagePack integer, anything else as
   * a float64 (the module writes floats as Number.prototype.toString). */
  number(n) {
    this.ensure(9);
    const b = this.buf;
    if (Number.isSafeInteger(n)) {
      if (n >= 0) {
        if (n < 128) {
          b[this.pos++] = n;
        } else if (n < 0x100) {
          b[this.pos++] = 0xcc;
          b[this.pos++] = n;
        } else if (n < 0x10000) {
          b[this.pos++] = 0xcd;
          this.view.setUint16(this.pos, n);
          this.pos += 2;
        } else if (n < 0x100000000) {
          b[this.pos++] = 0xce;
          this.view.setUint32(this.pos, n);
          this.pos += 4;
        } else {
          b[this.pos++] = 0xcf;
          this.view.setBigUint64(this.pos, BigInt(n));
          this.pos += 8;
        }
      } else if (n >= -32) {
        b[this.pos++] = n & 0xff;
      } else if (n >= -0x80) {
        b[this.pos++] = 0xd0;
        this.view.setInt8(this.pos++, n);
      } else if (n >= -0x8000) {
        b[this.pos++] = 0xd1;
        this.view.setInt16(this.pos, n);
        this.pos += 2;
      } else if (n >= -0x80000000) {
        b[this.pos++] = 0xd2;
        this.view.setInt32(this.pos, n);
        this.pos += 4;
      } else {
        b[this.pos++] = 0xd3;
        this.view.setBigInt64(this.pos, BigInt(n));
        this.pos += 8;
      }
      return;
    }
    b[this.pos++] = 0xcb;
    this.view.setFloat64(this.pos, n);
    this.pos += 8;
  }

  /** A BigInt within 64 bits as an integer (int64 or uint64); true when it
   * fits. */
  bigint(n) {
    if (n > 9007199254740991n || n < -9007199254740991n) {
      if (this.bigIntegers === null) this.bigIntegers = new Set();
      this.bigIntegers.add(n.toString());
    }
    if (n >= -0x8000000000000000n && n < 0) {
      this.ensure(9);
      this.buf[this.pos++] = 0xd3;
      this.view.setBigInt64(this.pos, n);
      this.pos += 8;
      return true;
    }
    if (n >= 0 && n <= 0xffffffffffffffffn) {
      this.ensure(9);
      this.buf[this.pos++] = 0xcf;
      this.view.setBigUint64(this.pos, n);
      this.pos += 8;
      return true;
    }
    return false;
  }

  /** A string, as UTF-8. A lone surrogate is written as its WTF-8 bytes
   * (ED A0 80 for U+D800), which are not UTF-8, so that the module refuses
   * it (invalid_utf8) rather than the encoder replacing it with U+FFFD. */
  string(s) {
    if (this.sink) return;
    const len = s.length;
    if (len < 64) {
      // short strings: a loop is faster than TextEncoder's call. The header
      // is guessed from len (the UTF-8 length n is at least len) and moved
      // when n needs the longer one.
      this.ensure(2 + len * 3);
      const b = this.buf;
      const start = this.pos;
      const h = len < 32 ? 1 : 2;
      const p = wtf8Into(s, b, start + h);
      const n = p - start - h;
      if (n < 32) {
        b[start] = 0xa0 | n;
        this.pos = p;
      } else {
        if (h === 1) b.copyWithin(start + 2, start + 1, p);
        b[start] = 0xd9;
        b[start + 1] = n;
        this.pos = start + 2 + n;
      }
      return;
    }
    // room for the worst case (3 bytes a UTF-16 unit), or for what is left
    // of the request when that is less; a string that does not fit then is
    // too large
    const room = Math.min(len * 3, this.maxBytes - this.pos - 5);
    this.ensure(5 + Math.max(room, 0));
    if (this.sink) return; // the request went past its bytes at ensure
    const start = this.pos;
    let n;
    if (wellFormed(s)) {
      const r = textEncoder.encodeInto(s, this.buf.subarray(start + 5, start + 5 + Math.max(room, 0)));
      if (r.read < len) return this.past(this.overBytes);
      n = r.written;
    } else {
      if (wtf8Length(s) > room) return this.past(this.overBytes);
      n = wtf8Into(s, this.buf, start + 5) - (start + 5);
    }
    // the header is written in front, then the bytes are moved next to it
    let h;
    if (n < 0x100) {
      this.buf[start] = 0xd9;
      this.buf[start + 1] = n;
      h = 2;
    } else if (n < 0x10000) {
      this.buf[start] = 0xda;
      this.view.setUint16(start + 1, n);
      h = 3;
    } else {
      this.buf[start] = 0xdb;
      this.view.setUint32(start + 1, n);
      h = 5;
    }
    if (h !== 5) this.buf.copyWithin(start + h, start + 5, start + 5 + n);
    this.pos = start + h + n;
    if (this.pos > this.maxBytes) return this.past(this.overBytes);
    if (this.longs !== null && n >= REFS_MIN) this.longs.push(start, s);
  }

  /** Raw bytes as MessagePack bin. */
  binary(u8) {
    if (this.sink) return;
    const n = u8.byteLength;
    this.ensure(5 + n);
    if (this.sink) return;
    this.header(n, 0, 0, 0xc4, 0xc5, 0xc6);
    this.buf.set(u8, this.pos);
    this.pos += n;
  }

  /** raw writes bytes that are already MessagePack (a value encoded once
   * and sent in many requests). */
  raw(u8) {
    const n = u8.length;
    this.ensure(n);
    this.buf.set(u8, this.pos);
    this.pos += n;
  }

  /** A Date as the MessagePack timestamp extension (-1, 96-bit form). */
  timestamp(ms) {
    this.ensure(15);
    const sec = Math.floor(ms / 1000);
    const nsec = (ms - sec * 1000) * 1e6;
    this.buf[this.pos++] = 0xc7;
    this.buf[this.pos++] = 12;
    this.buf[this.pos++] = 0xff;
    this.view.setUint32(this.pos, nsec);
    this.view.setBigInt64(this.pos + 4, BigInt(sec));
    this.pos += 12;
  }

  /** A value with no JSON form: an empty extension of type EXT_NO_JSON. */
  noJSON() {
    this.ensure(3);
    this.buf[this.pos++] = 0xd4;
    this.buf[this.pos++] = EXT_NO_JSON;
    this.buf[this.pos++] = 0;
  }

  /**
   * value writes a caller's value in a canonicalization mode (MODE_STRICT or
   * MODE_JSON) at depth (the outermost request value being 1), refusing
   * nesting deeper than maxDepth with max_depth.
   */
  value(v, mode, depth, maxDepth) {
    if (--this.nodesLeft < 0) {
      this.whole = false; // this value is not written
      throw this.overNodes;
    }
    if (this.sink) this.pos = this.sinkPos;
    switch (typeof v) {
      case "string":
        this.string(v);
        return;
      case "number":
        this.number(v);
        return;
      case "boolean":
        this.bool(v);
        return;
      case "bigint":
        if (this.bigint(v)) return;
        if (mode === JSON_MODE) this.nil();
        else this.noJSON();
        return;
      case "object":
        break;
      default:
        // undefined, function, symbol where a value must be written: in an
        // array (JSON.stringify writes null there) or as the whole value
        if (mode === JSON_MODE) this.nil();
        else this.noJSON();
        return;
    }
    if (v === null) {
      this.nil();
      return;
    }
    if (Array.isArray(v)) {
      if (depth > maxDepth) throw tooDeep(maxDepth);
      this.array(v, mode, depth, maxDepth);
      return;
    }
    if (v instanceof Uint8Array) {
      this.binary(v);
      return;
    }
    const proto = Object.getPrototypeOf(v);
    if (proto === Object.prototype || proto === null) {
      if (mode === STRICT && typeof v.toJSON === "function") {
        this.noJSON();
        return;
      }
      if (depth > maxDepth) throw tooDeep(maxDepth);
      this.object(v, mode, depth, maxDepth);
      return;
    }
    this.special(v, mode, depth, maxDepth);
  }

  /** An array: its elements, in json mode as JSON.stringify gives them. */
  array(v, mode, depth, maxDepth) {
    const n = v.length;
    this.arrayHeader(n);
    const at = this.pos;
    let i = 0;
    try {
      if (mode === JSON_MODE) {
        for (; i < n; i++) this.value(applyToJSON(v[i], i), mode, depth + 1, maxDepth);
      } else {
        for (; i < n; i++) this.value(v[i], mode, depth + 1, maxDepth);
      }
    } catch (e) {
      if (e === this.overNodes && this.cutting && !this.sink) this.cut(at, n, i + (this.whole ? 1 : 0), 0x90);
      throw e;
    }
  }

  /** cut rewrites the header of an array (kind 0x90) or map (0x80) that
   * ends at at, written for n elements or members, for the count written
   * whole (see limit); the container is then a whole value. */
  cut(at, n, count, kind) {
    const h = n < 16 ? 1 : n < 0x10000 ? 3 : 5;
    const start = at - h;
    if (h === 1) {
      this.buf[start] = kind | count;
    } else if (h === 3) {
      this.buf[start] = kind === 0x90 ? 0xdc : 0xde;
      this.view.setUint16(start + 1, count);
    } else {
      this.buf[start] = kind === 0x90 ? 0xdd : 0xdf;
      this.view.setUint32(start + 1, count);
    }
    this.whole = true;
  }

  /** A plain object: its own enumerable string keys in their order, each
   * value read once, and written as it is read (so that reading ends where
   * a bound stops the writing). Members whose value is undefined are absent
   * in both modes (as an optional field that is not given); in json mode so
   * are the members JSON.stringify drops (functions, symbols, a toJSON that
   * gives nothing, and a BigInt beyond 64 bits). The map's header is written
   * for every key, then rewritten for the members written (the members
   * moved back when that header is shorter). */
  object(v, mode, depth, maxDepth) {
    const keys = Object.keys(v);
    const count = keys.length;
    this.mapHeader(count);
    const at = this.pos;
    const h = count < 16 ? 1 : count < 0x10000 ? 3 : 5;
    let n = 0;
    let key = at; // where the member being written starts
    try {
      for (let i = 0; i < count; i++) {
        const k = keys[i];
        let x = v[k];
        if (mode === JSON_MODE) {
          x = applyToJSON(x, k);
          if (dropped(x)) continue;
        }
        if (x === undefined) continue;
        key = this.pos;
        this.string(k);
        this.value(x, mode, depth + 1, maxDepth);
        n++;
      }
    } catch (e) {
      if (e === this.overNodes && this.cutting && !this.sink) {
        if (this.whole) n++;
        else this.pos = key; // its key without its value
        this.cut(at, count, n, 0x80);
      }
      throw e;
    }
    if (n === count || this.sink) return; // (past the bytes, nothing is sent)
    const start = at - h;
    const hn = n < 16 ? 1 : n < 0x10000 ? 3 : 5;
    if (hn !== h) this.buf.copyWithin(start + hn, at, this.pos);
    if (hn === 1) {
      this.buf[start] = 0x80 | n;
    } else if (hn === 3) {
      this.buf[start] = 0xde;
      this.view.setUint16(start + 1, n);
    } else {
      this.buf[start] = 0xdf;
      this.view.setUint32(start + 1, n);
    }
    this.pos -= h - hn;
  }

  /** An object that is not plain: a Date, a Map, a boxed primitive, another
   * typed array or a class instance. In json mode its toJSON, if any, was
   * called by its container (applyToJSON), as JSON.stringify calls it, and
   * is not called again on what it gave. */
  special(v, mode, depth, maxDepth) {
    if (v instanceof Date) {
      // A valid Date is a timestamp in both modes: the module refuses it
      // (strict) or writes it as Date.prototype.toJSON does (json), and, as
      // for a Go time.Time, an ordinary value that is a Date is JSON text,
      // not a string written verbatim. An invalid Date has no JSON form
      // (JSON.stringify writes null).
      const t = v.getTime();
      if (Number.isFinite(t)) this.timestamp(t);
      else if (mode === JSON_MODE) this.nil();
      else this.noJSON();
      return;
    }
    if (mode === STRICT) {
      this.noJSON();
      return;
    }
    if (v instanceof Number || v instanceof String || v instanceof Boolean || v instanceof BigInt) {
      // one value, counted once
      this.nodesLeft++;
      this.value(v.valueOf(), JSON_MODE, depth, maxDepth);
      return;
    }
    if (depth > maxDepth) throw tooDeep(maxDepth);
    // a Map, a Set, another typed array or a class instance: its own
    // enumerable properties, as JSON.stringify writes them
    this.object(v, JSON_MODE, depth, maxDepth);
  }
}

const dateToJSON = Date.prototype.toJSON;

/**
 * applyToJSON is what JSON.stringify does with a member or element before
 * writing it (in json mode): an object's toJSON is called with its key, and
 * what it gives is written as it is. Two exceptions keep the module's own
 * rules: bytes (a Uint8Array, a Buffer) stay bytes, and a Date with the
 * standard toJSON stays a Date (the module writes it exactly as toJSON
 * does). A Date that a toJSON gives is written as JSON.stringify writes it,
 * as an object of its own members.
 */
export function applyToJSON(x, key) {
  if (x === null || typeof x !== "object") return x;
  const f = x.toJSON; // looked up once: what is called is what was checked
  if (typeof f !== "function" || x instanceof Uint8Array) return x;
  if (x instanceof Date && f === dateToJSON) return x;
  const y = f.call(x, String(key));
  return y instanceof Date ? Object.assign({}, y) : y;
}

/** dropped reports whether JSON.stringify leaves out an object member of
 * this value (in json mode). */
function dropped(x) {
  switch (typeof x) {
    case "undefined":
    case "function":
    case "symbol":
      return true;
    case "bigint":
      return x < -0x8000000000000000n || x > 0xffffffffffffffffn;
  }
  return false;
}

function tooDeep(maxDepth) {
  return new EncodeLimit("max_depth", "the value nests deeper than " + maxDepth + " levels");
}

/** wtf8Length is the length of s as WTF-8. */
function wtf8Length(s) {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c < 0xdc00 && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** wtf8Into writes s as WTF-8 at p and returns the position after it. */
function wtf8Into(s, b, p) {
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c < 0x80) {
      b[p++] = c;
    } else if (c < 0x800) {
      b[p++] = 0xc0 | (c >> 6);
      b[p++] = 0x80 | (c & 0x3f);
    } else {
      if (c >= 0xd800 && c < 0xdc00 && i + 1 < s.length) {
        const d = s.charCodeAt(i + 1);
        if (d >= 0xdc00 && d < 0xe000) {
          c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          i++;
          b[p++] = 0xf0 | (c >> 18);
          b[p++] = 0x80 | ((c >> 12) & 0x3f);
          b[p++] = 0x80 | ((c >> 6) & 0x3f);
          b[p++] = 0x80 | (c & 0x3f);
          continue;
        }
      }
      b[p++] = 0xe0 | (c >> 12);
      b[p++] = 0x80 | ((c >> 6) & 0x3f);
      b[p++] = 0x80 | (c & 0x3f);
    }
  }
  return p;
}
