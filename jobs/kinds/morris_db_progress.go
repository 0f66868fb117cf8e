package kinds

import (
	"fmt"
	"strings"
	"time"

	"gameai/ai/morrisdb"
	"gameai/jobs/workers"
)

// buildTracker is a database build's progress: each pair's share of its
// work, weighed by its cells, and the time left at the rate of the pairs
// solved in this run (those found built cost nothing and say nothing of
// the rate).
type buildTracker struct {
	waves [][]morrisdb.Space
	wave  int
	start time.Time
	cells map[morrisdb.Space]float64
	all   float64
	state map[morrisdb.Space]workers.MorrisDBPairState
	// found is the cells of the pairs found built.
	found float64
}

func newBuildTracker(waves [][]morrisdb.Space, start time.Time) *buildTracker {
	t := &buildTracker{waves: waves, start: start, cells: map[morrisdb.Space]float64{}, state: map[morrisdb.Space]workers.MorrisDBPairState{}}
	for _, w := range waves {
		for _, p := range w {
			n := p.Size()
			if p.W != p.B {
				n += morrisdb.Space{W: p.B, B: p.W}.Size()
			}
			t.cells[p] = float64(n)
			t.all += float64(n)
		}
	}
	return t
}

func (t *buildTracker) waveOf(pair morrisdb.Space) int {
	for k, w := range t.waves {
		for _, p := range w {
			if p == pair {
				return k
			}
		}
	}
	return t.wave
}

func (t *buildTracker) update(pair morrisdb.Space, st workers.MorrisDBPairState) {
	if st.Skipped && len(st.Stats) > 0 {
		if _, seen := t.state[pair]; !seen || !t.state[pair].Skipped {
			t.found += t.cells[pair]
		}
	}
	t.state[pair] = st
}

// share is how much of a pair's work is done: the first pass is counted
// as half, and the retrograde pass, whose length is not known ahead, as
// three quarters once begun.
func share(st workers.MorrisDBPairState) float64 {
	switch {
	case len(st.Stats) > 0:
		return 1
	case st.Level >= 0:
		return 0.75
	case st.Total > 0:
		return 0.5 * float64(st.Done) / float64(st.Total)
	}
	return 0
}

// fraction is the share of all the pairs' cells done.
func (t *buildTracker) fraction() float64 {
	if t.all == 0 {
		return 1
	}
	done := 0.0
	for p, st := range t.state {
		done += t.cells[p] * share(st)
	}
	return done / t.all
}

// message names the wave and its pairs where they are, and the time left.
func (t *buildTracker) message(now time.Time) string {
	var parts []string
	for _, p := range t.waves[t.wave] {
		st, seen := t.state[p]
		where := "queued"
		switch {
		case !seen:
		case len(st.Stats) > 0 && st.Skipped:
			where = "found built"
		case len(st.Stats) > 0:
			where = "built"
		case st.Level >= 0:
			where = fmt.Sprintf("retrograde pass at distance %d", st.Level)
		case st.Total > 0:
			where = fmt.Sprintf("first pass %.0f%%", 100*float64(st.Done)/float64(st.Total))
		}
		if st.Worker != "" && len(st.Stats) == 0 {
			where += " on " + st.Worker
		}
		parts = append(parts, fmt.Sprintf("%v/%d-%d %s", p, p.B, p.W, where))
	}
	msg := fmt.Sprintf("wave %d of %d: %s", t.wave+1, len(t.waves), strings.Join(parts, ", "))
	if left, ok := t.left(now); ok {
		msg += fmt.Sprintf("; about %s left", left.Round(time.Minute))
	}
	return msg
}

// left is the time the cells not done would take at this run's rate,
// once it has solved a few percent of what it had to.
func (t *buildTracker) left(now time.Time) (time.Duration, bool) {
	done := t.fraction()*t.all - t.found
	todo := t.all - t.found
	if todo <= 0 || done < todo/50 {
		return 0, false
	}
	rate := done / now.Sub(t.start).Seconds()
	return time.Duration((t.all - t.fraction()*t.all) / rate * float64(time.Second)), true
}
