// The errors of the package: McpResultError, what a failing call throws,
// and ClientError, what a guarded handler throws to give the client a
// message.

import { PATH_ESCAPED_CHARACTERS } from "./facts.js";

// The characters a path is printed with escaped: C0 controls, DEL, C1
// controls, the line and paragraph separators, and the bidirectional
// embedding, override and isolate controls, which could make a message
// read as something other than what it says. The set is Go's (package
// textesc), written into facts.js.
const UNPRINTABLE = new RegExp(PATH_ESCAPED_CHARACTERS, "g");

/** printablePath is a path as a message prints it: each character of
 * UNPRINTABLE as a JSON escape \uXXXX (lowercase hex), everything else as it
 * is. The error's path property keeps the exact JSON Pointer. */
export function printablePath(p) {
  return p.replace(UNPRINTABLE, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
}

/**
 * McpResultError is what a failing call throws: a stable code, a JSON
 * Pointer path to the offending place in the value as the caller gave it,
 * and a message for people that never repeats the rejected value. The
 * message reads as a Go error does ("mcpresult: <code> at <path>: <text>"),
 * with the control characters of the path escaped (see printablePath).
 * What a caller's own code throws while its value is read (a getter, a
 * toJSON, a Proxy trap) is not wrapped: it reaches the caller as it was
 * thrown, as from JSON.stringify.
 */
export class McpResultError extends Error {
  constructor(code, path, message, errors) {
    super("mcpresult: " + code + " at " + (path === "" ? '""' : printablePath(String(path))) + ": " + message);
    this.name = "McpResultError";
    this.code = code;
    this.path = path;
    if (errors !== undefined) this.errors = errors;
  }
}

/**
 * ClientError is an error whose message is safe to show to the client.
 * Thrown from a handler that guard guards, it becomes the result
 * error(message, code) gives; every other error stays private.
 */
export class ClientError extends Error {
  constructor(message, code) {
    super(message);
    this.name = "ClientError";
    if (code !== undefined) this.code = code;
  }
}
