// RFC 8785 oracle: reads JSON lines [wire, jcs] (from internal/cmd/jcsgen)
// and checks that the independent package canonicalize writes exactly the jcs
// bytes for the value the wire JSON holds. Exit 1 on any difference.
import { createInterface } from 'node:readline';
import canonicalize from 'canonicalize';

let n = 0;
let bad = 0;
for await (const line of createInterface({ input: process.stdin })) {
  if (!line) continue;
  const [wire, jcs] = JSON.parse(line);
  n++;
  const want = canonicalize(JSON.parse(wire));
  if (want !== jcs) {
    bad++;
    if (bad <= 10) console.error(`jcs oracle: differs\n  wire ${wire}\n  want ${want}\n  got  ${jcs}`);
  }
}
if (n === 0) {
  console.error('jcs oracle: no input');
  process.exit(1);
}
if (bad) {
  console.error(`jcs oracle: ${bad} of ${n} differ`);
  process.exit(1);
}
console.log(`jcs oracle: ${n} generated results, jcs output equal to canonicalize`);
