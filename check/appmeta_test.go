package check

import (
	"slices"
	"testing"
)

func TestToolAppLink(t *testing.T) {
	tests := []struct {
		meta      string
		uri       string
		linked    bool
		appOnly   bool
		hasNested bool
		hasFlat   bool
	}{
		{meta: ``},
		{meta: `[]`},
		{meta: `{"other":1}`},
		{meta: `{"ui":{"resourceUri":"ui://a/page.html"}}`, uri: "ui://a/page.html", linked: true, hasNested: true},
		{meta: `{"ui/resourceUri":"ui://a/old.html"}`, uri: "ui://a/old.html", linked: true, hasFlat: true},
		{meta: `{"ui":{"resourceUri":"ui://a/new.html"},"ui/resourceUri":"ui://a/old.html"}`, uri: "ui://a/new.html", linked: true, hasNested: true, hasFlat: true},
		{meta: `{"ui":{"resourceUri":7}}`, linked: true, hasNested: true},
		{meta: `{"ui":{"resourceUri":"ui://a","visibility":["app"]}}`, uri: "ui://a", linked: true, hasNested: true, appOnly: true},
		{meta: `{"ui":{"resourceUri":"ui://a","visibility":["model","app"]}}`, uri: "ui://a", linked: true, hasNested: true},
		{meta: `{"ui":{"resourceUri":"ui://a","visibility":[]}}`, uri: "ui://a", linked: true, hasNested: true},
		{meta: `{"ui":{"resourceUri":"ui://a","visibility":"app"}}`, uri: "ui://a", linked: true, hasNested: true},
		{meta: `{"ui":{"resourceUri":"ui://a","visibility":["app",7]}}`, uri: "ui://a", linked: true, hasNested: true},
	}
	for _, tt := range tests {
		l := toolAppLink([]byte(tt.meta))
		if l.URI != tt.uri || l.Linked() != tt.linked || l.AppOnly() != tt.appOnly || l.HasNested != tt.hasNested || l.HasFlat != tt.hasFlat {
			t.Errorf("toolAppLink(%s) = %+v (linked %v, app only %v)", tt.meta, l, l.Linked(), l.AppOnly())
		}
	}
	if l := toolAppLink([]byte(`{"ui":{"resourceUri":"ui://a","visibility":["app"]}}`)); !slices.Equal(l.Visibility, []string{"app"}) {
		t.Errorf("visibility %v", l.Visibility)
	}
}
