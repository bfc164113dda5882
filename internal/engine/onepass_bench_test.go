package engine_test

import (
	"testing"

	"github.com/mcpresult/mcpresult/internal/engine"
)

// smallInput is the MessagePack of the input of the README's weather tool
// result (content, structuredContent, isError).
var smallInput = []byte("\x83\xa7content\x91\x82\xa4type\xa4text\xa4text\xd9\x25The weather in Paris is sunny, 21\xc2\xb0C.\xb1structuredContent\x84\xa4city\xa5Paris\xa5tempC\x15\xaaconditions\xa5sunny\xa7updated\xb42026-07-28T09:00:00Z\xa7isError\xc2")

// BenchmarkOnePassTool is the one pass of a small tool result alone: no
// request around it, no allocation. Built for wasip1 and run in wazero, it
// measures the guest's share (internal/guest/bench_test.go has the
// commands).
func BenchmarkOnePassTool(b *testing.B) {
	buf := make([]byte, 0, 1024)
	p := engine.OnePass{MaxBytes: 1 << 20}
	if _, _, ok := p.Tool(buf, smallInput); !ok {
		b.Fatal("the one pass does not take it")
	}
	b.ReportAllocs()
	for b.Loop() {
		p.Tool(buf, smallInput)
	}
}
