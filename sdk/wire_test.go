package sdk

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestToCallToolResultKeepsJSON: structuredContent and the values of every
// _meta reach the SDK's writer as Serialize wrote them (key order, integers
// past 2^53), which decoding them into any would lose. (The keys of a _meta
// itself are written sorted: mcp.Meta is a map.)
func TestToCallToolResultKeepsJSON(t *testing.T) {
	in := `{"content":[{"type":"text","text":"x","_meta":{"com.example/n":9007199254740993}},` +
		`{"type":"resource","resource":{"uri":"file:///a","text":"a","_meta":{"com.example/z":{"b":1,"a":2}}}}],` +
		`"structuredContent":{"z":9007199254740993,"a":[1.5,"x"]},"isError":false,"_meta":{"com.example/id":18446744073709551615}}`
	r, err := toCallToolResult([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	got := string(b)
	for _, s := range []string{
		`"structuredContent":{"z":9007199254740993,"a":[1.5,"x"]}`,
		`"_meta":{"com.example/n":9007199254740993}`,
		`"_meta":{"com.example/z":{"b":1,"a":2}}`,
		`"_meta":{"com.example/id":18446744073709551615}`,
	} {
		if !strings.Contains(got, s) {
			t.Errorf("%s does not hold %s", got, s)
		}
	}
}

// TestToReadResourceResultKeepsJSON: the same for resource results.
func TestToReadResourceResultKeepsJSON(t *testing.T) {
	in := `{"contents":[{"uri":"file:///a","text":"a","_meta":{"com.example/z":{"b":1,"a":9007199254740993}}}],"_meta":{"com.example/id":18446744073709551615}}`
	r, err := toReadResourceResult([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{`"_meta":{"com.example/z":{"b":1,"a":9007199254740993}}`, `"_meta":{"com.example/id":18446744073709551615}`} {
		if !strings.Contains(string(b), s) {
			t.Errorf("%s does not hold %s", b, s)
		}
	}
}
