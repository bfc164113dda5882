package result

import (
	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/resultlink"
)

// What the module's dispatch (internal/guest), abi and the Go host reach
// through package resultlink (its doc says why it is not exported here).
func init() {
	resultlink.SettingsFromValue = func(v content.Value) (resultlink.Settings, error) {
		s, err := settingsFromValue(v)
		return resultlink.Settings(s), err
	}
	resultlink.SerializeValue = func(s resultlink.Settings, v any, options content.Value) ([]byte, error) {
		return serializeValue(Settings(s), v, options)
	}
	resultlink.SerializeBuilt = func(r any, options content.Value) ([]byte, error) {
		o, err := serializeOptsFromValue(options)
		if err != nil {
			return nil, err
		}
		res := r.(*Result)
		return serialize(res.v, res.kind, res.settings.withDefaults(), o)
	}
	resultlink.SerializePlan = serializePlan
	resultlink.ValidateValue = func(s resultlink.Settings, v any, options content.Value) (*resultlink.Report, error) {
		r, err := validateValue(Settings(s), v, options)
		return (*resultlink.Report)(r), err
	}
	resultlink.OutputSchemaValue = func(s resultlink.Settings, schema any, options content.Value) ([]byte, error) {
		return outputSchemaValue(Settings(s), schema, options)
	}
}

// Settings returns the settings the result was built with (the runtime's,
// with the call's own maxJsonBytes and canonicalization): Serialize checks
// the budget again with them.
func (r Result) Settings() Settings { return r.settings }
