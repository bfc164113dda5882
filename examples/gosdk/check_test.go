package main

import (
	"context"
	"strings"
	"testing"

	"github.com/mcpresult/mcpresult/check"
	"github.com/mcpresult/mcpresult/host"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestCheck runs package check against the server, in-process over the
// SDK's in-memory transports, for every revision and both variants, as a
// server's author would in their own tests: every tool is called (with
// arguments made from its inputSchema) and the resource read, and no
// result may have an error or a warning.
func TestCheck(t *testing.T) {
	for _, variant := range []struct {
		name string
		h    *host.Host
	}{{"native", nil}, {"wasm", wasm}} {
		t.Run(variant.name, func(t *testing.T) {
			ctx := context.Background()
			log := &errLog{}
			server, err := newServer(variant.h, log.add)
			if err != nil {
				t.Fatal(err)
			}
			rep, err := check.Run(ctx, check.Options{
				Transport: func() mcp.Transport {
					serverEnd, clientEnd := mcp.NewInMemoryTransports()
					if _, err := server.Connect(ctx, serverEnd, nil); err != nil {
						t.Fatal(err)
					}
					return clientEnd
				},
			})
			if err != nil {
				t.Fatal(err)
			}
			if rep.Failed() || rep.Totals.Errors > 0 || rep.Totals.RevisionsChecked != len(check.ProtocolRevisions()) {
				t.Errorf("the check failed or found errors:\n%s", reportText(rep))
			}
			for _, rev := range rep.Revisions {
				for _, tool := range rev.Tools {
					for _, call := range tool.Calls {
						for _, f := range call.Findings {
							if f.Severity != check.Info {
								t.Errorf("%s: tool %s: %s %s at %s: %s", rev.Revision, tool.Name, f.Severity, f.Code, f.Path, f.Message)
							}
						}
					}
				}
				for _, res := range rev.Resources {
					for _, f := range res.Findings {
						if f.Severity != check.Info {
							t.Errorf("%s: resource %s: %s %s at %s: %s", rev.Revision, res.URI, f.Severity, f.Code, f.Path, f.Message)
						}
					}
				}
			}
			var js strings.Builder
			if err := rep.WriteJSON(&js); err != nil {
				t.Fatal(err)
			}
			if strings.Contains(js.String(), secret) {
				t.Error("the report holds the secret of a failing handler")
			}
			if len(log.take()) == 0 {
				t.Error("the failing handlers did not reach onError")
			}
		})
	}
}

// reportText is the report as check writes it for people.
func reportText(rep *check.Report) string {
	var b strings.Builder
	rep.WriteText(&b, false)
	return b.String()
}
