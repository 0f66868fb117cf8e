package morpionai

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"

	"gameai/ai/nested"
	"gameai/games/morpion"
)

func TestRunsEveryAlgorithm(t *testing.T) {
	for _, algo := range Algorithms {
		p := Params{Variant: "5D", Algorithm: algo, Level: 1, Threads: 2, Seed: 3, Playouts: 400}
		if err := p.Check(4); err != nil {
			t.Fatal(err)
		}
		r := NewRun(p, nil, Progress{})
		g := r.Search(t.Context())
		pr := r.Progress()
		if g == nil || g.Score() < 40 || !g.Finished() || pr.BestScore != g.Score() || pr.Playouts < 400 {
			t.Fatalf("%s: best %v, progress %+v", algo, g, pr)
		}
		last := pr.Improvements[len(pr.Improvements)-1]
		if last.Score != g.Score() || pr.BestLayers == "" {
			t.Errorf("%s: improvements %+v end below the best %d", algo, pr.Improvements, g.Score())
		}
	}
}

// TestStabilizationReachesNRPA runs level 1 with 3 playouts per adaptation
// on a budget of 25: the budget is looked at between iterations, so the run
// ends after 9 iterations, 27 playouts (Rosin's NRPA would stop at 25).
func TestStabilizationReachesNRPA(t *testing.T) {
	p := Params{Variant: "5D", Algorithm: "nrpa", Level: 1, Iterations: 10, Stabilization: 3, Threads: 1, Seed: 1, Playouts: 25}
	if err := p.Check(1); err != nil {
		t.Fatal(err)
	}
	r := NewRun(p, nil, Progress{})
	r.Search(t.Context())
	if n := r.Progress().Playouts; n != 27 {
		t.Errorf("a level-1 run with stabilization 3 on a budget of 25 played %d playouts, want 27", n)
	}
}

// TestLayersAndRepetitionsReachNRPA: one seed and budget, three
// adaptations; each option changes the search (one thread, one seed: each
// run is reproducible), and each still finishes a grid.
func TestLayersAndRepetitionsReachNRPA(t *testing.T) {
	seen := map[string]string{}
	for _, p := range []Params{
		{Variant: "5D", Algorithm: "nrpa", Level: 1},
		{Variant: "5D", Algorithm: "nrpa", Level: 1, Layers: true},
		{Variant: "5D", Algorithm: "nrpa", Level: 1, Repetitions: 1},
	} {
		p.Threads, p.Seed, p.Playouts = 1, 1, 300
		if err := p.Check(1); err != nil {
			t.Fatal(err)
		}
		r := NewRun(p, nil, Progress{})
		g := r.Search(t.Context())
		if g == nil || !g.Finished() || g.Score() < 40 {
			t.Fatalf("%+v: best %v", p, g)
		}
		grid := r.Progress().BestLayers
		if other, ok := seen[grid]; ok {
			t.Errorf("%+v found the grid of %s: the option did not reach NRPA", p, other)
		}
		seen[grid] = fmt.Sprintf("%+v", p)
	}
}

// TestOctagonConfinesTheSearch: inside a small octagon both nested
// searches draw only lines inside it, and the grid they return goes on
// outside it to a finished game.
func TestOctagonConfinesTheSearch(t *testing.T) {
	o := morpion.Octagon{11, 14, 11, 14, 11, 14, 11, 14}
	for _, algo := range []string{"nrpa", "nmcs"} {
		p := Params{Variant: "5T", Algorithm: algo, Level: 1, Threads: 1, Seed: 2, Playouts: 200, Octagon: o.String()}
		if err := p.Check(1); err != nil {
			t.Fatal(err)
		}
		g := NewRun(p, nil, Progress{}).Search(t.Context())
		if g == nil || !g.Finished() {
			t.Fatalf("%s: best %v, not a finished grid", algo, g)
		}
		b := morpion.NewBoardIn(morpion.T5, o)
		inside := 0
		for _, m := range g.Moves {
			if !b.IsLegal(m.Line) {
				break
			}
			b.Play(m.Line)
			inside++
		}
		if b.NumLegal() != 0 || inside == g.Score() {
			t.Errorf("%s: %d of %d moves inside, %d moves left inside after them; want a finished inside part and moves outside",
				algo, inside, g.Score(), b.NumLegal())
		}
	}
}

func TestResumeCarriesTheBest(t *testing.T) {
	p := Params{Variant: "5T", Algorithm: "nrpa", Level: 1, Threads: 1, Seed: 1, Playouts: 300}
	_ = p.Check(2)
	first := NewRun(p, nil, Progress{})
	g := first.Search(t.Context())
	pr := first.Progress()
	again := NewRun(p, g, pr)
	g2 := again.Search(t.Context())
	if g2.Score() < g.Score() || again.Progress().Playouts < pr.Playouts+300 {
		t.Errorf("resumed run: %d (was %d), playouts %d", g2.Score(), g.Score(), again.Progress().Playouts)
	}
}

// TestRunsBegunCountsRestarts: level-1 runs of 10 iterations on one thread
// and a budget of 35 playouts are four runs (the budget is looked at
// between iterations: the fourth is cut after five), and a resumed search
// adds its own to what the first began. The DNA search begins none.
func TestRunsBegunCountsRestarts(t *testing.T) {
	p := Params{Variant: "5D", Algorithm: "nrpa", Level: 1, Iterations: 10, Threads: 1, Seed: 1, Playouts: 35}
	if err := p.Check(1); err != nil {
		t.Fatal(err)
	}
	first := NewRun(p, nil, Progress{})
	g := first.Search(t.Context())
	pr := first.Progress()
	if pr.RunsBegun != 4 || pr.Playouts != 35 {
		t.Fatalf("35 playouts of 10-iteration runs: %d runs begun, %d playouts; want 4 and 35", pr.RunsBegun, pr.Playouts)
	}
	if n, top := ranRuns(pr.RunBests); n != 3 || top > pr.BestScore || top < 20 {
		t.Fatalf("the three runs that ended (the fourth cut) give run bests %v: %d runs, best %d (search's %d)", pr.RunBests,
			n, top, pr.BestScore)
	}
	again := NewRun(p, g, pr)
	again.Search(t.Context())
	if n := again.Progress().RunsBegun; n != 8 {
		t.Errorf("resumed with 35 more playouts: %d runs begun in all, want 8", n)
	}
	if bests := again.Progress().RunBests; !slices.IsSortedFunc(bests, func(a, b RunBest) int { return b.Score - a.Score }) {
		t.Errorf("run bests not highest first: %v", bests)
	} else if n, _ := ranRuns(bests); n != 6 {
		t.Errorf("resumed: run bests %v count %d runs, want 6 (3 and 3)", bests, n)
	}
	d := Params{Variant: "5D", Algorithm: "dna", Threads: 1, Seed: 1, Playouts: 200}
	if err := d.Check(1); err != nil {
		t.Fatal(err)
	}
	dna := NewRun(d, nil, Progress{})
	dna.Search(t.Context())
	if n := dna.Progress().RunsBegun; n != 0 {
		t.Errorf("the DNA search began %d NRPA runs, want 0", n)
	}
}

// A bad number says its range, and what 0 stands for where 0 is not
// simply the value given.
func TestCheckSaysTheRange(t *testing.T) {
	for _, c := range []struct {
		p    Params
		want string
	}{
		{Params{Variant: "5T", Algorithm: "nrpa", TopPatience: -1, Playouts: 1}, "top_patience: must be 0..10000"},
		{Params{Variant: "5T", Algorithm: "nrpa", Repetitions: -1, Playouts: 1}, "repetitions: must be 0..10000"},
		{Params{Variant: "5T", Algorithm: "nrpa", Iterations: -1, Playouts: 1}, "iterations: must be 1..10000 (0: 100)"},
		{Params{Variant: "5T", Algorithm: "nrpa", Level: 9, Playouts: 1}, "level: must be 1..6 (0: chosen for the search)"},
	} {
		if err := c.p.Check(2); err == nil || err.Error() != c.want {
			t.Errorf("%+v: %v, want %q", c.p, err, c.want)
		}
	}
}

func TestCheck(t *testing.T) {
	for _, c := range []struct {
		p     Params
		field string
	}{
		{Params{Variant: "5X", Algorithm: "nrpa", Playouts: 1}, "variant"},
		{Params{Variant: "5T", Algorithm: "beam", Playouts: 1}, "algorithm"},
		{Params{Variant: "5T", Algorithm: "nrpa", Level: 9, Playouts: 1}, "level"},
		{Params{Variant: "5T", Algorithm: "nrpa"}, "budget"},
		{Params{Variant: "5T", Algorithm: "nrpa", TimeMS: -5, Playouts: 1}, "time_ms"},
		{Params{Variant: "5T", Algorithm: "nrpa", TimeMS: 5, Playouts: -1}, "playouts"},
		{Params{Variant: "5T", Algorithm: "dna", Threads: 64, Playouts: 1}, "threads"},
		{Params{Variant: "5T", Algorithm: "nrpa", Stabilization: -1, Playouts: 1}, "stabilization"},
		{Params{Variant: "5T", Algorithm: "nrpa", Patience: 20000, Playouts: 1}, "patience"},
		{Params{Variant: "5T", Algorithm: "nrpa", TopPatience: -1, Playouts: 1}, "top_patience"},
		{Params{Variant: "5T", Algorithm: "nrpa", Repetitions: -1, Playouts: 1}, "repetitions"},
		{Params{Variant: "5T", Algorithm: "nrpa", Octagon: "13,14", Playouts: 1}, "octagon"},
		{Params{Variant: "5T", Algorithm: "dna", Octagon: "record", Playouts: 1}, "octagon"},
	} {
		var pe *ParamError
		if err := c.p.Check(4); !errors.As(err, &pe) || pe.Field != c.field {
			t.Errorf("%+v: %v, want an error on %s", c.p, err, c.field)
		}
	}
}

// ranRuns sums a search's run bests: the runs and the highest score.
func ranRuns(bests []RunBest) (n int64, top int) {
	for _, b := range bests {
		n += b.Runs
		top = max(top, b.Score)
	}
	return n, top
}

func TestAddRunBestsMergesByScore(t *testing.T) {
	a := []RunBest{{171, 1}, {168, 4}, {160, 2}}
	b := []RunBest{{172, 1}, {168, 3}, {165, 1}}
	want := []RunBest{{172, 1}, {171, 1}, {168, 7}, {165, 1}, {160, 2}}
	if got := AddRunBests(a, b); !slices.Equal(got, want) {
		t.Errorf("AddRunBests(%v, %v) = %v, want %v", a, b, got, want)
	}
	if a[1].Runs != 4 || b[1].Runs != 3 {
		t.Errorf("the inputs changed: %v, %v", a, b)
	}
	if got := AddRunBests(nil, b); !slices.Equal(got, b) {
		t.Errorf("AddRunBests(nil, %v) = %v", b, got)
	}
	if got := AddRunBests(nil, nil); len(got) != 0 {
		t.Errorf("AddRunBests(nil, nil) = %v", got)
	}
}

// TestCountRunBestEqualsTheMerge: adding runs one at a time in place gives
// the list the merge of one-run lists gives, in any order of scores.
func TestCountRunBestEqualsTheMerge(t *testing.T) {
	var inPlace, merged []RunBest
	for _, s := range []int{168, 170, 168, 150, 178, 169, 150, 168, 0, 178} {
		inPlace = countRunBest(inPlace, s)
		merged = AddRunBests(merged, []RunBest{{Score: s, Runs: 1}})
	}
	want := []RunBest{{178, 2}, {170, 1}, {169, 1}, {168, 3}, {150, 2}, {0, 1}}
	if !slices.Equal(inPlace, want) || !slices.Equal(merged, want) {
		t.Errorf("one at a time %v, merged %v, want %v", inPlace, merged, want)
	}
}

// TestRunBestsInsideARegionAreFinished: a run's best found inside the
// record's octagon counts with the moves a finish adds outside it, as the
// search's best does, for top levels of 3 and more; level-1 and level-2
// runs, too short to finish each, count the region's moves.
func TestRunBestsInsideARegionAreFinished(t *testing.T) {
	v := morpion.T5
	p := morpion.NewProblem(morpion.NewBoardIn(v, morpion.RecordOctagon(v)))
	var s nested.Sequence
	for moves := p.Moves(nil); len(moves) > 0; moves = p.Moves(nil) {
		p.Play(moves[0])
		s.Moves = append(s.Moves, moves[0])
	}
	s.Score = p.Score()
	inside := len(s.Moves)
	if morpion.NewProblem(morpion.NewBoard(v)).Complete(s.Moves).Board().NumLegal() == 0 {
		t.Fatal("the region's game leaves nothing outside it: no test of the finish")
	}
	for _, c := range []struct {
		level    int
		finished bool
	}{{1, false}, {2, false}, {3, true}, {5, true}} {
		params := Params{Variant: "5T", Algorithm: "nrpa", Level: c.level, Octagon: "record", Threads: 1, Seed: 1, Playouts: 10}
		if err := params.Check(1); err != nil {
			t.Fatal(err)
		}
		r := NewRun(params, nil, Progress{})
		r.runEnded(nested.RunEnd{Best: s})
		got := r.Progress().RunBests
		if len(got) != 1 || got[0].Runs != 1 || (got[0].Score > inside) != c.finished || got[0].Score < inside {
			t.Errorf("level %d: a %d-move game inside the region counts as %v (finished: want %v)", c.level, inside, got,
				c.finished)
		}
	}
}

// TestRunRecordsFromBothThreads: two threads' runs end side by side (run
// under -race); every run counted in RunBests is recorded once, with its
// thread, and the records' scores are the histogram.
func TestRunRecordsFromBothThreads(t *testing.T) {
	p := Params{Variant: "5T", Algorithm: "nrpa", Level: 1, Iterations: 10, Threads: 2, Seed: 3, Playouts: 400}
	if err := p.Check(2); err != nil {
		t.Fatal(err)
	}
	r := NewRun(p, nil, Progress{})
	var mu sync.Mutex
	var recs []RunRecord
	r.OnRunEnd(func(rec RunRecord) bool {
		mu.Lock()
		defer mu.Unlock()
		recs = append(recs, rec)
		return true
	})
	r.Search(t.Context())
	var hist []RunBest
	threads := map[int]int{}
	for _, rec := range recs {
		hist = AddRunBests(hist, []RunBest{{Score: rec.Score, Runs: 1}})
		threads[rec.Thread]++
	}
	if got := r.Progress().RunBests; !slices.Equal(got, hist) || len(recs) < 30 || threads[0] == 0 || threads[1] == 0 {
		t.Errorf("%d records (by thread %v) make %v; the search counted %v", len(recs), threads, hist, got)
	}
}

// TestRunBestsWithoutTheGrid: unrecorded runs are scored by their moves,
// without building the grid; the same seed's runs recorded (grid built)
// score the same.
func TestRunBestsWithoutTheGrid(t *testing.T) {
	p := Params{Variant: "5T", Algorithm: "nrpa", Level: 1, Iterations: 10, Threads: 1, Seed: 4, Playouts: 300}
	if err := p.Check(1); err != nil {
		t.Fatal(err)
	}
	plain := NewRun(p, nil, Progress{})
	plain.Search(t.Context())
	recorded := NewRun(p, nil, Progress{})
	recorded.OnRunEnd(func(RunRecord) bool { return true })
	recorded.Search(t.Context())
	a, b := plain.Progress().RunBests, recorded.Progress().RunBests
	if n, _ := ranRuns(a); n != 29 || !slices.Equal(a, b) {
		t.Errorf("run bests %v (%d runs) unrecorded, %v recorded; want the same 29", a, n, b)
	}
}

// TestRunRecordsStopWhenRefused: once the function given to OnRunEnd
// returns false (a full log), it is not called again (runEnded then builds
// no grid for it), while every run is still counted.
func TestRunRecordsStopWhenRefused(t *testing.T) {
	p := Params{Variant: "5T", Algorithm: "nrpa", Level: 1, Iterations: 10, Threads: 1, Seed: 4, Playouts: 300}
	if err := p.Check(1); err != nil {
		t.Fatal(err)
	}
	r := NewRun(p, nil, Progress{})
	calls := 0
	r.OnRunEnd(func(RunRecord) bool {
		calls++
		return calls < 3
	})
	r.Search(t.Context())
	if n, _ := ranRuns(r.Progress().RunBests); calls != 3 || n != 29 {
		t.Errorf("%d calls for %d runs counted; want 3 (the third refused) and 29", calls, n)
	}
}
