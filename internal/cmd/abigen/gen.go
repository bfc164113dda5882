package main

// go generate rewrites testdata/abi/fixtures.json. TestFixturesUpToDate,
// here and in package abi, fails while the committed file differs from what
// this command writes.
//go:generate go run .
