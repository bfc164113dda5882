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
)

// TestCodesDocumented: every code of this package (its Code… constants) is
// explained in the package documentation (doc.go) and listed in the
// command's page (docs/check.md), so that a new one cannot be left out.
func TestCodesDocumented(t *testing.T) {
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, ".", func(fi os.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	if err != nil {
		t.Fatal(err)
	}
	codes := map[string]string{} // value → constant
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
					if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
						v, _ := strconv.Unquote(lit.Value)
						codes[v] = name.Name
					}
				}
			}
		}
	}
	if len(codes) < 30 {
		t.Fatalf("%d codes found: %v", len(codes), codes)
	}
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join("..", "docs", "check.md"))
	if err != nil {
		t.Fatal(err)
	}
	for code, name := range codes {
		if !strings.Contains(string(doc), code) {
			t.Errorf("%s (%s) is not in doc.go", code, name)
		}
		if !strings.Contains(string(page), "`"+code+"`") {
			t.Errorf("%s (%s) is not in docs/check.md", code, name)
		}
	}
}
