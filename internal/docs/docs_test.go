// Package docs holds the tests that keep the repository's documentation
// true: every code block a reader may copy from README.md, CONTRIBUTING.md,
// js/README.md and the pages under docs/ is a file that the tests compile
// or run, what such a file prints, or a command that they run, and every
// relative link leads to a file (and a heading) that exists.
package docs

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/mcpresult/mcpresult/internal/nodetest"
)

// root is the repository, two levels above this package.
const root = "../.."

// pages are the documents whose code blocks must be real: globs relative to
// root. CHANGELOG.md is left out: its entries describe the past.
var pages = []string{"README.md", "CONTRIBUTING.md", "ARCHITECTURE.md", "js/README.md", "docs/*.md"}

// linked are the documents whose relative links must resolve.
var linked = []string{"README.md", "CONTRIBUTING.md", "ARCHITECTURE.md", "CHANGELOG.md", "js/README.md", "docs/*.md"}

// How a code block is kept true.
type kind int

const (
	// inFile: the block appears, line for line, in a file that the tests
	// compile or run (an Example function, a main, a script a test runs).
	inFile kind = iota
	// makeTargets: each line is `make <target>` of a target the Makefile
	// defines (and CI runs).
	makeTargets
	// install: an installation command a user runs once.
	install
	// run: a shell command this test runs, from the repository's root,
	// with the command line built from this source first on the PATH; it
	// must exit 0.
	run
	// clone: shell commands run, as a project beside its clone of the
	// repository runs them, in a new Go module (a main that imports
	// packages of the repository: testdata/clone/main.go) beside a link to
	// the repository named mcpresult; after them the module must build,
	// with its go.mod and go.sum as they left them, and print what it
	// prints.
	clone
	// esbuild: an esbuild command each of whose options is one that
	// tools/browser (make test-browser) bundles the README's page with
	// before it runs it in Chromium, and which sets every option that
	// tools/browser sets of those the page needs.
	esbuild
	// printed: exactly what a script of jsExamples prints (file), which
	// TestJSExamples runs it to compare.
	printed
)

// source says where one block comes from.
type source struct {
	kind kind
	file string // inFile, printed: the file, relative to root
	node bool   // run: the command needs Node and js/node_modules
	// check, when set, checks more of an inFile block, given that file:
	// what it says against what the tests use.
	check func(t *testing.T, b block, file string)
}

// blocks names every code block of pages by its first line (trimmed): a
// block that is not in this table fails the test, and so does an entry no
// block has.
var blocks = map[string]source{
	// README.md (its first block is CONTRIBUTING.md's too)
	"make demo   # builds the example results in testdata/examples, then a real MCP client calls the example server": {kind: makeTargets},
	"go get github.com/mcpresult/mcpresult":                          {kind: install},
	"npm install mcpresult":                                          {kind: install},
	"go install github.com/mcpresult/mcpresult/cmd/mcpresult@latest": {kind: install},
	"// Content blocks, kept exactly as given.":                      {file: "result/example_quickstart_test.go"},
	`{"content":[{"type":"text","text":"Generated the plot."},{"type":"image","data":"iVBORw0KGgo=","mimeType":"image/png"},{"type":"resource_link","uri":"file:///srv/plot.svg","name":"plot.svg","mimeType":"image/svg+xml"}],"isError":false}`: {file: "result/example_quickstart_test.go"},
	`import { load, McpResultError } from "mcpresult";`:                                                           {file: "js/examples/api-quickstart.mjs"},
	`import { McpServer } from "@modelcontextprotocol/server"; // 1.x: "@modelcontextprotocol/sdk/server/mcp.js"`: {file: "js/examples/weather.mjs"},
	`mcpresult check --stdio "node js/examples/server.mjs"`:                                                       {kind: run, node: true},
	"@server.tool()": {file: "python/examples/quickstart.py"},
	// CONTRIBUTING.md
	"go build -o bin/mcpresult ./cmd/mcpresult":                        {kind: run},
	"go mod edit -replace github.com/mcpresult/mcpresult=../mcpresult": {kind: clone},
	// docs/check.md
	`mcpresult check         (--stdio "cmd args…" | --url URL) [--protocol V] [--calls calls.json] [--json] [--timeout 30s]`: {file: "cmd/mcpresult/main.go"},
	"name: mcp-check": {file: "docs/ci/github-actions.yml"},
	`mcpresult check --stdio "node server.js" --report sarif=check.sarif --report junit=check.xml`: {file: "cmd/mcpresult/help.go"},
	"{":           {file: "check/example_baseline_test.go"},
	"tool search": {file: "check/example_baseline_test.go"},
	// js/README.md (its first block is README.md's JS example, cut short)
	"const mcp = await load();": {file: "js/examples/quickstart.mjs"},
	`server.registerTool("weather", { description: "Weather for a city", inputSchema: { city: z.string() } },`: {file: "js/examples/sdk-quickstart.mjs"},
	`import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";`:                                     {file: "js/examples/quickstart.mjs"},
	`import { McpServer } from "@modelcontextprotocol/server";`:                                                {file: "js/examples/quickstart-v2.mjs"},
	"node quickstart.mjs                      # Node 18 and later":                                             {file: "js/test/quickstart.test.js"},
	`name = "quickstart-worker"`: {file: "js/examples/worker-sdk.mjs", check: checkWranglerConfig},
	"// The quick start's server in a Cloudflare Worker: McpServer over the SDK's":      {file: "js/examples/worker-sdk.mjs"},
	"npx esbuild app.mjs --bundle --format=esm --platform=browser --outfile=app/app.js": {kind: esbuild},
	`import { initializeWebMCPPolyfill } from "@mcp-b/webmcp-polyfill";`:                {file: "js/examples/webmcp.mjs"},
	"const page = mcp.appResource(PAGE_URI, PAGE, {":                                    {file: "js/examples/app.mjs"},
}

// jsExamples are the scripts of js/examples that the README's blocks come
// from, with what each prints: this test runs them with Node.
var jsExamples = map[string]string{
	"js/examples/api-quickstart.mjs": `{"content":[{"type":"text","text":"{\"ok\":true,\"count\":2}"}],"structuredContent":{"ok":true,"count":2},"isError":false}
{"content":[{"type":"text","text":"{\"ok\":true,\"count\":2}"}],"isError":false}
invalid_base64 /content/0/data
true empty_content,missing_text_fallback
`,
	"js/examples/sdk-quickstart.mjs": `{"city":"Oslo","tempC":3} false
say which city true
tool execution failed true
Error: lookup of Atlantis failed
`,
}

// block is one fenced code block of a page.
type block struct {
	page, lang string
	line       int // of the opening fence
	text       []string
}

// glob expands patterns relative to root into paths relative to root.
func glob(t *testing.T, patterns []string) []string {
	t.Helper()
	var out []string
	for _, p := range patterns {
		m, err := filepath.Glob(filepath.Join(root, p))
		if err != nil {
			t.Fatal(err)
		}
		if len(m) == 0 {
			t.Fatalf("no page matches %s", p)
		}
		for _, f := range m {
			rel, _ := filepath.Rel(root, f)
			out = append(out, filepath.ToSlash(rel))
		}
	}
	return out
}

// parse returns a page's fenced code blocks and its lines outside them.
func parse(t *testing.T, page string) (bs []block, prose []string, proseLine []int) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, page))
	if err != nil {
		t.Fatal(err)
	}
	var cur *block
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			if cur == nil {
				cur = &block{page: page, lang: strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(line), "`")), line: n}
			} else {
				bs = append(bs, *cur)
				cur = nil
			}
			continue
		}
		if cur != nil {
			cur.text = append(cur.text, line)
		} else {
			prose = append(prose, line)
			proseLine = append(proseLine, n)
		}
	}
	if cur != nil {
		t.Fatalf("%s:%d: a code block is never closed", page, cur.line)
	}
	return bs, prose, proseLine
}

// normalize makes lines comparable between a page and a source file: each
// line trimmed, and a leading comment marker (// of Go and JS) removed, so
// that a block may be quoted from a doc comment or an Example's output.
// Leading and trailing blank lines are dropped.
func normalize(lines []string) []string {
	out := make([]string, 0, len(lines))
	for _, l := range lines {
		l = strings.TrimSpace(l)
		if rest, ok := strings.CutPrefix(l, "//"); ok {
			l = strings.TrimSpace(rest)
		}
		out = append(out, l)
	}
	for len(out) > 0 && out[0] == "" {
		out = out[1:]
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return out
}

// contains reports whether want appears as consecutive lines of have.
func contains(have, want []string) bool {
	if len(want) == 0 {
		return true
	}
outer:
	for i := 0; i+len(want) <= len(have); i++ {
		for j := range want {
			if have[i+j] != want[j] {
				continue outer
			}
		}
		return true
	}
	return false
}

func firstLine(b block) string {
	for _, l := range b.text {
		if s := strings.TrimSpace(l); s != "" {
			return s
		}
	}
	return ""
}

func isShell(lang string) bool { return lang == "sh" || lang == "bash" || lang == "shell" }

// makeTargetRE finds the targets the Makefile defines.
var makeTargetRE = regexp.MustCompile(`(?m)^([a-zA-Z][a-zA-Z0-9_-]*)\s*:`)

// TestDocBlocks checks every code block of the pages against the table:
// a block quoted from a file appears there line for line, a make line
// names a target the Makefile defines, an installation command is one,
// and a command to run is run.
func TestDocBlocks(t *testing.T) {
	makefile, err := os.ReadFile(filepath.Join(root, "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	targets := map[string]bool{}
	for _, m := range makeTargetRE.FindAllStringSubmatch(string(makefile), -1) {
		targets[m[1]] = true
	}
	used := map[string]bool{}
	var toRun, clones []block
	for _, page := range glob(t, pages) {
		bs, _, _ := parse(t, page)
		for _, b := range bs {
			first := firstLine(b)
			src, ok := blocks[first]
			if !ok {
				t.Errorf("%s:%d: a code block that no file or command of the table keeps true (first line %q): add it to the table in docs_test.go, quoted from a file the tests run", b.page, b.line, first)
				continue
			}
			used[first] = true
			switch src.kind {
			case inFile:
				data, err := os.ReadFile(filepath.Join(root, src.file))
				if err != nil {
					t.Errorf("%s:%d: %v", b.page, b.line, err)
					continue
				}
				if !contains(normalize(strings.Split(string(data), "\n")), normalize(b.text)) {
					t.Errorf("%s:%d: the block is not in %s as it is written there (line for line, comment markers and indentation aside)", b.page, b.line, src.file)
				}
				if src.check != nil {
					src.check(t, b, src.file)
				}
			case makeTargets:
				if !isShell(b.lang) {
					t.Errorf("%s:%d: a block of commands is marked %q, not sh", b.page, b.line, b.lang)
				}
				for _, l := range b.text {
					cmd, _, _ := strings.Cut(l, "#")
					f := strings.Fields(cmd)
					switch {
					case len(f) == 0:
					case len(f) == 2 && f[0] == "make":
						if !targets[f[1]] {
							t.Errorf("%s:%d: make %s: the Makefile has no such target", b.page, b.line, f[1])
						}
					default:
						t.Errorf("%s:%d: %q is not a make command", b.page, b.line, l)
					}
				}
			case install:
				if !isShell(b.lang) || len(b.text) != 1 {
					t.Errorf("%s:%d: not a one-line installation command", b.page, b.line)
				} else if err := installsThis(first); err != nil {
					t.Errorf("%s:%d: %v", b.page, b.line, err)
				}
			case run:
				toRun = append(toRun, b)
			case clone:
				if !isShell(b.lang) {
					t.Errorf("%s:%d: a block of commands is marked %q, not sh", b.page, b.line, b.lang)
				}
				clones = append(clones, b)
			case esbuild:
				if !isShell(b.lang) || len(b.text) != 1 {
					t.Errorf("%s:%d: not a one-line command", b.page, b.line)
				} else {
					checkEsbuild(t, b)
				}
			case printed:
				want, ok := jsExamples[src.file]
				if !ok {
					t.Errorf("%s:%d: %s is not a script TestJSExamples runs", b.page, b.line, src.file)
				} else if got := strings.Join(b.text, "\n") + "\n"; got != want {
					t.Errorf("%s:%d: the block is not what %s prints (TestJSExamples):\n%s\nwant\n%s", b.page, b.line, src.file, got, want)
				}
			}
		}
	}
	for first := range blocks {
		if !used[first] {
			t.Errorf("no page has the block %q any more: remove it from the table", first)
		}
	}
	if len(toRun) == 0 && len(clones) == 0 {
		return
	}
	if testing.Short() {
		t.Skip("-short: the commands of the pages are not run")
	}
	for _, b := range clones {
		t.Run(filepath.Base(b.page)+":"+firstLine(b), func(t *testing.T) { runInClone(t, b) })
	}
	bin := t.TempDir()
	build := exec.Command(goTool(), "build", "-o", filepath.Join(bin, "mcpresult"), "./cmd/mcpresult")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the command line: %v\n%s", err, out)
	}
	for _, b := range toRun {
		src := blocks[firstLine(b)]
		t.Run(filepath.Base(b.page)+":"+firstLine(b), func(t *testing.T) {
			if src.node {
				needNode(t, "js")
			}
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, "bash", "-o", "pipefail", "-c", strings.Join(b.text, "\n"))
			cmd.Dir = root
			cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Errorf("%s:%d: the command failed: %v\n%s", b.page, b.line, err, out)
			}
		})
	}
}

// TestJSExamples runs the scripts of js/examples that the README quotes,
// and checks what they print.
func TestJSExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the JS examples are not run")
	}
	needNode(t, "js")
	for file, want := range jsExamples {
		t.Run(filepath.Base(file), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, "node", file)
			cmd.Dir = root
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("node %s: %v\n%s", file, err, stderr.Bytes())
			}
			if string(out) != want {
				t.Errorf("node %s printed\n%s\nwant\n%s", file, out, want)
			}
		})
	}
}

// needNode skips a test where node or the packages of the folders dirs
// (installed by npm ci in each, which make test does first) are missing,
// saying which, or fails it with MCPRESULT_REQUIRE_NODE=1 (package
// nodetest).
func needNode(t *testing.T, dirs ...string) {
	t.Helper()
	nodetest.Need(t, root, dirs...)
}

func goTool() string {
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	return filepath.Join(runtime.GOROOT(), "bin", "go")
}

// linkRE finds the targets of Markdown links, [text](target).
var linkRE = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// TestDocLinks checks that every relative link of the pages leads to a file
// or folder that exists, and that an anchor names a heading of its page.
func TestDocLinks(t *testing.T) {
	anchors := map[string]map[string]bool{}
	anchorsOf := func(page string) map[string]bool {
		if a, ok := anchors[page]; ok {
			return a
		}
		_, prose, _ := parse(t, page)
		a := map[string]bool{}
		for _, l := range prose {
			if strings.HasPrefix(l, "#") {
				a[slug(strings.TrimLeft(l, "#"))] = true
			}
		}
		anchors[page] = a
		return a
	}
	for _, page := range glob(t, linked) {
		_, prose, lines := parse(t, page)
		for i, l := range prose {
			for _, m := range linkRE.FindAllStringSubmatch(l, -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				path, frag, _ := strings.Cut(target, "#")
				dest := page
				if path != "" {
					dest = filepath.ToSlash(filepath.Join(filepath.Dir(page), path))
					if _, err := os.Stat(filepath.Join(root, dest)); err != nil {
						t.Errorf("%s:%d: the link %s leads nowhere: %v", page, lines[i], target, errors.Unwrap(err))
						continue
					}
				}
				if frag != "" {
					if !strings.HasSuffix(dest, ".md") {
						t.Errorf("%s:%d: the link %s has an anchor into a file that is not a page", page, lines[i], target)
					} else if !anchorsOf(dest)[frag] {
						t.Errorf("%s:%d: the link %s: %s has no heading #%s", page, lines[i], target, dest, frag)
					}
				}
			}
		}
	}
}

// slug is the anchor GitHub gives a heading: lower case, punctuation
// dropped, spaces as hyphens.
func slug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// frontPageLines is the most lines README.md may have: it is the front
// page (what mcpresult is, which piece a reader needs, install, an example
// in Go and in JS, what each revision gets, check, where the rest lives);
// what explains one package is that package's documentation, and working
// on the repository is CONTRIBUTING.md.
const frontPageLines = 200

// TestFrontPage checks that README.md stays a front page, and that its
// first code block is the two commands of the repository (make demo, make
// test), which CONTRIBUTING.md explains.
func TestFrontPage(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(data, []byte("\n")); n > frontPageLines {
		t.Errorf("README.md has %d lines, more than a front page's %d: move what explains one package to its documentation", n, frontPageLines)
	}
	for _, page := range []string{"README.md", "CONTRIBUTING.md"} {
		bs, _, _ := parse(t, page)
		if len(bs) == 0 || !strings.HasPrefix(firstLine(bs[0]), "make demo ") || len(normalize(bs[0].text)) != 2 || !strings.HasPrefix(strings.TrimSpace(bs[0].text[1]), "make test ") {
			t.Errorf("%s: the first code block is not the two commands, make demo and make test", page)
		}
	}
}
