package morpion

// RandomPlayout plays uniformly random legal moves until none is left and
// returns the number of moves it played.
func (b *Board) RandomPlayout(r *Rand) int {
	n := 0
	for b.nmoves > 0 {
		b.Play(b.moves[r.Intn(b.nmoves)])
		n++
	}
	return n
}
