package check

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpresult/mcpresult/content"
)

// codeDocLine is the line of docs/check.md that lists a code: its anchor,
// which the SARIF rules' helpUri link to, the code and its one-line
// description.
func codeDocLine(c Code) string {
	return `- <a id="` + string(c) + `"></a>` + "`" + string(c) + "`: " + codeSummary(c)
}

// TestCodeSummaries: every code a finding can have, this package's and
// result.Validate's, has its one-line description, and docs/check.md lists
// it on a line of its own with the anchor its SARIF rule links to and
// those very words, so that neither can be left behind; and nothing is
// described that is no code.
func TestCodeSummaries(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("..", "docs", "check.md"))
	if err != nil {
		t.Fatal(err)
	}
	lines := map[string]bool{}
	for _, l := range strings.Split(string(page), "\n") {
		lines[l] = true
	}
	all := Codes()
	for _, c := range content.Codes() {
		all = append(all, Code(c))
	}
	for _, c := range all {
		if _, ok := codeSummaries[c]; !ok {
			t.Errorf("%s has no one-line description in codeSummaries", c)
			continue
		}
		if !lines[codeDocLine(c)] {
			t.Errorf("docs/check.md does not list %s as\n%s", c, codeDocLine(c))
		}
		if u := codeDocURL(c); !strings.HasPrefix(u, FindingDocsURL+"#") || strings.Count(string(page), `<a id="`+string(c)+`">`) != 1 {
			t.Errorf("%s: %s is not one anchor of docs/check.md", c, u)
		}
	}
	if len(codeSummaries) != len(all) {
		t.Errorf("codeSummaries describes %d codes, and there are %d", len(codeSummaries), len(all))
	}
	for c, s := range codeSummaries {
		if s == "" || strings.Contains(s, "\n") || !strings.HasSuffix(s, ".") {
			t.Errorf("the description of %s is not one sentence on one line: %q", c, s)
		}
	}
}
