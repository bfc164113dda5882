// Package vectortest runs the conformance vectors of testdata/vectors on an
// engine: the Go packages natively, or the WebAssembly module through a
// host. One loader, one reading of the vector notation ($bin, $timestamp,
// $float, $int, $pairs) and one comparison of outcomes serve every Go
// runner, so that two engines are held to exactly the same suite.
//
// A vector file is a JSON array of vectors; each has a name, an op (build,
// serialize, validate or outputSchema), for build a kind, optional
// settings, options and inherit, an input, and an expectation:
// {"json": "<exact bytes>"}, {"error": {"code", "path"}}, for validate
// {"valid", "errors", "warnings"} compared as multisets of (code, path), or
// for outputSchema {"omit": true}: no output and no error (a revision
// without outputSchema). The input of outputSchema is the schema, and its
// options are {protocolVersion}.
package vectortest

import (
	"encoding/base64"
	"errors"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mcpresult/mcpresult/abi"
	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/engine"
)

// Vector is one conformance vector, with its values in native form (the
// notation for values JSON cannot carry already turned into values).
type Vector struct {
	File     string
	Name     string
	Op       string        // build, serialize, validate or outputSchema
	Kind     string        // for build: tool, resource, error or value
	Settings content.Value // null when absent
	Inherit  bool
	Input    content.Value
	Options  content.Value // null when absent
	Runtimes []string      // nil: every runtime
	Expect   content.Value
}

// Finding is one error or warning: its code and path (messages are not
// compared).
type Finding struct {
	Code content.Code
	Path string
}

// Outcome is what an engine did with a vector: output bytes, or an error,
// or for validate a report. JSON nil with no error is no output (an
// outputSchema the revision does not have).
type Outcome struct {
	JSON     []byte
	Err      error // an *content.Error (matched with errors.As)
	Valid    bool
	Errors   []Finding
	Warnings []Finding
	Report   bool // the outcome is a validate report
}

// Engine runs one vector.
type Engine interface {
	// Runtime is the runtime name vectors list in "runtimes" (go, wasm).
	Runtime() string
	// Run runs the vector and returns its outcome.
	Run(v *Vector) Outcome
}

// Root returns the vector folder: MCPRESULT_VECTORS when set (to run a set
// of vectors from elsewhere before it is added), otherwise
// testdata/vectors found by walking up from the working directory.
func Root(t testing.TB) string {
	if dir := os.Getenv("MCPRESULT_VECTORS"); dir != "" {
		return dir
	}
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		p := filepath.Join(dir, "testdata", "vectors")
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			return p
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("testdata/vectors not found above the working directory")
		}
		dir = parent
	}
}

// Load reads every *.json file under root, recursively, and fails the test
// on any file it cannot read.
func Load(t testing.TB, root string) []*Vector {
	t.Helper()
	out, err := LoadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// LoadDir reads every *.json file under root, recursively (for the tools
// that generate oracle inputs from the vectors, outside a test).
func LoadDir(root string) ([]*Vector, error) {
	var out []*Vector
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".json") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		arr, err := content.ParseJSON(data)
		if err != nil {
			return errors.New(path + ": " + err.Error())
		}
		if arr.Kind() != content.KindArray {
			return errors.New(path + ": not a JSON array of vectors")
		}
		for i := 0; i < arr.Len(); i++ {
			v, err := parse(arr.Index(i))
			if err != nil {
				return errors.New(path + "#" + strconv.Itoa(i) + ": " + err.Error())
			}
			v.File = path
			if v.Name == "" {
				v.Name = path + "#" + strconv.Itoa(i)
			}
			out = append(out, v)
		}
		return nil
	})
	return out, err
}

// BuildOutputs returns the expected output of every build vector that has
// one, parsed, in the order of the files: the results the oracles serialize
// for every revision. A build of an MCP Apps kind gives no result, and is
// left out.
func BuildOutputs(vectors []*Vector) (names []string, outputs []content.Value, err error) {
	for _, v := range vectors {
		want, ok := v.Expect.Get("json")
		if v.Op != "build" || !ok || engine.IsAppKind(v.Kind) {
			continue
		}
		built, err := content.ParseJSON([]byte(want.Str()))
		if err != nil {
			return nil, nil, errors.New(v.Name + ": " + err.Error())
		}
		names = append(names, v.Name)
		outputs = append(outputs, built)
	}
	return names, outputs, nil
}

func parse(v content.Value) (*Vector, error) {
	vec := &Vector{
		Name: str(v, "name"),
		Op:   str(v, "op"),
		Kind: str(v, "kind"),
	}
	var err error
	get := func(k string) content.Value {
		x, _ := v.Get(k)
		if err == nil {
			x, err = Native(x)
		}
		return x
	}
	vec.Settings = get("settings")
	vec.Input = get("input")
	vec.Options = get("options")
	vec.Expect, _ = v.Get("expect")
	if in, ok := v.Get("inherit"); ok {
		vec.Inherit = in.Kind() == content.KindBool && in.Bool()
	}
	if r, ok := v.Get("runtimes"); ok {
		vec.Runtimes = []string{}
		for i := 0; i < r.Len(); i++ {
			vec.Runtimes = append(vec.Runtimes, r.Index(i).Str())
		}
	}
	return vec, err
}

func str(v content.Value, k string) string {
	x, _ := v.Get(k)
	return x.Str()
}

// Native turns the vector notation for values JSON cannot carry ($bin,
// $timestamp, $float, $int, $pairs) into values.
func Native(v content.Value) (content.Value, error) {
	switch v.Kind() {
	case content.KindArray:
		items := make([]content.Value, v.Len())
		for i := range items {
			x, err := Native(v.Index(i))
			if err != nil {
				return v, err
			}
			items[i] = x
		}
		return content.NewArray(items...), nil
	case content.KindObject:
		if v.Len() == 1 {
			m := v.Member(0)
			if k := m.Key.Str(); strings.HasPrefix(k, "$") {
				if x, ok, err := special(k, m.Value); ok || err != nil {
					return x, err
				}
			}
		}
		members := make([]content.Member, v.Len())
		for i := range members {
			m := v.Member(i)
			x, err := Native(m.Value)
			if err != nil {
				return v, err
			}
			members[i] = content.Member{Key: m.Key, Value: x}
		}
		return content.NewObject(members...), nil
	}
	return v, nil
}

// special decodes one "$…" form; ok is false for a key that is not one.
func special(k string, x content.Value) (content.Value, bool, error) {
	switch k {
	case "$bin":
		b, err := base64.StdEncoding.DecodeString(x.Str())
		if err != nil {
			return x, true, errors.New("bad $bin")
		}
		return content.NewBytes(b), true, nil
	case "$timestamp":
		tm, err := time.Parse(time.RFC3339Nano, x.Str())
		if err != nil {
			return x, true, errors.New("bad $timestamp")
		}
		return content.NewTime(tm.Unix(), int32(tm.Nanosecond())), true, nil
	case "$float":
		switch x.Str() {
		case "NaN":
			return content.NewFloat(math.NaN()), true, nil
		case "Infinity":
			return content.NewFloat(math.Inf(1)), true, nil
		case "-Infinity":
			return content.NewFloat(math.Inf(-1)), true, nil
		}
		return x, true, errors.New("bad $float")
	case "$int":
		s := x.Str()
		if i, err := strconv.ParseInt(s, 10, 64); err == nil {
			return content.NewInt(i), true, nil
		}
		u, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			return x, true, errors.New("bad $int")
		}
		return content.NewUint(u), true, nil
	case "$pairs":
		var members []content.Member
		for i := 0; i < x.Len(); i++ {
			p := x.Index(i)
			if p.Len() != 2 {
				return x, true, errors.New("bad $pairs")
			}
			key, err := Native(p.Index(0))
			if err != nil {
				return x, true, err
			}
			val, err := Native(p.Index(1))
			if err != nil {
				return x, true, err
			}
			members = append(members, content.Member{Key: key, Value: val})
		}
		return content.NewObject(members...), true, nil
	}
	// "$undefined" exists only in JS; such vectors list "runtimes": ["js"],
	// so a Go engine never sees the object, which is left as it is.
	return x, false, nil
}

// AppliesTo reports whether a vector applies to a runtime.
func (v *Vector) AppliesTo(runtime string) bool {
	return v.Runtimes == nil || slices.Contains(v.Runtimes, runtime)
}

// Run runs every vector under root that applies to the engine's runtime,
// each as a subtest named after the vector, and checks that vector names
// are unique.
func Run(t *testing.T, root string, e Engine) {
	vectors := Load(t, root)
	if len(vectors) == 0 {
		t.Fatal("no vectors found under " + root)
	}
	names := map[string]string{}
	for _, vec := range vectors {
		if prev, dup := names[vec.Name]; dup {
			t.Errorf("vector name %q is used twice (%s and %s)", vec.Name, prev, vec.File)
		}
		names[vec.Name] = vec.File
		if !vec.AppliesTo(e.Runtime()) {
			continue
		}
		t.Run(vec.Name, func(t *testing.T) {
			Check(t, vec, e.Run(vec))
		})
	}
}

// Check compares an outcome with the vector's expectation.
func Check(t testing.TB, vec *Vector, got Outcome) {
	t.Helper()
	if want, ok := vec.Expect.Get("json"); ok {
		if got.Err != nil {
			t.Fatalf("%s\nwant %s\ngot error %v", vec.File, want.Str(), got.Err)
		}
		if got.JSON == nil || string(got.JSON) != want.Str() {
			t.Fatalf("%s\nwant %s\ngot  %s", vec.File, want.Str(), got.JSON)
		}
		return
	}
	if want, ok := vec.Expect.Get("omit"); ok && want.Kind() == content.KindBool && want.Bool() {
		if got.Err != nil || got.JSON != nil || got.Report {
			t.Fatalf("%s\nwant no output\ngot %s, error %v", vec.File, got.JSON, got.Err)
		}
		return
	}
	if want, ok := vec.Expect.Get("error"); ok {
		code, path := str(want, "code"), str(want, "path")
		if got.Err == nil {
			t.Fatalf("%s\nwant error %s at %q\ngot %s", vec.File, code, path, got.JSON)
		}
		var e *content.Error
		if !errors.As(got.Err, &e) {
			t.Fatalf("%s: error %v is not a *content.Error", vec.File, got.Err)
		}
		if string(e.Code) != code || e.Path != path {
			t.Fatalf("%s\nwant error %s at %q\ngot  error %s at %q (%s)", vec.File, code, path, e.Code, e.Path, e.Message)
		}
		return
	}
	if _, ok := vec.Expect.Get("valid"); ok || vec.Op == "validate" {
		if got.Err != nil {
			t.Fatalf("%s: want a report, got error %v", vec.File, got.Err)
		}
		checkReport(t, vec, got)
		return
	}
	t.Fatalf("%s: expect has neither json, omit, error nor valid", vec.File)
}

func checkReport(t testing.TB, vec *Vector, got Outcome) {
	t.Helper()
	if want, ok := vec.Expect.Get("valid"); ok && want.Bool() != got.Valid {
		t.Errorf("%s: valid = %v, want %v", vec.File, got.Valid, want.Bool())
	}
	for _, list := range []struct {
		key string
		got []Finding
	}{{"errors", got.Errors}, {"warnings", got.Warnings}} {
		want, ok := vec.Expect.Get(list.key)
		if !ok {
			continue
		}
		var w, g []string
		for i := 0; i < want.Len(); i++ {
			w = append(w, str(want.Index(i), "code")+" at "+strconv.Quote(str(want.Index(i), "path")))
		}
		for _, f := range list.got {
			g = append(g, string(f.Code)+" at "+strconv.Quote(f.Path))
		}
		slices.Sort(w)
		slices.Sort(g)
		if !slices.Equal(w, g) {
			t.Errorf("%s: %s\nwant %v\ngot  %v", vec.File, list.key, w, g)
		}
	}
}

// Codes returns every error and warning code the vectors under root expect.
func Codes(t testing.TB, root string) []content.Code {
	seen := map[content.Code]bool{}
	for _, vec := range Load(t, root) {
		if e, ok := vec.Expect.Get("error"); ok {
			seen[content.Code(str(e, "code"))] = true
		}
		for _, k := range []string{"errors", "warnings"} {
			list, _ := vec.Expect.Get(k)
			for i := 0; i < list.Len(); i++ {
				seen[content.Code(str(list.Index(i), "code"))] = true
			}
		}
	}
	var out []content.Code
	for c := range seen {
		out = append(out, c)
	}
	slices.Sort(out)
	return out
}

// Request returns the vector as a request of the module's ABI (build,
// serialize, validate or outputSchema).
func (v *Vector) Request() (*abi.Request, error) {
	r := &abi.Request{Kind: v.Kind, Input: v.Input, Options: v.Options, Settings: v.Settings, Inherit: v.Inherit}
	switch v.Op {
	case "build":
		r.Op = abi.OpBuild
	case "serialize":
		r.Op = abi.OpSerialize
	case "validate":
		r.Op = abi.OpValidate
	case "outputSchema":
		r.Op = abi.OpOutputSchema
	default:
		return nil, errors.New("op " + v.Op + " is not supported by this runner")
	}
	return r, nil
}

// ReportOutcome is the outcome of a validate report.
func ReportOutcome(valid bool, errs, warns []*content.Error) Outcome {
	o := Outcome{Report: true, Valid: valid}
	for _, e := range errs {
		o.Errors = append(o.Errors, Finding{Code: e.Code, Path: e.Path})
	}
	for _, e := range warns {
		o.Warnings = append(o.Warnings, Finding{Code: e.Code, Path: e.Path})
	}
	return o
}
