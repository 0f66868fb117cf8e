package morrisdb

import (
	"math/bits"
	"sync"

	"gameai/games/morris"
)

// moverClasses are the classes that the board's symmetries make of the
// sets of w points a mover can hold: the database stores a position under
// its mover's class representative, so a space's rows are these classes,
// not the C(24, w) sets.
type moverClasses struct {
	// reps are each class's least set, in increasing order: row k of a
	// space holds the positions whose mover is reps[k].
	reps []uint32
	// of, by a set's rank: its class shifted by 4, and a symmetry that
	// takes it to the class's representative, in one word (one cache miss
	// a lookup, not two: the index's largest cost).
	of []uint32
	// stab, by class: the symmetries other than the identity that leave
	// the representative as it is (bit i: morris.Symmetries[i]), zero for
	// most. Under them the other side's set has a representative of its
	// own; the other sets of the row are holes, never read.
	stab []uint16
}

var moverTabs [morris.NPoints + 1]struct {
	once sync.Once
	t    *moverClasses
}

// movers is the classes of the sets of w points, worked out once (a
// fraction of a second for 9: every set's 16 images).
func movers(w int) *moverClasses {
	e := &moverTabs[w]
	e.once.Do(func() { e.t = newMoverClasses(w) })
	return e.t
}

func newMoverClasses(w int) *moverClasses {
	n := binom[morris.NPoints][w]
	t := &moverClasses{of: make([]uint32, n)}
	// Sets of a size in increasing order are in rank order, and a class's
	// least set comes first: each class is met at its representative.
	m := uint32(1)<<w - 1
	for r := range n {
		least, by := uint32(m), 0
		for i := range morris.Symmetries {
			if img := uint32(morris.Symmetries[i].Apply(morris.Bits(m))); img < least {
				least, by = img, i
			}
		}
		if least == m {
			var stab uint16
			for i := 1; i < len(morris.Symmetries); i++ {
				if uint32(morris.Symmetries[i].Apply(morris.Bits(m))) == m {
					stab |= 1 << i
				}
			}
			t.of[r] = uint32(len(t.reps)) << 4
			t.reps = append(t.reps, m)
			t.stab = append(t.stab, stab)
		} else {
			t.of[r] = t.of[rank(least)] &^ 15
		}
		t.of[r] |= uint32(by)
		m = nextComb(m)
	}
	return t
}

// leastUnder is the least image of o under the symmetries of stab.
func leastUnder(o morris.Bits, stab uint16) morris.Bits {
	least := o
	for ; stab != 0; stab &= stab - 1 {
		if img := morris.Symmetries[bits.TrailingZeros16(stab)].Apply(o); img < least {
			least = img
		}
	}
	return least
}

// orbit is how many placements the position (a row's representative
// mover, whose symmetries are stab, and the other side's o) stands for:
// 16 divided by the symmetries that leave it as it is, or 0 when o is not
// the least of its images under stab (a hole: that placement is stored
// under another cell of the row).
func orbit(o morris.Bits, stab uint16) uint64 {
	fixed := uint64(1)
	for ; stab != 0; stab &= stab - 1 {
		switch img := morris.Symmetries[bits.TrailingZeros16(stab)].Apply(o); {
		case img < o:
			return 0
		case img == o:
			fixed++
		}
	}
	return uint64(len(morris.Symmetries)) / fixed
}
