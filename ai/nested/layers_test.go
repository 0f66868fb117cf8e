package nested

import (
	"math"
	"slices"
	"testing"

	"gameai/games/morpion"
)

// layerAdaptRef is the layer adaptation written plainly: replay the grid
// layer by layer, reading every whole move list, with every probability
// taken under the policy before the adaptation.
func layerAdaptRef(p Problem, pol *Policy, seq []int32, alpha float64) []float64 {
	w := make([]float64, len(pol.c))
	for i := range w {
		w[i] = pol.Weight(int32(i))
	}
	left := map[int32]bool{}
	for _, m := range seq {
		left[m] = true
	}
	p.Reset()
	var buf []int32
	for {
		buf = p.Moves(buf[:0])
		var layer []int32
		z := 0.0
		for _, m := range buf {
			z += math.Exp(pol.Weight(m))
			if left[m] {
				layer = append(layer, m)
			}
		}
		if len(layer) == 0 {
			return w
		}
		for _, m := range buf {
			w[m] -= alpha * float64(len(layer)) * math.Exp(pol.Weight(m)) / z
		}
		for _, m := range layer {
			w[m] += alpha
			delete(left, m)
			p.Play(m)
		}
	}
}

func weightsClose(t *testing.T, what string, got *Policy, want []float64) {
	t.Helper()
	for c := range want {
		g, w := got.Weight(int32(c)), want[c]
		if math.Abs(g-w) > 1e-5*max(1, math.Abs(w)) {
			t.Fatalf("%s: code %d weight %v, want %v", what, c, g, w)
		}
		if e := float64(got.c[c].e); math.Abs(e-math.Exp(g))/math.Exp(g) > 1e-6 {
			t.Fatalf("%s: code %d: exponential %v of weight %v", what, c, e, g)
		}
	}
}

func TestAdaptLayersMatchesTheDefinition(t *testing.T) {
	for _, tc := range adaptCases {
		t.Run(tc.name, func(t *testing.T) {
			p, ref := adaptProblems(tc.v, tc.opaque)
			n := NewNRPA(p, NRPAConfig{Alpha: tc.alpha, Layers: true}, 3)
			n.playout(randomPolicy(p.Codes(), tc.spread, 4))
			if len(n.cur.moves) < 20 {
				t.Fatalf("playout of %d moves", len(n.cur.moves))
			}
			// Twice: the second adaptation reuses the layering found by
			// the first, under another policy.
			for i, seed := range []uint64{5, 6} {
				pol := randomPolicy(p.Codes(), tc.spread, seed)
				want := layerAdaptRef(ref, pol, n.cur.moves, tc.alpha)
				got := NewPolicy(p.Codes())
				got.copyFrom(pol)
				n.adaptLayers(got, &n.cur)
				weightsClose(t, tc.name, got, want)
				if !n.cur.lay.found || (i == 0 && len(n.cur.lay.counts) >= len(n.cur.moves)) {
					t.Fatalf("%d layers for %d moves: no move shared a layer", len(n.cur.lay.counts), len(n.cur.moves))
				}
			}
		})
	}
}

// TestAdaptLayersIsOrderFree adapts towards one grid played in two orders
// (a playout's and its layers') and gets one policy: what Rosin's
// adaptation, which rewards an order, does not.
func TestAdaptLayersIsOrderFree(t *testing.T) {
	p := morpion.NewProblem(morpion.NewBoard(morpion.T5))
	n := NewNRPA(p, NRPAConfig{Layers: true}, 7)
	n.playout(randomPolicy(p.Codes(), 1, 8))
	var first rollout
	first.copyFrom(&n.cur)
	n.layers(&first)

	// The same grid in layer order: replay it and record it as a rollout.
	var reordered []int32
	ref := morpion.NewProblem(morpion.NewBoard(morpion.T5))
	seen := map[int32]bool{}
	for len(reordered) < len(first.moves) {
		var layer []int32
		for _, m := range ref.Moves(nil) {
			if slices.Contains(first.moves, m) && !seen[m] {
				layer = append(layer, m)
			}
		}
		if len(layer) == 0 {
			t.Fatalf("no move of the grid legal after %d of %d", len(reordered), len(first.moves))
		}
		slices.Reverse(layer) // any order within a layer is the same grid
		for _, m := range layer {
			seen[m] = true
			ref.Play(m)
		}
		reordered = append(reordered, layer...)
	}
	if slices.Equal(reordered, first.moves) {
		t.Fatal("the layer order is the playout's order: pick another seed")
	}
	var second rollout
	second.moves = reordered
	for _, m := range reordered {
		second.grid ^= gridKey(m)
	}
	if second.grid != first.grid {
		t.Errorf("one grid, two identities: %x and %x", first.grid, second.grid)
	}

	pol := randomPolicy(p.Codes(), 1, 9)
	a, b := NewPolicy(p.Codes()), NewPolicy(p.Codes())
	a.copyFrom(pol)
	b.copyFrom(pol)
	n.adaptLayers(a, &first)
	n.adaptLayers(b, &second)
	want := make([]float64, p.Codes())
	for c := range want {
		want[c] = a.Weight(int32(c))
	}
	weightsClose(t, "layer order", b, want)

	// Rosin's adaptation of the two orders differs.
	r1 := rosinAdapt(ref, pol, first.moves, 1)
	r2 := rosinAdapt(ref, pol, reordered, 1)
	if slices.Equal(r1, r2) {
		t.Error("Rosin's adaptation gave one policy for two orders")
	}
}

// chain is a problem with one legal move a step: every playout is the same
// grid.
type chain struct{ n, at int }

func (c *chain) Moves(buf []int32) []int32 {
	if c.at == c.n {
		return buf
	}
	return append(buf, int32(c.at))
}
func (c *chain) Play(int32)     { c.at++ }
func (c *chain) Undo()          { c.at-- }
func (c *chain) Reset()         { c.at = 0 }
func (c *chain) Depth() int     { return c.at }
func (c *chain) Codes() int     { return c.n }
func (c *chain) Score() float64 { return float64(c.at) }

func TestRepetitionsEndALevel(t *testing.T) {
	for _, tc := range []struct {
		level, repetitions int
		want               int64
	}{
		// The first playout sets the best, the next R bring it back.
		{1, 2, 3},
		{1, 5, 6},
		// Each level-1 run is R+1 playouts; level 2 stops after R+1 of them.
		{2, 2, 9},
		{3, 1, 8},
		{2, 0, 100 * 100}, // 0: every iteration runs
	} {
		n := NewNRPA(&chain{n: 6}, NRPAConfig{Repetitions: tc.repetitions}, 1)
		s := n.Run(tc.level, nil)
		if n.Playouts != tc.want || s.Score != 6 {
			t.Errorf("level %d, %d repetitions: %d playouts (best %v), want %d", tc.level, tc.repetitions, n.Playouts, s.Score, tc.want)
		}
	}
}

// TestLayersAndRepetitionsStillSearch: the optimum within the playouts
// plain NRPA needs at level 2. A level that stops on repetitions returns
// early, and the run restarts with a fresh policy.
func TestLayersAndRepetitionsStillSearch(t *testing.T) {
	for _, cfg := range []NRPAConfig{{Layers: true}, {Repetitions: 3}, {Layers: true, Repetitions: 3}} {
		r := NewRunner(Budget{Playouts: 100 * 100}, nil)
		s := Parallel(t.Context(), r, func() Problem { return newPattern() },
			ParallelConfig{Level: 2, NRPA: cfg, Threads: 1, Seed: 1})
		if s.Score != 20 {
			t.Errorf("%+v: NRPA level 2 = %v, want the optimum 20", cfg, s)
		}
	}
}
