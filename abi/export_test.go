package abi

// ReadAllPacked makes every request's input decoded packed, however small,
// until the returned function is called.
func ReadAllPacked() (restore func()) {
	n := treeBelow
	treeBelow = 0
	return func() { treeBelow = n }
}
