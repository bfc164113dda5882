package decimal_test

import (
	"testing"

	"github.com/mcpresult/mcpresult/internal/decimal"
)

func TestGrouped(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, "0"}, {512, "512"}, {1000, "1,000"}, {100_000, "100,000"}, {2_000_000, "2,000,000"}, {-64_000_000, "-64,000,000"}} {
		if got := decimal.Grouped(c.n); got != c.want {
			t.Errorf("Grouped(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}
