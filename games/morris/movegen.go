package morris

import "math/bits"

// This file is the hot path of every search: move generation.

// MaxMoves bounds the moves of one position: a flying side's 3 pieces times
// 21 empty points times 66 pairs of removals (a double mill removing two),
// with room to spare.
const MaxMoves = 4400

func trailing(b Bits) int { return bits.TrailingZeros32(uint32(b)) }

// removable is the set of opponent pieces a mill may remove: those outside
// mills unless every one is in a mill, or all when the rules allow.
func (p *Position) removable(them int8) Bits {
	opp := p.occ[them]
	if p.rules.RemoveFromMills {
		return opp
	}
	if free := opp &^ p.rules.geo.inMills(opp); free != 0 {
		return free
	}
	return opp
}

// GenMoves appends every legal move to buf; none when the game is over by
// material (fewer than three pieces) or the side to move is stuck. It does
// not look at the draw rules (see Outcome).
func (p *Position) GenMoves(buf []Move) []Move {
	us, them := p.side, 1-p.side
	if p.Material(int(us)) < 3 || p.Material(int(them)) < 3 {
		return buf
	}
	g := p.rules.geo
	empty := p.Empty()
	own := p.occ[us]
	if p.hand[us] > 0 {
		buf = p.place(buf, own, empty)
		if !p.rules.Mixed {
			return buf
		}
	}
	fly := p.CanFly(int(us))
	if g == standard && !fly {
		return p.slideStandard(buf, own, empty)
	}
	return p.slideLoop(buf, own, empty, fly)
}

// slideLoop appends the slides (or flights) of own, piece by piece (any
// board).
func (p *Position) slideLoop(buf []Move, own, empty Bits, fly bool) []Move {
	g := p.rules.geo
	for f := own; f != 0; f &= f - 1 {
		from := trailing(f)
		targets := g.adj[from] & empty
		if fly {
			targets = empty
		}
		rest := own &^ (1 << uint(from))
		for t := targets; t != 0; t &= t - 1 {
			to := trailing(t)
			if after := rest | 1<<uint(to); g.closes(to, after) {
				buf = p.appendMill(buf, Slide(from, to), to, after)
			} else {
				buf = append(buf, Slide(from, to))
			}
		}
	}
	return buf
}

// place appends the placements of own on empty points.
func (p *Position) place(buf []Move, own, empty Bits) []Move {
	if p.rules.geo == standard {
		return p.placeStandard(buf, own, empty)
	}
	return p.placeLoop(buf, own, empty)
}

// placeLoop appends the placements point by point (any board).
func (p *Position) placeLoop(buf []Move, own, empty Bits) []Move {
	g := p.rules.geo
	for e := empty; e != 0; e &= e - 1 {
		to := trailing(e)
		if after := own | 1<<uint(to); g.closes(to, after) {
			buf = p.appendMill(buf, Place(to), to, after)
		} else {
			buf = append(buf, Place(to))
		}
	}
	return buf
}

// appendMill adds a move that closes a mill with each removal it allows.
func (p *Position) appendMill(buf []Move, m Move, to int, after Bits) []Move {
	them := 1 - p.side
	rem := p.removable(them)
	if rem == 0 {
		return append(buf, m) // a mill with nothing to remove
	}
	if p.rules.TwoOnDoubleMill && p.occ[them].Count() >= 2 && p.rules.geo.millsClosed(to, after) >= 2 {
		return p.appendPairs(buf, m, them)
	}
	for r := rem; r != 0; r &= r - 1 {
		buf = append(buf, m.WithRemoval(trailing(r)))
	}
	return buf
}

// appendPairs adds m with every pair of removals a double mill allows: the
// second chosen by the rules on the board left by the first. Pairs reached
// in both orders are added once.
func (p *Position) appendPairs(buf []Move, m Move, them int8) []Move {
	first := p.removable(them)
	opp := p.occ[them]
	for a := first; a != 0; a &= a - 1 {
		ra := trailing(a)
		p.occ[them] = opp &^ (1 << uint(ra))
		second := p.removable(them)
		for b := second; b != 0; b &= b - 1 {
			rb := trailing(b)
			// (ra, rb) and (rb, ra) leave one board: keep the first of the
			// two orders that is legal.
			if rb < ra && first.Has(rb) && p.removableAfter(them, opp, rb).Has(ra) {
				continue
			}
			buf = append(buf, m.WithRemoval(ra).WithRemoval(rb))
		}
	}
	p.occ[them] = opp
	return buf
}

func (p *Position) removableAfter(them int8, opp Bits, gone int) Bits {
	saved := p.occ[them]
	p.occ[them] = opp &^ (1 << uint(gone))
	r := p.removable(them)
	p.occ[them] = saved
	return r
}

// HasMove reports whether the side to move has a legal move (cheaper than
// generating them).
func (p *Position) HasMove() bool {
	us := p.side
	empty := p.Empty()
	if empty == 0 {
		return false
	}
	if p.hand[us] > 0 || p.CanFly(int(us)) {
		return true
	}
	for f := p.occ[us]; f != 0; f &= f - 1 {
		if p.rules.geo.adj[trailing(f)]&empty != 0 {
			return true
		}
	}
	return false
}
