package pointer_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpresult/mcpresult/internal/pointer"
)

func TestPath(t *testing.T) {
	var p pointer.Path
	if got := string(p.Append(nil, 0)); got != "" {
		t.Fatalf("empty path: %q", got)
	}
	// Deeper than the inline steps, pushed and popped back and forth.
	var want []string
	for depth := range 20 {
		if depth%2 == 0 {
			p.Key("k/" + strconv.Itoa(depth) + "~")
			want = append(want, "/k~1"+strconv.Itoa(depth)+"~0")
		} else {
			p.Index(depth * 100)
			want = append(want, "/"+strconv.Itoa(depth*100))
		}
		if got := string(p.Append(nil, 0)); got != strings.Join(want, "") {
			t.Fatalf("depth %d: %q, want %q", depth, got, strings.Join(want, ""))
		}
	}
	for range 5 {
		p.Pop()
		want = want[:len(want)-1]
	}
	if p.Len() != 15 || string(p.Append([]byte("x"), 0)) != "x"+strings.Join(want, "") {
		t.Fatalf("after popping: %d steps, %q", p.Len(), p.Append(nil, 0))
	}
	if got := p.Append(nil, 10); len(got) <= 10 || len(got) > 10+len("/k~118~0") || !strings.HasPrefix(strings.Join(want, ""), string(got)) {
		t.Errorf("limit 10: %q", got)
	}
}

func TestPathShallowAllocatesNothing(t *testing.T) {
	if n := testing.AllocsPerRun(100, func() {
		var p pointer.Path
		for i := range 8 {
			p.Index(i)
		}
		for range 8 {
			p.Pop()
		}
	}); n != 0 {
		t.Errorf("%v allocations for eight steps", n)
	}
}

func ExamplePath() {
	var p pointer.Path
	p.Key("content")
	p.Index(0)
	p.Key("a/b")
	fmt.Println(string(p.Append(nil, 0)))
	// Output: /content/0/a~1b
}
