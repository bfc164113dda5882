package check

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
)

// CodeRevisionMismatch (info or warning): the server accepted the revision of the
// session (it answered initialize with it, or server/discover listing it)
// and answers in the shape of another: initialize, tools/list or
// resources/list (or a tool or resource listed, or initialize's serverInfo
// or capabilities) with a member that this revision does not define and
// another does (resultType, ttlMs and cacheScope, which only 2026-07-28
// defines, title before 2025-06-18, tasks in a revision other than
// 2025-11-25…), info: its clients ignore such a member, and it says only
// that the server does not shape its answers by the revision; or, in a
// 2026-07-28 session, a list without the resultType, ttlMs or cacheScope
// that the revision requires, a warning: its clients read them (how to
// parse the result, how long to keep it and for whom). The message names
// the revisions whose shape it is. It is a finding of the revision, once per member and
// method, at the member's path in the first answer that has it (or lacks
// it). Members of tool and resource results are checked as each result is
// (field_not_in_revision).
const CodeRevisionMismatch Code = "revision_mismatch"

// revisionMembers are, for each type of the answers the session checks the
// shape of, the members that some revisions of the official schemas define
// and others do not, with the revisions that define them (members every
// revision defines, or none, are not listed). TestRevisionMembers compares
// it with the schemas.
var revisionMembers = map[string]map[string][]string{
	"Implementation": {
		"title":       {"2025-06-18", "2025-11-25", "2026-07-28"},
		"description": {"2025-11-25", "2026-07-28"},
		"icons":       {"2025-11-25", "2026-07-28"},
		"websiteUrl":  {"2025-11-25", "2026-07-28"},
	},
	"ServerCapabilities": {
		"completions": {"2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"},
		"tasks":       {"2025-11-25"},
		"extensions":  {"2026-07-28"},
	},
	"ListToolsResult": own2026,
	"Tool": {
		"title":        {"2025-06-18", "2025-11-25", "2026-07-28"},
		"_meta":        {"2025-06-18", "2025-11-25", "2026-07-28"},
		"annotations":  {"2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"},
		"outputSchema": {"2025-06-18", "2025-11-25", "2026-07-28"},
		"icons":        {"2025-11-25", "2026-07-28"},
		"execution":    {"2025-11-25"},
	},
	"ListResourcesResult": own2026,
	"Resource": {
		"title": {"2025-06-18", "2025-11-25", "2026-07-28"},
		"_meta": {"2025-06-18", "2025-11-25", "2026-07-28"},
		"icons": {"2025-11-25", "2026-07-28"},
	},
	// InitializeResult defines the same members in every revision that has
	// it (2026-07-28 has none: server/discover takes its place); the
	// members of a result that only 2026-07-28 defines, sent in answer to
	// initialize, are of that revision's shape.
	"InitializeResult": own2026,
}

// own2026 are the members of a result that only 2026-07-28 defines (and
// requires of a list).
var own2026 = map[string][]string{
	"resultType": {"2026-07-28"},
	"ttlMs":      {"2026-07-28"},
	"cacheScope": {"2026-07-28"},
}

// shapeWhat names the answers of each type of revisionMembers in a
// message.
var shapeWhat = map[string]string{
	"InitializeResult": "the result", "ListToolsResult": "the result", "ListResourcesResult": "the result",
	"Implementation": "serverInfo", "ServerCapabilities": "capabilities", "Tool": "a tool listed", "Resource": "a resource listed",
}

// requiredFrom2026 are the members that a 2026-07-28 list result requires
// and no earlier revision defines.
var requiredFrom2026 = []string{"cacheScope", "resultType", "ttlMs"}

// shapeLog gathers the revision_mismatch findings of a session, one per
// method and member.
type shapeLog struct {
	seen map[string]bool
	fs   []Finding
}

// look checks the members of obj, an answer of type typ (a key of
// revisionMembers) to method at path at, against revision rev.
func (l *shapeLog) look(rev, method, typ, at string, obj map[string]json.RawMessage) {
	names := make([]string, 0, len(obj))
	for name := range obj {
		names = append(names, name)
	}
	slices.Sort(names)
	what := shapeWhat[typ]
	for _, name := range names {
		revs, ok := revisionMembers[typ][name]
		if !ok || slices.Contains(revs, rev) {
			continue
		}
		l.add(Info, method+" "+typ+" "+name, pointer(at, name), method+": "+what+" has "+strconv.Quote(name)+
			", which revision "+rev+" does not define: the shape of "+revisionNames(revs))
	}
	if rev == "2026-07-28" && (typ == "ListToolsResult" || typ == "ListResourcesResult") {
		for _, name := range requiredFrom2026 {
			if _, ok := obj[name]; !ok {
				l.add(Warning, method+" "+typ+" "+name, pointer(at, name), method+": the result has no "+strconv.Quote(name)+
					", which revision 2026-07-28 requires: the shape of a revision before it")
			}
		}
	}
}

// add adds a finding, unless one of the same key was added.
func (l *shapeLog) add(sev Severity, key, path, msg string) {
	if l.seen == nil {
		l.seen = map[string]bool{}
	}
	if l.seen[key] {
		return
	}
	l.seen[key] = true
	l.fs = append(l.fs, Finding{Severity: sev, Code: CodeRevisionMismatch, Path: path, Message: msg})
}

// revisionNames says which revisions define a member: "revision
// 2025-11-25", "revisions 2025-06-18, 2025-11-25 and 2026-07-28".
func revisionNames(revs []string) string {
	if len(revs) == 1 {
		return "revision " + revs[0]
	}
	return "revisions " + strings.Join(revs[:len(revs)-1], ", ") + " and " + revs[len(revs)-1]
}

// lookItems checks each item of a list page (of type typ, under key).
func (l *shapeLog) lookItems(rev, method, typ, key string, items []json.RawMessage) {
	for i, raw := range items {
		var obj map[string]json.RawMessage
		if json.Unmarshal(raw, &obj) == nil {
			l.look(rev, method, typ, pointer("/"+key, i), obj)
		}
	}
}

// lookInitialize checks the answer to initialize: its members, its
// serverInfo's and its capabilities'.
func (l *shapeLog) lookInitialize(rev string, result []byte) {
	var obj map[string]json.RawMessage
	if json.Unmarshal(result, &obj) != nil {
		return
	}
	l.look(rev, "initialize", "InitializeResult", "", obj)
	for member, typ := range map[string]string{"serverInfo": "Implementation", "capabilities": "ServerCapabilities"} {
		var sub map[string]json.RawMessage
		if json.Unmarshal(obj[member], &sub) == nil {
			l.look(rev, "initialize", typ, "/"+member, sub)
		}
	}
}

// initialized checks the shape of the answer to the last initialize the
// session sent (none in a 2026-07-28 session).
func (s *session) initialized(sent *sentLog) {
	id, ok := sent.last("initialize")
	if !ok {
		return
	}
	if resp, ok := s.tap.take(id); ok && !resp.TooLarge && resp.Error == nil {
		s.shapes.lookInitialize(s.rev, resp.Result)
	}
}
