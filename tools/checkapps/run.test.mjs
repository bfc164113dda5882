// The harness itself (node --test, make check-apps runs it first): run.mjs
// against a stand-in for mcpresult that prints, for each server, a report
// made from the pinned findings, so that what run.mjs passes and fails is
// seen without starting a server: the pinned findings pass; a new error, a
// finding gone, an app page's tools changed and a pinned warning without a
// reason each fail.

import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";

const HERE = fileURLToPath(new URL(".", import.meta.url));
const PINNED = JSON.parse(readFileSync(join(HERE, "..", "..", "testdata", "checkapps", "expected.json"), "utf8"));
const dir = mkdtempSync(join(tmpdir(), "checkapps-test-"));
after(() => rmSync(dir, { recursive: true, force: true }));

/** reportOf is a JSON report whose findings are those pinned for one
 * server (at each revision, each "where" and each "code (severity)"; an
 * "app URI" entry is a page of revisions[].apps[]). */
function reportOf(revs) {
  const totals = { error: 0, warning: 0, info: 0, revisionsChecked: 0, revisionsSkipped: 0, revisionsFailed: 0, toolCalls: 0, resourceReads: 0 };
  const revisions = [];
  for (const [revision, v] of Object.entries(revs)) {
    if (typeof v === "string") {
      revisions.push({ revision, status: v, reason: "stand-in" });
      totals.revisionsSkipped++;
      continue;
    }
    totals.revisionsChecked++;
    const rv = { revision, status: "checked", tools: [], resources: [], findings: [], apps: [] };
    for (const [where, entries] of Object.entries(v)) {
      const findings = [];
      let app;
      for (const e of entries) {
        const page = /^page (.*), tools (.*)$/.exec(e);
        if (page) {
          app = { resourceUri: where.slice(4), mimeType: page[1], tools: page[2] === "(none)" ? [] : page[2].split(" ") };
          continue;
        }
        const [, code, severity] = /^(\S+) \((\w+)\)$/.exec(e);
        findings.push({ code, severity, path: "", message: "stand-in" });
        totals[severity]++;
      }
      if (where.startsWith("tool ")) rv.tools.push({ name: where.slice(5), calls: [{ findings }] });
      else if (where.startsWith("resource ")) rv.resources.push({ uri: where.slice(9), findings });
      else if (where.startsWith("app ")) rv.apps.push({ ...app, findings });
      else rv.findings = findings;
    }
    revisions.push(rv);
  }
  return { server: { name: "stand-in", version: "0" }, totals, revisions };
}

/** harness runs run.mjs with the stand-in printing reports (a map from
 * server to report) and comparing with expected; it returns {status, out}. */
function harness(name, reports, expected = PINNED) {
  const reportsFile = join(dir, `${name}.reports.json`);
  const expectedFile = join(dir, `${name}.expected.json`);
  writeFileSync(reportsFile, JSON.stringify(reports));
  writeFileSync(expectedFile, JSON.stringify(expected));
  const bin = join(dir, `${name}.mcpresult`);
  writeFileSync(
    bin,
    `#!${process.execPath}
const reports = JSON.parse(require("fs").readFileSync(${JSON.stringify(reportsFile)}, "utf8"));
const server = /(server-[a-z-]+)\\/dist/.exec(process.argv.join(" "))[1];
process.stdout.write(JSON.stringify(reports[server]));
process.exitCode = reports[server].totals.error > 0 ? 1 : 0;
`,
  );
  chmodSync(bin, 0o755);
  const r = spawnSync(process.execPath, [join(HERE, "run.mjs"), bin], { encoding: "utf8", env: { ...process.env, CHECKAPPS_EXPECTED: expectedFile } });
  return { status: r.status, out: r.stdout + r.stderr };
}

const pinnedReports = () => Object.fromEntries(Object.entries(PINNED.findings).map(([s, revs]) => [s, reportOf(revs)]));
const clone = (x) => JSON.parse(JSON.stringify(x));

test("the pinned findings pass", () => {
  const r = harness("pinned", pinnedReports());
  assert.equal(r.status, 0, r.out);
  assert.match(r.out, /are those of expected\.json/);
});

test("a new error fails", () => {
  const reports = pinnedReports();
  reports["server-debug"].revisions.find((rv) => rv.status === "checked").tools[0].calls[0].findings.push({ code: "no_response", severity: "error", path: "", message: "x" });
  reports["server-debug"].totals.error++;
  const r = harness("new-error", reports);
  assert.equal(r.status, 1, r.out);
  assert.match(r.out, /\+ server-debug {2}\S+ {2}tool \S+ {2}no_response \(error\)/);
});

test("a finding gone fails", () => {
  const reports = pinnedReports();
  for (const rv of reports["server-pdf"].revisions) for (const t of rv.tools ?? []) if (t.name === "poll_pdf_commands") t.calls[0].findings = [];
  const r = harness("gone", reports);
  assert.equal(r.status, 1, r.out);
  assert.match(r.out, /- server-pdf {2}\S+ {2}tool poll_pdf_commands {2}app_tool_no_response \(warning\)/);
});

test("an app page's tools are compared", () => {
  const expected = clone(PINNED);
  const rev = Object.values(expected.findings["server-basic-vanillajs"]).find((v) => typeof v !== "string");
  rev["app ui://get-time/mcp-app.html"] = ["page text/html;profile=mcp-app, tools get-time set-time"];
  const reports = pinnedReports();
  const r = harness("apps", reports, expected);
  assert.equal(r.status, 1, r.out);
  assert.match(r.out, /- server-basic-vanillajs {2}\S+ {2}app ui:\/\/get-time\/mcp-app\.html {2}page text\/html;profile=mcp-app, tools get-time set-time/);
  const same = reportOf(expected.findings["server-basic-vanillajs"]);
  assert.equal(harness("apps-same", { ...reports, "server-basic-vanillajs": same }, expected).status, 0);
});

test("a pinned warning without a reason fails", () => {
  const expected = clone(PINNED);
  const key = Object.keys(expected.why)[0];
  expected.why[key] = "";
  const r = harness("why", pinnedReports(), expected);
  assert.equal(r.status, 1, r.out);
  assert.ok(r.out.includes(`no reason in its "why"`) && r.out.includes(key), r.out);
});
