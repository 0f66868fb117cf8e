package morrisdb

import (
	"fmt"
	"math/bits"

	"gameai/games/morris"
)

// binom[n][k] is n choose k, for the 24 points and up to 9 pieces a side.
var binom = func() (t [morris.NPoints + 1][10]uint64) {
	for n := range t {
		t[n][0] = 1
		for k := 1; k < len(t[n]) && k <= n; k++ {
			t[n][k] = t[n-1][k-1]
			if k <= n-1 {
				t[n][k] += t[n-1][k]
			}
		}
	}
	return t
}()

// Space is the subspace of the positions in which the side to move has W
// pieces on the board and the other side B, both hands empty.
type Space struct{ W, B int }

func (s Space) String() string { return fmt.Sprintf("%d-%d", s.W, s.B) }

// valid reports whether both sides have 3 to 9 pieces.
func (s Space) valid() bool { return s.W >= 3 && s.W <= 9 && s.B >= 3 && s.B <= 9 }

// Placements is the number of placements: C(24, W)·C(24−W, B).
func (s Space) Placements() uint64 { return binom[morris.NPoints][s.W] * s.block() }

// Size is the number of the space's cells: a row for each class of the
// mover's sets (moverClasses), a cell in it for each set of the other
// side's B points among the free ones. A cell holds one class of
// placements under the board's symmetries, or is a hole (orbit).
func (s Space) Size() uint64 { return s.rows() * s.block() }

// block is the number of placements of the other side for one of the
// mover's: the cells of a row.
func (s Space) block() uint64 { return binom[morris.NPoints-s.W][s.B] }

// rows is the number of rows: the classes of the mover's sets.
func (s Space) rows() uint64 { return uint64(len(movers(s.W).reps)) }

// Index is the cell of the position's class: the row of the mover's
// class, the symmetry that takes the mover to the row's representative
// applied to both sides (and, where the representative has symmetries of
// its own, the least image of the other side's set under them), then the
// other side's set ranked among the sets of B of the free points (in
// colexicographic order).
func (s Space) Index(mover, other morris.Bits) uint64 {
	t := movers(s.W)
	r := rank(uint32(mover))
	of := t.of[r]
	row := of >> 4
	g := &morris.Symmetries[of&15]
	rep := t.reps[row]
	o := g.Apply(other)
	if st := t.stab[row]; st != 0 {
		o = leastUnder(o, st)
	}
	return uint64(row)*s.block() + rank(compress(uint32(o), rep))
}

// rank is a set's colexicographic rank among the sets of its size: the
// sum, over its points in order, of C(point, ordinal). It is most of a
// build's work (every predecessor of every decided position is ranked),
// so the sums come from tables, a byte of the set at a time.
func rank(set uint32) uint64 {
	lo := bits.OnesCount32(set & 0xff)
	mid := lo + bits.OnesCount32(set&0xff00)
	return rankTab[0][set&0xff][0] + rankTab[1][set>>8&0xff][lo] + rankTab[2][set>>16&0xff][mid]
}

// rankTab[j][b][n] is rank's sum over the points of byte b of a set's
// byte j, the first of them its (n+1)th point (the others' ordinals past
// the 9 a set has are never asked for).
var rankTab = func() (t [3][256][10]uint64) {
	for j := range t {
		for b := range t[j] {
			for n := range t[j][b] {
				i := n
				for q := range 8 {
					if b>>q&1 == 1 {
						if i++; i < 10 {
							t[j][b][n] += binom[8*j+q][i]
						}
					}
				}
			}
		}
	}
	return t
}()

// unrank is the set of k points of rank r (rank's inverse).
func unrank(r uint64, k int) uint32 {
	var set uint32
	for ; k > 0; k-- {
		p := k - 1
		for binom[p+1][k] <= r {
			p++
		}
		r -= binom[p][k]
		set |= 1 << p
	}
	return set
}

// compress renumbers the points of other over the points not in mover
// (other holds none of mover's), a byte at a time from a table.
func compress(other, mover uint32) uint32 {
	free := ^mover
	f0, f1 := free&0xff, free>>8&0xff
	s1 := bits.OnesCount32(f0)
	s2 := s1 + bits.OnesCount32(f1)
	return uint32(compressTab[f0][other&0xff]) | uint32(compressTab[f1][other>>8&0xff])<<s1 |
		uint32(compressTab[free>>16&0xff][other>>16&0xff])<<s2
}

// compressTab[f][o] is the bits of o at the points of f, gathered at the
// bottom in order.
var compressTab = func() (t [256][256]uint8) {
	for f := range t {
		for o := range t[f] {
			n := 0
			for q := range 8 {
				if f>>q&1 == 1 {
					t[f][o] |= uint8(o>>q&1) << n
					n++
				}
			}
		}
	}
	return t
}()

// expand is compress's inverse: free lists the points not in the mover's
// set, in order.
func expand(c uint32, free *[morris.NPoints]uint8) morris.Bits {
	var out morris.Bits
	for ; c != 0; c &= c - 1 {
		out |= 1 << free[bits.TrailingZeros32(c)]
	}
	return out
}

// freePoints lists the points not in mover, in order.
func freePoints(mover uint32, free *[morris.NPoints]uint8) {
	n := 0
	for p := range morris.NPoints {
		if mover>>p&1 == 0 {
			free[n] = uint8(p)
			n++
		}
	}
}

// nextComb is the next larger set of as many points (Gosper's hack):
// the sets of k points in increasing order are in rank order.
func nextComb(c uint32) uint32 {
	t := c | (c - 1)
	return (t + 1) | ((^t&-^t)-1)>>(bits.TrailingZeros32(c)+1)
}

// Position is the position of cell i: the row's representative mover
// and the other side's set of the cell (a hole's too).
func (s Space) Position(i uint64) (mover, other morris.Bits) {
	m := movers(s.W).reps[i/s.block()]
	var free [morris.NPoints]uint8
	freePoints(m, &free)
	return morris.Bits(m), expand(unrank(i%s.block(), s.B), &free)
}

// placementAt is the placement of rank i among the space's placements
// (the mover's set ranked, then the other's among the free points), for
// drawing placements uniformly.
func (s Space) placementAt(i uint64) (mover, other morris.Bits) {
	m := unrank(i/s.block(), s.W)
	var free [morris.NPoints]uint8
	freePoints(m, &free)
	return morris.Bits(m), expand(unrank(i%s.block(), s.B), &free)
}

// each calls fn with every cell of the rows [lo, hi) that is no hole, in
// index order, with the placements it stands for (its orbit).
func (s Space) each(lo, hi uint64, fn func(i uint64, mover, other morris.Bits, orbit uint64)) {
	t := movers(s.W)
	var free [morris.NPoints]uint8
	first := uint32(1)<<s.B - 1
	n := s.block()
	for r := lo; r < hi; r++ {
		m, st := t.reps[r], t.stab[r]
		freePoints(m, &free)
		i := r * n
		for c, j := first, uint64(0); j < n; c, j = nextComb(c), j+1 {
			o := expand(c, &free)
			k := uint64(len(morris.Symmetries))
			if st != 0 {
				if k = orbit(o, st); k == 0 {
					continue
				}
			}
			fn(i+j, morris.Bits(m), o, k)
		}
	}
}
