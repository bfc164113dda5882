package check

import "encoding/json"

// The MCP Apps extension (io.modelcontextprotocol/ui): a tool names the
// page it renders in its _meta, and the page is a resource of its own
// media type. What check reads of a tool's _meta for it is here, once, for
// every rule that treats an app's tool or page differently.

// appMIMEType is the one media type of an MCP Apps page.
const appMIMEType = "text/html;profile=mcp-app"

// appLink is what a tool's _meta says of the page it renders.
type appLink struct {
	// URI is _meta.ui.resourceUri, or else the deprecated flat
	// _meta["ui/resourceUri"]; "" when the tool links no page.
	URI string
	// Nested and Flat are the two keys as the tool lists them; a key that is
	// absent or not a string is "".
	Nested, Flat string
	// HasNested and HasFlat say whether each key is present at all (a
	// present key whose value is not a string is a broken link).
	HasNested, HasFlat bool
	// Visibility is _meta.ui.visibility as listed (nil when absent: the
	// default, ["model","app"]).
	Visibility []string
	// NestedRaw and FlatRaw are the two keys' values as listed, whatever
	// their type (nil when absent): what the app checks quote of a link
	// that is not a string.
	NestedRaw, FlatRaw json.RawMessage
}

// Linked says whether the tool names a page by either key.
func (l appLink) Linked() bool { return l.HasNested || l.HasFlat }

// AppOnly says whether only the page calls the tool, never the model
// (visibility is exactly ["app"]): a widget's own call, such as a long
// poll, that a model-facing client never makes.
func (l appLink) AppOnly() bool {
	if len(l.Visibility) == 0 {
		return false
	}
	for _, v := range l.Visibility {
		if v != "app" {
			return false
		}
	}
	return true
}

// toolAppLink reads a tool's _meta (nil or not an object: no link).
func toolAppLink(meta json.RawMessage) appLink {
	var m struct {
		UI   json.RawMessage `json:"ui"`
		Flat json.RawMessage `json:"ui/resourceUri"`
	}
	var l appLink
	if len(meta) == 0 || json.Unmarshal(meta, &m) != nil {
		return l
	}
	if m.Flat != nil {
		l.HasFlat, l.FlatRaw = true, m.Flat
		_ = json.Unmarshal(m.Flat, &l.Flat)
	}
	// Each member on its own: a visibility of the wrong type hides no link.
	var ui struct {
		ResourceURI json.RawMessage `json:"resourceUri"`
		Visibility  json.RawMessage `json:"visibility"`
	}
	if m.UI != nil && json.Unmarshal(m.UI, &ui) == nil {
		if ui.ResourceURI != nil {
			l.HasNested, l.NestedRaw = true, ui.ResourceURI
			_ = json.Unmarshal(ui.ResourceURI, &l.Nested)
		}
		_ = json.Unmarshal(ui.Visibility, &l.Visibility)
	}
	l.URI = l.Nested
	if l.URI == "" {
		l.URI = l.Flat
	}
	return l
}
