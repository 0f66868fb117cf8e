package less

import "math/bits"

// The playouts' move generation, the hot path of the MCTS: a step's legal
// moves as per-direction sets, counted and chosen without a move list.

// PlayoutStep picks a move the way playouts do and plays it, without
// building a move list (the hot path of the MCTS playouts): with chance
// 1/8 any move (or ending the turn after a move), otherwise a move taking
// its piece furthest towards home by the single distances of dist (the
// layout's; one of the best at random), or ending the turn when nothing
// gets closer. It returns the move, or EndTurnMove, and false when there
// is no move. rnd(n) draws in [0, n).
func (p *Position) PlayoutStep(dist *Distances, rnd func(n int) int) (Move, bool) {
	if p.Over() {
		return Move{}, false
	}
	mover := p.Mover()
	ms := p.g.movers(p.pieces[mover], p.occupied(), p.left)
	n := ms.count()
	if n == 0 {
		return Move{}, false
	}
	r := rnd(8 * 16)
	var m Move
	var cost int8
	if r < 16 { // one time in eight: any move, or ending the turn
		k := rnd(n + 1)
		if k == n {
			if p.moved > 0 {
				p.EndTurn()
				return EndTurnMove, true
			}
			k = 0
		}
		m, cost = ms.nth(p.g, k)
	} else {
		best, gain := ms.best(&dist.gains[mover], p.pieces[mover])
		if gain < 0 && p.moved > 0 {
			p.EndTurn()
			return EndTurnMove, true
		}
		m, cost = best.nth(p.g, r%best.count())
	}
	p.play(m, cost)
	return m, true
}

// dirMoves are the legal moves of a position as sets of the pieces that
// can step and that can jump, per direction: counting them is a few
// popcounts, and a playout step lists them only when it needs their gains
// (a loop over pieces and directions with a table look-up each was most of
// a playout's time). They are listed direction by direction, a direction's
// steps before its jumps.
type dirMoves struct{ steps, jumps [4]uint64 }

func (p *Position) movesByDirection() dirMoves {
	return p.g.movers(p.pieces[p.Mover()], p.occupied(), p.left)
}

func (ms *dirMoves) count() int {
	n := 0
	for d := range 4 {
		n += bits.OnesCount64(ms.steps[d]) + bits.OnesCount64(ms.jumps[d])
	}
	return n
}

// nth is the k-th move (from 0) and its cost.
func (ms *dirMoves) nth(g *geometry, k int) (Move, int8) {
	for d := range 4 {
		if c := bits.OnesCount64(ms.steps[d]); k >= c {
			k -= c
		} else {
			s := nthBit(ms.steps[d], k)
			return Move{int8(s), neighbour[s][d]}, g.stepCost[s][d]
		}
		if c := bits.OnesCount64(ms.jumps[d]); k >= c {
			k -= c
		} else {
			s := nthBit(ms.jumps[d], k)
			return Move{int8(s), g.jumpTo[s][d]}, 1
		}
	}
	panic("less: move index out of range")
}

func nthBit(x uint64, k int) int {
	for range k {
		x &= x - 1
	}
	return bits.TrailingZeros64(x)
}

// best returns the moves that gain the most by a player's distances, and
// their gain (ms holds at least one move; movers are the pieces of ms).
func (ms *dirMoves) best(gm *gainMasks, movers uint64) (dirMoves, int) {
	var sel dirMoves
	for g := maxGain; g >= -maxGain; g-- {
		if movers&gm.some[maxGain+g] == 0 {
			continue
		}
		found := uint64(0)
		for d := range 4 {
			sel.steps[d] = ms.steps[d] & gm.steps[d][maxGain+g]
			sel.jumps[d] = ms.jumps[d] & gm.jumps[d][maxGain+g]
			found |= sel.steps[d] | sel.jumps[d]
		}
		if found != 0 {
			return sel, g
		}
	}
	return sel, -maxGain // no move at all
}

// movers returns the pieces of set that can step in each direction with
// at most left points, and those that can jump (1 point), with the squares
// of occ taken: a step needs the square ahead free, a jump that square
// taken and the one beyond free. The directions are written out, up, right,
// down, left, so that every shift is a constant (the masks hold only
// squares with a square ahead, so nothing wraps).
func (g *geometry) movers(set, occ uint64, left int8) dirMoves {
	var ms dirMoves
	if left <= 0 {
		return ms
	}
	free := ^occ
	st := &g.steps
	c := min(left, PointsPerTurn)
	ms.steps[0] = set & st[0][c] & (free << 8)
	ms.steps[1] = set & st[1][c] & (free >> 1)
	ms.steps[2] = set & st[2][c] & (free >> 8)
	ms.steps[3] = set & st[3][c] & (free << 1)
	ms.jumps[0] = set & g.jumps[0] & (occ << 8) & (free << 16)
	ms.jumps[1] = set & g.jumps[1] & (occ >> 1) & (free >> 2)
	ms.jumps[2] = set & g.jumps[2] & (occ >> 8) & (free >> 16)
	ms.jumps[3] = set & g.jumps[3] & (occ << 1) & (free << 2)
	return ms
}

// maxGain bounds what a move changes a piece's single distance by: a step
// of cost c changes it by at most c (at most 3), a jump, which needs no
// wall over its two squares, by at most 2.
const maxGain = PointsPerTurn

// gainMasks sorts the moves of one player's pieces by their gain (the
// single distance before less after): steps[d][maxGain+g] holds the
// squares whose step in direction d gains g, jumps the same for jumps.
// The playouts take the best moves with a few word operations per gain.
type gainMasks struct {
	steps, jumps [4][2*maxGain + 1]uint64
	// some[maxGain+g] holds the squares with any move that gains g: a
	// level no piece can reach is skipped with one AND.
	some [2*maxGain + 1]uint64
}

func newGainMasks(g *geometry, row *[NSquares]uint8) gainMasks {
	var gm gainMasks
	index := func(s, to int) int {
		gain := int(row[s]) - int(row[to])
		if gain < -maxGain || gain > maxGain {
			panic("less: a move gains more than its cost") // distances are wrong
		}
		return maxGain + gain
	}
	for s := range NSquares {
		for d := range 4 {
			if n := neighbour[s][d]; n >= 0 {
				i := index(s, int(n))
				gm.steps[d][i] |= bit(s)
				gm.some[i] |= bit(s)
			}
			if j := g.jumpTo[s][d]; j >= 0 {
				i := index(s, int(j))
				gm.jumps[d][i] |= bit(s)
				gm.some[i] |= bit(s)
			}
		}
	}
	return gm
}
