//go:build loadtest

package main

import (
	"math"
	"runtime/metrics"
)

// schedLatencies reads the generator's own scheduling latencies: how long
// its goroutines waited for a CPU. The generator shares the machine with
// the server, and every latency it records includes its own waits.
func schedLatencies() *metrics.Float64Histogram {
	s := []metrics.Sample{{Name: "/sched/latencies:seconds"}}
	metrics.Read(s)
	return s[0].Value.Float64Histogram()
}

// histQuantile is the upper bound of the bucket that holds the q-quantile
// of what happened between two readings of a runtime histogram.
func histQuantile(before, after *metrics.Float64Histogram, q float64) float64 {
	var total uint64
	d := make([]uint64, len(after.Counts))
	for i := range after.Counts {
		d[i] = after.Counts[i] - before.Counts[i]
		total += d[i]
	}
	want := uint64(math.Ceil(q * float64(total)))
	var seen uint64
	for i, c := range d {
		seen += c
		if seen >= want && total > 0 {
			if b := after.Buckets[i+1]; !math.IsInf(b, 1) {
				return b
			}
			return after.Buckets[i]
		}
	}
	return 0
}
