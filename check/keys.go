package check

import "iter"

// FindingKey says where a finding was found in words that stay the same
// from one run to the next: the revision, the tool or the resource, the
// finding's code and its path. It holds no timing, no argument and no
// position in a list, so that a finding of today's run has the key it had
// yesterday if the server still gives it. A finding about the revision's
// session has neither Tool nor Resource.
type FindingKey struct {
	Revision string `json:"revision"`
	Tool     string `json:"tool,omitempty"`
	Resource string `json:"resource,omitempty"`
	Code     Code   `json:"code"`
	Path     string `json:"path"`
}

// located is one finding of a report with what it was found in: the
// revision, and the call (with its tool and its place among the tool's
// calls) or the read, or neither for a finding of the revision's session.
type located struct {
	Key      FindingKey
	Finding  Finding
	Revision *RevisionReport
	Tool     *ToolReport     // nil unless the finding is a call's
	Call     *CallReport     // nil unless the finding is a call's
	CallN    int             // the call's place among the tool's calls, from 0
	Resource *ResourceReport // nil unless the finding is a read's
}

// located yields every finding of the report in the report's order:
// revisions oldest first, in each the revision's own findings, then the
// tools' calls, then the resources' reads.
func (r *Report) located() iter.Seq[located] {
	return func(yield func(located) bool) {
		for _, rr := range r.Revisions {
			for _, f := range rr.Findings {
				if !yield(located{Key: FindingKey{Revision: rr.Revision, Code: f.Code, Path: f.Path}, Finding: f, Revision: rr}) {
					return
				}
			}
			for _, tr := range rr.Tools {
				for n, c := range tr.Calls {
					for _, f := range c.Findings {
						l := located{Key: FindingKey{Revision: rr.Revision, Tool: tr.Name, Code: f.Code, Path: f.Path},
							Finding: f, Revision: rr, Tool: tr, Call: c, CallN: n}
						if !yield(l) {
							return
						}
					}
				}
			}
			for _, res := range rr.Resources {
				for _, f := range res.Findings {
					l := located{Key: FindingKey{Revision: rr.Revision, Resource: res.URI, Code: f.Code, Path: f.Path},
						Finding: f, Revision: rr, Resource: res}
					if !yield(l) {
						return
					}
				}
			}
		}
	}
}
