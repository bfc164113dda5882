package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpresult/mcpresult/internal/decimal"
	"github.com/mcpresult/mcpresult/sdk"
)

// TestJSFactsAreCurrent fails when js/src/facts.js, js/src/facts.d.ts or
// js/package.json's version says otherwise than the Go packages.
func TestJSFactsAreCurrent(t *testing.T) {
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	s, err := goFacts()
	if err != nil {
		t.Fatal(err)
	}
	generated := false // a file go generate writes drifted
	for _, p := range check(root, s) {
		t.Error(p)
		generated = generated || strings.HasPrefix(p, jsFile+":") || strings.HasPrefix(p, dtsFile+":")
	}
	if generated {
		t.Log("run go generate ./internal/cmd/jsfacts")
	}
}

// TestJSFactsDriftIsNamed changes one fact on one side and expects the check to
// name that fact, and only it.
func TestJSFactsDriftIsNamed(t *testing.T) {
	s, err := goFacts()
	if err != nil {
		t.Fatal(err)
	}
	// tree writes the files rendered from s, a package.json of version and
	// an index.d.ts that states s's prose, into a new root.
	tree := func(t *testing.T, s set, version string) string {
		root := t.TempDir()
		if err := os.MkdirAll(filepath.Join(root, "js", "src"), 0o755); err != nil {
			t.Fatal(err)
		}
		js, dts := s.render()
		files := map[string]string{
			jsFile:      string(js),
			dtsFile:     string(dts),
			packageFile: `{"name": "mcpresult", "version": "` + version + `"}`,
			typesFile:   "/** Settings:\n * " + s.prose[0].text + ",\n * and " + s.prose[1].text + ". */\n",
			sdkTypes:    "export const RESOURCE_READ_FAILED_TEXT: " + strconv.Quote(sdk.ResourceReadFailedText) + ";\nexport const ABI_VERSION: typeof AbiVersion;\n",
		}
		for name, data := range files {
			if err := os.WriteFile(filepath.Join(root, filepath.FromSlash(name)), []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return root
	}
	// changed is s with the fact name's literals replaced.
	changed := func(s set, name, js, ts string) set {
		out := set{types: s.types, version: s.version}
		for _, f := range s.facts {
			if f.name == name {
				f.js, f.ts = js, ts
			}
			out.facts = append(out.facts, f)
		}
		return out
	}
	expect := func(t *testing.T, problems []string, want ...string) {
		t.Helper()
		for _, p := range problems {
			t.Log(p)
		}
		if len(problems) != len(want) {
			t.Fatalf("%d problems, want %d", len(problems), len(want))
		}
		for i, w := range want {
			if !strings.Contains(problems[i], w) {
				t.Errorf("problem %q does not name %q", problems[i], w)
			}
		}
	}

	t.Run("none", func(t *testing.T) {
		expect(t, check(tree(t, s, s.version), s))
	})
	t.Run("the JS file", func(t *testing.T) {
		// the generated files of the Go packages, then one edited by hand
		root := tree(t, s, s.version)
		p := filepath.Join(root, filepath.FromSlash(jsFile))
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		edited := strings.Replace(string(data), "export const NODE_ALLOWANCE = 64;", "export const NODE_ALLOWANCE = 65;", 1)
		if edited == string(data) {
			t.Fatal("no NODE_ALLOWANCE of 64 to change")
		}
		if err := os.WriteFile(p, []byte(edited), 0o644); err != nil {
			t.Fatal(err)
		}
		expect(t, check(root, s), "js/src/facts.js: NODE_ALLOWANCE drifted from abi.NodeAllowance: the file has 65, the Go packages give 64")
	})
	t.Run("the Go packages", func(t *testing.T) {
		// files generated before a Go constant changed
		root := tree(t, s, s.version)
		moved := changed(s, "DEFAULT_MAX_NODES", "200000", "200000")
		expect(t, check(root, moved),
			"js/src/facts.js: DEFAULT_MAX_NODES drifted from result.DefaultMaxNodes: the file has 100000, the Go packages give 200000",
			"js/src/facts.d.ts: DEFAULT_MAX_NODES drifted from result.DefaultMaxNodes: the file has 100000, the Go packages give 200000")
	})
	t.Run("a union type", func(t *testing.T) {
		root := tree(t, s, s.version)
		more := set{facts: s.facts, version: s.version}
		for _, ty := range s.types {
			if ty.name == "KnownErrorCode" {
				ty.members = append(append([]string(nil), ty.members...), "new_code")
			}
			more.types = append(more.types, ty)
		}
		expect(t, check(root, more), `js/src/facts.d.ts: KnownErrorCode drifted from content.Codes: the file lacks "new_code"`)
	})
	t.Run("the package version", func(t *testing.T) {
		expect(t, check(tree(t, s, "9.9.9"), s), `js/package.json: version drifted from abi.ModuleVersion: the file has "9.9.9"`)
	})
	t.Run("the hand-written declarations", func(t *testing.T) {
		wider := set{facts: s.facts, types: s.types, version: s.version, prose: append([]prose(nil), s.prose...)}
		wider.prose[1].text = strings.Replace(wider.prose[1].text, "10,000,000", "20,000,000", 1)
		expect(t, check(tree(t, s, s.version), wider), "js/index.d.ts: does not give the range and default of maxNodes as the Go packages do: (1..20,000,000, default 100,000)")
	})
	t.Run("a hand-written constant", func(t *testing.T) {
		root := tree(t, s, s.version)
		p := filepath.Join(root, filepath.FromSlash(sdkTypes))
		if err := os.WriteFile(p, []byte("export const RESOURCE_READ_FAILED_TEXT: \"read failed\";\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		expect(t, check(root, s), `js/sdk.d.ts: declares RESOURCE_READ_FAILED_TEXT as "read failed", the Go packages give "resource read failed" (sdk.ResourceReadFailedText`)
	})
	t.Run("outside the facts", func(t *testing.T) {
		root := tree(t, s, s.version)
		p := filepath.Join(root, filepath.FromSlash(dtsFile))
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, append(data, "// a note\n"...), 0o644); err != nil {
			t.Fatal(err)
		}
		expect(t, check(root, s), "js/src/facts.d.ts: differs from what jsfacts writes")
	})
}

// TestGrouped checks the grouping of digits.
func TestGrouped(t *testing.T) {
	for n, want := range map[int]string{1: "1", 512: "512", 1000: "1,000", 100000: "100,000", 64000000: "64,000,000"} {
		if got := decimal.Grouped(n); got != want {
			t.Errorf("decimal.Grouped(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestLowestAccepted checks the search for a range's lower end.
func TestLowestAccepted(t *testing.T) {
	for _, lo := range []int{1, 2, 511, 512, 1000} {
		got, err := lowestAccepted(func(n int) bool { return n >= lo }, 1000)
		if err != nil || got != lo {
			t.Errorf("lowest of %d..1000: %d, %v", lo, got, err)
		}
	}
	if _, err := lowestAccepted(func(int) bool { return false }, 1000); err == nil {
		t.Error("no error for a range without its upper end")
	}
}
