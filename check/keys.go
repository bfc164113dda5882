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
// tools' calls, then the resources' reads. The findings of an MCP Apps
// page (RevisionReport.Apps) follow those of its read, and those of a
// tool's link to its page follow the tool's calls (a finding of the tool,
// not of one call: Call is nil); one whose read or tool the revision does
// not have (a report made by hand) comes last, as a finding of the
// revision's session that keeps its tool or resource in its key.
func (r *Report) located() iter.Seq[located] {
	return func(yield func(located) bool) {
		for _, rr := range r.Revisions {
			for _, f := range rr.Findings {
				if !yield(located{Key: FindingKey{Revision: rr.Revision, Code: f.Code, Path: f.Path}, Finding: f, Revision: rr}) {
					return
				}
			}
			byTool, byPage := map[string][]AppFinding{}, map[string][]AppFinding{}
			for _, a := range rr.Apps {
				for _, f := range a.Findings {
					if f.Tool != "" {
						byTool[f.Tool] = append(byTool[f.Tool], f)
					} else {
						byPage[a.ResourceURI] = append(byPage[a.ResourceURI], f)
					}
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
				for _, f := range byTool[tr.Name] {
					if !yield(located{Key: FindingKey{Revision: rr.Revision, Tool: tr.Name, Code: f.Code, Path: f.Path}, Finding: f.Finding, Revision: rr, Tool: tr}) {
						return
					}
				}
				delete(byTool, tr.Name)
			}
			for _, res := range rr.Resources {
				fs := res.Findings
				for _, f := range byPage[res.URI] {
					fs = append(fs[:len(fs):len(fs)], f.Finding)
				}
				delete(byPage, res.URI)
				for _, f := range fs {
					l := located{Key: FindingKey{Revision: rr.Revision, Resource: res.URI, Code: f.Code, Path: f.Path},
						Finding: f, Revision: rr, Resource: res}
					if !yield(l) {
						return
					}
				}
			}
			for _, a := range rr.Apps {
				for _, f := range a.Findings {
					k := FindingKey{Revision: rr.Revision, Code: f.Code, Path: f.Path}
					if f.Tool != "" {
						if _, left := byTool[f.Tool]; !left {
							continue
						}
						k.Tool = f.Tool
					} else {
						if _, left := byPage[a.ResourceURI]; !left {
							continue
						}
						k.Resource = a.ResourceURI
					}
					if !yield(located{Key: k, Finding: f.Finding, Revision: rr}) {
						return
					}
				}
			}
		}
	}
}
