// The Worker that runs the vector suite in workerd. runtimes.test.js
// bundles it (with ../../vectors.js and the package's files) into a
// workerd config and POSTs the vector files to it; it answers with what
// runAll gives, {ran, failures}, and what it saw at global scope.
//
// It imports the package as a Worker does, by its bare name: the bundle
// has a module named "mcpresult" that re-exports the entry the "workerd"
// export condition names. workerd resolves every specifier, bare ones too,
// as a URL relative to the importing module's name, so that name serves a
// bare import only from a module at the bundle's root: this one is there,
// as "worker.js", and the runner beside it as "vectors.js" (on disk,
// ./vectors.js is a re-export of ../../vectors.js; see its comment).

import { load, McpResultError } from "mcpresult";
import { runAll } from "./vectors.js";

// load at global scope, as a Worker would: the workerd entry starts no
// instance here, since workerd refuses the randomness the Go runtime's
// start needs until a request is being handled (randomAtGlobalScope below
// records workerd's refusal, and instancesAtLoad that none started).
const mcp = await load();
const instancesAtLoad = mcp.stats().instances;
let randomAtGlobalScope = "allowed";
try {
  crypto.getRandomValues(new Uint8Array(1));
} catch (e) {
  randomAtGlobalScope = "refused (" + String(e && e.message).split(". ")[0] + ")";
}

export default {
  async fetch(request) {
    if (request.method !== "POST") {
      return Response.json({ ready: true });
    }
    const files = await request.json();
    const { ran, failures } = runAll(mcp, McpResultError, files);
    return Response.json({
      ran,
      failures,
      instancesAtLoad,
      instancesAfter: mcp.stats().instances,
      randomAtGlobalScope,
    });
  },
};
