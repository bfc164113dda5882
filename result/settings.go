package result

import (
	"strconv"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/decimal"
	"github.com/mcpresult/mcpresult/internal/engine"
)

// Error is the one error type of mcpresult (see [content.Error]).
type Error = content.Error

// Code is a stable error code (see [content.Code]).
type Code = content.Code

// Defaults and limits of Settings.
const (
	DefaultMaxJSONBytes = 2_000_000
	MinMaxJSONBytes     = 512
	MaxMaxJSONBytes     = 64_000_000
	DefaultMaxNodes     = 100_000
	MaxMaxNodes         = 10_000_000
	MaxDepth            = engine.MaxDepth
)

// The messages of invalid settings, shared by every place that reads them
// (their ranges written from the constants above).
var (
	msgMaxJSONBytes = "maxJsonBytes must be an integer from " + decimal.Grouped(MinMaxJSONBytes) + " to " + decimal.Grouped(MaxMaxJSONBytes)
	msgMaxNodes     = "maxNodes must be an integer from 1 to " + decimal.Grouped(MaxMaxNodes)
)

const msgCanonicalization = "canonicalization must be \"strict\" or \"json\""

// Settings bound what one result may hold. The zero value means the
// defaults: 2,000,000 bytes of compact JSON, 100,000 JSON values, depth 64,
// strict canonicalization.
type Settings struct {
	// MaxJSONBytes is the largest the compact wire JSON of a whole result may
	// be, in bytes: 512 to 64,000,000, 0 for the default.
	MaxJSONBytes int
	// MaxNodes is the most JSON values (objects, arrays and scalars, not
	// keys) a result may hold: 1 to 10,000,000, 0 for the default.
	MaxNodes int
	// Canonicalization is how free-form values that are not plain JSON are
	// treated.
	Canonicalization content.Canonicalization
}

// budget is the budget of a result built with s (defaults applied), whose
// values come from the checks.
func (s Settings) budget() engine.Budget {
	return engine.Budget{MaxBytes: s.MaxJSONBytes, MaxNodes: s.MaxNodes, Checked: true}
}

// write writes v within the budget of s (defaults applied), in a buffer
// sized as Budget.AppendJSON sizes it; on an error, nothing (never the part
// written before the writer stopped).
func (s Settings) write(v content.Value, f content.Format) ([]byte, error) {
	out, err := s.budget().AppendJSON(nil, v, f)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// withDefaults returns s with zero fields set to their defaults.
func (s Settings) withDefaults() Settings {
	if s.MaxJSONBytes == 0 {
		s.MaxJSONBytes = DefaultMaxJSONBytes
	}
	if s.MaxNodes == 0 {
		s.MaxNodes = DefaultMaxNodes
	}
	return s
}

// Check reports an invalid_option error for a setting out of range.
func (s Settings) Check() error {
	s = s.withDefaults()
	switch {
	case s.MaxJSONBytes < MinMaxJSONBytes || s.MaxJSONBytes > MaxMaxJSONBytes:
		return content.NewError(content.CodeInvalidOption, "/maxJsonBytes", msgMaxJSONBytes)
	case s.MaxNodes < 1 || s.MaxNodes > MaxMaxNodes:
		return content.NewError(content.CodeInvalidOption, "/maxNodes", msgMaxNodes)
	case s.Canonicalization != content.Strict && s.Canonicalization != content.JSON:
		return content.NewError(content.CodeInvalidOption, "/canonicalization", msgCanonicalization)
	}
	return nil
}

// settingNames are the keys of settings given as a value.
var settingNames = []string{"maxJsonBytes", "maxNodes", "maxDepth", "canonicalization"}

// settingsFromValue reads settings given as a value (wire names
// maxJsonBytes, maxNodes, maxDepth, canonicalization), as the vectors and the
// ABI give them. maxDepth is fixed: only 64 is accepted.
func settingsFromValue(v content.Value) (Settings, error) {
	var s Settings
	if v.Kind() == content.KindNull {
		return s, nil
	}
	c := engine.NewChecker(engine.CheckOptions{})
	if v.Kind() != content.KindObject {
		return s, content.NewError(content.CodeInvalidType, "", "settings must be an object")
	}
	if !c.Keys(v, settingNames, content.CodeUnknownOption, content.CodeDuplicateOption, "the settings") {
		return s, c.Err()
	}
	if x, ok := v.Get("maxJsonBytes"); ok {
		n, ok := intIn(x, MinMaxJSONBytes, MaxMaxJSONBytes)
		if !ok {
			return s, content.NewError(content.CodeInvalidOption, "/maxJsonBytes", msgMaxJSONBytes)
		}
		s.MaxJSONBytes = n
	}
	if x, ok := v.Get("maxNodes"); ok {
		n, ok := intIn(x, 1, MaxMaxNodes)
		if !ok {
			return s, content.NewError(content.CodeInvalidOption, "/maxNodes", msgMaxNodes)
		}
		s.MaxNodes = n
	}
	if x, ok := v.Get("maxDepth"); ok {
		if _, ok := intIn(x, MaxDepth, MaxDepth); !ok {
			return s, content.NewError(content.CodeInvalidOption, "/maxDepth", "maxDepth is fixed at 64")
		}
	}
	if x, ok := v.Get("canonicalization"); ok {
		m, ok := modeOf(x)
		if !ok {
			return s, content.NewError(content.CodeInvalidOption, "/canonicalization", msgCanonicalization)
		}
		s.Canonicalization = m
	}
	return s, nil
}

// intIn returns v as an int when it is an integer (or an integral float) in
// lo..hi.
//
//go:noinline
func intIn(v content.Value, lo, hi int) (int, bool) {
	n, ok := int64In(v, int64(lo), int64(hi))
	return int(n), ok
}

// int64In is intIn for bounds past what an int holds on 32-bit machines
// (ttlMs goes to 2^53-1).
func int64In(v content.Value, lo, hi int64) (int64, bool) {
	var n int64
	switch v.Kind() {
	case content.KindInt:
		n = v.Int()
	case content.KindFloat:
		f := v.Float()
		if f != float64(int64(f)) {
			return 0, false
		}
		n = int64(f)
	default:
		return 0, false
	}
	if n < lo || n > hi {
		return 0, false
	}
	return n, true
}

func modeOf(v content.Value) (content.Canonicalization, bool) {
	if v.Kind() == content.KindString {
		switch v.Str() {
		case "strict":
			return content.Strict, true
		case "json":
			return content.JSON, true
		}
	}
	return content.Strict, false
}

// AsValue returns the settings as a value in wire names, all fields set.
func (s Settings) AsValue() content.Value {
	s = s.withDefaults()
	return content.NewObject(
		content.Str("maxJsonBytes", content.NewInt(int64(s.MaxJSONBytes))),
		content.Str("maxNodes", content.NewInt(int64(s.MaxNodes))),
		content.Str("maxDepth", content.NewInt(MaxDepth)),
		content.Str("canonicalization", content.NewString(s.Canonicalization.String())),
	)
}

// String returns the settings as compact JSON.
func (s Settings) String() string {
	b, _ := engine.AppendJSON(nil, s.AsValue(), content.Wire)
	return string(b)
}

// itoa is strconv.Itoa, kept short for messages.
func itoa(n int) string { return strconv.Itoa(n) }
