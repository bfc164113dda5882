package docs

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mcpresult/mcpresult/abi"
)

// modulePath is the module path go.mod declares.
func modulePath() (string, error) {
	data, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return "", err
	}
	m := regexp.MustCompile(`(?m)^module\s+(\S+)\s*$`).FindSubmatch(data)
	if m == nil {
		return "", fmt.Errorf("go.mod declares no module")
	}
	return string(m[1]), nil
}

// isMainPackage reports whether dir (relative to root) holds a package main.
func isMainPackage(dir string) bool {
	files, _ := filepath.Glob(filepath.Join(root, dir, "*.go"))
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		data, err := os.ReadFile(f)
		if err == nil && regexp.MustCompile(`(?m)^package main\s*$`).Match(data) {
			return true
		}
	}
	return false
}

// installsThis checks that a one-line installation command installs what
// this repository is: go get of its module (or of one of its packages),
// go install of one of its commands at @latest or at the version it is
// (abi.ModuleVersion), or npm install of the npm package js/ is. These
// commands wait for the release to be published and are not run here (the
// proxy and the registry have no release yet); what a user runs until then,
// from a clone, is a clone block, which is run.
func installsThis(line string) error {
	f := strings.Fields(line)
	mod, err := modulePath()
	if err != nil {
		return err
	}
	inModule := func(p string) (string, bool) {
		if p == mod {
			return ".", true
		}
		rest, ok := strings.CutPrefix(p, mod+"/")
		return rest, ok
	}
	switch {
	case len(f) == 3 && f[0] == "go" && f[1] == "get":
		dir, ok := inModule(f[2])
		if !ok {
			return fmt.Errorf("go get %s: not the module %s or one of its packages", f[2], mod)
		}
		if files, _ := filepath.Glob(filepath.Join(root, dir, "*.go")); len(files) == 0 && dir != "." {
			return fmt.Errorf("go get %s: the repository has no package %s", f[2], dir)
		}
	case len(f) == 3 && f[0] == "go" && f[1] == "install":
		path, version, ok := strings.Cut(f[2], "@")
		if !ok {
			return fmt.Errorf("go install %s: no version (@latest, or @v%s)", f[2], abi.ModuleVersion)
		}
		if version != "latest" && version != "v"+abi.ModuleVersion {
			return fmt.Errorf("go install %s: the version is @latest or @v%s, the version the repository is", f[2], abi.ModuleVersion)
		}
		dir, ok := inModule(path)
		if !ok || !isMainPackage(dir) {
			return fmt.Errorf("go install %s: %s is not a command of the module %s", f[2], path, mod)
		}
	case len(f) == 3 && f[0] == "npm" && f[1] == "install":
		var pkg struct {
			Name string `json:"name"`
		}
		data, err := os.ReadFile(filepath.Join(root, "js", "package.json"))
		if err != nil {
			return err
		}
		if err := json.Unmarshal(data, &pkg); err != nil {
			return err
		}
		if f[2] != pkg.Name {
			return fmt.Errorf("npm install %s: the npm package is %s (js/package.json)", f[2], pkg.Name)
		}
	default:
		return fmt.Errorf("%q is not go get, go install or npm install of one thing", line)
	}
	return nil
}

// cloneWant is what testdata/clone/main.go prints: a result built by
// package result, and whether the module (package host) wrote the same
// bytes.
const cloneWant = `{"content":[{"type":"text","text":"from a clone"}],"isError":false} true` + "\n"

// runInClone runs a clone block as the README has a user run it: in a new
// module, a main that imports packages content, result and host
// (testdata/clone/main.go, whose host embeds the module and needs
// wazero), beside "mcpresult", a link to this repository, as a project
// sits beside its clone. The block runs with GOFLAGS=-mod=mod added and
// GOPROXY as the environment has it: the repository's own requirements come
// from the module cache, or the proxy. Then `go run -mod=readonly .` must
// build the module with the go.mod and go.sum the block left, and print
// cloneWant.
func runInClone(t *testing.T, b block) {
	dir := t.TempDir()
	repo, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(repo, filepath.Join(dir, "mcpresult")); err != nil {
		t.Fatal(err)
	}
	app := filepath.Join(dir, "app")
	if err := os.Mkdir(app, 0o755); err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join("testdata", "clone", "main.go"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(app, "main.go"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	gobin := filepath.Dir(goTool())
	env := append(os.Environ(),
		"PATH="+gobin+string(os.PathListSeparator)+os.Getenv("PATH"),
		"GOWORK=off",
		"GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS")+" -mod=mod"),
	)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	sh := func(script string) (string, error) {
		cmd := exec.CommandContext(ctx, "bash", "-e", "-o", "pipefail", "-c", script)
		cmd.Dir = app
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	// the user's project: a module of its own, before the README's commands
	if out, err := sh("go mod init example.com/app"); err != nil {
		t.Fatalf("go mod init: %v\n%s", err, out)
	}
	if out, err := sh(strings.Join(b.text, "\n")); err != nil {
		t.Fatalf("%s:%d: the commands failed in a module beside the clone: %v\n%s", b.page, b.line, err, out)
	}
	gomod, err := os.ReadFile(filepath.Join(app, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	mod, err := modulePath()
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^replace ` + regexp.QuoteMeta(mod) + ` => \.\./mcpresult$`).Match(gomod) {
		t.Errorf("%s:%d: after the commands, go.mod does not replace %s with ../mcpresult:\n%s", b.page, b.line, mod, gomod)
	}
	if !regexp.MustCompile(`(?m)^\s*(require\s+)?` + regexp.QuoteMeta(mod) + ` v\S+`).Match(gomod) {
		t.Errorf("%s:%d: after the commands, go.mod does not require %s:\n%s", b.page, b.line, mod, gomod)
	}
	cmd := exec.CommandContext(ctx, goTool(), "run", "-mod=readonly", ".")
	cmd.Dir = app
	cmd.Env = env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s:%d: after the commands, go run -mod=readonly . failed: %v\n%s\ngo.mod:\n%s", b.page, b.line, err, stderr.Bytes(), gomod)
	}
	if string(out) != cloneWant {
		t.Errorf("the module beside the clone printed\n%s\nwant\n%s", out, cloneWant)
	}
}

// tomlLineRE is one line of a flat TOML file of strings: key = "value".
var tomlLineRE = regexp.MustCompile(`^([a-z_]+)\s*=\s*"([^"\\]*)"$`)

// checkWranglerConfig reports the problems wranglerProblems finds in the
// README's wrangler.toml, quoted from src.
func checkWranglerConfig(t *testing.T, b block, src string) {
	problems, err := wranglerProblems(b.text, src)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Errorf("%s:%d: wrangler.toml: %s", b.page, b.line, p)
	}
}

// wranglerProblems checks a wrangler.toml, quoted from the example src,
// against what the tests run the Worker with: its main is src, which a
// test of js/test bundles and runs in workerd; its compatibility_date is
// the one the workerd config of those tests names
// (js/test/runtimes/workerd-bundle.js), no later than the pinned workerd
// (tools/runtimes/package.json, version 1.YYYYMMDD.N), which refuses a
// later date; and it sets nothing else but the Worker's name (no
// compatibility flag: that config sets none). The error is a file of the
// repository that could not be read as expected.
func wranglerProblems(lines []string, src string) (problems []string, err error) {
	keys := map[string]string{}
	for _, l := range lines {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		m := tomlLineRE.FindStringSubmatch(l)
		if m == nil {
			problems = append(problems, fmt.Sprintf("%q is not a line key = \"value\"", l))
			continue
		}
		keys[m[1]] = m[2]
	}
	for _, k := range slices.Sorted(maps.Keys(keys)) {
		switch k {
		case "name", "main", "compatibility_date":
		default:
			problems = append(problems, fmt.Sprintf("it sets %s, which the tests do not run the Worker with", k))
		}
	}
	if keys["main"] != filepath.Base(src) {
		problems = append(problems, fmt.Sprintf("main = %q, but the block is quoted from %s", keys["main"], src))
	}
	tests, _ := filepath.Glob(filepath.Join(root, "js", "test", "*.test.js"))
	bundled := false
	for _, f := range tests {
		data, err := os.ReadFile(f)
		if err == nil && bytes.Contains(data, []byte(`"examples", "`+filepath.Base(src)+`"`)) {
			bundled = true
		}
	}
	if !bundled {
		problems = append(problems, fmt.Sprintf("no test of js/test runs %s", src))
	}
	cfg, err := os.ReadFile(filepath.Join(root, "js", "test", "runtimes", "workerd-bundle.js"))
	if err != nil {
		return nil, err
	}
	m := regexp.MustCompile(`compatibilityDate = "(\d{4}-\d{2}-\d{2})"`).FindAllSubmatch(cfg, -1)
	if len(m) != 1 {
		return nil, fmt.Errorf("js/test/runtimes/workerd-bundle.js: found %d compatibilityDate settings, want one", len(m))
	}
	if bytes.Contains(cfg, []byte("compatibilityFlags")) {
		problems = append(problems, "js/test/runtimes/workerd-bundle.js sets compatibility flags, which the README's wrangler.toml does not")
	}
	var runtimes struct {
		DevDependencies map[string]string `json:"devDependencies"`
	}
	data, err := os.ReadFile(filepath.Join(root, "tools", "runtimes", "package.json"))
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(data, &runtimes); err != nil {
		return nil, fmt.Errorf("tools/runtimes/package.json: %v", err)
	}
	v := regexp.MustCompile(`^1\.(\d{4})(\d{2})(\d{2})\.\d+$`).FindStringSubmatch(runtimes.DevDependencies["workerd"])
	if v == nil {
		return nil, fmt.Errorf("tools/runtimes/package.json: workerd %q is not 1.YYYYMMDD.N", runtimes.DevDependencies["workerd"])
	}
	date, tested, pinned := keys["compatibility_date"], string(m[0][1]), v[1]+"-"+v[2]+"-"+v[3]
	switch {
	case !regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`).MatchString(date):
		problems = append(problems, fmt.Sprintf("compatibility_date %q is not YYYY-MM-DD (wrangler needs one)", date))
	case date > pinned:
		problems = append(problems, fmt.Sprintf("compatibility_date %s is later than the pinned workerd's %s, which refuses it", date, pinned))
	case date != tested:
		problems = append(problems, fmt.Sprintf("compatibility_date = %q, but the tests run the Worker in workerd with %q (js/test/runtimes/workerd-bundle.js)", date, tested))
	}
	return problems, nil
}

// esbuildOptionRE finds the options of an esbuild.build call whose values
// are string or boolean literals.
var esbuildOptionRE = regexp.MustCompile(`(\w+):\s*("[^"]*"|true|false)`)

// checkEsbuild reports the problems esbuildProblems finds in the README's
// esbuild command.
func checkEsbuild(t *testing.T, b block) {
	problems, err := esbuildProblems(firstLine(b))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Errorf("%s:%d: %s", b.page, b.line, p)
	}
}

// esbuildProblems checks an esbuild command against the build
// tools/browser/browser.test.mjs makes of the README's page
// (js/examples/webmcp.mjs) before it runs the page in Chromium: each flag
// of the command is an option of that build with the same value (the
// entry point and --outfile aside), and each of the options the page
// needs that the build sets (bundle, format, platform) is a flag of the
// command; the format is esm, as the page awaits load() at its top level,
// which esbuild's default for a browser bundle (an IIFE) refuses. The
// error is a file of the repository that could not be read as expected.
func esbuildProblems(line string) (problems []string, err error) {
	f := strings.Fields(line)
	if len(f) < 3 || f[0] != "npx" || f[1] != "esbuild" {
		return []string{fmt.Sprintf("%q is not an npx esbuild command", line)}, nil
	}
	data, err := os.ReadFile(filepath.Join(root, "tools", "browser", "browser.test.mjs"))
	if err != nil {
		return nil, err
	}
	text := string(data)
	if !strings.Contains(text, `join(jsDir, "examples", "webmcp.mjs")`) {
		return nil, fmt.Errorf("tools/browser/browser.test.mjs no longer bundles js/examples/webmcp.mjs")
	}
	// the first build is the one of the pages, the README's among them
	call := regexp.MustCompile(`(?s)await esbuild\.build\(\{(.*?)\}\);`).FindStringSubmatch(text)
	if call == nil {
		return nil, fmt.Errorf("tools/browser/browser.test.mjs: no esbuild.build({...}) call")
	}
	theirs := map[string]string{}
	for _, m := range esbuildOptionRE.FindAllStringSubmatch(call[1], -1) {
		theirs[m[1]] = strings.Trim(m[2], `"`)
	}
	needed := []string{"bundle", "format", "platform"}
	for _, need := range needed {
		if _, ok := theirs[need]; !ok {
			return nil, fmt.Errorf("tools/browser/browser.test.mjs: its esbuild build of the pages sets no %s (options %v)", need, theirs)
		}
	}
	ours := map[string]string{}
	entries := 0
	for _, a := range f[2:] {
		name, value, hasValue := strings.Cut(strings.TrimPrefix(a, "--"), "=")
		switch {
		case !strings.HasPrefix(a, "--"):
			entries++
			continue
		case name == "outfile":
			continue
		case !hasValue:
			value = "true"
		}
		ours[name] = value
		if theirs[name] != value {
			problems = append(problems, fmt.Sprintf("%s: tools/browser bundles the page with %s %q", a, name, theirs[name]))
		}
	}
	if entries != 1 {
		problems = append(problems, fmt.Sprintf("the command has %d entry points, want one", entries))
	}
	for _, need := range needed {
		if _, ok := ours[need]; !ok {
			want := "--" + need
			if theirs[need] != "true" {
				want += "=" + theirs[need]
			}
			problems = append(problems, fmt.Sprintf("the command lacks %s, with which tools/browser bundles the page", want))
		}
	}
	if ours["format"] != "esm" {
		problems = append(problems, fmt.Sprintf("the page awaits load() at its top level: the format must be esm, not %q", ours["format"]))
	}
	return problems, nil
}

// TestInstallChecks: the checks of the install, wrangler.toml and esbuild
// blocks accept what the README says and refuse what would not hold.
func TestInstallChecks(t *testing.T) {
	installs := []struct {
		line string
		ok   bool
	}{
		{"go get github.com/mcpresult/mcpresult", true},
		{"go get github.com/mcpresult/mcpresult/result", true},
		{"go get github.com/mcpresult/mcpresult/nosuch", false},
		{"go get github.com/mcpresult/other", false},
		{"go install github.com/mcpresult/mcpresult/cmd/mcpresult@latest", true},
		{"go install github.com/mcpresult/mcpresult/cmd/mcpresult@v" + abi.ModuleVersion, true},
		{"go install github.com/mcpresult/mcpresult/cmd/mcpresult@v0.0.1", false},
		{"go install github.com/mcpresult/mcpresult/cmd/mcpresult", false},
		{"go install github.com/mcpresult/mcpresult/host@latest", false},
		{"npm install mcpresult", true},
		{"npm install mcpresult-js", false},
		{"npm install mcpresult zod", false},
		{"pip install mcpresult", false},
	}
	for _, c := range installs {
		if err := installsThis(c.line); (err == nil) != c.ok {
			t.Errorf("installsThis(%q) = %v, want ok %v", c.line, err, c.ok)
		}
	}

	const src = "js/examples/worker-sdk.mjs"
	wranglers := []struct {
		name  string
		lines []string
		want  []string // a part of each problem, in order
	}{
		{"the README's", []string{`name = "quickstart-worker"`, `main = "worker-sdk.mjs"`, `compatibility_date = "2025-09-01"`}, nil},
		{"no date", []string{`main = "worker-sdk.mjs"`}, []string{"is not YYYY-MM-DD"}},
		{"another date", []string{`main = "worker-sdk.mjs"`, `compatibility_date = "2025-10-01"`}, []string{"the tests run the Worker in workerd with"}},
		{"past the pinned workerd", []string{`main = "worker-sdk.mjs"`, `compatibility_date = "2099-01-01"`}, []string{"later than the pinned workerd's"}},
		{"another main", []string{`main = "worker.mjs"`, `compatibility_date = "2025-09-01"`}, []string{"quoted from"}},
		{"a flag", []string{`main = "worker-sdk.mjs"`, `compatibility_date = "2025-09-01"`, `compatibility_flags = ["nodejs_compat"]`}, []string{"is not a line key"}},
		{"another key", []string{`main = "worker-sdk.mjs"`, `compatibility_date = "2025-09-01"`, `workers_dev = "true"`}, []string{"it sets workers_dev"}},
	}
	for _, c := range wranglers {
		problems, err := wranglerProblems(c.lines, src)
		if err != nil {
			t.Fatal(err)
		}
		if !matchProblems(problems, c.want) {
			t.Errorf("wrangler.toml %s: problems %q, want %q", c.name, problems, c.want)
		}
	}
	if problems, err := wranglerProblems([]string{`main = "quickstart.mjs"`, `compatibility_date = "2025-09-01"`}, "js/examples/quickstart.mjs"); err != nil || !matchProblems(problems, []string{"no test of js/test runs"}) {
		t.Errorf("wrangler.toml of an example no Worker test runs: problems %q, %v", problems, err)
	}

	esbuilds := []struct {
		line string
		want []string
	}{
		{"npx esbuild app.mjs --bundle --format=esm --platform=browser --outfile=app/app.js", nil},
		{"npx esbuild app.mjs --bundle --format=esm --platform=browser --target=es2022 --outfile=app/app.js", nil},
		{"npx esbuild app.mjs --bundle --platform=browser --outfile=app/app.js", []string{"lacks --format=esm", "format must be esm"}},
		{"npx esbuild app.mjs --bundle --format=iife --platform=browser --outfile=app/app.js", []string{"--format=iife", "format must be esm"}},
		{"npx esbuild app.mjs --format=esm --platform=browser --outfile=app/app.js", []string{"lacks --bundle"}},
		{"npx esbuild app.mjs --bundle --format=esm --platform=node --outfile=app/app.js", []string{"--platform=node"}},
		{"npx esbuild app.mjs --bundle --format=esm --platform=browser --minify --outfile=app/app.js", []string{"--minify"}},
		{"npx esbuild a.mjs b.mjs --bundle --format=esm --platform=browser --outdir=app", []string{"--outdir=app", "2 entry points"}},
		{"esbuild app.mjs --bundle --format=esm --platform=browser", []string{"not an npx esbuild command"}},
	}
	for _, c := range esbuilds {
		problems, err := esbuildProblems(c.line)
		if err != nil {
			t.Fatal(err)
		}
		if !matchProblems(problems, c.want) {
			t.Errorf("%s: problems %q, want %q", c.line, problems, c.want)
		}
	}
}

// matchProblems reports whether each problem holds the part of want at
// its place, as many as there are.
func matchProblems(problems, want []string) bool {
	if len(problems) != len(want) {
		return false
	}
	for i := range want {
		if !strings.Contains(problems[i], want[i]) {
			return false
		}
	}
	return true
}
