package main

// go generate (here) rewrites testdata/corpus/gosdk.json.
//go:generate go run .
