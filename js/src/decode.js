// The MessagePack decoder of the ABI: the responses the module writes
// (decode, and readBuilt for the shape of a built result), the JSON it
// writes with integers beyond ±(2^53−1) (parseExact), and the inputs the
// encoder (encode.js) wrote, read back (decodeInput). Like the encoder it
// reads exactly what the module and the encoder write, and nothing else: a
// malformed response is an Error, never a guess.

import { EXT_NO_JSON } from "./encode.js";

const textDecoder = new TextDecoder();

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

/** How every successful build response begins (internal/guest writes it): a map of
 * three to five members, "ok": true, then the key "json"; its string
 * follows, then the key "settings" and their map, then (a build that also
 * serialized) the key "wire" and what it says, then (strings answered by
 * reference) the key "refs" and their array. */
const BUILT = Uint8Array.of(0x83, 0xa2, 0x6f, 0x6b, 0xc3, 0xa4, 0x6a, 0x73, 0x6f, 0x6e);
const SETTINGS_KEY = Uint8Array.of(0xa8, 0x73, 0x65, 0x74, 0x74, 0x69, 0x6e, 0x67, 0x73);
const WIRE_KEY = Uint8Array.of(0xa4, 0x77, 0x69, 0x72, 0x65);
const REFS_KEY = Uint8Array.of(0xa4, 0x72, 0x65, 0x66, 0x73);

/** How a build's wire JSON is to the built JSON (readBuilt's wireAs; 1
 * and 2 are what the module answers as wire for them). */
export const WIRE_NONE = 0; // no wire JSON: a build that did not serialize
export const WIRE_SAME = 1; // the built JSON
export const WIRE_RESULT_TYPE = 2; // the built JSON, resultType first
export const WIRE_OTHER = 3; // another JSON, given as wire

/** wireAsOf gives how a build response's wire is to its built JSON: the
 * wireAs readBuilt read, or, for a response the general decoder read (its
 * wire as the module wrote it: 1, 2 or a string), the same told from it. */
export function wireAsOf(resp) {
  if (resp.wireAs !== undefined) return resp.wireAs;
  if (typeof resp.wire === "string") return WIRE_OTHER;
  return resp.wire === WIRE_SAME || resp.wire === WIRE_RESULT_TYPE ? resp.wire : WIRE_NONE;
}

/**
 * readBuilt reads a build's response of exactly the shape the module writes
 * for a result it built, without walking it as a map: the JSON string, the
 * settings as their MessagePack bytes (a view of b, left to the caller to
 * decode, or to compare with those of the call before), the wire and the
 * refs (the strings the JSON holds by reference: a flat array of where each
 * starts in the request, where its "" starts in the JSON, and its JSON
 * Pointer). Anything else (a failure, another shape, a truncated string)
 * gives null, for decode to read and report.
 */
export function readBuilt(b) {
  const n = b[0] - 0x80; // the map's members
  if (n < 3 || n > 5 || !startsWith(b, 1, BUILT.subarray(1))) return null;
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
  if (n === 3) return { json, settings: b.subarray(at), wireAs: WIRE_NONE, wire: undefined, refs: undefined };
  let settings;
  let wireAs = WIRE_NONE;
  let wire;
  let refs;
  let left = n - 3;
  try {
    d.pos = at;
    d.skip();
    settings = b.subarray(at, d.pos);
    if (startsWith(b, d.pos, WIRE_KEY)) {
      // what the wire says (1 or 2, a positive fixint: the built JSON, or
      // it with resultType first), or its JSON
      d.pos += WIRE_KEY.length;
      const h = b[d.pos];
      if (h === WIRE_SAME || h === WIRE_RESULT_TYPE) {
        wireAs = h;
        d.pos++;
      } else {
        if ((h & 0xe0) !== 0xa0 && (h < 0xd9 || h > 0xdb)) return null;
        wire = d.read();
        wireAs = WIRE_OTHER;
      }
      left--;
    }
    if (left === 1 && startsWith(b, d.pos, REFS_KEY)) {
      d.pos += REFS_KEY.length;
      refs = d.read();
      if (!Array.isArray(refs)) return null;
      left--;
    }
  } catch {
    return null;
  }
  if (left !== 0 || d.pos !== b.length) return null;
  return { json, settings, wireAs, wire, refs };
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

/** The bytes after the type byte of each number type (uint, int, float),
 * for skip. */
const FIXED_WIDTH = { 0xcc: 1, 0xd0: 1, 0xcd: 2, 0xd1: 2, 0xca: 4, 0xce: 4, 0xd2: 4, 0xcb: 8, 0xcf: 8, 0xd3: 8 };

class Decoder {
  constructor(bytes) {
    this.b = bytes;
    this.dataView = undefined; // made at the first float or 64-bit integer
    this.pos = 0;
  }

  /** view is a DataView of the bytes, made once, when first needed. */
  get view() {
    return (this.dataView ??= new DataView(this.b.buffer, this.b.byteOffset, this.b.byteLength));
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
    const b = this.b;
    const p = this.pos;
    this.pos += 2;
    return (b[p] << 8) | b[p + 1];
  }

  u32() {
    this.need(4);
    const b = this.b;
    const p = this.pos;
    this.pos += 4;
    return b[p] * 0x1000000 + ((b[p + 1] << 16) | (b[p + 2] << 8) | b[p + 3]);
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

  /** skip moves past one value, as read would, without making it: a
   * malformed value throws as read throws. */
  skip() {
    const c = this.u8();
    if (c < 0x80 || c >= 0xe0 || c === 0xc0 || c === 0xc2 || c === 0xc3) return;
    if ((c & 0xe0) === 0xa0) return this.skipBytes(c & 0x1f);
    if ((c & 0xf0) === 0x80) return this.skipMembers(2 * (c & 0x0f));
    if ((c & 0xf0) === 0x90) return this.skipMembers(c & 0x0f);
    const width = FIXED_WIDTH[c];
    if (width !== undefined) return this.skipBytes(width);
    if (c >= 0xd9 && c <= 0xdb) return this.skipBytes(this.length(c - 0xd9));
    if (c === 0xdc || c === 0xdd) return this.skipMembers(this.length(c - 0xdb));
    if (c === 0xde || c === 0xdf) return this.skipMembers(2 * this.length(c - 0xdd));
    throw new Error("malformed response: unexpected type byte 0x" + c.toString(16));
  }

  /** length reads a length of 1, 2 or 4 bytes (k 0, 1 or 2). */
  length(k) {
    return k === 0 ? this.u8() : k === 1 ? this.u16() : this.u32();
  }

  skipBytes(n) {
    this.need(n);
    this.pos += n;
  }

  /** skipMembers skips n values (a map's keys and values counted alike). */
  skipMembers(n) {
    if (n > this.b.length - this.pos) throw new Error("malformed response: truncated");
    for (let i = 0; i < n; i++) this.skip();
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
 * surrogate (TextDecoder would replace it with U+FFFD). The shortest ASCII
 * strings (keys, codes) are read with a loop, as utf8 reads them. */
function wtf8(b, start, n) {
  if (n < 12) {
    let s = "";
    let i = start;
    for (; i < start + n; i++) {
      const c = b[i];
      if (c >= 0x80) break;
      s += String.fromCharCode(c);
    }
    if (i === start + n) return s;
  }
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
