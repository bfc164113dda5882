// Reads every *.json file under testdata/vectors (recursively), in Node,
// Deno and Bun alike (node:fs is in all three).

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const vectorRoot = fileURLToPath(new URL("../../testdata/vectors/", import.meta.url));

export function loadVectorFiles(root = vectorRoot) {
  const out = [];
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith(".json")) out.push({ file: p.slice(root.length), vectors: JSON.parse(readFileSync(p, "utf8")) });
    }
  };
  walk(root);
  return out;
}
