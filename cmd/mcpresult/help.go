package main

import (
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/mcpresult/mcpresult/abi"
	"github.com/mcpresult/mcpresult/check"
	"github.com/mcpresult/mcpresult/internal/decimal"
	"github.com/mcpresult/mcpresult/result"
)

// commandNames are the commands in the order the help lists them.
var commandNames = []string{"build", "serialize", "validate", "output-schema", "check"}

// overview is what mcpresult --help prints: every command's synopsis.
const overview = `mcpresult builds, serializes and validates MCP tool and resource results,
writes tools' output schemas, and checks what a live MCP server returns.

` + usage + `
  mcpresult help [COMMAND]  (this text, or a command's input, flags and examples; also -h, --help)
  mcpresult version         (the version; also --version)

JSON in (FILE, or standard input when it is - or not given), JSON out.
Exit status: 0 success, 1 invalid input (or, for check, findings), 2 usage error.
Run 'mcpresult help COMMAND' for what a command reads, its flags and examples.`

// synopses are the one-line usage of each command, as a usage error shows it.
var synopses = map[string]string{
	"build":         "mcpresult build [--kind tool|resource|error|value] [flags] [FILE|-]",
	"serialize":     "mcpresult serialize [--protocol V] [flags] [FILE|-]",
	"validate":      "mcpresult validate [--protocol V] [flags] [FILE|-]",
	"output-schema": "mcpresult output-schema [--protocol V] [flags] [FILE|-]",
	"check":         `mcpresult check (--stdio "cmd args…" | --url URL) [flags]`,
}

// helps are what mcpresult help COMMAND prints after the synopsis.
var helps = map[string]string{
	"build": `Builds a result from a build request (JSON) and writes the result's wire
JSON. What the request holds depends on --kind (default tool):

  --kind tool      a tool result: content, structuredContent, isError, meta
                   {"structuredContent": {"ok": true, "count": 2}}
                   {"content": [{"type": "text", "text": "Paris: sunny"}]}
  --kind resource  a resource-read result: contents, meta
                   {"contents": [{"uri": "file:///a.md", "mimeType": "text/markdown", "text": "# A"}]}
  --kind error     a tool error a client may see: message, and optionally code
                   {"message": "No city called Atlantis.", "code": "weather.not_found"}
  --kind value     any handler return value, as one text block: value
                   {"value": [{"id": 1, "name": "alpha"}]}

Flags:
  --kind tool|resource|error|value   what the request builds (tool)
  --max-json-bytes N                 the result's budget of bytes ({maxJSONBytes})
  --canonicalization strict|json     how values are read (strict)
  --engine module|native             run the WebAssembly module or package result (module)

Examples:
  echo '{"structuredContent":{"ok":true}}' | mcpresult build
  mcpresult build --kind resource testdata/examples/04-readme.resource.json
  mcpresult build testdata/examples/01-weather.tool.json | mcpresult validate`,

	"serialize": `Writes a result (JSON, as build writes it) for the protocol revision a
client negotiated, as it goes on the wire: for 2026-07-28 it adds resultType
(and, for a resource result, ttlMs and cacheScope); for 2025 revisions it
wraps structured content that is not an object; for older ones it turns
what they lack into content they have.

  {"content": [{"type": "text", "text": "x"}], "isError": false}

Flags:
  --protocol V                 the revision (` + latestDefault + `)
  --format wire|jcs            compact wire JSON, or RFC 8785 canonical JSON (wire)
  --finalize[=false]           add the protocol-owned fields (true; false gives
                               what a handler hands to its SDK)
  --unsupported convert|error  what to do with content the revision lacks (convert)
  --max-json-bytes N           the budget of bytes ({maxJSONBytes})
  --engine module|native       (module)

Example:
  mcpresult build testdata/examples/01-weather.tool.json | mcpresult serialize --protocol 2025-06-18`,

	"validate": `Checks a result (JSON: one that build writes, or one a server sent) and
writes a report: {"valid", "errors", "warnings"}, each finding with a code,
a path and a message. What it reads depends on --kind (inferred when not
given):

  --kind tool      a tool result
                   {"content": [{"type": "text", "text": "x"}], "isError": false}
  --kind resource  a resource-read result
                   {"contents": [{"uri": "file:///a.md", "text": "# A"}]}

Without --protocol it gives a verdict for every revision a client may speak,
in "revisions": valid as it is; valid once serialized, when what is missing
is what a server's serialize writes for that revision (such as resultType
for 2026-07-28: "serialize" lists those findings); or invalid, with its
errors. The exit status is 0 when every revision is valid, at most once
serialized, so build | validate succeeds for a good result.

With --protocol V, or --stage, it is the strict check of one revision (V, or
2026-07-28) at one stage, and the report has no "revisions": on the wire,
every field the revision asks for must be there (build | serialize
--protocol V | validate --protocol V); --stage handler checks what a handler
hands to its SDK instead (no protocol-owned field may be there yet).

Flags:
  --protocol V              the one revision to check strictly (every revision)
  --kind tool|resource      what the result is (inferred: contents without
                            content is a resource result)
  --stage wire|handler      the stage of the strict check (wire)
  --max-json-bytes N        the budget of bytes ({maxJSONBytes})
  --engine module|native    (module)

The exit status is 1 when the result is invalid (the errors also go to
standard error as JSON); the report is on standard output either way.

Examples:
  mcpresult build testdata/examples/01-weather.tool.json | mcpresult validate
  mcpresult build testdata/examples/01-weather.tool.json | mcpresult serialize | mcpresult validate --protocol 2026-07-28`,

	"output-schema": `Writes the outputSchema a tool advertises to a client of revision V, from
the tool's JSON Schema (JSON): unchanged for 2026-07-28 and for an object
schema; wrapped as {"result": schema} for 2025 revisions when the schema is
not an object's (as serialize wraps the structured content); nothing for a
revision without outputSchema (2025-03-26, 2024-11-05).

  {"type": "array", "items": {"type": "string"}}

Flags:
  --protocol V              the revision (` + latestDefault + `)
  --max-json-bytes N        the budget of bytes ({maxJSONBytes})
  --engine module|native    (module)

Example:
  echo '{"type":"array"}' | mcpresult output-schema --protocol 2025-06-18`,

	"check": `Connects to a live MCP server, once per protocol revision, calls every tool
and reads every resource, and reports what is wrong with each result as the
server sent it. It reads no input file: the server is a command over stdio
(--stdio) or a Streamable HTTP endpoint (--url). --calls names a JSON file of
the calls to make per tool (otherwise each tool is called once, with
arguments made from its inputSchema):

  {"forecast": [{"arguments": {"city": "Paris"}},
                {"arguments": {"days": 0}, "valid": false, "note": "no city"}]}

Flags:
  --stdio "cmd args…"         the server's command line (split as a shell would, without one)
  --url URL                   the server's Streamable HTTP endpoint
  --protocol V                only this revision (every revision)
  --calls FILE                the calls to make
  --json                      the report as JSON
  --report FORMAT=PATH        also write the report as FORMAT (sarif, junit, json, text) to
                              PATH, whole; - is standard output, instead of the text report;
                              may be repeated
  --verbose                   show every info finding in the text report (folded otherwise)
  --progress[=false]          a line on standard error as each call ends (on a terminal:
                              by default)
  --fail-on error|warning|never  the findings that make the exit status 1 (error)
  --slow D                    calls that take D or longer are marked slow ({slow})
  --timeout D                 each request ({timeout})
  --deadline D                the whole run ({deadline})
  --max-response-bytes N      each response ({maxResponse})
  --max-tools N, --max-resources N, --max-pages N   ({maxTools}, {maxResources}, {maxPages})
  --only tool:NAME|resource:URI  call only that tool, or read only that resource (no probe)
  --probes[=false]            call a tool the server does not list, per revision (true)
  --write-baseline FILE       record the run's errors and warnings in FILE
  --baseline FILE             let the findings FILE lists pass; fail on a new one, and
                              on one it lists that is gone (stale)

In a GitHub Actions job (GITHUB_ACTIONS=true) it also writes a workflow
command for each error and warning (::error, ::warning: annotations of the
run; on standard error with --json) and appends the report as Markdown to the
job summary, the file $GITHUB_STEP_SUMMARY names.

The exit status is 0 when every revision could be checked and no finding is
at the --fail-on level or above (with --baseline: none it does not list, and
none it lists is stale), 1 otherwise or when the server could not be checked
(--fail-on never still fails then), 2 on a usage error. Under each call with
an error or a warning, the text report prints the command that runs that
call again (rerun:).

Examples:
  mcpresult check --stdio "node server.js"
  mcpresult check --stdio "node server.js" --report sarif=check.sarif --report junit=check.xml
  mcpresult check --url http://127.0.0.1:3000/mcp --fail-on warning --progress`,
}

// defaults writes the defaults the helps state, from the constants of the
// packages that apply them, so that the help never states another.
var defaults = strings.NewReplacer(
	"{maxJSONBytes}", decimal.Grouped(result.DefaultMaxJSONBytes),
	"{slow}", duration(check.DefaultSlow),
	"{timeout}", duration(check.DefaultTimeout),
	"{deadline}", duration(check.DefaultDeadline),
	"{maxResponse}", strconv.Itoa(check.DefaultMaxResponseBytes>>20)+"MiB",
	"{maxTools}", strconv.Itoa(check.DefaultMaxTools),
	"{maxResources}", strconv.Itoa(check.DefaultMaxResources),
	"{maxPages}", strconv.Itoa(check.DefaultMaxPages),
)

// duration writes d as a flag takes it, without zero units ("5m", not
// "5m0s").
func duration(d time.Duration) string {
	s := d.String()
	for _, z := range []string{"0s", "0m"} {
		if len(s) > len(z) && strings.HasSuffix(s, z) && s[len(s)-len(z)-1] >= 'a' {
			s = s[:len(s)-len(z)]
		}
	}
	return s
}

// latestDefault is the default revision as the help states it.
var latestDefault = result.LatestProtocolVersion

// help runs mcpresult help [COMMAND]: the overview, or a command's help,
// on standard output.
func help(args []string, stdout, stderr io.Writer) int {
	switch {
	case len(args) == 0:
		io.WriteString(stdout, overview+"\n")
		return 0
	case len(args) > 1:
		return usageFail(stderr, "", "help takes at most one command")
	case helps[args[0]] == "":
		return usageFail(stderr, "", "help: no such command (the commands: "+strings.Join(commandNames, ", ")+")")
	}
	io.WriteString(stdout, commandHelp(args[0]))
	return 0
}

// commandHelp is a command's synopsis and help.
func commandHelp(cmd string) string {
	return "usage: " + synopses[cmd] + "\n\n" + defaults.Replace(helps[cmd]) + "\n"
}

// version is what mcpresult --version prints: abi.ModuleVersion, the
// version of the module, the npm package and the Go module alike.
func version() string { return "mcpresult " + abi.ModuleVersion + "\n" }

// usageFail writes a usage error: its message on one line, then the
// command's synopsis (or every command's) and where to read more (exit 2).
func usageFail(stderr io.Writer, cmd, msg string) int {
	hint := "usage: mcpresult COMMAND [flags] [FILE|-]   (commands: " + strings.Join(commandNames, ", ") + "; mcpresult help lists them)"
	if s := synopses[cmd]; s != "" {
		hint = "usage: " + s + "   (mcpresult help " + cmd + ")"
	}
	io.WriteString(stderr, "mcpresult: "+msg+"\n"+hint+"\n")
	return 2
}
