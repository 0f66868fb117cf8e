package kinds

import (
	"strings"
	"testing"
	"time"

	"gameai/ai/morrisdb"
	"gameai/jobs/workers"
)

// A build's progress weighs each pair by its cells, names the wave's
// pairs where they are, and gives the time left at the rate of the pairs
// solved in this run, not counting those found built.
func TestABuildsProgressSaysWhereAndHowLong(t *testing.T) {
	waves, err := morrisdb.Waves(morrisdb.Space{W: 4, B: 4})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Date(2026, 12, 3, 6, 0, 0, 0, time.UTC)
	tr := newBuildTracker(waves, start)
	s33, s43, s44 := morrisdb.Space{W: 3, B: 3}, morrisdb.Space{W: 4, B: 3}, morrisdb.Space{W: 4, B: 4}
	stats := []morrisdb.Stats{{Space: "x"}}
	tr.update(s33, workers.MorrisDBPairState{Pair: "3-3", Skipped: true, Stats: stats})
	if _, ok := tr.left(start.Add(time.Minute)); ok {
		t.Error("a time left from pairs found built alone")
	}
	tr.wave = 1
	tr.update(s43, workers.MorrisDBPairState{Pair: "4-3", Done: 50, Total: 100, Level: -1, Worker: "m1"})
	msg := tr.message(start.Add(time.Minute))
	if !strings.HasPrefix(msg, "wave 2 of 3: 4-3/3-4 first pass 50% on m1") {
		t.Errorf("message %q", msg)
	}
	c33, c43, c44 := float64(s33.Size()), float64(s43.Size()+morrisdb.Space{W: 3, B: 4}.Size()), float64(s44.Size())
	if got, want := tr.fraction(), (c33+c43/4)/(c33+c43+c44); got < want-1e-9 || got > want+1e-9 {
		t.Errorf("fraction %v, want %v", got, want)
	}
	// A quarter of 4-3/3-4 in a minute: the rest of it and 4-4 at that rate.
	left, ok := tr.left(start.Add(time.Minute))
	want := time.Duration((3*c43/4 + c44) / (c43 / 4) * float64(time.Minute))
	if !ok || left < want-time.Second || left > want+time.Second {
		t.Errorf("left %v, %v; want %v", left, ok, want)
	}
	tr.update(s43, workers.MorrisDBPairState{Pair: "4-3", Level: 7, Worker: "m1"})
	if msg := tr.message(start.Add(2 * time.Minute)); !strings.Contains(msg, "retrograde pass at distance 7 on m1") || !strings.Contains(msg, "left") {
		t.Errorf("message %q", msg)
	}
}
