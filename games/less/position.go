package less

import (
	"fmt"
	"math/bits"

	"gameai/internal/xrand"
)

// Players in the order of play. Yellow and White are a team, Black and Red
// the other: a player's teammate is player^2.
const (
	Yellow = iota
	Black
	White
	Red
)

// PlayerNames in the order of play.
var PlayerNames = [4]string{"Yellow", "Black", "White", "Red"}

// Turns is the game's length: 20 turns each.
const Turns = 80

// PointsPerTurn is a turn's budget.
const PointsPerTurn = 3

// Starts and Targets: each player starts in a 2×2 corner and must reach
// the diagonally opposite one.
var (
	Starts  = [4]uint64{corner(6, 0), corner(0, 0), corner(6, 6), corner(0, 6)}
	Targets = [4]uint64{corner(0, 6), corner(6, 6), corner(0, 0), corner(6, 0)}
)

func corner(r, c int) uint64 {
	s := r*8 + c
	return bit(s) | bit(s+1) | bit(s+8) | bit(s+9)
}

// Team returns the team of a player: 0 (Yellow and White) or 1.
func Team(p int) int { return p & 1 }

// Move is one step or jump of a piece; a turn is up to three moves.
type Move struct{ From, To int8 }

// geometry is what a layout implies for moves: the cost of each step and
// the square each jump lands on (or -1 when walls forbid it).
type geometry struct {
	walls    *Walls
	stepCost [NSquares][4]int8
	jumpTo   [NSquares][4]int8
	// The same as sets, for the playouts' word-parallel move generation:
	// steps[d][c] holds the squares whose step in direction d costs at
	// most c points (c = 1..3), jumps[d] those that may jump in d.
	steps [4][PointsPerTurn + 1]uint64
	jumps [4]uint64
}

func newGeometry(w *Walls) *geometry {
	g := &geometry{walls: w}
	for s := range NSquares {
		for d := range 4 {
			n := neighbour[s][d]
			g.stepCost[s][d], g.jumpTo[s][d] = -1, -1
			if n < 0 {
				continue
			}
			g.stepCost[s][d] = 1 + int8(w[s][d])
			if m := neighbour[n][d]; m >= 0 && w[s][d] == 0 && w[n][d] == 0 {
				g.jumpTo[s][d] = m
				g.jumps[d] |= bit(s)
			}
			for c := g.stepCost[s][d]; c <= PointsPerTurn; c++ {
				g.steps[d][c] |= bit(s)
			}
		}
	}
	return g
}

// move is where piece s goes in direction d with the squares of occ
// taken, and what it costs: a step to a free neighbour, or a jump (1
// point) over a taken one to a free square; ok is false when neither.
func (g *geometry) move(occ uint64, s, d int) (to, cost int, ok bool) {
	n := neighbour[s][d]
	switch {
	case n < 0:
		return 0, 0, false
	case occ&bit(int(n)) == 0:
		return int(n), int(g.stepCost[s][d]), true
	}
	if j := g.jumpTo[s][d]; j >= 0 && occ&bit(int(j)) == 0 {
		return int(j), 1, true
	}
	return 0, 0, false
}

// Position is the state of a game: the pieces of the four players, whose
// turn it is, the points left in it and the moves made in it, the turns
// played and the points each player has used. It is a small value: copy
// it to branch.
type Position struct {
	g      *geometry
	pieces [4]uint64
	toMove int8
	left   int8 // points left in the current turn
	moved  int8 // moves made in the current turn
	turn   int16
	used   [4]int16
}

// NewPosition returns the start position on a layout: Yellow to move, its
// first turn's points charged.
func NewPosition(w *Walls) *Position {
	p := &Position{g: newGeometry(w), pieces: Starts}
	p.startTurn()
	return p
}

// Walls is the layout.
func (p *Position) Walls() *Walls { return p.g.walls }

// Pieces is a player's set of squares.
func (p *Position) Pieces(player int) uint64 { return p.pieces[player] }

// ToMove is the player whose turn it is.
func (p *Position) ToMove() int { return int(p.toMove) }

// Left is the points left in the current turn.
func (p *Position) Left() int { return int(p.left) }

// Turn is the number of turns played (0..80).
func (p *Position) Turn() int { return int(p.turn) }

// Used is the points a player has used.
func (p *Position) Used(player int) int { return int(p.used[player]) }

// Home reports whether a player's four pieces are on its target.
func (p *Position) Home(player int) bool { return p.pieces[player] == Targets[player] }

// TeamDone reports whether both players of a team are home.
func (p *Position) TeamDone(team int) bool { return p.Home(team) && p.Home(team+2) }

// Over reports whether the game is over: every player home, or 80 turns.
func (p *Position) Over() bool { return p.turn >= Turns || (p.TeamDone(0) && p.TeamDone(1)) }

// Mover is the player whose pieces the player to move moves: its own, or
// its teammate's once its own are home.
func (p *Position) Mover() int {
	if p.Home(int(p.toMove)) {
		return int(p.toMove) ^ 2
	}
	return int(p.toMove)
}

func (p *Position) occupied() uint64 { return p.pieces[0] | p.pieces[1] | p.pieces[2] | p.pieces[3] }

// startTurn charges the turn's points to the player to move while its team
// has not finished, and passes (Nil) a turn with nothing to do: a finished
// team, or no legal move.
func (p *Position) startTurn() {
	for !p.Over() {
		pl := int(p.toMove)
		if p.TeamDone(Team(pl)) {
			p.endTurn() // Nil, free
			continue
		}
		p.used[pl] += PointsPerTurn
		p.left, p.moved = PointsPerTurn, 0
		if p.hasMove() {
			return
		}
		p.endTurn() // Nil: nothing can move
	}
}

func (p *Position) endTurn() {
	p.turn++
	p.toMove = (p.toMove + 1) & 3
	p.left, p.moved = 0, 0
}

// EndTurn ends the current turn early (after at least one move).
func (p *Position) EndTurn() {
	p.endTurn()
	p.startTurn()
}

// CanEndTurn reports whether the turn may stop now: after its first move.
func (p *Position) CanEndTurn() bool { return p.moved > 0 && !p.Over() }

// Cost is what a move costs, or -1 if it is not a step or jump from a
// piece of the mover to an empty square.
func (p *Position) Cost(m Move) int {
	from, to := int(m.From), int(m.To)
	if from < 0 || from >= NSquares || to < 0 || to >= NSquares || p.pieces[p.Mover()]&bit(from) == 0 || p.occupied()&bit(to) != 0 {
		return -1
	}
	occ := p.occupied()
	for d := range 4 {
		if int(neighbour[from][d]) == to {
			return int(p.g.stepCost[from][d])
		}
		if int(p.g.jumpTo[from][d]) == to && occ&bit(int(neighbour[from][d])) != 0 {
			return 1
		}
	}
	return -1
}

// Play makes a move of the current turn (legal: check with Cost first
// unless it came from Moves). The turn ends by itself when no points are
// left or nothing more fits.
func (p *Position) Play(m Move) { p.play(m, int8(p.moveCost(m))) }

// play is Play with the move's cost known.
func (p *Position) play(m Move, c int8) {
	mv := p.Mover()
	p.pieces[mv] ^= bit(int(m.From)) | bit(int(m.To))
	p.left -= c
	p.moved++
	if p.left == 0 || p.moved == 3 || p.TeamDone(Team(int(p.toMove))) || !p.hasMove() {
		p.endTurn()
		p.startTurn()
	}
}

// moveCost is Cost for a move known legal.
func (p *Position) moveCost(m Move) int {
	from, to := int(m.From), int(m.To)
	for d := range 4 {
		if int(neighbour[from][d]) == to {
			return int(p.g.stepCost[from][d])
		}
	}
	return 1 // a jump
}

// Moves appends the legal moves of the current turn (those that fit in the
// points left).
func (p *Position) Moves(buf []Move) []Move {
	if p.Over() {
		return buf
	}
	occ := p.occupied()
	for set := p.pieces[p.Mover()]; set != 0; set &= set - 1 {
		s := bits.TrailingZeros64(set)
		for d := range 4 {
			if to, cost, ok := p.g.move(occ, s, d); ok && cost <= int(p.left) {
				buf = append(buf, Move{int8(s), int8(to)})
			}
		}
	}
	return buf
}

// hasMove reports whether any move fits in the points left: movers'
// sets folded into one word as they are computed (play asks it after every
// move).
func (p *Position) hasMove() bool {
	if p.left <= 0 {
		return false
	}
	g, set, occ := p.g, p.pieces[p.Mover()], p.occupied()
	free := ^occ
	c := min(p.left, PointsPerTurn)
	steps := g.steps[0][c]&(free<<8) | g.steps[1][c]&(free>>1) | g.steps[2][c]&(free>>8) | g.steps[3][c]&(free<<1)
	jumps := g.jumps[0]&(occ<<8)&(free<<16) | g.jumps[1]&(occ>>1)&(free>>2) |
		g.jumps[2]&(occ>>8)&(free>>16) | g.jumps[3]&(occ<<1)&(free<<2)
	return set&(steps|jumps) != 0
}

func (m Move) String() string { return SquareName(int(m.From)) + SquareName(int(m.To)) }

// Scores are each player's total: the points used plus, for a player not
// home, the fewest points its pieces need to get home alone on the board.
func (p *Position) Scores(d *Distances) [4]int {
	var out [4]int
	for pl := range 4 {
		out[pl] = int(p.used[pl])
		if !p.Home(pl) {
			out[pl] += d.Solo(pl, p.pieces[pl])
		}
	}
	return out
}

// TeamScores are the two teams' totals (Yellow+White, Black+Red); the
// lower wins.
func TeamScores(s [4]int) [2]int { return [2]int{s[Yellow] + s[White], s[Black] + s[Red]} }

func (p *Position) String() string {
	return fmt.Sprintf("turn %d, %s to move (%d points left, %d moves made)", p.turn, PlayerNames[p.toMove], p.left, p.moved)
}

// ForPlayer turns p (a scratch copy) into player pl's turn with its full
// points, to count pl's options; false when pl's turn would pass.
func (p *Position) ForPlayer(pl int) bool {
	if p.Over() || p.TeamDone(Team(pl)) {
		return false
	}
	p.toMove, p.left, p.moved = int8(pl), PointsPerTurn, 0
	return true
}

// Pass ends the current turn as it stands (a player whose action could
// not be used): the points stay charged.
func (p *Position) Pass() {
	if !p.Over() {
		p.EndTurn()
	}
}

// EndTurnMove stands for stopping a turn early.
var EndTurnMove = Move{From: -1, To: -1}

// Hash identifies the position for transposition tables: the pieces, the
// player to move, the points left and whether a move was made this turn,
// and the turn number.
func (p *Position) Hash() uint64 {
	var h uint64
	for pl := range 4 {
		for set := p.pieces[pl]; set != 0; set &= set - 1 {
			h ^= zPiece[pl][bits.TrailingZeros64(set)]
		}
	}
	moved := 0
	if p.moved > 0 {
		moved = 1
	}
	return h ^ zTurn[p.turn] ^ zLeft[p.left][moved]
}

var (
	zPiece [4][NSquares]uint64
	zTurn  [Turns + 1]uint64
	zLeft  [PointsPerTurn + 1][2]uint64
)

func init() {
	next := xrand.SplitMix(0x13198a2e03707344)
	for pl := range 4 {
		for sq := range NSquares {
			zPiece[pl][sq] = next()
		}
	}
	for i := range zTurn {
		zTurn[i] = next()
	}
	for i := range zLeft {
		zLeft[i] = [2]uint64{next(), next()}
	}
}
