package result

import (
	"slices"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/contentlink"
	"github.com/mcpresult/mcpresult/internal/engine"
	"github.com/mcpresult/mcpresult/internal/revision"
)

// resultCheck checks a result as it is on the wire (wire names: _meta, not
// meta). For Validate (lenient) it reads the result as a client of the
// revision does, with warnings for what the schema accepts; for
// serializeValue it checks a value as a built result: every field known,
// no protocol-owned field, the first error stops it.
type resultCheck struct {
	c       *engine.Checker
	rev     revision.Revision
	kind    string
	wire    bool // stage wire: protocol-owned fields are legitimate where the revision defines them
	lenient bool
}

// result checks v and returns it as a built result is (wire order, isError
// written, an empty _meta left out); the value is only meant for
// serializeValue, which has stopped at any error.
func (w *resultCheck) result(v content.Value) content.Value {
	c := w.c
	if v.Kind() != content.KindObject {
		c.Fail(content.CodeInvalidType, "a result must be an object")
		return v
	}
	known := resultFields(w.kind)
	if !c.Keys(v, known, "", content.CodeDuplicateKey, "a result") {
		return v
	}
	// resultType, ttlMs and cacheScope are the protocol's, also where no
	// revision defines them (ttlMs on a tool result).
	isOwned := func(k string) bool { return slices.Contains(protocolOwned, k) }
	// Fields no revision defines: the schemas allow them (clients ignore
	// them), but a built result never has them.
	for i := 0; i < v.Len() && !c.Halted(); i++ {
		m := v.Member(i)
		k := m.Key.Str()
		if m.Key.Kind() != content.KindString || slices.Contains(known, k) || isOwned(k) {
			continue
		}
		c.Key(k)
		if w.lenient {
			c.Warn(content.CodeUnknownField, "a field MCP does not define for this result; clients ignore it")
			c.Free(m.Value, 2)
		} else {
			c.Fail(content.CodeUnknownField, "a field MCP does not define for this result")
		}
		c.Pop()
	}
	for _, k := range protocolOwned {
		x, present := v.Get(k)
		if !present && !slices.Contains(known, k) {
			continue
		}
		c.Key(k)
		w.owned(k, x, present)
		c.Pop()
	}
	if c.Halted() {
		return v
	}
	var out []content.Value
	if w.kind == KindResource {
		out = w.resource(v)
	} else {
		out = w.tool(v)
	}
	if mv, ok := v.Get("_meta"); ok && !c.Halted() {
		c.Key("_meta")
		m := w.meta(mv)
		c.Pop()
		if m.Kind() == content.KindObject && m.Len() > 0 {
			out = append(out, content.NewString("_meta"), m)
		}
	}
	return contentlink.ObjectItems(out)
}

// owned checks a protocol-owned field (resultType, ttlMs, cacheScope); the
// checker's path is at it.
func (w *resultCheck) owned(k string, x content.Value, present bool) {
	c := w.c
	switch {
	case !w.wire:
		if present {
			c.Fail(content.CodeProtocolOwnedField, "\""+k+"\" is added when the result is serialized for the wire, never by a handler")
		}
	case !slices.Contains(resultFields(w.kind), k):
		c.Warn(content.CodeUnknownField, "MCP does not define \""+k+"\" for this result; clients ignore it")
	case !w.rev.Defines(resultObject(w.kind), k):
		if present {
			c.Warn(content.CodeFieldNotInRevision, "protocol revision "+w.rev.String()+" does not define \""+k+"\"; its clients ignore it")
		}
	case !present:
		c.Fail(content.CodeMissingField, "protocol revision "+w.rev.String()+" requires \""+k+"\" on the wire")
	case k == "resultType":
		if x.Kind() != content.KindString {
			c.Fail(content.CodeInvalidType, "resultType must be a string")
		} else if x.Str() != "complete" {
			c.Fail(content.CodeInvalidValue, "the resultType of a complete result is \"complete\"")
		}
	case k == "ttlMs":
		if !x.IsNumber() {
			c.Fail(content.CodeInvalidType, "ttlMs must be an integer")
		} else if _, ok := checkTTL(x); !ok {
			c.Fail(content.CodeInvalidValue, msgTTL)
		}
	case k == "cacheScope":
		if x.Kind() != content.KindString {
			c.Fail(content.CodeInvalidType, "cacheScope must be a string")
		} else if !checkCacheScope(x.Str()) {
			c.Fail(content.CodeInvalidValue, msgCacheScope)
		}
	}
}

func (w *resultCheck) tool(v content.Value) []content.Value {
	c := w.c
	var out []content.Value
	cv, hasContent := v.Get("content")
	c.Key("content")
	hasText := false
	switch {
	case !hasContent:
		c.Fail(content.CodeMissingField, "a tool result needs content (a list of blocks)")
	case cv.Kind() != content.KindArray:
		c.Fail(content.CodeInvalidType, "content must be an array of content blocks")
	case cv.Len() == 0 && w.lenient:
		c.Warn(content.CodeEmptyContent, "an empty content list: clients that read only content see nothing")
	case cv.Len() == 0:
		c.Fail(content.CodeContentRequired, "an empty content list is not a tool result")
	default:
		items := make([]content.Value, cv.Len())
		for i := range items {
			b := cv.Index(i)
			c.Index(i)
			items[i] = c.Block(b, 3)
			c.Pop()
			if t, _ := b.Get("type"); t.Kind() == content.KindString && t.Str() == "text" {
				hasText = true
			}
		}
		out = append(out, content.NewString("content"), content.NewArray(items...))
	}
	c.Pop()
	if sc, ok := v.Get("structuredContent"); ok {
		c.Key("structuredContent")
		switch {
		case !w.rev.Defines(resultObject(w.kind), "structuredContent"):
			c.Warn(content.CodeFieldNotInRevision, "protocol revision "+w.rev.String()+" does not define structuredContent; its clients see only content")
		case !w.rev.StructuredAnyValue() && sc.Kind() != content.KindObject:
			c.Fail(content.CodeInvalidType, "structuredContent must be an object in protocol revision "+w.rev.String())
		default:
			out = append(out, content.NewString("structuredContent"), c.Free(sc, 2))
			if w.lenient && cv.Kind() == content.KindArray && !hasText {
				c.Warn(content.CodeMissingTextFallback, "structured content without a text block: clients that read only content see nothing of it")
			}
		}
		c.Pop()
	}
	isError := content.NewBool(false)
	if x, ok := v.Get("isError"); ok {
		if x.Kind() != content.KindBool {
			c.Key("isError")
			c.Fail(content.CodeInvalidType, "isError must be a boolean")
			c.Pop()
		}
		isError = x
	}
	return append(out, content.NewString("isError"), isError)
}

func (w *resultCheck) resource(v content.Value) []content.Value {
	c := w.c
	var out []content.Value
	cv, ok := v.Get("contents")
	c.Key("contents")
	switch {
	case !ok:
		c.Fail(content.CodeMissingField, "a resource result needs contents (a list)")
	case cv.Kind() != content.KindArray:
		c.Fail(content.CodeInvalidType, "contents must be an array of resource contents")
	default:
		items := make([]content.Value, cv.Len())
		for i := range items {
			c.Index(i)
			items[i] = c.Contents(cv.Index(i), 3)
			c.Pop()
		}
		out = append(out, content.NewString("contents"), content.NewArray(items...))
	}
	c.Pop()
	return out
}

// meta checks the result's _meta; the checker's path is at it.
func (w *resultCheck) meta(mv content.Value) content.Value {
	keys := buildMetaKeys
	if w.lenient {
		keys = metaKeys(w.rev, w.wire)
	}
	m := w.c.Meta(mv, 2, keys)
	checkReservedMeta(w.c, m, keys)
	return m
}

// checkReservedMeta checks the values of the reserved _meta keys that MCP
// defines and keys allows: serverInfo (an Implementation: name, version,
// title, description, websiteUrl, icons) and related-task {taskId}. The
// checker's path is at the _meta object.
func checkReservedMeta(c *engine.Checker, m content.Value, keys engine.MetaKeys) {
	if keys.Allows(serverInfoKey) {
		if si, ok := m.Get(serverInfoKey); ok {
			c.Key(serverInfoKey)
			c.Implementation(si, 3)
			c.Pop()
		}
	}
	if keys.Allows(relatedTaskKey) {
		if rt, ok := m.Get(relatedTaskKey); ok {
			stringFields(c, rt, relatedTaskKey, "taskId")
		}
	}
}

// stringFields checks a reserved _meta value that MCP defines as an object
// with required string members (the related task's taskId): not an object
// invalid_type, a member missing missing_field, not a string invalid_type.
func stringFields(c *engine.Checker, v content.Value, key string, names ...string) {
	c.Key(key)
	defer c.Pop()
	if v.Kind() != content.KindObject {
		c.Fail(content.CodeInvalidType, "must be an object")
		return
	}
	for _, n := range names {
		x, ok := v.Get(n)
		c.Key(n)
		switch {
		case !ok:
			c.Fail(content.CodeMissingField, "required")
		case x.Kind() != content.KindString:
			c.Fail(content.CodeInvalidType, "must be a string")
		}
		c.Pop()
	}
}
