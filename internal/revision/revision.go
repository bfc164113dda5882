// Package revision is the one list of the MCP protocol revisions mcpresult
// writes and checks, oldest first, and the one table of what each of them
// defines: which fields a result, a block or resource contents have, which
// block types exist, whether structured content and outputSchema exist and
// what structured content may be, which reserved _meta keys a result may
// carry, and whether the revision has an initialize handshake.
//
// Package result (which writes and checks results), the adapter for the Go
// SDK (package sdk), the server checker (package check) and the facts the
// JS package is generated with (internal/cmd/jsfacts) all read it, so that
// none of them keeps a copy of a revision's rules. A revision is an ordinal,
// its index in the list, so that "from this revision on" is a comparison of
// ordinals, never of date strings.
//
// The package is compiled into the WebAssembly module: it imports nothing.
package revision

// The protocol revisions, as their protocolVersion strings.
const (
	V20241105 = "2024-11-05"
	V20250326 = "2025-03-26"
	V20250618 = "2025-06-18"
	V20251125 = "2025-11-25"
	V20260728 = "2026-07-28"

	// LatestVersion is the newest revision's protocolVersion:
	// Latest.String().
	LatestVersion = V20260728
)

// versions is the one list of the revisions, oldest first; a Revision is
// its index.
var versions = [...]string{V20241105, V20250326, V20250618, V20251125, V20260728}

// Revision is a protocol revision as an ordinal: its index in Versions.
type Revision uint8

// The revisions as ordinals, oldest first.
const (
	R20241105 Revision = iota
	R20250326
	R20250618
	R20251125
	R20260728

	// Latest is the newest revision, the one a call that names none is
	// written and checked for.
	Latest = R20260728
)

// Versions returns the revisions' protocolVersion strings, oldest first.
// The slice is a copy.
func Versions() []string { return append([]string(nil), versions[:]...) }

// Parse returns the revision of a protocolVersion string; ok is false for a
// string that is not one of Versions ("" included).
func Parse(v string) (r Revision, ok bool) {
	for i, p := range versions {
		if p == v {
			return Revision(i), true
		}
	}
	return 0, false
}

// Among returns the revisions, oldest first, whose protocolVersion is one of
// vs (in any order; strings that are none are left out).
func Among(vs []string) []string {
	var out []string
	for _, v := range versions {
		for _, w := range vs {
			if v == w {
				out = append(out, v)
				break
			}
		}
	}
	return out
}

// String is the revision's protocolVersion.
//
//go:noinline
func (r Revision) String() string { return versions[r] }

// The names of the result objects for Defines (a block type is its "type").
const (
	ToolResult     = "tool result"
	ResourceResult = "resource result"
)

// The reserved keys of a result's _meta that some revisions define.
const (
	// ServerInfoKey is the server identity ({"name", "version"}) that
	// 2026-07-28 puts in every result's _meta.
	ServerInfoKey = "io.modelcontextprotocol/serverInfo"
	// RelatedTaskKey is the task a result belongs to ({"taskId"}), which
	// 2025-11-25 defines.
	RelatedTaskKey = "io.modelcontextprotocol/related-task"
)

// Defines reports whether the revision defines a field of an object, as
// every revision's official schema does: the one table that writing a
// result for a revision (what it leaves out) and checking one against a
// revision (field_not_in_revision, unsupported_content_type) both read.
// object is ToolResult, ResourceResult, a block type ("text", "image",
// "audio", "resource_link", "resource"), "contents", "annotations", "icon"
// or "tool" (a tool as tools/list lists it); field "" asks about the block
// type itself. A field that no revision defines on the object is not asked
// about (the shapes of package content know the fields of every revision):
// the answer is true.
//
//go:noinline
func (r Revision) Defines(object, field string) bool {
	switch field {
	case "":
		switch object {
		case "audio":
			return r >= R20250326
		case "resource_link":
			return r >= R20250618
		}
	case "_meta":
		// A result's _meta is in every revision; a block's or resource
		// contents' from 2025-06-18.
		return object == ToolResult || object == ResourceResult || r >= R20250618
	case "icons":
		return r >= R20251125
	case "lastModified", "structuredContent", "outputSchema":
		return r >= R20250618
	case "resultType", "ttlMs", "cacheScope":
		return r >= R20260728
	}
	return true
}

// StructuredAnyValue reports whether a result's structuredContent (and so a
// tool's outputSchema) may be any JSON value, as in 2026-07-28, rather than
// only an object, as in 2025-06-18 and 2025-11-25 (where a value of another
// kind goes wrapped as {"result": value}). A revision without
// structuredContent gives false.
func (r Revision) StructuredAnyValue() bool { return r >= R20260728 }

// InputErrorsInResult reports whether the revision says that a tool's
// input validation errors are reported in the result (isError true, a text
// the model can act on) rather than as a JSON-RPC error, as 2025-11-25 and
// later do; an earlier revision leaves it to the server.
func (r Revision) InputErrorsInResult() bool { return r >= R20251125 }

// DefinesMetaKey reports whether the revision defines one of the reserved
// keys of a result's _meta (ServerInfoKey, RelatedTaskKey); any other key
// gives false.
func (r Revision) DefinesMetaKey(key string) bool {
	switch key {
	case ServerInfoKey:
		return r >= R20260728
	case RelatedTaskKey:
		return r == R20251125
	}
	return false
}

// Stateless reports whether the revision has no initialize handshake
// (2026-07-28): each request carries its revision in its _meta, and the
// protocol-owned fields of a result (resultType, ttlMs, cacheScope) are
// added by whoever answers the request.
func (r Revision) Stateless() bool { return r >= R20260728 }
