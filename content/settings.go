package content

// Canonicalization is how free-form values (structured content and _meta
// values) that are not plain JSON are treated.
type Canonicalization uint8

const (
	// Strict keeps plain JSON values and rejects everything else.
	Strict Canonicalization = iota
	// JSON converts what a JSON encoder would: bytes to base64, timestamps to
	// RFC 3339 strings, integer and boolean map keys to strings, Go structs
	// and json.Marshalers through encoding/json.
	JSON
)

// String returns "strict" or "json" ("invalid" for any other value, which
// every check rejects as invalid_option).
func (m Canonicalization) String() string {
	switch m {
	case Strict:
		return "strict"
	case JSON:
		return "json"
	}
	return "invalid"
}

// Format selects how JSON is written. Both are compact, with strings escaped
// exactly as ECMAScript JSON.stringify escapes them and numbers written as
// Number.prototype.toString writes them.
type Format uint8

const (
	// Wire keeps MCP's key order for protocol objects (a block writes type,
	// its own fields, annotations, _meta; a tool result resultType, content,
	// structuredContent, isError, _meta) and the caller's order inside
	// free-form values.
	Wire Format = iota
	// JCS is RFC 8785 canonical JSON: keys sorted by UTF-16 code units,
	// integers beyond ±2^53 rejected (not_i_json; 2^53 itself is exact in
	// a float64 and is written). For hashing, signing and caching.
	JCS
)

// String returns "wire" or "jcs".
func (f Format) String() string {
	if f == JCS {
		return "jcs"
	}
	return "wire"
}
