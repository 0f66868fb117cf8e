package search

import (
	"context"
	"math"
	rtmetrics "runtime/metrics"
	"sync"
	"sync/atomic"
	"time"
)

// schedWatch follows how long a runnable goroutine waits for a CPU right
// now: the Go runtime's /sched/latencies:seconds, over the last window.
// When cheap requests keep both cores busy, every goroutine waits its turn,
// an accepted search's included: the request waits before its handler
// runs, the engine overruns its deadline by the turns it waited, and the
// answer waits to be written. The server reads this wait to keep back
// enough of a search's budget that the answer still arrives on time.
type schedWatch struct {
	q atomic.Int64 // nanoseconds
}

// schedWindow is how often the watch reads the runtime; schedQuantile is
// the share of waits it covers. The 90th percentile, not the 99th: an
// answer waits at a few passes, and the 99th of each, added, refused most
// searches while accepted ones answered at p99 well within budget + 25 ms
// (BENCHMARKS.md, "The server under load").
const (
	schedWindow   = 250 * time.Millisecond
	schedQuantile = 0.9
)

func (w *schedWatch) run(ctx context.Context) {
	sample := []rtmetrics.Sample{{Name: "/sched/latencies:seconds"}}
	var prev []uint64
	t := time.NewTicker(schedWindow)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		rtmetrics.Read(sample)
		if sample[0].Value.Kind() != rtmetrics.KindFloat64Histogram {
			return
		}
		h := sample[0].Value.Float64Histogram()
		if len(prev) != len(h.Counts) {
			prev = make([]uint64, len(h.Counts))
		}
		var total uint64
		delta := make([]uint64, len(h.Counts))
		for i, c := range h.Counts {
			delta[i] = c - prev[i]
			total += delta[i]
			prev[i] = c
		}
		w.q.Store(int64(quantile(delta, total, h.Buckets, schedQuantile) * 1e9))
	}
}

// quantile is the upper bound of the bucket holding the q-quantile.
func quantile(counts []uint64, total uint64, bounds []float64, q float64) float64 {
	if total == 0 {
		return 0
	}
	want := uint64(math.Ceil(q * float64(total)))
	var seen uint64
	for i, c := range counts {
		seen += c
		if seen >= want {
			b := bounds[i+1]
			if math.IsInf(b, 1) {
				b = bounds[i]
			}
			return b
		}
	}
	return 0
}

// wait is the schedQuantile of the last window's scheduling latency.
func (w *schedWatch) wait() time.Duration { return time.Duration(w.q.Load()) }

// sched is the process's one watch: the runtime's latencies are the
// process's, whatever the number of servers in it (tests run several).
var (
	sched     schedWatch
	schedOnce sync.Once
)

// schedWait starts the watch on first use and returns its reading.
func schedWait() time.Duration {
	schedOnce.Do(func() { go sched.run(context.Background()) })
	return sched.wait()
}
