package morpion

// Modifier makes the DNA search's candidates without building a DNA: the
// exhibition of a grid (its k-th of n moves preferred at n+1-k) with some of
// its lines black-listed (-1) and a fresh random number in [0, 1) for every
// other line. A random entry is drawn the first time interpretation reads
// it, which gives the same distribution as drawing all 6,400 up front, for
// the few hundred lines a game ever looks at.
//
// The fresh draw is what makes the search work: a DNA whose random part is
// kept from one candidate to the next fills every hole the same way, and
// hill climbing on it stalls near 100 moves in 5T.
type Modifier struct {
	pref  [NLines]float64
	stamp [NLines]uint32
	gen   uint32
	r     *Rand
}

// NewModifier returns a modifier that draws from r.
func NewModifier(r *Rand) *Modifier { return &Modifier{r: r} }

// Modify plays on b, which must hold the start position, the DNA search's
// candidate: the exhibition of moves with the moves at the positions in
// drop black-listed, interpreted until no move is legal. With no moves it
// interprets a random DNA.
func (m *Modifier) Modify(b *Board, moves []Played, drop []int) {
	m.gen++
	if m.gen == 0 { // wrapped: stale stamps could look current
		m.stamp = [NLines]uint32{}
		m.gen = 1
	}
	n := len(moves)
	for k, mv := range moves {
		m.set(mv.Line, float64(n+1-k))
	}
	for _, k := range drop {
		m.set(moves[k].Line, -1)
	}
	for {
		l, ok := m.choose(b)
		if !ok {
			return
		}
		b.Play(l)
	}
}

func (m *Modifier) set(l Line, p float64) {
	if l.Index() == NoIndex {
		p = unindexed // the DNA cannot express it: as in DNA.pref
	}
	m.pref[l], m.stamp[l] = p, m.gen
}

// choose is DNA.Choose with lazily drawn entries: the legal line of
// highest preference, ties to the higher line index.
func (m *Modifier) choose(b *Board) (best Line, ok bool) {
	bestP := 0.0
	for _, l := range b.Legal() {
		if m.stamp[l] != m.gen {
			p := m.r.Float64()
			if l.Index() == NoIndex {
				p = unindexed
			}
			m.pref[l], m.stamp[l] = p, m.gen
		}
		p := m.pref[l]
		if !ok || p > bestP || (p == bestP && l.order() > best.order()) {
			best, bestP, ok = l, p, true
		}
	}
	return best, ok
}
