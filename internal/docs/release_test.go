package docs

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"github.com/mcpresult/mcpresult/abi"
)

// TestOneVersion: the Go packages (abi.ModuleVersion, which the module's
// info op and mcpresult --version report), the npm package and its
// lockfile, the Python package (pyproject.toml and mcpresult.__version__),
// and the newest version of CHANGELOG.md are one version.
func TestOneVersion(t *testing.T) {
	want := abi.ModuleVersion
	if !regexp.MustCompile(`^\d+\.\d+\.\d+$`).MatchString(want) {
		t.Fatalf("abi.ModuleVersion %q is not MAJOR.MINOR.PATCH", want)
	}
	var pkg struct {
		Version string `json:"version"`
	}
	readJSON(t, "js/package.json", &pkg)
	if pkg.Version != want {
		t.Errorf("js/package.json: version %q, abi.ModuleVersion %q", pkg.Version, want)
	}
	var lock struct {
		Version  string `json:"version"`
		Packages map[string]struct {
			Version string `json:"version"`
		} `json:"packages"`
	}
	readJSON(t, "js/package-lock.json", &lock)
	if lock.Version != want || lock.Packages[""].Version != want {
		t.Errorf("js/package-lock.json: version %q (root package %q), abi.ModuleVersion %q (run npm install in js/)", lock.Version, lock.Packages[""].Version, want)
	}
	// the Python package: its pyproject.toml and the __version__ it reports
	for _, c := range []struct{ file, pattern string }{
		{"python/pyproject.toml", `(?m)^version = "([^"]*)"$`},
		{"python/src/mcpresult/__init__.py", `(?m)^__version__ = "([^"]*)"$`},
	} {
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(c.file)))
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if m := regexp.MustCompile(c.pattern).FindSubmatch(data); m != nil {
			got = string(m[1])
		}
		if got != want {
			t.Errorf("%s: the version is %q, abi.ModuleVersion %q", c.file, got, want)
		}
	}
	changelog, err := os.ReadFile(filepath.Join(root, "CHANGELOG.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^## \[(\d+\.\d+\.\d+)\]`).FindSubmatch(changelog)
	if m == nil || string(m[1]) != want {
		t.Errorf("CHANGELOG.md: the newest version heading is %q, abi.ModuleVersion %q", m, want)
	}
}

// TestPublishedFiles: the npm package and the Python package ship the
// license, a copy of the repository's, and name their repository; what npm
// pack lists is checked by CI (.ci/run) with npm itself, and the Python
// wheel and sdist by make check-python-install.
func TestPublishedFiles(t *testing.T) {
	license, err := os.ReadFile(filepath.Join(root, "LICENSE"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(license, []byte("MIT License\n")) {
		t.Error("LICENSE is not the MIT license")
	}
	for _, dir := range []string{"js", "python"} {
		copied, err := os.ReadFile(filepath.Join(root, dir, "LICENSE"))
		if err != nil || !bytes.Equal(copied, license) {
			t.Errorf("%s/LICENSE is not a copy of LICENSE (cp LICENSE %s/LICENSE): %v", dir, dir, err)
		}
	}
	var pkg struct {
		License    string   `json:"license"`
		Files      []string `json:"files"`
		Repository struct {
			Type, URL, Directory string
		} `json:"repository"`
		Homepage string `json:"homepage"`
		Bugs     struct {
			URL string `json:"url"`
		} `json:"bugs"`
		Keywords []string `json:"keywords"`
	}
	readJSON(t, "js/package.json", &pkg)
	if pkg.License != "MIT" || !slices.Contains(pkg.Files, "LICENSE") {
		t.Errorf("js/package.json: license %q, files %v: want MIT and LICENSE among the files", pkg.License, pkg.Files)
	}
	if pkg.Repository.Type != "git" || pkg.Repository.URL != "git+https://github.com/mcpresult/mcpresult.git" || pkg.Repository.Directory != "js" {
		t.Errorf("js/package.json: repository %+v", pkg.Repository)
	}
	if pkg.Homepage == "" || pkg.Bugs.URL == "" || len(pkg.Keywords) == 0 {
		t.Errorf("js/package.json: homepage %q, bugs %q, keywords %v: all are needed", pkg.Homepage, pkg.Bugs.URL, pkg.Keywords)
	}
	pyproject, err := os.ReadFile(filepath.Join(root, "python", "pyproject.toml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{
		`license = "MIT"`,
		`license-files = ["LICENSE"]`,
		`readme = "README.md"`,
		`requires-python = ">=3.10"`,
		`Repository = "https://github.com/mcpresult/mcpresult"`,
		`Issues = "https://github.com/mcpresult/mcpresult/issues"`,
		`"Typing :: Typed",`,
		"keywords = [",
		"description = ",
		"authors = [",
	} {
		if !bytes.Contains(pyproject, []byte(line)) {
			t.Errorf("python/pyproject.toml has no %s", line)
		}
	}
}

func readJSON(t *testing.T, name string, v any) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// versionForDocs is the version the documentation installs: the release's.
func versionForDocs() string { return abi.ModuleVersion }
