package guest

import (
	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/resultlink"
	"github.com/mcpresult/mcpresult/result"
)

// The value-typed calls of package result that a request makes: settings
// and options arrive in wire names (see package resultlink).

func settingsFromValue(v content.Value) (result.Settings, error) {
	s, err := resultlink.SettingsFromValue(v)
	return result.Settings(s), err
}

func serializeValue(s result.Settings, v any, options content.Value) ([]byte, error) {
	return resultlink.SerializeValue(resultlink.Settings(s), v, options)
}

// serializeBuilt writes a result the build just made with serialize
// options in wire names, as serialize writes it.
func serializeBuilt(r *result.Result, options content.Value) ([]byte, error) {
	return resultlink.SerializeBuilt(r, options)
}

func validateValue(s result.Settings, v any, options content.Value) (*result.Report, error) {
	r, err := resultlink.ValidateValue(resultlink.Settings(s), v, options)
	return (*result.Report)(r), err
}

func outputSchemaValue(s result.Settings, schema any, options content.Value) ([]byte, error) {
	return resultlink.OutputSchemaValue(resultlink.Settings(s), schema, options)
}
