package abi

// MaxRequest is the largest request a module accepts: four times the
// largest byte budget and 64 KiB, as the command line allows for an input.
// The module's mcpresult_alloc gives 0 for more (rather than a growth of
// memory that would end the instance), and a host answers a larger request
// itself with max_bytes, without a call.
const MaxRequest = 4*64_000_000 + 64<<10
