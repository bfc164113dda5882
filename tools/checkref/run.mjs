#!/usr/bin/env node
// Runs `mcpresult check --json` against the official reference MCP servers
// pinned in this folder's package.json (server-everything, server-filesystem,
// server-memory), each over stdio on this Node, every protocol revision:
//
//   node tools/checkref/run.mjs [--update] [path/to/mcpresult]
//
// The binary is the argument, else $MCPRESULT, else bin/mcpresult at the top
// of the repository (make build). npm ci in this folder installs the servers.
//
// Each server gets the calls of its calls-*.json in testdata/checkref (the
// filesystem server a temporary directory of small files, the memory server
// a temporary memory file), and a fixed environment. The script prints a
// summary per server and compares every finding, as (server, revision, tool
// or resource, code and severity), with testdata/checkref/expected.json. It
// exits 1 when check could not check a server (it crashed, was killed,
// printed no JSON, made no session, or a session broke, or its exit code
// disagrees with its report), when a finding appears that expected.json does
// not list, or when one it lists is gone. Findings about the servers themselves are reported,
// never a failure: the README.md beside expected.json judges each one.
// --update rewrites expected.json from this run instead of comparing.
// CHECKREF_KEEP=1 keeps the temporary directory, with each JSON report in it
// (kept anyway when a server could not be checked).

import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { deflateSync } from "node:zlib";

const HERE = fileURLToPath(new URL(".", import.meta.url));
const DATA = join(HERE, "..", "..", "testdata", "checkref");
const EXPECTED = join(DATA, "expected.json");
const TIMEOUT = "10s"; // each request (check --timeout)
const SERVER_LIMIT_MS = 60_000; // one whole check run; past it the run is killed

const argv = process.argv.slice(2);
const update = argv.includes("--update");
const unknown = argv.filter((a) => a.startsWith("-") && a !== "--update");
const positional = argv.filter((a) => !a.startsWith("-"));
if (unknown.length > 0 || positional.length > 1) {
  console.error("usage: node run.mjs [--update] [path/to/mcpresult]");
  process.exit(2);
}
const BIN = resolve(positional[0] ?? process.env.MCPRESULT ?? join(HERE, "..", "..", "bin", "mcpresult"));

const pkgDir = (name) => join(HERE, "node_modules", "@modelcontextprotocol", name);
for (const [what, path] of [
  ["mcpresult", BIN],
  ["server-everything", join(pkgDir("server-everything"), "dist", "index.js")],
  ["server-filesystem", join(pkgDir("server-filesystem"), "dist", "index.js")],
  ["server-memory", join(pkgDir("server-memory"), "dist", "index.js")],
]) {
  if (!existsSync(path)) {
    const hint = what === "mcpresult" ? "run make build, or name the binary" : "run npm ci in tools/checkref";
    console.error(`checkref: ${what} is missing (${path}); ${hint}`);
    process.exit(1);
  }
}

// ---------------------------------------------------------------- fixtures

// The temporary files live under /tmp where there is one, whatever TMPDIR
// says: the filesystem server's error texts name them, and which absolute
// paths error_leaks_path counts depends on where they are.
const root = mkdtempSync(join(existsSync("/tmp") ? "/tmp" : tmpdir(), "mcpresult-checkref-"));
const filesDir = join(root, "files");
const memoryFile = join(root, "memory", "memory.jsonl");

/** png is a valid 2×2 RGB PNG (signature, IHDR, IDAT, IEND, with CRCs). */
function png() {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (buf) => {
    let c = 0xffffffff;
    for (const b of buf) c = table[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    typed.copy(out, 4);
    out.writeUInt32BE(crc32(typed), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0); // width
  ihdr.writeUInt32BE(2, 4); // height
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  // Two rows, each a filter byte (0) and two pixels: red, green; blue, white.
  const rows = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

// What calls-filesystem.json reads, by paths relative to the directory (the
// server resolves them against its allowed directory).
mkdirSync(join(filesDir, "scratch"), { recursive: true });
writeFileSync(join(filesDir, "notes.txt"), "Checkref notes\nline two\nline three\n");
writeFileSync(join(filesDir, "pixel.png"), png());
writeFileSync(join(filesDir, "misnamed.jpg"), png()); // PNG bytes under a .jpg name
writeFileSync(join(filesDir, "blob.bin"), Buffer.from([0, 1, 2, 0xff, 0xfe, 0x62, 0x69, 0x6e]));
writeFileSync(join(filesDir, "scratch", "draft.txt"), "draft\n"); // moved away and back by move_file

// The memory server's graph before the first revision: calls-memory.json
// adds observations to Seed and deletes Obsolete. The file carries over from
// one revision to the next (each is a new server process on the same file).
mkdirSync(dirname(memoryFile), { recursive: true });
writeFileSync(
  memoryFile,
  [
    { type: "entity", name: "Seed", entityType: "fixture", observations: ["written before the server starts"] },
    { type: "entity", name: "Obsolete", entityType: "fixture", observations: ["deleted by delete_entities"] },
  ]
    .map((x) => JSON.stringify(x))
    .join("\n") + "\n",
);

// ---------------------------------------------------------------- servers

/** word quotes an argument for check's --stdio (single quotes, as a shell). */
const word = (s) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replaceAll("'", `'"'"'`)}'`);

// The environment of check and so of each server: fixed, so that what
// server-everything's get-env returns is the same on every machine, and no
// variable of the machine reaches a report. Its one planted variable is a
// made-up database URL, to show what get-env hands the model.
const baseEnv = { PATH: `${dirname(process.execPath)}:/usr/bin:/bin`, HOME: root, LANG: "C.UTF-8" };

const SERVERS = [
  {
    name: "server-everything",
    argv: [process.execPath, join(pkgDir("server-everything"), "dist", "index.js"), "stdio"],
    calls: "calls-everything.json",
    env: { CHECKREF_DEMO_DATABASE_URL: "postgres://demo:not-a-real-password@127.0.0.1:5432/demo" },
  },
  {
    name: "server-filesystem",
    argv: [process.execPath, join(pkgDir("server-filesystem"), "dist", "index.js"), filesDir],
    calls: "calls-filesystem.json",
    env: {},
  },
  {
    name: "server-memory",
    argv: [process.execPath, join(pkgDir("server-memory"), "dist", "index.js")],
    calls: "calls-memory.json",
    env: { MEMORY_FILE_PATH: memoryFile },
  },
];

/** check runs mcpresult check --json on one server and resolves to
 * {code, signal, stdout, stderr, killed, ms}. */
function check(server) {
  const args = ["check", "--json", "--timeout", TIMEOUT, "--calls", join(DATA, server.calls), "--stdio", server.argv.map(word).join(" ")];
  const t0 = Date.now();
  return new Promise((resolve) => {
    // In a process group of its own, so that a run killed for taking too
    // long (or interrupted) takes its server with it.
    const child = spawn(BIN, args, { cwd: HERE, env: { ...baseEnv, ...server.env }, stdio: ["ignore", "pipe", "pipe"], detached: true });
    const stop = () => {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    };
    const interrupted = () => {
      stop();
      rmSync(root, { recursive: true, force: true });
      process.exit(130);
    };
    process.once("SIGINT", interrupted);
    const out = [];
    let err = "";
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      stop();
    }, SERVER_LIMIT_MS);
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

/** problemsOf says why check could not check the server, if it could not. */
function problemsOf(run, report) {
  const tail = run.stderr.trim() ? "\n" + run.stderr.trim().split("\n").slice(-8).map((l) => "      " + l).join("\n") : "";
  if (run.killed) return [`check did not finish within ${SERVER_LIMIT_MS / 1000} s (killed)${tail}`];
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

/** findingsOf is the report's findings as {revision: "skipped" | "failed" |
 * {where: ["code (severity)"…]}}, where is "tool NAME", "resource URI" or
 * "revision" (the revision's own findings: a list past a bound, results not
 * kept, a repeated answer). The severity is part of what is compared: a
 * finding whose grading changes is a change to judge. */
function findingsOf(report) {
  const out = {};
  for (const rv of report.revisions) {
    if (rv.status !== "checked") {
      out[rv.revision] = rv.status;
      continue;
    }
    const where = {};
    const add = (w, findings) => {
      for (const f of findings ?? []) (where[w] ??= new Set()).add(`${f.code} (${f.severity})`);
    };
    for (const t of rv.tools ?? []) for (const c of t.calls) add(`tool ${t.name}`, c.findings);
    for (const r of rv.resources ?? []) add(`resource ${r.uri}`, r.findings);
    add("revision", rv.findings);
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
function flatten(all) {
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

/** table prints rows (arrays of strings) in padded columns. */
function table(rows, indent = "  ") {
  const widths = [];
  for (const r of rows) r.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, c.length)));
  for (const r of rows) console.log(indent + r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]))).join("  "));
}

/** summarize prints one server's summary: revisions, counts, and its
 * distinct (severity, code, tool or resource) findings; the info figures
 * that every result gets are one row per code. */
function summarize(server, report, ms) {
  const t = report.totals;
  const info = report.server ? `${report.server.name} ${report.server.version}` : "no serverInfo";
  const pkg = JSON.parse(readFileSync(join(pkgDir(server.name), "package.json"), "utf8"));
  console.log(`\n── ${server.name} ${pkg.version} (serverInfo: ${info}), ${(ms / 1000).toFixed(1)} s`);
  const skipped = report.revisions.filter((r) => r.status === "skipped").map((r) => `${r.revision}: ${r.reason}`);
  console.log(`  revisions: ${t.revisionsChecked} checked, ${t.revisionsSkipped} skipped, ${t.revisionsFailed} failed`);
  for (const s of skipped) console.log(`    skipped ${s}`);
  console.log(`  calls: ${t.toolCalls} tool calls, ${t.resourceReads} resource reads`);
  console.log(`  findings: ${t.error} error, ${t.warning} warning, ${t.info} info`);

  const rank = { error: 0, warning: 1, info: 2 };
  const rows = new Map();
  const infoRows = new Map();
  for (const rv of report.revisions) {
    const seen = (where, findings) => {
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
    };
    for (const tr of rv.tools ?? []) for (const c of tr.calls) seen(`tool ${tr.name}`, c.findings);
    for (const r of rv.resources ?? []) seen(`resource ${r.uri}`, r.findings);
    seen("revision", rv.findings);
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

// ---------------------------------------------------------------- main

const started = Date.now();
console.log(`checkref: ${BIN} against the reference servers on node ${process.version} (temporary files in ${root})`);
const actual = {};
let failed = 0;
for (const server of SERVERS) {
  const run = await check(server);
  let report;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    report = undefined;
  }
  const problems = problemsOf(run, report);
  if (report !== undefined && Array.isArray(report.revisions)) {
    summarize(server, report, run.ms);
    actual[server.name] = findingsOf(report);
  } else {
    console.log(`\n── ${server.name}, ${(run.ms / 1000).toFixed(1)} s`);
  }
  if (problems.length > 0 || process.env.CHECKREF_KEEP) {
    writeFileSync(join(root, report !== undefined ? `${server.name}.json` : `${server.name}.stdout`), run.stdout);
    writeFileSync(join(root, `${server.name}.stderr`), run.stderr);
  }
  if (problems.length > 0) {
    failed++;
    for (const p of problems) console.log(`  FAILED: ${p}`);
  }
}

let differences = 0;
if (update) {
  if (failed === 0) {
    writeFileSync(EXPECTED, format(actual));
    console.log(`\ncheckref: wrote ${EXPECTED} (${flatten(actual).size} entries)`);
  } else {
    console.log(`\ncheckref: expected.json not written: ${failed} server(s) could not be checked`);
  }
} else {
  const expected = existsSync(EXPECTED) ? JSON.parse(readFileSync(EXPECTED, "utf8")) : {};
  // A server that could not be checked at all has no findings to compare.
  const compared = (line) => Object.hasOwn(actual, line.split("  ")[0]);
  const want = new Set([...flatten(expected)].filter(compared));
  const got = flatten(actual);
  const added = [...got].filter((l) => !want.has(l));
  const gone = [...want].filter((l) => !got.has(l));
  differences = added.length + gone.length;
  const servers = Object.keys(actual).length;
  if (differences > 0) {
    console.log(`\ncheckref: the findings of ${servers} server(s) differ from expected.json (${EXPECTED}):`);
    for (const l of added) console.log(`  + ${l}`);
    for (const l of gone) console.log(`  - ${l}`);
    console.log("  (+ new, - gone; if check's behaviour changed on purpose, judge the findings in README.md and run node run.mjs --update)");
  } else {
    console.log(`\ncheckref: the findings of ${servers} server(s) are those of expected.json (${want.size} entries)`);
  }
}

const keep = failed > 0 || process.env.CHECKREF_KEEP;
if (keep) console.log(`checkref: kept ${root}`);
else rmSync(root, { recursive: true, force: true });
console.log(`checkref: ${SERVERS.length - failed}/${SERVERS.length} servers checked in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(failed > 0 || differences > 0 ? 1 : 0);

/** format writes expected.json: two-space indentation, each list of codes
 * on one line. */
function format(all) {
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
