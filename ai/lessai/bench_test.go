package lessai

import (
	"context"
	"testing"

	"gameai/ai/mcts"
	"gameai/games/less"
)

// BenchmarkMCTS runs MCTS-RAVE from the start position on the fixture
// layout, one thread, and reports iterations per second.
func BenchmarkMCTS(b *testing.B) {
	w, err := less.ParseWalls(less.FixtureLayout)
	if err != nil {
		b.Fatal(err)
	}
	root := NewNode(*less.NewPosition(w), less.DistancesFor(w))
	newNode := func() *Node { return &Node{} }
	var iters int64
	b.ReportAllocs()
	for b.Loop() {
		res := mcts.Search(context.Background(), root, newNode, Config, mcts.Limits{Iterations: 50000}, nil)
		iters += res.Iterations
	}
	b.ReportMetric(float64(iters)/b.Elapsed().Seconds(), "iterations/s")
	b.ReportMetric(0, "ns/op")
}
