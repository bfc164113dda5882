// Run by registry.test.js with --expose-gc: twenty APIs, each of which
// builds one result that the script keeps, are dropped; it prints how many
// the collector took.
import { load } from "../src/node.js";

let collected = 0;
const registry = new FinalizationRegistry(() => collected++);
const kept = [];
for (let i = 0; i < 20; i++) {
  let api = await load();
  kept.push(api.tool({ content: [{ type: "text", text: "kept" }] }));
  registry.register(api, i);
  api = null;
}
for (let i = 0; i < 20 && collected < 20; i++) {
  globalThis.gc();
  await new Promise((resolve) => setTimeout(resolve, 10));
}
console.log(JSON.stringify({ collected, kept: kept.length }));
