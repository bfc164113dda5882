package check

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/mcpresult/mcpresult/abi"
)

// The SARIF report's fixed parts.
const (
	sarifSchema  = "https://json.schemastore.org/sarif-2.1.0.json"
	sarifVersion = "2.1.0"
	// sarifFingerprintKey names the partial fingerprint of each result:
	// versioned, so that a change of what is hashed is a new key rather
	// than alerts that no longer match their past.
	sarifFingerprintKey = "mcpresultFinding/v1"
	// toolInformationURI is where people learn what the tool is.
	toolInformationURI = "https://github.com/mcpresult/mcpresult"
)

// DefaultSARIFLocation is the file a SARIF report names as the location
// of its results when SARIFOptions.Location is empty: code scanning
// requires a location for each result, and a finding of a live server has
// no line of source to point at. A project that checks its server in CI
// names its own file instead (the calls file, the server's entry point).
const DefaultSARIFLocation = "mcp-server"

// SARIFOptions say where WriteSARIF places the results.
type SARIFOptions struct {
	// Location is the file each result is reported at: a path relative to
	// the repository's root, with / between its segments (code scanning
	// shows an alert on a file of the repository, and refuses a result
	// without one). Empty: DefaultSARIFLocation. The mcpresult command
	// gives the calls file, or the file that starts the server.
	Location string
}

// sarifSecurity is the security-severity (0.0 to 10.0, the scale of CVSS
// that code scanning reads, and only for rules tagged security) of the
// codes that are about what a server gives away: a secret or a password
// handed to the model (and to whatever the model writes) is high; a path
// or a stack trace tells an attacker about the machine, which is low.
var sarifSecurity = map[Code]string{
	CodeErrorLeaksSecret:           "7.5",
	CodeErrorLeaksConnectionString: "7.5",
	CodeErrorLeaksPath:             "3.1",
	CodeErrorLeaksStack:            "3.1",
}

// The SARIF 2.1.0 objects the report writes: the subset code scanning
// reads.
type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool        sarifTool         `json:"tool"`
		Invocations []sarifInvocation `json:"invocations"`
		Results     []sarifResult     `json:"results"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name           string      `json:"name"`
		Version        string      `json:"version"`
		SemanticVer    string      `json:"semanticVersion"`
		InformationURI string      `json:"informationUri"`
		Rules          []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID                   string            `json:"id"`
		Name                 string            `json:"name"`
		ShortDescription     sarifText         `json:"shortDescription"`
		FullDescription      sarifText         `json:"fullDescription"`
		Help                 sarifHelp         `json:"help"`
		HelpURI              string            `json:"helpUri"`
		DefaultConfiguration sarifRuleConfig   `json:"defaultConfiguration"`
		Properties           sarifRuleProperty `json:"properties"`
	}
	sarifText struct {
		Text string `json:"text"`
	}
	sarifHelp struct {
		Text     string `json:"text"`
		Markdown string `json:"markdown"`
	}
	sarifRuleConfig struct {
		Level string `json:"level"`
	}
	sarifRuleProperty struct {
		Tags             []string `json:"tags"`
		SecuritySeverity string   `json:"security-severity,omitempty"`
	}
	sarifInvocation struct {
		ExecutionSuccessful bool                `json:"executionSuccessful"`
		Notifications       []sarifNotification `json:"toolExecutionNotifications,omitempty"`
	}
	sarifNotification struct {
		Level   string    `json:"level"`
		Message sarifText `json:"message"`
	}
	sarifResult struct {
		RuleID              string            `json:"ruleId"`
		RuleIndex           int               `json:"ruleIndex"`
		Level               string            `json:"level"`
		Message             sarifText         `json:"message"`
		Locations           []sarifLocation   `json:"locations"`
		PartialFingerprints map[string]string `json:"partialFingerprints"`
	}
	sarifLocation struct {
		PhysicalLocation sarifPhysical `json:"physicalLocation"`
	}
	sarifPhysical struct {
		ArtifactLocation sarifArtifact `json:"artifactLocation"`
		Region           sarifRegion   `json:"region"`
	}
	sarifArtifact struct {
		URI string `json:"uri"`
	}
	sarifRegion struct {
		StartLine int `json:"startLine"`
	}
)

// WriteSARIF writes the report as SARIF 2.1.0, as GitHub code scanning
// reads it: one run of the tool "mcpresult" (its version, abi.ModuleVersion)
// with one rule per code that a result has (its one-line description, and
// a link to its explanation in docs/check.md: FindingDocsURL), and one result
// per error or warning finding (info findings are figures, not alerts).
// Each result's message names the revision and the tool (and call) or the
// resource, the code, the path and the finding's message; its partial
// fingerprint (mcpresultFinding/v1) hashes the server's name with the
// finding's FindingKey, so that the same finding of tomorrow's run is the
// same alert. Each result is located at o.Location, line 1. The run's
// invocation says whether everything asked could be checked, and why not
// (Report.Error, the reason of each revision that failed).
//
// What the server chose is written as the text report prints it (escaped,
// the secrets redacted), and every string of the JSON is redacted again
// as WriteJSON does.
func (r *Report) WriteSARIF(w io.Writer, o SARIFOptions) error {
	run := sarifRun{
		Tool: sarifTool{Driver: sarifDriver{
			Name: "mcpresult", Version: abi.ModuleVersion, SemanticVer: abi.ModuleVersion,
			InformationURI: toolInformationURI, Rules: []sarifRule{},
		}},
		Invocations: []sarifInvocation{r.sarifInvocation()},
		Results:     []sarifResult{},
	}
	loc := []sarifLocation{{PhysicalLocation: sarifPhysical{
		ArtifactLocation: sarifArtifact{URI: sarifURI(o.Location)},
		Region:           sarifRegion{StartLine: 1},
	}}}
	server := ""
	if r.Server != nil {
		server = r.Server.Name
	}
	// The rules, sorted by code; each at the most severe level of its
	// results.
	var codes []Code
	levels := map[Code]string{}
	for l := range r.located() {
		if l.Finding.Severity != Error && l.Finding.Severity != Warning {
			continue
		}
		c := l.Finding.Code
		if _, ok := levels[c]; !ok {
			codes = append(codes, c)
		}
		if levels[c] != "error" {
			levels[c] = string(l.Finding.Severity)
		}
	}
	slices.Sort(codes)
	index := map[Code]int{}
	for i, c := range codes {
		index[c] = i
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, sarifRuleOf(c, levels[c]))
	}
	for l := range r.located() {
		if l.Finding.Severity != Error && l.Finding.Severity != Warning {
			continue
		}
		run.Results = append(run.Results, sarifResult{
			RuleID:              string(l.Finding.Code),
			RuleIndex:           index[l.Finding.Code],
			Level:               string(l.Finding.Severity),
			Message:             sarifText{Text: l.describe()},
			Locations:           loc,
			PartialFingerprints: map[string]string{sarifFingerprintKey: findingFingerprint(server, l.Key)},
		})
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	if err := enc.Encode(sarifLog{Schema: sarifSchema, Version: sarifVersion, Runs: []sarifRun{run}}); err != nil {
		return err
	}
	_, err := w.Write(escapeJSON(nil, redactJSON(b.Bytes())))
	return err
}

// sarifRuleOf is the rule of a code: its description written once
// (codeSummaries), its documentation's address, and the tags code
// scanning filters by.
func sarifRuleOf(c Code, level string) sarifRule {
	summary := codeSummary(c)
	doc := codeDocURL(c)
	rule := sarifRule{
		ID:                   string(c),
		Name:                 ruleName(c),
		ShortDescription:     sarifText{Text: summary},
		FullDescription:      sarifText{Text: summary + " (mcpresult check, finding " + string(c) + ")"},
		Help:                 sarifHelp{Text: summary + " See " + doc, Markdown: summary + " [What " + string(c) + " means](" + doc + ")"},
		HelpURI:              doc,
		DefaultConfiguration: sarifRuleConfig{Level: level},
		Properties:           sarifRuleProperty{Tags: []string{"mcp"}},
	}
	if s, ok := sarifSecurity[c]; ok {
		rule.Properties.Tags = append(rule.Properties.Tags, "security")
		rule.Properties.SecuritySeverity = s
	}
	return rule
}

// ruleName is a code as the name of a SARIF rule: PascalCase
// (error_leaks_secret is ErrorLeaksSecret), as rule names are.
func ruleName(c Code) string {
	var b strings.Builder
	for _, part := range strings.Split(string(c), "_") {
		if part != "" {
			b.WriteString(strings.ToUpper(part[:1]) + part[1:])
		}
	}
	return b.String()
}

// sarifURI is a location as a relative URI reference: empty is
// DefaultSARIFLocation, a backslash is a separator, and each segment is
// escaped as a URI's path is (a space is %20).
func sarifURI(p string) string {
	p = strings.TrimLeft(strings.ReplaceAll(p, "\\", "/"), "/")
	if p == "" {
		p = DefaultSARIFLocation
	}
	return (&url.URL{Path: p}).EscapedPath()
}

// sarifInvocation says whether the run checked everything it was asked to,
// and what kept it from it.
func (r *Report) sarifInvocation() sarifInvocation {
	inv := sarifInvocation{ExecutionSuccessful: !r.Failed()}
	if r.Error != "" {
		inv.Notifications = append(inv.Notifications, sarifNotification{Level: "error", Message: sarifText{Text: escapeText(r.Error)}})
	}
	for _, rr := range r.Revisions {
		if rr.Status == StatusFailed {
			inv.Notifications = append(inv.Notifications, sarifNotification{Level: "error",
				Message: sarifText{Text: "revision " + escapeText(rr.Revision) + " failed: " + escapeText(rr.Reason)}})
		}
	}
	return inv
}

// findingFingerprint is the partial fingerprint of a finding: the SHA-256,
// in hex, of the server's name and the finding's key (revision, tool,
// resource, code, path), each written with its length so that no two keys
// write the same bytes. It stays the same from one run to the next for as
// long as the server gives the same finding at the same place.
func findingFingerprint(server string, k FindingKey) string {
	h := sha256.New()
	for _, s := range []string{server, k.Revision, k.Tool, k.Resource, string(k.Code), k.Path} {
		io.WriteString(h, strconv.Itoa(len(s))+":"+s+";")
	}
	return hex.EncodeToString(h.Sum(nil))
}

// where names what a finding was found in, as a report for people writes
// it (escaped, redacted): "revision 2025-06-18, tool get-env, call 2 of 3",
// "revision 2025-06-18, resource file:///x", or "revision 2025-06-18" for
// a finding of the revision's session.
func (l located) where() string {
	s := "revision " + escapeText(l.Key.Revision)
	switch {
	case l.Tool != nil:
		s += ", tool " + escapeText(l.Tool.Name)
		if l.Call != nil && len(l.Tool.Calls) > 1 {
			s += ", call " + strconv.Itoa(l.CallN+1) + " of " + strconv.Itoa(len(l.Tool.Calls))
		}
	case l.Resource != nil:
		s += ", resource " + escapeText(l.Resource.URI)
	}
	return s
}

// describe is a finding in one line for people: where it was found, its
// code, its path and its message, escaped and redacted as the text report
// writes them.
func (l located) describe() string {
	s := l.where() + ": " + findingLine(l.Finding)
	if r := l.rerun(); r != nil {
		s += " (run it again: " + rerunLine(r) + ")"
	}
	return s
}

// rerun is the arguments that make the exchange of a finding again (nil
// for a finding of a revision's session, or an exchange without them).
func (l located) rerun() []string {
	switch {
	case l.Call != nil:
		return l.Call.Rerun
	case l.Resource != nil:
		return l.Resource.Rerun
	case l.Tool != nil && len(l.Tool.Calls) > 0:
		// A finding of the tool as listed (its MCP Apps link): a run of
		// the tool alone lists it again.
		return l.Tool.Calls[0].Rerun
	}
	return nil
}

// findingLine is a finding without where it was found: "code at path:
// message" (escaped, redacted; a path's secret segments too).
func findingLine(f Finding) string {
	s := escapeText(string(f.Code))
	if f.Path != "" {
		s += " at " + escapeText(redactPath(f.Path))
	}
	return s + ": " + escapeText(f.Message)
}
