package sdk

import (
	"bytes"
	"encoding/json"
	"slices"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpresult/mcpresult/internal/revision"
)

// The SDK's list results (tools, resources, resource templates, prompts)
// carry ttlMs and cacheScope, its Cacheable fields, which it writes without
// omitempty whatever the revision. They are 2026-07-28's: a client of an
// earlier revision is sent the list without them, and one of 2026-07-28
// with them, as the SDK writes them.

// cacheFields are the members of a list result a revision with
// initialize lacks.
var cacheFields = [...]string{"ttlMs", "cacheScope"}

// uncachedList is a list result of the SDK written without cacheFields.
type uncachedList struct {
	mcp.Result // a list result of the SDK: its JSON is the SDK's
}

// MarshalJSON gives the SDK's JSON of the result, without cacheFields.
func (l uncachedList) MarshalJSON() ([]byte, error) {
	b, err := json.Marshal(l.Result)
	if err != nil {
		return nil, err
	}
	return withoutMembers(b, cacheFields[:])
}

// listForRevision is res as a client of version is to be sent it: a list
// result without the members its revision lacks, anything else as it is.
func listForRevision(res mcp.Result, version string) mcp.Result {
	if r, ok := revision.Parse(version); ok && r.Stateless() {
		return res
	}
	switch res.(type) {
	case *mcp.ListToolsResult, *mcp.ListResourcesResult, *mcp.ListResourceTemplatesResult, *mcp.ListPromptsResult:
		return uncachedList{res}
	}
	return res
}

// member is one member of a JSON object, as it was written.
type member struct {
	key string
	raw json.RawMessage
}

// withoutMembers is the JSON object b without its top-level members
// named in names, the others and their order kept as they are.
func withoutMembers(b []byte, names []string) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return b, err // not an object (null): as it is
	}
	var members []member
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := tok.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, err
		}
		if !slices.Contains(names, key) {
			members = append(members, member{key, raw})
		}
	}
	var out bytes.Buffer
	out.WriteByte('{')
	for i, m := range members {
		if i > 0 {
			out.WriteByte(',')
		}
		k, _ := json.Marshal(m.key)
		out.Write(k)
		out.WriteByte(':')
		out.Write(m.raw)
	}
	out.WriteByte('}')
	return out.Bytes(), nil
}
