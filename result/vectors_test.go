package result_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/engine"
	"github.com/mcpresult/mcpresult/internal/vectortest"
	"github.com/mcpresult/mcpresult/result"
)

// native runs vectors on the Go packages directly.
type native struct{}

func (native) Runtime() string { return "go" }

func (native) Run(v *vectortest.Vector) vectortest.Outcome {
	settings, err := vectortest.SettingsFromValue(v.Settings)
	if err != nil {
		return vectortest.Outcome{Err: err}
	}
	switch v.Op {
	case "build":
		if engine.IsAppKind(v.Kind) {
			max := settings.MaxJSONBytes
			if max == 0 {
				max = result.DefaultMaxJSONBytes
			}
			j, err := engine.AppJSON(v.Kind, v.Input, max)
			return vectortest.Outcome{JSON: j, Err: err}
		}
		r, err := result.Build(v.Kind, v.Input, result.BuildOptions{Settings: settings, Inherit: v.Inherit})
		if err != nil {
			return vectortest.Outcome{Err: err}
		}
		return vectortest.Outcome{JSON: r.JSON()}
	case "serialize":
		out, err := vectortest.SerializeValue(settings, v.Input, v.Options)
		return vectortest.Outcome{JSON: out, Err: err}
	case "validate":
		rep, err := vectortest.ValidateValue(settings, v.Input, v.Options)
		if err != nil {
			return vectortest.Outcome{Err: err}
		}
		return vectortest.ReportOutcome(rep.Valid, rep.Errors, rep.Warnings)
	case "outputSchema":
		out, err := vectortest.OutputSchemaValue(settings, v.Input, v.Options)
		return vectortest.Outcome{JSON: out, Err: err}
	}
	return vectortest.Outcome{Err: errors.New("op " + v.Op + " is not supported by this runner")}
}

// TestVectors runs every conformance vector that applies to native Go
// (MCPRESULT_VECTORS=/some/folder runs another folder).
func TestVectors(t *testing.T) {
	vectortest.Run(t, vectortest.Root(t), native{})
}

// TestVectorCodesAreRegistered: every code a vector expects is one of
// content.Codes, the one list of codes.
func TestVectorCodesAreRegistered(t *testing.T) {
	known := content.Codes()
	for _, c := range vectortest.Codes(t, vectortest.Root(t)) {
		if !slices.Contains(known, c) {
			t.Errorf("vectors use the code %q, which content.Codes does not list", c)
		}
	}
}

// asError returns the *result.Error in err's chain, or nil.
func asError(err error) *result.Error {
	var e *result.Error
	if errors.As(err, &e) {
		return e
	}
	return nil
}
