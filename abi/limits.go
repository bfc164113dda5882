package abi

// MaxRequest is the largest request a module accepts: twice the largest
// byte budget and 64 KiB, which an instance of the host's default memory
// limit (1 GiB) decodes and builds without running out of memory. The
// module's mcpresult_alloc gives 0 for more (rather than a growth of memory
// that would end the instance), and a host answers a larger request itself
// with max_bytes, without a call.
const MaxRequest = 2*64_000_000 + 64<<10

// The bounds of a request's decode, beside the settings' budget (see the
// package doc, under Memory).
const (
	// NodeAllowance is how many values a request's input may hold beyond
	// what the settings' budget allows (maxNodes, or (maxJsonBytes+1)/2,
	// since n JSON values take at least 2n-1 bytes): room for the request's
	// own options, so that a request the checks would accept is always
	// read whole. Past it, the decode stops with the budget's code.
	NodeAllowance = 64
	// MaxSmallValues is the most values settings or options may hold; more
	// is invalid_request at /settings or /options.
	MaxSmallValues = 1024
)
