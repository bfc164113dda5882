// The reporter of npm test (node --test --test-reporter=./test/reporter.mjs):
// a line per test file with what passed, failed or is todo, then each
// failure in full (its name, where it is, the error and its stack), and a
// last line of totals. A todo test (a documented limit, { todo: "why" })
// that fails is listed as todo with its reason, without a stack trace; one
// that passes says its todo may go. Diagnostics and the output of passing
// tests are left out: node --test test/ with the default reporter prints
// them.
//
// node --test runs each file in a process of its own; a test's events name
// their file (data.file), and nesting 0 is a file's top-level test.

import { relative } from "node:path";
import { inspect } from "node:util";

const cwd = process.cwd();

/** where is a test's place for people: file:line. */
function where(data) {
  return data.file ? `${relative(cwd, data.file)}${data.line ? ":" + data.line : ""}` : "";
}

/** cause is the assertion or error a failure carries (node:test wraps it). */
function cause(error) {
  return error && error.code === "ERR_TEST_FAILURE" && error.cause !== undefined ? error.cause : error;
}

export default async function* reporter(source) {
  const files = new Map(); // file -> { pass, fail, todo, skip }
  const failures = [];
  const todos = [];
  const stdout = new Map(); // file -> its lines, shown only when it failed
  const stat = (file) => {
    const key = file ? relative(cwd, file) : "(no file)";
    if (!files.has(key)) files.set(key, { pass: 0, fail: 0, todo: 0, skip: 0 });
    return files.get(key);
  };
  for await (const { type, data } of source) {
    switch (type) {
      case "test:pass": {
        if (data.details?.type === "suite") break;
        const s = stat(data.file);
        if (data.skip !== undefined && data.skip !== false) s.skip++;
        else if (data.todo !== undefined && data.todo !== false) {
          s.todo++;
          todos.push({ name: data.name, where: where(data), reason: data.todo, passed: true });
        } else s.pass++;
        break;
      }
      case "test:fail": {
        const err = cause(data.details?.error);
        // A test that failed only because a subtest did says nothing more.
        if (data.details?.error?.failureType === "subtestsFailed") break;
        const s = stat(data.file);
        if (data.todo !== undefined && data.todo !== false) {
          s.todo++;
          todos.push({ name: data.name, where: where(data), reason: data.todo, passed: false, message: err?.message });
          break;
        }
        s.fail++;
        failures.push({ name: data.name, where: where(data), error: err });
        break;
      }
      case "test:stdout":
      case "test:stderr": {
        const key = data.file ? relative(cwd, data.file) : "(no file)";
        if (!stdout.has(key)) stdout.set(key, []);
        stdout.get(key).push(data.message);
        break;
      }
    }
  }
  const total = { pass: 0, fail: 0, todo: 0, skip: 0 };
  for (const [file, s] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    for (const k of Object.keys(total)) total[k] += s[k];
    const parts = [`${s.pass} passed`];
    if (s.fail) parts.push(`${s.fail} FAILED`);
    if (s.todo) parts.push(`${s.todo} todo`);
    if (s.skip) parts.push(`${s.skip} skipped`);
    yield `${s.fail ? "FAIL" : "ok  "} ${file}: ${parts.join(", ")}\n`;
  }
  for (const t of todos) {
    const reason = typeof t.reason === "string" ? t.reason : "";
    yield t.passed
      ? `todo ${t.name} (${t.where}): passes now; its todo may go${reason ? ` (${reason})` : ""}\n`
      : `todo ${t.name} (${t.where}): ${reason || t.message || "a known limit"}\n`;
  }
  for (const f of failures) {
    yield `\nFAILED ${f.name} (${f.where})\n`;
    const e = f.error;
    const text = e instanceof Error ? e.stack || String(e) : inspect(e, { depth: 6 });
    yield text.replace(/^/gm, "  ") + "\n";
  }
  const failedFiles = new Set(failures.map((f) => f.where.split(":")[0]));
  for (const [file, lines] of stdout) {
    if (!failedFiles.has(file)) continue;
    yield `\noutput of ${file}:\n${lines.join("").replace(/^/gm, "  ")}`;
  }
  yield `\n${total.fail ? "FAIL" : "ok"}: ${total.pass} passed, ${total.fail} failed, ${total.todo} todo, ${total.skip} skipped, in ${files.size} files\n`;
  if (total.fail) process.exitCode = 1;
}
