package nested

import (
	"context"
	"slices"
	"testing"
	"time"

	"gameai/games/morpion"
)

// pattern is a toy problem: ten steps, each choosing bit 0 or 1 (codes 2i
// and 2i+1); the score counts the steps matching a hidden pattern, plus a
// bonus when the first five all match, so greedy play is not enough.
type pattern struct {
	want  []int32
	moves []int32
}

func newPattern() *pattern { return &pattern{want: []int32{1, 0, 0, 1, 1, 0, 1, 0, 1, 1}} }

func (p *pattern) Moves(buf []int32) []int32 {
	i := len(p.moves)
	if i == len(p.want) {
		return buf
	}
	return append(buf, int32(2*i), int32(2*i+1))
}
func (p *pattern) Play(c int32) { p.moves = append(p.moves, c) }
func (p *pattern) Undo()        { p.moves = p.moves[:len(p.moves)-1] }
func (p *pattern) Reset()       { p.moves = p.moves[:0] }
func (p *pattern) Depth() int   { return len(p.moves) }
func (p *pattern) Codes() int   { return 2 * len(p.want) }
func (p *pattern) Score() float64 {
	s, prefix := 0.0, true
	for i, c := range p.moves {
		ok := c%2 == p.want[i]
		if ok {
			s++
		}
		if i < 5 {
			prefix = prefix && ok
		}
	}
	if prefix && len(p.moves) >= 5 {
		s += 10
	}
	return s
}

func TestNRPAFindsTheOptimum(t *testing.T) {
	n := NewNRPA(newPattern(), NRPAConfig{}, 1)
	s := n.Run(2, nil)
	if s.Score != 20 || len(s.Moves) != 10 {
		t.Errorf("NRPA level 2 = %v, want the optimum 20", s)
	}
	if n.Playouts != 100*100 {
		t.Errorf("level 2 ran %d playouts, want N² = 10000", n.Playouts)
	}
	if n.Best().Score != 20 {
		t.Errorf("Best = %v", n.Best())
	}
}

func TestNMCSFindsTheOptimum(t *testing.T) {
	n := NewNMCS(newPattern(), 3)
	if s := n.Run(2); s.Score != 20 {
		t.Errorf("NMCS level 2 = %v, want 20", s)
	}
}

func TestSeedReproduces(t *testing.T) {
	run := func(seed uint64) Sequence {
		p := morpion.NewProblem(morpion.NewBoard(morpion.T5))
		return NewNRPA(p, NRPAConfig{Iterations: 20}, seed).Run(2, nil)
	}
	a, b, c := run(7), run(7), run(8)
	if a.Score != b.Score || len(a.Moves) != len(b.Moves) {
		t.Fatalf("same seed, different results: %v / %v", a.Score, b.Score)
	}
	for i := range a.Moves {
		if a.Moves[i] != b.Moves[i] {
			t.Fatalf("same seed, move %d differs", i)
		}
	}
	same := a.Score == c.Score && len(a.Moves) == len(c.Moves)
	for i := 0; same && i < len(a.Moves); i++ {
		same = a.Moves[i] == c.Moves[i]
	}
	if same {
		t.Error("seeds 7 and 8 gave the very same game")
	}
}

// TestMorpionSequencesAreLegalGames replays what the searches return.
func TestMorpionSequencesAreLegalGames(t *testing.T) {
	for _, v := range []morpion.Variant{morpion.T5, morpion.D5} {
		p := morpion.NewProblem(morpion.NewBoard(v))
		nr := NewNRPA(p, NRPAConfig{Iterations: 30}, 1)
		s := nr.Run(2, nil)
		nm := NewNMCS(morpion.NewProblem(morpion.NewBoard(v)), 1)
		s2 := nm.Run(1)
		for _, seq := range []Sequence{s, s2} {
			g := p.Complete(seq.Moves)
			if float64(g.Score()) != seq.Score || !g.Finished() {
				t.Errorf("%v: sequence of score %v replays to %d (finished %v)", v, seq.Score, g.Score(), g.Finished())
			}
		}
		// Both clearly beat random play (means 53.6 and 42.9).
		floor := map[morpion.Variant]float64{morpion.T5: 62, morpion.D5: 48}[v]
		if s.Score < floor || s2.Score < floor {
			t.Errorf("%v: NRPA level 2 (N=30) %v, NMCS level 1 %v; want both ≥ %v", v, s.Score, s2.Score, floor)
		}
	}
}

func TestStopEndsTheSearch(t *testing.T) {
	p := morpion.NewProblem(morpion.NewBoard(morpion.T5))
	n := NewNRPA(p, NRPAConfig{}, 1)
	n.StopWhen(func() bool { return n.Playouts >= 500 })
	n.Run(3, nil)
	if n.Playouts > 500 || n.Best().Score < 50 {
		t.Errorf("stopped after %d playouts with best %v", n.Playouts, n.Best().Score)
	}
}

func TestWarmStartReplaysTheGrid(t *testing.T) {
	p := morpion.NewProblem(morpion.NewBoard(morpion.T5))
	g := morpion.AscendingDNA().Interpret(morpion.T5)
	seq := make([]int32, len(g.Moves))
	for i, m := range g.Moves {
		seq[i] = int32(m.Line)
	}
	pol := NewPolicy(p.Codes())
	pol.Bias(seq, 8)
	n := NewNRPA(p, NRPAConfig{Iterations: 5}, 1)
	if s := n.Run(1, pol); s.Score < 35 {
		t.Errorf("a policy biased to a 35-move grid found only %v", s.Score)
	}
}

func TestParallelHonoursBudgetAndIsReproducibleOnOneThread(t *testing.T) {
	newP := func() Problem { return morpion.NewProblem(morpion.NewBoard(morpion.T5)) }
	run := func(threads int) (Sequence, int64) {
		var last int64
		r := NewRunner(Budget{Playouts: 1000}, func(_ Sequence, n int64) { last = n })
		s := Parallel(t.Context(), r, newP, ParallelConfig{Level: 2, NRPA: NRPAConfig{Iterations: 20}, Threads: threads, Seed: 5})
		return s, last
	}
	a, _ := run(1)
	b, _ := run(1)
	if a.Score != b.Score || len(a.Moves) != len(b.Moves) {
		t.Errorf("one thread, one seed: %v then %v", a.Score, b.Score)
	}
	c, _ := run(2)
	g := morpion.NewProblem(morpion.NewBoard(morpion.T5)).Complete(c.Moves)
	if float64(g.Score()) != c.Score || c.Score < 60 {
		t.Errorf("two threads: %v replays to %d", c.Score, g.Score())
	}
}

func TestParallelStopsOnContext(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	newP := func() Problem { return morpion.NewProblem(morpion.NewBoard(morpion.D5)) }
	s := Parallel(ctx, NewRunner(Budget{}, nil), newP, ParallelConfig{Level: 4, Threads: 2, Seed: 1})
	if time.Since(start) > 5*time.Second || s.Score < 40 {
		t.Errorf("a level-4 run cut at 200 ms took %v and found %v", time.Since(start), s.Score)
	}
	s = Parallel(t.Context(), NewRunner(Budget{Deadline: time.Now().Add(100 * time.Millisecond)}, nil), newP,
		ParallelConfig{Algorithm: "nmcs", Level: 1, Threads: 1, Seed: 1})
	if s.Score < 40 {
		t.Errorf("NMCS for 100 ms found %v", s.Score)
	}
}

// TestRunEndsReportEachWholeRun: on one thread under a budget of 45
// playouts, level-1 NRPA runs of 10 iterations are five runs and level-1
// NMCS runs of the toy problem (two playouts a step, 20 a run) three, the
// last of each cut; those that ended are reported, each with the best of
// its own draw (the run replayed alone from its seed), its playouts and
// the playout its best came at, and the cut one is not.
func TestRunEndsReportEachWholeRun(t *testing.T) {
	newP := func() Problem { return newPattern() }
	cfg := NRPAConfig{Iterations: 10}
	for _, c := range []struct {
		algo         string
		begun, ended int
		playouts     int64
	}{{"nrpa", 5, 4, 10}, {"nmcs", 3, 2, 20}} {
		var ended []RunEnd
		r := NewRunner(Budget{Playouts: 45}, nil)
		r.OnRunEnd(func(e RunEnd) { ended = append(ended, e) })
		Parallel(t.Context(), r, newP, ParallelConfig{Algorithm: c.algo, Level: 1, NRPA: cfg, Threads: 1, Seed: 7})
		if r.Begun() != int64(c.begun) || len(ended) != c.ended {
			t.Fatalf("%s: 45 playouts: %d runs begun, %d reported; want %d and %d", c.algo, r.Begun(), len(ended), c.begun, c.ended)
		}
		for run, e := range ended {
			var alone Sequence
			var at int64 // the playout the run alone found its best at
			if seed := workerSeed(7, 0, run); c.algo == "nmcs" {
				n := NewNMCS(newP(), seed)
				n.OnImprove(func(Sequence) { at = n.Playouts })
				n.Run(1)
				alone = n.Best()
			} else {
				n := NewNRPA(newP(), cfg, seed)
				n.OnImprove(func(Sequence) { at = n.Playouts })
				n.Run(1, nil)
				alone = n.Best()
			}
			if e.Best.Score != alone.Score || !slices.Equal(e.Best.Moves, alone.Moves) || e.Worker != 0 ||
				e.Playouts != c.playouts || e.FoundAt != at || at < 1 {
				t.Errorf("%s run %d reported %+v; alone from its seed it finds %v %v at playout %d of %d", c.algo, run, e,
					alone.Score, alone.Moves, at, c.playouts)
			}
		}
	}
}
