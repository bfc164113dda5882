// Command revgen serializes the output of every build vector in
// testdata/vectors for every protocol revision, with and without finalize,
// and writes JSON lines [version, finalized, output] for the schema oracle
// (tools/oracle/revisions.mjs), which validates each against the
// official schema of its revision. It widens the oracle from the serialize
// vectors to every result the build vectors make.
//
//	go run ./internal/cmd/revgen | node tools/oracle/revisions.mjs
package main

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/engine"
	"github.com/mcpresult/mcpresult/internal/vectortest"
	"github.com/mcpresult/mcpresult/result"
)

func main() {
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	settings := result.Settings{MaxJSONBytes: result.MaxMaxJSONBytes, MaxNodes: result.MaxMaxNodes}
	vectors, err := vectortest.LoadDir(filepath.Join("testdata", "vectors"))
	if err != nil {
		fail(err)
	}
	names, outputs, err := vectortest.BuildOutputs(vectors)
	if err != nil {
		fail(err)
	}
	for i, built := range outputs {
		for _, version := range result.ProtocolVersions() {
			for _, finalize := range []bool{false, true} {
				opts := content.NewObject(
					content.Str("protocolVersion", content.NewString(version)),
					content.Str("finalize", content.NewBool(finalize)),
				)
				j, err := vectortest.SerializeValue(settings, built, opts)
				if err != nil {
					if errors.Is(err, content.CodeMaxDepth) {
						continue // wrapping pushed a result at the depth limit over it
					}
					fail(fmt.Errorf("%s for %s: %w", names[i], version, err))
				}
				line, _ := engine.AppendJSON(nil, content.NewArray(content.NewString(version), content.NewBool(finalize), content.NewString(string(j))), content.Wire)
				w.Write(append(line, '\n'))
			}
		}
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "revgen:", err)
	os.Exit(1)
}
