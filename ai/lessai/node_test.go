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

// The teammate is drawn by its priors unless TeamPlay has it choose with
// the root's player; opponents always play against them.
func TestRoles(t *testing.T) {
	for _, team := range []bool{false, true} {
		n := &Node{TeamPlay: team}
		mate := mcts.Chance
		if team {
			mate = mcts.Max
		}
		for root := range 4 {
			want := [4]mcts.Role{}
			want[root], want[root^2] = mcts.Max, mate
			want[root^1], want[root^3] = mcts.Min, mcts.Min
			for p := range 4 {
				if got := n.Role(root, p); got != want[p] {
					t.Errorf("TeamPlay %v, root %d: player %d's role %d, want %d", team, root, p, got, want[p])
				}
			}
		}
	}
}
