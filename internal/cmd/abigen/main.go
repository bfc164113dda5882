// Command abigen writes testdata/abi/fixtures.json, the golden fixtures of the
// WebAssembly module's MessagePack ABI (package abi): one call per fixture,
// its op, the request bytes a host sends and the response bytes the module
// answers, both in hex.
//
//	go run ./internal/cmd/abigen           # rewrites testdata/abi/fixtures.json
//	go run ./internal/cmd/abigen --check   # exits 1 when the committed file differs
//	go generate ./internal/cmd/abigen      # the same as the first
//
// The request bytes come from github.com/vmihailenco/msgpack/v5, the
// reference codec, never from the module's own (internal/codec), so that the fixtures
// pin what an independent MessagePack implementation writes. Every map is
// an om (below), not a Go map: its EncodeMsgpack writes the map header and
// then each key and value with msgpack/v5's own Encoder, in the order the
// fixture lists them, so a request's keys keep the order a host writes them
// in (kind, input, settings, inherit…) and repeated and non-string keys can
// be sent on purpose. The encoder writes integers in their smallest form
// (UseCompactInts), Go float64s as float64 and time.Time as ext -1; it also
// sorts the keys of a plain Go map (SetSortMapKeys), so that one added
// later stays deterministic. A few invalid requests cannot be written by
// any encoder: those are msgpack/v5 output cut short, followed by more
// msgpack/v5 output, or spliced with a few raw bytes (0xc1, a str32 header
// declaring 4 GiB, a timestamp with 10^9 nanoseconds), as each one's
// comment or construction says.
//
// The response bytes come from guest.Handle, the dispatch itself: the
// module's handle (wasm/handle.go) is guest.Handle, and the tests of
// package guest (and of wasm/) run every fixture through it and compare the
// bytes.
package main

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/vmihailenco/msgpack/v5"

	"github.com/mcpresult/mcpresult/abi"
	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/codec"
	"github.com/mcpresult/mcpresult/internal/engine"
	"github.com/mcpresult/mcpresult/internal/guest"
)

// om is a MessagePack map with its members in the order given: key, value,
// key, value… (keys of any type, repeats allowed), written by msgpack/v5.
type om []any

// EncodeMsgpack implements msgpack.CustomEncoder.
func (m om) EncodeMsgpack(e *msgpack.Encoder) error {
	if len(m)%2 != 0 {
		return errors.New("om: odd number of keys and values")
	}
	if err := e.EncodeMapLen(len(m) / 2); err != nil {
		return err
	}
	for _, x := range m {
		if err := e.Encode(x); err != nil {
			return err
		}
	}
	return nil
}

// pack writes v with msgpack/v5.
func pack(v any) []byte {
	var buf bytes.Buffer
	e := msgpack.NewEncoder(&buf)
	e.UseCompactInts(true)
	e.SetSortMapKeys(true)
	if err := e.Encode(v); err != nil {
		fail("msgpack/v5: %v", err)
	}
	return buf.Bytes()
}

func cat(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

// call is one fixture before its response is computed. want is the outcome
// the fixture is meant to show, checked against the response so that a
// fixture cannot silently stop testing what its name says: "ok", "valid"
// and "invalid" (validate reports) or an error code.
type call struct {
	name string
	op   abi.Op
	req  []byte
	want string
}

// The results and requests the calls share.
var (
	weather = om{
		"content", []any{om{"type", "text", "text", "Paris: sunny, 21 °C",
			"annotations", om{"audience", []any{"user"}, "priority", 0.9}}},
		"structuredContent", om{"city", "Paris", "tempC", 21, "conditions", "sunny"},
		"meta", om{"com.example.weather/source", "station-14"},
	}
	// A schema that is not an object schema, with a $schema and a local
	// ref, as outputSchema takes it.
	arraySchema = om{"$schema", "https://json-schema.org/draft/2020-12/schema", "type", "array",
		"items", om{"$ref", "#/$defs/reading"}, "$defs", om{"reading", om{"type", "number"}}}
	// A built tool result with structured content and a resource link, as
	// serialize and validate take it.
	built = om{
		"content", []any{
			om{"type", "text", "text", `{"city":"Paris","tempC":21}`},
			om{"type", "resource_link", "uri", "file:///srv/plot.svg", "name", "plot.svg", "mimeType", "image/svg+xml"},
		},
		"structuredContent", om{"city", "Paris", "tempC", 21},
		"isError", false,
	}
)

func calls() []call {
	build := func(kind string, input any, more ...any) []byte {
		return pack(append(om{"kind", kind, "input", input}, more...))
	}
	buildTool := build("tool", weather)
	ts := time.Date(2025, 6, 18, 12, 30, 45, 123456789, time.UTC)

	// Cut short inside input/content/0/text: the text string's header and
	// 10 of its 40 bytes survive.
	truncated := build("tool", om{"content", []any{om{"type", "text", "text", strings.Repeat("x", 40)}}})
	truncated = truncated[:bytes.Index(truncated, []byte(strings.Repeat("x", 40)))+10]

	// {value: [[0 ×20], 0 ×20]} without its last 20 bytes (the zeros of
	// the outer array): every declared length is within the bytes that
	// remain where it is read (each element takes at least one byte), but
	// the two arrays together declare 41 values, more than the 33 bytes of
	// the request allow (DecodeOptions{} bounds the values by the length of
	// the data). This is refused with max_nodes before the inner array is
	// allocated.
	zeros := make([]any, 20)
	for i := range zeros {
		zeros[i] = 0
	}
	maxNodes := pack(om{"value", append([]any{zeros}, zeros...)})
	maxNodes = maxNodes[:len(maxNodes)-20]

	deep := any(om{})
	for i := 0; i < content.MaxParseDepth; i++ {
		deep = []any{deep}
	}

	return []call{
		// info
		{"info", abi.OpInfo, pack(om{}), "ok"},
		{"info: a key info does not have", abi.OpInfo, pack(om{"verbose", true}), "invalid_request"},

		// build, every kind, and errors
		{"build tool", abi.OpBuild, buildTool, "ok"},
		{"build tool: structured content gets its text fallback", abi.OpBuild,
			build("tool", om{"structuredContent", om{"ok", true, "count", 2}}), "ok"},
		{"build tool: non-ASCII and escapes", abi.OpBuild,
			build("tool", om{"content", []any{om{"type", "text", "text", "naïve 中文 😀 \"q\" \\ \u2028 \x01"}}}), "ok"},
		{"build tool: integers of every width, uint64 above int64, a float", abi.OpBuild,
			build("tool", om{"structuredContent", om{"i8", int8(-100), "i16", int16(-30000), "i32", int32(-2000000000),
				"i64", int64(math.MinInt64), "u64", uint64(math.MaxUint64), "f", 2.5}}), "ok"},
		{"build resource", abi.OpBuild, build("resource", om{"contents", []any{
			om{"uri", "file:///project/README.md", "mimeType", "text/markdown", "text", "# Project\n"},
			om{"uri", "file:///project/logo.png", "mimeType", "image/png", "blob", "iVBORw0KGgo="}}}), "ok"},
		{"build resource: bin blob is base64-encoded", abi.OpBuild, build("resource", om{"contents", []any{
			om{"uri", "file:///project/logo.bin", "blob", []byte{0x89, 'P', 'N', 'G', 0, 0xff}}}}), "ok"},
		{"build error", abi.OpBuild, build("error", om{"message", "No city called Atlantis.", "code", "weather.not_found"}), "ok"},
		{"build value", abi.OpBuild, build("value", om{"value", []any{om{"id", 1, "name", "alpha"}, om{"id", 2, "name", "beta"}}}), "ok"},
		{"build value: canonicalization json converts bin and timestamps", abi.OpBuild,
			build("value", om{"value", om{"bin", []byte("hi"), "at", ts, "n", nil}}, "settings", om{"canonicalization", "json"}), "ok"},
		{"build value: a timestamp in strict mode", abi.OpBuild, build("value", om{"value", om{"at", ts}}), "unsupported_value"},
		{"build tool: misspelt field", abi.OpBuild,
			build("tool", om{"content", []any{om{"type", "image", "data", "iVBORw0KGgo=", "mimetype", "image/png"}}}), "unknown_field"},
		{"build tool: repeated key in structured content", abi.OpBuild,
			build("tool", om{"structuredContent", om{"a", 1, "a", 2}}), "duplicate_key"},
		{"build tool: integer key in structured content", abi.OpBuild,
			build("tool", om{"structuredContent", om{7, "seven"}}), "invalid_map_key"},
		{"build tool: NaN", abi.OpBuild, build("tool", om{"structuredContent", om{"x", math.NaN()}}), "non_finite_number"},
		{"build resource: missing uri", abi.OpBuild, build("resource", om{"contents", []any{om{"text", "x"}}}), "missing_field"},
		{"build error: invalid client error", abi.OpBuild, build("error", om{"message", ""}), "invalid_client_error"},
		{"build: unknown kind", abi.OpBuild, build("banana", om{}), "invalid_option"},
		{"build: maxJsonBytes exceeded", abi.OpBuild,
			build("value", om{"value", strings.Repeat("a", 600)}, "settings", om{"maxJsonBytes", 512}), "max_bytes"},
		{"build: maxNodes exceeded", abi.OpBuild,
			build("value", om{"value", []any{1, 2, 3, 4, 5}}, "settings", om{"maxNodes", 3}), "max_nodes"},
		{"build: invalid settings", abi.OpBuild, build("tool", om{}, "settings", om{"maxJsonBytes", 1}), "invalid_option"},
		{"build tool: serialize for 2025-06-18 in the same call (ABI minor version 2)", abi.OpBuild,
			build("tool", om{"structuredContent", om{"ok", true, "count", 2}}, "serialize", om{"protocolVersion", "2025-06-18"}), "ok"},
		{"build tool: serialize finalized for 2026-07-28 in the same call", abi.OpBuild,
			build("tool", om{"structuredContent", []any{1, 2}}, "serialize", om{"protocolVersion", "2026-07-28", "finalize", true}), "ok"},
		{"build tool: serialize options with an unknown revision", abi.OpBuild,
			build("tool", om{"structuredContent", om{"ok", true}}, "serialize", om{"protocolVersion", "1999-01-01"}), "unsupported_protocol_version"},
		{"build tool: refs, a long text answered by reference (ABI minor version 3)", abi.OpBuild,
			build("tool", om{"content", om{"type", "text", "text", strings.Repeat("lorem \"ipsum\"\n", 8)}}, "refs", 64), "ok"},
		{"build tool: refs and serialize finalized for 2026-07-28 in the same call", abi.OpBuild,
			build("tool", om{"content", []any{om{"type", "text", "text", "short"}, om{"type", "image", "data", strings.Repeat("iVBORw0K", 12), "mimeType", "image/png"}}},
				"serialize", om{"protocolVersion", "2026-07-28", "finalize", true}, "refs", 64), "ok"},
		{"build resource: refs, a long blob answered by reference", abi.OpBuild,
			build("resource", om{"contents", om{"uri", "file:///a.bin", "blob", strings.Repeat("AAAA", 20)}}, "refs", 64), "ok"},
		{"build appResource: an app's page with its CSP (ABI minor version 4)", abi.OpBuild,
			build("appResource", om{"uri", "ui://weather/view.html", "html", "<!doctype html><p>hi</p>",
				"csp", om{"connectDomains", []any{"https://api.example.com"}}, "prefersBorder", true, "openai", true}), "ok"},
		{"build appResource: a CSP entry with a path", abi.OpBuild,
			build("appResource", om{"uri", "ui://weather/view.html", "html", "<p>hi</p>",
				"csp", om{"resourceDomains", []any{"https://cdn.example.com/lib"}}}), "app_csp_invalid"},
		{"build appResource: refs changes nothing of it, a long page written whole", abi.OpBuild,
			build("appResource", om{"uri", "ui://a", "html", strings.Repeat("<p>lorem</p>", 8)}, "refs", 64), "ok"},
		{"build appToolMeta: a tool's link to its page, app only", abi.OpBuild,
			build("appToolMeta", om{"resourceUri", "ui://weather/view.html", "visibility", []any{"app"}}), "ok"},
		{"build appToolMeta: a link that is not ui://", abi.OpBuild,
			build("appToolMeta", om{"resourceUri", "https://example.com/view.html"}), "app_resource_uri"},
		{"invalid_request: an app build with serialize", abi.OpBuild,
			build("appToolMeta", om{"resourceUri", "ui://a"}, "serialize", om{"protocolVersion", "2025-06-18"}), "invalid_request"},
		{"build: inherit forbids overriding the settings", abi.OpBuild,
			build("tool", om{"content", []any{}, "maxJsonBytes", 4096}, "inherit", true), "option_not_allowed"},

		// serialize
		{"serialize for 2025-06-18", abi.OpSerialize, pack(om{"result", built, "options", om{"protocolVersion", "2025-06-18"}}), "ok"},
		{"serialize for 2024-11-05 converts the resource link", abi.OpSerialize,
			pack(om{"result", built, "options", om{"protocolVersion", "2024-11-05"}}), "ok"},
		{"serialize jcs", abi.OpSerialize, pack(om{"result", built, "options", om{"format", "jcs"}}), "ok"},
		{"serialize finalized for 2026-07-28", abi.OpSerialize, pack(om{"result", built, "options",
			om{"protocolVersion", "2026-07-28", "finalize", om{"serverInfo", om{"name", "weather", "version", "1.2.0"}}}}), "ok"},
		{"serialize: unknown protocol version", abi.OpSerialize,
			pack(om{"result", built, "options", om{"protocolVersion", "2023-01-01"}}), "unsupported_protocol_version"},
		{"serialize: unsupported error for 2025-03-26", abi.OpSerialize,
			pack(om{"result", built, "options", om{"protocolVersion", "2025-03-26", "unsupported", "error"}}), "unsupported_content_type"},

		// validate
		{"validate: valid", abi.OpValidate, pack(om{"value", built, "options", om{"protocolVersion", "2025-06-18"}}), "valid"},
		{"validate: valid with warnings", abi.OpValidate,
			pack(om{"value", om{"content", []any{}, "extra", 1}, "options", om{"protocolVersion", "2025-06-18"}}), "valid"},
		{"validate: invalid, with warnings", abi.OpValidate, pack(om{"value", om{"content", []any{
			om{"type", "image", "data", "not base64", "mimeType", "text/plain"}}, "structuredContent", om{"a", 1}, "extra", true}}), "invalid"},
		{"validate resource, handler stage", abi.OpValidate, pack(om{"value", om{"contents", []any{om{"uri", "file:///x", "text", "x"}}},
			"options", om{"kind", "resource", "stage", "handler"}}), "valid"},
		{"validate: unknown option", abi.OpValidate, pack(om{"value", built, "options", om{"strict", true}}), "unknown_option"},

		// outputSchema (minor version 1)
		{"outputSchema for 2026-07-28, unchanged", abi.OpOutputSchema, pack(om{"schema", arraySchema}), "ok"},
		{"outputSchema for 2025-06-18, an object schema unchanged", abi.OpOutputSchema,
			pack(om{"schema", om{"type", "object", "properties", om{"city", om{"type", "string"}}}, "options", om{"protocolVersion", "2025-06-18"}}), "ok"},
		{"outputSchema for 2025-11-25, wrapped: $schema moved, refs rebased", abi.OpOutputSchema,
			pack(om{"schema", arraySchema, "options", om{"protocolVersion", "2025-11-25"}}), "ok"},
		{"outputSchema for 2025-06-18, a boolean schema wrapped", abi.OpOutputSchema,
			pack(om{"schema", true, "options", om{"protocolVersion", "2025-06-18"}}), "ok"},
		{"outputSchema for 2025-03-26, omitted", abi.OpOutputSchema,
			pack(om{"schema", arraySchema, "options", om{"protocolVersion", "2025-03-26"}}), "omitted"},
		{"outputSchema: not an object or a boolean", abi.OpOutputSchema, pack(om{"schema", "object"}), "invalid_type"},
		{"outputSchema: bin in the schema", abi.OpOutputSchema, pack(om{"schema", om{"type", "string", "default", []byte("hi")}}), "unsupported_value"},
		{"outputSchema: unknown protocol version", abi.OpOutputSchema,
			pack(om{"schema", arraySchema, "options", om{"protocolVersion", "2023-01-01"}}), "unsupported_protocol_version"},
		{"outputSchema: unknown option", abi.OpOutputSchema, pack(om{"schema", arraySchema, "options", om{"format", "jcs"}}), "unknown_option"},
		{"outputSchema: the wrapper passes maxJsonBytes", abi.OpOutputSchema, pack(om{"schema", om{"type", "string", "description", strings.Repeat("x", 470)},
			"options", om{"protocolVersion", "2025-06-18"}, "settings", om{"maxJsonBytes", 512}}), "max_bytes"},

		// unknown ops: the request is not read
		{"unknown op 0", 0, pack(om{}), "unknown_op"},
		{"unknown op 6", 6, buildTool, "unknown_op"},
		{"unknown op -1", -1, []byte{0xc1}, "unknown_op"},

		// invalid requests
		{"invalid_request: empty request", abi.OpBuild, nil, "invalid_request"},
		{"invalid_request: not a map", abi.OpBuild, pack([]any{"tool", om{}}), "invalid_request"},
		{"invalid_request: a key that is not a string", abi.OpSerialize, pack(om{1, built}), "invalid_request"},
		{"invalid_request: unknown key", abi.OpBuild, pack(om{"kind", "tool", "input", om{}, "result", om{}}), "invalid_request"},
		{"invalid_request: repeated key", abi.OpBuild, pack(om{"kind", "tool", "input", om{}, "kind", "value"}), "invalid_request"},
		{"invalid_request: missing kind", abi.OpBuild, pack(om{"input", om{}}), "invalid_request"},
		{"invalid_request: missing input", abi.OpBuild, pack(om{"kind", "tool"}), "invalid_request"},
		{"invalid_request: missing result", abi.OpSerialize, pack(om{"options", om{}}), "invalid_request"},
		{"invalid_request: missing value", abi.OpValidate, pack(om{}), "invalid_request"},
		{"invalid_request: missing schema", abi.OpOutputSchema, pack(om{"options", om{"protocolVersion", "2025-06-18"}}), "invalid_request"},
		{"invalid_request: kind is not a string", abi.OpBuild, pack(om{"kind", 1, "input", om{}}), "invalid_request"},
		{"invalid_request: inherit is not a boolean", abi.OpBuild, pack(om{"kind", "tool", "input", om{}, "inherit", "yes"}), "invalid_request"},
		{"invalid_request: refs is not a positive integer", abi.OpBuild, pack(om{"kind", "tool", "input", om{}, "refs", 0}), "invalid_request"},
		{"invalid_request: bytes after the map", abi.OpValidate, cat(pack(om{"value", built}), pack(nil)), "invalid_request"},
		{"invalid_request: cut short inside input/content/0/text", abi.OpBuild, truncated, "invalid_request"},
		{"invalid_request: 0xc1 in input", abi.OpBuild, cat([]byte{0x82}, pack("kind"), pack("tool"), pack("input"), []byte{0x81}, pack("content"), []byte{0xc1}), "invalid_request"},
		{"invalid_request: a declared length past the end", abi.OpBuild,
			cat([]byte{0x82}, pack("kind"), pack("tool"), pack("input"), []byte{0xdb, 0xff, 0xff, 0xff, 0xff}, []byte("xy")), "invalid_request"},
		{"invalid_request: timestamp nanoseconds above 999,999,999", abi.OpBuild,
			cat([]byte{0x82}, pack("kind"), pack("value"), pack("input"), []byte{0x81}, pack("value"),
				// ext 8, type -1: nanoseconds 1,000,000,000 in the upper 30 bits
				[]byte{0xd7, 0xff, 0xee, 0x6b, 0x28, 0x00, 0x00, 0x00, 0x00, 0x00}), "invalid_request"},
		{"max_nodes: declared values past the budget", abi.OpValidate, maxNodes, "max_nodes"},
		{"max_depth: nested past content.MaxParseDepth", abi.OpValidate, pack(om{"value", deep}), "max_depth"},
	}
}

type fixture struct {
	Name     string `json:"name"`
	Op       int32  `json:"op"`
	Request  string `json:"request"`
	Response string `json:"response"`
}

// outcome names what a response says, in the terms of call.want.
func outcome(op abi.Op, resp []byte) string {
	r, err := abi.ParseResponse(op, resp)
	switch {
	case err != nil:
		fail("a response is not of the ABI's shape: %v", err)
	case !r.OK:
		return string(r.Err.Code)
	case op == abi.OpValidate && r.Report.Valid:
		return "valid"
	case op == abi.OpValidate:
		return "invalid"
	case op == abi.OpOutputSchema && r.JSON == nil:
		return "omitted"
	}
	return "ok"
}

func generate() []byte {
	var out bytes.Buffer
	out.WriteString("[\n")
	seen := map[string]bool{}
	cs := calls()
	for i, c := range cs {
		if seen[c.name] {
			fail("two fixtures are named %q", c.name)
		}
		seen[c.name] = true
		resp := guest.Handle(c.op, c.req)
		if got := outcome(c.op, resp); got != c.want {
			fail("fixture %q: want %s, guest.Handle answers %s (% x)", c.name, c.want, got, resp)
		}
		line, err := json.Marshal(fixture{Name: c.name, Op: int32(c.op), Request: hex.EncodeToString(c.req), Response: hex.EncodeToString(resp)})
		if err != nil {
			fail("%v", err)
		}
		out.WriteString("  ")
		out.Write(line)
		if i < len(cs)-1 {
			out.WriteByte(',')
		}
		out.WriteByte('\n')
	}
	out.WriteString("]\n")
	return out.Bytes()
}

// fixturesPath is testdata/abi/fixtures.json of the module that holds the
// working directory.
func fixturesPath() string {
	dir, err := os.Getwd()
	if err != nil {
		fail("%v", err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "testdata", "abi", "fixtures.json")
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			fail("no go.mod above the working directory")
		}
		dir = parent
	}
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "abigen: "+format+"\n", args...)
	os.Exit(2)
}

func main() {
	check := flag.Bool("check", false, "exit 1 when the committed fixtures differ from what this program writes")
	show := flag.Bool("print", false, "print each fixture's name and response as JSON instead of writing the file")
	flag.Parse()
	if *show {
		for _, c := range calls() {
			v, err := codec.Decode(guest.Handle(c.op, c.req), codec.DecodeOptions{})
			if err != nil {
				fail("%s: %v", c.name, err)
			}
			j, _ := engine.AppendJSON(nil, v, content.Wire)
			fmt.Printf("%s (op %d, %d request bytes)\n  %s\n", c.name, c.op, len(c.req), j)
		}
		return
	}
	path := fixturesPath()
	data := generate()
	if !*check {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			fail("%v", err)
		}
		return
	}
	old, err := os.ReadFile(path)
	if err != nil {
		fail("%v", err)
	}
	if bytes.Equal(old, data) {
		return
	}
	fmt.Fprintf(os.Stderr, "%s is not what internal/cmd/abigen writes: the ABI's wire format changed (see testdata/abi/README.md), or the file was edited.\n", path)
	var was []fixture
	if json.Unmarshal(old, &was) == nil {
		var now []fixture
		_ = json.Unmarshal(data, &now)
		byName := map[string]fixture{}
		for _, f := range was {
			byName[f.Name] = f
		}
		for _, f := range now {
			w, ok := byName[f.Name]
			switch {
			case !ok:
				fmt.Fprintf(os.Stderr, "  new: %s\n", f.Name)
			case w != f:
				fmt.Fprintf(os.Stderr, "  changed: %s\n", f.Name)
			}
			delete(byName, f.Name)
		}
		for name := range byName {
			fmt.Fprintf(os.Stderr, "  gone: %s\n", name)
		}
	}
	fmt.Fprintln(os.Stderr, "Review the change, then run: go run ./internal/cmd/abigen")
	os.Exit(1)
}
