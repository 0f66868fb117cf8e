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
// 2017 bot, and branching stays small. Playouts weigh moves by their net
// (less.Position.PlayoutStep) and stop at the first turn boundary at or
// past Horizon; the game's own scoring (points used plus solo distances)
// scores the end of a playout.
type Node struct {
	P less.Position
	D *less.Distances
	// Horizon is the turn at which playouts stop (0: at the game's end).
	Horizon int
	// TeamPlay has the root player's teammate choose with it (mcts.Max)
	// instead of being drawn by its priors (mcts.Chance): for a teammate
	// that is this engine too, whose turns serve the team as ours do.
	TeamPlay bool
	// Plans, when set, say how each seat but the root's plays (a learnt
	// Model's): a searcher, or drawn from a mixture of policies. They
	// take TeamPlay's place.
	Plans *[4]SeatPlan
	// Scale is the reward's margin scale in points (0: the package's
	// Scale).
	Scale float64
}

// HorizonTurns is how far past the start of the root's round playouts go:
// four rounds. Further, a playout's moves say more about its random draws
// than about the position.
const HorizonTurns = 16

// NewNode is the root of a search from p: its playouts stop HorizonTurns
// past the start of p's round.
func NewNode(p less.Position, d *less.Distances) *Node {
	return &Node{P: p, D: d, Horizon: horizon(p, HorizonTurns)}
}

// horizon is the turn turns past the start of p's round, within the game.
func horizon(p less.Position, turns int) int {
	return min(less.Turns, p.Turn()/4*4+turns)
}

// Scale is the margin (in points) that makes a 73% reward: CodeCup ranks
// by margins, so a bigger win is worth more than a narrow one.
const Scale = 6.0

// UCTScale is the uct engine's default reward scale (TreeOptions): the
// best measured for it against the CodeCup 2017 runner-up.
const UCTScale = 3.0

// UCTExpandAfter is the uct engine's default expand_after (TreeOptions): a
// move gets its node on its 8th visit, so the tree deepens with the time a
// turn has. Against the CodeCup 2017 runner-up at 30 s it led the node on
// the first visit on each set of layouts it played (docs/strength.md).
const UCTExpandAfter = 8

// UCTBias is the uct engine's default progressive bias (TreeOptions),
// kept while its teammate is planned as a searcher (bias_beside=searcher):
// beside the CodeCup 2017 runner-up at 30 s it scored some 0.08 more than
// no bias, beside a greedy bot as much as none (docs/strength.md).
const UCTBias = 0.3

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
// play we do not choose) is sampled by move weight, unless TeamPlay makes
// it maximise too; opponents minimise. With Plans, a seat planned as a
// searcher maximises (the teammate) or minimises, any other is chance.
func (n *Node) Role(root, p int) mcts.Role {
	if n.Plans != nil && p != root {
		switch {
		case !n.Plans[p].Search:
			return mcts.Chance
		case p == root^2:
			return mcts.Max
		}
		return mcts.Min
	}
	switch {
	case p == root, p == root^2 && n.TeamPlay:
		return mcts.Max
	case p == root^2:
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

// Prior weighs moves as the playouts do, 16^net (less.Position.Net), and
// ending the turn by the points it wastes: the order of first tries, and
// how a teammate is expected to play.
func (n *Node) Prior(m less.Move) float64 {
	if m == EndTurn {
		return pow16[-n.P.Left()-minNet]
	}
	return pow16[n.P.Net(n.D, m)-minNet]
}

// pow16[net-minNet] is 16^net over the nets a move can have.
const minNet, maxNet = -2 * less.PointsPerTurn, 1

var pow16 = func() (t [maxNet - minNet + 1]float64) {
	for i := range t {
		t[i] = math.Pow(16, float64(i+minNet))
	}
	return t
}()

// PlayoutMove is the playout policy over a move list: each move drawn with
// the weight of its Prior (PlayoutStep draws alike from move sets, leaving
// out the levels too light to matter).
func (n *Node) PlayoutMove(ms []less.Move, r *mcts.Rand) less.Move {
	// A turn has at most 4 pieces x (4 steps + 4 jumps) moves and EndTurn:
	// the weights fit on the stack.
	var buf [40]float64
	w := buf[:0]
	total := 0.0
	for _, m := range ms {
		p := n.Prior(m)
		w = append(w, p)
		total += p
	}
	x := r.Float64() * total
	for i, m := range ms {
		if x -= w[i]; x < 0 {
			return m
		}
	}
	return ms[len(ms)-1]
}

// PlayoutStep is PlayoutMove and Play in one pass (mcts.PlayoutStepper),
// and the end of a playout at the horizon.
func (n *Node) PlayoutStep(r *mcts.Rand) (less.Move, bool) {
	if n.Horizon > 0 && n.P.Turn() >= n.Horizon {
		return less.Move{}, false
	}
	return n.P.PlayoutStep(n.D, r.Intn)
}

// Reward is the root side's share of the margin, squashed to [0, 1]: the
// game's final scores, or (a playout cut off) the points used plus the
// solo distances as they stand. A turn's points are charged when it
// starts, so a cut-off turn's points not yet spent are not counted: they
// would have brought the mover home by as much.
func (n *Node) Reward(player int) float64 {
	s := n.P.Scores(n.D)
	if !n.P.Over() {
		s[n.P.ToMove()] -= n.P.Left()
	}
	t := less.TeamScores(s)
	margin := float64(t[1-less.Team(player)] - t[less.Team(player)])
	scale := n.Scale
	if scale == 0 {
		scale = Scale
	}
	return 1 / (1 + math.Exp(-margin/scale))
}
