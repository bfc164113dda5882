// On disk, ./vectors.js beside worker.js is the shared runner: worker.js
// imports it by the name the runner has in the Worker's bundle (the
// bundle's root, beside worker.js, where the bare name "mcpresult"
// resolves). The bundle holds ../../vectors.js itself under that name; this
// file is for Node, whose test runner (node --test test/) imports every .js
// file under test/, worker.js included.

export * from "../../vectors.js";
