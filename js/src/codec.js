// The MessagePack codec of the ABI, written for exactly what requests and
// responses hold. It is hand-written rather than a dependency because the
// walk over a caller's value is where the JS-only rules live (undefined
// members, Date, Map, BigInt, toJSON, typed arrays, class instances, in
// either canonicalization mode), and one walk that encodes as it goes is
// faster than converting a value first and handing it to a general codec
// (make bench prints the comparison).
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
const textDecoder = new TextDecoder();

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
    if (this.pos > this.maxBytes) this.past(this.overBytes);
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

/**
 * decode reads one response: MessagePack maps (as plain objects), arrays,
 * strings, integers, floats, booleans and nil, which is all the module
 * writes. Anything else is a malformed response (an Error, never a guess).
 */
export function decode(bytes) {
  const d = new Decoder(bytes);
  const v = d.read();
  if (d.pos !== bytes.length) throw new Error("malformed response: trailing bytes");
  return v;
}

/** How every successful build response begins (abi.AppendBuilt): a map of
 * three members, "ok": true, then the key "json"; its string follows, then
 * the key "settings" and their map, last. */
const BUILT = Uint8Array.of(0x83, 0xa2, 0x6f, 0x6b, 0xc3, 0xa4, 0x6a, 0x73, 0x6f, 0x6e);
const SETTINGS_KEY = Uint8Array.of(0xa8, 0x73, 0x65, 0x74, 0x74, 0x69, 0x6e, 0x67, 0x73);

/**
 * readBuilt reads a build's response of exactly the shape the module writes
 * for a result it built, without walking it as a map: the JSON string, and
 * the settings as their MessagePack bytes (a view of b, left to the caller
 * to decode, or to compare with those of the call before). Anything else (a
 * failure, another shape, a truncated string) gives null, for decode to
 * read and report.
 */
export function readBuilt(b) {
  if (!startsWith(b, 0, BUILT)) return null;
  const c = b[BUILT.length]; // a str (fixstr, str 8, 16 or 32) or another shape
  if ((c & 0xe0) !== 0xa0 && (c < 0xd9 || c > 0xdb)) return null;
  const d = new Decoder(b);
  d.pos = BUILT.length;
  let json;
  try {
    json = d.read();
  } catch {
    return null; // cut short
  }
  if (!startsWith(b, d.pos, SETTINGS_KEY)) return null;
  const at = d.pos + SETTINGS_KEY.length;
  const m = b[at];
  if ((m & 0xf0) !== 0x80 && m !== 0xde && m !== 0xdf) return null;
  return { json, settings: b.subarray(at) };
}

/** startsWith reports whether b holds prefix at p. */
function startsWith(b, p, prefix) {
  if (p + prefix.length > b.length) return false;
  for (let i = 0; i < prefix.length; i++) if (b[p + i] !== prefix[i]) return false;
  return true;
}

/** utf8 decodes n bytes of b from start as UTF-8 (a malformed sequence
 * becomes U+FFFD, as TextDecoder makes it). A loop is faster than
 * TextDecoder's call only for the shortest ASCII strings (keys, codes);
 * from about a dozen bytes on, TextDecoder is (Node 20). */
function utf8(b, start, n) {
  if (n < 12) {
    let s = "";
    for (let i = start; i < start + n; i++) {
      const c = b[i];
      if (c >= 0x80) return textDecoder.decode(b.subarray(start, start + n));
      s += String.fromCharCode(c);
    }
    return s;
  }
  return textDecoder.decode(b.subarray(start, start + n));
}

/** equalBytes reports whether a and b hold the same bytes. */
export function equalBytes(a, b) {
  return a.length === b.length && startsWith(a, 0, b);
}

class Decoder {
  constructor(bytes) {
    this.b = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.pos = 0;
  }

  need(n) {
    if (this.pos + n > this.b.length) throw new Error("malformed response: truncated");
  }

  u8() {
    this.need(1);
    return this.b[this.pos++];
  }

  u16() {
    this.need(2);
    const n = this.view.getUint16(this.pos);
    this.pos += 2;
    return n;
  }

  u32() {
    this.need(4);
    const n = this.view.getUint32(this.pos);
    this.pos += 4;
    return n;
  }

  /** big reads 8 bytes as a number (the module writes no integer a double
   * cannot hold in a response). */
  big(signed) {
    this.need(8);
    const n = signed ? this.view.getBigInt64(this.pos) : this.view.getBigUint64(this.pos);
    this.pos += 8;
    return Number(n);
  }

  read() {
    const c = this.u8();
    if (c < 0x80) return c;
    if (c >= 0xe0) return c - 0x100;
    if ((c & 0xf0) === 0x80) return this.map(c & 0x0f);
    if ((c & 0xf0) === 0x90) return this.array(c & 0x0f);
    if ((c & 0xe0) === 0xa0) return this.str(c & 0x1f);
    switch (c) {
      case 0xc0:
        return null;
      case 0xc2:
        return false;
      case 0xc3:
        return true;
      case 0xca:
        return new DataView(Uint32Array.of(this.u32()).buffer).getFloat32(0, true);
      case 0xcb: {
        this.need(8);
        const f = this.view.getFloat64(this.pos);
        this.pos += 8;
        return f;
      }
      case 0xcc:
        return this.u8();
      case 0xcd:
        return this.u16();
      case 0xce:
        return this.u32();
      case 0xcf:
        return this.big(false);
      case 0xd0:
        return (this.u8() << 24) >> 24;
      case 0xd1:
        return (this.u16() << 16) >> 16;
      case 0xd2:
        return this.u32() | 0;
      case 0xd3:
        return this.big(true);
      case 0xd9:
        return this.str(this.u8());
      case 0xda:
        return this.str(this.u16());
      case 0xdb:
        return this.str(this.u32());
      case 0xdc:
        return this.array(this.u16());
      case 0xdd:
        return this.array(this.u32());
      case 0xde:
        return this.map(this.u16());
      case 0xdf:
        return this.map(this.u32());
    }
    throw new Error("malformed response: unexpected type byte 0x" + c.toString(16));
  }

  str(n) {
    this.need(n);
    const start = this.pos;
    this.pos += n;
    return utf8(this.b, start, n);
  }

  array(n) {
    if (n > this.b.length - this.pos) throw new Error("malformed response: truncated");
    const out = new Array(n);
    for (let i = 0; i < n; i++) out[i] = this.read();
    return out;
  }

  map(n) {
    if (n > this.b.length - this.pos) throw new Error("malformed response: truncated");
    const out = {};
    for (let i = 0; i < n; i++) {
      const k = this.read();
      if (typeof k !== "string") throw new Error("malformed response: a key is not a string");
      out[k] = this.read();
    }
    return out;
  }
}

/**
 * parseExact parses JSON the module wrote, as JSON.parse does, except that
 * an integer token that is one of bigInts (the decimal text of the BigInts
 * beyond ±(2^53-1) the request held) becomes that BigInt rather than the
 * nearest double. It is used only for results whose request held such a
 * BigInt, so that the returned object holds what the caller gave:
 * JSON.stringify then refuses the BigInt loudly rather than sending another
 * number, and serialize writes it exactly. A number the caller gave as a
 * double stays the double it was.
 */
export function parseExact(text, bigInts) {
  let i = 0;
  const value = () => {
    const c = text.charCodeAt(i);
    if (c === 0x7b) {
      // {
      const out = {};
      i++;
      if (text.charCodeAt(i) === 0x7d) {
        i++;
        return out;
      }
      for (;;) {
        const k = string();
        i++; // :
        const v = value();
        // a "__proto__" key is an own member, as JSON.parse makes it
        Object.defineProperty(out, k, { value: v, writable: true, enumerable: true, configurable: true });
        if (text.charCodeAt(i++) === 0x7d) return out;
      }
    }
    if (c === 0x5b) {
      // [
      const out = [];
      i++;
      if (text.charCodeAt(i) === 0x5d) {
        i++;
        return out;
      }
      for (;;) {
        out.push(value());
        if (text.charCodeAt(i++) === 0x5d) return out;
      }
    }
    if (c === 0x22) return string();
    const start = i;
    while (i < text.length && !",}]".includes(text[i])) i++;
    const tok = text.slice(start, i);
    if (tok === "true") return true;
    if (tok === "false") return false;
    if (tok === "null") return null;
    return bigInts.has(tok) ? BigInt(tok) : Number(tok);
  };
  const string = () => {
    const start = i;
    i++;
    for (;;) {
      const c = text.charCodeAt(i++);
      if (c === 0x5c) i++;
      else if (c === 0x22) break;
    }
    return JSON.parse(text.slice(start, i));
  };
  const v = value();
  if (i !== text.length) throw new Error("malformed JSON from the module");
  return v;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** wtf8 decodes n bytes of b from start as the encoder wrote them: UTF-8,
 * or WTF-8 for a string with a lone surrogate, which comes back as that
 * surrogate (TextDecoder would replace it with U+FFFD). */
function wtf8(b, start, n) {
  try {
    return strictUtf8.decode(b.subarray(start, start + n));
  } catch {
    // a lone surrogate (ED A0 80 to ED BF BF): the three-byte form, kept
  }
  let s = "";
  for (let i = start; i < start + n; ) {
    const c = b[i];
    let cp;
    if (c < 0x80) {
      cp = c;
      i += 1;
    } else if (c < 0xe0) {
      cp = ((c & 0x1f) << 6) | (b[i + 1] & 0x3f);
      i += 2;
    } else if (c < 0xf0) {
      cp = ((c & 0x0f) << 12) | ((b[i + 1] & 0x3f) << 6) | (b[i + 2] & 0x3f);
      i += 3;
    } else {
      cp = ((c & 0x07) << 18) | ((b[i + 1] & 0x3f) << 12) | ((b[i + 2] & 0x3f) << 6) | (b[i + 3] & 0x3f);
      i += 4;
    }
    s += String.fromCodePoint(cp);
  }
  return s;
}

/** The error of an input holding a value with no JSON form (the encoder's
 * extension EXT_NO_JSON), at its path. */
function noJsonAt(path) {
  return new InputHasNoJSON(path);
}

/** InputHasNoJSON is what decodeInput throws for a value with no JSON form
 * (path: the JSON Pointer of the value), or (notObject) for a value asked
 * for its members that is not an object, for its caller to report. */
export class InputHasNoJSON {
  constructor(path, notObject = false) {
    this.path = path;
    this.notObject = notObject;
  }
}

/**
 * An InputDecoder reads back a value the Encoder wrote (the input of a
 * request): beside what a response holds, bytes (as a new Uint8Array), a
 * timestamp (a Date), an integer beyond ±(2^53−1) (the BigInt it was
 * written from), and the extension of a value with no JSON form, which has
 * none to give (InputHasNoJSON). Objects are plain, "__proto__" an own
 * member as JSON.parse makes it.
 */
class InputDecoder extends Decoder {
  read() {
    const c = this.b[this.pos];
    switch (c) {
      case 0xc4:
      case 0xc5:
      case 0xc6: {
        this.pos++;
        const n = c === 0xc4 ? this.u8() : c === 0xc5 ? this.u16() : this.u32();
        this.need(n);
        const out = this.b.slice(this.pos, this.pos + n);
        this.pos += n;
        return out;
      }
      case 0xc7: {
        // ext 8: the timestamp of a Date (12 bytes, type -1)
        this.pos++;
        const n = this.u8();
        const type = this.u8();
        if (n !== 12 || type !== 0xff) throw new Error("malformed input: an extension of type " + type);
        this.need(12);
        const nsec = this.view.getUint32(this.pos);
        const sec = this.view.getBigInt64(this.pos + 4);
        this.pos += 12;
        return new Date(Number(sec) * 1000 + nsec / 1e6);
      }
      case 0xd4: {
        this.pos++;
        const type = this.u8();
        this.u8();
        if (type !== EXT_NO_JSON) throw new Error("malformed input: an extension of type " + type);
        throw noJsonAt("");
      }
      case 0xcf:
      case 0xd3: {
        this.pos++;
        this.need(8);
        const n = c === 0xcf ? this.view.getBigUint64(this.pos) : this.view.getBigInt64(this.pos);
        this.pos += 8;
        return n > 9007199254740991n || n < -9007199254740991n ? n : Number(n);
      }
    }
    if ((c & 0xe0) === 0xa0 || (c >= 0xd9 && c <= 0xdb)) {
      this.pos++;
      const n = c < 0xd9 ? c & 0x1f : c === 0xd9 ? this.u8() : c === 0xda ? this.u16() : this.u32();
      this.need(n);
      const start = this.pos;
      this.pos += n;
      if (n < 12) {
        // keys and codes: a loop while ASCII (as utf8 does)
        let out = "";
        for (let i = start; i < start + n; i++) {
          const c = this.b[i];
          if (c >= 0x80) return wtf8(this.b, start, n);
          out += String.fromCharCode(c);
        }
        return out;
      }
      return wtf8(this.b, start, n);
    }
    return super.read();
  }

  array(n) {
    if (n > this.b.length - this.pos) throw new Error("malformed input: truncated");
    const out = new Array(n);
    for (let i = 0; i < n; i++) {
      try {
        out[i] = this.read();
      } catch (e) {
        throw e instanceof InputHasNoJSON ? noJsonAt("/" + i + e.path) : e;
      }
    }
    return out;
  }

  map(n) {
    if (n > this.b.length - this.pos) throw new Error("malformed input: truncated");
    const out = {};
    for (let i = 0; i < n; i++) {
      const k = this.read();
      if (typeof k !== "string") throw new Error("malformed input: a key is not a string");
      let v;
      try {
        v = this.read();
      } catch (e) {
        throw e instanceof InputHasNoJSON ? noJsonAt("/" + k.replace(/~/g, "~0").replace(/\//g, "~1") + e.path) : e;
      }
      if (k === "__proto__") Object.defineProperty(out, k, { value: v, writable: true, enumerable: true, configurable: true });
      else out[k] = v;
    }
    return out;
  }

  /** skip moves past one value without making it. */
  skip() {
    const c = this.u8();
    if (c < 0x80 || c >= 0xe0 || c === 0xc0 || c === 0xc2 || c === 0xc3) return;
    let n;
    if ((c & 0xf0) === 0x80) n = -(c & 0x0f);
    else if ((c & 0xf0) === 0x90) n = c & 0x0f;
    else if ((c & 0xe0) === 0xa0) return void (this.pos += c & 0x1f);
    else {
      switch (c) {
        case 0xcc:
        case 0xd0:
          return void (this.pos += 1);
        case 0xcd:
        case 0xd1:
          return void (this.pos += 2);
        case 0xca:
        case 0xce:
        case 0xd2:
          return void (this.pos += 4);
        case 0xcb:
        case 0xcf:
        case 0xd3:
          return void (this.pos += 8);
        case 0xc4:
        case 0xd9:
          n = this.u8(); // (read before pos is: u8 moves it)
          return void (this.pos += n);
        case 0xc5:
        case 0xda:
          n = this.u16();
          return void (this.pos += n);
        case 0xc6:
        case 0xdb:
          n = this.u32();
          return void (this.pos += n);
        case 0xd4:
          return void (this.pos += 2);
        case 0xc7:
          n = this.u8();
          return void (this.pos += 1 + n);
        case 0xdc:
          n = this.u16();
          break;
        case 0xdd:
          n = this.u32();
          break;
        case 0xde:
          n = -this.u16();
          break;
        case 0xdf:
          n = -this.u32();
          break;
        default:
          throw new Error("malformed input: unexpected type byte 0x" + c.toString(16));
      }
    }
    // an array of n, or a map of -n members (two values each)
    const count = n < 0 ? -2 * n : n;
    for (let i = 0; i < count; i++) this.skip();
  }
}

/**
 * decodeInput reads back the value the Encoder wrote into bytes (see
 * InputDecoder). With members (a list of keys), the value is a map and
 * only those members are made, into a plain object; the others are passed
 * over. It throws InputHasNoJSON for a value with no JSON form among what
 * it makes.
 */
export function decodeInput(bytes, members) {
  const d = new InputDecoder(bytes);
  if (members === undefined) {
    const v = d.read();
    if (d.pos !== bytes.length) throw new Error("malformed input: trailing bytes");
    return v;
  }
  const c = d.b[0];
  if ((c & 0xf0) !== 0x80 && c !== 0xde && c !== 0xdf) {
    d.read(); // a value with no JSON form is InputHasNoJSON at ""
    throw new InputHasNoJSON("", true);
  }
  d.pos = 1;
  let n;
  if ((c & 0xf0) === 0x80) n = c & 0x0f;
  else if (c === 0xde) n = d.u16();
  else n = d.u32();
  const out = {};
  for (let i = 0; i < n; i++) {
    const k = d.read();
    if (typeof k === "string" && members.includes(k)) {
      try {
        out[k] = d.read();
      } catch (e) {
        throw e instanceof InputHasNoJSON ? noJsonAt("/" + k.replace(/~/g, "~0").replace(/\//g, "~1") + e.path) : e;
      }
    } else d.skip();
  }
  return out;
}
