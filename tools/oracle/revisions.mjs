// Schema oracle over generated outputs: reads JSON lines [version,
// finalized, output] (from internal/cmd/revgen: every build vector's
// result serialized for every revision) and validates each output against
// the official schema of its revision. A 2026-07-28 output without finalize
// is checked with the fields finalize adds (see schema.mjs).
import { createInterface } from 'node:readline';
import { check, finalized, report } from './schemas.mjs';

let n = 0;
for await (const line of createInterface({ input: process.stdin })) {
  if (!line) continue;
  const [version, isFinal, json] = JSON.parse(line);
  const value = JSON.parse(json);
  n++;
  check(`generated #${n} (${version}, finalize ${isFinal})`, version, version === '2026-07-28' && !isFinal ? finalized(value) : value);
}
if (n === 0) {
  console.error('revisions oracle: no input');
  process.exit(1);
}
report('revisions oracle', `${n} serialized outputs of the build vectors valid for their revision`);
