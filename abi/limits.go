package abi

// MaxRequest is the largest request a module accepts: twice the largest
// byte budget and 64 KiB, which an instance of the host's default memory
// limit (1 GiB) decodes and builds without running out of memory. The
// module's mcpresult_alloc gives 0 for more (rather than a growth of memory
// that would end the instance), and a host answers a larger request itself
// with max_bytes, without a call.
const MaxRequest = 2*64_000_000 + 64<<10
