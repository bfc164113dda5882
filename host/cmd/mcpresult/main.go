// Command mcpresult builds, serializes and validates MCP results.
//
//	mcpresult build     [--kind tool|resource|error|value] [FILE|-]
//	mcpresult serialize [--protocol V] [--format wire|jcs] [--finalize] [FILE|-]
//	mcpresult validate  [--protocol V] [--kind tool|resource] [FILE|-]
//
// JSON in (a build request, or a result), JSON out. build and serialize
// write the result's JSON to standard output; validate writes its report
// ({"valid","errors","warnings"}). The exit code is 0 on success (a valid
// result), 1 when the input is invalid (the errors as JSON on standard error;
// for validate the report is still written to standard output), and 2 on a
// usage error.
//
// The command runs package result natively; it moves onto the embedded
// WebAssembly module with the Go host.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/result"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const usage = `usage:
  mcpresult build     [--kind tool|resource|error|value] [--max-json-bytes N] [--canonicalization strict|json] [FILE|-]
  mcpresult serialize [--protocol V] [--format wire|jcs] [--finalize] [--unsupported convert|error] [--max-json-bytes N] [FILE|-]
  mcpresult validate  [--protocol V] [--kind tool|resource] [--max-json-bytes N] [FILE|-]`

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, usage)
		return 2
	}
	cmd := args[0]
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	var kind, mode, protocol, format, unsupported *string
	var finalize *bool
	maxBytes := fs.Int("max-json-bytes", 0, "the byte budget (default 2,000,000)")
	switch cmd {
	case "build":
		kind = fs.String("kind", result.KindTool, "what to build: tool, resource, error or value")
		mode = fs.String("canonicalization", "strict", "strict or json")
	case "serialize":
		protocol = fs.String("protocol", result.LatestProtocolVersion, "the protocol revision to write")
		format = fs.String("format", "wire", "wire or jcs")
		finalize = fs.Bool("finalize", false, "add the protocol-owned fields of 2026-07-28")
		unsupported = fs.String("unsupported", "convert", "what to do with blocks the revision lacks: convert or error")
	case "validate":
		protocol = fs.String("protocol", result.LatestProtocolVersion, "the protocol revision to check against")
		kind = fs.String("kind", "", "tool or resource (default: inferred)")
	default:
		fmt.Fprintln(stderr, usage)
		return 2
	}
	if err := fs.Parse(args[1:]); err != nil {
		return 2
	}
	s := result.Settings{MaxJSONBytes: *maxBytes}
	if mode != nil {
		switch *mode {
		case "strict":
		case "json":
			s.Canonicalization = result.JSON
		default:
			fmt.Fprintln(stderr, usage)
			return 2
		}
	}
	if err := s.Check(); err != nil {
		fmt.Fprintln(stderr, "mcpresult:", err)
		return 2
	}
	in := stdin
	switch fs.NArg() {
	case 0:
	case 1:
		if name := fs.Arg(0); name != "-" {
			f, err := os.Open(name)
			if err != nil {
				fmt.Fprintln(stderr, "mcpresult:", err)
				return 2
			}
			defer f.Close()
			in = f
		}
	default:
		fmt.Fprintln(stderr, usage)
		return 2
	}
	data, err := io.ReadAll(in)
	if err != nil {
		fmt.Fprintln(stderr, "mcpresult:", err)
		return 2
	}
	v, err := content.ParseJSON(data)
	if err != nil {
		writeErrors(stderr, []*result.Error{err.(*result.Error)})
		return 1
	}
	var out []byte
	switch cmd {
	case "build":
		switch *kind {
		case result.KindTool, result.KindResource, result.KindError, result.KindValue:
		default:
			fmt.Fprintln(stderr, usage)
			return 2
		}
		var r *result.Result
		if r, err = result.Build(s, *kind, v, false); err == nil {
			out = r.JSON()
		}
	case "serialize":
		opts := content.NewObject(
			content.Str("protocolVersion", content.NewString(*protocol)),
			content.Str("format", content.NewString(*format)),
			content.Str("finalize", content.NewBool(*finalize)),
			content.Str("unsupported", content.NewString(*unsupported)),
		)
		out, err = result.SerializeValue(s, v, opts)
		if e, ok := err.(*result.Error); ok && (e.Path == "/protocolVersion" || e.Path == "/format" || e.Path == "/unsupported") {
			fmt.Fprintln(stderr, "mcpresult:", err)
			return 2
		}
	case "validate":
		rep, verr := result.Validate(v, result.ValidateOptions{Kind: *kind, ProtocolVersion: *protocol, Settings: s})
		if verr != nil {
			fmt.Fprintln(stderr, "mcpresult:", verr)
			return 2
		}
		stdout.Write(append(reportJSON(rep), '\n'))
		if !rep.Valid {
			writeErrors(stderr, rep.Errors)
			return 1
		}
		return 0
	}
	if err != nil {
		e, ok := err.(*result.Error)
		if !ok {
			e = &result.Error{Code: "internal", Message: err.Error()}
		}
		writeErrors(stderr, []*result.Error{e})
		return 1
	}
	stdout.Write(append(out, '\n'))
	return 0
}

func findings(list []*result.Error) content.Value {
	items := make([]content.Value, len(list))
	for i, e := range list {
		items[i] = content.NewObject(
			content.Str("code", content.NewString(e.Code)),
			content.Str("path", content.NewString(e.Path)),
			content.Str("message", content.NewString(e.Message)),
		)
	}
	return content.NewArray(items...)
}

func reportJSON(rep *result.Report) []byte {
	b, _ := content.AppendJSON(nil, content.NewObject(
		content.Str("valid", content.NewBool(rep.Valid)),
		content.Str("errors", findings(rep.Errors)),
		content.Str("warnings", findings(rep.Warnings)),
	), content.Wire)
	return b
}

// writeErrors writes {"errors":[{"code","path","message"}]} on one line.
func writeErrors(w io.Writer, errs []*result.Error) {
	b, _ := content.AppendJSON(nil, content.NewObject(content.Str("errors", findings(errs))), content.Wire)
	w.Write(append(b, '\n'))
}
