package morpion

import "fmt"

// DNA is a preference for every line index: interpreted, it plays from the
// start the legal move whose line has the highest preference (ties: the
// higher index) until no move is left.
type DNA [FrameLines]float64

// unindexed is the preference of a line outside the DNA's window: below
// every preference a DNA may hold, so such a line is played only when no
// other is legal.
const unindexed = -2

// AscendingDNA gives line i the preference i.
func AscendingDNA() *DNA {
	var d DNA
	for i := range d {
		d[i] = float64(i)
	}
	return &d
}

// RandomDNA draws every preference uniformly in [0, 1).
func RandomDNA(r *Rand) *DNA {
	var d DNA
	for i := range d {
		d[i] = r.Float64()
	}
	return &d
}

// pref is the preference of l and a tie-break key.
func (d *DNA) pref(l Line) (float64, int) {
	if i := l.Index(); i != NoIndex {
		return d[i], i
	}
	return unindexed, l.order()
}

// Choose returns the legal move the DNA prefers; ok is false when none is
// legal.
func (d *DNA) Choose(b *Board) (best Line, ok bool) {
	bestP, bestI := 0.0, 0
	for _, l := range b.Legal() {
		p, i := d.pref(l)
		if !ok || p > bestP || (p == bestP && i > bestI) {
			best, bestP, bestI, ok = l, p, i, true
		}
	}
	return best, ok
}

// Continue plays the DNA's moves on b until no move is left.
func (d *DNA) Continue(b *Board) {
	for {
		l, ok := d.Choose(b)
		if !ok {
			return
		}
		b.Play(l)
	}
}

// Interpret plays the DNA from the start position of v.
func (d *DNA) Interpret(v Variant) *Grid {
	b := NewBoard(v)
	d.Continue(b)
	return GridOf(b)
}

// Exhibit returns a DNA that interprets back to the grid: its k-th of n
// moves gets the preference n+1-k and every other line a random number in
// [0, 1), which completes the grid at random if it is not finished.
func Exhibit(g *Grid, r *Rand) (*DNA, error) {
	d := RandomDNA(r)
	n := len(g.Moves)
	for k, m := range g.Moves {
		i := m.Line.Index()
		if i == NoIndex {
			return nil, fmt.Errorf("move %d %v lies outside the DNA's window", k+1, m.Line)
		}
		d[i] = float64(n + 1 - k)
	}
	return d, nil
}

// Blacklist sets the preference of k distinct lines drawn at random from
// the grid to -1, so that they are played only when nothing else is legal.
func (d *DNA) Blacklist(g *Grid, k int, r *Rand) {
	n := len(g.Moves)
	k = min(k, n)
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	for j := range k {
		s := j + r.Intn(n-j)
		idx[j], idx[s] = idx[s], idx[j]
		if i := g.Moves[idx[j]].Line.Index(); i != NoIndex {
			d[i] = -1
		}
	}
}
