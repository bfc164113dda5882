package check

import (
	"reflect"
	"testing"
)

func TestLocated(t *testing.T) {
	f := func(c Code) Finding { return Finding{Severity: Warning, Code: c, Path: "/content/0"} }
	r := &Report{Revisions: []*RevisionReport{{
		Revision:  "2025-06-18",
		Findings:  []Finding{f(CodeTooManyTools)},
		Tools:     []*ToolReport{{Name: "forecast", Calls: []*CallReport{{}, {Findings: []Finding{f(CodeResultSize), f(CodeUnsafeInteger)}}}}},
		Resources: []*ResourceReport{{URI: "file:///a", Findings: []Finding{f(CodeMediaTypeUnknown)}}},
	}}}
	var got []FindingKey
	var calls []int
	for l := range r.located() {
		got = append(got, l.Key)
		if l.Call != nil {
			calls = append(calls, l.CallN)
		}
	}
	want := []FindingKey{
		{Revision: "2025-06-18", Code: CodeTooManyTools, Path: "/content/0"},
		{Revision: "2025-06-18", Tool: "forecast", Code: CodeResultSize, Path: "/content/0"},
		{Revision: "2025-06-18", Tool: "forecast", Code: CodeUnsafeInteger, Path: "/content/0"},
		{Revision: "2025-06-18", Resource: "file:///a", Code: CodeMediaTypeUnknown, Path: "/content/0"},
	}
	if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(calls, []int{1, 1}) {
		t.Errorf("located: %+v, calls %v", got, calls)
	}
	n := 0
	for range r.located() {
		n++
		break
	}
	if n != 1 {
		t.Errorf("located went on after break")
	}
}
