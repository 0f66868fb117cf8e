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
	return p.evaluate(side, c, true)
}

// EvaluateLive is Evaluate for a position known not to be over (a search
// leaf the rules have been checked on): the win term is 0 there, and
// skipping its check saves a pass over the pieces at every leaf.
func (p *Position) EvaluateLive(side int, c *Coefficients) int {
	return p.evaluate(side, c, false)
}

func (p *Position) evaluate(side int, c *Coefficients, checkWin bool) int {
	var f Features
	ph := p.PhaseOf(side)
	p.features(side, ph, &f, checkWin)
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
		p.features(side, ph, &f, true)
	}
	return f
}

// features fills the entries of one phase. One pass over the mills
// classifies every line for both sides at once (mills, 2-piece
// configurations and the pieces that can close them), one pass over each
// side's pieces counts blocked pieces and slides: the evaluation runs at
// every leaf of the search.
func (p *Position) features(side int, ph Phase, f *Features, checkWin bool) {
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
	var l lineCounts
	l.classify(g, own, their, p.vocc[side], p.vocc[opp], ph == Moving)
	switch ph {
	case Placing:
		ob, om, tb, tm := bothSlides(g, own, their, p.vocc[side], p.vocc[opp], empty)
		f[FPlaceClosedMill] = closed
		f[FPlaceMills] = l.mills[0] - l.mills[1]
		f[FPlaceBlocked] = tb - ob
		f[FPlacePieces] = p.Material(side) - p.Material(opp)
		f[FPlaceTwo] = l.two[0] - l.two[1]
		f[FPlaceThree] = l.twice[0].Count() - l.twice[1].Count()
		f[FPlaceMobility] = om - tm
	case Moving:
		ob, om, tb, tm := bothSlides(g, own, their, p.vocc[side], p.vocc[opp], empty)
		f[FMoveClosedMill] = closed
		f[FMoveMills] = l.mills[0] - l.mills[1]
		f[FMoveBlocked] = tb - ob
		f[FMovePieces] = p.Material(side) - p.Material(opp)
		f[FMoveCanClose] = l.movers[0].Count() - l.movers[1].Count()
		f[FMoveRunning] = p.running(side, l.millPieces[0]) - p.running(opp, l.millPieces[1])
		f[FMoveMobility] = om - tm
		if checkWin {
			f[FMoveWin] = p.won(side)
		}
	case Flying:
		f[FFlyTwo] = l.two[0] - l.two[1]
		f[FFlyThree] = l.twice[0].Count() - l.twice[1].Count()
		f[FFlyClosedMill] = closed
		if checkWin {
			f[FFlyWin] = p.won(side)
		}
	}
}

// lineCounts classifies the lines for two sides (index 0 and 1).
type lineCounts struct {
	mills      [2]int
	two        [2]int  // 2-piece configurations: two pieces, third point empty
	once       [2]Bits // pieces in at least one configuration
	twice      [2]Bits // pieces in two: the 3-piece configurations
	movers     [2]Bits // pieces that can slide into a configuration's empty point
	millPieces [2]Bits // pieces standing in mills
}

func (l *lineCounts) classify(g *geometry, a, b, va, vb Bits, withMovers bool) {
	if g == standard {
		l.classifyStandard(a, b, va, vb, withMovers)
		return
	}
	l.classifyLoop(g, a, b, withMovers)
}

// classifyLoop looks at every line in turn (any board).
func (l *lineCounts) classifyLoop(g *geometry, a, b Bits, withMovers bool) {
	sides := [2]Bits{a, b}
	for _, m := range g.mills {
		for s := range 2 {
			w, o := sides[s]&m, sides[1-s]&m
			switch {
			case w == m:
				l.mills[s]++
				l.millPieces[s] |= m
			case o == 0 && w&(w-1) != 0: // two of three, the third empty
				l.two[s]++
				l.twice[s] |= l.once[s] & w
				l.once[s] |= w
				if withMovers {
					l.movers[s] |= g.adj[trailing(m&^w)] & sides[s] &^ w
				}
			}
		}
	}
}

// bothSlides is slides for two sides, word-parallel on the standard board
// (va and vb: the sides in the vertical order).
func bothSlides(g *geometry, a, b, va, vb, empty Bits) (aBlocked, aMoves, bBlocked, bMoves int) {
	if g == standard {
		return slidesStandard(a, b, va, vb, empty)
	}
	aBlocked, aMoves = slides(g, a, empty)
	bBlocked, bMoves = slides(g, b, empty)
	return aBlocked, aMoves, bBlocked, bMoves
}

// slides counts a side's blocked pieces (no empty neighbour) and slides.
func slides(g *geometry, own, empty Bits) (blocked, moves int) {
	for b := own; b != 0; b &= b - 1 {
		n := (g.adj[trailing(b)] & empty).Count()
		moves += n
		if n == 0 {
			blocked++
		}
	}
	return blocked, moves
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

// running counts the pieces of own mills (inMill) that, slid to a
// neighbouring empty point, close another mill there ("running" or double
// mills: the piece can shuttle between two mills).
func (p *Position) running(side int, inMill Bits) int {
	g, own, empty := p.rules.geo, p.occ[side], p.Empty()
	if g == standard {
		return runningStandard(own, p.vocc[side], empty, p.vempty(), inMill)
	}
	return runningLoop(g, own, empty, inMill)
}

// runningLoop is running on any board, piece by piece.
func runningLoop(g *geometry, own, empty, inMill Bits) int {
	n := 0
	for b := inMill; b != 0; b &= b - 1 {
		from := trailing(b)
		rest := own &^ (1 << uint(from))
		for t := g.adj[from] & empty; t != 0; t &= t - 1 {
			if g.closes(trailing(t), rest|1<<uint(trailing(t))) {
				n++
				break
			}
		}
	}
	return n
}
