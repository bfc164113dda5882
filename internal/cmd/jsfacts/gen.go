package main

// Rewrite js/src/facts.js and js/src/facts.d.ts from the Go packages.
//go:generate go run .
