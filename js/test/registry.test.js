// A result a caller keeps does not keep the API that built it (nor its
// engine and the module's memory): the registry of built results holds a
// token of the API, not the API.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

test("kept results let their APIs be collected", () => {
  const script = fileURLToPath(new URL("./registry.js", import.meta.url));
  const out = JSON.parse(execFileSync(process.execPath, ["--expose-gc", script], { encoding: "utf8" }));
  assert.equal(out.kept, 20);
  assert.equal(out.collected, 20, `${out.collected} of 20 APIs were collected`);
});
