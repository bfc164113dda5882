// Package decimal writes integers as the messages and documents of
// mcpresult state them: with their digits in groups of three, so that a
// range written from the constants reads as the documentation writes it.
//
//	decimal.Grouped(64_000_000) // "64,000,000"
package decimal

import "strconv"

// Grouped writes n with its digits in groups of three ("2,000,000").
func Grouped(n int) string {
	d := strconv.Itoa(n)
	if n < 0 {
		return "-" + Grouped(-n)
	}
	for i := len(d) - 3; i > 0; i -= 3 {
		d = d[:i] + "," + d[i:]
	}
	return d
}
