// guard: a tool handler whose failures never reach the client, except as
// the results below or as a ClientError's message; and what the adapters
// (mcpresult/sdk, mcpresult/webmcp) share of it.
//
// Whatever a handler returns or throws is read once, inside the guard, and
// never handed on: a result's accessors, Proxy traps and toJSON may throw
// at any read or give another value at each read, so what the client gets
// is made from what was read and checked (internal.read), not the
// handler's object. A ClientError's message and code are read once each;
// one whose fields fail to read is a private failure like any other throw.

import { McpResultError, ClientError } from "./errors.js";
import { EXECUTION_FAILED_TEXT, INVALID_OUTPUT_TEXT } from "./facts.js";

/** The texts of the results guard gives in place of a private failure
 * (result.ExecutionFailedText and result.InvalidOutputText of the Go
 * packages, written into facts.js). */
export { EXECUTION_FAILED_TEXT, INVALID_OUTPUT_TEXT };

/** failure is the result given in place of a private failure. */
export function failure(text) {
  return { content: [{ type: "text", text }], isError: true };
}

/** reporter gives report(err, ...where), which hands err to onError (if a
 * function) and ignores what onError throws. */
export function reporter(onError) {
  return (...args) => {
    if (typeof onError !== "function") return;
    try {
      onError(...args);
    } catch {
      // a failing onError must not reach the client either
    }
  };
}

/** invalid says whether a private failure is an invalid output (an
 * McpResultError: the result failed its checks) rather than a failed
 * execution (anything else thrown, also by a result's own code while it
 * is read). Asking may itself throw (a Proxy's getPrototypeOf trap): that
 * is a failed execution. */
export function invalid(err) {
  try {
    return err instanceof McpResultError;
  } catch {
    return false;
  }
}

/** failureText is the text of the result that stands for a private
 * failure. */
export function failureText(err) {
  return invalid(err) ? INVALID_OUTPUT_TEXT : EXECUTION_FAILED_TEXT;
}

/**
 * ofKind gives value, a result as the module wrote it (or as it was read
 * back), when it is a result of kind ("tool" or "resource"). One of the
 * other kind (a resource result from a tool handler, a tool result from a
 * resource handler) is an invalid output: it throws an McpResultError
 * invalid_value, as the Go adapter refuses it. value is a plain object
 * made from the module's JSON, never the handler's.
 */
export function ofKind(value, kind) {
  const other = kind === "tool" ? "contents" : "content";
  if (value !== null && typeof value === "object" && Object.prototype.hasOwnProperty.call(value, other)) {
    throw new McpResultError("invalid_value", "", `a ${kind} handler returned a ${kind === "tool" ? "resource" : "tool"} result`);
  }
  return value;
}

/**
 * shown reads a thrown value once: undefined for anything but a
 * ClientError, else its message and code, each read once, and checked to
 * be a string (the code a string, null or absent). What the reading throws
 * (an accessor, a Proxy trap, a revoked Proxy) is thrown: a private
 * failure. A message or code of another type is an McpResultError
 * invalid_type: the output is invalid.
 */
export function shown(err) {
  if (!(err instanceof ClientError)) return undefined;
  const message = err.message;
  const code = err.code;
  if (typeof message !== "string") throw new McpResultError("invalid_type", "/message", "a ClientError's message must be a string");
  if (code !== undefined && code !== null && typeof code !== "string") {
    throw new McpResultError("invalid_type", "/code", "a ClientError's code must be a string");
  }
  return { message, code: code === null ? undefined : code };
}

/**
 * call runs handler with args and this, and gives {out} (what it returned,
 * awaited) or {thrown} (what it threw, or what awaiting its result threw:
 * a then that throws).
 */
export async function call(handler, self, args) {
  try {
    return { out: await handler.apply(self, args), threw: false };
  } catch (e) {
    return { thrown: e, threw: true };
  }
}

/**
 * settle is the result a tool handler's outcome (from call) gives, read
 * once: a ClientError's result (api.error), a failure result for a private
 * failure (reported), or done(snapshot) for a result, read as
 * internal.read reads it (keep: see read). done may throw: a private
 * failure too.
 */
export function settle(api, internal, outcome, report, keep, done) {
  try {
    if (outcome.threw) {
      const c = shown(outcome.thrown);
      if (c === undefined) {
        report(outcome.thrown);
        return failure(failureText(outcome.thrown));
      }
      return api.error(c.message, c.code);
    }
    const out = outcome.out;
    if (out === undefined || out === null) {
      report(new Error("the tool handler returned no result"));
      return failure(EXECUTION_FAILED_TEXT);
    }
    return done(internal.read(out, "tool", keep));
  } catch (e) {
    report(e);
    return failure(failureText(e));
  }
}

/**
 * guard returns handler guarded for api: what it returns is read once and
 * checked (a result api built was checked when it was built; any other
 * value is validated as a handler's result; a resource result is an
 * invalid output), and a copy of what was read is returned, never the
 * handler's own object; a ClientError it throws
 * becomes api.error(message, code); anything else becomes a failure
 * result, its detail going to options.onError only.
 */
export function guard(api, internal, handler, options) {
  const report = reporter(options && options.onError);
  return async function guarded(...args) {
    const outcome = await call(handler, this, args);
    return settle(api, internal, outcome, report, true, (snap) => ofKind(internal.members(snap), "tool"));
  };
}
