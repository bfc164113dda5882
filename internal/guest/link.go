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

func validateValue(s result.Settings, v any, options content.Value) (*result.Report, error) {
	r, err := resultlink.ValidateValue(resultlink.Settings(s), v, options)
	return (*result.Report)(r), err
}

func outputSchemaValue(s result.Settings, schema any, options content.Value) ([]byte, error) {
	return resultlink.OutputSchemaValue(resultlink.Settings(s), schema, options)
}
