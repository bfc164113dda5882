package check

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpresult/mcpresult/content"
)

// TestCodesDocumented: Codes lists every code of this package (its Code…
// constants, each of type Code), once, none of them a code of
// result.Validate; and each is explained in the package documentation
// (doc.go) and listed in the command's page (docs/check.md), so that a new
// one cannot be left out.
func TestCodesDocumented(t *testing.T) {
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, ".", func(fi os.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	if err != nil {
		t.Fatal(err)
	}
	consts := map[Code]string{} // value → constant
	for _, f := range pkgs["check"].Files {
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, spec := range g.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, name := range vs.Names {
					if !strings.HasPrefix(name.Name, "Code") || i >= len(vs.Values) {
						continue
					}
					lit, ok := vs.Values[i].(*ast.BasicLit)
					if !ok || lit.Kind != token.STRING {
						continue
					}
					if typ, ok := vs.Type.(*ast.Ident); !ok || typ.Name != "Code" {
						t.Errorf("%s is not of type Code", name.Name)
					}
					v, _ := strconv.Unquote(lit.Value)
					consts[Code(v)] = name.Name
				}
			}
		}
	}
	if len(consts) < 30 {
		t.Fatalf("%d codes found: %v", len(consts), consts)
	}
	listed := map[Code]bool{}
	for _, c := range Codes() {
		if listed[c] {
			t.Errorf("Codes lists %s twice", c)
		}
		listed[c] = true
		if _, ok := consts[c]; !ok {
			t.Errorf("Codes lists %s, which no Code… constant is", c)
		}
	}
	for c, name := range consts {
		if !listed[c] {
			t.Errorf("%s (%s) is not in Codes", c, name)
		}
	}
	for _, c := range content.Codes() {
		if listed[Code(c)] {
			t.Errorf("%s is a code of result.Validate too", c)
		}
	}
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join("..", "docs", "check.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, code := range Codes() {
		if !strings.Contains(string(doc), string(code)) {
			t.Errorf("%s (%s) is not in doc.go", code, consts[code])
		}
		if !strings.Contains(string(page), "`"+string(code)+"`") {
			t.Errorf("%s (%s) is not in docs/check.md", code, consts[code])
		}
	}
}
