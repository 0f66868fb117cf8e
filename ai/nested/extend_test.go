package nested

import "testing"

// TestExtendRestartsTheCount: at level 1 of a fresh run the level's best is
// the search's best, so every improvement extends the level, and it ends N
// playouts after its last one; a search whose best is already out of reach
// extends nothing, and one with a best in reach extends only for
// improvements to 90% of it and more.
func TestExtendRestartsTheCount(t *testing.T) {
	const N = 50
	for _, tc := range []struct {
		name  string
		prior float64 // the search's best before the run (0: none)
		from  float64 // the least improvement that extends
	}{
		{"fresh", 0, 0},
		{"best out of reach", 100, 1000},
		{"best 20", 20, 18},
		{"best 12", 12, 10.8},
	} {
		for seed := uint64(1); seed <= 5; seed++ {
			n := NewNRPA(newPattern(), NRPAConfig{Iterations: N, Extend: true}, seed)
			if tc.prior > 0 {
				n.best = Sequence{Moves: []int32{0}, Score: tc.prior}
			}
			// The level's improvements, seen as the playouts run.
			levelBest, last := -1.0, int64(0)
			n.StopWhen(func() bool {
				if s := n.cur.score; n.Playouts > 0 && s > levelBest {
					levelBest = s
					if s >= tc.from {
						last = n.Playouts
					}
				}
				return false
			})
			n.Run(1, nil)
			// StopWhen runs before each playout: the last one's score is
			// seen here.
			if s := n.cur.score; s > levelBest && s >= tc.from {
				last = n.Playouts
			}
			if n.Playouts != last+N {
				t.Errorf("%s, seed %d: %d playouts, want the last extending improvement (%d) + %d",
					tc.name, seed, n.Playouts, last, N)
			}
		}
	}
}

// TestExtendStillSearches: the optimum within plain NRPA's level-2 budget,
// and a level-2 run that is longer than N² (its levels extend).
func TestExtendStillSearches(t *testing.T) {
	n := NewNRPA(newPattern(), NRPAConfig{Extend: true}, 1)
	if s := n.Run(2, nil); s.Score != 20 {
		t.Errorf("NRPA level 2 with extend = %v, want the optimum 20", s)
	}
	if n.Playouts <= 100*100 {
		t.Errorf("level 2 with extend ran %d playouts, want more than N² = 10000", n.Playouts)
	}
}
