package engine

import (
	"math"
	"strconv"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/jstime"
)

// Budget bounds a whole result (the budget rule of the package doc): the
// exact byte length of its compact JSON, its number of JSON values (objects,
// arrays and scalars, not keys) and its nesting, the outermost value being
// level 1. Each check of the budget in mcpresult goes through a Budget, and
// each of its errors (max_bytes, max_nodes, max_depth) has the path "",
// since it is about the whole result.
type Budget struct {
	MaxBytes int // 0: no bound
	MaxNodes int // 0: no bound
	MaxDepth int // 0: MaxDepth
	// Checked says that v's strings come from a check of this package
	// (a Checker, Plain), which proved them valid UTF-8: AppendJSON then
	// does not test them again.
	Checked bool
}

// The messages of the budget codes.
func msgMaxBytes(n int) string {
	return "the result is more than maxJsonBytes (" + strconv.Itoa(n) + ") bytes of JSON"
}
func msgMaxNodes(n int) string {
	return "the result has more than " + strconv.Itoa(n) + " JSON values"
}

//go:noinline
func msgMaxDepth(n int) string {
	return "the result nests objects and arrays deeper than " + strconv.Itoa(n) + " levels"
}

func (b Budget) maxDepth() int {
	if b.MaxDepth > 0 {
		return b.MaxDepth
	}
	return MaxDepth
}

// Check counts the values and the nesting of v, and stops at the first value
// past MaxNodes or the first container past MaxDepth. It allocates nothing.
func (b Budget) Check(v content.Value) error {
	var t tally
	if code := b.walk(v, 1, &t); code != "" {
		return b.error(code)
	}
	return nil
}

// Exceeded returns the error of a value past the limit code names
// (max_bytes, max_nodes or max_depth), as a check of b gives it: for a
// reader that stops a value before it is built.
func (b Budget) Exceeded(code content.Code) *content.Error { return b.error(code) }

func (b Budget) error(code content.Code) *content.Error {
	switch code {
	case content.CodeMaxNodes:
		return content.NewError(code, "", msgMaxNodes(b.MaxNodes))
	case content.CodeMaxDepth:
		return content.NewError(code, "", msgMaxDepth(b.maxDepth()))
	}
	return content.NewError(content.CodeMaxBytes, "", msgMaxBytes(b.MaxBytes))
}

// tally is what a walk counts: values, and an estimate of the length of
// their JSON that sizes the buffer it is written into (a little more than
// the strings and keys take: room for one byte in eight of text to be
// escaped, as often as prose or code quote and break lines, so that the
// buffer is not grown and copied while it is written).
type tally struct {
	nodes, size int
}

func (b Budget) walk(v content.Value, level int, t *tally) content.Code {
	t.nodes++
	t.size += 8
	if b.MaxNodes > 0 && t.nodes > b.MaxNodes {
		return content.CodeMaxNodes
	}
	switch v.Kind() {
	case content.KindString:
		t.size += len(v.Str()) + len(v.Str())/8
	case content.KindArray:
		if level > b.maxDepth() {
			return content.CodeMaxDepth
		}
		for i := range itemCount(v) {
			if code := b.walk(v.Index(i), level+1, t); code != "" {
				return code
			}
		}
	case content.KindObject:
		if level > b.maxDepth() {
			return content.CodeMaxDepth
		}
		for i := 1; i < itemCount(v); i += 2 {
			t.size += len(v.Index(i-1).Str()) + 4
			if code := b.walk(v.Index(i), level+1, t); code != "" {
				return code
			}
		}
	}
	return ""
}

// AppendJSON checks the values and nesting of v (as Check does), then
// appends its JSON as the package-level AppendJSON does, and stops as soon as
// the bytes it has written pass MaxBytes. A string is measured before it is
// copied, so that a string that grows past the budget once escaped is never
// written out: what a refused call allocates stays within MaxBytes and a few
// bytes, whatever v holds.
//
// With a nil dst, AppendJSON makes the buffer, sized by the same walk that
// checks v: a little more than v's JSON takes. When that estimate passes
// MaxBytes, a Checked value is measured exactly first, so that a result
// over the budget is refused without a buffer of the budget's size and one
// near it gets a buffer of its exact size; any other value gets a buffer
// of MaxBytes+1 at most.
func (b Budget) AppendJSON(dst []byte, v content.Value, f content.Format) ([]byte, error) {
	var t tally
	if code := b.walk(v, 1, &t); code != "" {
		return dst, b.error(code)
	}
	if dst == nil {
		if b.MaxBytes > 0 && t.size > b.MaxBytes {
			if !b.Checked {
				// Measure counts what canonicalization makes of a value
				// that is not plain JSON, which the writer refuses with
				// its own code: let the writer decide.
				t.size = b.MaxBytes + 1
			} else if n, err := b.Measure(v); err != nil {
				return nil, err
			} else {
				t.size = n
			}
		}
		dst = make([]byte, 0, t.size)
	}
	w := writer{format: f, base: len(dst), limit: b.MaxBytes, checked: b.Checked}
	dst = w.value(dst, v)
	if w.err != nil {
		return dst, w.err
	}
	return dst, nil
}

// Measure returns the length of the compact wire JSON of v without writing
// it, or max_bytes as soon as it passes MaxBytes (nodes and nesting are not
// counted: see Check). Bytes count as the base64 string and a timestamp as
// the string they become, a string that is not valid UTF-8 as its escaped
// bytes, and a value with no JSON form (a Go value, an extension) as the 4
// bytes of null: Measure judges size, not validity. A value nested deeper
// than MaxParseDepth is max_depth.
func (b Budget) Measure(v content.Value) (int, error) {
	m := measurer{limit: b.MaxBytes}
	n := m.json(v, 0, 0)
	if m.deep {
		return n, content.NewError(content.CodeMaxDepth, "", msgMaxDepth(content.MaxParseDepth))
	}
	if b.MaxBytes > 0 && n > b.MaxBytes {
		return n, b.error(content.CodeMaxBytes)
	}
	return n, nil
}

// measurer measures JSON: limit 0 is no bound; deep is set when a value
// nests deeper than MaxParseDepth (the walk stops there).
type measurer struct {
	limit int
	deep  bool
}

// json returns n plus the length of v's JSON, or a number past the limit as
// soon as it passes it.
func (m *measurer) json(v content.Value, n, depth int) int {
	over := func(n int) bool { return m.deep || m.limit > 0 && n > m.limit }
	if depth > content.MaxParseDepth {
		m.deep = true
		return n
	}
	var buf [32]byte
	switch v.Kind() {
	case content.KindNull:
		return n + 4
	case content.KindBool:
		if v.Bool() {
			return n + 4
		}
		return n + 5
	case content.KindInt:
		return n + len(strconv.AppendInt(buf[:0], v.Int(), 10))
	case content.KindUint:
		return n + len(strconv.AppendUint(buf[:0], v.Uint(), 10))
	case content.KindFloat:
		if f := v.Float(); math.IsNaN(f) || math.IsInf(f, 0) {
			return n + 4
		}
		return n + len(appendFloat(buf[:0], v.Float()))
	case content.KindString:
		return n + escapedLen(v.Str())
	case content.KindBytes:
		return n + base64Len(len(v.Str())) + 2
	case content.KindTime:
		if s, ok := jstime.Format(v.Time()); ok {
			return n + len(s) + 2
		}
		return n + 4
	case content.KindArray:
		n += 2 + max(itemCount(v)-1, 0)
		for i := range itemCount(v) {
			if n = m.json(v.Index(i), n, depth+1); over(n) {
				return n
			}
		}
		return n
	case content.KindObject:
		members := itemCount(v) / 2
		n += 2 + max(members-1, 0) + members // braces, commas, colons
		for i := 0; i < itemCount(v); i += 2 {
			k := v.Index(i)
			if k.Kind() == content.KindString {
				n += escapedLen(k.Str())
			} else {
				n = m.json(k, n, depth+1) + 2 // a converted key is quoted
			}
			if n = m.json(v.Index(i+1), n, depth+1); over(n) {
				return n
			}
		}
		return n
	}
	return n + 4
}

// escapedLen returns the length of s written as a JSON string by
// appendString, quotes included, without writing it.
func escapedLen(s string) int {
	n := len(s) + 2
	for i := nextEscape(s, 0); i < len(s); i = nextEscape(s, i+1) {
		n += int(jsonForms[s[i]]>>56) - 1 // \n, \u00XX
	}
	return n
}

// base64Len is the length of the padded standard base64 of n bytes.
func base64Len(n int) int { return (n + 2) / 3 * 4 }
