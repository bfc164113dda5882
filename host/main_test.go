package host_test

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/tetratelabs/wazero"

	"github.com/mcpresult/mcpresult/host"
)

// testCacheDir is the compilation cache the package's tests share, made by
// TestMain: the module is compiled once for the run, not once per Host or
// runtime (a compilation takes about a second, and several under the race
// detector). ExampleHost and TestWrongModule compile without one, as a
// Host without CompilationCacheDir does.
var testCacheDir string

// testCache is that cache for the tests' own wazero runtimes (the plain
// hosts written from the ABI's description), which share its compiled
// module in memory as well.
var testCache wazero.CompilationCache

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "mcpresult-host-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	testCacheDir = dir
	testCache, err = wazero.NewCompilationCacheWithDir(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	testCache.Close(context.Background())
	os.RemoveAll(dir)
	os.Exit(code)
}

// cached returns c with the tests' compilation cache, unless it names one.
func cached(c host.Config) host.Config {
	if c.CompilationCacheDir == "" {
		c.CompilationCacheDir = testCacheDir
	}
	return c
}
