package check

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/mcpresult/mcpresult/content"
)

// The codes of MCP Apps (extension io.modelcontextprotocol/ui): of a tool's
// link to its page (at the tool, the path into the tool as tools/list
// lists it) and of the page (at its resources/read, the path into the
// result).
const (
	// CodeAppResourceURI (error): a tool links a page by a value that is
	// not a ui:// URI (another scheme, an empty string, not a string): no
	// host renders it.
	CodeAppResourceURI = Code(content.CodeAppResourceURI)
	// CodeAppResourceMissing (error): the page a tool links cannot be read:
	// resources/read answers it with a JSON-RPC error, with no contents of
	// the page's URI, or with contents without HTML.
	CodeAppResourceMissing Code = "app_resource_missing"
	// CodeAppMIMEType (error; warning for text/html+skybridge): the page's
	// contents have another mimeType than text/html;profile=mcp-app, which
	// MCP Apps hosts render; text/html+skybridge is the type ChatGPT wants.
	CodeAppMIMEType Code = "app_mime_type"
	// CodeAppCSPInvalid (error; warning for an unknown key): an entry of the
	// page's _meta.ui.csp that is not an origin, or a list or entry of the
	// wrong type; a key the hosts do not know is a warning.
	CodeAppCSPInvalid = Code(content.CodeAppCSPInvalid)
	// CodeAppCSPUncovered (warning): the page loads or connects to an webOrigin
	// that no entry of the CSP list it belongs in covers: the host's
	// Content-Security-Policy blocks it.
	CodeAppCSPUncovered Code = "app_csp_uncovered"
	// CodeAppMetaConflict (error): a tool lists _meta.ui.resourceUri and the
	// deprecated flat _meta["ui/resourceUri"] with different values: hosts
	// that read one render another page than hosts that read the other.
	CodeAppMetaConflict = Code(content.CodeAppMetaConflict)
)

// AppReport is one page of MCP Apps that the revision's tools link: the
// page, the tools that link it, what its resources/read gave, and what the
// checks found of the link and of the page. A link that is not a ui:// URI
// has a report of its own, under the value it has.
type AppReport struct {
	// ResourceURI is the page's URI as the tools link it (for a link that
	// is not a string, its JSON).
	ResourceURI string `json:"resourceUri"`
	// Tools are the names of the listed tools that link the page, sorted.
	Tools []string `json:"tools"`
	// MIMEType is the mimeType of the page's contents ("" when it was not
	// read, or has none).
	MIMEType string `json:"mimeType,omitempty"`
	// CSP is the contents' _meta.ui.csp as the server sent it (nil when it
	// declares none, or past appMaxCSPBytes).
	CSP json.RawMessage `json:"csp,omitempty"`
	// Findings are what the checks found, most severe first: those of the
	// page, and those of each tool's link (with the tool's name).
	Findings []AppFinding `json:"findings"`
}

// AppFinding is a finding of an app: of the page (Tool "") or of one
// tool's link to it (Tool its name; the path into the tool as listed).
type AppFinding struct {
	Finding
	Tool string `json:"tool,omitempty"`
}

// MarshalJSON writes the finding as Finding.MarshalJSON does, with the
// tool's name beside it.
func (f AppFinding) MarshalJSON() ([]byte, error) {
	type plain Finding
	return json.Marshal(struct {
		plain
		Tool string `json:"tool,omitempty"`
	}{plain(f.redacted()), f.Tool})
}

// The bounds of what the app checks keep and report: the bytes of a CSP
// kept in the report, and the findings of one kind on one page.
const (
	appMaxCSPBytes = 64 << 10
	appMaxFindings = 20
)

// skybridgeMIMEType is the media type of the pages of ChatGPT's Apps SDK.
const skybridgeMIMEType = "text/html+skybridge"

// The paths of a tool's two keys, in the tool as listed.
const (
	pathNestedURI = "/_meta/ui/resourceUri"
	pathFlatURI   = "/_meta/ui~1resourceUri"
)

// appState is what a revision's session gathers of its apps: the tools
// that link a page, and what each page's read gave.
type appState struct {
	tools []Tool
	// inScope are the pages the tools in the run's scope link (appPages),
	// made once the tools are listed.
	inScope []string
	pages   map[string]*appPage
	// listedCSP are the _meta.ui.csp of the resources listed, by URI:
	// what hosts read when a page's contents declare none.
	listedCSP map[string]json.RawMessage
}

// listedAppMeta keeps the _meta.ui.csp of a resource as resources/list
// lists it (at most appMaxCSPBytes).
func (s *session) listedAppMeta(uri string, meta json.RawMessage) {
	var m struct {
		UI struct {
			CSP json.RawMessage `json:"csp"`
		} `json:"ui"`
	}
	if len(meta) == 0 || json.Unmarshal(meta, &m) != nil || m.UI.CSP == nil || len(m.UI.CSP) > appMaxCSPBytes {
		return
	}
	if s.apps.listedCSP == nil {
		s.apps.listedCSP = map[string]json.RawMessage{}
	}
	s.apps.listedCSP[uri] = m.UI.CSP
}

// appPage is what the read of a page gave.
type appPage struct {
	mime     string
	csp      json.RawMessage
	findings []Finding
}

// effectiveLink is the link a host follows: _meta.ui.resourceUri when the
// tool lists it, the flat key otherwise; its raw value and its path.
func effectiveLink(l appLink) (raw json.RawMessage, path string) {
	if l.HasNested {
		return l.NestedRaw, pathNestedURI
	}
	return l.FlatRaw, pathFlatURI
}

// appURIProblem says why a link is not a ui:// URI ("" when it is one).
func appURIProblem(raw json.RawMessage) string {
	var s string
	if !isJSONString(raw) || json.Unmarshal(raw, &s) != nil {
		return "is not a string"
	}
	switch {
	case s == "":
		return "is empty"
	case !strings.HasPrefix(s, "ui://") || len(s) == len("ui://"):
		return "is not a ui:// URI"
	}
	return ""
}

// appKey is the name under which a link's app is reported: the string, or
// the JSON of a value that is not one.
func appKey(raw json.RawMessage) string {
	var s string
	if isJSONString(raw) && json.Unmarshal(raw, &s) == nil {
		return s
	}
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}

// isJSONString reports JSON text that is a string (null is not one).
func isJSONString(raw json.RawMessage) bool {
	raw = bytes.TrimSpace(raw)
	return len(raw) > 0 && raw[0] == '"'
}

// linkedTools keeps the tools listed that link a page.
func (s *session) linkedTools(tools []Tool) {
	s.apps.tools = nil
	for _, t := range tools {
		if toolAppLink(t.Meta).Linked() {
			s.apps.tools = append(s.apps.tools, t)
		}
	}
	s.apps.inScope = s.scopePages()
}

// appPages are the ui:// pages that the tools in the run's scope link
// (every linked tool, or the one Options.Only names), sorted, each once.
func (s *session) appPages() []string { return s.apps.inScope }

// scopePages makes appPages of the tools listed.
func (s *session) scopePages() []string {
	only, onlyOne := strings.CutPrefix(s.o.Only, onlyTool)
	var uris []string
	for _, t := range s.apps.tools {
		if onlyOne && t.Name != only {
			continue
		}
		raw, _ := effectiveLink(toolAppLink(t.Meta))
		if appURIProblem(raw) == "" {
			uris = append(uris, appKey(raw))
		}
	}
	slices.Sort(uris)
	return slices.Compact(uris)
}

// withAppPages adds to the resources to read the pages the tools link that
// resources/list does not list (a page need not be listed), so that each is
// read once, among the others, and Options.Only can name it; under
// Options.Only naming a tool, the pages it links are read and no other.
func (s *session) withAppPages(uris []string, listed map[string]bool, filter func([]string) []string) []string {
	pages := s.appPages()
	if strings.HasPrefix(s.o.Only, onlyTool) {
		return pages
	}
	for _, p := range pages {
		if !listed[p] {
			uris = append(uris, p)
		}
	}
	slices.Sort(uris)
	return filter(uris)
}

// appRead checks what the read of a page gave, if uri is one the tools in
// scope link.
func (s *session) appRead(uri string, resp *rawResponse) {
	if _, found := slices.BinarySearch(s.appPages(), uri); !found {
		return
	}
	if s.apps.pages == nil {
		s.apps.pages = map[string]*appPage{}
	}
	p := &appPage{}
	s.apps.pages[uri] = p
	switch {
	case resp == nil || resp.TooLarge:
		return // the read's own no_response or response_too_large says it
	case resp.Error != nil:
		p.findings = append(p.findings, Finding{Severity: Error, Code: CodeAppResourceMissing, Path: "/error",
			Message: "the page cannot be read: resources/read answered with JSON-RPC error " + strconv.FormatInt(resp.Error.Code, 10) + ", and the host shows no widget"})
		return
	}
	checkAppPage(p, uri, resp.Result, s.apps.listedCSP[uri])
}

// checkAppPage checks the result of a page's resources/read: its contents
// of the page's URI, their mimeType, their HTML and their CSP; listedCSP
// is the csp of the page's entry in resources/list (nil for none), which
// hosts read when the contents declare none (its findings say so, at the
// path where the contents would have it).
func checkAppPage(p *appPage, uri string, result json.RawMessage, listedCSP json.RawMessage) {
	var res struct {
		Contents []json.RawMessage `json:"contents"`
	}
	if json.Unmarshal(result, &res) != nil {
		return // not JSON, or of another shape: validate says so
	}
	missing := func(path, why string) {
		p.findings = append(p.findings, Finding{Severity: Error, Code: CodeAppResourceMissing, Path: path,
			Message: "the page cannot be read: " + why + ", and the host shows no widget"})
	}
	type contents struct {
		URI      *string         `json:"uri"`
		MIMEType json.RawMessage `json:"mimeType"`
		Text     json.RawMessage `json:"text"`
		Blob     json.RawMessage `json:"blob"`
		Meta     struct {
			UI struct {
				CSP json.RawMessage `json:"csp"`
			} `json:"ui"`
		} `json:"_meta"`
	}
	var c contents
	at := -1
	for i, raw := range res.Contents {
		var ci contents
		if json.Unmarshal(raw, &ci) == nil && ci.URI != nil && *ci.URI == uri {
			c, at = ci, i
			break
		}
		// _meta or ui of another type than an object: read the rest.
		var bare struct {
			URI *string `json:"uri"`
		}
		if json.Unmarshal(raw, &bare) == nil && bare.URI != nil && *bare.URI == uri {
			var loose struct {
				MIMEType json.RawMessage `json:"mimeType"`
				Text     json.RawMessage `json:"text"`
				Blob     json.RawMessage `json:"blob"`
			}
			_ = json.Unmarshal(raw, &loose)
			c = contents{URI: bare.URI, MIMEType: loose.MIMEType, Text: loose.Text, Blob: loose.Blob}
			at = i
			break
		}
	}
	if at < 0 {
		why := "the result has no contents"
		if len(res.Contents) > 0 {
			why = "none of its " + plural(len(res.Contents), "contents item") + " has the page's URI"
		}
		missing("/contents", why)
		return
	}
	base := "/contents/" + strconv.Itoa(at)
	var mime string
	_ = json.Unmarshal(c.MIMEType, &mime)
	p.mime = mime
	switch {
	case mime == appMIMEType:
	case mime == skybridgeMIMEType:
		p.findings = append(p.findings, Finding{Severity: Warning, Code: CodeAppMIMEType, Path: base + "/mimeType",
			Message: "the page's mimeType is text/html+skybridge, the type of ChatGPT's Apps SDK, which ChatGPT alone wants: MCP Apps hosts render " + appMIMEType})
	case c.MIMEType == nil:
		p.findings = append(p.findings, Finding{Severity: Error, Code: CodeAppMIMEType, Path: base,
			Message: "the page's contents have no mimeType: MCP Apps hosts render only " + appMIMEType})
	default:
		p.findings = append(p.findings, Finding{Severity: Error, Code: CodeAppMIMEType, Path: base + "/mimeType",
			Message: "the page's mimeType is " + quoteName(appKey(c.MIMEType)) + ", not exactly " + appMIMEType + ", the one MCP Apps hosts render"})
	}
	var page []byte
	var text, blob string
	switch {
	case json.Unmarshal(c.Text, &text) == nil && c.Text != nil:
		page = []byte(text)
	case json.Unmarshal(c.Blob, &blob) == nil && c.Blob != nil:
		b, err := base64.StdEncoding.DecodeString(blob)
		if err != nil {
			return // validate's invalid_base64
		}
		page = b
	}
	if len(bytes.TrimSpace(page)) == 0 {
		missing(base, "its contents have no HTML (text and blob are empty or absent)")
	}
	csp, fromList := c.Meta.UI.CSP, false
	if csp == nil && listedCSP != nil {
		csp, fromList = listedCSP, true
	}
	if csp != nil && len(csp) <= appMaxCSPBytes {
		p.csp = csp
	}
	lists, fs := readCSP(csp, base+"/_meta/ui/csp")
	for i := range fs {
		if fromList {
			fs[i].Message += " (in the csp of resources/list, which hosts read as the contents declare none)"
		}
	}
	p.findings = append(p.findings, fs...)
	if len(page) > 0 {
		p.findings = append(p.findings, uncovered(page, lists, base+"/_meta/ui/csp")...)
	}
}

// readCSP reads a page's _meta.ui.csp (at path) into its valid entries,
// by list, and the findings of what is not valid: a csp that is not an
// object, a list that is not an array, an entry that is not a string or
// not an origin (errors), a key that is none of the four lists (a
// warning: hosts ignore it). At most appMaxFindings findings.
func readCSP(raw json.RawMessage, path string) (map[string][]cspSource, []Finding) {
	lists := map[string][]cspSource{}
	if raw == nil || string(raw) == "null" {
		return lists, nil
	}
	var fs []Finding
	add := func(sev Severity, at, msg string) {
		if len(fs) < appMaxFindings {
			fs = append(fs, Finding{Severity: sev, Code: CodeAppCSPInvalid, Path: at, Message: msg})
		}
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil {
		add(Error, path, "_meta.ui.csp is not an object of lists: the host reads no domain of it, and the page loads nothing from outside")
		return lists, fs
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		at := path + "/" + escapePointer(k)
		if !slices.Contains(cspLists, k) {
			add(Warning, at, "_meta.ui.csp has a key "+quoteName(k)+" that hosts ignore: the lists are connectDomains, resourceDomains, frameDomains and baseUriDomains")
			continue
		}
		var items []json.RawMessage
		if json.Unmarshal(m[k], &items) != nil {
			if string(m[k]) != "null" {
				add(Error, at, k+" is not an array of origins: the host reads none of it")
			}
			continue
		}
		for i, it := range items {
			iat := at + "/" + strconv.Itoa(i)
			var e string
			if json.Unmarshal(it, &e) != nil {
				add(Error, iat, "an entry of "+k+" is not a string")
				continue
			}
			src, why := parseCSPSource(e)
			if why != "" {
				add(Error, iat, "the entry "+quoteName(e)+" of "+k+" is not an origin: "+why)
				continue
			}
			lists[k] = append(lists[k], src)
		}
	}
	return lists, fs
}

// escapePointer escapes a key as a JSON Pointer's segment.
func escapePointer(k string) string {
	return strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1")
}

// uncovered is an app_csp_uncovered warning for each origin that the page
// loads and no valid entry of its list covers, at the path of the list
// (under csp, where the origin belongs), at most appMaxFindings (the last
// says how many more there are).
func uncovered(page []byte, lists map[string][]cspSource, csp string) []Finding {
	coveredBy := func(list string, o webOrigin) bool {
		return slices.ContainsFunc(lists[list], func(s cspSource) bool { return s.covers(o) })
	}
	loads, _ := scanPage(page, func(o webOrigin) bool { return coveredBy(cspBaseURI, o) })
	var fs []Finding
	more := 0
	for _, l := range loads {
		if coveredBy(l.list, l.origin) {
			continue
		}
		if len(fs) == appMaxFindings {
			more++
			continue
		}
		verb := "loads " + l.what + " from "
		switch l.list {
		case cspConnect:
			verb = "connects with " + l.what + " to "
		case cspBaseURI:
			verb = "sets its base URL (<base href>) to "
		case cspFrame:
			verb = "frames (" + l.what + ") "
		}
		o := l.origin.String()
		fs = append(fs, Finding{Severity: Warning, Code: CodeAppCSPUncovered, Path: csp + "/" + l.list,
			Message: "the page " + verb + o + ", which no entry of " + l.list + " covers: the host blocks it (add " + strconv.Quote(o) + " to _meta.ui.csp." + l.list + ")"})
	}
	if more > 0 {
		fs[len(fs)-1].Message += "; " + plural(more, "more origin") + " not covered are not reported"
	}
	return fs
}

// appReports gives the revision its apps: for each page that the tools in
// scope link, and each link that is not a ui:// URI, its tools, what its
// read gave and the findings; a note names the tools that list both keys
// with the same page (as the ext-apps helpers write them), which is fine.
func (s *session) appReports(rr *RevisionReport) {
	checked := map[string]bool{}
	for _, tr := range rr.Tools {
		checked[tr.Name] = true
	}
	only, onlyOne := strings.CutPrefix(s.o.Only, onlyTool)
	onlyPage, onlyRes := strings.CutPrefix(s.o.Only, onlyResource)
	apps := map[string]*AppReport{}
	app := func(key string) *AppReport {
		a := apps[key]
		if a == nil {
			a = &AppReport{ResourceURI: key, Tools: []string{}, Findings: []AppFinding{}}
			apps[key] = a
		}
		return a
	}
	var both []string
	for _, t := range s.apps.tools {
		if onlyOne && t.Name != only {
			continue
		}
		l := toolAppLink(t.Meta)
		raw, path := effectiveLink(l)
		key := appKey(raw)
		why := appURIProblem(raw)
		if (why == "" && s.apps.pages[key] == nil) || (onlyRes && key != onlyPage) {
			continue // not read: out of the run's scope, or the session ended first
		}
		a := app(key)
		a.Tools = append(a.Tools, t.Name)
		if !checked[t.Name] {
			continue // the tool was not checked (Options.Only names a resource)
		}
		if why != "" {
			a.Findings = append(a.Findings, AppFinding{Finding{Severity: Error, Code: CodeAppResourceURI, Path: path,
				Message: "the tool links its page by a value that " + why + ": hosts render only a ui:// resource, and show this tool's results without its widget"}, t.Name})
		}
		if l.HasNested && l.HasFlat {
			var n, f string
			if isJSONString(l.NestedRaw) && isJSONString(l.FlatRaw) && json.Unmarshal(l.NestedRaw, &n) == nil && json.Unmarshal(l.FlatRaw, &f) == nil && n == f {
				both = append(both, t.Name)
				continue
			}
			a.Findings = append(a.Findings, AppFinding{Finding{Severity: Error, Code: CodeAppMetaConflict, Path: pathFlatURI,
				Message: "the deprecated _meta[\"ui/resourceUri\"] is " + quoteName(appKey(l.FlatRaw)) + " and _meta.ui.resourceUri " + quoteName(appKey(l.NestedRaw)) +
					": hosts that read the deprecated key render another page than those that read _meta.ui (write both the same, or only _meta.ui.resourceUri)"}, t.Name})
		}
	}
	for key, a := range apps {
		if p := s.apps.pages[key]; p != nil {
			a.MIMEType, a.CSP = p.mime, p.csp
			for _, f := range p.findings {
				a.Findings = append(a.Findings, AppFinding{Finding: f})
			}
		}
		slices.Sort(a.Tools)
		rr.Apps = append(rr.Apps, a)
	}
	slices.SortFunc(rr.Apps, func(a, b *AppReport) int { return strings.Compare(a.ResourceURI, b.ResourceURI) })
	if len(both) > 0 {
		names := make([]string, 0, min(len(both), maxDuplicateNotes))
		for _, n := range both[:min(len(both), maxDuplicateNotes)] {
			names = append(names, quoteName(n))
		}
		if len(both) > maxDuplicateNotes {
			names = append(names, "and "+strconv.Itoa(len(both)-maxDuplicateNotes)+" more")
		}
		rr.Notes = append(rr.Notes, "MCP Apps: _meta.ui.resourceUri and the deprecated _meta[\"ui/resourceUri\"] name the same page in "+
			plural(len(both), "tool")+" ("+strings.Join(names, ", ")+"), as the ext-apps helpers write them: nothing to fix")
	}
}

// sortAppFindings orders an app's findings by severity, stably, and never
// leaves them nil.
func sortAppFindings(fs []AppFinding) []AppFinding {
	if fs == nil {
		return []AppFinding{}
	}
	slices.SortStableFunc(fs, func(a, b AppFinding) int { return severityRank(a.Severity) - severityRank(b.Severity) })
	return fs
}
