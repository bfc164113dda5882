#!/usr/bin/env node
// Runs `mcpresult check --json` against official MCP Apps example servers
// pinned in this folder's package.json (server-pdf, server-basic-vanillajs,
// server-map, server-budget-allocator, server-system-monitor,
// server-debug), each over stdio on this Node, every protocol revision:
//
//   node tools/checkapps/run.mjs [--update] [path/to/mcpresult]
//
// The binary is the argument, else $MCPRESULT, else bin/mcpresult at the top
// of the repository (make build). npm ci in this folder installs the servers.
//
// Each server gets arguments made from its tools' inputSchemas (no calls
// file), a temporary home and working directory, and a fixed environment.
// The script prints a summary per server and, when the report lists the
// MCP Apps pages of a revision (revisions[].apps[]), each page with the
// tools that link it. It compares every finding, as (server, revision,
// tool, resource or app page, code and severity), and each page listed
// (its mimeType and its tools), with testdata/checkapps/expected.json. It
// exits 1 when check could not check a server (it crashed, was killed,
// printed no JSON, made no session, or a session broke, or its exit code
// disagrees with its report), when a finding or a page appears that
// expected.json does not list, when one it lists is gone, or when an error
// or a warning it lists has no reason in its "why" (the goal is no false
// error: each one pinned is judged true there and in README.md).
// --update rewrites expected.json from this run instead of comparing,
// keeping the reasons already written (a new error or warning gets an empty
// one, which fails the next run until it is judged).
// CHECKAPPS_KEEP=1 keeps the temporary directory, with each JSON report in
// it (kept anyway when a server could not be checked).

import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { checkServer, commandLine, compare, findingsOf, flatten, format, needFiles, table, word } from "../checkref/harness.mjs";

const HERE = fileURLToPath(new URL(".", import.meta.url));
const DATA = join(HERE, "..", "..", "testdata", "checkapps");
// CHECKAPPS_EXPECTED names another file of expectations (the harness's own
// test compares with copies it changes).
const EXPECTED = process.env.CHECKAPPS_EXPECTED ?? join(DATA, "expected.json");
// Each request (check --timeout): well under the 30 s of the PDF viewer's
// long poll (poll_pdf_commands), which therefore gets app_tool_no_response
// in every revision, and well over what any other call takes.
const TIMEOUT = "5s";
const SERVER_LIMIT_MS = 90_000; // one whole check run; past it the run is killed

const { update, bin: BIN } = commandLine(HERE);

const pkgDir = (name) => join(HERE, "node_modules", "@modelcontextprotocol", name);
const NAMES = ["server-basic-vanillajs", "server-budget-allocator", "server-debug", "server-map", "server-pdf", "server-system-monitor"];
needFiles("checkapps", "tools/checkapps", [["mcpresult", BIN], ...NAMES.map((n) => [n, join(pkgDir(n), "dist", "index.js")])]);

// The temporary home and working directory of every server (the PDF
// server's save tool writes nowhere else), under /tmp where there is one.
const root = mkdtempSync(join(existsSync("/tmp") ? "/tmp" : tmpdir(), "mcpresult-checkapps-"));

// The environment of check and so of each server: fixed, so that no
// variable of the machine reaches a report.
const env = { PATH: `${dirname(process.execPath)}:/usr/bin:/bin`, HOME: root, LANG: "C.UTF-8" };

// Each server's own entry point, with --stdio (each serves Streamable HTTP
// without it).
const SERVERS = NAMES.map((name) => ({ name, argv: [process.execPath, join(pkgDir(name), "dist", "index.js"), "--stdio"] }));

/** appsOf adds, for each page the revision lists (revisions[].apps[], when
 * the report has it), the entry "page MIMETYPE, tools A B" and its
 * findings, under "app URI". */
function appsOf(rv, put) {
  for (const app of rv.apps ?? []) {
    const w = `app ${app.resourceUri}`;
    put(w, `page ${app.mimeType ?? "(no mimeType)"}, tools ${[...(app.tools ?? [])].sort().join(" ") || "(none)"}`);
    for (const f of app.findings ?? []) put(w, `${f.code} (${f.severity})`);
  }
}

/** printApps prints the pages of the report's revisions and their tools,
 * once for the revisions that list them alike. */
function printApps(report) {
  const rows = new Map();
  for (const rv of report.revisions) {
    for (const app of rv.apps ?? []) {
      const key = JSON.stringify([app.resourceUri, app.mimeType ?? "", [...(app.tools ?? [])].sort(), (app.findings ?? []).map((f) => f.code).sort()]);
      const r = rows.get(key) ?? { app, revs: [] };
      r.revs.push(rv.revision);
      rows.set(key, r);
    }
  }
  if (rows.size === 0) {
    console.log("  apps: the report lists no MCP Apps page (revisions[].apps[])");
    return;
  }
  const out = [["app page", "mimeType", "tools", "findings", "revisions"]];
  for (const { app, revs } of rows.values()) {
    const fs = (app.findings ?? []).map((f) => `${f.code} (${f.severity})`);
    out.push([app.resourceUri, app.mimeType ?? "", [...(app.tools ?? [])].sort().join(" "), fs.join(", ") || "none", revs.join(" ")]);
  }
  table(out);
}

/** unjudged lists the errors and warnings of the pinned findings that
 * "why" gives no reason for: keyed "server  where  code (severity)", for
 * every revision that has it. */
function unjudged(findings, why) {
  const missing = new Set();
  for (const line of flatten(findings)) {
    const [server, , where, code] = line.split("  ");
    if (code === undefined || !/\((error|warning)\)$/.test(code)) continue;
    const key = `${server}  ${where}  ${code}`;
    if (!why[key]) missing.add(key);
  }
  return [...missing].sort();
}

// ---------------------------------------------------------------- main

const started = Date.now();
console.log(`checkapps: ${BIN} against the MCP Apps example servers on node ${process.version} (temporary files in ${root})`);
const actual = {};
let failed = 0;
for (const server of SERVERS) {
  const args = ["check", "--json", "--timeout", TIMEOUT, "--stdio", server.argv.map(word).join(" ")];
  const pkg = JSON.parse(readFileSync(join(pkgDir(server.name), "package.json"), "utf8"));
  const { report, failed: notChecked } = await checkServer(BIN, args, {
    title: `${server.name} ${pkg.version}`,
    name: server.name,
    root,
    keep: process.env.CHECKAPPS_KEEP,
    cwd: root,
    env,
    limitMs: SERVER_LIMIT_MS,
  });
  if (report !== undefined) {
    printApps(report);
    actual[server.name] = findingsOf(report, appsOf);
  }
  if (notChecked) failed++;
}

const pinned = existsSync(EXPECTED) ? JSON.parse(readFileSync(EXPECTED, "utf8")) : { why: {}, findings: {} };
let differences = 0;
if (update) {
  if (failed === 0) {
    const why = {};
    for (const key of unjudged(actual, {})) why[key] = pinned.why?.[key] ?? "";
    writeFileSync(EXPECTED, formatPinned(why, actual));
    console.log(`\ncheckapps: wrote ${EXPECTED}`);
  } else {
    console.log(`\ncheckapps: expected.json not written: ${failed} server(s) could not be checked`);
  }
} else {
  differences = compare("checkapps", actual, pinned.findings, `expected.json (${EXPECTED})`);
  const missing = unjudged(pinned.findings, pinned.why ?? {});
  if (missing.length > 0) {
    console.log(`checkapps: ${missing.length} error(s) or warning(s) pinned in expected.json with no reason in its "why":`);
    for (const k of missing) console.log(`  ${k}`);
    differences += missing.length;
  }
}

const keep = failed > 0 || process.env.CHECKAPPS_KEEP;
if (keep) console.log(`checkapps: kept ${root}`);
else rmSync(root, { recursive: true, force: true });
console.log(`checkapps: ${SERVERS.length - failed}/${SERVERS.length} servers checked in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(failed > 0 || differences > 0 ? 1 : 0);

/** formatPinned writes expected.json: the reason of each error and
 * warning pinned ("why"), then the findings as format writes them. */
function formatPinned(why, findings) {
  const keys = Object.keys(why).sort();
  const lines = ["{", '  "why": {'];
  keys.forEach((k, i) => lines.push(`    ${JSON.stringify(k)}: ${JSON.stringify(why[k])}${i < keys.length - 1 ? "," : ""}`));
  lines.push("  },");
  const body = format(findings).trimEnd().split("\n");
  lines.push(`  "findings": ${body[0]}`, ...body.slice(1).map((l) => "  " + l));
  lines.push("}");
  return lines.join("\n") + "\n";
}
