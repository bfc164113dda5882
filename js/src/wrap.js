// wrap: a tool handler whose failures never reach the client, except as
// the results below or as a ClientError's message.

import { McpResultError, ClientError } from "./errors.js";

/** The texts of the results wrap gives in place of a private failure. */
export const EXECUTION_FAILED_TEXT = "tool execution failed";
export const INVALID_OUTPUT_TEXT = "tool output was invalid";

function failure(text) {
  return { content: [{ type: "text", text }], isError: true };
}

/**
 * wrap returns handler wrapped for api: what it returns is a result api
 * built (owns says which), or a value api.validate finds valid as a
 * handler's result; a ClientError it throws becomes api.error(message,
 * code); anything else becomes a failure result, its detail going to
 * options.onError only.
 */
export function wrap(api, owns, handler, options) {
  const onError = options && options.onError;
  const report = (err) => {
    if (typeof onError !== "function") return;
    try {
      onError(err);
    } catch {
      // a failing onError must not reach the client either
    }
  };
  // settle turns what the handler gave or threw into the result the
  // client gets
  const settle = (threw, err, out) => {
    if (threw) {
      if (err instanceof ClientError) {
        try {
          return api.error(err.message, err.code);
        } catch (e) {
          report(e);
          return failure(INVALID_OUTPUT_TEXT);
        }
      }
      report(err);
      return failure(err instanceof McpResultError ? INVALID_OUTPUT_TEXT : EXECUTION_FAILED_TEXT);
    }
    if (out === undefined || out === null) {
      report(new Error("the tool handler returned no result"));
      return failure(EXECUTION_FAILED_TEXT);
    }
    if (owns(out)) return out;
    let rep;
    try {
      rep = api.validate(out, { kind: "tool", stage: "handler" });
    } catch (e) {
      report(e);
      return failure(INVALID_OUTPUT_TEXT);
    }
    if (!rep.valid) {
      const first = rep.errors[0];
      report(new McpResultError(first.code, first.path, "the tool handler returned an invalid result: " + first.message, rep.errors));
      return failure(INVALID_OUTPUT_TEXT);
    }
    return out;
  };
  return async function wrapped(...args) {
    let out;
    let threw = false;
    let err;
    try {
      out = await handler.apply(this, args);
    } catch (e) {
      threw = true;
      err = e;
    }
    try {
      return settle(threw, err, out);
    } catch (e) {
      // a value whose very inspection throws (a revoked Proxy)
      report(e);
      return failure(EXECUTION_FAILED_TEXT);
    }
  };
}
