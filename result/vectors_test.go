package result_test

import (
	"encoding/base64"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/result"
)

// vector is one conformance vector (SPEC section 15), still as values.
type vector struct {
	file    string
	name    string
	op      string
	kind    string
	v       content.Value
	input   content.Value
	options content.Value
	expect  content.Value
}

// loadVectors reads every *.json file under testdata/vectors, recursively,
// or under the folder MCPRESULT_VECTORS names (to run a set of vectors from
// elsewhere before it is added).
func loadVectors(t *testing.T) []vector {
	t.Helper()
	root := filepath.Join("..", "testdata", "vectors")
	if dir := os.Getenv("MCPRESULT_VECTORS"); dir != "" {
		root = dir
	}
	var out []vector
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".json") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		arr, perr := content.ParseJSON(data)
		if perr != nil {
			t.Errorf("%s: %v", path, perr)
			return nil
		}
		if arr.Kind() != content.KindArray {
			t.Errorf("%s: not a JSON array of vectors", path)
			return nil
		}
		for i := 0; i < arr.Len(); i++ {
			v := arr.Index(i)
			vec := vector{file: path, v: v}
			vec.name = str(v, "name")
			if vec.name == "" {
				vec.name = path + "#" + strconv.Itoa(i)
			}
			vec.op = str(v, "op")
			vec.kind = str(v, "kind")
			vec.input, _ = v.Get("input")
			vec.options, _ = v.Get("options")
			vec.expect, _ = v.Get("expect")
			out = append(out, vec)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func str(v content.Value, k string) string {
	x, _ := v.Get(k)
	return x.Str()
}

// appliesToGo reports whether a vector's runtimes include native Go.
func appliesToGo(v content.Value) bool {
	r, ok := v.Get("runtimes")
	if !ok {
		return true
	}
	for i := 0; i < r.Len(); i++ {
		if r.Index(i).Str() == "go" {
			return true
		}
	}
	return false
}

// native turns the vector notation for values JSON cannot carry ($bin,
// $timestamp, $float, $int, $pairs) into values.
func native(t *testing.T, v content.Value) content.Value {
	switch v.Kind() {
	case content.KindArray:
		items := make([]content.Value, v.Len())
		for i := range items {
			items[i] = native(t, v.Index(i))
		}
		return content.NewArray(items...)
	case content.KindObject:
		if v.Len() == 1 {
			m := v.Member(0)
			if k := m.Key.Str(); strings.HasPrefix(k, "$") {
				switch k {
				case "$bin":
					b, err := base64.StdEncoding.DecodeString(m.Value.Str())
					if err != nil {
						t.Fatalf("bad $bin: %v", err)
					}
					return content.NewBytes(b)
				case "$timestamp":
					tm, err := time.Parse(time.RFC3339Nano, m.Value.Str())
					if err != nil {
						t.Fatalf("bad $timestamp: %v", err)
					}
					return content.NewTime(tm.Unix(), int32(tm.Nanosecond()))
				case "$float":
					switch m.Value.Str() {
					case "NaN":
						return content.NewFloat(math.NaN())
					case "Infinity":
						return content.NewFloat(math.Inf(1))
					case "-Infinity":
						return content.NewFloat(math.Inf(-1))
					}
					t.Fatalf("bad $float")
				case "$int":
					s := m.Value.Str()
					if i, err := strconv.ParseInt(s, 10, 64); err == nil {
						return content.NewInt(i)
					}
					u, err := strconv.ParseUint(s, 10, 64)
					if err != nil {
						t.Fatalf("bad $int %q", s)
					}
					return content.NewUint(u)
				case "$pairs":
					var members []content.Member
					for i := 0; i < m.Value.Len(); i++ {
						p := m.Value.Index(i)
						members = append(members, content.Member{Key: native(t, p.Index(0)), Value: native(t, p.Index(1))})
					}
					return content.NewObject(members...)
				}
			}
		}
		members := make([]content.Member, v.Len())
		for i := range members {
			m := v.Member(i)
			members[i] = content.Member{Key: m.Key, Value: native(t, m.Value)}
		}
		return content.NewObject(members...)
	}
	return v
}

// TestVectors runs every conformance vector that applies to native Go.
func TestVectors(t *testing.T) {
	vectors := loadVectors(t)
	if len(vectors) == 0 {
		t.Fatal("no vectors found under testdata/vectors")
	}
	names := map[string]string{}
	for _, vec := range vectors {
		if prev, dup := names[vec.name]; dup {
			t.Errorf("vector name %q is used twice (%s and %s)", vec.name, prev, vec.file)
		}
		names[vec.name] = vec.file
		if !appliesToGo(vec.v) {
			continue
		}
		t.Run(vec.name, func(t *testing.T) {
			runVector(t, vec)
		})
	}
}

func runVector(t *testing.T, vec vector) {
	sv, _ := vec.v.Get("settings")
	settings, err := result.SettingsFromValue(native(t, sv))
	if err != nil {
		checkOutcome(t, vec, nil, err)
		return
	}
	inherit, _ := vec.v.Get("inherit")
	switch vec.op {
	case "build":
		r, err := result.Build(settings, vec.kind, native(t, vec.input), inherit.Kind() == content.KindBool && inherit.Bool())
		var out []byte
		if r != nil {
			out = r.JSON()
		}
		checkOutcome(t, vec, out, err)
	case "serialize":
		out, err := result.SerializeValue(settings, native(t, vec.input), native(t, vec.options))
		checkOutcome(t, vec, out, err)
	case "validate":
		rep, err := result.ValidateValue(settings, native(t, vec.input), native(t, vec.options))
		if _, wantErr := vec.expect.Get("error"); wantErr || err != nil {
			checkOutcome(t, vec, nil, err)
			return
		}
		checkReport(t, vec, rep)
	default:
		t.Fatalf("%s: op %q is not supported by this runner", vec.file, vec.op)
	}
}

// checkReport compares a validate report with the expectation: valid, and
// the errors and warnings as multisets of (code, path).
func checkReport(t *testing.T, vec vector, rep *result.Report) {
	t.Helper()
	if want, ok := vec.expect.Get("valid"); ok && want.Bool() != rep.Valid {
		t.Errorf("%s: valid = %v, want %v", vec.file, rep.Valid, want.Bool())
	}
	for _, list := range []struct {
		key string
		got []*result.Error
	}{{"errors", rep.Errors}, {"warnings", rep.Warnings}} {
		want, ok := vec.expect.Get(list.key)
		if !ok {
			continue
		}
		var w, g []string
		for i := 0; i < want.Len(); i++ {
			w = append(w, str(want.Index(i), "code")+" at "+strconv.Quote(str(want.Index(i), "path")))
		}
		for _, e := range list.got {
			g = append(g, e.Code+" at "+strconv.Quote(e.Path))
		}
		slices.Sort(w)
		slices.Sort(g)
		if !slices.Equal(w, g) {
			t.Errorf("%s: %s\nwant %v\ngot  %v", vec.file, list.key, w, g)
		}
	}
}

func checkOutcome(t *testing.T, vec vector, out []byte, err error) {
	t.Helper()
	if want, ok := vec.expect.Get("json"); ok {
		if err != nil {
			t.Fatalf("%s\nwant %s\ngot error %v", vec.file, want.Str(), err)
		}
		if string(out) != want.Str() {
			t.Fatalf("%s\nwant %s\ngot  %s", vec.file, want.Str(), out)
		}
		return
	}
	if want, ok := vec.expect.Get("error"); ok {
		code, path := str(want, "code"), str(want, "path")
		if err == nil {
			t.Fatalf("%s\nwant error %s at %q\ngot %s", vec.file, code, path, out)
		}
		e, ok := err.(*result.Error)
		if !ok {
			t.Fatalf("error %v is not a *result.Error", err)
		}
		if e.Code != code || e.Path != path {
			t.Fatalf("%s\nwant error %s at %q\ngot  error %s at %q (%s)", vec.file, code, path, e.Code, e.Path, e.Message)
		}
		return
	}
	t.Fatalf("%s: expect has neither json nor error", vec.file)
}
