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

// A playout stops at the first turn boundary at or past the horizon, and
// the reward squashes the margin by the node's scale (0: Scale): a
// shorter horizon and a sharper scale are settings a match can try.
func TestHorizonAndScale(t *testing.T) {
	p := *start(t).P
	d := less.DistancesFor(p.Walls())
	margins := 0 // playouts whose margin is not 0, where the scale shows
	for _, turns := range []int{1, 4, HorizonTurns} {
		n := &Node{P: p, D: d, Horizon: horizon(p, turns)}
		r := mcts.NewRand(3)
		for {
			if _, ok := n.PlayoutStep(r); !ok {
				break
			}
		}
		if got := n.P.Turn(); got != turns || n.P.CanEndTurn() {
			t.Errorf("horizon %d turns: the playout stopped at turn %d (mid-turn %v)", turns, got, n.P.CanEndTurn())
		}
		// The default's reward gives the margin back; another scale
		// squashes the same margin.
		n.Scale = 0
		r0 := n.Reward(less.Yellow)
		margin := -Scale * math.Log(1/r0-1)
		if math.Abs(margin-math.Round(margin)) > 1e-9 {
			t.Errorf("horizon %d: reward %v is no whole margin's at scale %v", turns, r0, Scale)
		}
		if math.Round(margin) != 0 {
			margins++
		}
		for _, scale := range []float64{Scale, 2, 12} {
			n.Scale = scale
			want := 1 / (1 + math.Exp(-margin/scale))
			if got := n.Reward(less.Yellow); math.Abs(got-want) > 1e-12 {
				t.Errorf("scale %v, margin %v: reward %v, want %v", scale, margin, got, want)
			}
		}
	}
	if margins == 0 {
		t.Error("every playout ended level: the scale was not tested")
	}
}
