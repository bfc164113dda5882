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
// Usage: node tools/oracle/schema.mjs   (exit 1 and the failing names on failure)
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import canonicalize from 'canonicalize';
import { check, fail, finalized, report, testdata } from './schemas.mjs';

function vectorFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...vectorFiles(p));
    else if (name.endsWith('.json')) out.push(p);
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

report('schema oracle', `${serialized} serialize outputs valid for their revision (${jcs} jcs outputs equal to canonicalize), ${built} build outputs valid for 2026-07-28 once finalized`);
