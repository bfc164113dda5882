package engine

import (
	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/contentlink"
	"github.com/mcpresult/mcpresult/internal/gokind"
	"github.com/mcpresult/mcpresult/internal/packed"
)

// MaxDepth is the deepest nesting of objects and arrays a result may have,
// the result object itself being level 1 (result.MaxDepth).
const MaxDepth = 64

// How the checks read a request's input held packed (see internal/packed;
// content sets these when it is initialized, before this package).
var (
	isPacked = packed.IsPacked.(func(content.Value) bool)
	jsonView = packed.JSONView.(func(content.Value) content.Value)
)

// kindExt is the kind of a MessagePack extension value (see contentlink).
const kindExt = contentlink.KindExt

// IsString reports whether v is a string as given: a KindString value, or a
// Go value of a string type (not a marshaler). Ordinary values use it to
// tell a string, written verbatim, from a value that becomes a string only
// through canonicalization (bytes, timestamps), which is written as JSON.
func IsString(v content.Value) bool {
	switch v.Kind() {
	case content.KindString:
		return true
	case content.KindGo:
		return gokind.IsString(v.Go())
	}
	return false
}
