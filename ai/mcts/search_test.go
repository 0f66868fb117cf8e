package mcts

import (
	"context"
	"math"
	"strings"
	"testing"
	"time"
)

// ttt is tic-tac-toe: cells 0..8, player 0 is X and moves first.
type ttt struct {
	cells [9]int8 // 0 empty, 1 X, 2 O
	turn  int
}

var tttLines = [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}

func parseTTT(s string) *ttt {
	g := &ttt{}
	n := 0
	for i, c := range s {
		switch c {
		case 'x':
			g.cells[i] = 1
			n++
		case 'o':
			g.cells[i] = 2
			n++
		}
	}
	g.turn = n % 2
	return g
}

func (g *ttt) winner() int {
	for _, l := range tttLines {
		if c := g.cells[l[0]]; c != 0 && c == g.cells[l[1]] && c == g.cells[l[2]] {
			return int(c) - 1
		}
	}
	return -1
}

func (g *ttt) CopyFrom(src *ttt) { *g = *src }
func (g *ttt) Moves(buf []int) []int {
	if g.Over() {
		return buf
	}
	for i, c := range g.cells {
		if c == 0 {
			buf = append(buf, i)
		}
	}
	return buf
}
func (g *ttt) Play(m int)  { g.cells[m] = int8(g.turn + 1); g.turn ^= 1 }
func (g *ttt) ToMove() int { return g.turn }
func (g *ttt) Over() bool {
	if g.winner() >= 0 {
		return true
	}
	for _, c := range g.cells {
		if c == 0 {
			return false
		}
	}
	return true
}
func (g *ttt) Reward(p int) float64 {
	switch g.winner() {
	case -1:
		return 0.5
	case p:
		return 1
	}
	return 0
}
func (g *ttt) Hash() uint64 {
	var h uint64
	for _, c := range g.cells {
		h = h*3 + uint64(c)
	}
	return h
}
func (g *ttt) Role(root, p int) Role {
	if p == root {
		return Max
	}
	return Min
}
func (g *ttt) Prior(int) float64                 { return 1 }
func (g *ttt) MoveKey(m int) int                 { return m }
func (g *ttt) KeySpace() int                     { return 9 }
func (g *ttt) Players() int                      { return 2 }
func (g *ttt) PlayoutMove(ms []int, r *Rand) int { return ms[r.Intn(len(ms))] }
func newTTT() *ttt                               { return &ttt{} }

func TestFindsWinsAndBlocks(t *testing.T) {
	configs := map[string]Config{
		"uct":            {},
		"rave":           {RAVE: true},
		"transpositions": {Transpositions: true},
		"all, 2 threads": {RAVE: true, Transpositions: true, Threads: 2},
		"expand after 8": {ExpandAfter: 8, Transpositions: true},
		"after 8, rave":  {ExpandAfter: 8, RAVE: true},
	}
	cases := []struct {
		board string
		want  int
	}{
		{"xx.oo....", 2}, // X wins at 2
		{"x..oo..x.", 5}, // X must block at 5
		{"ox..x....", 7}, // O must block the column at 7
	}
	for name, cfg := range configs {
		for _, c := range cases {
			g := parseTTT(c.board)
			res := Search(context.Background(), g, newTTT, cfg, Limits{Iterations: 20000}, nil)
			if !res.HasMove || res.Move != c.want {
				t.Errorf("%s, %s: played %d (value %.2f), want %d; moves %+v", name, c.board, res.Move, res.Value, c.want, res.Moves)
			}
			if res.Iterations != 20000 {
				t.Errorf("%s: %d iterations, want 20000", name, res.Iterations)
			}
		}
	}
}

func TestTheEmptyBoardIsADraw(t *testing.T) {
	res := Search(context.Background(), newTTT(), newTTT, Config{}, Limits{Iterations: 50000}, nil)
	if res.Value < 0.4 || res.Value > 0.75 || len(res.PV) < 3 {
		t.Errorf("value %.2f, pv %v: want a draw-ish value and a principal variation", res.Value, res.PV)
	}
}

func TestOneSeedOneThreadOneResult(t *testing.T) {
	run := func(seed uint64) Result[int] {
		return Search(context.Background(), parseTTT("x...o...."), newTTT, Config{RAVE: true, Seed: seed}, Limits{Iterations: 3000}, nil)
	}
	a, b := run(7), run(7)
	if a.Move != b.Move || a.Value != b.Value || len(a.Moves) != len(b.Moves) {
		t.Errorf("same seed: %v %v, then %v %v", a.Move, a.Value, b.Move, b.Value)
	}
	for i := range a.Moves {
		if a.Moves[i] != b.Moves[i] {
			t.Errorf("move stats differ: %+v vs %+v", a.Moves[i], b.Moves[i])
		}
	}
}

func TestStopsOnTimeAndContext(t *testing.T) {
	start := time.Now()
	res := Search(context.Background(), newTTT(), newTTT, Config{}, Limits{Time: 30 * time.Millisecond}, nil)
	if time.Since(start) > time.Second || !res.HasMove || res.Iterations == 0 {
		t.Errorf("timed search: %v, %d iterations", time.Since(start), res.Iterations)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res = Search(ctx, newTTT(), newTTT, Config{}, Limits{Time: time.Hour}, nil)
	if res.Iterations > 64 {
		t.Errorf("cancelled search ran %d iterations", res.Iterations)
	}
	var reports int
	Search(context.Background(), newTTT(), newTTT, Config{}, Limits{Time: 350 * time.Millisecond}, func(Info[int]) { reports++ })
	if reports < 2 {
		t.Errorf("%d progress reports in 350 ms", reports)
	}
}

// oneMove is a game of one choice between moves 0 and 1, by a node of
// the given role, each move with its prior and the reward it ends in.
type oneMove struct {
	role    Role
	priors  [2]float64
	rewards [2]float64
	done    bool
	played  int
}

func (g *oneMove) CopyFrom(s *oneMove) { *g = *s }
func (g *oneMove) Moves(buf []int) []int {
	if g.done {
		return buf
	}
	return append(buf, 0, 1)
}
func (g *oneMove) Play(m int)            { g.done, g.played = true, m }
func (g *oneMove) ToMove() int           { return 1 }
func (g *oneMove) Over() bool            { return g.done }
func (g *oneMove) Reward(int) float64    { return g.rewards[g.played] }
func (g *oneMove) Role(root, p int) Role { return g.role }
func (g *oneMove) Prior(m int) float64   { return g.priors[m] }
func (g *oneMove) Hash() uint64 {
	if g.done {
		return 1
	}
	return 0
}
func (g *oneMove) MoveKey(m int) int                 { return m }
func (g *oneMove) KeySpace() int                     { return 2 }
func (g *oneMove) Players() int                      { return 2 }
func (g *oneMove) PlayoutMove(ms []int, r *Rand) int { return ms[r.Intn(len(ms))] }

// The teammate's choice (a chance node) plays move 0 with prior 3 and
// move 1 with prior 1; move 0 wins for the root's side, move 1 loses. The
// root's value is the expectation, 0.75.
func TestChanceNodesFollowThePriors(t *testing.T) {
	team := &oneMove{role: Chance, priors: [2]float64{3, 1}, rewards: [2]float64{1, 0}}
	res := Search(context.Background(), team, func() *oneMove { return &oneMove{} }, Config{}, Limits{Iterations: 20000}, nil)
	var visits [2]int64
	for _, m := range res.Moves {
		visits[m.Move] = m.Visits
	}
	if share := float64(visits[0]) / float64(visits[0]+visits[1]); share < 0.72 || share > 0.78 {
		t.Errorf("teammate played the likelier move %.3f of the time, want 0.75", share)
	}
}

// TestAFullTreeGoesOn: once the node budget is spent, iterations select
// down the tree and play out from edges that have no node; they must
// neither fail nor stop counting.
func TestAFullTreeGoesOn(t *testing.T) {
	for _, cfg := range []Config{{MaxNodes: 30}, {MaxNodes: 30, RAVE: true, Transpositions: true}} {
		res := Search(t.Context(), parseTTT("x..oo..x."), newTTT, cfg, Limits{Iterations: 20000}, nil)
		if res.Nodes > 30 || res.Iterations != 20000 {
			t.Errorf("%+v: %d nodes, %d iterations", cfg, res.Nodes, res.Iterations)
		}
		if !res.HasMove || res.Move != 5 {
			t.Errorf("%+v: played %d, want the block at 5", cfg, res.Move)
		}
	}
}

// TestExpandAfter: a move gets its node on its k-th visit and not before,
// and the node starts with the move's own simulations, so without
// transpositions every node's statistics are its edge's.
func TestExpandAfter(t *testing.T) {
	for _, k := range []int{1, 5} {
		w := newWorker[*ttt, int](Config{ExpandAfter: k}.withDefaults(), newTTT, 1)
		w.run(t.Context(), parseTTT(""), 20000, time.Time{}, time.Now(), nil)
		tr := w.t
		for i := range tr.edges {
			e := &tr.edges[i]
			switch {
			case e.child < 0 && int(e.n) >= k:
				t.Fatalf("k=%d: an edge of %d visits has no node", k, e.n)
			case e.child >= 0 && int(e.n) < k:
				t.Fatalf("k=%d: an edge of %d visits has a node", k, e.n)
			case e.child >= 0 && (tr.nodes[e.child].n != e.n || math.Abs(tr.nodes[e.child].w-e.w) > 1e-9):
				t.Fatalf("k=%d: edge %d/%.1f, its node %d/%.1f", k, e.n, e.w, tr.nodes[e.child].n, tr.nodes[e.child].w)
			}
		}
		if k > 1 && len(tr.nodes) > 20000/k {
			t.Errorf("k=%d: %d nodes in 20000 iterations", k, len(tr.nodes))
		}
		if !strings.Contains(Config{ExpandAfter: k}.Describe(), "5th visit") == (k == 5) {
			t.Errorf("k=%d: described as %q", k, Config{ExpandAfter: k}.Describe())
		}
	}
	for n, want := range map[int]string{1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 11: "11th", 12: "12th", 13: "13th", 21: "21st", 112: "112th"} {
		if got := ordinal(n); got != want {
			t.Errorf("ordinal(%d) = %q, want %q", n, got, want)
		}
	}
}

// A search is settled when the time left, at the rate so far, cannot
// overturn its most visited move; X's win at 2 leads by nearly every
// iteration.
func TestSettled(t *testing.T) {
	w := newWorker[*ttt, int](Config{}.withDefaults(), newTTT, 1)
	w.run(t.Context(), parseTTT("xx.oo...."), 20000, time.Time{}, time.Now(), nil)
	now := time.Now()
	if !w.settled(now.Add(-time.Second), now.Add(time.Millisecond)) {
		t.Error("a lead of thousands with 20 iterations to go is not settled")
	}
	if w.settled(now.Add(-time.Second), now.Add(time.Hour)) {
		t.Error("settled with an hour's iterations to go")
	}
	// A timed search of that position stops at about half its time, when
	// the lead passes the iterations still to come.
	start := time.Now()
	res := Search(t.Context(), parseTTT("xx.oo...."), newTTT, Config{StopSettled: true}, Limits{Time: 2 * time.Second}, nil)
	if el := time.Since(start); el > 1500*time.Millisecond || res.Move != 2 {
		t.Errorf("settled search played %d after %v of its 2 s", res.Move, el)
	}
}

// β is 1 before a move's own visits and sqrt(1/2) at K/3 of them.
func TestRaveWeight(t *testing.T) {
	c := Config{RaveK: 300}
	if b := c.RaveWeight(0); b != 1 {
		t.Errorf("β at 0 visits %v, want 1", b)
	}
	if b := c.RaveWeight(100); b < 0.7070 || b > 0.7072 {
		t.Errorf("β at 100 visits of K 300: %v, want 0.7071", b)
	}
}

// TestProgressiveBias: between two moves of equal results, a bias spends
// the visits on the move of the higher prior, more the stronger it is,
// and nothing on moves of equal priors (a tic-tac-toe search is the same
// with and without one).
func TestProgressiveBias(t *testing.T) {
	// Few visits, where a bias acts: its term falls as 1/visits, the
	// exploration term's as 1/sqrt(visits).
	share := func(bias float64) float64 {
		// Two moves that both draw, the first four times likelier by its
		// prior: only a bias can prefer it.
		pick := &oneMove{role: Max, priors: [2]float64{4, 1}, rewards: [2]float64{0.5, 0.5}}
		res := Search(t.Context(), pick, func() *oneMove { return &oneMove{} }, Config{Bias: bias}, Limits{Iterations: 100}, nil)
		var visits [2]int64
		for _, m := range res.Moves {
			visits[m.Move] = m.Visits
		}
		return float64(visits[0]) / float64(visits[0]+visits[1])
	}
	plainShare, weak, strong := share(0), share(0.5), share(2)
	if plainShare < 0.48 || plainShare > 0.52 {
		t.Errorf("unbiased: the first move took %.3f of the visits, want half", plainShare)
	}
	if weak < plainShare+0.02 || strong < 0.9 {
		t.Errorf("biased: the likelier move took %.3f at bias 0.5, %.3f at 2; want more than unbiased, and nearly all", weak, strong)
	}
	plain := Search(t.Context(), parseTTT("x...o...."), newTTT, Config{Seed: 3}, Limits{Iterations: 5000}, nil)
	biased := Search(t.Context(), parseTTT("x...o...."), newTTT, Config{Seed: 3, Bias: 1}, Limits{Iterations: 5000}, nil)
	for i := range plain.Moves {
		if plain.Moves[i] != biased.Moves[i] {
			t.Fatalf("equal priors: move %v unbiased, %v biased", plain.Moves[i], biased.Moves[i])
		}
	}
	if !strings.Contains(Config{Bias: 0.2}.Describe(), "progressive bias 0.2") || strings.Contains(Config{}.Describe(), "bias") {
		t.Errorf("described as %q and %q", Config{Bias: 0.2}.Describe(), Config{}.Describe())
	}
}
