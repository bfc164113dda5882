// Command revgen serializes the output of every build vector in
// testdata/vectors for every protocol revision, with and without finalize,
// and writes JSON lines [version, finalized, output] for the schema oracle
// (testdata/oracle/revisions.mjs), which validates each against the
// official schema of its revision. It widens the oracle from the serialize
// vectors to every result the build vectors make.
//
//	go run ./testdata/oracle/revgen | node testdata/oracle/revisions.mjs
package main

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/result"
)

func main() {
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	settings := result.Settings{MaxJSONBytes: result.MaxMaxJSONBytes, MaxNodes: result.MaxMaxNodes}
	err := filepath.WalkDir(filepath.Join("testdata", "vectors"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".json") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		vectors, err := content.ParseJSON(data)
		if err != nil {
			return err
		}
		for i := 0; i < vectors.Len(); i++ {
			vec := vectors.Index(i)
			op, _ := vec.Get("op")
			expect, _ := vec.Get("expect")
			out, ok := expect.Get("json")
			if op.Str() != "build" || !ok {
				continue
			}
			built, err := content.ParseJSON([]byte(out.Str()))
			if err != nil {
				return err
			}
			for _, version := range result.ProtocolVersions() {
				for _, finalize := range []bool{false, true} {
					opts := content.NewObject(
						content.Str("protocolVersion", content.NewString(version)),
						content.Str("finalize", content.NewBool(finalize)),
					)
					j, err := result.SerializeValue(settings, built, opts)
					if err != nil {
						if errors.Is(err, content.CodeMaxDepth) {
							continue // wrapping pushed a result at the depth limit over it
						}
						name, _ := vec.Get("name")
						return fmt.Errorf("%s for %s: %w", name.Str(), version, err)
					}
					line, _ := content.AppendJSON(nil, content.NewArray(content.NewString(version), content.NewBool(finalize), content.NewString(string(j))), content.Wire)
					w.Write(append(line, '\n'))
				}
			}
		}
		return nil
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "revgen:", err)
		os.Exit(1)
	}
}
