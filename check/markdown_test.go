package check

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"
)

const sampleMarkdown = "## ❌ mcpresult check failed: 2 errors, 2 warnings, 5 info; 1 revision checked, 1 skipped, 1 failed; 3 tool calls, 2 resource reads\n" +
	"\n" +
	"Target `node server.mjs --port 0`, server `weather` `1.2.0`, 1.5s.\n" +
	"\n" +
	"- `2024-11-05` skipped: server does not speak 2024-11-05 (it answered \"2025-06-18\")\n" +
	"- `2025-11-25` failed: initialize failed\\: EOF; the server exited (exit status 1); its stderr ends with\\:\\\\n    boom\n" +
	"\n" +
	"|  | `2024-11-05` | `2025-06-18` | `2025-11-25` |\n" +
	"|---|---|---|---|\n" +
	"| session | skipped | ⚠️ `too_many_tools` | ❌ failed |\n" +
	"| tool `forecast` | skipped | ❌ `missing_text_fallback` | ❌ failed |\n" +
	"| tool `greet` | skipped | ℹ️ `result_size` +1 | ❌ failed |\n" +
	"| resource `memory://a` | skipped | ✅ | ❌ failed |\n" +
	"| resource `memory://b` | skipped | ❌ `no_response` | ❌ failed |\n" +
	"\n" +
	"### Findings\n" +
	"\n" +
	"#### `2025-06-18` · session\n" +
	"\n" +
	"- ⚠️ **warning** `too_many_tools`: tools/list lists more than 2 tools\\: the first 2 listed are called, the others are not\n" +
	"- ℹ️ **info** `results_not_kept`: the report keeps at most 64 MiB of results\\: 2 checked after that are not in it\n" +
	"\n" +
	"#### `2025-06-18` · tool `forecast`\n" +
	"\n" +
	"- ❌ **error** `missing_text_fallback` call 1 at `/content`: structured content without a text copy\n" +
	"- ⚠️ **warning** `unsafe_integer` call 1 at `/structuredContent/t`: an integer past 2^53\n" +
	"- ℹ️ **info** `result_size` call 1: 43 bytes\n" +
	"- ℹ️ **info** `tool_error_for_invalid_arguments` call 2 at `/error/code`: answered with -32602\n" +
	"\n" +
	"#### `2025-06-18` · tool `greet`\n" +
	"\n" +
	"- ℹ️ **info** `result_size` call 1: 60 bytes\n" +
	"- ℹ️ **info** `result_tokens` call 1: 1 token\n" +
	"\n" +
	"#### `2025-06-18` · resource `memory://b`\n" +
	"\n" +
	"- ❌ **error** `no_response`: no answer within 30s\n"

func TestWriteMarkdown(t *testing.T) {
	var b bytes.Buffer
	if err := sampleReport().WriteMarkdown(&b); err != nil {
		t.Fatal(err)
	}
	if b.String() != sampleMarkdown {
		t.Errorf("got:\n%s\nwant:\n%s", b.String(), sampleMarkdown)
	}

	// A clean run passes; a revision without a tool of another is "—".
	r := &Report{Target: "t", Revisions: []*RevisionReport{
		{Revision: "2025-03-26", Status: StatusChecked, Tools: []*ToolReport{{Name: "a", Calls: []*CallReport{{}}}}},
		{Revision: "2025-06-18", Status: StatusChecked, Tools: []*ToolReport{{Name: "a", Calls: []*CallReport{{}}}, {Name: "b"}}},
	}}
	r.finish(nil, time.Second)
	b.Reset()
	if err := r.WriteMarkdown(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"## ✅ mcpresult check passed: 0 errors, 0 warnings, 0 info; 2 revisions checked; 2 tool calls, 0 resource reads\n",
		"| tool `a` | ✅ | ✅ |\n", "| tool `b` | — | not called |\n"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("lacks %q:\n%s", want, b.String())
		}
	}
	if strings.Contains(b.String(), "### Findings") {
		t.Errorf("a findings heading without findings:\n%s", b.String())
	}
}

// mdHostile is what a hostile server names its tools, resources and
// messages with: Markdown and HTML that would make a link, an image, a
// cell, emphasis, a mention, a heading, a code span's end; a line break
// with a workflow command after it; escapes; and an API key.
const mdHostile = "x|y` ``<img src=x onerror=alert(1)>*b*_i_[l](https://e.example)![i](https://e.example/i.png)\n## h\n::error::x @everyone www.e.example <b>\x1b[31m " + hostileSecretKey

// codeSpan is a Markdown code span, as mdCode writes one.
var codeSpan = regexp.MustCompile("(`+)( ?)(.*?)( ?)(`+)")

// outsideCodeSpans returns a line of Markdown with its code spans removed,
// and reports a code span whose fence is not closed by one as long.
func outsideCodeSpans(line string) (string, bool) {
	var b strings.Builder
	for {
		i := strings.IndexByte(line, '`')
		if i < 0 {
			b.WriteString(line)
			return b.String(), true
		}
		if i > 0 && line[i-1] == '\\' {
			b.WriteString(line[:i+1])
			line = line[i+1:]
			continue
		}
		b.WriteString(line[:i])
		n := len(line[i:]) - len(strings.TrimLeft(line[i:], "`"))
		rest := line[i+n:]
		end := -1
		for j := 0; j < len(rest); {
			k := strings.IndexByte(rest[j:], '`')
			if k < 0 {
				break
			}
			m := len(rest[j+k:]) - len(strings.TrimLeft(rest[j+k:], "`"))
			if m == n {
				end = j + k
				break
			}
			j += k + m
		}
		if end < 0 {
			return "", false
		}
		b.WriteString("CODE")
		line = rest[end+n:]
	}
}

func TestMarkdownHostile(t *testing.T) {
	r := &Report{Target: mdHostile, Server: &ServerInfo{Name: mdHostile, Version: mdHostile}, Error: mdHostile, Revisions: []*RevisionReport{
		{Revision: "2025-06-18", Status: StatusFailed, Reason: mdHostile,
			Tools:     []*ToolReport{{Name: mdHostile, Calls: []*CallReport{{Findings: []Finding{{Severity: Error, Code: "c", Path: "/" + mdHostile, Message: mdHostile}}}}}},
			Resources: []*ResourceReport{{URI: mdHostile, Findings: []Finding{{Severity: Warning, Code: "c", Path: "/" + hostileSecretKey, Message: mdHostile}}}},
			Findings:  []Finding{{Severity: Info, Code: "c", Message: mdHostile}}},
	}}
	r.finish(nil, time.Second)
	var b bytes.Buffer
	if err := r.WriteMarkdown(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if strings.Contains(out, hostileSecretKey[10:]) {
		t.Errorf("the secret is written:\n%s", out)
	}
	if i := unsafeIn(out); i >= 0 {
		t.Errorf("a raw control character at %d:\n%s", i, out)
	}
	ours := regexp.MustCompile(`^(?:## [✅❌] mcpresult check |#### |### Findings$|- |\| |\|---\||Target |\*\*Error:\*\* |$)`)
	for _, line := range strings.Split(out, "\n") {
		if !ours.MatchString(line) {
			t.Errorf("a line of the server's own: %q", line)
		}
		if strings.HasPrefix(line, "|---|") {
			continue
		}
		text, ok := outsideCodeSpans(line)
		if !ok {
			t.Errorf("a code span that does not end: %q", line)
			continue
		}
		for _, mark := range []string{"**error**", "**warning**", "**info**", "**Error:**"} {
			text = strings.ReplaceAll(text, mark, "")
		}
		text = strings.TrimLeft(text, "#- ")
		if strings.HasPrefix(line, "| ") {
			// A row has as many cells as the header: unescaped |, one per
			// cell and one more.
			if n := len(regexp.MustCompile(`(^|[^\\])\|`).FindAllString(strings.ReplaceAll(text, "||", "| |"), -1)); n != 3 {
				t.Errorf("a row of %d cells: %q", n-1, line)
			}
			text = regexp.MustCompile(`(^|[^\\])\|`).ReplaceAllString(text, "$1")
		}
		for i := 0; i < len(text); i++ {
			if strings.IndexByte("<>*_[]!`|&", text[i]) >= 0 && (i == 0 || text[i-1] != '\\') {
				t.Errorf("%q unescaped at %d in %q (of %q)", text[i], i, text, line)
			}
			if text[i] == '@' && !strings.HasPrefix(text[i+1:], "\u2060") {
				t.Errorf("an @ that would mention: %q", line)
			}
			if text[i] == '\\' {
				i++
			}
		}
	}
	for _, want := range []string{"| tool ```x\\|y` ``<img src=x onerror=alert(1)>*b*_i_[l](https://e.example)![i](https://e.example/i.png)\\n## h\\n::error::x @everyone www.e.example <b>\\x1b[31m [redacted]``` |",
		" at `/[redacted]`: "} {
		if !strings.Contains(out, want) {
			t.Errorf("lacks %q:\n%s", want, out)
		}
	}
}

func TestMarkdownLimit(t *testing.T) {
	var calls []*CallReport
	for i := range 20000 {
		calls = append(calls, &CallReport{Findings: []Finding{{Severity: Warning, Code: "c", Path: "/" + strings.Repeat("p", 40), Message: fmt.Sprint("message ", i, strings.Repeat(" m", 20))}}})
	}
	r := &Report{Target: "t", Revisions: []*RevisionReport{{Revision: "2025-06-18", Status: StatusChecked, Tools: []*ToolReport{{Name: "a", Calls: calls}}}}}
	r.finish(nil, time.Second)
	var b bytes.Buffer
	if err := r.WriteMarkdown(&b); err != nil {
		t.Fatal(err)
	}
	if b.Len() > MarkdownLimit {
		t.Errorf("%d bytes, more than %d", b.Len(), MarkdownLimit)
	}
	m := regexp.MustCompile(`\n(\d+) of 20000 findings left out here \(the JSON report has them all\)\.\n$`).FindStringSubmatch(b.String())
	if m == nil {
		t.Fatalf("no line says what was left out: ...%s", b.String()[b.Len()-300:])
	}
	if listed := strings.Count(b.String(), "\n- ⚠️ "); fmt.Sprint(20000-listed) != m[1] {
		t.Errorf("%d listed, %s left out", listed, m[1])
	}
}

// TestVerdict: the verdict of the Markdown and HTML reports fails what the
// command's --fail-on fails, and always a run that could not check
// everything.
func TestVerdict(t *testing.T) {
	for _, tc := range []struct {
		errors, warnings int
		failed           bool
		failOn           string
		passed           bool
	}{
		{0, 0, false, "", true},
		{1, 0, false, "", false},
		{0, 1, false, "", true},
		{0, 1, false, "error", true},
		{0, 1, false, "warning", false},
		{0, 0, false, "warning", true},
		{1, 1, false, "never", true},
		{0, 0, true, "never", false},
	} {
		r := &Report{Totals: Totals{Errors: tc.errors, Warnings: tc.warnings}}
		if tc.failed {
			r.Error = "the server could not be started"
		}
		var md, page bytes.Buffer
		if err := r.WriteMarkdownWith(&md, Verdict{FailOn: tc.failOn}); err != nil {
			t.Fatal(err)
		}
		if err := r.WriteHTMLWith(&page, Verdict{FailOn: tc.failOn}); err != nil {
			t.Fatal(err)
		}
		mdPassed := strings.HasPrefix(md.String(), "## ✅ mcpresult check passed: ")
		htmlPassed := strings.Contains(page.String(), `<h1 id="verdict" class="passed">✓ mcpresult check passed</h1>`)
		if mdPassed != tc.passed || htmlPassed != tc.passed || !mdPassed && !strings.HasPrefix(md.String(), "## ❌ mcpresult check failed: ") {
			t.Errorf("%+v: markdown %q, html passed %v", tc, strings.SplitN(md.String(), "\n", 2)[0], htmlPassed)
		}
	}
}
