package check

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
)

// Call is one tools/call to make.
type Call struct {
	// Arguments is the arguments object, sent as it is.
	Arguments json.RawMessage
	// Valid says whether the arguments conform to the tool's inputSchema
	// (false marks arguments that are wrong on purpose, to see how the
	// server answers them).
	Valid bool
	// Note is the calls file's note about the call, shown in the report.
	Note string
}

// ParseCalls reads a calls file: a JSON object whose members are tool names,
// each an array of calls to make, in order:
//
//	{
//	  "forecast": [
//	    {"arguments": {"city": "Paris", "days": 2}},
//	    {"arguments": {"city": "Paris", "days": 0}, "valid": false, "note": "days below its minimum"}
//	  ],
//	  "export": []
//	}
//
// A call has "arguments" (a JSON object, sent as it is; {} when left out),
// "valid" (false for arguments that do not conform to the tool's
// inputSchema on purpose; true when left out) and "note" (a string shown in
// the report). No other member is allowed, nor a tool named twice. A tool
// the file names with an empty list is not called; a tool it does not name
// is called once, with arguments generated from its inputSchema.
func ParseCalls(data []byte) (map[string][]Call, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, errors.New("a calls file is a JSON object whose members are tool names")
	}
	calls := map[string][]Call{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, errors.New("a calls file is a JSON object whose members are tool names: " + err.Error())
		}
		name := tok.(string)
		if _, dup := calls[name]; dup {
			return nil, errors.New("tool " + strconv.Quote(name) + " is named twice")
		}
		var entries []json.RawMessage
		if err := dec.Decode(&entries); err != nil || entries == nil {
			return nil, errors.New("tool " + strconv.Quote(name) + ": the calls are an array of objects")
		}
		list := make([]Call, 0, len(entries))
		for i, e := range entries {
			c, err := parseCall(e)
			if err != nil {
				return nil, fmt.Errorf("tool %q, call %d: %v", name, i+1, err)
			}
			list = append(list, c)
		}
		calls[name] = list
	}
	if _, err := dec.Token(); err != nil {
		return nil, errors.New("a calls file is a JSON object whose members are tool names: " + err.Error())
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("a calls file holds one JSON object, and nothing after it")
	}
	return calls, nil
}

func parseCall(raw json.RawMessage) (Call, error) {
	var members map[string]json.RawMessage
	if json.Unmarshal(raw, &members) != nil || members == nil {
		return Call{}, errors.New("a call is an object with arguments, valid and note")
	}
	c := Call{Arguments: json.RawMessage(`{}`), Valid: true}
	names := make([]string, 0, len(members))
	for k := range members {
		names = append(names, k)
	}
	slices.Sort(names)
	for _, k := range names {
		v := members[k]
		switch k {
		case "arguments":
			if !isJSONObject(v) {
				return Call{}, errors.New("arguments is a JSON object")
			}
			var b bytes.Buffer
			if err := json.Compact(&b, v); err != nil {
				return Call{}, errors.New("arguments is a JSON object")
			}
			c.Arguments = b.Bytes()
		case "valid":
			if json.Unmarshal(v, &c.Valid) != nil {
				return Call{}, errors.New("valid is true or false")
			}
		case "note":
			if json.Unmarshal(v, &c.Note) != nil {
				return Call{}, errors.New("note is a string")
			}
		default:
			return Call{}, errors.New("unknown member " + strconv.Quote(k) + " (a call has arguments, valid and note)")
		}
	}
	return c, nil
}

func isJSONObject(raw json.RawMessage) bool {
	t := bytes.TrimSpace(raw)
	return len(t) > 0 && t[0] == '{' && json.Valid(t)
}
