package morris

// The evaluation: 19 features in three phases, weighed by a strategy's
// coefficients. Each feature is "side P minus its opponent" unless said.

// NumCoefficients is the length of a strategy vector.
const NumCoefficients = 19

// Coefficients weigh the features, in the order of the spec's table:
// 0-6 placing, 7-14 moving, 15-18 flying.
type Coefficients [NumCoefficients]int

// Features are the values the coefficients multiply, in the same order.
type Features [NumCoefficients]int

// The feature indexes.
const (
	FPlaceClosedMill = iota
	FPlaceMills
	FPlaceBlocked
	FPlacePieces
	FPlaceTwo
	FPlaceThree
	FPlaceMobility
	FMoveClosedMill
	FMoveMills
	FMoveBlocked
	FMovePieces
	FMoveCanClose
	FMoveRunning
	FMoveMobility
	FMoveWin
	FFlyTwo
	FFlyThree
	FFlyClosedMill
	FFlyWin
)

// Phase is the stage a side is in.
type Phase uint8

// The phases.
const (
	Placing Phase = iota
	Moving
	Flying
)

func (ph Phase) String() string { return [...]string{"placing", "moving", "flying"}[ph] }

// PhaseOf is a side's phase: placing while it has pieces in hand, flying
// when it may fly, moving otherwise.
func (p *Position) PhaseOf(side int) Phase {
	switch {
	case p.hand[side] > 0:
		return Placing
	case p.CanFly(side):
		return Flying
	}
	return Moving
}

// Evaluate scores the position for side: the features of side's phase times
// the coefficients.
func (p *Position) Evaluate(side int, c *Coefficients) int {
	var f Features
	ph := p.PhaseOf(side)
	p.features(side, ph, &f)
	lo, hi := phaseRange(ph)
	s := 0
	for i := lo; i < hi; i++ {
		s += c[i] * f[i]
	}
	return s
}

func phaseRange(ph Phase) (lo, hi int) {
	switch ph {
	case Placing:
		return FPlaceClosedMill, FMoveClosedMill
	case Moving:
		return FMoveClosedMill, FFlyTwo
	}
	return FFlyTwo, NumCoefficients
}

// AllFeatures computes every feature for side, whatever its phase (for
// tests and analysis).
func (p *Position) AllFeatures(side int) Features {
	var f Features
	for ph := Placing; ph <= Flying; ph++ {
		p.features(side, ph, &f)
	}
	return f
}

// features fills the entries of one phase.
func (p *Position) features(side int, ph Phase, f *Features) {
	opp := 1 - side
	g := p.rules.geo
	own, their := p.occ[side], p.occ[opp]
	empty := p.Empty()
	closed := 0
	switch int(p.lastMill) {
	case side:
		closed = 1
	case opp:
		closed = -1
	}
	switch ph {
	case Placing:
		two, three := configurations(g, own, empty)
		otwo, othree := configurations(g, their, empty)
		f[FPlaceClosedMill] = closed
		f[FPlaceMills] = countMills(g, own) - countMills(g, their)
		f[FPlaceBlocked] = blocked(g, their, empty) - blocked(g, own, empty)
		f[FPlacePieces] = p.Material(side) - p.Material(opp)
		f[FPlaceTwo] = two - otwo
		f[FPlaceThree] = three - othree
		f[FPlaceMobility] = mobility(g, own, empty) - mobility(g, their, empty)
	case Moving:
		f[FMoveClosedMill] = closed
		f[FMoveMills] = countMills(g, own) - countMills(g, their)
		f[FMoveBlocked] = blocked(g, their, empty) - blocked(g, own, empty)
		f[FMovePieces] = p.Material(side) - p.Material(opp)
		f[FMoveCanClose] = canClose(g, own, empty) - canClose(g, their, empty)
		f[FMoveRunning] = running(g, own, empty) - running(g, their, empty)
		f[FMoveMobility] = mobility(g, own, empty) - mobility(g, their, empty)
		f[FMoveWin] = p.won(side)
	case Flying:
		two, three := configurations(g, own, empty)
		otwo, othree := configurations(g, their, empty)
		f[FFlyTwo] = two - otwo
		f[FFlyThree] = three - othree
		f[FFlyClosedMill] = closed
		f[FFlyWin] = p.won(side)
	}
}

// won is +1 when side has won, -1 when it has lost, 0 otherwise: fewer than
// three pieces, or the side to move without a legal move.
func (p *Position) won(side int) int {
	opp := 1 - side
	switch {
	case p.Material(opp) < 3:
		return 1
	case p.Material(side) < 3:
		return -1
	case p.Empty() != 0 && !p.HasMove():
		if int(p.side) == side {
			return -1
		}
		return 1
	}
	return 0
}

func countMills(g *geometry, own Bits) int {
	n := 0
	for _, m := range g.mills {
		if own&m == m {
			n++
		}
	}
	return n
}

// configurations counts the 2-piece configurations (two own pieces and an
// empty third point on a line) and the 3-piece ones (two 2-piece
// configurations sharing a piece: a double threat).
func configurations(g *geometry, own, empty Bits) (two, three int) {
	var once, twice Bits // pieces in at least one, two configurations
	for _, m := range g.mills {
		if (own&m).Count() == 2 && empty&m != 0 {
			two++
			pair := own & m
			twice |= once & pair
			once |= pair
		}
	}
	// With diagonals a point lies on three lines; a piece in three
	// configurations makes three pairs, which is rarer than it is worth
	// counting apart: it counts as one double threat.
	return two, twice.Count()
}

// blocked counts pieces with no empty neighbour.
func blocked(g *geometry, own, empty Bits) int {
	n := 0
	for b := own; b != 0; b &= b - 1 {
		if g.adj[trailing(b)]&empty == 0 {
			n++
		}
	}
	return n
}

// mobility counts the slides a side has.
func mobility(g *geometry, own, empty Bits) int {
	n := 0
	for b := own; b != 0; b &= b - 1 {
		n += (g.adj[trailing(b)] & empty).Count()
	}
	return n
}

// canClose counts the pieces that can close a mill with one slide: a
// piece next to an empty point whose line through it holds two other own
// pieces.
func canClose(g *geometry, own, empty Bits) int {
	var movers Bits
	for e := empty; e != 0; e &= e - 1 {
		pt := trailing(e)
		for _, pair := range g.partners[pt] {
			if own&pair == pair {
				movers |= g.adj[pt] & own &^ pair
			}
		}
	}
	return movers.Count()
}

// running counts the pieces of own mills that, slid to a neighbouring
// empty point, close another mill there ("running" or double mills: the
// piece can shuttle between two mills).
func running(g *geometry, own, empty Bits) int {
	n := 0
	for _, m := range g.mills {
		if own&m != m {
			continue
		}
		for b := m; b != 0; b &= b - 1 {
			from := trailing(b)
			rest := own &^ (1 << uint(from))
			for t := g.adj[from] & empty; t != 0; t &= t - 1 {
				if g.closes(trailing(t), rest|1<<uint(trailing(t))) {
					n++
					break
				}
			}
		}
	}
	return n
}
