package nodetest_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/mcpresult/mcpresult/internal/nodetest"
)

// What a test of a package folder would skip for, before and after its
// packages are installed (here with a stand-in for node on the PATH).
func ExampleMissing() {
	root, err := os.MkdirTemp("", "nodetest")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(root)
	bin := filepath.Join(root, "bin")
	dir := filepath.Join(root, "tools", "fixture")
	for _, d := range []string{bin, dir} {
		os.MkdirAll(d, 0o755)
	}
	os.WriteFile(filepath.Join(bin, "node"), []byte("#!/bin/sh\n"), 0o755)
	os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"private":true}`), 0o644)
	path := os.Getenv("PATH")
	defer os.Setenv("PATH", path)
	os.Setenv("PATH", bin)

	reason, err := nodetest.Missing(root, "tools/fixture")
	fmt.Printf("%q %v\n", reason, err)
	os.Mkdir(filepath.Join(dir, "node_modules"), 0o755) // what npm ci does
	reason, err = nodetest.Missing(root, "tools/fixture")
	fmt.Printf("%q %v\n", reason, err)
	// Output:
	// "tools/fixture/node_modules is not installed: run `cd tools/fixture && npm ci` (make test does)" <nil>
	// "" <nil>
}
