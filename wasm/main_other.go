//go:build !wasip1

package main

// Built for another platform than wasip1 the command does nothing: only
// handle, its dispatch, is plain Go, so that go test runs it natively.

func main() {}
