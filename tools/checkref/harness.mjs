// What the harnesses that run `mcpresult check --json` against pinned
// servers from npm share (tools/checkref/run.mjs, tools/checkapps/run.mjs):
// running check on one server, telling a run that could not check it, the
// findings as lines to compare with a pinned file, and printing.

import { spawn } from "node:child_process";
import { existsSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

/** commandLine reads `node run.mjs [--update] [path/to/mcpresult]` (a
 * usage error exits 2): {update, bin}, the binary being the argument, else
 * $MCPRESULT, else bin/mcpresult at the top of the repository, two folders
 * above here. */
export function commandLine(here) {
  const argv = process.argv.slice(2);
  const unknown = argv.filter((a) => a.startsWith("-") && a !== "--update");
  const positional = argv.filter((a) => !a.startsWith("-"));
  if (unknown.length > 0 || positional.length > 1) {
    console.error("usage: node run.mjs [--update] [path/to/mcpresult]");
    process.exit(2);
  }
  const bin = resolve(positional[0] ?? process.env.MCPRESULT ?? join(here, "..", "..", "bin", "mcpresult"));
  return { update: argv.includes("--update"), bin };
}

/** needFiles exits 1, saying what to run, when the binary or a server's
 * entry point is missing: files are [what, path] pairs, the binary's what
 * "mcpresult"; name prefixes the message, folder is where npm ci installs
 * the servers. */
export function needFiles(name, folder, files) {
  for (const [what, path] of files) {
    if (!existsSync(path)) {
      const hint = what === "mcpresult" ? "run make build, or name the binary" : `run npm ci in ${folder}`;
      console.error(`${name}: ${what} is missing (${path}); ${hint}`);
      process.exit(1);
    }
  }
}

/** word quotes an argument for check's --stdio (single quotes, as a shell). */
export const word = (s) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replaceAll("'", `'"'"'`)}'`);

/** runCheck runs the binary with args (cwd, env, killed past limitMs; a
 * temporary directory to remove on Ctrl-C) and resolves to {code, signal,
 * stdout, stderr, killed, ms}. */
function runCheck(bin, args, { cwd, env, limitMs, cleanup }) {
  const t0 = Date.now();
  return new Promise((resolve) => {
    // In a process group of its own, so that a run killed for taking too
    // long (or interrupted) takes its server with it.
    const child = spawn(bin, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    const stop = () => {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    };
    const interrupted = () => {
      stop();
      if (cleanup) rmSync(cleanup, { recursive: true, force: true });
      process.exit(130);
    };
    process.once("SIGINT", interrupted);
    const out = [];
    let err = "";
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      stop();
    }, limitMs);
    child.stdout.on("data", (d) => out.push(d));
    child.stderr.on("data", (d) => (err += d));
    child.on("error", (e) => {
      clearTimeout(timer);
      process.off("SIGINT", interrupted);
      resolve({ code: null, signal: null, stdout: "", stderr: String(e), killed, ms: Date.now() - t0 });
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      process.off("SIGINT", interrupted);
      resolve({ code, signal, stdout: Buffer.concat(out).toString("utf8"), stderr: err, killed, ms: Date.now() - t0 });
    });
  });
}

/** checkServer runs check on one server (runCheck's options, root the
 * temporary directory where the report and stderr are kept when keep or
 * when the server could not be checked), prints its summary (title: the
 * server's name and version) or why it could not be checked, and resolves
 * to {report, failed}: report is the JSON report, or undefined when there
 * is none with revisions; failed says check could not check the server. */
export async function checkServer(bin, args, { title, name, root, keep, ...options }) {
  const run = await runCheck(bin, args, { ...options, cleanup: root });
  let report;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    report = undefined;
  }
  const problems = problemsOf(run, report, options.limitMs);
  const usable = report !== undefined && Array.isArray(report.revisions);
  if (usable) summarize(title, report, run.ms);
  else console.log(`\n── ${name}, ${(run.ms / 1000).toFixed(1)} s`);
  if (problems.length > 0 || keep) {
    writeFileSync(join(root, report !== undefined ? `${name}.json` : `${name}.stdout`), run.stdout);
    writeFileSync(join(root, `${name}.stderr`), run.stderr);
  }
  for (const p of problems) console.log(`  FAILED: ${p}`);
  return { report: usable ? report : undefined, failed: problems.length > 0 };
}

/** problemsOf says why check could not check the server, if it could not. */
function problemsOf(run, report, limitMs) {
  const tail = run.stderr.trim() ? "\n" + run.stderr.trim().split("\n").slice(-8).map((l) => "      " + l).join("\n") : "";
  if (run.killed) return [`check did not finish within ${limitMs / 1000} s (killed)${tail}`];
  if (run.signal) return [`check was ended by ${run.signal}${tail}`];
  if (run.code !== 0 && run.code !== 1) return [`check exited ${run.code} (a usage error or a crash)${tail}`];
  if (report === undefined) return [`check's output is not a JSON report${tail}`];
  const problems = [];
  if (report.error) problems.push(`check could not check it: ${report.error}`);
  for (const rv of report.revisions ?? []) {
    if (rv.status === "failed") problems.push(`revision ${rv.revision} failed: ${rv.reason}`);
  }
  const t = report.totals ?? {};
  if (!(t.revisionsChecked > 0)) problems.push("no revision was checked");
  const want = report.error || t.revisionsFailed > 0 || t.error > 0 ? 1 : 0;
  if (run.code !== want) problems.push(`check exited ${run.code}, but its report asks for exit ${want}`);
  return problems;
}

/** places calls add(where, findings) for each tool call, resource read and
 * the revision's own findings of a checked revision. */
function places(rv, add) {
  for (const t of rv.tools ?? []) for (const c of t.calls) add(`tool ${t.name}`, c.findings);
  for (const r of rv.resources ?? []) add(`resource ${r.uri}`, r.findings);
  add("revision", rv.findings);
}

/** findingsOf is the report's findings as {revision: "skipped" | "failed" |
 * {where: ["code (severity)"…]}}, where is "tool NAME", "resource URI" or
 * "revision" (the revision's own findings: a list past a bound, results not
 * kept, a repeated answer). The severity is part of what is compared: a
 * finding whose grading changes is a change to judge. more(rv, add), when
 * given, adds entries of its own (add(where, "entry")). */
export function findingsOf(report, more) {
  const out = {};
  for (const rv of report.revisions) {
    if (rv.status !== "checked") {
      out[rv.revision] = rv.status;
      continue;
    }
    const where = {};
    const put = (w, entry) => (where[w] ??= new Set()).add(entry);
    places(rv, (w, findings) => {
      for (const f of findings ?? []) put(w, `${f.code} (${f.severity})`);
    });
    if (more) more(rv, put);
    out[rv.revision] = Object.fromEntries(
      Object.keys(where)
        .sort()
        .map((w) => [w, [...where[w]].sort()]),
    );
  }
  return out;
}

/** flatten turns {server: {revision: …}} into a set of lines, one per
 * (server, revision, where, code and severity), or (server, revision,
 * status). */
export function flatten(all) {
  const lines = new Set();
  for (const [server, revs] of Object.entries(all ?? {})) {
    for (const [rev, v] of Object.entries(revs)) {
      if (typeof v === "string") {
        lines.add(`${server}  ${rev}  (${v})`);
        continue;
      }
      for (const [where, codes] of Object.entries(v)) for (const code of codes) lines.add(`${server}  ${rev}  ${where}  ${code}`);
    }
  }
  return lines;
}

/** compare prints how the findings of the servers checked (actual) differ
 * from the pinned ones (expected) and returns how many lines differ. */
export function compare(name, actual, expected, file) {
  // A server that could not be checked at all has no findings to compare.
  const compared = (line) => Object.hasOwn(actual, line.split("  ")[0]);
  const want = new Set([...flatten(expected)].filter(compared));
  const got = flatten(actual);
  const added = [...got].filter((l) => !want.has(l));
  const gone = [...want].filter((l) => !got.has(l));
  const servers = Object.keys(actual).length;
  if (added.length + gone.length > 0) {
    console.log(`\n${name}: the findings of ${servers} server(s) differ from ${file}:`);
    for (const l of added) console.log(`  + ${l}`);
    for (const l of gone) console.log(`  - ${l}`);
    console.log("  (+ new, - gone; if check's behaviour changed on purpose, judge the findings in README.md and run node run.mjs --update)");
  } else {
    console.log(`\n${name}: the findings of ${servers} server(s) are those of ${file} (${want.size} entries)`);
  }
  return added.length + gone.length;
}

/** table prints rows (arrays of strings) in padded columns. */
export function table(rows, indent = "  ") {
  const widths = [];
  for (const r of rows) r.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, c.length)));
  for (const r of rows) console.log(indent + r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]))).join("  "));
}

/** summarize prints one server's summary: revisions, counts, and its
 * distinct (severity, code, tool or resource) findings; the info figures
 * that every result gets are one row per code. */
export function summarize(title, report, ms) {
  const t = report.totals;
  const info = report.server ? `${report.server.name} ${report.server.version}` : "no serverInfo";
  console.log(`\n── ${title} (serverInfo: ${info}), ${(ms / 1000).toFixed(1)} s`);
  const skipped = report.revisions.filter((r) => r.status === "skipped").map((r) => `${r.revision}: ${r.reason}`);
  console.log(`  revisions: ${t.revisionsChecked} checked, ${t.revisionsSkipped} skipped, ${t.revisionsFailed} failed`);
  for (const s of skipped) console.log(`    skipped ${s}`);
  console.log(`  calls: ${t.toolCalls} tool calls, ${t.resourceReads} resource reads`);
  console.log(`  findings: ${t.error} error, ${t.warning} warning, ${t.info} info`);

  const rank = { error: 0, warning: 1, info: 2 };
  const rows = new Map();
  const infoRows = new Map();
  for (const rv of report.revisions) {
    places(rv, (where, findings) => {
      for (const f of findings ?? []) {
        if (f.severity === "info") {
          const r = infoRows.get(f.code) ?? { places: new Set(), revs: new Set(), n: 0 };
          r.places.add(where);
          r.revs.add(rv.revision);
          r.n++;
          infoRows.set(f.code, r);
          continue;
        }
        const key = `${f.severity}\0${f.code}\0${where}`;
        const r = rows.get(key) ?? { severity: f.severity, code: f.code, where, revs: new Set(), n: 0 };
        r.revs.add(rv.revision);
        r.n++;
        rows.set(key, r);
      }
    });
  }
  const sorted = [...rows.values()].sort(
    (a, b) => rank[a.severity] - rank[b.severity] || a.code.localeCompare(b.code) || a.where.localeCompare(b.where),
  );
  const out = [["severity", "code", "where", "times", "revisions"]];
  for (const r of sorted) out.push([r.severity, r.code, r.where, String(r.n), [...r.revs].sort().join(" ")]);
  for (const [code, r] of [...infoRows].sort((a, b) => a[0].localeCompare(b[0]))) {
    out.push(["info", code, `${r.places.size} tools and resources`, String(r.n), [...r.revs].sort().join(" ")]);
  }
  table(out);
  const notes = new Set(report.revisions.flatMap((r) => r.notes ?? []));
  for (const n of notes) console.log(`  note: ${n}`);
}

/** format writes a pinned file: {server: {revision: {where: [entries]}}},
 * two-space indentation, each list of entries on one line. */
export function format(all) {
  const lines = ["{"];
  const servers = Object.keys(all).sort();
  servers.forEach((server, i) => {
    lines.push(`  ${JSON.stringify(server)}: {`);
    const revs = Object.keys(all[server]).sort();
    revs.forEach((rev, j) => {
      const v = all[server][rev];
      const comma = j < revs.length - 1 ? "," : "";
      if (typeof v === "string") {
        lines.push(`    ${JSON.stringify(rev)}: ${JSON.stringify(v)}${comma}`);
        return;
      }
      lines.push(`    ${JSON.stringify(rev)}: {`);
      const wheres = Object.keys(v).sort();
      wheres.forEach((w, k) => {
        lines.push(`      ${JSON.stringify(w)}: [${v[w].map((c) => JSON.stringify(c)).join(", ")}]${k < wheres.length - 1 ? "," : ""}`);
      });
      lines.push(`    }${comma}`);
    });
    lines.push(`  }${i < servers.length - 1 ? "," : ""}`);
  });
  lines.push("}");
  return lines.join("\n") + "\n";
}
