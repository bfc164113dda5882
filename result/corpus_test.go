package result_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/result"
)

// corpusEntry is one result as an official MCP SDK put it on the wire
// (testdata/corpus/*.json, written by the generators in tools/corpus).
// Result keeps the very bytes that were sent, so key order and number text
// reach content.ParseJSON as the SDK wrote them.
type corpusEntry struct {
	SDK             string          `json:"sdk"`
	ProtocolVersion string          `json:"protocolVersion"`
	Kind            string          `json:"kind"`
	Name            string          `json:"name"`
	Result          json.RawMessage `json:"result"`
}

// corpusNonConforming lists the corpus results that break the official JSON
// Schema of the revision they were sent under (ajv against
// testdata/mcp-schemas agrees), so Validate is right to reject them: the
// SDKs really sent them, and they stay in the corpus. For each revision, the
// findings ("code path") Validate must report, in order. Every other corpus
// result must validate without errors.
var corpusNonConforming = []struct {
	sdk, name, reason string
	findings          map[string][]string
}{
	{
		sdk: tsSDK, name: "audio block with annotations",
		reason: "2024-11-05 has no audio block (its content items are text, image and resource); " +
			"the SDK sends the handler's blocks unchanged whatever revision was negotiated",
		findings: map[string][]string{v1105: {uct + " /content/0"}},
	},
	{
		sdk: tsSDK, name: "text and resource_link blocks, one with icons, annotations and _meta",
		reason: "resource_link blocks exist from 2025-06-18; the SDK sends them unchanged to older clients",
		findings: map[string][]string{
			v1105: {uct + " /content/1", uct + " /content/2", uct + " /content/3"},
			v0326: {uct + " /content/1", uct + " /content/2", uct + " /content/3"},
		},
	},
	{
		sdk: tsSDK, name: "text, image, resource_link and embedded resource",
		reason:   "resource_link blocks exist from 2025-06-18; the SDK sends them unchanged to older clients",
		findings: map[string][]string{v1105: {uct + " /content/2"}, v0326: {uct + " /content/2"}},
	},
	{
		sdk: goSDK, name: "audio block",
		reason:   "2024-11-05 has no audio block; the SDK sends the handler's blocks unchanged whatever revision was negotiated",
		findings: map[string][]string{v1105: {uct + " /content/0"}},
	},
	{
		sdk: goSDK, name: "annotations and _meta on blocks and result, resource_link with every field and icons",
		reason:   "resource_link blocks exist from 2025-06-18; the SDK sends them unchanged to older clients",
		findings: map[string][]string{v1105: {uct + " /content/1"}, v0326: {uct + " /content/1"}},
	},
	{
		sdk: goSDK, name: "resource_link without name, as in the SDK docs' content-types example",
		reason: "every revision that has resource_link requires its name; the SDK writes ResourceLink.Name with " +
			"omitempty and never checks it (its docs' own example leaves it out), and older revisions have no resource_link",
		findings: map[string][]string{
			v1105: {uct + " /content/1"},
			v0326: {uct + " /content/1"},
			v0618: {"missing_field /content/1/name"},
			v1125: {"missing_field /content/1/name"},
			v0728: {"missing_field /content/1/name"},
		},
	},
	{
		sdk: goSDK, name: "empty text file",
		reason: "ResourceContents.Text is `json:\"text,omitempty\"`, so an empty text resource is sent with neither " +
			"text nor blob, which every revision's schema rejects",
		findings: map[string][]string{
			v1105: {"missing_field /contents/0/text"},
			v0326: {"missing_field /contents/0/text"},
			v0618: {"missing_field /contents/0/text"},
			v1125: {"missing_field /contents/0/text"},
			v0728: {"missing_field /contents/0/text"},
		},
	},
	{
		sdk: goSDK, name: "typed handler, slice output: array structuredContent and a JSON text block",
		reason: "the SDK sends non-object structured content (SEP-2106) unwrapped to clients of 2025-06-18 and " +
			"2025-11-25, whose schemas require an object (it only appends a JSON text block)",
		findings: map[string][]string{v0618: {"invalid_type /structuredContent"}, v1125: {"invalid_type /structuredContent"}},
	},
}

const (
	tsSDK = "@modelcontextprotocol/sdk"
	goSDK = "github.com/modelcontextprotocol/go-sdk"
	uct   = "unsupported_content_type"
	v1105 = result.V20241105
	v0326 = result.V20250326
	v0618 = result.V20250618
	v1125 = result.V20251125
	v0728 = result.V20260728
)

// sdkName is an entry's sdk without its version: "@scope/name@1.2.3" and
// "example.com/mod@v1.2.3" give "@scope/name" and "example.com/mod".
func sdkName(sdk string) string {
	if i := strings.LastIndexByte(sdk, '@'); i > 0 {
		return sdk[:i]
	}
	return sdk
}

// TestSDKCorpus: Validate accepts (no errors; warnings allowed) every tool
// and resource-read result that the official SDKs put on the wire, for the
// protocol revision it was sent under, except the known non-conforming ones
// above, which it must reject with exactly the listed codes.
func TestSDKCorpus(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "corpus", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no corpus files in ../testdata/corpus")
	}
	known := map[string][]string{} // sdk, revision and name → expected findings
	reasons := map[string]string{}
	for _, n := range corpusNonConforming {
		for rev, f := range n.findings {
			k := n.sdk + " " + rev + " " + n.name
			known[k], reasons[k] = f, n.reason
		}
	}
	total, rejected := 0, 0
	warnings := map[content.Code]int{}
	perSource := map[string]int{}
	seen := map[string]bool{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var entries []corpusEntry
		if err := json.Unmarshal(data, &entries); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if len(entries) == 0 {
			t.Errorf("%s: no results", f)
		}
		for i, e := range entries {
			key := sdkName(e.SDK) + " " + e.ProtocolVersion + " " + e.Name
			if e.SDK == "" || e.Name == "" || len(e.Result) == 0 || (e.Kind != result.KindTool && e.Kind != result.KindResource) {
				t.Errorf("%s: entry %d needs sdk, name, result and kind tool or resource", f, i)
				continue
			}
			if seen[key] {
				t.Errorf("%s: entry %d repeats %q", f, i, key)
				continue
			}
			seen[key] = true
			total++
			perSource[e.SDK+" "+e.ProtocolVersion]++
			what := fmt.Sprintf("%s %q (%s, %s)", e.SDK, e.Name, e.Kind, e.ProtocolVersion)
			v, err := content.ParseJSON(e.Result)
			if err != nil {
				t.Errorf("%s: ParseJSON: %v", what, err)
				continue
			}
			rep, err := result.Validate(v, result.ValidateOptions{Kind: e.Kind, ProtocolVersion: e.ProtocolVersion})
			if err != nil {
				t.Errorf("%s: Validate: %v", what, err)
				continue
			}
			for _, w := range rep.Warnings {
				warnings[w.Code]++
			}
			got := make([]string, len(rep.Errors))
			var msgs strings.Builder
			for j, x := range rep.Errors {
				got[j] = string(x.Code) + " " + x.Path
				msgs.WriteString("\n\t" + x.Error())
			}
			if want, ok := known[key]; ok {
				rejected++
				if rep.Valid || !slices.Equal(got, want) {
					t.Errorf("%s: listed as non-conforming (%s) with %q; Validate found:%s", what, reasons[key], want, msgs.String())
				}
				continue
			}
			if !rep.Valid || len(rep.Errors) > 0 {
				t.Errorf("%s rejected:%s\n\tresult: %s", what, msgs.String(), e.Result)
			}
		}
	}
	for k := range known {
		if !seen[k] {
			t.Errorf("non-conforming entry %q is not in the corpus", k)
		}
	}
	sources := make([]string, 0, len(perSource))
	for s := range perSource {
		sources = append(sources, s)
	}
	slices.Sort(sources)
	var b strings.Builder
	for _, s := range sources {
		fmt.Fprintf(&b, "\n\t%s: %d", s, perSource[s])
	}
	codes := make([]string, 0, len(warnings))
	for c := range warnings {
		codes = append(codes, string(c))
	}
	slices.Sort(codes)
	for _, c := range codes {
		fmt.Fprintf(&b, "\n\twarning %s: %d", c, warnings[content.Code(c)])
	}
	t.Logf("%d SDK results from %d files, %d of them known non-conforming and rejected:%s", total, len(files), rejected, b.String())
}
