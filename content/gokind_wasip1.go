//go:build wasip1

package content

// In the module, a Go value is never more than a Value (see FromGo).

func goIsString(g any) bool { return false }

func goIsNilMap(g any) bool { return false }
