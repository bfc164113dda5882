// Package resultlink is how the module's dispatch (internal/guest), package
// abi and the Go host reach what package result does with values in wire
// names (a request's settings and options as the WebAssembly module
// receives them), without result exporting it: its users build with Go
// types, and a second, value-typed way in would be a promise they never
// need.
//
// Package result sets these functions when it is initialized; every package
// that uses them imports result, so they are set before any call. The types
// here are result's own by structure: result.Settings(s) and
// result.Report(r) convert them.
package resultlink

import (
	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/engine"
)

// MaxFindings is the most errors (and, separately, warnings) a validation
// reports; result.Report's doc says so.
const MaxFindings = 100

// Settings has the fields of result.Settings.
type Settings struct {
	MaxJSONBytes     int
	MaxNodes         int
	Canonicalization content.Canonicalization
}

// Report has the fields of result.Report.
type Report struct {
	Valid    bool
	Errors   []*content.Error
	Warnings []*content.Error
}

var (
	// New returns a *result.Result (as any) of a result the module built
	// and checked: its kind, its value and JSON, and the settings it was
	// built with. It skips the checks, which the module made.
	New func(kind string, v content.Value, json []byte, s Settings) any

	// Request returns the build request that a []result.Option (given as
	// any) makes, in wire names: what Tool, Resource and FromValue hand to
	// Build, and what the host sends the module to build the same result.
	Request func(opts any) content.Value

	// SettingsFromValue reads settings given as a value (maxJsonBytes,
	// maxNodes, maxDepth, canonicalization); maxDepth is fixed: only 64
	// is accepted.
	SettingsFromValue func(v content.Value) (Settings, error)

	// SerializeValue serializes a result given as a value (a content.Value
	// or a plain Go value) with options in wire names: protocolVersion,
	// format ("wire"/"jcs"), finalize (true, false, or {serverInfo: {name,
	// version}, ttlMs, cacheScope}) and unsupported ("convert"/"error").
	// The value is checked first, as a built result.
	SerializeValue func(s Settings, v any, options content.Value) ([]byte, error)

	// SerializeBuilt writes a *result.Result (as any) with serialize
	// options in wire names, as SerializeValue reads them, exactly as
	// result.Serialize writes it: the result is not checked again.
	SerializeBuilt func(r any, options content.Value) ([]byte, error)

	// SerializePlan reads serialize options given as a value, as
	// SerializeValue reads them, and says how the one pass writes a built
	// result with them (see engine.Serialize); nil, with no error, for
	// options the pass leaves to the general path (the JCS format, a
	// finalize with serverInfo), and nil with the error of options that
	// have one.
	SerializePlan func(options content.Value) (*engine.Serialize, error)

	// ValidateValue validates a value with options in wire names (kind,
	// protocolVersion, stage): an unknown or repeated option, or one of the
	// wrong type, is the error of the call.
	ValidateValue func(s Settings, v any, options content.Value) (*Report, error)

	// OutputSchemaValue is result.OutputSchema with settings and with
	// options in wire names ({protocolVersion}). The settings bound the
	// schema; their canonicalization does not apply (a schema is always
	// read strictly).
	OutputSchemaValue func(s Settings, schema any, options content.Value) ([]byte, error)
)
