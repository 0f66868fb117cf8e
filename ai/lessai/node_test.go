package lessai

import (
	"math"
	"testing"

	"gameai/ai/mcts"
	"gameai/games/less"
)

// The move-list playout policy draws each move as often as its prior's
// share of the total says.
func TestPlayoutMoveDrawsByPrior(t *testing.T) {
	p := *start(t).P
	p.Play(p.Moves(nil)[0]) // mid-turn: EndTurn is a choice too
	n := NewNode(p, less.DistancesFor(p.Walls()))
	ms := n.Moves(nil)
	if len(ms) < 3 {
		t.Fatalf("only %d moves to draw from", len(ms))
	}
	total := 0.0
	for _, m := range ms {
		total += n.Prior(m)
	}
	const draws = 20000
	count := map[less.Move]int{}
	r := mcts.NewRand(7)
	for range draws {
		count[n.PlayoutMove(ms, r)]++
	}
	for _, m := range ms {
		want := n.Prior(m) / total
		if got := float64(count[m]) / draws; math.Abs(got-want) > 0.02 {
			t.Errorf("%v drawn %.3f of the time, its prior's share is %.3f", m, got, want)
		}
	}
}
