package pointer_test

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

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

// TestCap: a capped path is valid UTF-8 (each run of invalid bytes one
// U+FFFD, as strings.ToValidUTF8 makes it), whole when it fits, and else a
// prefix of at most max bytes cut at a character.
func TestCap(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	alphabet := []byte("ab/~01\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\xff\xfe\xed\xa0\x80")
	for range 20000 {
		b := make([]byte, rng.IntN(40))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		s := string(b)
		if got, want := pointer.Cap(s, 1000), strings.ToValidUTF8(s, "\uFFFD"); got != want {
			t.Fatalf("Cap(%q, 1000) = %q, want %q", s, got, want)
		}
		max := rng.IntN(20)
		got, valid := pointer.Cap(s, max), strings.ToValidUTF8(s, "\uFFFD")
		cut := len(valid) > max
		if len(got) > max || !utf8.ValidString(got) || !strings.HasPrefix(valid, got) || !cut && got != valid {
			t.Fatalf("Cap(%q, %d) = %q", s, max, got)
		}
	}
}
