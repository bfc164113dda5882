package main

import (
	"github.com/mcpresult/mcpresult/abi"
	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/result"
)

// handle answers one call of the ABI: it reads the op's request, runs the
// op exactly as package result runs it natively, and writes the response.
// It never panics: a panic (a fault of the module, never of the request) is
// answered with the code internal, and the instance stays usable.
func handle(op int32, req []byte) (resp []byte) {
	defer func() {
		if p := recover(); p != nil {
			resp = abi.AppendError(nil, content.NewError(content.CodeInternal, "", "the module failed on this request (its own fault, not the request's)"))
		}
	}()
	r, err := abi.ParseRequest(abi.Op(op), req)
	if err != nil {
		return errorResponse(err)
	}
	if r.Op == abi.OpInfo {
		return abi.AppendInfo(nil, abi.ModuleInfo())
	}
	s, err := result.SettingsFromValue(r.Settings)
	if err != nil {
		return errorResponse(err)
	}
	switch r.Op {
	case abi.OpBuild:
		res, err := result.Build(r.Kind, r.Input, result.BuildOptions{Settings: s, Inherit: r.Inherit})
		if err != nil {
			return errorResponse(err)
		}
		return abi.AppendBuilt(make([]byte, 0, len(res.JSON())+96), res)
	case abi.OpSerialize:
		out, err := result.SerializeValue(s, r.Input, r.Options)
		if err != nil {
			return errorResponse(err)
		}
		return abi.AppendJSON(make([]byte, 0, len(out)+16), out)
	case abi.OpValidate:
		rep, err := result.ValidateValue(s, r.Input, r.Options)
		if err != nil {
			return errorResponse(err)
		}
		return abi.AppendReport(nil, rep)
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
	return abi.AppendError(nil, e)
}
