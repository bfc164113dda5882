// The packages the tests use beyond the demo's (ajv and its formats, the
// RFC 8785 package canonicalize) live in tools/jstest, so that make demo
// installs only what the demo runs; make test-js installs them. They are
// CommonJS packages, required from there.

import { createRequire } from "node:module";

const require = createRequire(new URL("../../tools/jstest/package.json", import.meta.url));

/** ajv's draft-07 validator class, as the official schemas before 2025-11-25 need. */
export const Ajv = require("ajv").default;
/** ajv's draft 2020-12 validator class. */
export const Ajv2020 = require("ajv/dist/2020.js").default;
/** ajv-formats' plugin. */
export const addFormats = require("ajv-formats").default;
/** canonicalize: RFC 8785 canonical JSON. */
export const canonicalize = require("canonicalize");
