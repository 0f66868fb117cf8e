package search

import (
	"errors"
	"testing"
	"time"

	"gameai/ai"
)

// A search's engine gets its budget less what the request has already
// waited and what it will wait for a CPU; on an idle server that is
// nothing, and a budget that cannot be met is refused, naming the field.
func TestOnTimeKeepsTheDeadline(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		budget, queued, wait time.Duration
		want                 time.Duration // 0: refused
	}{
		{100 * ms, 0, 0, 90 * ms},
		{1000 * ms, 0, 0, 990 * ms},
		{100 * ms, 5 * ms, 10 * ms, 65 * ms},
		{100 * ms, 30 * ms, 0, 60 * ms},
		{100 * ms, 20 * ms, 15 * ms, 0},
		{100 * ms, 60 * ms, 0, 0},
		{1000 * ms, 60 * ms, 40 * ms, 850 * ms},
	} {
		got, err := onTime(ai.Limits{Time: c.budget}, c.queued, c.wait)
		if c.want == 0 {
			var busy *BusyError
			if !errors.As(err, &busy) || busy.Budget != c.budget || busy.Queued != c.queued || busy.Wait != c.wait {
				t.Errorf("%s queued %s, waits %s: %v, want refused for its budget", c.budget, c.queued, c.wait, err)
			}
			continue
		}
		if err != nil || got.Time != c.want {
			t.Errorf("%s queued %s, waits %s: engine %s (%v), want %s", c.budget, c.queued, c.wait, got.Time, err, c.want)
		}
	}
	if got, err := onTime(ai.Limits{Depth: 4}, time.Second, time.Second); err != nil || got.Depth != 4 || got.Time != 0 {
		t.Errorf("a depth-bounded search has no deadline to keep: %+v %v", got, err)
	}
}

// The quantile of a runtime histogram is the upper bound of its bucket.
func TestQuantileOfAHistogram(t *testing.T) {
	bounds := []float64{0, 0.001, 0.01, 0.1, 1}
	counts := []uint64{80, 10, 9, 1}
	for q, want := range map[float64]float64{0.5: 0.001, 0.85: 0.01, 0.95: 0.1, 1: 1} {
		if got := quantile(counts, 100, bounds, q); got != want {
			t.Errorf("q %.2f: %g, want %g", q, got, want)
		}
	}
	if quantile(counts, 0, bounds, 0.9) != 0 {
		t.Error("no samples must read as no wait")
	}
}
