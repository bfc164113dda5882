// Schema oracle: validates the expected output of every serialize vector in
// testdata/vectors against the official MCP JSON Schema of its protocol
// revision (CallToolResult or ReadResourceResult), with ajv and ajv-formats.
// Every runner checks that the implementation writes exactly those bytes, so
// an output the official schema rejects fails here.
//
// It also checks, for every build vector's output, that it is a valid
// 2026-07-28 result once the protocol-owned fields that finalize adds are
// set, and that every jcs output is what the independent RFC 8785 package
// `canonicalize` writes for the same value.
//
// A 2026-07-28 output serialized without finalize lacks resultType (and for
// resources ttlMs and cacheScope), which that revision requires on the wire:
// such an output is meant for an SDK that adds them. It is checked with the
// fields that finalize would add.
//
// Usage: node testdata/oracle/schema.mjs   (exit 1 and the failing names on failure)
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import canonicalize from 'canonicalize';

const here = dirname(fileURLToPath(import.meta.url));
const testdata = join(here, '..');
const versions = {
  '2024-11-05': '61cea2392d4f284092d09bc84b9ac488c0d5618ac2b38a56942fc5b99fd960ce',
  '2025-03-26': 'e720669548c8100a4282c49e580efd6ddf7f28899ea786fc8db251dbdb356131',
  '2025-06-18': 'af845e7e5b9d27107d1690f0936022546177a1403e63ffb11470135b296a2e01',
  '2025-11-25': '268a5f82ba70fd7e4b6dc4aa1e64f116f74b4d0edcb69dc046829c79dd4e97e7',
  '2026-07-28': 'ef70b61f99b6d2e5e3b46863822eab08dff6a45bedc7a08914e0e5b133f40203',
};

const failures = [];
const fail = (name, why) => failures.push(`${name}: ${why}`);

// One compiled validator per revision and result kind.
const validators = {};
for (const [v, sha] of Object.entries(versions)) {
  const text = readFileSync(join(testdata, 'mcp-schemas', v, 'schema.json'));
  const got = createHash('sha256').update(text).digest('hex');
  if (got !== sha) fail(`mcp-schemas/${v}`, `schema.json was modified (sha256 ${got})`);
  const schema = JSON.parse(text);
  const modern = schema.$schema && schema.$schema.includes('2020-12');
  const ajv = modern ? new Ajv2020({ strict: false, allErrors: true }) : new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(schema, 'mcp');
  const defs = modern ? '$defs' : 'definitions';
  validators[v] = {
    tool: ajv.getSchema(`mcp#/${defs}/CallToolResult`),
    resource: ajv.getSchema(`mcp#/${defs}/ReadResourceResult`),
  };
}

function vectorFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...vectorFiles(p));
    else if (name.endsWith('.json')) out.push(p);
  }
  return out;
}

const kindOf = (r) => ('contents' in r && !('content' in r) ? 'resource' : 'tool');

function check(name, version, value) {
  const kind = kindOf(value);
  const validate = validators[version][kind];
  if (!validate(value)) {
    fail(name, `${version} ${kind} schema: ` + validate.errors.map((e) => `${e.instancePath || '/'} ${e.message}`).join('; '));
  }
}

// What finalize would add for 2026-07-28, for outputs serialized without it.
function finalized(value) {
  const kind = kindOf(value);
  const out = { resultType: 'complete', ...value };
  if (kind === 'resource') {
    if (!('ttlMs' in out)) out.ttlMs = 0;
    if (!('cacheScope' in out)) out.cacheScope = 'private';
  }
  return out;
}

let serialized = 0, built = 0, jcs = 0;
for (const file of vectorFiles(join(testdata, 'vectors'))) {
  for (const vec of JSON.parse(readFileSync(file, 'utf8'))) {
    const json = vec.expect && vec.expect.json;
    if (typeof json !== 'string') continue;
    let value;
    try {
      value = JSON.parse(json);
    } catch (e) {
      fail(vec.name, `expected output is not JSON: ${e.message}`);
      continue;
    }
    if (vec.op === 'serialize') {
      const opts = vec.options || {};
      const version = opts.protocolVersion || '2026-07-28';
      serialized++;
      check(vec.name, version, version === '2026-07-28' && !('resultType' in value) ? finalized(value) : value);
      if (opts.format === 'jcs') {
        jcs++;
        if (canonicalize(value) !== json) fail(vec.name, 'jcs output differs from RFC 8785 (canonicalize)');
      }
    } else if (vec.op === 'build' && (vec.kind === 'tool' || vec.kind === 'resource' || vec.kind === 'error' || vec.kind === 'value')) {
      built++;
      check(vec.name, '2026-07-28', finalized(value));
    }
  }
}

if (failures.length) {
  console.error(`schema oracle: ${failures.length} failure(s)`);
  for (const f of failures) console.error('  ' + f);
  process.exit(1);
}
console.log(`schema oracle: ${serialized} serialize outputs valid for their revision (${jcs} jcs outputs equal to canonicalize), ${built} build outputs valid for 2026-07-28 once finalized`);
