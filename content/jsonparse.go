package content

import (
	"math"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// MaxParseDepth bounds the nesting ParseJSON accepts, the nesting of a
// request the module decodes, and an ordinary value's nesting: deeper is
// max_depth. It is well above the result budget's depth of 64 (which the
// checks report beside their other findings), and well below what the
// module's recursion needs on the smallest stack it runs on: under V8 with
// Node's default stack, building an ordinary value nested about 560 levels
// deep exhausts it, so 256 keeps every runtime well clear of a trap, and so
// the same value gets the same answer everywhere.
const MaxParseDepth = 256

// ParseJSON parses one JSON text into a Value without losing anything the
// checks need: object members keep their order and their duplicates, a
// number without fraction or exponent that fits int64 (or uint64) is an
// integer and every other number a float64, and a string escape of a lone
// surrogate ("\ud800") becomes its WTF-8 bytes, which the checks then report
// as invalid UTF-8. Invalid UTF-8 in the text is kept for the same reason.
func ParseJSON(data []byte) (Value, error) {
	return ParseJSONLimit(data, 0)
}

// ParseJSONLimit is ParseJSON that stops with max_nodes (at the path "") as
// soon as the text holds more than maxNodes JSON values (0: no bound): every
// value costs a Value (about 80 bytes) however short its text, so a caller
// that knows its budget bounds the memory of a parse with it.
func ParseJSONLimit(data []byte, maxNodes int) (Value, error) {
	p := parser{data: data, maxNodes: maxNodes}
	p.ws()
	v, err := p.value(0)
	if err != nil {
		return Value{}, err
	}
	p.ws()
	if p.i != len(p.data) {
		return Value{}, p.errorf("unexpected data after the JSON value")
	}
	return v, nil
}

type parser struct {
	data     []byte
	i        int
	nodes    int
	maxNodes int
}

func (p *parser) errorf(msg string) *Error {
	return NewError(CodeInvalidJSON, "", msg+" at byte offset "+strconv.Itoa(p.i))
}

//go:noinline
func (p *parser) ws() {
	for p.i < len(p.data) {
		switch p.data[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *parser) lit(s string, v Value) (Value, error) {
	if len(p.data)-p.i < len(s) || string(p.data[p.i:p.i+len(s)]) != s {
		return Value{}, p.errorf("invalid literal")
	}
	p.i += len(s)
	return v, nil
}

func (p *parser) value(depth int) (Value, error) {
	if p.i >= len(p.data) {
		return Value{}, p.errorf("unexpected end of JSON")
	}
	if p.nodes++; p.maxNodes > 0 && p.nodes > p.maxNodes {
		return Value{}, NewError(CodeMaxNodes, "", "the JSON text has more than "+strconv.Itoa(p.maxNodes)+" values")
	}
	switch c := p.data[p.i]; {
	case c == '{':
		if depth >= MaxParseDepth {
			return Value{}, NewError(CodeMaxDepth, "", "JSON nesting is too deep")
		}
		p.i++
		items := []Value{}
		p.ws()
		if p.i < len(p.data) && p.data[p.i] == '}' {
			p.i++
			return objectFromItems(items), nil
		}
		for {
			p.ws()
			if p.i >= len(p.data) || p.data[p.i] != '"' {
				return Value{}, p.errorf("expected a string key")
			}
			k, err := p.str()
			if err != nil {
				return Value{}, err
			}
			p.ws()
			if p.i >= len(p.data) || p.data[p.i] != ':' {
				return Value{}, p.errorf("expected ':'")
			}
			p.i++
			p.ws()
			v, err := p.value(depth + 1)
			if err != nil {
				return Value{}, err
			}
			items = append(items, NewString(k), v)
			p.ws()
			if p.i < len(p.data) && p.data[p.i] == ',' {
				p.i++
				continue
			}
			if p.i < len(p.data) && p.data[p.i] == '}' {
				p.i++
				return objectFromItems(items), nil
			}
			return Value{}, p.errorf("expected ',' or '}'")
		}
	case c == '[':
		if depth >= MaxParseDepth {
			return Value{}, NewError(CodeMaxDepth, "", "JSON nesting is too deep")
		}
		p.i++
		elems := []Value{}
		p.ws()
		if p.i < len(p.data) && p.data[p.i] == ']' {
			p.i++
			return NewArray(elems...), nil
		}
		for {
			p.ws()
			v, err := p.value(depth + 1)
			if err != nil {
				return Value{}, err
			}
			elems = append(elems, v)
			p.ws()
			if p.i < len(p.data) && p.data[p.i] == ',' {
				p.i++
				continue
			}
			if p.i < len(p.data) && p.data[p.i] == ']' {
				p.i++
				return NewArray(elems...), nil
			}
			return Value{}, p.errorf("expected ',' or ']'")
		}
	case c == '"':
		s, err := p.str()
		if err != nil {
			return Value{}, err
		}
		return NewString(s), nil
	case c == 't':
		return p.lit("true", NewBool(true))
	case c == 'f':
		return p.lit("false", NewBool(false))
	case c == 'n':
		return p.lit("null", Null())
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	}
	return Value{}, p.errorf("unexpected character")
}

func (p *parser) number() (Value, error) {
	start := p.i
	if p.data[p.i] == '-' {
		p.i++
	}
	digits := func() int {
		n := 0
		for p.i < len(p.data) && p.data[p.i] >= '0' && p.data[p.i] <= '9' {
			p.i++
			n++
		}
		return n
	}
	intStart := p.i
	if digits() == 0 {
		return Value{}, p.errorf("invalid number")
	}
	if p.data[intStart] == '0' && p.i-intStart > 1 {
		return Value{}, p.errorf("invalid number: leading zero")
	}
	isFloat := false
	if p.i < len(p.data) && p.data[p.i] == '.' {
		p.i++
		isFloat = true
		if digits() == 0 {
			return Value{}, p.errorf("invalid number")
		}
	}
	if p.i < len(p.data) && (p.data[p.i] == 'e' || p.data[p.i] == 'E') {
		p.i++
		isFloat = true
		if p.i < len(p.data) && (p.data[p.i] == '+' || p.data[p.i] == '-') {
			p.i++
		}
		if digits() == 0 {
			return Value{}, p.errorf("invalid number")
		}
	}
	text := string(p.data[start:p.i])
	if !isFloat {
		if i, err := strconv.ParseInt(text, 10, 64); err == nil {
			return NewInt(i), nil
		}
		if u, err := strconv.ParseUint(text, 10, 64); err == nil {
			return NewUint(u), nil
		}
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil && !math.IsInf(f, 0) {
		return Value{}, p.errorf("invalid number")
	}
	// A literal too large for float64 reads as ±Inf, as JSON.parse gives;
	// the checks then reject it as non-finite.
	return NewFloat(f), nil
}

// str parses a JSON string starting at the opening quote.
func (p *parser) str() (string, error) {
	p.i++ // opening quote
	start := p.i
	// fast path: no escapes
	for p.i < len(p.data) {
		c := p.data[p.i]
		if c == '"' {
			s := string(p.data[start:p.i])
			p.i++
			return s, nil
		}
		if c == '\\' || c < 0x20 {
			break
		}
		p.i++
	}
	buf := append([]byte(nil), p.data[start:p.i]...)
	for p.i < len(p.data) {
		c := p.data[p.i]
		switch {
		case c == '"':
			p.i++
			return string(buf), nil
		case c < 0x20:
			return "", p.errorf("control character in string")
		case c != '\\':
			buf = append(buf, c)
			p.i++
			continue
		}
		p.i++
		if p.i >= len(p.data) {
			break
		}
		e := p.data[p.i]
		p.i++
		switch e {
		case '"', '\\', '/':
			buf = append(buf, e)
		case 'b':
			buf = append(buf, '\b')
		case 'f':
			buf = append(buf, '\f')
		case 'n':
			buf = append(buf, '\n')
		case 'r':
			buf = append(buf, '\r')
		case 't':
			buf = append(buf, '\t')
		case 'u':
			r, ok := p.hex4()
			if !ok {
				return "", p.errorf("invalid \\u escape")
			}
			if utf16.IsSurrogate(r) && r < 0xDC00 && p.i+6 <= len(p.data) && p.data[p.i] == '\\' && p.data[p.i+1] == 'u' {
				save := p.i
				p.i += 2
				r2, ok2 := p.hex4()
				if ok2 && r2 >= 0xDC00 && r2 <= 0xDFFF {
					buf = utf8.AppendRune(buf, utf16.DecodeRune(r, r2))
					continue
				}
				p.i = save
			}
			buf = appendWTF8(buf, r)
		default:
			return "", p.errorf("invalid escape")
		}
	}
	return "", p.errorf("unterminated string")
}

func (p *parser) hex4() (rune, bool) {
	if p.i+4 > len(p.data) {
		return 0, false
	}
	var r rune
	for _, c := range p.data[p.i : p.i+4] {
		r <<= 4
		switch {
		case c >= '0' && c <= '9':
			r |= rune(c - '0')
		case c >= 'a' && c <= 'f':
			r |= rune(c - 'a' + 10)
		case c >= 'A' && c <= 'F':
			r |= rune(c - 'A' + 10)
		default:
			return 0, false
		}
	}
	p.i += 4
	return r, true
}

// appendWTF8 appends r as UTF-8, or a lone surrogate as its generalized
// UTF-8 (WTF-8) three bytes, which are not valid UTF-8.
func appendWTF8(b []byte, r rune) []byte {
	if utf16.IsSurrogate(r) {
		return append(b, 0xE0|byte(r>>12), 0x80|byte(r>>6)&0x3F, 0x80|byte(r)&0x3F)
	}
	return utf8.AppendRune(b, r)
}
