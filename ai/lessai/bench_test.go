package lessai

import (
	"context"
	"fmt"
	"testing"
	"time"

	"gameai/ai/mcts"
	"gameai/games/less"
)

// fixtureRoot is the root of a search from the start position on the
// fixture layout, and the searches' node maker.
func fixtureRoot(b *testing.B) (*Node, func() *Node) {
	w, err := less.ParseWalls(less.FixtureLayout)
	if err != nil {
		b.Fatal(err)
	}
	return NewNode(*less.NewPosition(w), less.DistancesFor(w)), func() *Node { return &Node{} }
}

// BenchmarkMCTS runs MCTS-RAVE from the start position on the fixture
// layout, one thread, and reports iterations per second.
func BenchmarkMCTS(b *testing.B) {
	root, newNode := fixtureRoot(b)
	var iters int64
	b.ReportAllocs()
	for b.Loop() {
		res := mcts.Search(context.Background(), root, newNode, DefaultConfig(), mcts.Limits{Iterations: 50000}, nil)
		iters += res.Iterations
	}
	b.ReportMetric(float64(iters)/b.Elapsed().Seconds(), "iterations/s")
	b.ReportMetric(0, "ns/op")
}

// BenchmarkExpandAfter runs uct's search (no RAVE) from the start position
// on the fixture layout, one thread, 100,000 iterations a search, with a
// move given its node on its first, second, fourth or eighth visit: what a
// node costs, against the playouts.
func BenchmarkExpandAfter(b *testing.B) {
	root, newNode := fixtureRoot(b)
	root.TeamPlay = true
	for _, k := range []int{1, 2, 4, 8} {
		b.Run(fmt.Sprintf("k=%d", k), func(b *testing.B) {
			cfg := DefaultConfig()
			cfg.RAVE, cfg.ExpandAfter = false, k
			var iters, nodes int64
			for b.Loop() {
				res := mcts.Search(context.Background(), root, newNode, cfg, mcts.Limits{Iterations: 100000}, nil)
				iters, nodes = iters+res.Iterations, nodes+res.Nodes
			}
			b.ReportMetric(float64(iters)/b.Elapsed().Seconds(), "iterations/s")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/search")
			b.ReportMetric(0, "ns/op")
		})
	}
}

// BenchmarkBias runs uct's default search (no RAVE, a node on a move's 8th
// visit) from the start position on the fixture layout, one thread,
// 100,000 iterations a search, without and with progressive bias: what the
// bias's logarithms at expansion and its term in selection cost.
func BenchmarkBias(b *testing.B) {
	root, newNode := fixtureRoot(b)
	root.TeamPlay = true
	for _, bias := range []float64{0, 0.1} {
		b.Run(fmt.Sprintf("bias=%g", bias), func(b *testing.B) {
			cfg := DefaultConfig()
			cfg.RAVE, cfg.ExpandAfter, cfg.Bias = false, UCTExpandAfter, bias
			var iters int64
			for b.Loop() {
				iters += mcts.Search(context.Background(), root, newNode, cfg, mcts.Limits{Iterations: 100000}, nil).Iterations
			}
			b.ReportMetric(float64(iters)/b.Elapsed().Seconds(), "iterations/s")
			b.ReportMetric(0, "ns/op")
		})
	}
}

// BenchmarkTreeReuse plays whole games of four MCTS seats at 100 ms a turn
// through one tree pool, as the service does, and reports the share of each
// search's root visits inherited from the search before (tree reuse): run
// it with -benchtime 1x (a game is some 8 s).
func BenchmarkTreeReuse(b *testing.B) {
	w, err := less.ParseWalls(less.FixtureLayout)
	if err != nil {
		b.Fatal(err)
	}
	d := less.DistancesFor(w)
	var reused, total, searches, fresh int64
	for b.Loop() {
		c := Chooser{Kind: KindMCTS, Seed: 1, Trees: mcts.NewPool[*Node, less.Move](1, time.Minute)}
		p := *less.NewPosition(w)
		for !p.Over() {
			ch, err := c.Choose(context.Background(), p, d, Limits{Time: 100 * time.Millisecond}, nil)
			if err != nil {
				b.Fatal(err)
			}
			reused += ch.Reused
			total += ch.Reused + ch.Nodes
			searches++
			if ch.Reused == 0 {
				fresh++
			}
			if err := p.Apply(ch.Action); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(reused)/float64(total), "reused-share")
	b.ReportMetric(float64(fresh)/float64(searches), "fresh-trees")
	b.ReportMetric(0, "ns/op")
}

// BenchmarkGreedyPriors: the priors of a node whose seat is planned as
// greedy (a search over the rest of the turn for each move), against
// BenchmarkMCTS's iteration (some 6 µs).
func BenchmarkGreedyPriors(b *testing.B) {
	w, err := less.ParseWalls(less.FixtureLayout)
	if err != nil {
		b.Fatal(err)
	}
	var ps [4]SeatPlan
	ps[0].W[PolicyGreedy] = 1
	n := &Node{P: *less.NewPosition(w), D: less.DistancesFor(w), Plans: &ps}
	ms := n.Moves(nil)
	buf := make([]float64, 0, len(ms))
	for b.Loop() {
		buf = n.Priors(ms, buf[:0])
	}
}
