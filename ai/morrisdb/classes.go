package morrisdb

import "gameai/games/morris"

// Classes is the number of classes the board's symmetries
// (morris.Symmetries) make of the space's placements: the positions a
// database needs to store once each. By Burnside's lemma it is the mean,
// over the symmetries, of the placements each leaves as they are; a
// placement is left as it is when each cycle of the permutation is wholly
// the mover's, wholly the other side's or wholly empty.
func (s Space) Classes() uint64 {
	var sum uint64
	for i := range morris.Symmetries {
		sum += fixedPlacements(cycles(&morris.Symmetries[i]), s.W, s.B)
	}
	return sum / uint64(len(morris.Symmetries))
}

// cycles lists the lengths of a permutation's cycles.
func cycles(sym *morris.Symmetry) []int {
	var seen morris.Bits
	var out []int
	for p := range morris.NPoints {
		n := 0
		for q := p; !seen.Has(q); q = int(sym.To[q]) {
			seen |= 1 << uint(q)
			n++
		}
		if n > 0 {
			out = append(out, n)
		}
	}
	return out
}

// fixedPlacements counts the ways to give each cycle to the mover, the
// other side or neither, with w points the mover's and b the other's.
func fixedPlacements(cycleLens []int, w, b int) uint64 {
	// ways[i][j]: the cycles so far give i points to the mover, j to the
	// other side.
	ways := make([][]uint64, w+1)
	for i := range ways {
		ways[i] = make([]uint64, b+1)
	}
	ways[0][0] = 1
	for _, n := range cycleLens {
		for i := w; i >= 0; i-- {
			for j := b; j >= 0; j-- {
				if i >= n {
					ways[i][j] += ways[i-n][j]
				}
				if j >= n {
					ways[i][j] += ways[i][j-n]
				}
			}
		}
	}
	return ways[w][b]
}
