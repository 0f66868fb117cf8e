package search

import (
	"time"

	"gameai/ai"
)

// engineLimits keeps back from a time budget what the request spends
// outside the engine (decoding, replaying, answering), as engine servers'
// "move overhead" does: a client asking for 100 ms expects the answer in
// about 100 ms, not the search alone.
func engineLimits(lim ai.Limits) ai.Limits {
	if lim.Time > 0 {
		lim.Time -= min(moveOverhead, lim.Time/10)
	}
	return lim
}

// moveOverhead is the most a time budget loses to engineLimits.
const moveOverhead = 10 * time.Millisecond

// schedPasses is how many times an answer still waits for a CPU once its
// search starts: for the engine to see its deadline, and for the answer
// to be written.
const schedPasses = 2

// onTime is the engine's share of a time budget queued after the request
// arrived (waiting for a CPU, its turn, a search slot), when goroutines
// wait wait for a CPU (schedWatch): the budget less the move overhead, the
// time queued and a wait at each pass still to come. On an idle server
// both are microseconds and the engine gets what engineLimits gives. When
// less than half the budget would be left the search is refused (a
// *BusyError naming the budget): accepted, it would answer late or barely
// search.
func onTime(lim ai.Limits, queued, wait time.Duration) (ai.Limits, error) {
	out := engineLimits(lim)
	if lim.Time <= 0 {
		return out, nil
	}
	out.Time -= queued + schedPasses*wait
	if out.Time < lim.Time/2 {
		return ai.Limits{}, &BusyError{Budget: lim.Time, Queued: queued, Wait: wait}
	}
	return out, nil
}
