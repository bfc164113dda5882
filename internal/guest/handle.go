package guest

import (
	"github.com/mcpresult/mcpresult/abi"
	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/codec"
	"github.com/mcpresult/mcpresult/internal/engine"
	"github.com/mcpresult/mcpresult/internal/resultlink"
	"github.com/mcpresult/mcpresult/result"
)

// Handle answers one call of the ABI, as the module does: it reads the op's
// request, runs the op exactly as package result runs it natively, and
// writes the response. It is the module's dispatch, and the reference a
// host compares the module with. It never panics: a panic (a fault of the
// module, never of the request) is answered with the code internal, and the
// instance stays usable.
func Handle(op abi.Op, req []byte) (resp []byte) {
	defer func() {
		if p := recover(); p != nil {
			resp = abi.AppendError(nil, content.NewError(content.CodeInternal, "", "the module failed on this request (its own fault, not the request's)"))
		}
	}()
	if onePass {
		var resp []byte
		ok := false
		switch op {
		case abi.OpBuild:
			resp, ok = fastBuild(req)
		case abi.OpSerialize:
			resp, ok = fastSerialize(req)
		}
		if ok {
			return resp
		}
	}
	// Nothing of the request outlives the call (the response is written
	// into a buffer of its own), so its strings share req's memory.
	var r request
	if err := parseRequest(&r, op, req, true); err != nil {
		return errorResponse(err)
	}
	if r.Op == abi.OpInfo {
		return appendInfo(nil, moduleInfo())
	}
	if r.settingsErr != nil {
		return errorResponse(r.settingsErr)
	}
	s := r.settings
	var err error
	switch r.Op {
	case abi.OpBuild:
		if engine.IsAppKind(r.Kind) {
			return appBuilt(&r)
		}
		res, err := result.Build(r.Kind, r.Input, result.BuildOptions{Settings: s, Inherit: r.Inherit})
		if err != nil {
			return errorResponse(err)
		}
		if r.Options.Kind() == content.KindNull {
			return appendBuilt(make([]byte, 0, len(res.JSON())+96), res, nil)
		}
		wire, err := serializeBuilt(res, r.Options)
		if err != nil {
			return errorResponse(err)
		}
		return appendBuilt(make([]byte, 0, len(res.JSON())+len(wire)+104), res, wire)
	case abi.OpSerialize, abi.OpOutputSchema:
		var out []byte
		if r.Op == abi.OpSerialize {
			out, err = serializeValue(s, r.Input, r.Options)
		} else {
			out, err = outputSchemaValue(s, r.Input, r.Options)
		}
		if r.over != nil && (err == nil || !callError(err)) {
			err = r.over // the input past the budget, once the options are right
		}
		if err != nil {
			return errorResponse(err)
		}
		if out == nil { // a revision without outputSchema
			return appendOmitted(nil)
		}
		return appendJSON(make([]byte, 0, len(out)+16), out)
	case abi.OpValidate:
		rep, err := validateValue(s, r.Input, r.Options)
		if err != nil {
			return errorResponse(err)
		}
		if r.cut {
			rep = cutReport(rep, r.cutPath, r.over)
		}
		return appendReport(nil, rep)
	}
	return errorResponse(content.NewError(content.CodeUnknownOp, "", "unknown op"))
}

// appBuilt answers a build of an MCP Apps kind (since minor version 4):
// {ok, json, settings}, as a build of a result answers, json the object
// built. Such a build has no result to serialize (serialize is
// invalid_request) and inherits nothing (the settings give its byte
// budget; inherit changes nothing).
func appBuilt(r *request) []byte {
	if r.Options.Kind() != content.KindNull {
		return errorResponse(content.NewError(content.CodeInvalidRequest, "/serialize", "an app build has no result to serialize"))
	}
	s := r.settings
	if s.MaxJSONBytes == 0 {
		s.MaxJSONBytes = engine.AppPageMaxJSONBytes
	}
	j, err := engine.AppJSON(r.Kind, r.Input, s.MaxJSONBytes)
	if err != nil {
		return errorResponse(err)
	}
	dst := codec.AppendMapHeader(make([]byte, 0, len(j)+96), 3)
	dst = codec.AppendBool(appendKey(dst, "ok"), true)
	dst = codec.AppendStringBytes(appendKey(dst, "json"), j)
	return appendSettings(appendKey(dst, "settings"), s)
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

// callError reports whether err is an error of the call itself (see
// abi.IsCallError).
func callError(err error) bool {
	e, ok := err.(*content.Error)
	return ok && abi.IsCallError(e.Code)
}

// cutReport is the report of a value read only as far as the budget allows
// (see parseRequest): the budget's error at "", and the findings of what
// was read, except those that say something is missing from a container
// that was not read to its end, which only the unread part could answer.
func cutReport(rep *result.Report, cutPath string, over *content.Error) *result.Report {
	out := &result.Report{}
	budget := false
	for _, e := range rep.Errors {
		switch {
		case e.Code == content.CodeMaxNodes || e.Code == content.CodeMaxBytes || e.Code == content.CodeMaxDepth:
			budget = budget || e.Path == ""
		case absence(e.Code) && unfinished(e.Path, cutPath):
			continue
		}
		out.Errors = append(out.Errors, e)
	}
	for _, e := range rep.Warnings {
		if absence(e.Code) && unfinished(e.Path, cutPath) {
			continue
		}
		out.Warnings = append(out.Warnings, e)
	}
	if !budget {
		out.Errors = append([]*content.Error{over}, out.Errors...)
		if len(out.Errors) > resultlink.MaxFindings {
			out.Errors = out.Errors[:resultlink.MaxFindings]
		}
	}
	out.Valid = false
	return out
}

// absence reports the codes of a finding about something missing.
func absence(c content.Code) bool {
	switch c {
	case content.CodeMissingField, content.CodeContentRequired, content.CodeEmptyContent, content.CodeMissingTextFallback:
		return true
	}
	return false
}

// unfinished reports whether the finding at path is about a container the
// read stopped in (cut) or one of its ancestors, or about one of their
// members.
func unfinished(path, cut string) bool {
	parent := path
	for i := len(path) - 1; i >= 0; i-- {
		if path[i] == '/' {
			parent = path[:i]
			break
		}
	}
	return within(path, cut) || within(parent, cut)
}

// within reports whether p is cut or an ancestor of it.
func within(p, cut string) bool {
	return p == cut || len(cut) > len(p) && cut[len(p)] == '/' && cut[:len(p)] == p
}
