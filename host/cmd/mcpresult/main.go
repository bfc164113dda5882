// Command mcpresult builds MCP results from JSON requests.
//
//	mcpresult build [--kind tool|resource|error|value] [FILE|-]
//
// It reads one build request (the options of a result in wire names, as in
// testdata/examples) from FILE or standard input and writes the result's
// compact wire JSON to standard output. It exits 0 on success, 1 when the
// request is invalid (the error as JSON on standard error) and 2 on a usage
// error.
//
// For now the command builds natively with package result; it moves onto the
// embedded WebAssembly module with the Go host, and gains serialize and
// validate with the protocol-revision serializer.
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

const usage = `usage: mcpresult build [--kind tool|resource|error|value] [--max-json-bytes N] [--canonicalization strict|json] [FILE|-]`

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] != "build" {
		fmt.Fprintln(stderr, usage)
		return 2
	}
	fs := flag.NewFlagSet("build", flag.ContinueOnError)
	fs.SetOutput(stderr)
	kind := fs.String("kind", result.KindTool, "what to build: tool, resource, error or value")
	maxBytes := fs.Int("max-json-bytes", 0, "the server's byte budget (default 2,000,000)")
	mode := fs.String("canonicalization", "strict", "strict or json")
	if err := fs.Parse(args[1:]); err != nil {
		return 2
	}
	var s result.Settings
	s.MaxJSONBytes = *maxBytes
	switch *mode {
	case "strict":
	case "json":
		s.Canonicalization = result.JSON
	default:
		fmt.Fprintln(stderr, usage)
		return 2
	}
	switch *kind {
	case result.KindTool, result.KindResource, result.KindError, result.KindValue:
	default:
		fmt.Fprintln(stderr, usage)
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
	req, err := content.ParseJSON(data)
	if err == nil {
		var r *result.Result
		r, err = result.Build(s, *kind, req, false)
		if err == nil {
			stdout.Write(r.JSON())
			fmt.Fprintln(stdout)
			return 0
		}
	}
	writeError(stderr, err)
	return 1
}

// writeError writes {"errors":[{"code","path","message"}]} on one line.
func writeError(w io.Writer, err error) {
	e, ok := err.(*result.Error)
	if !ok {
		e = &result.Error{Code: "internal", Message: err.Error()}
	}
	v := content.NewObject(content.Str("errors", content.NewArray(content.NewObject(
		content.Str("code", content.NewString(e.Code)),
		content.Str("path", content.NewString(e.Path)),
		content.Str("message", content.NewString(e.Message)),
	))))
	b, _ := content.AppendJSON(nil, v, content.Wire)
	w.Write(append(b, '\n'))
}
