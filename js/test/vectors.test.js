// Every conformance vector in testdata/vectors, through the public API in
// Node, each file a test and each vector a subtest named after it.

import { test } from "node:test";
import assert from "node:assert/strict";
import { load, McpResultError } from "mcpresult";
import { applies, check, run } from "./vectors.js";
import { loadVectorFiles } from "./files.js";

const mcp = await load();
const files = loadVectorFiles();

test("the vector files are found", () => {
  assert.ok(files.length > 10, "vector files under testdata/vectors");
  const names = new Set();
  for (const { file, vectors } of files) {
    for (const v of vectors) {
      assert.ok(!names.has(v.name), `vector name ${v.name} is used twice (${file})`);
      names.add(v.name);
    }
  }
});

for (const { file, vectors } of files) {
  test(file, async (t) => {
    for (const vec of vectors) {
      if (!applies(vec)) continue;
      await t.test(vec.name, () => {
        const diff = check(vec, run(mcp, McpResultError, vec));
        assert.equal(diff, "", `${vec.name} (${file})\n${diff}`);
      });
    }
  });
}
