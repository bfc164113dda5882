package gokind_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/mcpresult/mcpresult/internal/gokind"
)

type (
	name    string
	textual string
	meta    map[string]int
)

func (textual) MarshalText() ([]byte, error) { return []byte("t"), nil }

func TestIsNilMap(t *testing.T) {
	var m map[string]any
	var ms map[string]string
	var mt meta
	var mi map[int]bool
	for _, c := range []struct {
		name string
		g    any
		want bool
	}{
		{"nil", nil, true},
		{"a nil map[string]any", m, true},
		{"a nil map[string]string", ms, true},
		{"a nil named map", mt, true},
		{"a nil map of int keys", mi, true},
		{"an empty map", map[string]any{}, false},
		{"a map", map[string]any{"a": 1}, false},
		{"a nil slice", []any(nil), false},
		{"a nil pointer", (*int)(nil), false},
		{"a string", "", false},
	} {
		if got := gokind.IsNilMap(c.g); got != c.want {
			t.Errorf("%s: %v", c.name, got)
		}
	}
}

func TestIsString(t *testing.T) {
	for _, c := range []struct {
		name string
		g    any
		want bool
	}{
		{"a string", "x", true},
		{"an empty string", "", true},
		{"a named string type", name("x"), true},
		{"a text marshaler of a string type", textual("x"), false},
		{"a json.Number", json.Number("1"), false},
		{"bytes", []byte("x"), false},
		{"a time", time.Unix(0, 0), false},
		{"nil", nil, false},
		{"an integer", 1, false},
	} {
		if got := gokind.IsString(c.g); got != c.want {
			t.Errorf("%s: %v", c.name, got)
		}
	}
}
