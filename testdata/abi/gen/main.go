// Command gen runs internal/cmd/abigen, the generator of
// testdata/abi/fixtures.json, with the same arguments, from the root of the
// module: the tests of package abi run this path (go run ./testdata/abi/gen
// --check). The generator itself lives in internal/cmd/abigen.
package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
)

func main() {
	cmd := exec.Command("go", append([]string{"run", "./internal/cmd/abigen"}, os.Args[1:]...)...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			os.Exit(exit.ExitCode())
		}
		fmt.Fprintln(os.Stderr, "testdata/abi/gen:", err)
		os.Exit(2)
	}
}
