// Checks what npm would publish from js/: reads `npm pack --dry-run --json`
// on standard input (make check-publish runs it from js/) and fails unless
// the tarball holds the license, the README, the WebAssembly module (the
// very bytes of host/mcpresult.wasm), the type declarations and every file
// package.json's exports name, and nothing else: no tests, examples,
// benchmarks or lockfile. It prints the files and the sizes.

import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";

const js = process.cwd();
const packs = JSON.parse(readFileSync(0, "utf8"));
const problems = [];
if (!Array.isArray(packs) || packs.length !== 1) throw new Error("npm pack --json gave no single package");
const pack = packs[0];
const pkg = JSON.parse(readFileSync(join(js, "package.json"), "utf8"));
const files = new Map(pack.files.map((f) => [f.path, f.size]));

// What may ship: the package's metadata and docs, the module, declarations
// at the root, and the sources under src/ (one level of folders, as src/sdk/).
const allowed = /^(LICENSE|README\.md|package\.json|mcpresult\.wasm|[a-z-]+\.d\.ts|src\/([a-z-]+\/)?[a-z-]+\.(js|d\.ts))$/;
for (const path of files.keys()) {
  if (!allowed.test(path)) problems.push(`${path} would be published: it is not the license, the README, the module, a declaration or a source file`);
  if (/(^|\/)(test|tests|examples|bench)(\/|$)|\.test\.js$/.test(path)) problems.push(`${path} is a test, an example or a benchmark`);
}
for (const path of ["LICENSE", "README.md", "package.json", "mcpresult.wasm", "index.d.ts"]) {
  if (!files.has(path)) problems.push(`${path} is not in the package`);
}
// Every file the exports map and "types" name.
const named = new Set([pkg.types]);
const walk = (v) => {
  if (typeof v === "string") named.add(v);
  else if (v && typeof v === "object") Object.values(v).forEach(walk);
};
walk(pkg.exports);
for (const target of named) {
  const path = target.replace(/^\.\//, "");
  if (!files.has(path)) problems.push(`${path}, which package.json names, is not in the package`);
}
const wasm = statSync(join(js, "..", "host", "mcpresult.wasm")).size;
if (files.get("mcpresult.wasm") !== wasm) problems.push(`mcpresult.wasm is ${files.get("mcpresult.wasm")} bytes, host/mcpresult.wasm ${wasm}`);
if (pack.name !== pkg.name || pack.version !== pkg.version) problems.push(`the tarball is ${pack.name}@${pack.version}`);

for (const [path, size] of files) console.log(`  ${String(size).padStart(9)}  ${path}`);
console.log(`packcheck: ${pack.name}@${pack.version}: ${files.size} files, ${pack.size} bytes packed, ${pack.unpackedSize} unpacked`);
if (problems.length) {
  for (const p of problems) console.error(`packcheck: ${p}`);
  process.exit(1);
}
