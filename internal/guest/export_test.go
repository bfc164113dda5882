package guest

import (
	"github.com/mcpresult/mcpresult/abi"
	"github.com/mcpresult/mcpresult/internal/codec"
)

// ReadAllPacked makes every request's input decoded packed, however small,
// until the returned function is called.
func ReadAllPacked() (restore func()) {
	n := codec.TreeBelow
	codec.TreeBelow = 0
	return func() { codec.TreeBelow = n }
}

// FastBuild is the one pass alone: the response, or false where the
// general path answers.
var FastBuild = fastBuild

// FastSerialize is FastBuild for the serialize op.
var FastSerialize = fastSerialize

// GeneralHandle is Handle without the one pass: the general path alone.
func GeneralHandle(op abi.Op, req []byte) []byte {
	onePass = false
	defer func() { onePass = true }()
	return Handle(op, req)
}

// ParseRequest reads the request of an op as Handle reads it (not sharing
// data's memory), or gives the error Handle answers with.
func ParseRequest(op abi.Op, data []byte) (*abi.Request, error) {
	r := new(request)
	if err := parseRequest(r, op, data, false); err != nil {
		return nil, err
	}
	return &r.Request, nil
}

// The response writers.
var (
	AppendBuilt   = appendBuilt
	AppendJSON    = appendJSON
	AppendOmitted = appendOmitted
	AppendReport  = appendReport
	AppendInfo    = appendInfo
	ModuleInfo    = moduleInfo
)
