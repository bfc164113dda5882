// The package's declarations export no type name that the official SDK's
// types also export: a server imports both, and a shared name (the SDK's
// CallToolResult beside ours, say) would make one shadow the other.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const PKG = fileURLToPath(new URL("..", import.meta.url));
const require = createRequire(import.meta.url);

/** exported returns the names a declaration file exports. */
function exported(text) {
  return [...text.matchAll(/^export (?:declare )?(?:interface|type|class|function|const|enum) (\w+)/gm)].map((m) => m[1]);
}

test("no declared name is one of the SDK's type names", () => {
  const sdkTypes = join(dirname(require.resolve("@modelcontextprotocol/sdk/types.js")), "types.d.ts");
  const theirs = new Set(exported(readFileSync(sdkTypes, "utf8")));
  assert.ok(theirs.has("CallToolResult") && theirs.has("ContentBlock"), `read no SDK type names from ${sdkTypes}`);
  for (const file of ["index.d.ts", "edge.d.ts", "sdk.d.ts", "sdk-require.d.ts", "webmcp.d.ts"]) {
    const ours = exported(readFileSync(join(PKG, file), "utf8"));
    assert.ok(ours.length > 0, `${file} declares nothing`);
    assert.deepEqual(ours.filter((n) => theirs.has(n)), [], `${file} shadows the SDK's types`);
  }
});
