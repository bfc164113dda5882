package content_test

import (
	"encoding/json"
	"errors"
	"testing"
	"unicode/utf8"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/engine"
)

// FuzzParseJSON checks ParseJSON against encoding/json: both accept the same
// texts, and what ParseJSON reads writes back as JSON that encoding/json
// accepts too (when its strings are valid UTF-8).
func FuzzParseJSON(f *testing.F) {
	for _, s := range []string{`{"a":[1,2.5,-0,1e21,"x\u0001",true,null]}`, `"\ud800"`, `[{"k":{}},[]]`, `1E+2`, `"\u00e9\t"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := content.ParseJSON(data)
		if (err == nil) != json.Valid(data) {
			if e := asError(err); e != nil && e.Code == content.CodeMaxDepth {
				return // nesting beyond MaxParseDepth is refused on purpose
			}
			t.Fatalf("ParseJSON error %v, json.Valid %v, for %q", err, json.Valid(data), data)
		}
		if err != nil {
			return
		}
		out, werr := engine.AppendJSON(nil, v, content.Wire)
		if werr != nil {
			// Only invalid UTF-8, a lone surrogate or a non-finite literal
			// (1e999) cannot be written back.
			if e := asError(werr); e.Code != content.CodeInvalidUTF8 && e.Code != content.CodeNonFiniteNumber {
				t.Fatalf("write back: %v", werr)
			}
			return
		}
		if !json.Valid(out) || !utf8.Valid(out) {
			t.Fatalf("wrote invalid JSON %q from %q", out, data)
		}
	})
}

// asError returns the *content.Error in err's chain, or nil.
func asError(err error) *content.Error {
	var e *content.Error
	if errors.As(err, &e) {
		return e
	}
	return nil
}
