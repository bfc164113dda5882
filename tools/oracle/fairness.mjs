// Fairness oracle: reads JSON lines [version, resultJSON, errorCodes,
// warningCodes, kind, label, errorPaths] (from internal/cmd/fairgen:
// results as real servers send them, with validate's verdict at stage wire)
// and validates each result against the official schema of its revision.
//
// validate must be fair: when the schema accepts a result, every error
// validate reports must be one of the library's documented policy findings
// (rules of package content on fields the revision defines, and the
// budget); anything else fails the oracle. The other way round is reported,
// not enforced: a result the schema rejects that validate finds valid is a
// gap (or schema looseness of the library's own choosing), listed with
// examples. FAIRNESS_VERBOSE=1 also prints an example of each policy code.
import { createInterface } from 'node:readline';
import { validatorOf, kindOf } from './schemas.mjs';

// Codes validate may report on a result the schema accepts.
const policy = new Set([
  'invalid_base64', 'invalid_mime_type', 'invalid_uri', 'invalid_annotations', 'invalid_meta_key',
  'reserved_meta_key', 'invalid_value', 'invalid_utf8', 'duplicate_key', 'non_finite_number',
  'max_bytes', 'max_nodes', 'max_depth',
]);
// missing_field is policy only for the protocol-owned fields that 2026-07-28
// requires on the wire (the schema requires them too, so it cannot occur
// on a result the schema accepts).
const owned = new Set(['/resultType', '/ttlMs', '/cacheScope']);
// The related task's _meta value is checked as MCP defines it ({"taskId":
// string}), which the schema's plain _meta object does not enforce.
const relatedTask = '/_meta/io.modelcontextprotocol~1related-task';
const isPolicy = (version, code, path) =>
  policy.has(code) ||
  (code === 'missing_field' && version === '2026-07-28' && owned.has(path)) ||
  ((code === 'missing_field' || code === 'invalid_type') && (path === relatedTask || path.startsWith(relatedTask + '/')));

const verbose = !!process.env.FAIRNESS_VERBOSE;
const clip = (s, n = 300) => (s.length > n ? s.slice(0, n) + `… (${s.length} chars)` : s);
const shape = (p) => p.replace(/\/\d+(?=\/|$)/g, '/N');
const bump = (m, k) => m.set(k, (m.get(k) || 0) + 1);

let n = 0, bothAccept = 0, bothReject = 0, policyOnly = 0;
const policyCodes = new Map(); // code -> count, on schema-accepted results
const policyExamples = new Map(); // code@path shape -> example
const rejectCodes = new Map(); // code -> count, on schema-rejected results
const unfair = new Map(); // schema accepts, validate has a non-policy error: shape -> {count, versions, example}
const gaps = new Map(); // ajv error shape -> {count, example}

for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (!line) continue;
  const [version, json, errors, , kindGiven, label = '', paths = []] = JSON.parse(line);
  const value = JSON.parse(json);
  const kind = kindGiven || (value && typeof value === 'object' && !Array.isArray(value) ? kindOf(value) : 'tool');
  const validate = validatorOf(version, kind);
  n++;
  if (validate(value)) {
    if (errors.length === 0) {
      bothAccept++;
      continue;
    }
    const bad = errors.map((c, i) => [c, paths[i] ?? '?']).filter(([c, p]) => !isPolicy(version, c, p));
    if (bad.length) {
      const key = `${kind}: ${bad.map(([c, p]) => `${c} at ${shape(p) || '""'}`).join(', ')}`;
      const u = unfair.get(key) || { count: 0, versions: new Set(), example: `${version} [${label}]: ${clip(json)}` };
      u.count++;
      u.versions.add(version);
      unfair.set(key, u);
      continue;
    }
    policyOnly++;
    const codes = new Set(errors);
    for (const c of codes) bump(policyCodes, c);
    errors.forEach((c, i) => {
      const k = `${c} at ${shape(paths[i] ?? '')}`;
      if (!policyExamples.has(k)) policyExamples.set(k, `${version} ${kind} [${label}]: ${clip(json, 200)}`);
    });
    continue;
  }
  if (errors.length) {
    bothReject++;
    for (const c of new Set(errors)) bump(rejectCodes, c);
    continue;
  }
  const why = validate.errors.map((e) => `${shape(e.instancePath) || '/'} ${e.message}`);
  const key = [...new Set(why)].sort().join('; ');
  const g = gaps.get(key);
  if (g) g.count++;
  else gaps.set(key, { count: 1, example: `${version} ${kind} [${label}]: ${clip(json, 200)}` });
}

if (n === 0) {
  console.error('fairness oracle: no input');
  process.exit(1);
}
const list = (m) => [...m].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(', ');
const sum = (m) => [...m.values()].reduce((s, g) => s + g.count, 0);
const unfairCount = sum(unfair);
console.log(
  `fairness oracle: ${n} generated results: ${bothAccept} accepted by both, ${bothReject} rejected by both` +
    ` (${list(rejectCodes)}); ${policyOnly} schema-accepted with policy errors only (${list(policyCodes)});` +
    ` ${sum(gaps)} schema-rejected but valid for validate (${gaps.size} kinds, below)` +
    (unfairCount ? `; ${unfairCount} UNFAIR (schema-accepted, non-policy error)` : ''),
);
for (const [why, g] of [...gaps].sort((a, b) => b[1].count - a[1].count)) {
  console.log(`  schema-rejected, validate-valid ×${g.count}: ${why}\n    e.g. ${g.example}`);
}
if (verbose) {
  for (const [k, ex] of [...policyExamples].sort()) console.log(`  policy ${k}\n    e.g. ${ex}`);
}
if (unfairCount) {
  console.error(`fairness oracle: ${unfairCount} result(s) the official schema accepts got a non-policy error from validate`);
  for (const [key, u] of [...unfair].sort((a, b) => b[1].count - a[1].count).slice(0, 30)) {
    console.error(`  ${key} ×${u.count} (${[...u.versions].sort().join(', ')})\n    e.g. ${u.example}`);
  }
  process.exit(1);
}
