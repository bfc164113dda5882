// Command mcpresult builds, serializes and validates MCP results, writes
// tools' output schemas, and checks what a live MCP server returns.
//
//	mcpresult build         [--kind tool|resource|error|value] [--max-json-bytes N] [--canonicalization strict|json] [FILE|-]
//	mcpresult serialize     [--protocol V] [--format wire|jcs] [--finalize[=false]] [--unsupported convert|error] [--max-json-bytes N] [FILE|-]
//	mcpresult validate      [--protocol V] [--kind tool|resource] [--stage wire|handler] [--max-json-bytes N] [FILE|-]
//	mcpresult output-schema [--protocol V] [--max-json-bytes N] [FILE|-]
//	mcpresult check         (--stdio "cmd args…" | --url URL) [--protocol V] [--calls calls.json] [--json] [--timeout 30s]
//	                        [--verbose] [--progress[=false]] [--fail-on error|warning|never] [--slow 1s]
//	                        [--deadline 5m] [--max-response-bytes 16MiB] [--max-tools 1000] [--max-resources 1000] [--max-pages 100]
//	                        [--report FORMAT=PATH]… [--baseline FILE] [--write-baseline FILE] [--only tool:NAME|resource:URI]
//	                        [--probes[=false]]
//	mcpresult help [COMMAND]
//	mcpresult version
//
// JSON in (a build request, a result, or a tool's output schema), JSON out.
// build and serialize write the result's JSON to standard output; validate
// writes its report ({"valid","errors","warnings"}, and without --protocol
// or --stage a verdict for every revision in "revisions"); output-schema writes
// the schema to advertise to a client of the revision (see
// result.OutputSchema), and nothing for a revision without outputSchema
// (2025-03-26, 2024-11-05). The exit code is 0 on success (a valid
// result), 1 when the input is invalid (the errors as JSON on standard error;
// for validate the report is still written to standard output), and 2 on a
// usage error.
//
// The command line writes what goes on the wire, so serialize finalizes by
// default for the revisions that have protocol-owned fields
// (--finalize=false gives what a handler hands to its SDK). validate
// without --protocol gives a verdict for every revision: valid as it is,
// valid once serialized (what a server's serialize adds for the revision,
// such as resultType for 2026-07-28, is listed in the revision's
// "serialize" and is no error), or invalid; its exit status is 0 when no
// revision is invalid, so build | validate and build | serialize | validate
// both succeed for a good result with every flag at its default. validate
// --protocol V (or --stage) is the strict check of one revision (V, or
// 2026-07-28) at one stage, the wire's by default.
//
// Flags are parsed by package flag, before or after the file: --name value,
// --name=value, -name, a boolean flag alone; -h, --help and help [COMMAND]
// print the usage on standard output (exit 0), --version and version the
// version (abi.ModuleVersion). A usage error is one line that names the
// flag at fault (never the value it was given) and the command's synopsis. An input larger than
// 4 × maxJsonBytes + 64 KiB is refused (max_bytes) before it is read whole.
// No message repeats a value it rejects.
//
// check connects to a server (a command over stdio, or a Streamable HTTP
// endpoint) once per revision, calls its tools and reads its resources, and
// reports what is wrong with each result as the server sent it: the report
// on standard output (and with --report FORMAT=PATH, as SARIF, JUnit XML,
// JSON or text in a file too), exit 1 when a finding is an error or the
// server could not be checked (package check documents every finding).
//
// The command runs through the embedded WebAssembly module (package host),
// with its compilation cached under the user's cache directory so that the
// second run starts in tens of milliseconds; --engine native runs package
// result directly instead, to cross-check: both give the same bytes.
package main

import (
	"context"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/host"
	"github.com/mcpresult/mcpresult/internal/decimal"
	"github.com/mcpresult/mcpresult/internal/engine"
	"github.com/mcpresult/mcpresult/internal/resultlink"
	"github.com/mcpresult/mcpresult/internal/textesc"
	"github.com/mcpresult/mcpresult/result"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const usage = `usage:
  mcpresult build         [--kind tool|resource|error|value] [--max-json-bytes N] [--canonicalization strict|json] [--engine module|native] [FILE|-]
  mcpresult serialize     [--protocol V] [--format wire|jcs] [--finalize[=false]] [--unsupported convert|error] [--max-json-bytes N] [--engine module|native] [FILE|-]
  mcpresult validate      [--protocol V] [--kind tool|resource] [--stage wire|handler] [--max-json-bytes N] [--engine module|native] [FILE|-]
                          (every revision, or strictly V: what a client of each accepts)
  mcpresult output-schema [--protocol V] [--max-json-bytes N] [--engine module|native] [FILE|-]
                          (a tool's outputSchema for revision V; nothing for a revision without one)
  mcpresult check         (--stdio "cmd args…" | --url URL) [--protocol V] [--calls calls.json] [--json] [--timeout 30s]
                          [--verbose] [--progress[=false]] [--fail-on error|warning|never] [--slow 1s]
                          [--deadline 5m] [--max-response-bytes 16MiB] [--max-tools 1000] [--max-resources 1000] [--max-pages 100]
                          [--report FORMAT=PATH]… [--baseline FILE] [--write-baseline FILE] [--only tool:NAME|resource:URI]
                          [--probes[=false]]
                          (calls a live server's tools for each revision, or V, and checks what it returns)`

// flagSpec is one flag of a command: its allowed values (nil: any),
// whether it is a boolean, and whether it may be given more than once.
type flagSpec struct {
	values  []string
	boolean bool
	def     string
	// repeatable keeps every value given, in order, joined by NUL
	// (multiValue splits them): a command-line argument cannot hold a
	// NUL byte, so no value can be mistaken for two.
	repeatable bool
}

// multiValue returns the values of a repeatable flag, in the order given
// (nil when it was not given).
func multiValue(flags map[string]string, name string) []string {
	v, ok := flags[name]
	if !ok {
		return nil
	}
	return strings.Split(v, "\x00")
}

var commands = map[string]map[string]flagSpec{
	"build": {
		"kind":             {values: []string{"tool", "resource", "error", "value"}, def: "tool"},
		"canonicalization": {values: []string{"strict", "json"}, def: "strict"},
		"max-json-bytes":   {},
		"engine":           engineFlag,
	},
	"serialize": {
		"protocol":       {values: result.ProtocolVersions(), def: result.LatestProtocolVersion},
		"format":         {values: []string{"wire", "jcs"}, def: "wire"},
		"finalize":       {boolean: true, def: "true"},
		"unsupported":    {values: []string{"convert", "error"}, def: "convert"},
		"max-json-bytes": {},
		"engine":         engineFlag,
	},
	"validate": { // without --protocol and --stage: every revision (validateAll)
		"protocol":       {values: result.ProtocolVersions()},
		"kind":           {values: []string{"tool", "resource"}},
		"stage":          {values: []string{"wire", "handler"}},
		"max-json-bytes": {},
		"engine":         engineFlag,
	},
	"output-schema": {
		"protocol":       {values: result.ProtocolVersions(), def: result.LatestProtocolVersion},
		"max-json-bytes": {},
		"engine":         engineFlag,
	},
	"check": checkFlags,
}

var engineFlag = flagSpec{values: []string{"module", "native"}, def: "module"}

// runner runs the calls: the embedded module, or package result.
type runner interface {
	build(kind string, v content.Value, o result.BuildOptions) (*result.Result, error)
	serialize(s result.Settings, v content.Value, options content.Value) ([]byte, error)
	validate(v content.Value, o result.ValidateOptions) (*result.Report, error)
	outputSchema(s result.Settings, schema content.Value, options content.Value) ([]byte, error)
}

type native struct{}

func (native) build(kind string, v content.Value, o result.BuildOptions) (*result.Result, error) {
	return result.Build(kind, v, o)
}
func (native) serialize(s result.Settings, v, options content.Value) ([]byte, error) {
	return resultlink.SerializeValue(resultlink.Settings(s), v, options)
}
func (native) validate(v content.Value, o result.ValidateOptions) (*result.Report, error) {
	return result.Validate(v, o)
}
func (native) outputSchema(s result.Settings, schema, options content.Value) ([]byte, error) {
	return resultlink.OutputSchemaValue(resultlink.Settings(s), schema, options)
}

type module struct{ h *host.Host }

func (m module) build(kind string, v content.Value, o result.BuildOptions) (*result.Result, error) {
	return m.h.Build(context.Background(), kind, v, o)
}
func (m module) serialize(s result.Settings, v, options content.Value) ([]byte, error) {
	return m.h.SerializeValue(context.Background(), s, v, options)
}
func (m module) validate(v content.Value, o result.ValidateOptions) (*result.Report, error) {
	return m.h.Validate(context.Background(), v, o)
}
func (m module) outputSchema(s result.Settings, schema, options content.Value) ([]byte, error) {
	return m.h.OutputSchemaValue(context.Background(), s, schema, options)
}

// newModule starts the module with one instance and a compilation cache
// under the user's cache directory (none when there is no such directory).
func newModule() (module, error) {
	c := host.Config{PoolSize: 1}
	if dir, err := os.UserCacheDir(); err == nil {
		c.CompilationCacheDir = filepath.Join(dir, "mcpresult", "wazero")
	}
	h, err := host.New(context.Background(), c)
	if err != nil && c.CompilationCacheDir != "" {
		c.CompilationCacheDir = "" // an unwritable cache is no reason to fail
		h, err = host.New(context.Background(), c)
	}
	return module{h}, err
}

// usageError is a message for a usage error (exit 2); it never holds the
// value it rejects.
type usageError string

// Error is the usage error's text.
func (e usageError) Error() string { return string(e) }

// errHelp is the outcome of -h or --help among a command's flags.
var errHelp = errors.New("help")

// flagValue is one flag of a command, parsed by package flag: it keeps the
// value in the command's flag map, and refuses a value not among the
// allowed ones and a flag given twice, noting why in problem (never the
// value).
type flagValue struct {
	name    string
	spec    flagSpec
	flags   map[string]string
	seen    bool
	problem *string
}

func (v *flagValue) String() string { return "" }

// IsBoolFlag lets a boolean flag stand alone (--json) or take =true/=false.
func (v *flagValue) IsBoolFlag() bool { return v.spec.boolean }

func (v *flagValue) Set(s string) error {
	switch {
	case v.seen && !v.spec.repeatable:
		*v.problem = "--" + v.name + " is given more than once"
	case v.spec.repeatable && strings.Contains(s, "\x00"):
		*v.problem = "--" + v.name + " cannot hold a NUL character"
	case v.spec.boolean && s != "true" && s != "false":
		*v.problem = "--" + v.name + " is true or false"
	case v.spec.values != nil && !contains(v.spec.values, s):
		*v.problem = "--" + v.name + " must be one of " + strings.Join(v.spec.values, ", ")
	case v.seen:
		v.flags[v.name] += "\x00" + s
		return nil
	default:
		v.seen = true
		v.flags[v.name] = s
		return nil
	}
	return errors.New("refused")
}

// parseArgs reads a command's flags with package flag (--name value,
// --name=value, -name, and a boolean flag alone), before or after at most
// one file argument ("-" is standard input; after "--" every argument is a
// file). A flag left out has its default, if it has one.
func parseArgs(cmd string, args []string) (flags map[string]string, file string, err error) {
	flags = map[string]string{}
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	var problem string
	for name, sp := range commands[cmd] {
		if sp.def != "" {
			flags[name] = sp.def
		}
		fs.Var(&flagValue{name: name, spec: sp, flags: flags, problem: &problem}, name, "")
	}
	var files []string
	for rest := args; ; {
		if err := fs.Parse(rest); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, "", errHelp
			}
			if problem != "" {
				return nil, "", usageError(problem)
			}
			return nil, "", usageError(flagError(cmd, err))
		}
		consumed := rest[:len(rest)-fs.NArg()]
		rest = fs.Args()
		if len(consumed) > 0 && consumed[len(consumed)-1] == "--" {
			files = append(files, rest...)
			break
		}
		if len(rest) == 0 {
			break
		}
		files, rest = append(files, rest[0]), rest[1:]
	}
	if len(files) > 1 {
		return nil, "", usageError("more than one input file")
	}
	if len(files) == 1 {
		file = files[0]
	}
	return flags, file, nil
}

// flagError turns an error of package flag into a message that names the
// flag and never its value: package flag's own messages quote the value.
func flagError(cmd string, err error) string {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		if printableName(name) {
			return "--" + name + " is not a flag of " + cmd
		}
		return "an argument that starts with - is not a flag of " + cmd
	}
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: -"); ok && printableName(name) {
		return "--" + name + " needs a value"
	}
	return "a malformed flag: a flag is --name, --name=value or --name value"
}

// printableName reports a flag name that a message may repeat: letters,
// digits, - and _, at most 40 of them (anything else may be a value
// pasted in the wrong place).
func printableName(s string) bool {
	if s == "" || len(s) > 40 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		io.WriteString(stderr, "mcpresult: a command is needed\n"+overview+"\n")
		return 2
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		return help(args[1:], stdout, stderr)
	case "version", "-version", "--version":
		if len(args) > 1 {
			return usageFail(stderr, "", "version takes no arguments")
		}
		io.WriteString(stdout, version())
		return 0
	}
	cmd := args[0]
	if commands[cmd] == nil {
		if strings.HasPrefix(cmd, "-") {
			name, _, _ := strings.Cut(cmd, "=") // the flag, never its value
			return usageFail(stderr, "", name+" is not a command: a command comes first: "+strings.Join(commandNames, ", ")+", help or version")
		}
		return usageFail(stderr, "", "no such command: the commands are "+strings.Join(commandNames, ", ")+", help and version")
	}
	fail := func(msg string) int { return usageFail(stderr, cmd, msg) }
	flags, file, err := parseArgs(cmd, args[1:])
	if errors.Is(err, errHelp) {
		io.WriteString(stdout, commandHelp(cmd))
		return 0
	}
	if err != nil {
		return fail(err.Error())
	}
	if cmd == "check" {
		if file != "" {
			return fail("check reads no input file: it runs the server that --stdio names, or connects to --url")
		}
		return runCheck(flags, stdout, stderr, os.Getenv)
	}
	var s result.Settings
	if v, ok := flags["max-json-bytes"]; ok {
		n, err := strconv.Atoi(v)
		if err != nil || n < result.MinMaxJSONBytes || n > result.MaxMaxJSONBytes {
			return fail("--max-json-bytes must be an integer from " + decimal.Grouped(result.MinMaxJSONBytes) + " to " + decimal.Grouped(result.MaxMaxJSONBytes))
		}
		s.MaxJSONBytes = n
	}
	if flags["canonicalization"] == "json" {
		s.Canonicalization = content.JSON
	}
	in := stdin
	if file != "" && file != "-" {
		f, err := os.Open(file)
		if err != nil {
			return fail("cannot open the input file: " + reason(err) + " (give a file that exists, or - or no file to read standard input)")
		}
		defer f.Close()
		in = f
	}
	data, err := readLimited(in, s)
	if err != nil {
		var e *result.Error
		if errors.As(err, &e) {
			writeErrors(stderr, []*result.Error{e})
			return 1
		}
		return fail("cannot read the input: " + reason(err))
	}
	v, err := content.ParseJSONLimit(data, parseLimit(cmd, flags["kind"], s))
	if err != nil {
		if cmd == "validate" {
			// validate writes its report whatever the input.
			var e *result.Error
			if errors.As(err, &e) {
				stdout.Write(append(reportJSON(&result.Report{Errors: []*result.Error{e}}), '\n'))
			}
		}
		return invalid(stderr, err)
	}
	var eng runner = native{}
	if flags["engine"] == "module" {
		m, err := newModule()
		if err != nil {
			io.WriteString(stderr, "mcpresult: the WebAssembly module could not start: "+err.Error()+"\n")
			return 2
		}
		defer m.h.Close(context.Background())
		eng = m
	}
	var out []byte
	switch cmd {
	case "build":
		var r *result.Result
		if r, err = eng.build(flags["kind"], v, result.BuildOptions{Settings: s}); err == nil {
			out = r.JSON()
		}
	case "serialize":
		opts := content.NewObject(
			content.Str("protocolVersion", content.NewString(flags["protocol"])),
			content.Str("format", content.NewString(flags["format"])),
			content.Str("finalize", content.NewBool(flags["finalize"] == "true")),
			content.Str("unsupported", content.NewString(flags["unsupported"])),
		)
		out, err = eng.serialize(s, v, opts)
	case "validate":
		var rep *result.Report
		var revs []revisionVerdict
		var verr error
		_, hasProtocol := flags["protocol"]
		_, hasStage := flags["stage"]
		if hasProtocol || hasStage {
			// The strict check of one revision (2026-07-28 by default) at one stage.
			rep, verr = eng.validate(v, result.ValidateOptions{Kind: flags["kind"], ProtocolVersion: flags["protocol"], Stage: flags["stage"], Settings: s})
		} else {
			rep, revs, verr = validateAll(eng, v, flags["kind"], s)
		}
		if verr != nil {
			return fail(message(verr))
		}
		if revs == nil {
			stdout.Write(append(reportJSON(rep), '\n'))
		} else {
			stdout.Write(append(verdictsJSON(rep, revs), '\n'))
		}
		if !rep.Valid {
			writeErrors(stderr, rep.Errors)
			return 1
		}
		return 0
	case "output-schema":
		opts := content.NewObject(content.Str("protocolVersion", content.NewString(flags["protocol"])))
		if out, err = eng.outputSchema(s, v, opts); err == nil && out == nil {
			return 0 // the revision has no outputSchema: nothing to write
		}
	}
	if err != nil {
		return invalid(stderr, err)
	}
	stdout.Write(append(out, '\n'))
	return 0
}

// readLimited reads the whole input, or refuses it with max_bytes once it
// passes 4 × maxJsonBytes + 64 KiB (a request may hold bytes the result
// writes more compactly, but not more than that).
func readLimited(r io.Reader, s result.Settings) ([]byte, error) {
	max := s.MaxJSONBytes
	if max == 0 {
		max = result.DefaultMaxJSONBytes
	}
	limit := int64(4*max + 64<<10)
	if f, ok := r.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() && st.Size() > limit {
			return nil, tooLarge(limit)
		}
	}
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, tooLarge(limit)
	}
	return data, nil
}

// parseLimit bounds the JSON values the input may hold, so that parsing
// costs no more than the settings allow (each value is a Value in memory,
// however short its text): a result to serialize or validate, or a schema,
// holds at most maxNodes of them, and a build request a few more (its
// options). An
// ordinary value, which becomes only text, is bounded by the input size.
func parseLimit(cmd, kind string, s result.Settings) int {
	maxNodes := s.MaxNodes
	if maxNodes == 0 {
		maxNodes = result.DefaultMaxNodes
	}
	switch {
	case cmd == "build" && kind == result.KindValue:
		return 0
	case cmd == "build":
		return maxNodes + 64
	}
	return maxNodes
}

func tooLarge(limit int64) error {
	return content.NewError(content.CodeMaxBytes, "", "the input is larger than "+strconv.FormatInt(limit, 10)+" bytes (4 × maxJsonBytes + 64 KiB)")
}

// message is an error's text without the "mcpresult: " prefix of *Error.
func message(err error) string {
	var e *result.Error
	if errors.As(err, &e) {
		return string(e.Code) + ": " + e.Message
	}
	return err.Error()
}

// reason is an OS error without the path it names.
func reason(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return "read error"
}

// invalid writes an error of the input (exit 1).
func invalid(stderr io.Writer, err error) int {
	var e *result.Error
	if !errors.As(err, &e) {
		e = &result.Error{Code: "internal", Message: "internal error"}
	}
	writeErrors(stderr, []*result.Error{e})
	return 1
}

func findings(list []*result.Error) content.Value {
	items := make([]content.Value, len(list))
	for i, e := range list {
		items[i] = content.NewObject(
			content.Str("code", content.NewString(string(e.Code))),
			content.Str("path", content.NewString(e.Path)),
			content.Str("message", content.NewString(e.Message)),
		)
	}
	return content.NewArray(items...)
}

func reportJSON(rep *result.Report) []byte {
	return printable(reportJSONOf(rep))
}

// printable escapes, in JSON text, the characters a terminal or a log
// would act on that JSON itself leaves as they are (textesc.Paths: C1
// controls, DEL, the line and paragraph separators and the bidirectional
// controls; JSON already escapes C0). They can only sit in strings, where
// \uXXXX is the same character: the JSON reads the same, and a path printed
// from a caller's keys cannot move the cursor or reorder the line. The set
// is the one paths are printed with (content.PrintablePath), since the
// JSON carries paths.
func printable(b []byte) []byte {
	return textesc.Paths.AppendJSON(nil, b)
}

func reportJSONOf(rep *result.Report) []byte {
	b, _ := engine.AppendJSON(nil, content.NewObject(
		content.Str("valid", content.NewBool(rep.Valid)),
		content.Str("errors", findings(rep.Errors)),
		content.Str("warnings", findings(rep.Warnings)),
	), content.Wire)
	return b
}

// writeErrors writes {"errors":[{"code","path","message"}]} on one line.
func writeErrors(w io.Writer, errs []*result.Error) {
	b, _ := engine.AppendJSON(nil, content.NewObject(content.Str("errors", findings(errs))), content.Wire)
	w.Write(append(printable(b), '\n'))
}
