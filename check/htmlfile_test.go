package check

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"
	"time"
)

// readJSONReport reads a report back from what WriteJSON wrote: the
// durations from their "durationMs" and the JSON-RPC errors from their
// "rpcError", which the Report's own fields do not read.
func readJSONReport(data []byte) (*Report, error) {
	var r Report
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, err
	}
	type exchange struct {
		DurationMs float64       `json:"durationMs"`
		RPCError   *rpcErrorJSON `json:"rpcError"`
	}
	var d struct {
		DurationMs float64 `json:"durationMs"`
		Revisions  []struct {
			DurationMs float64 `json:"durationMs"`
			Tools      []struct {
				Calls []exchange `json:"calls"`
			} `json:"tools"`
			Resources []exchange `json:"resources"`
		} `json:"revisions"`
	}
	if err := json.Unmarshal(data, &d); err != nil {
		return nil, err
	}
	ms := func(v float64) time.Duration { return time.Duration(v * float64(time.Millisecond)) }
	rpc := func(e *rpcErrorJSON) *RPCError {
		if e == nil {
			return nil
		}
		return &RPCError{Code: e.Code, Message: e.Message, Data: e.Data}
	}
	r.Duration = ms(d.DurationMs)
	for i, rr := range r.Revisions {
		rr.Duration = ms(d.Revisions[i].DurationMs)
		for j, tr := range rr.Tools {
			for k, c := range tr.Calls {
				x := d.Revisions[i].Tools[j].Calls[k]
				c.Duration, c.RPCError = ms(x.DurationMs), rpc(x.RPCError)
			}
		}
		for j, res := range rr.Resources {
			x := d.Revisions[i].Resources[j]
			res.Duration, res.RPCError = ms(x.DurationMs), rpc(x.RPCError)
		}
	}
	return &r, nil
}

// TestReadJSONReport: a report read back from its JSON writes the HTML
// page the report itself writes.
func TestReadJSONReport(t *testing.T) {
	var js, want, got bytes.Buffer
	r := sampleReport()
	if err := r.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	back, err := readJSONReport(js.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if err := r.WriteHTML(&want); err != nil {
		t.Fatal(err)
	}
	if err := back.WriteHTML(&got); err != nil {
		t.Fatal(err)
	}
	if got.String() != want.String() {
		t.Errorf("the page of the report read back differs:\n%s\nwant\n%s", got.String(), want.String())
	}
}

// TestHTMLOfJSONReport is how make check-html writes the HTML report of a
// real run of the command while the command has no flag that writes one:
// with MCPRESULT_HTML_FROM naming a JSON report (mcpresult check --json)
// and MCPRESULT_HTML_TO the page to write, it writes that report's page.
// Without them it has nothing to do.
func TestHTMLOfJSONReport(t *testing.T) {
	from, to := os.Getenv("MCPRESULT_HTML_FROM"), os.Getenv("MCPRESULT_HTML_TO")
	if from == "" || to == "" {
		t.Skip("make check-html's writer of an HTML report: MCPRESULT_HTML_FROM and MCPRESULT_HTML_TO name its files")
	}
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	r, err := readJSONReport(data)
	if err != nil {
		t.Fatalf("%s: %v", from, err)
	}
	f, err := os.Create(to)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.WriteHTML(f); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}
