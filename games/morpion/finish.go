package morpion

// Finish completes g on the whole plane: a grid found inside a region
// (NewBoardIn) may leave moves outside it. It plays tries random
// completions from g's end and returns g followed by the longest, or g
// itself when nothing is legal after it.
func (g *Grid) Finish(r *Rand, tries int) *Grid {
	b := g.Board()
	if b.NumLegal() == 0 {
		return g
	}
	start := *b
	best := g
	for range max(tries, 1) {
		b.Reset(&start)
		b.RandomPlayout(r)
		if b.Score() > best.Score() {
			best = GridOf(b)
		}
	}
	return best
}
