package abi

import (
	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/result"
)

// Handle answers one call of the ABI, as the module does: it reads the op's
// request, runs the op exactly as package result runs it natively, and
// writes the response. It is the module's dispatch, and the reference a
// host compares the module with. It never panics: a panic (a fault of the
// module, never of the request) is answered with the code internal, and the
// instance stays usable.
func Handle(op Op, req []byte) (resp []byte) {
	defer func() {
		if p := recover(); p != nil {
			resp = AppendError(nil, content.NewError(content.CodeInternal, "", "the module failed on this request (its own fault, not the request's)"))
		}
	}()
	// Nothing of the request outlives the call (the response is written
	// into a buffer of its own), so its strings share req's memory.
	var r Request
	if err := parseRequest(&r, op, req, true); err != nil {
		return errorResponse(err)
	}
	if r.Op == OpInfo {
		return AppendInfo(nil, ModuleInfo())
	}
	s, err := result.SettingsFromValue(r.Settings)
	if err != nil {
		return errorResponse(err)
	}
	switch r.Op {
	case OpBuild:
		res, err := result.Build(r.Kind, r.Input, result.BuildOptions{Settings: s, Inherit: r.Inherit})
		if err != nil {
			return errorResponse(err)
		}
		return AppendBuilt(make([]byte, 0, len(res.JSON())+96), res)
	case OpSerialize, OpOutputSchema:
		var out []byte
		if r.Op == OpSerialize {
			out, err = result.SerializeValue(s, r.Input, r.Options)
		} else {
			out, err = result.OutputSchemaValue(s, r.Input, r.Options)
		}
		if err != nil {
			return errorResponse(err)
		}
		if out == nil { // a revision without outputSchema
			return AppendOmitted(nil)
		}
		return AppendJSON(make([]byte, 0, len(out)+16), out)
	case OpValidate:
		rep, err := result.ValidateValue(s, r.Input, r.Options)
		if err != nil {
			return errorResponse(err)
		}
		return AppendReport(nil, rep)
	}
	return errorResponse(content.NewError(content.CodeUnknownOp, "", "unknown op"))
}

// errorResponse answers with the error of a call. Every error of the
// packages is a *content.Error (matched directly: errors.As would link
// reflection into the module).
func errorResponse(err error) []byte {
	e, ok := err.(*content.Error)
	if !ok {
		e = content.NewError(content.CodeInternal, "", "the module failed on this request (its own fault, not the request's)")
	}
	return AppendError(nil, e)
}
