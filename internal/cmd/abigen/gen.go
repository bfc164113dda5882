package main

// go generate rewrites testdata/abi/fixtures.json; the tests of package abi
// fail while the committed file differs from what this command writes.
//go:generate go run .
