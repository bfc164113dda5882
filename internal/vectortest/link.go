package vectortest

import (
	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/resultlink"
	"github.com/mcpresult/mcpresult/result"
)

// The value-typed calls of package result that a vector makes natively:
// settings and options in wire names, as the vectors give them and as
// package abi reads them (see package resultlink), with result's types.

// SettingsFromValue reads settings given as a value.
func SettingsFromValue(v content.Value) (result.Settings, error) {
	s, err := resultlink.SettingsFromValue(v)
	return result.Settings(s), err
}

// SerializeValue serializes a result given as a value, with options in
// wire names.
func SerializeValue(s result.Settings, v any, options content.Value) ([]byte, error) {
	return resultlink.SerializeValue(resultlink.Settings(s), v, options)
}

// ValidateValue validates a value with options in wire names.
func ValidateValue(s result.Settings, v any, options content.Value) (*result.Report, error) {
	r, err := resultlink.ValidateValue(resultlink.Settings(s), v, options)
	return (*result.Report)(r), err
}

// OutputSchemaValue writes an output schema with options in wire names.
func OutputSchemaValue(s result.Settings, schema any, options content.Value) ([]byte, error) {
	return resultlink.OutputSchemaValue(resultlink.Settings(s), schema, options)
}
