package abi

import (
	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/resultlink"
	"github.com/mcpresult/mcpresult/result"
)

// settingsFromValue reads settings in wire names, as package result reads
// them (see package resultlink): a response carries its settings so.
func settingsFromValue(v content.Value) (result.Settings, error) {
	s, err := resultlink.SettingsFromValue(v)
	return result.Settings(s), err
}
