#!/usr/bin/env node
// Runs a script of this package against another installed version of the
// official SDK, as a user's project with that version would:
//
//   node js/test/with-sdk.mjs <package> <script> [args…]
//
// <package> is a folder of node_modules/@modelcontextprotocol (sdk-oldest:
// the oldest SDK 1.x that mcpresult/sdk supports, server-oldest: the
// oldest @modelcontextprotocol/server 2.x, each installed under that
// alias). The package it stands for is its name without "-oldest" (sdk,
// server). A folder node_modules/.mcpresult-with-<package> is made (or
// kept, as test files running at once share it) with
// node_modules/@modelcontextprotocol/<that package> linked to that version,
// node_modules/mcpresult linked to this package, and the script linked in
// (with the modules beside it that it imports as "./name.mjs");
// Node runs it with --preserve-symlinks, so that the script, this package's
// src/sdk.js and the SDK itself all resolve the package to that version
// (and every other package from this package's node_modules, or the
// version's own). stdin, stdout and stderr are the script's.

import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readlinkSync, rmSync, symlinkSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const PKG = resolve(fileURLToPath(new URL("..", import.meta.url)));

/** farm makes the folder for an SDK package and returns the path of the
 * script linked into it. */
export function farm(sdkPackage, script) {
  const sdk = join(PKG, "node_modules", "@modelcontextprotocol", sdkPackage);
  if (!existsSync(join(sdk, "package.json"))) throw new Error(`with-sdk: ${sdk} is not installed (npm ci in js/)`);
  const dir = join(PKG, "node_modules", `.mcpresult-with-${sdkPackage}`);
  mkdirSync(join(dir, "node_modules", "@modelcontextprotocol"), { recursive: true });
  link(sdk, join(dir, "node_modules", "@modelcontextprotocol", sdkPackage.replace(/-oldest$/, "")));
  link(PKG, join(dir, "node_modules", "mcpresult"));
  const linked = join(dir, basename(script));
  link(resolve(script), linked);
  for (const sibling of siblingImports(script)) link(join(dirname(resolve(script)), sibling), join(dir, sibling));
  return linked;
}

/** siblingImports are the modules of the script's folder that it imports
 * statically by a relative name ("./name.mjs"): with --preserve-symlinks
 * they resolve beside the link, so they are linked there too. */
function siblingImports(script) {
  const names = new Set();
  for (const m of readFileSync(script, "utf8").matchAll(/\bfrom\s+["']\.\/([\w.-]+\.m?js)["']/g)) names.add(m[1]);
  return names;
}

/** link makes path a symbolic link to target, leaving one that is already
 * that link as it is: test files running at once farm the same package
 * (and a script of the same name must be the same script). */
function link(target, path) {
  for (;;) {
    let now;
    try {
      now = readlinkSync(path);
    } catch {
      now = undefined;
    }
    if (now === target) return;
    if (now !== undefined) rmSync(path, { force: true });
    try {
      symlinkSync(target, path);
      return;
    } catch (e) {
      if (e.code !== "EEXIST") throw e; // another process made it first: look again
    }
  }
}

/** nodeArgs are the flags a script in a farm runs with. */
export const nodeArgs = ["--preserve-symlinks", "--preserve-symlinks-main"];

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [sdkPackage, script, ...args] = process.argv.slice(2);
  if (sdkPackage === undefined || script === undefined) {
    console.error("usage: node js/test/with-sdk.mjs <package> <script> [args…]");
    process.exit(2);
  }
  const child = spawn(process.execPath, [...nodeArgs, farm(sdkPackage, script), ...args], { stdio: "inherit" });
  for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
