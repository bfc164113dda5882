package result_test

import (
	"bytes"
	"testing"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/vectortest"
	"github.com/mcpresult/mcpresult/result"
)

// TestSerializeOfABuiltResult checks Serialize of a built result, which
// reuses the JSON of the build when a revision changes nothing but the
// resultType it puts first, against SerializeValue of the same result,
// which writes it all: for every build vector, revision, finalize and
// format, the same bytes or the same error.
func TestSerializeOfABuiltResult(t *testing.T) {
	type finalize struct {
		opt *result.Finalize
		val content.Value
	}
	finalizes := []finalize{
		{nil, content.NewBool(false)},
		{&result.Finalize{}, content.NewBool(true)},
		{&result.Finalize{ServerInfo: &result.Implementation{Name: "s", Version: "1"}, TTLMs: 5, CacheScope: "public"},
			content.NewObject(
				content.Str("serverInfo", content.NewObject(content.Str("name", content.NewString("s")), content.Str("version", content.NewString("1")))),
				content.Str("ttlMs", content.NewInt(5)), content.Str("cacheScope", content.NewString("public")))},
	}
	n, spliced := 0, 0
	for _, vec := range vectortest.Load(t, vectortest.Root(t)) {
		if vec.Op != "build" || !vec.AppliesTo("go") {
			continue
		}
		settings, err := vectortest.SettingsFromValue(vec.Settings)
		if err != nil {
			continue
		}
		r, err := result.Build(vec.Kind, vec.Input, result.BuildOptions{Settings: settings, Inherit: vec.Inherit})
		if err != nil {
			continue
		}
		// The result keeps the settings it was built with, which the
		// request may have changed: SerializeValue gets them too.
		settings = r.Settings()
		for _, version := range result.ProtocolVersions() {
			for _, f := range finalizes {
				for _, format := range []content.Format{content.Wire, content.JCS} {
					got, gerr := result.Serialize(r, result.SerializeOptions{ProtocolVersion: version, Finalize: f.opt, Format: format})
					want, werr := vectortest.SerializeValue(settings, r.AsValue(), content.NewObject(
						content.Str("protocolVersion", content.NewString(version)),
						content.Str("finalize", f.val),
						content.Str("format", content.NewString(format.String()))))
					if (gerr == nil) != (werr == nil) || gerr != nil && gerr.Error() != werr.Error() || !bytes.Equal(got, want) {
						t.Errorf("%s for %s, finalize %v, %s:\n got %s %v\nwant %s %v", vec.Name, version, f.opt != nil, format, got, gerr, want, werr)
					}
					if gerr == nil && format == content.Wire && (f.opt == nil || f.opt.ServerInfo == nil) {
						spliced++
					}
					n++
				}
			}
		}
	}
	t.Logf("%d outputs compared (%d of them candidates for reusing the built JSON)", n, spliced)
	if n < 1000 {
		t.Fatalf("only %d outputs compared", n)
	}
}
