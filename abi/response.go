package abi

import (
	"errors"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/codec"
	"github.com/mcpresult/mcpresult/internal/engine"
	"github.com/mcpresult/mcpresult/result"
)

// Response is what an op answers, as a MessagePack map whose first key is
// ok:
//
//	{ok: false, error: {code, path, message}}      any op
//	{ok: true, json: str, settings: {…}}           build (the settings the result was built with)
//	{ok: true, json: str, settings: {…}, wire: str|1|2}  build with serialize options (since minor version 2; 1: wire is json, 2: json with resultType first)
//	{…, refs: [at, in, pointer, …]}               build with refs, when a string is answered by reference (since minor version 3)
//	{ok: true, json: str}                          serialize; outputSchema
//	{ok: true}                                     outputSchema for a revision without outputSchema
//	{ok: true, valid, errors: [...], warnings: [...]}  validate (findings as {code, path, message})
//	{ok: true, module, abi, abiMinor, protocolVersions, latestProtocolVersion, settings}  info
type Response struct {
	OK  bool
	Err *content.Error // when !OK

	// JSON is the result's JSON (build, serialize) or the schema's
	// (outputSchema); nil for an outputSchema the revision does not have.
	JSON []byte

	// Settings (build) are the settings the result was built with: the
	// request's, with the call's own maxJsonBytes and canonicalization.
	Settings result.Settings

	// Wire (build with serialize options) is the built result written
	// with them, as serialize writes it (made from JSON when the module
	// answers WireBuilt or WireResultType).
	Wire []byte

	// Refs (build with refs) are the strings of the request that JSON
	// (and Wire, when it is made from JSON) holds by reference: each is
	// "" in JSON, at the place Ref says. Resolve writes them in.
	Refs []Ref
	// wireAs is WireBuilt or WireResultType when Wire is made from JSON.
	wireAs int64

	Report *result.Report // validate

	Info *Info // info
}

// The wire of a build response that says its JSON rather than writes it
// again (the module's one pass, when the revision changes nothing of the
// built result but the resultType a finalize writes first):
const (
	WireBuilt      = 1 // the built JSON
	WireResultType = 2 // the built JSON with resultType first
)

// resultTypeMember is the member WireResultType puts first.
const resultTypeMember = `"resultType":"complete",`

// Ref is a string of a build's request that the module answered by
// reference (a build with refs, since minor version 3): rather than write
// a long string of the input again, the built JSON has an empty string ""
// in its place, and the response's refs say, for each such string, where
// it is in the request and where it goes. A host in a language of its own
// strings (JavaScript) then parses the short JSON and puts its caller's
// own string in place, instead of decoding and parsing it again; the
// module has checked it, and counted its JSON against the budget, as if
// it had written it. The response key refs is a flat array of three
// values a string: At, In and Pointer.
type Ref struct {
	// At is where the string's MessagePack (its header) starts in the
	// request.
	At int
	// In is where its placeholder "" starts in the built JSON.
	In int
	// Pointer is the JSON Pointer of the string in the built result.
	Pointer string
}

// Resolve writes the strings the response holds by reference (Refs) into
// JSON, and into Wire when the module answered it as JSON (WireBuilt,
// WireResultType), from the request req they were sent in, escaped as the
// module writes strings: the response is then what a build without refs
// answers. A ref that req or JSON does not bear out is ErrMalformed.
func (r *Response) Resolve(req []byte) error {
	if len(r.Refs) == 0 {
		return nil
	}
	out := make([]byte, 0, len(r.JSON))
	last := 0
	for _, ref := range r.Refs {
		d := codec.NewReader(req, ref.At)
		v := d.Value(1)
		if d.Err != nil || v.Kind() != content.KindString || ref.In < last || ref.In+2 > len(r.JSON) || string(r.JSON[ref.In:ref.In+2]) != `""` {
			return malformed()
		}
		var err error
		out = append(out, r.JSON[last:ref.In]...)
		if out, err = engine.AppendJSON(out, v, content.Wire); err != nil {
			return malformed()
		}
		last = ref.In + 2
	}
	r.JSON, r.Refs = append(out, r.JSON[last:]...), nil
	if r.wireAs != 0 {
		r.Wire = wireOf(r.wireAs, r.JSON)
	}
	return nil
}

// wireOf is the wire JSON that WireBuilt or WireResultType says.
func wireOf(as int64, json []byte) []byte {
	if as == WireBuilt {
		return json
	}
	return append(append([]byte("{"), resultTypeMember...), json[1:]...)
}

// Info is what the info op reports.
type Info struct {
	Module                string   // the library version the module is built from
	ABI, ABIMinor         int      // Version and Minor
	ProtocolVersions      []string // oldest first
	LatestProtocolVersion string
	Settings              result.Settings // the defaults
}

// AppendError appends {ok: false, error: {code, path, message}}: the
// response of a failed call, which a host also answers itself with (a
// request larger than MaxRequest is max_bytes, without a call).
func AppendError(dst []byte, e *content.Error) []byte {
	dst = codec.AppendMapHeader(dst, 2)
	dst = codec.AppendBool(codec.AppendString(dst, "ok"), false)
	return codec.AppendFinding(codec.AppendString(dst, "error"), e)
}

// IsCallError reports whether code is an error of a call itself (its
// options or protocol version) rather than of the value it was given:
// serialize, validate and outputSchema report such an error before any
// fault of the value, the budget's included, and a host that converts a
// value before the call must do the same.
func IsCallError(code content.Code) bool {
	switch code {
	case content.CodeInvalidOption, content.CodeUnknownOption, content.CodeDuplicateOption, content.CodeUnsupportedProtocolVersion:
		return true
	}
	return false
}

// ParseResponse reads a response (for a host). A response that is not of
// the op's shape is an error of the host's own (not a *content.Error): the
// module and the host disagree about the ABI.
func ParseResponse(op Op, data []byte) (*Response, error) {
	v, err := codec.Decode(data, codec.DecodeOptions{})
	if err != nil {
		return nil, malformed()
	}
	ok, has := v.Get("ok")
	if v.Kind() != content.KindObject || !has || ok.Kind() != content.KindBool {
		return nil, malformed()
	}
	r := &Response{OK: ok.Bool()}
	if !r.OK {
		e, ok := finding(get(v, "error"))
		if !ok {
			return nil, malformed()
		}
		r.Err = e
		return r, nil
	}
	switch op {
	case OpBuild, OpSerialize, OpOutputSchema:
		j, has := v.Get("json")
		if op == OpOutputSchema && !has {
			break // the revision has no outputSchema
		}
		if j.Kind() != content.KindString {
			return nil, malformed()
		}
		r.JSON = []byte(j.Str())
		if op == OpBuild {
			s, ok := settingsOf(get(v, "settings"))
			if !ok {
				return nil, malformed()
			}
			r.Settings = s
			if w, has := v.Get("wire"); has {
				switch {
				case w.Kind() == content.KindString:
					r.Wire = []byte(w.Str())
				case w.Kind() == content.KindInt && (w.Int() == WireBuilt || w.Int() == WireResultType && len(r.JSON) > 1):
					r.wireAs = w.Int()
					r.Wire = wireOf(r.wireAs, r.JSON)
				default:
					return nil, malformed()
				}
			}
			if refs, has := v.Get("refs"); has {
				if r.Refs, ok = refsOf(refs); !ok {
					return nil, malformed()
				}
			}
		}
	case OpValidate:
		valid := get(v, "valid")
		errs, ok1 := findings(get(v, "errors"))
		warns, ok2 := findings(get(v, "warnings"))
		if valid.Kind() != content.KindBool || !ok1 || !ok2 {
			return nil, malformed()
		}
		r.Report = &result.Report{Valid: valid.Bool(), Errors: errs, Warnings: warns}
	case OpInfo:
		in := &Info{}
		m, a, am, pv, lp := get(v, "module"), get(v, "abi"), get(v, "abiMinor"), get(v, "protocolVersions"), get(v, "latestProtocolVersion")
		if m.Kind() != content.KindString || a.Kind() != content.KindInt || am.Kind() != content.KindInt ||
			pv.Kind() != content.KindArray || lp.Kind() != content.KindString {
			return nil, malformed()
		}
		in.Module, in.ABI, in.ABIMinor, in.LatestProtocolVersion = m.Str(), int(a.Int()), int(am.Int()), lp.Str()
		for i := 0; i < pv.Len(); i++ {
			if pv.Index(i).Kind() != content.KindString {
				return nil, malformed()
			}
			in.ProtocolVersions = append(in.ProtocolVersions, pv.Index(i).Str())
		}
		s, ok := settingsOf(get(v, "settings"))
		if !ok {
			return nil, malformed()
		}
		in.Settings = s
		r.Info = in
	}
	return r, nil
}

// refsOf reads the refs of a build response: At, In and Pointer of each,
// in the order of their places in the JSON.
func refsOf(v content.Value) ([]Ref, bool) {
	if v.Kind() != content.KindArray || v.Len() == 0 || v.Len()%3 != 0 {
		return nil, false
	}
	out := make([]Ref, v.Len()/3)
	for i := range out {
		at, in, ptr := v.Index(3*i), v.Index(3*i+1), v.Index(3*i+2)
		if at.Kind() != content.KindInt || in.Kind() != content.KindInt || ptr.Kind() != content.KindString || at.Int() < 0 || in.Int() < 0 {
			return nil, false
		}
		out[i] = Ref{At: int(at.Int()), In: int(in.Int()), Pointer: ptr.Str()}
	}
	return out, true
}

// settingsOf reads the settings map a response must carry (absent is not
// the defaults: it is another ABI).
func settingsOf(v content.Value) (result.Settings, bool) {
	if v.Kind() != content.KindObject {
		return result.Settings{}, false
	}
	s, err := settingsFromValue(v)
	return s, err == nil
}

func get(v content.Value, k string) content.Value {
	x, _ := v.Get(k)
	return x
}

func finding(v content.Value) (*content.Error, bool) {
	code, path, msg := get(v, "code"), get(v, "path"), get(v, "message")
	if v.Kind() != content.KindObject || code.Kind() != content.KindString || path.Kind() != content.KindString || msg.Kind() != content.KindString {
		return nil, false
	}
	return &content.Error{Code: content.Code(code.Str()), Path: path.Str(), Message: msg.Str()}, true
}

func findings(v content.Value) ([]*content.Error, bool) {
	if v.Kind() != content.KindArray {
		return nil, false
	}
	out := make([]*content.Error, v.Len())
	for i := range out {
		e, ok := finding(v.Index(i))
		if !ok {
			return nil, false
		}
		out[i] = e
	}
	return out, true
}

// ErrMalformed is the host's own error (not a result's): the module and the
// host disagree about the ABI.
var ErrMalformed = errors.New("mcpresult/abi: the module's response is not of the ABI's shape (a module of another ABI version?)")

func malformed() error { return ErrMalformed }
