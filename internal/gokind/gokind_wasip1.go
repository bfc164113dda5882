//go:build wasip1

package gokind

// In the module, a Go value is never more than a Value (see content.FromGo).

func isString(g any) bool { return false }

func isNilMap(g any) bool { return false }
