package sdk

import (
	"context"
	"runtime"
	"slices"
	"sync"
	"weak"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpresult/mcpresult/internal/revision"
)

// versions are the revisions the server's sessions negotiated in
// initialize, by session. The SDK keeps the negotiated revision in the
// session's state, which a handler cannot read (v1.8.0): a handler's
// req.ProtocolVersion() is the revision the client asked for, which is the
// one negotiated only when the server speaks it. A session's entry goes when
// the session is garbage.
type versions struct {
	m sync.Map // weak.Pointer[mcp.ServerSession] → string
}

// remember records the revision the server answered initialize with.
func (vs *versions) remember(ss *mcp.ServerSession, version string) {
	k := weak.Make(ss)
	if _, loaded := vs.m.Swap(k, version); !loaded {
		runtime.AddCleanup(ss, func(k weak.Pointer[mcp.ServerSession]) { vs.m.Delete(k) }, k)
	}
}

// of is the revision of a request: the one in its _meta for a stateless
// revision (the SDK has checked that the server speaks it), else the one
// the session negotiated in initialize, else the one the SDK gives
// (asked). A revision mcpresult does not write becomes the newest one
// before the stateless revisions, as the SDK negotiates for a client that
// asks for a revision it does not speak.
func (vs *versions) of(ss *mcp.ServerSession, p mcp.Params, asked string) string {
	v := metaVersion(p)
	if v == "" && ss != nil {
		if s, ok := vs.m.Load(weak.Make(ss)); ok {
			v = s.(string)
		}
	}
	if v == "" {
		v = asked
	}
	return known(v)
}

type versionKey struct{}

// ProtocolVersion is the protocol revision a handler's result is written
// for: the one the client's session negotiated, or the one of a stateless
// request. Unlike req.ProtocolVersion(), which gives the revision the
// client asked for in initialize, it is the one the server answered with.
// It is "" for a context that is not a handler's of this package.
func ProtocolVersion(ctx context.Context) string {
	v, _ := ctx.Value(versionKey{}).(string)
	return v
}

// metaVersion is the revision in a request's _meta when it is a stateless
// one (a revision without initialize, whose requests carry it), or "".
func metaVersion(p mcp.Params) string {
	if p == nil {
		return ""
	}
	if m := p.GetMeta(); m != nil {
		if s, ok := m[mcp.MetaKeyProtocolVersion].(string); ok {
			if r, ok := revision.Parse(s); ok && r.Stateless() {
				return s
			}
		}
	}
	return ""
}

// stateless reports whether a request is of a stateless revision, to
// whose result the SDK adds the protocol-owned fields.
func stateless(p mcp.Params) bool { return metaVersion(p) != "" }

// known is v when mcpresult writes it, else the newest revision with
// initialize (the one the SDK answers initialize with when asked for a
// revision it does not speak).
func known(v string) string {
	if _, ok := revision.Parse(v); ok {
		return v
	}
	r := revision.Latest
	for r.Stateless() {
		r--
	}
	return r.String()
}

// ProtocolVersions are the revisions that both the SDK and mcpresult speak,
// newest first: the value for mcp.ServerOptions.SupportedProtocolVersions,
// so that a server never negotiates a revision its results cannot be
// written for. (With SDK v1.8.0 it is every revision the SDK speaks.)
func ProtocolVersions() []string {
	vs := revision.Among(mcp.SupportedProtocolVersions())
	slices.Reverse(vs)
	return vs
}
