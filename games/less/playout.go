package less

import "math/bits"

// The playouts' move generation, the hot path of the MCTS: a step's legal
// moves as per-direction sets, counted and chosen without a move list.

// PlayoutStep draws a move the way playouts do and plays it, without
// building a move list (the hot path of the MCTS playouts). A move's net is
// what it brings its piece closer by the single distances of dist less
// what it costs: 0 on a shortest route, +1 for a jump that saves a point,
// below 0 for a detour or a wall it need not cross. Every point counts in
// Less (a turn's unused points are charged as well), so moves are drawn
// with weight 16^net, and ending the turn early with 16^-left, the points
// it wastes. Levels more than two below the best weigh 1/4096 or less and
// are never drawn. It returns the move, or EndTurnMove, and false when
// there is no move. rnd(n) draws in [0, n).
func (p *Position) PlayoutStep(dist *Distances, rnd func(n int) int) (Move, bool) {
	if p.Over() {
		return Move{}, false
	}
	mover := p.Mover()
	movers := p.pieces[mover]
	ms := p.g.movers(movers, p.occupied(), p.left)
	nm := &dist.nets[mover]
	var lv [drawnLevels]netLevel
	k, top := 0, -1
	for l := netLevels - 1; l >= 0 && k < drawnLevels && (top < 0 || l > top-drawnLevels); l-- {
		if movers&nm.some[l] == 0 {
			continue
		}
		c := 0
		for d := range 4 {
			lv[k].moves.steps[d] = ms.steps[d] & nm.steps[d][l]
			lv[k].moves.jumps[d] = ms.jumps[d] & nm.jumps[d][l]
			c += bits.OnesCount64(lv[k].moves.steps[d]) + bits.OnesCount64(lv[k].moves.jumps[d])
		}
		if c == 0 {
			continue
		}
		if top < 0 {
			top = l
		}
		lv[k].level, lv[k].count = l, c
		k++
	}
	if k == 0 {
		return Move{}, false
	}
	endLevel := -1 // ending the turn is a move of net -left
	if p.moved > 0 {
		endLevel = int(-p.left) - minNet
	}
	base := max(top, endLevel) - (drawnLevels - 1)
	total := 0
	for i := range k {
		if lv[i].level >= base {
			total += lv[i].count << (4 * (lv[i].level - base))
		}
	}
	if endLevel >= base {
		total += 1 << (4 * (endLevel - base))
	}
	x := rnd(total)
	for i := range k {
		if lv[i].level < base {
			continue
		}
		shift := 4 * (lv[i].level - base)
		w := lv[i].count << shift
		if x < w {
			m, cost := lv[i].moves.nth(p.g, x>>shift)
			p.play(m, cost)
			return m, true
		}
		x -= w
	}
	p.EndTurn()
	return EndTurnMove, true
}

// netLevel is the moves of one net, as sets.
type netLevel struct {
	moves dirMoves
	level int // net - minNet
	count int
}

// drawnLevels is how many levels of net below the best a draw considers.
const drawnLevels = 3

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

// The nets of moves: a step of cost c brings its piece at most c closer
// and takes it at most c further (net -2c..0), a jump (1 point, which
// needs no wall over its two squares) at most 2 (net -3..+1).
const (
	minNet    = -2 * PointsPerTurn
	maxNet    = 1
	netLevels = maxNet - minNet + 1
)

// netMasks sorts the moves of one player's pieces by their net:
// steps[d][net-minNet] holds the squares whose step in direction d has
// that net, jumps the same for jumps. The playouts find a level's moves
// with a few word operations.
type netMasks struct {
	steps, jumps [4][netLevels]uint64
	// some[net-minNet] holds the squares with any move of that net: a
	// level no piece can reach is skipped with one AND.
	some [netLevels]uint64
}

func newNetMasks(g *geometry, row *[NSquares]uint8) netMasks {
	var nm netMasks
	index := func(s, to, cost int) int {
		net := int(row[s]) - int(row[to]) - cost
		if net < minNet || net > maxNet {
			panic("less: a move gains more than its cost") // distances are wrong
		}
		return net - minNet
	}
	for s := range NSquares {
		for d := range 4 {
			if n := neighbour[s][d]; n >= 0 {
				i := index(s, int(n), int(g.stepCost[s][d]))
				nm.steps[d][i] |= bit(s)
				nm.some[i] |= bit(s)
			}
			if j := g.jumpTo[s][d]; j >= 0 {
				i := index(s, int(j), 1)
				nm.jumps[d][i] |= bit(s)
				nm.some[i] |= bit(s)
			}
		}
	}
	return nm
}

// Net is a legal move's net for the mover: how much closer it brings its
// piece by the single distances of d, less its cost (minNet..maxNet).
func (p *Position) Net(d *Distances, m Move) int {
	row := &d.single[p.Mover()]
	return int(row[m.From]) - int(row[m.To]) - p.moveCost(m)
}
