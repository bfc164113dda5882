package abi

// ReadAllPacked makes every request's input decoded packed, however small,
// until the returned function is called.
func ReadAllPacked() (restore func()) {
	n := treeBelow
	treeBelow = 0
	return func() { treeBelow = n }
}

// FastBuild is the one pass alone: the response, or false where the
// general path answers.
var FastBuild = fastBuild

// FastSerialize is FastBuild for the serialize op.
var FastSerialize = fastSerialize

// GeneralHandle is Handle without the one pass: the general path alone.
func GeneralHandle(op Op, req []byte) []byte {
	onePass = false
	defer func() { onePass = true }()
	return Handle(op, req)
}
