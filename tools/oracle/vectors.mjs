// vectors.mjs — generates the conformance vectors
//   testdata/vectors/json-numbers.json  (ECMAScript number formatting)
//   testdata/vectors/json-strings.json  (JSON.stringify string escaping)
// in the vector format of docs/vectors.md.
//
// The expected outputs are computed here by Node's own JSON.stringify (the oracle),
// NOT by the Go implementation. Do not hand-edit the generated files: edit the
// input lists below and run, from the repository root,
//
//   node tools/oracle/vectors.mjs           # (re)write the files
//   node tools/oracle/vectors.mjs --check   # exit 1 if the files are not up to date
//
// Plain Node (>= 20), no dependencies. Output is deterministic.
//
// Vector-file rules this script enforces:
//   - a number token without fraction/exponent is an INTEGER for the runners, so every
//     float input is written with '.', 'e' or 'E' (100.0, not 100), and every
//     integer-syntax token has |n| <= 2^53 (Node would round anything larger);
//   - integers beyond 2^53 are written {"$int": "<decimal>"}; Node runners see them
//     as BigInt (an integer in both modes), so they are written exactly;
//   - a lone surrogate is written as an escape ("\ud800"); JSON.stringify (well-formed
//     since ES2019) does exactly that.

import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join, relative } from 'node:path';

const HERE = dirname(fileURLToPath(import.meta.url));
const OUT_DIR = join(HERE, '..', '..', 'testdata', 'vectors');
const TWO_53 = 2n ** 53n;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

// ---------------------------------------------------------------------------
// Input markers: they fix the exact token written in the vector file.

class Num {
  constructor(text, kind) { this.text = text; this.kind = kind; }
}
const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/** A float input, written in the file exactly as `text` (must contain '.', 'e' or 'E'). */
function F(text) {
  if (!JSON_NUMBER.test(text) || !/[.eE]/.test(text)) throw new Error(`F(${text}): not float syntax`);
  if (!Number.isFinite(Number(text))) throw new Error(`F(${text}): not finite`);
  return new Num(text, 'float');
}

/** An integer input with |n| <= 2^53, written in the file exactly as `text`. */
function I(text) {
  text = String(text);
  if (!/^-?(0|[1-9]\d*)$/.test(text)) throw new Error(`I(${text}): not integer syntax`);
  const b = BigInt(text);
  if (b > TWO_53 || b < -TWO_53) throw new Error(`I(${text}): beyond 2^53, use Int64`);
  return new Num(text, 'int');
}

/** An integer beyond ±2^53 (int64 range), written {"$int": "<decimal>"}. */
class Int64 {
  constructor(text) {
    const b = BigInt(text);
    if (String(b) !== text) throw new Error(`Int64(${text}): not canonical decimal`);
    if (b < INT64_MIN || b > INT64_MAX) throw new Error(`Int64(${text}): outside int64`);
    if (b <= TWO_53 && b >= -TWO_53) throw new Error(`Int64(${text}): within 2^53, use I`);
    this.text = text;
  }
}
const L = (t) => new Int64(t);

/** A string whose JSON text in the vector file is given literally (e.g. escapes kept). */
class RawStr {
  constructor(jsonText) {
    const v = JSON.parse(jsonText);
    if (typeof v !== 'string') throw new Error(`RawStr(${jsonText}): not a string`);
    this.text = jsonText;
    this.value = v;
  }
}
const R = (t) => new RawStr(t);

const isPlainObject = (x) => x !== null && typeof x === 'object' && Object.getPrototypeOf(x) === Object.prototype;

function checkKey(k) {
  // JS objects reorder array-index-like keys; that would break "caller's key order".
  if (/^(0|[1-9]\d*)$/.test(k) && Number(k) < 2 ** 32 - 1) throw new Error(`key ${JSON.stringify(k)} is array-index-like`);
  if (k === '__proto__') throw new Error('key __proto__ not allowed');
}

// ---------------------------------------------------------------------------
// Model -> plain JS value (what a Node runner holds after decoding the vector).

function toValue(x) {
  if (x instanceof Num) return Number(x.text);
  if (x instanceof Int64) return BigInt(x.text);
  if (x instanceof RawStr) return x.value;
  if (typeof x === 'number') {
    if (!Number.isSafeInteger(x) || Object.is(x, -0)) throw new Error(`bare number ${x}: use F()/I()`);
    return x;
  }
  if (x === null || typeof x === 'string' || typeof x === 'boolean') return x;
  if (Array.isArray(x)) return x.map(toValue);
  if (isPlainObject(x)) {
    const o = {};
    for (const [k, v] of Object.entries(x)) { checkKey(k); o[k] = toValue(v); }
    return o;
  }
  throw new Error(`unsupported model value ${String(x)}`);
}

// Parsed vector file -> plain JS value ({"$int": s} -> BigInt), for the self-check.
function fromFile(x) {
  if (Array.isArray(x)) return x.map(fromFile);
  if (isPlainObject(x)) {
    const keys = Object.keys(x);
    if (keys.length === 1 && keys[0] === '$int') return BigInt(x.$int);
    const o = {};
    for (const k of keys) o[k] = fromFile(x[k]);
    return o;
  }
  return x;
}

// ---------------------------------------------------------------------------
// The oracle: JSON.stringify, with BigInt written as its exact decimal.

const PH = '@@bigint@@';
function oracleJSON(v) {
  const s = JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? PH + x.toString() + PH : x));
  return s.replace(/"@@bigint@@(-?\d+)@@bigint@@"/g, '$1');
}

/** Expected compact wire JSON of a successful tool build (wire key order). */
function expectTool(input) {
  const r = {};
  r.content = input.content !== undefined
    ? input.content
    : [{ type: 'text', text: oracleJSON(input.structuredContent) }];
  if ('structuredContent' in input) r.structuredContent = input.structuredContent;
  r.isError = false;
  return oracleJSON(r);
}

// ---------------------------------------------------------------------------
// Pretty printer for the vector file: same layout as JSON.stringify(x, null, 2),
// but number tokens come from the markers, so floats keep their '.0' / exponent.

function ser(x, ind = '') {
  if (x instanceof Num) return x.text;
  if (x instanceof RawStr) return x.text;
  if (x instanceof Int64) return ser({ $int: x.text }, ind);
  if (typeof x === 'number') { toValue(x); return String(x); }
  if (x === null || typeof x === 'boolean' || typeof x === 'string') return JSON.stringify(x);
  const inner = ind + '  ';
  if (Array.isArray(x)) {
    if (x.length === 0) return '[]';
    return '[\n' + x.map((v) => inner + ser(v, inner)).join(',\n') + '\n' + ind + ']';
  }
  if (isPlainObject(x)) {
    const e = Object.entries(x);
    if (e.length === 0) return '{}';
    return '{\n' + e.map(([k, v]) => { checkKey(k); return inner + JSON.stringify(k) + ': ' + ser(v, inner); }).join(',\n') + '\n' + ind + '}';
  }
  throw new Error(`cannot serialize ${String(x)}`);
}

// ---------------------------------------------------------------------------
// Vector constructors.

const text = (s) => ({ type: 'text', text: s });

function okVector(name, input) {
  return { name, op: 'build', kind: 'tool', input, expect: { json: expectTool(toValue(input)) } };
}
function errVector(name, input, path) {
  return { name, op: 'build', kind: 'tool', input, expect: { error: { code: 'invalid_utf8', path } } };
}
const numSC = (slug, v) => okVector(`json/number/${slug}`, { structuredContent: v });
const strSC = (slug, v) => okVector(`json/string/${slug}`, { structuredContent: v });
const strText = (slug, s) => okVector(`json/string/${slug}`, { content: [text(s)] });

// ---------------------------------------------------------------------------
// Number vectors (structuredContent = V; fallback text = JSON.stringify(V)).

const numbers = [
  // integers (written exactly)
  numSC('int-zero', I(0)),
  numSC('int-neg-zero', I('-0')), // integer syntax -0: an integer, written 0
  numSC('int-one', I(1)),
  numSC('int-neg-one', I(-1)),
  numSC('int-1e15-digits', I('1000000000000000')),
  numSC('int-2pow53-minus-1', I('9007199254740991')),
  numSC('int-2pow53', I('9007199254740992')),
  numSC('int-neg-2pow53', I('-9007199254740992')),
  numSC('int-2pow53-plus-1', L('9007199254740993')),
  numSC('int-neg-2pow53-minus-1', L('-9007199254740993')),
  numSC('int-18-digits', L('123456789012345678')),
  numSC('int-int64-max', L('9223372036854775807')),
  numSC('int-int64-min', L('-9223372036854775808')),
  numSC('int-beyond-2pow53-in-object', { id: L('9007199254740993'), n: I(1) }),
  numSC('int-beyond-2pow53-in-array', [L('9223372036854775807'), I(0), F('0.5'), L('-9223372036854775808')]),

  // shortest round trip
  numSC('float-0.1', F('0.1')),
  numSC('float-0.1-plus-0.2', F('0.30000000000000004')),
  numSC('float-0.3', F('0.3')),
  numSC('float-one-third', F('0.3333333333333333')),
  numSC('float-two-thirds', F('0.6666666666666666')),
  numSC('float-1-plus-epsilon', F('1.0000000000000002')),
  numSC('float-pi', F('3.141592653589793')),
  numSC('float-4.35', F('4.35')),
  numSC('float-2.5', F('2.5')),
  numSC('float-neg-2.5', F('-2.5')),
  numSC('float-0.5', F('0.5')),
  numSC('float-17-digits-input', F('123456789.123456789')),
  numSC('float-2pow52-minus-half', F('4503599627370495.5')),

  // extremes
  numSC('float-min-subnormal', F('5e-324')),
  numSC('float-min-subnormal-long-input', F('4.9406564584124654e-324')),
  numSC('float-neg-min-subnormal', F('-5e-324')),
  numSC('float-max-subnormal', F('2.225073858507201e-308')),
  numSC('float-min-normal', F('2.2250738585072014e-308')),
  numSC('float-max', F('1.7976931348623157e308')),
  numSC('float-neg-max', F('-1.7976931348623157e+308')),
  numSC('float-1e300', F('1e300')),
  numSC('float-neg-1e-300', F('-1e-300')),

  // the 1e21 boundary (exponent form from 1e21 up)
  numSC('float-1e20', F('1e20')),
  numSC('float-123456789012345680000', F('123456789012345680000.0')),
  numSC('float-123456789012345678901-rounds', F('123456789012345678901.0')),
  numSC('float-999999999999999900000', F('999999999999999900000.0')),
  numSC('float-1e21', F('1e21')),
  numSC('float-1e21-long-input', F('1000000000000000000000.0')),
  numSC('float-1.2345e21', F('1.2345e21')),
  numSC('float-2pow63', F('9223372036854775808.0')),
  numSC('float-2pow64', F('18446744073709551616.0')),

  // the 1e-7 boundary (exponent form below 1e-6)
  numSC('float-1e-6', F('1e-6')),
  numSC('float-0.000001', F('0.000001')),
  numSC('float-1.5e-6', F('1.5e-6')),
  numSC('float-1e-7', F('1e-7')),
  numSC('float-0.0000001-long-input', F('0.0000001')),
  numSC('float-neg-1e-7', F('-1e-7')),
  numSC('float-1.5e-7', F('1.5e-7')),
  numSC('float-0.000123', F('0.000123')),
  numSC('float-1.2345678901234567e-10', F('1.2345678901234567e-10')),

  // integral floats: written as integers, never "100.0" or "1e2"
  numSC('float-100.0', F('100.0')),
  numSC('float-1.0', F('1.0')),
  numSC('float-0.0', F('0.0')),
  numSC('float-neg-0.0', F('-0.0')), // float negative zero: written 0
  numSC('float-uppercase-exponent-1E2', F('1E2')),
  numSC('float-signed-exponent-1.5E+3', F('1.5E+3')),
  numSC('float-0.1e1', F('0.1e1')),
  numSC('float-1e16', F('1e16')),
  numSC('float-2pow53', F('9007199254740992.0')),
  numSC('float-2pow53-plus-1-rounds-to-even', F('9007199254740993.0')),
  numSC('float-2pow53-plus-2', F('9007199254740994.0')),

  // inside structures (also in the fallback text)
  numSC('float-array', [F('0.1'), F('0.2'), F('0.30000000000000004')]),
  numSC('mixed-object', {
    a: F('0.1'),
    b: [F('1.0'), F('-0.0'), F('1e21'), I(2), I('-0')],
    c: I('9007199254740992'),
    d: F('1e-7'),
    e: { f: F('100.0'), g: L('-9007199254740993') },
  }),
];

// ---------------------------------------------------------------------------
// String vectors.

const hex4 = (c) => c.toString(16).padStart(4, '0');
const controls = Array.from({ length: 0x20 }, (_, c) => String.fromCharCode(c));
const allControls = controls.join('');

const strings = [
  // every control character, alone in a text block
  ...controls.map((ch, c) => strText(`control-u${hex4(c)}`, ch)),
  strText('all-controls', allControls),
  strText('controls-between-text', 'a\u0000b\bc\td\ne\u000bf\fg\rh\u001bi\u001fj'),
  strText('u001f-then-space', '\u001f\u0020!'),
  strSC('all-controls-structured', { s: allControls }),

  // characters that must NOT be escaped (besides " and \)
  strText('quote', '"'),
  strText('backslash', '\\'),
  strText('quote-backslash-mix', 'say \\"hi\\" and "bye" \\\\'),
  strText('backslash-u-literal', '\\u0041\\n'),
  strText('slash', '/'),
  strText('closing-script-tag', '</script>'),
  strText('lt', '<'),
  strText('gt', '>'),
  strText('amp', '&'),
  strText('html', '<a href="x?a=1&b=2">&amp;</a>'),
  strText('del-u007f', '\u007f'),
  strText('u0080', '\u0080'),
  strText('nel-u0085', '\u0085'),
  strText('nbsp-u00a0', '\u00a0'),
  strText('e-acute-u00e9', '\u00e9'),
  strText('e-acute-escaped-in-vector', R('"caf\\u00e9"')),
  strText('u00ff', '\u00ff'),
  strText('zwsp-u200b', '\u200b'),
  strText('line-separator-u2028', '\u2028'),
  strText('paragraph-separator-u2029', '\u2029'),
  strText('u2028-u2029-in-text', 'a\u2028b\u2029c'),
  strText('bom-ufeff', '\ufeff'),
  strText('bom-ufeff-leading', '\ufeffhello'),
  strText('replacement-char-ufffd', '\ufffd'),
  strText('noncharacter-uffff', '\uffff'),
  strText('cjk', '\u65e5\u672c\u8a9e'),
  strText('emoji-u1f600', '\u{1f600}'),
  strText('emoji-escaped-pair-in-vector', R('"\\ud83d\\ude00"')),
  strText('emoji-zwj-sequence', '\u{1f469}\u200d\u{1f4bb}'),
  strText('max-code-point-u10ffff', '\u{10ffff}'),
  strText('first-astral-u10000', R('"\\ud800\\udc00"')),
  strText('empty', ''),
  strText('mix', 'He said "hi"\n\t<b>&amp;</b> \\ / \u2028 \u{1f600} \u00e9 \u0000 \u007f end'),

  // several blocks, and content given together with structured content (no fallback)
  okVector('json/string/multiple-text-blocks', { content: [text('\n'), text('"'), text(''), text('\u{1f600}\u0001')] }),
  okVector('json/string/content-and-structured', {
    content: [text('see structured\u2028content')],
    structuredContent: { s: '\t"\u0001\u2029' },
  }),

  // strings in structured content (escaped once in structuredContent, twice in the fallback)
  strSC('structured-top-level-string', 'line1\nline2'),
  strSC('structured-json-looking-string', '{"a":1,"b":"\\n"}'),
  strSC('structured-empty-string', ''),
  strSC('structured-mix', { q: '"', b: '\\', n: '\n', u: '\u0001', l: '\u2028', e: '\u{1f600}', h: '<&>' }),
  strSC('structured-nested', { a: [{ b: '\t' }, ['\u001f', '/']] }),

  // object keys with special characters (caller's order kept)
  strSC('key-control-u0001', { 'a\u0001b': I(1) }),
  strSC('key-all-short-escapes', { '\b\f\n\r\t': true }),
  strSC('key-quote', { 'q"k': 'v' }),
  strSC('key-backslash', { 'b\\k': null }),
  strSC('key-slash-tilde', { 'a/b~c': I(0) }),
  strSC('key-html', { '<a>&': false }),
  strSC('key-u2028', { '\u2028': '\u2029' }),
  strSC('key-emoji', { '\u{1f600}': '\u{1f600}' }),
  strSC('key-nonascii', { '\u00e9t\u00e9': 'summer' }),
  strSC('key-empty', { '': '' }),
  strSC('key-order-kept', { z: I(1), '\u0000': I(2), a: I(3), '\u00e9': I(4), A: I(5) }),
  strSC('key-nested', { outer: { 'in\nner': ['x', { '"': '\\' }] } }),

  // lone surrogates: invalid_utf8 at the pointer of the string
  errVector('json/string/lone-surrogate-ud800', { content: [text('\ud800')] }, '/content/0/text'),
  errVector('json/string/lone-surrogate-udfff', { content: [text('\udfff')] }, '/content/0/text'),
  errVector('json/string/lone-surrogate-reversed-pair', { content: [text('\udc00\ud800')] }, '/content/0/text'),
  errVector('json/string/lone-surrogate-two-highs', { content: [text('\ud800\ud800')] }, '/content/0/text'),
  errVector('json/string/lone-surrogate-high-at-end', { content: [text('abc\ud83d')] }, '/content/0/text'),
  errVector('json/string/lone-surrogate-low-at-start', { content: [text('\ude00abc')] }, '/content/0/text'),
  errVector('json/string/lone-surrogate-second-block', { content: [text('ok'), text('x\udbffy')] }, '/content/1/text'),
  errVector('json/string/lone-surrogate-structured-value', { structuredContent: { k: '\ud800' } }, '/structuredContent/k'),
  errVector('json/string/lone-surrogate-structured-nested',
    { structuredContent: { a: [{ b: 'x' }, { b: '\udfff' }] } }, '/structuredContent/a/1/b'),
  errVector('json/string/lone-surrogate-structured-key-needs-escaping',
    { structuredContent: { 'a/b~c': '\ud800' } }, '/structuredContent/a~1b~0c'),
  errVector('json/string/lone-surrogate-structured-array', { structuredContent: ['ok', '\udc00'] }, '/structuredContent/1'),
  errVector('json/string/lone-surrogate-structured-top-level', { structuredContent: '\ud800' }, '/structuredContent'),
];

// ---------------------------------------------------------------------------
// Write (or check), then validate the written text.

const files = [
  { file: 'json-numbers.json', vectors: numbers, min: 30 },
  { file: 'json-strings.json', vectors: strings, min: 40 },
];

const check = process.argv.includes('--check');
let stale = 0;
mkdirSync(OUT_DIR, { recursive: true });
for (const f of files) {
  const out = ser(f.vectors) + '\n';
  const path = join(OUT_DIR, f.file);
  if (check) {
    let cur = null;
    try { cur = readFileSync(path, 'utf8'); } catch { /* missing */ }
    if (cur !== out) { stale++; console.error(`stale: ${relative(process.cwd(), path)}`); }
  } else {
    writeFileSync(path, out);
  }
}

if (stale) {
  console.error('vectors.mjs check: vector files are not up to date; run node tools/oracle/vectors.mjs');
  process.exit(1);
}

// Self-check of the files on disk.
function numberTokens(src) {
  const toks = [];
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === '"') {
      for (i++; src[i] !== '"'; i++) if (src[i] === '\\') i++;
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(src.slice(i, i + 400));
      toks.push(m[0]);
      i += m[0].length - 1;
    }
  }
  return toks;
}

function pointerGet(v, ptr) {
  if (ptr === '') return v;
  for (const raw of ptr.slice(1).split('/')) {
    const k = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (v === null || typeof v !== 'object' || !(k in v)) throw new Error(`pointer ${ptr} does not resolve`);
    v = v[k];
  }
  return v;
}
function strings_(v, acc = []) {
  if (typeof v === 'string') acc.push(v);
  else if (Array.isArray(v)) v.forEach((x) => strings_(x, acc));
  else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) { acc.push(k); strings_(x, acc); }
  return acc;
}

const names = new Set();
const summary = [];
let floatToks = 0;
let intToks = 0;
for (const f of files) {
  const path = join(OUT_DIR, f.file);
  const src = readFileSync(path, 'utf8');
  const arr = JSON.parse(src);
  const fail = (msg) => { throw new Error(`${f.file}: ${msg}`); };
  if (!Array.isArray(arr) || arr.length < f.min) fail(`expected at least ${f.min} vectors, got ${arr.length}`);
  for (const v of arr) {
    if (names.has(v.name)) fail(`duplicate name ${v.name}`);
    names.add(v.name);
    if (v.op !== 'build' || v.kind !== 'tool') fail(`${v.name}: op/kind`);
    const input = fromFile(v.input);
    const ek = Object.keys(v.expect);
    if (ek.length !== 1) fail(`${v.name}: expect must have one key`);
    if (ek[0] === 'json') {
      if (!strings_(input).every((s) => s.isWellFormed())) fail(`${v.name}: success vector with a lone surrogate`);
      if (expectTool(input) !== v.expect.json) fail(`${v.name}: expect.json does not match a re-computation from the file`);
    } else {
      const { code, path: ptr } = v.expect.error;
      if (code !== 'invalid_utf8') fail(`${v.name}: unexpected code`);
      const target = pointerGet(input, ptr);
      if (typeof target !== 'string' || target.isWellFormed()) fail(`${v.name}: ${ptr} is not an ill-formed string`);
      if (strings_(input).filter((s) => !s.isWellFormed()).length !== 1) fail(`${v.name}: more than one ill-formed string`);
    }
  }
  for (const t of numberTokens(src)) {
    if (/[.eE]/.test(t)) { floatToks++; continue; }
    intToks++;
    const b = BigInt(t);
    if (b > TWO_53 || b < -TWO_53) fail(`integer token ${t} beyond 2^53`);
  }
  summary.push(`${f.file}: ${arr.length}`);
}
// Every float in the model must appear as a float token (and nothing else became one).
let modelFloats = 0;
let modelInts = 0;
const walk = (x) => {
  if (x instanceof Num) { if (x.kind === 'float') modelFloats++; else modelInts++; }
  else if (Array.isArray(x)) x.forEach(walk);
  else if (isPlainObject(x)) Object.values(x).forEach(walk);
};
files.forEach((f) => f.vectors.forEach((v) => walk(v.input)));
if (modelFloats !== floatToks || modelInts !== intToks) {
  throw new Error(`token mismatch: model ${modelFloats} floats/${modelInts} ints, files ${floatToks}/${intToks}`);
}

console.log(`vectors.mjs ${check ? 'check' : 'wrote'}: ${summary.join(', ')}; ${names.size} unique names; ` +
  `${floatToks} float tokens (all with . or e), ${intToks} integer tokens (all |n| <= 2^53); ` +
  `expectations re-verified from file text${check ? '; files up to date' : ''}`);
