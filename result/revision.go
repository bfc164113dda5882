package result

import (
	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/engine"
	"github.com/mcpresult/mcpresult/internal/revision"
)

// The MCP protocol revisions mcpresult writes and checks, oldest first.
const (
	V20241105 = revision.V20241105
	V20250326 = revision.V20250326
	V20250618 = revision.V20250618
	V20251125 = revision.V20251125
	V20260728 = revision.V20260728

	// LatestProtocolVersion is the default revision.
	LatestProtocolVersion = revision.LatestVersion
)

// ProtocolVersions returns the supported revisions, oldest first. The slice
// is a copy: changing it changes nothing here.
func ProtocolVersions() []string { return revision.Versions() }

// errUnsupportedVersion is the error for a protocolVersion this library does
// not know: never a silent guess.
func errUnsupportedVersion() error {
	msg := "unsupported protocol version; supported: "
	for i, v := range revision.Versions() {
		if i > 0 {
			msg += ", "
		}
		msg += v
	}
	return content.NewError(content.CodeUnsupportedProtocolVersion, "/protocolVersion", msg)
}

// revisionOf returns the revision of a version string; "" is the latest.
func revisionOf(v string) (revision.Revision, error) {
	if v == "" {
		return revision.Latest, nil
	}
	if r, ok := revision.Parse(v); ok {
		return r, nil
	}
	return 0, errUnsupportedVersion()
}

// The names of the result objects for revision.Revision.Defines.
const (
	toolResult     = revision.ToolResult
	resourceResult = revision.ResourceResult
)

// resultObject is the Defines name of a result kind.
func resultObject(kind string) string {
	if kind == KindResource {
		return resourceResult
	}
	return toolResult
}

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
// for the revisions that define it (2026-07-28).
const serverInfoKey = revision.ServerInfoKey

// relatedTaskKey is the reserved _meta key that some revisions (2025-11-25)
// define for a result that belongs to a task ({"taskId": "…"}).
const relatedTaskKey = revision.RelatedTaskKey

// buildMetaKeys are the reserved keys of a result's _meta when building (and
// in a value to serialize): the server identity is protocol-owned, the
// related task allowed (Serialize leaves it out where the revision lacks
// it).
var buildMetaKeys = engine.MetaKeys{Owned: []string{serverInfoKey}, Allowed: []string{relatedTaskKey}}

// metaKeys returns the reserved keys of a result's _meta that Validate
// accepts: on the wire, each where the revision defines it; at stage
// handler, those of a build (the server identity is protocol-owned; the
// related task is the SDK's to keep or drop for the revision).
func metaKeys(r revision.Revision, wire bool) engine.MetaKeys {
	if !wire {
		return buildMetaKeys
	}
	var k engine.MetaKeys
	for _, key := range [...]string{serverInfoKey, relatedTaskKey} {
		if r.DefinesMetaKey(key) {
			k.Allowed = append(k.Allowed, key)
		}
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
