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

import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { deflateSync } from "node:zlib";

import { checkServer, commandLine, compare, findingsOf, format, needFiles, word } from "./harness.mjs";

const HERE = fileURLToPath(new URL(".", import.meta.url));
const DATA = join(HERE, "..", "..", "testdata", "checkref");
const EXPECTED = join(DATA, "expected.json");
const TIMEOUT = "10s"; // each request (check --timeout)
const SERVER_LIMIT_MS = 60_000; // one whole check run; past it the run is killed

const { update, bin: BIN } = commandLine(HERE);

const pkgDir = (name) => join(HERE, "node_modules", "@modelcontextprotocol", name);
needFiles("checkref", "tools/checkref", [
  ["mcpresult", BIN],
  ["server-everything", join(pkgDir("server-everything"), "dist", "index.js")],
  ["server-filesystem", join(pkgDir("server-filesystem"), "dist", "index.js")],
  ["server-memory", join(pkgDir("server-memory"), "dist", "index.js")],
]);

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

// ---------------------------------------------------------------- main

const started = Date.now();
console.log(`checkref: ${BIN} against the reference servers on node ${process.version} (temporary files in ${root})`);
const actual = {};
let failed = 0;
for (const server of SERVERS) {
  const args = ["check", "--json", "--timeout", TIMEOUT, "--calls", join(DATA, server.calls), "--stdio", server.argv.map(word).join(" ")];
  const pkg = JSON.parse(readFileSync(join(pkgDir(server.name), "package.json"), "utf8"));
  const { report, failed: notChecked } = await checkServer(BIN, args, {
    title: `${server.name} ${pkg.version}`,
    name: server.name,
    root,
    keep: process.env.CHECKREF_KEEP,
    cwd: HERE,
    env: { ...baseEnv, ...server.env },
    limitMs: SERVER_LIMIT_MS,
  });
  if (report !== undefined) actual[server.name] = findingsOf(report);
  if (notChecked) failed++;
}

let differences = 0;
if (update) {
  if (failed === 0) {
    writeFileSync(EXPECTED, format(actual));
    console.log(`\ncheckref: wrote ${EXPECTED}`);
  } else {
    console.log(`\ncheckref: expected.json not written: ${failed} server(s) could not be checked`);
  }
} else {
  const expected = existsSync(EXPECTED) ? JSON.parse(readFileSync(EXPECTED, "utf8")) : {};
  differences = compare("checkref", actual, expected, `expected.json (${EXPECTED})`);
}

const keep = failed > 0 || process.env.CHECKREF_KEEP;
if (keep) console.log(`checkref: kept ${root}`);
else rmSync(root, { recursive: true, force: true });
console.log(`checkref: ${SERVERS.length - failed}/${SERVERS.length} servers checked in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(failed > 0 || differences > 0 ? 1 : 0);
