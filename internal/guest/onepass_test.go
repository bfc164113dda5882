package guest_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mcpresult/mcpresult/abi"
	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/guest"
	"github.com/mcpresult/mcpresult/internal/vectortest"
)

// TestOnePassVectors sends every vector's request through both paths:
// where the one pass answers, its response is the general path's, byte
// for byte.
func TestOnePassVectors(t *testing.T) {
	ops, reqs := vectortest.Requests(t)
	fast := map[abi.Op]int{}
	for i, req := range reqs {
		var got []byte
		ok := false
		switch ops[i] {
		case abi.OpBuild:
			got, ok = guest.FastBuild(req)
		case abi.OpSerialize:
			got, ok = guest.FastSerialize(req)
		}
		if !ok {
			continue
		}
		fast[ops[i]]++
		if want := guest.GeneralHandle(ops[i], req); !bytes.Equal(got, want) {
			t.Errorf("request %d: the one pass answers\n%q\nthe general path\n%q", i, got, want)
		}
	}
	// The vectors are mostly of faults, which the one pass leaves to the
	// general path; their successful builds of the common shapes take it.
	if fast[abi.OpBuild] < 100 || fast[abi.OpSerialize] < 20 {
		t.Errorf("the one pass answered %d build and %d serialize requests of the vectors, want at least 100 and 20", fast[abi.OpBuild], fast[abi.OpSerialize])
	}
	t.Logf("the one pass answered %d build and %d serialize requests of %d", fast[abi.OpBuild], fast[abi.OpSerialize], len(reqs))
}

// onePassShapes are the shapes servers send most: each must take the one
// pass, and give the general path's bytes.
var onePassShapes = []struct{ name, kind, input, settings string }{
	{"weather", "tool", `{"content":[{"type":"text","text":"The weather in Paris is sunny, 21°C."}],"structuredContent":{"city":"Paris","tempC":21,"conditions":"sunny","updated":"2026-07-28T09:00:00Z"},"isError":false}`, ""},
	{"nested and float", "tool", `{"content":[{"type":"text","text":"Oslo: 3.5°C"}],"structuredContent":{"city":"Oslo","tempC":3.5,"conditions":["cloudy","wind"],"ok":true}}`, ""},
	{"fallback text", "tool", `{"structuredContent":{"a":[1,-2,3.25e-9,null,true,"x\"\n\u0001é"],"b":{}}}`, ""},
	{"every block", "tool", `{"content":[
		{"type":"text","text":"t","annotations":{"audience":["user","assistant"],"priority":0.5,"lastModified":"2026-01-02T03:04:05Z"},"_meta":{"a.b/c":1}},
		{"type":"image","data":"aGVsbG8=","mimeType":"image/png","annotations":{"priority":1}},
		{"type":"audio","data":"AAAA","mimeType":"audio/wav"},
		{"type":"resource_link","uri":"file:///a/b.txt","name":"b","title":"B","description":"d","mimeType":"text/plain","size":12,"icons":[{"src":"https://x.example/i.png","mimeType":"image/png","sizes":["16x16"],"theme":"dark"}]},
		{"type":"resource","resource":{"uri":"mem://x","mimeType":"text/plain","text":"x"}},
		{"type":"resource","resource":{"uri":"mem://y","blob":"AAAA","_meta":{}}}
	],"meta":{"example.com/trace":"abc","n":[1,2]}}`, ""},
	{"single block", "tool", `{"content":{"type":"text","text":"hi"},"isError":true}`, ""},
	{"fallback then meta", "tool", `{"structuredContent":[1,{"a":"b"}],"isError":true,"meta":{"k":{}}}`, ""},
	{"resource", "resource", `{"contents":[{"uri":"file:///r.txt","mimeType":"text/plain","text":"hello"}]}`, ""},
	{"resource blob and meta", "resource", `{"contents":{"uri":"file:///r.bin","blob":"AAAA"},"meta":{"k":"v"}}`, ""},
	{"empty contents", "resource", `{"contents":[]}`, ""},
	{"settings", "tool", `{"content":[{"type":"text","text":"x"}]}`, `{"maxJsonBytes":4096,"maxNodes":100,"maxDepth":64,"canonicalization":"json"}`},
	{"large text", "tool", `{"content":[{"type":"text","text":"` + strings.Repeat(`line \"quoted\"\tand more text\n`, 4000) + `"}]}`, ""},
}

func TestOnePassShapes(t *testing.T) {
	for _, c := range onePassShapes {
		t.Run(c.name, func(t *testing.T) {
			req := buildRequest(t, c.kind, c.input, c.settings, false)
			got, ok := guest.FastBuild(req)
			if !ok {
				t.Fatal("the one pass did not take it")
			}
			want := guest.GeneralHandle(abi.OpBuild, req)
			if !bytes.Equal(got, want) {
				t.Fatalf("the one pass answers\n%q\nthe general path\n%q", got, want)
			}
			if !bytes.Equal(guest.Handle(abi.OpBuild, req), want) {
				t.Fatal("Handle answers otherwise")
			}
		})
	}
}

// onePassLeaves are requests the one pass leaves to the general path: the
// general path's answer (an error, or a result) is the only one.
var onePassLeaves = []struct{ name, kind, input, settings string }{
	{"single block", "tool", `{"content":{"text":"hi","type":"text"},"isError":true}`, ""},
	{"out of order", "tool", `{"isError":false,"meta":{"k":1},"structuredContent":{"b":1},"content":[{"text":"t","type":"text","_meta":{"x":[]},"annotations":{"priority":0,"audience":["assistant"]}},{"type":"image","mimeType":"image/png","data":"AAAA"}]}`, ""},
	{"resource out of order", "resource", `{"meta":{"k":"v"},"contents":[{"text":"hello","uri":"file:///r.txt"},{"mimeType":"application/octet-stream","blob":"AAAA","uri":"file:///b"}]}`, ""},
	{"fields out of order", "tool", `{"content":[{"type":"audio","mimeType":"audio/wav","data":"AAAA"}]}`, ""},
	{"no content", "tool", `{"isError":false}`, ""},
	{"empty content", "tool", `{"content":[]}`, ""},
	{"unknown option", "tool", `{"content":[],"extra":1}`, ""},
	{"own budget", "tool", `{"content":[{"type":"text","text":"x"}],"maxJsonBytes":4096}`, ""},
	{"repeated key", "tool", `{"structuredContent":{"a":1,"a":2}}`, ""},
	{"unknown block field", "tool", `{"content":[{"type":"text","text":"x","extra":1}]}`, ""},
	{"bad uri", "tool", `{"content":[{"type":"resource_link","uri":"not a uri","name":"n"}]}`, ""},
	{"reserved meta key", "tool", `{"content":[{"type":"text","text":"x"}],"meta":{"io.modelcontextprotocol/related-task":{"taskId":"t"}}}`, ""},
	{"both text and blob", "resource", `{"contents":{"uri":"file:///r","text":"a","blob":"AAAA"}}`, ""},
	{"over the nodes", "tool", `{"structuredContent":[1,2,3,4,5,6,7,8,9,10]}`, `{"maxNodes":10}`},
	{"over the bytes", "tool", `{"content":[{"type":"text","text":"` + strings.Repeat("x", 1100) + `"}]}`, `{"maxJsonBytes":1024}`},
	{"error kind", "error", `{"message":"m"}`, ""},
	{"value kind", "value", `{"value":1}`, ""},
	{"many keys", "tool", `{"structuredContent":{` + manyKeys(40) + `}}`, ""},
}

func manyKeys(n int) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`"k` + strings.Repeat("x", i) + `":1`)
	}
	return b.String()
}

func TestOnePassLeaves(t *testing.T) {
	for _, c := range onePassLeaves {
		t.Run(c.name, func(t *testing.T) {
			req := buildRequest(t, c.kind, c.input, c.settings, false)
			if _, ok := guest.FastBuild(req); ok {
				t.Fatal("the one pass took it")
			}
			if !bytes.Equal(guest.Handle(abi.OpBuild, req), guest.GeneralHandle(abi.OpBuild, req)) {
				t.Fatal("Handle answers otherwise than the general path")
			}
		})
	}
}

// buildRequest is the MessagePack build request of a JSON input.
func buildRequest(t testing.TB, kind, input, settings string, inherit bool) []byte {
	t.Helper()
	v, err := content.ParseJSON([]byte(input))
	if err != nil {
		t.Fatal(err)
	}
	r := &abi.Request{Op: abi.OpBuild, Kind: kind, Input: v, Inherit: inherit}
	if settings != "" {
		if r.Settings, err = content.ParseJSON([]byte(settings)); err != nil {
			t.Fatal(err)
		}
	}
	return abi.AppendRequest(nil, r)
}

// FuzzOnePass: wherever the one pass answers a build or serialize
// request, the general path answers with the same bytes. The input is
// either a whole request (raw set: MessagePack bytes as they come, tried
// as both ops) or a JSON value made into a request: a build of kind tool
// or resource, or a serialize with options of every kind the pass takes,
// under settings of a small budget or the defaults, so that both the byte
// level and the shapes are reached.
func FuzzOnePass(f *testing.F) {
	ops, reqs := vectortest.Requests(f)
	for i, req := range reqs {
		if ops[i] == abi.OpBuild || ops[i] == abi.OpSerialize {
			f.Add(true, byte(0), req)
		}
	}
	for i, c := range onePassShapes {
		f.Add(false, byte(i), []byte(c.input))
	}
	for i, c := range onePassLeaves {
		f.Add(false, byte(i), []byte(c.input))
	}
	for i, c := range serializeShapes {
		f.Add(false, byte(8|i<<4), []byte(c.result))
	}
	f.Fuzz(func(t *testing.T, raw bool, sel byte, data []byte) {
		if raw {
			differ(t, abi.OpBuild, data)
			differ(t, abi.OpSerialize, data)
			return
		}
		v, err := content.ParseJSON(data)
		if err != nil {
			return
		}
		var settings content.Value
		if sel&2 != 0 {
			settings = content.NewObject(
				content.Str("maxJsonBytes", content.NewInt(1024+int64(sel>>3)*16)),
				content.Str("maxNodes", content.NewInt(1+int64(sel>>3))),
			)
		}
		if sel&8 != 0 {
			r := &abi.Request{Op: abi.OpSerialize, Input: v, Settings: settings}
			if o := serializeShapes[int(sel>>4)%len(serializeShapes)].options; o != "" {
				r.Options, _ = content.ParseJSON([]byte(o))
			}
			differ(t, abi.OpSerialize, abi.AppendRequest(nil, r))
			return
		}
		r := &abi.Request{Op: abi.OpBuild, Kind: "tool", Input: v, Inherit: sel&4 != 0, Settings: settings}
		if sel&1 != 0 {
			r.Kind = "resource"
		}
		if sel&16 != 0 {
			r.Refs = 1 + int(sel>>5)
		}
		differ(t, abi.OpBuild, abi.AppendRequest(nil, r))
	})
}

// differ fails if the one pass answers req otherwise than the general
// path: with other bytes, or, where it answers strings by reference, with
// a response that, its refs resolved, is not the general path's.
func differ(t *testing.T, op abi.Op, req []byte) {
	var got []byte
	ok := false
	if op == abi.OpBuild {
		got, ok = guest.FastBuild(req)
	} else {
		got, ok = guest.FastSerialize(req)
	}
	if !ok {
		return
	}
	want := guest.GeneralHandle(op, req)
	if bytes.Equal(got, want) {
		return
	}
	fast, err := abi.ParseResponse(op, got)
	if err == nil && len(fast.Refs) > 0 {
		general, _ := abi.ParseResponse(op, want)
		if err = fast.Resolve(req); err == nil && general != nil && general.OK &&
			bytes.Equal(fast.JSON, general.JSON) && bytes.Equal(fast.Wire, general.Wire) && fast.Settings == general.Settings {
			return
		}
	}
	t.Fatalf("op %d, request % x: the one pass answers\n%q\nthe general path\n%q", op, req, got, want)
}

// serializeShapes are built results serialized with options the one pass
// takes: each must take it, and give the general path's bytes.
var serializeShapes = []struct{ name, result, options string }{
	{"latest", `{"content":[{"type":"text","text":"hi"}],"structuredContent":{"a":1},"isError":false}`, ``},
	{"finalize", `{"content":[{"type":"text","text":"hi"}],"isError":false,"_meta":{"k":1}}`, `{"finalize":true}`},
	{"resource finalize", `{"contents":[{"uri":"file:///a","text":"x"}],"_meta":{"k":1}}`, `{"finalize":{"ttlMs":5000,"cacheScope":"public"}}`},
	{"resource latest", `{"contents":[]}`, `{"protocolVersion":"2026-07-28"}`},
	{"2025-11-25", `{"content":[{"type":"resource_link","uri":"file:///a","name":"a","icons":[{"src":"https://x.example/i.png"}]}],"structuredContent":{"a":[1,2]},"isError":true}`, `{"protocolVersion":"2025-11-25","finalize":true,"format":"wire","unsupported":"error"}`},
	{"2025-06-18", `{"content":[{"type":"text","text":"t","annotations":{"lastModified":"2026-01-02T03:04:05Z"}}],"structuredContent":{}}`, `{"protocolVersion":"2025-06-18"}`},
	{"2024-11-05", `{"content":[{"type":"image","data":"AAAA","mimeType":"image/png"}]}`, `{"protocolVersion":"2024-11-05"}`},
	{"scalar structured content", `{"content":[{"type":"text","text":"1"}],"structuredContent":1}`, ``},
}

// serializeLeaves are serialize requests the one pass leaves to the
// general path.
var serializeLeaves = []struct{ name, result, options string }{
	{"jcs", `{"content":[{"type":"text","text":"hi"}]}`, `{"format":"jcs"}`},
	{"server info", `{"content":[{"type":"text","text":"hi"}]}`, `{"finalize":{"serverInfo":{"name":"s","version":"1"}}}`},
	{"wrapped structured content", `{"content":[{"type":"text","text":"1"}],"structuredContent":1}`, `{"protocolVersion":"2025-11-25"}`},
	{"no structured content in the revision", `{"content":[{"type":"text","text":"1"}],"structuredContent":{"a":1}}`, `{"protocolVersion":"2025-03-26"}`},
	{"converted block", `{"content":[{"type":"resource_link","uri":"file:///a","name":"a"}]}`, `{"protocolVersion":"2025-03-26"}`},
	{"field not in the revision", `{"content":[{"type":"text","text":"t","_meta":{"k":1}}]}`, `{"protocolVersion":"2025-03-26"}`},
	{"content not first", `{"isError":false,"content":[{"type":"text","text":"hi"}]}`, ``},
	{"single block", `{"content":{"type":"text","text":"hi"}}`, ``},
	{"protocol-owned field", `{"resultType":"complete","content":[{"type":"text","text":"hi"}]}`, ``},
	{"bad options", `{"content":[{"type":"text","text":"hi"}]}`, `{"protocolVersion":"1999-01-01"}`},
}

func TestOnePassSerialize(t *testing.T) {
	for _, c := range serializeShapes {
		t.Run(c.name, func(t *testing.T) {
			req := serializeRequest(t, c.result, c.options, "")
			got, ok := guest.FastSerialize(req)
			if !ok {
				t.Fatal("the one pass did not take it")
			}
			if want := guest.GeneralHandle(abi.OpSerialize, req); !bytes.Equal(got, want) {
				t.Fatalf("the one pass answers\n%q\nthe general path\n%q", got, want)
			}
		})
	}
	for _, c := range serializeLeaves {
		t.Run(c.name, func(t *testing.T) {
			req := serializeRequest(t, c.result, c.options, "")
			if _, ok := guest.FastSerialize(req); ok {
				t.Fatal("the one pass took it")
			}
			if !bytes.Equal(guest.Handle(abi.OpSerialize, req), guest.GeneralHandle(abi.OpSerialize, req)) {
				t.Fatal("Handle answers otherwise than the general path")
			}
		})
	}
}

// serializeRequest is the MessagePack serialize request of a JSON result
// and options.
func serializeRequest(t testing.TB, res, options, settings string) []byte {
	t.Helper()
	v, err := content.ParseJSON([]byte(res))
	if err != nil {
		t.Fatal(err)
	}
	r := &abi.Request{Op: abi.OpSerialize, Input: v}
	if options != "" {
		if r.Options, err = content.ParseJSON([]byte(options)); err != nil {
			t.Fatal(err)
		}
	}
	if settings != "" {
		if r.Settings, err = content.ParseJSON([]byte(settings)); err != nil {
			t.Fatal(err)
		}
	}
	return abi.AppendRequest(nil, r)
}

// TestOnePassKeepsNothingOfARequest: what the one pass keeps from one
// request to the next (the settings and options it read last) is its own
// copy: a host reuses a request's memory once the call has returned.
func TestOnePassKeepsNothingOfARequest(t *testing.T) {
	res := `{"contents":[{"uri":"file:///a","text":"x"}]}`
	opts := `{"finalize":{"ttlMs":5,"cacheScope":"public"}}`
	set := `{"maxJsonBytes":5000,"canonicalization":"json"}`
	first := serializeRequest(t, res, opts, set)
	want, ok := guest.FastSerialize(first)
	if !ok {
		t.Fatal("the one pass did not take it")
	}
	for i := range first {
		first[i] = 'x' // the host writes the next request over it
	}
	if got, _ := guest.FastSerialize(serializeRequest(t, res, opts, set)); !bytes.Equal(got, want) {
		t.Fatalf("after the first request's memory changed:\n%q\nwant\n%q", got, want)
	}
}
