// The HTML report of mcpresult check in a real browser: Debian's chromium,
// driven headless over the DevTools protocol by puppeteer-core (make
// check-html installs the browser with apt when it is missing, this
// folder's pinned packages and the reference servers of tools/checkref).
// Nothing here is skipped.
//
// The report is that of a real run of the command line against the
// reference "everything" server (@modelcontextprotocol/server-everything,
// pinned in tools/checkref) with its calls file,
// testdata/checkref/calls-everything.json, and a planted database URL in
// its environment (which its get-env tool hands back: the page must show
// it redacted). The page is opened from its file, and:
//
//   - it makes no request but for its own file (every other one is
//     refused and fails the test), logs no console error and breaks no rule
//     of its Content-Security-Policy;
//   - its first heading is the verdict;
//   - its matrix has a row for each tool and resource of the run, and in
//     each a cell for each revision, each link of a cell leading to an
//     anchor of the page;
//   - it reads in dark mode (prefers-color-scheme: dark changes its
//     colours) and printed (no block is cut to a scrolling box);
//   - a full-page screenshot is written to $MCPRESULT_CHECK_SCREENSHOT
//     (default: report.png in a new folder under the temporary directory,
//     which is kept), for people to look at.
//
//   node --test tools/browser/check-html.test.mjs   (from the repository root; MCPRESULT_CLI names the command line, default bin/mcpresult)

import { test, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, "..", "..");
const chromium = "/usr/bin/chromium";
const cli = resolve(process.env.MCPRESULT_CLI || join(repo, "bin", "mcpresult"));
const checkref = join(repo, "tools", "checkref");
const everything = join(checkref, "node_modules", "@modelcontextprotocol", "server-everything", "dist", "index.js");
const calls = join(repo, "testdata", "checkref", "calls-everything.json");
const plantedPassword = "not-a-real-password";

const out = mkdtempSync(join(tmpdir(), "mcpresult-check-html-"));
const screenshot = resolve(process.env.MCPRESULT_CHECK_SCREENSHOT || join(out, "report.png"));
const htmlPath = join(out, "report.html");

let browser;
after(async () => {
  if (browser) await browser.close().catch(() => {});
});

/** word quotes an argument for check's --stdio (single quotes, as a shell). */
const word = (s) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replaceAll("'", `'"'"'`)}'`);

/** run runs mcpresult check --json on the everything server with args
 * besides, in a fixed environment (as tools/checkref/run.mjs does). */
function run(args) {
  const stdio = [process.execPath, everything, "stdio"].map(word).join(" ");
  const env = {
    PATH: `${dirname(process.execPath)}:/usr/bin:/bin`,
    HOME: out,
    LANG: "C.UTF-8",
    CHECKREF_DEMO_DATABASE_URL: `postgres://demo:${plantedPassword}@127.0.0.1:5432/demo`,
  };
  return spawnSync(cli, ["check", "--json", "--timeout", "10s", "--calls", calls, "--stdio", stdio, ...args], { cwd: checkref, env, encoding: "utf8", maxBuffer: 256 << 20 });
}

/** report makes the HTML report of a real run, and returns the JSON
 * report of the same run. */
function report() {
  for (const [what, path] of [["mcpresult", cli], ["server-everything", everything]]) {
    assert.ok(existsSync(path), `${what} is missing (${path}): make check-html builds and installs it`);
  }
  const r = run(["--report", `html=${htmlPath}`]);
  assert.ok(r.status === 0 || r.status === 1, `mcpresult check exited ${r.status}: ${r.stderr}`);
  assert.ok(existsSync(htmlPath), "no HTML report was written");
  return JSON.parse(r.stdout);
}

test("the HTML report of a run against server-everything, in Chromium", async (t) => {
  assert.ok(existsSync(chromium), `${chromium} is missing: tools/browser/chromium.sh installs it`);
  const rep = report();
  const html = readFileSync(htmlPath, "utf8");
  assert.ok(!html.includes(plantedPassword), "the page shows the password of the planted database URL");

  // What the matrix must hold: a column per revision, a row per tool and
  // resource of any revision (and one for the revisions' own findings).
  const revisions = rep.revisions.map((r) => r.revision);
  const rows = new Set();
  for (const rr of rep.revisions) {
    if (rr.findings.length > 0) rows.add("session");
    for (const tool of rr.tools) rows.add(`tool ${tool.name}`);
    for (const res of rr.resources) rows.add(`resource ${res.uri}`);
  }
  assert.ok(revisions.length > 1 && rows.size > 10, `a run of ${revisions.length} revisions and ${rows.size} rows`);

  const puppeteer = await import("puppeteer-core");
  browser = await puppeteer.launch({
    executablePath: chromium,
    headless: true,
    // As browser.test.mjs: CI runs as root, in a container.
    args: ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--no-first-run", "--no-default-browser-check"],
  });
  const page = await browser.newPage();
  const url = pathToFileURL(htmlPath).href;
  const requests = [];
  const errors = [];
  await page.setRequestInterception(true);
  page.on("request", (req) => {
    if (req.url() === url) {
      req.continue();
      return;
    }
    requests.push(req.url());
    req.abort();
  });
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  // The page runs no script of its own; this one, which DevTools adds
  // before the page's own content, records what the policy refuses.
  await page.evaluateOnNewDocument(() => {
    window.__violations = [];
    document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const res = await page.goto(url, { waitUntil: "load" });
  assert.ok(res === null || res.ok(), `loading ${url}`);

  const first = await page.$eval("h1, h2, h3, h4, h5, h6", (h) => ({ tag: h.tagName, id: h.id, text: h.textContent }));
  const passed = rep.totals.error === 0 && !rep.error && rep.totals.revisionsFailed === 0;
  assert.deepEqual(first, { tag: "H1", id: "verdict", text: passed ? "✓ mcpresult check passed" : "✗ mcpresult check failed" });

  const matrix = await page.$$eval("table.matrix tr", (trs) =>
    trs.map((tr) => ({
      head: tr.querySelector("th")?.textContent ?? "",
      cols: [...tr.querySelectorAll("th[scope=col]")].map((th) => th.textContent),
      cells: [...tr.querySelectorAll("td")].map((td) => ({ text: td.textContent, state: td.className, href: td.querySelector("a")?.getAttribute("href") ?? null })),
    })),
  );
  const [header, ...body] = matrix;
  assert.deepEqual(header.cols.slice(1), revisions, "a column per revision");
  assert.deepEqual(new Set(body.map((r) => r.head)), rows, "a row per tool and resource");
  assert.equal(body.length, rows.size);
  for (const r of body) {
    assert.equal(r.cells.length, revisions.length, `${r.head}: a cell per revision`);
    for (const c of r.cells) {
      assert.match(c.text, /error|warning|info|clean|not listed|not called|skipped|failed/, `${r.head}: a cell says its state in words`);
      if (c.href) assert.ok(await page.$(`[id="${c.href.slice(1)}"]`), `${r.head}: the link ${c.href} leads nowhere`);
    }
  }

  // Dark mode changes the colours; printed, no block scrolls.
  const background = () => page.$eval("body", (b) => getComputedStyle(b).backgroundColor);
  const light = await background();
  await page.emulateMediaFeatures([{ name: "prefers-color-scheme", value: "dark" }]);
  const dark = await background();
  assert.notEqual(dark, light, "prefers-color-scheme: dark changes nothing");
  await page.emulateMediaFeatures([{ name: "prefers-color-scheme", value: "light" }]);
  await page.emulateMediaType("print");
  const clipped = await page.$$eval("pre", (ps) => ps.filter((p) => getComputedStyle(p).maxHeight !== "none").length);
  assert.equal(clipped, 0, "printed, a block is cut to a scrolling box");
  await page.emulateMediaType("screen");

  mkdirSync(dirname(screenshot), { recursive: true });
  await page.screenshot({ path: screenshot, fullPage: true });
  t.diagnostic(`screenshot: ${screenshot}`);

  const violations = await page.evaluate(() => window.__violations);
  assert.deepEqual(requests, [], "requests other than the page's own file");
  assert.deepEqual(errors, [], "console errors");
  assert.deepEqual(violations, [], "Content-Security-Policy violations");
});
