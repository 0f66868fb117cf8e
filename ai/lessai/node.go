// Package lessai plays Less: MCTS with RAVE over single moves (the
// second-placed 2017 bot's design), expectiminimax over whole turns with
// the teammate as a chance node, and a greedy distance player, with the
// engines the service and the CodeCup bot use.
package lessai

import (
	"math"

	"gameai/ai/mcts"
	"gameai/games/less"
)

// EndTurn is the tree's edge for stopping a turn early.
var EndTurn = less.EndTurnMove

// Node is a Less position as MCTS sees it: edges are single moves and
// EndTurn, so a turn of three moves is three levels of the tree, as in the
// 2017 bot, and branching stays small. Playouts prefer moves towards the
// target; the game's own scoring (points used plus solo distances) scores
// the end of a playout.
type Node struct {
	P less.Position
	D *less.Distances
}

// Scale is the margin (in points) that makes a 73% reward: CodeCup ranks
// by margins, so a bigger win is worth more than a narrow one.
const Scale = 6.0

func (n *Node) CopyFrom(src *Node) { *n = *src }
func (n *Node) ToMove() int        { return n.P.ToMove() }
func (n *Node) Over() bool         { return n.P.Over() }
func (n *Node) Hash() uint64       { return n.P.Hash() }
func (n *Node) Players() int       { return 4 }
func (n *Node) KeySpace() int      { return less.NSquares*less.NSquares + 1 }

// Moves are the moves that fit in the turn's points, and EndTurn after the
// first move.
func (n *Node) Moves(buf []less.Move) []less.Move {
	buf = n.P.Moves(buf)
	if n.P.CanEndTurn() && len(buf) > 0 {
		buf = append(buf, EndTurn)
	}
	return buf
}

// Play plays a move or ends the turn.
func (n *Node) Play(m less.Move) {
	if m == EndTurn {
		n.P.EndTurn()
		return
	}
	n.P.Play(m)
}

// Role: the root's player maximises, its teammate (another program, whose
// play we do not choose) is sampled by move weight, opponents minimise.
func (n *Node) Role(root, p int) mcts.Role {
	switch p {
	case root:
		return mcts.Max
	case root ^ 2:
		return mcts.Chance
	}
	return mcts.Min
}

// MoveKey is from*64+to; EndTurn is the last key.
func (n *Node) MoveKey(m less.Move) int {
	if m == EndTurn {
		return less.NSquares * less.NSquares
	}
	return int(m.From)*less.NSquares + int(m.To)
}

// progress is how much closer a move brings its piece to the target of
// row's player (by one piece's distance alone: a cheap guide).
func progress(row *[less.NSquares]uint8, m less.Move) int {
	return int(row[m.From]) - int(row[m.To])
}

// Prior weighs moves by their progress (and stopping a turn low): the
// order of first tries, and how a teammate is expected to play.
func (n *Node) Prior(m less.Move) float64 {
	if m == EndTurn {
		return 0.05
	}
	g := progress(n.D.SingleRow(n.P.Mover()), m)
	return expGain[min(max(g, -maxGain), maxGain)+maxGain]
}

// expGain[g+maxGain] is e^g: a move gains at most 3 points of distance
// and loses at most 3 (and a jump 2), so the table covers every move.
const maxGain = 8

var expGain = func() (t [2*maxGain + 1]float64) {
	for i := range t {
		t[i] = math.Exp(float64(i - maxGain))
	}
	return t
}()

// PlayoutMove is the playout policy: mostly the move of most progress
// (ties at random), sometimes any move; a turn stops when nothing
// progresses.
func (n *Node) PlayoutMove(ms []less.Move, r *mcts.Rand) less.Move {
	if r.Intn(8) == 0 {
		return ms[r.Intn(len(ms))]
	}
	row := n.D.SingleRow(n.P.Mover())
	best, bestP, ties := ms[0], math.MinInt, 0
	for _, m := range ms {
		p := 0
		if m != EndTurn {
			p = progress(row, m)
		}
		switch {
		case p > bestP:
			best, bestP, ties = m, p, 1
		case p == bestP:
			ties++
			if r.Intn(ties) == 0 {
				best = m
			}
		}
	}
	return best
}

// PlayoutStep is PlayoutMove and Play in one pass (mcts.PlayoutStepper).
func (n *Node) PlayoutStep(r *mcts.Rand) (less.Move, bool) {
	return n.P.PlayoutStep(n.D, r.Intn)
}

// Reward is the root side's share of the margin, squashed to [0, 1]: the
// game's final scores, or (a playout cut off) the points used plus the
// solo distances as they stand.
func (n *Node) Reward(player int) float64 {
	t := less.TeamScores(n.P.Scores(n.D))
	margin := float64(t[1-less.Team(player)] - t[less.Team(player)])
	return 1 / (1 + math.Exp(-margin/Scale))
}
