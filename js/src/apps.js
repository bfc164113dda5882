// The MCP Apps builders (extension io.modelcontextprotocol/ui): an app's
// page as resource contents, and the _meta of the tool that shows it. The
// module checks and writes both (build kinds appResource and appToolMeta,
// ABI minor version 4); this file only puts the arguments into a request.

import { McpResultError } from "./errors.js";
import { isObject, setMember } from "./objects.js";

/** The media type of an app's page. */
export const APP_MIME_TYPE = "text/html;profile=mcp-app";

/** appInput is the build input of the required members (an object of them)
 * and the options, whose keys are copied as given (an option the builder
 * does not take reaches the module, which names it); a required member
 * given as an option is unknown_option at it. */
export function appInput(required, options, what) {
  if (options === undefined || options === null) return required;
  if (!isObject(options)) throw new McpResultError("invalid_option", "", `the options of ${what} are an object`);
  const input = { ...required };
  for (const k of Object.keys(options)) {
    if (Object.hasOwn(required, k)) throw new McpResultError("unknown_option", "/" + k, `${k} is an argument of ${what}, not an option`);
    setMember(input, k, options[k]);
  }
  return input;
}
