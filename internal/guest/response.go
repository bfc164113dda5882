package guest

import (
	"github.com/mcpresult/mcpresult/abi"
	"github.com/mcpresult/mcpresult/internal/codec"
	"github.com/mcpresult/mcpresult/internal/engine"
	"github.com/mcpresult/mcpresult/result"
)

// The writers of the responses (abi.Response lists their shapes; the
// error response is abi.AppendError).

// moduleInfo is the info of this build.
func moduleInfo() *abi.Info {
	return &abi.Info{
		Module: abi.ModuleVersion, ABI: abi.Version, ABIMinor: abi.Minor,
		ProtocolVersions: result.ProtocolVersions(), LatestProtocolVersion: result.LatestProtocolVersion,
	}
}

func appendKey(dst []byte, k string) []byte { return codec.AppendString(dst, k) }

// appendBuilt appends the response of a build: {ok: true, json: str,
// settings: {maxJsonBytes, maxNodes, maxDepth, canonicalization}}, and
// wire after them when the build also serialized (wire not nil): the
// string, or the abi.WireBuilt or abi.WireResultType that says it.
func appendBuilt(dst []byte, r *result.Result, wire []byte) []byte {
	n := 3
	if wire != nil {
		n = 4
	}
	dst = codec.AppendMapHeader(dst, n)
	dst = codec.AppendBool(appendKey(dst, "ok"), true)
	dst = codec.AppendStringBytes(appendKey(dst, "json"), r.JSON())
	dst = appendSettings(appendKey(dst, "settings"), r.Settings())
	if wire != nil {
		dst = appendKey(dst, "wire")
		j := r.JSON()
		rt := engine.ResultTypeMember
		switch {
		case string(wire) == string(j):
			dst = codec.AppendInt(dst, abi.WireBuilt)
		case len(j) > 1 && len(wire) == len(j)+len(rt) && wire[0] == '{' && string(wire[1:1+len(rt)]) == rt && string(wire[1+len(rt):]) == string(j[1:]):
			dst = codec.AppendInt(dst, abi.WireResultType)
		default:
			dst = codec.AppendStringBytes(dst, wire)
		}
	}
	return dst
}

// appendSettings appends the map Settings.AsValue is (the same bytes),
// written at once rather than through a Value.
func appendSettings(dst []byte, s result.Settings) []byte {
	if s.MaxJSONBytes == 0 || s.MaxNodes == 0 {
		return codec.AppendValue(dst, s.AsValue()) // defaults to fill in
	}
	dst = codec.AppendMapHeader(dst, 4)
	keys := [...]string{"maxJsonBytes", "maxNodes", "maxDepth"}
	ints := [...]int{s.MaxJSONBytes, s.MaxNodes, result.MaxDepth}
	for i, k := range keys {
		dst = codec.AppendInt(appendKey(dst, k), int64(ints[i]))
	}
	return codec.AppendString(appendKey(dst, "canonicalization"), s.Canonicalization.String())
}

// appendJSON appends {ok: true, json: str}.
func appendJSON(dst, json []byte) []byte {
	dst = codec.AppendMapHeader(dst, 2)
	dst = codec.AppendBool(appendKey(dst, "ok"), true)
	return codec.AppendStringBytes(appendKey(dst, "json"), json)
}

// appendOmitted appends {ok: true}: the answer of outputSchema for a
// revision that has no outputSchema.
func appendOmitted(dst []byte) []byte {
	return append(dst, 0x81, 0xa2, 'o', 'k', 0xc3) // fixmap 1, fixstr "ok", true
}

// appendReport appends {ok: true, valid, errors, warnings}.
func appendReport(dst []byte, r *result.Report) []byte {
	dst = codec.AppendMapHeader(dst, 4)
	dst = codec.AppendBool(appendKey(dst, "ok"), true)
	dst = codec.AppendBool(appendKey(dst, "valid"), r.Valid)
	dst = appendKey(dst, "errors")
	dst = codec.AppendArrayHeader(dst, len(r.Errors))
	for _, e := range r.Errors {
		dst = codec.AppendFinding(dst, e)
	}
	dst = appendKey(dst, "warnings")
	dst = codec.AppendArrayHeader(dst, len(r.Warnings))
	for _, e := range r.Warnings {
		dst = codec.AppendFinding(dst, e)
	}
	return dst
}

// appendInfo appends the info response.
func appendInfo(dst []byte, in *abi.Info) []byte {
	dst = codec.AppendMapHeader(dst, 7)
	dst = codec.AppendBool(appendKey(dst, "ok"), true)
	dst = codec.AppendString(appendKey(dst, "module"), in.Module)
	dst = codec.AppendInt(appendKey(dst, "abi"), int64(in.ABI))
	dst = codec.AppendInt(appendKey(dst, "abiMinor"), int64(in.ABIMinor))
	dst = codec.AppendArrayHeader(appendKey(dst, "protocolVersions"), len(in.ProtocolVersions))
	for _, v := range in.ProtocolVersions {
		dst = codec.AppendString(dst, v)
	}
	dst = codec.AppendString(appendKey(dst, "latestProtocolVersion"), in.LatestProtocolVersion)
	return codec.AppendValue(appendKey(dst, "settings"), in.Settings.AsValue())
}
