package result_test

import (
	"testing"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/internal/engine"
	"github.com/mcpresult/mcpresult/internal/vectortest"
	"github.com/mcpresult/mcpresult/result"
)

// TestSerializeThenValidate serializes the output of every build vector for
// every protocol revision and checks it with Validate for that revision: the
// library must accept everything it writes.
func TestSerializeThenValidate(t *testing.T) {
	n := 0
	for _, vec := range vectortest.Load(t, vectortest.Root(t)) {
		want, ok := vec.Expect.Get("json")
		if vec.Op != "build" || !ok || !vec.AppliesTo("go") || engine.IsAppKind(vec.Kind) { // an app's objects are no result
			continue
		}
		built, err := content.ParseJSON([]byte(want.Str()))
		if err != nil {
			t.Fatalf("%s: %v", vec.Name, err)
		}
		settings, _ := vectortest.SettingsFromValue(vec.Settings)
		// A wrapped or finalized result may grow past a budget it just fit.
		settings.MaxJSONBytes, settings.MaxNodes = result.MaxMaxJSONBytes, result.MaxMaxNodes
		for _, version := range result.ProtocolVersions() {
			for _, finalize := range []bool{false, true} {
				opts := content.NewObject(
					content.Str("protocolVersion", content.NewString(version)),
					content.Str("finalize", content.NewBool(finalize)),
				)
				out, err := vectortest.SerializeValue(settings, built, opts)
				if err != nil {
					if e := asError(err); e != nil && e.Code == "max_depth" {
						continue // wrapping pushed a result that was at the limit over it
					}
					t.Errorf("%s for %s: %v", vec.Name, version, err)
					continue
				}
				if version == result.V20260728 && !finalize {
					continue // lacks the protocol-owned fields that revision requires on the wire
				}
				v, err := content.ParseJSON(out)
				if err != nil {
					t.Fatalf("%s for %s: output is not JSON: %v", vec.Name, version, err)
				}
				rep, err := result.Validate(v, result.ValidateOptions{ProtocolVersion: version, Settings: settings})
				if err != nil || !rep.Valid {
					t.Errorf("%s for %s (finalize %v): its own output is invalid: %v %v\n%s", vec.Name, version, finalize, err, rep.Errors, out)
				}
				n++
			}
		}
	}
	t.Logf("%d serialized outputs validated", n)
	if n < 1000 {
		t.Fatalf("only %d serialized outputs checked", n)
	}
}
