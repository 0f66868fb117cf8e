// Package waitfor is how tests wait for something another goroutine or
// process does: a condition polled up to a ceiling (never a speed target),
// instead of a sleep that guesses how long it takes.
package waitfor

import (
	"testing"
	"time"
)

// Every is how often a condition is asked again: often enough that a test
// ends soon after it holds, seldom enough that asking (an HTTP request, a
// store read) does not load a busy machine.
const Every = 10 * time.Millisecond

// Until asks cond every Every until it holds, and says whether it did
// within limit (it is asked once more at the limit).
func Until(limit time.Duration, cond func() bool) bool {
	return UntilEvery(limit, Every, cond)
}

// UntilEvery is Until asking every interval.
func UntilEvery(limit, interval time.Duration, cond func() bool) bool {
	if cond() {
		return true
	}
	deadline := time.NewTimer(limit)
	defer deadline.Stop()
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
			if cond() {
				return true
			}
		case <-deadline.C:
			return cond()
		}
	}
}

// Check fails t, naming what it waited for, when cond does not hold within
// limit.
func Check(t testing.TB, limit time.Duration, what string, cond func() bool) {
	t.Helper()
	if !Until(limit, cond) {
		t.Fatalf("%s: not within %s", what, limit)
	}
}
