package main

import (
	"bytes"
	"os"
	"testing"
)

// TestFixturesUpToDate: testdata/abi/fixtures.json is what this command
// writes (go generate ./internal/cmd/abigen rewrites it).
func TestFixturesUpToDate(t *testing.T) {
	old, err := os.ReadFile(fixturesPath())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(old, generate()) {
		t.Fatal("testdata/abi/fixtures.json is not what internal/cmd/abigen writes: run go run ./internal/cmd/abigen --check for the changed fixtures")
	}
}
