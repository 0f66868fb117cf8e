package kinds

import "testing"

func TestSpent(t *testing.T) {
	for _, c := range []struct {
		limits []limit
		want   float64
	}{
		{nil, 0},
		{[]limit{{5, 0}}, 0},                   // unbounded: no share
		{[]limit{{30, 120}}, 0.25},             // time alone
		{[]limit{{30, 120}, {600, 1000}}, 0.6}, // the furthest limit decides
		{[]limit{{0, 0}, {3, 10}}, 0.3},
		{[]limit{{130, 120}}, 1}, // overrun (a last report after the deadline)
	} {
		if got := spent(c.limits...); got != c.want {
			t.Errorf("spent(%v) = %v, want %v", c.limits, got, c.want)
		}
	}
}
