// The official MCP JSON Schemas of the five revisions, compiled once: a
// validator per revision and result kind, and the helpers both oracles use.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

export const testdata = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'testdata');

export const failures = [];
export const fail = (name, why) => failures.push(`${name}: ${why}`);

const versions = {
  '2024-11-05': '61cea2392d4f284092d09bc84b9ac488c0d5618ac2b38a56942fc5b99fd960ce',
  '2025-03-26': 'e720669548c8100a4282c49e580efd6ddf7f28899ea786fc8db251dbdb356131',
  '2025-06-18': 'af845e7e5b9d27107d1690f0936022546177a1403e63ffb11470135b296a2e01',
  '2025-11-25': '268a5f82ba70fd7e4b6dc4aa1e64f116f74b4d0edcb69dc046829c79dd4e97e7',
  '2026-07-28': 'ef70b61f99b6d2e5e3b46863822eab08dff6a45bedc7a08914e0e5b133f40203',
};

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

// validatorOf returns the compiled validator of a revision and result kind
// ("tool" or "resource"); after a call, its errors say what it rejected.
export const validatorOf = (version, kind) => validators[version][kind];

export const kindOf = (r) => ('contents' in r && !('content' in r) ? 'resource' : 'tool');

// check validates a result value against the schema of a revision.
export function check(name, version, value) {
  const kind = kindOf(value);
  const validate = validators[version][kind];
  if (!validate(value)) {
    fail(name, `${version} ${kind} schema: ` + validate.errors.map((e) => `${e.instancePath || '/'} ${e.message}`).join('; '));
  }
}

// finalized adds what finalize would add for 2026-07-28, for an output
// serialized without it.
export function finalized(value) {
  const out = { resultType: 'complete', ...value };
  if (kindOf(value) === 'resource') {
    if (!('ttlMs' in out)) out.ttlMs = 0;
    if (!('cacheScope' in out)) out.cacheScope = 'private';
  }
  return out;
}

// report prints the failures and exits 1, or prints the summary.
export function report(what, summary) {
  if (failures.length) {
    console.error(`${what}: ${failures.length} failure(s)`);
    for (const f of failures.slice(0, 50)) console.error('  ' + f);
    process.exit(1);
  }
  console.log(`${what}: ${summary}`);
}
