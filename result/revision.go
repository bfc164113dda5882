package result

import (
	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/engine"
)

// The MCP protocol revisions mcpresult writes and checks, oldest first.
const (
	V20241105 = "2024-11-05"
	V20250326 = "2025-03-26"
	V20250618 = "2025-06-18"
	V20251125 = "2025-11-25"
	V20260728 = "2026-07-28"

	// LatestProtocolVersion is the default revision.
	LatestProtocolVersion = V20260728
)

// protocolVersions is the one list of supported revisions, oldest first; a
// revision is its index.
var protocolVersions = [...]string{V20241105, V20250326, V20250618, V20251125, V20260728}

// ProtocolVersions returns the supported revisions, oldest first. The slice
// is a copy: changing it changes nothing here.
func ProtocolVersions() []string { return append([]string(nil), protocolVersions[:]...) }

// revision is a protocol revision as an ordinal, for "from this one on".
type revision int

const (
	r20241105 revision = iota
	r20250326
	r20250618
	r20251125
	r20260728
)

//go:noinline
func (r revision) String() string { return protocolVersions[r] }

// errUnsupportedVersion is the error for a protocolVersion this library does
// not know: never a silent guess.
func errUnsupportedVersion() error {
	msg := "unsupported protocol version; supported: "
	for i, v := range protocolVersions {
		if i > 0 {
			msg += ", "
		}
		msg += v
	}
	return content.NewError(content.CodeUnsupportedProtocolVersion, "/protocolVersion", msg)
}

// revisionOf returns the revision of a version string; "" is the latest.
func revisionOf(v string) (revision, error) {
	if v == "" {
		return r20260728, nil
	}
	for i, p := range protocolVersions {
		if p == v {
			return revision(i), nil
		}
	}
	return 0, errUnsupportedVersion()
}

// Defines reports whether the revision defines a field of an object, as
// every revision's official schema does: the one table that Serialize (what
// it leaves out) and Validate (field_not_in_revision,
// unsupported_content_type) both read. object is "tool result" or
// "resource result" (see resultObject), a block type, "contents", "annotations" or "icon"; field
// "" asks about the block type itself. A field that no revision defines on
// the object is not asked about: the shapes of package content (and the
// result fields below) know the fields of every revision.
//
//go:noinline
func (r revision) Defines(object, field string) bool {
	switch field {
	case "":
		switch object {
		case "audio":
			return r >= r20250326
		case "resource_link":
			return r >= r20250618
		}
	case "_meta":
		// A result's _meta is in every revision; a block's or resource
		// contents' from 2025-06-18.
		return object == toolResult || object == resourceResult || r >= r20250618
	case "icons":
		return r >= r20251125
	case "lastModified", "structuredContent":
		return r >= r20250618
	case "resultType", "ttlMs", "cacheScope":
		return r >= r20260728
	}
	return true
}

// The names of the result objects for Defines.
const (
	toolResult     = engine.ToolResult
	resourceResult = engine.ResourceResult
)

// resultObject is the Defines name of a result kind.
func resultObject(kind string) string {
	if kind == KindResource {
		return resourceResult
	}
	return toolResult
}

// structuredAnyValue reports whether structuredContent may be any JSON value
// (2026-07-28), not only an object (2025-06-18 and 2025-11-25).
func (r revision) structuredAnyValue() bool { return r >= r20260728 }

// The fields of the result objects in any revision, in wire order; the
// protocol-owned ones only Serialize adds.
var (
	toolResultFields     = []string{"resultType", "content", "structuredContent", "isError", "_meta"}
	resourceResultFields = []string{"resultType", "contents", "ttlMs", "cacheScope", "_meta"}
	protocolOwned        = []string{"resultType", "ttlMs", "cacheScope"}
)

func resultFields(kind string) []string {
	if kind == KindResource {
		return resourceResultFields
	}
	return toolResultFields
}

// serverInfoKey is the _meta key of the server identity that Serialize adds
// for protocol revision 2026-07-28.
const serverInfoKey = "io.modelcontextprotocol/serverInfo"

// relatedTaskKey is the reserved _meta key that revision 2025-11-25 defines
// for a result that belongs to a task ({"taskId": "…"}).
const relatedTaskKey = "io.modelcontextprotocol/related-task"

// buildMetaKeys are the reserved keys of a result's _meta when building (and
// in a value to serialize): the server identity is protocol-owned, the
// related task allowed (Serialize leaves it out where the revision lacks
// it).
var buildMetaKeys = engine.MetaKeys{Owned: []string{serverInfoKey}, Allowed: []string{relatedTaskKey}}

// metaKeys returns the reserved keys of a result's _meta that Validate
// accepts: on the wire, each where the revision defines it; at stage
// handler, those of a build (the server identity is protocol-owned; the
// related task is the SDK's to keep or drop for the revision).
func metaKeys(r revision, wire bool) engine.MetaKeys {
	if !wire {
		return buildMetaKeys
	}
	var k engine.MetaKeys
	if r >= r20260728 {
		k.Allowed = append(k.Allowed, serverInfoKey)
	}
	if r == r20251125 {
		k.Allowed = append(k.Allowed, relatedTaskKey)
	}
	return k
}

// checkTTL and checkCacheScope are the rules of the protocol-owned resource
// fields, wherever they are given (Finalize, options as a value, validate).
func checkTTL(v content.Value) (int64, bool) {
	return int64In(v, 0, engine.MaxSafeInteger)
}

func checkCacheScope(s string) bool { return s == "public" || s == "private" }

const (
	msgTTL        = "ttlMs must be an integer from 0 to 2^53-1"
	msgCacheScope = "cacheScope must be \"public\" or \"private\""
)
