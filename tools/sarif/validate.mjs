#!/usr/bin/env node
// Reads mcpresult check's SARIF and JUnit reports with tools that did not
// write them (make check-reports):
//
//   node tools/sarif/validate.mjs [path/to/mcpresult]
//
// The binary is the argument, else $MCPRESULT, else bin/mcpresult at the top
// of the repository (make build). npm ci in this folder installs the readers,
// and npm ci in tools/checkref the server.
//
// It runs `mcpresult check` against the official reference server
// server-everything (tools/checkref, with testdata/checkref/calls-everything.json,
// whose findings testdata/checkref/expected.json pins: errors and warnings
// among them) with --report sarif=…, junit=… and json=… into a temporary
// directory, from the top of the repository. Then:
//
//   - Microsoft's SARIF validator (the SARIF multitool, a self-contained
//     program in its npm package) validates the SARIF with its SARIF rules
//     and those of GitHub code scanning (--rule-kind "Ghas;Sarif"): any
//     result of level error fails; warnings and notes are printed. The SARIF
//     must have a result for each error and warning of the JSON report, each
//     located at the calls file.
//   - junit2json reads the JUnit XML: its suites (one per revision, in
//     order), and in each the testcases, failures, errors and skipped ones,
//     must be those the JSON report of the same run gives, counted by the
//     rules of Report.WriteJUnit, and so must the totals.
//   - No report holds the planted database password that server-everything's
//     get-env returns: each redacts it.
//
// check's own exit status, 1 when the server has errors, is no failure
// here; only a run that could not check the server, or an invalid report, is.
// REPORTS_KEEP=1 keeps the temporary directory.

import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parse as parseJUnit } from "junit2json";

const HERE = fileURLToPath(new URL(".", import.meta.url));
const ROOT = resolve(HERE, "..", "..");
const CALLS = "testdata/checkref/calls-everything.json";
const SERVER = join(ROOT, "tools", "checkref", "node_modules", "@modelcontextprotocol", "server-everything", "dist", "index.js");
const PASSWORD = "not-a-real-password";

const argv = process.argv.slice(2);
if (argv.length > 1 || argv.some((a) => a.startsWith("-"))) {
  console.error("usage: node validate.mjs [path/to/mcpresult]");
  process.exit(2);
}
const BIN = resolve(argv[0] ?? process.env.MCPRESULT ?? join(ROOT, "bin", "mcpresult"));
const multitool = createRequire(import.meta.url)("@microsoft/sarif-multitool");
for (const [what, path, hint] of [
  ["mcpresult", BIN, "run make build, or name the binary"],
  ["server-everything", SERVER, "run npm ci in tools/checkref"],
  ["the SARIF multitool", multitool, "run npm ci in tools/sarif"],
]) {
  if (!existsSync(path)) {
    console.error(`check-reports: ${what} is missing (${path}); ${hint}`);
    process.exit(1);
  }
}

const dir = mkdtempSync(join(tmpdir(), "mcpresult-reports-"));
const file = (name) => join(dir, name);
const problems = [];
const problem = (msg) => problems.push(msg);

function finish() {
  if (process.env.REPORTS_KEEP === "1" || problems.length > 0) {
    console.log(`check-reports: the reports are in ${dir}`);
  } else {
    rmSync(dir, { recursive: true, force: true });
  }
  if (problems.length > 0) {
    for (const p of problems) console.error(`check-reports: ${p}`);
    process.exit(1);
  }
  console.log("check-reports: ok: the SARIF is valid and the JUnit counts are the JSON report's");
}

// ------------------------------------------------------------ the run

/** word quotes an argument for check's --stdio (single quotes, as a shell). */
const word = (s) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replaceAll("'", `'"'"'`)}'`);

const run = spawnSync(
  BIN,
  [
    "check", "--timeout", "10s", "--progress=false", "--calls", CALLS,
    "--stdio", [process.execPath, SERVER, "stdio"].map(word).join(" "),
    "--report", `sarif=${file("check.sarif")}`, "--report", `junit=${file("check.xml")}`, "--report", `json=${file("check.json")}`,
  ],
  {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 120_000,
    // A fixed environment, as tools/checkref/run.mjs gives the same server:
    // get-env returns it, with a planted database URL.
    env: {
      PATH: `${dirname(process.execPath)}:/usr/bin:/bin`,
      HOME: dir,
      LANG: "C.UTF-8",
      CHECKREF_DEMO_DATABASE_URL: `postgres://demo:${PASSWORD}@127.0.0.1:5432/demo`,
    },
  },
);
if (run.error || run.status === null || run.status > 1) {
  problem(`mcpresult check ended with ${run.error ?? `exit status ${run.status}, signal ${run.signal}`}; stderr:\n${run.stderr}`);
  finish();
}
console.log(`check-reports: mcpresult check exited ${run.status}; ${run.stdout.trim().split("\n").at(-1)}`);

const report = JSON.parse(readFileSync(file("check.json"), "utf8"));
if (report.totals.revisionsChecked === 0 || report.error) {
  problem(`the server could not be checked: ${report.error ?? "no revision checked"}`);
}
for (const name of ["check.sarif", "check.xml", "check.json"]) {
  if (readFileSync(file(name), "utf8").includes(PASSWORD)) problem(`${name} holds the planted password`);
}

// ------------------------------------------------------------ SARIF

const validated = spawnSync(
  multitool,
  ["validate", file("check.sarif"), "--output", file("validation.sarif"), "--log", "ForceOverwrite", "--rule-kind", "Ghas;Sarif"],
  { encoding: "utf8", timeout: 120_000 },
);
if (validated.error || validated.status !== 0 || !existsSync(file("validation.sarif"))) {
  problem(`the SARIF multitool did not run: ${validated.error ?? `exit status ${validated.status}`}\n${validated.stdout}${validated.stderr}`);
  finish();
}
// The multitool writes its log with a byte order mark.
const validation = JSON.parse(readFileSync(file("validation.sarif"), "utf8").replace(/^\uFEFF/, ""));
const vrun = validation.runs[0];
const counts = { error: 0, warning: 0, note: 0, none: 0 };
for (const res of vrun.results ?? []) {
  const rule = vrun.tool.driver.rules?.[res.ruleIndex];
  const level = res.level ?? rule?.defaultConfiguration?.level ?? "warning";
  counts[level] = (counts[level] ?? 0) + 1;
  const text = res.message.text ?? format(rule?.messageStrings?.[res.message.id]?.text, res.message.arguments);
  const line = `SARIF validator ${level} ${res.ruleId}: ${text}`;
  if (level === "error") problem(line);
  else console.log(`check-reports: ${line}`);
}
console.log(`check-reports: SARIF validator (${vrun.tool.driver.fullName}, rules Ghas;Sarif): ${counts.error} errors, ${counts.warning} warnings, ${counts.note} notes`);

function format(template, args = []) {
  return (template ?? "(no message)").replace(/\{(\d+)\}/g, (_, i) => args[Number(i)] ?? "");
}

const sarif = JSON.parse(readFileSync(file("check.sarif"), "utf8"));
const results = sarif.runs[0].results;
let problemsFound = 0;
for (const rev of report.revisions) {
  const all = [rev.findings, ...rev.tools.flatMap((t) => t.calls.map((c) => c.findings)), ...rev.resources.map((r) => r.findings)];
  problemsFound += all.flat().filter((f) => f.severity === "error" || f.severity === "warning").length;
}
if (results.length === 0 || results.length !== problemsFound) {
  problem(`the SARIF has ${results.length} results, and the JSON report ${problemsFound} errors and warnings (there must be some)`);
}
for (const res of results) {
  const uri = res.locations?.[0]?.physicalLocation?.artifactLocation?.uri;
  if (uri !== CALLS) problem(`a SARIF result is located at ${uri}, not at ${CALLS}`);
}
const fingerprints = new Set(results.map((r) => r.partialFingerprints?.["mcpresultFinding/v1"]));
if (fingerprints.has(undefined)) problem("a SARIF result has no mcpresultFinding/v1 fingerprint");
console.log(`check-reports: SARIF: ${sarif.runs[0].tool.driver.rules.length} rules, ${results.length} results, ${fingerprints.size} fingerprints`);

// ------------------------------------------------------------ JUnit

const junit = await parseJUnit(readFileSync(file("check.xml"), "utf8"));
const hasError = (findings) => findings.some((f) => f.severity === "error");
const expected = report.revisions.map((rev) => {
  const exchanges = [...rev.tools.flatMap((t) => t.calls), ...rev.resources];
  const session = rev.status !== "checked" || rev.findings.length > 0;
  return {
    name: rev.revision,
    tests: exchanges.length + (session ? 1 : 0),
    failures: exchanges.filter((x) => hasError(x.findings)).length + (rev.status === "checked" && hasError(rev.findings) ? 1 : 0),
    errors: rev.status === "failed" ? 1 : 0,
    skipped: rev.status === "skipped" ? 1 : 0,
  };
});
const suites = junit.testsuite ?? [];
const read = suites.map((s) => {
  const cases = s.testcase ?? [];
  const counted = {
    name: String(s.name),
    tests: cases.length,
    failures: cases.filter((c) => c.failure).length,
    errors: cases.filter((c) => c.error).length,
    skipped: cases.filter((c) => c.skipped).length,
  };
  for (const k of ["tests", "failures", "errors", "skipped"]) {
    if (s[k] !== counted[k]) problem(`testsuite ${s.name}: ${k}="${s[k]}" but ${counted[k]} testcases`);
  }
  return counted;
});
if (JSON.stringify(read) !== JSON.stringify(expected)) {
  problem(`the JUnit suites are\n${JSON.stringify(read)}\nand the JSON report gives\n${JSON.stringify(expected)}`);
}
const total = (k) => expected.reduce((n, s) => n + s[k], 0);
for (const k of ["tests", "failures", "errors", "skipped"]) {
  if (junit[k] !== total(k)) problem(`testsuites: ${k}="${junit[k]}", and the JSON report gives ${total(k)}`);
}
const sessions = report.revisions.filter((rev) => rev.status !== "checked" || rev.findings.length > 0).length;
if (junit.tests !== report.totals.toolCalls + report.totals.resourceReads + sessions) {
  problem(`testsuites: ${junit.tests} tests for ${report.totals.toolCalls} tool calls and ${report.totals.resourceReads} resource reads`);
}
console.log(`check-reports: JUnit (junit2json): ${suites.length} suites, ${junit.tests} tests, ${junit.failures} failures, ${junit.errors} errors, ${junit.skipped} skipped`);

finish();
