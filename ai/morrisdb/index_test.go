package morrisdb

import (
	"math/bits"
	"testing"

	"gameai/games/morris"
	"gameai/internal/xrand"
)

// eachPlacement calls fn with every placement of s.
func eachPlacement(s Space, fn func(m, o morris.Bits)) {
	var free [morris.NPoints]uint8
	for m := uint32(1)<<s.W - 1; m < 1<<morris.NPoints; m = nextComb(m) {
		freePoints(m, &free)
		for c := uint32(1)<<s.B - 1; c < 1<<(morris.NPoints-s.W); c = nextComb(c) {
			fn(morris.Bits(m), expand(c, &free))
		}
	}
}

// Every placement has a cell, whose position is in its class; every cell
// that is no hole is the cell of as many placements as its orbit says, and
// of its own position; a hole is nobody's. The cells that are no holes are
// the classes that Burnside's lemma counts.
func TestIndexGivesEachClassOneCell(t *testing.T) {
	for _, s := range []Space{{3, 3}, {4, 3}, {3, 4}} {
		hits := make([]uint32, s.Size())
		n := uint64(0)
		eachPlacement(s, func(m, o morris.Bits) {
			n++
			i := s.Index(m, o)
			if i >= s.Size() {
				t.Fatalf("%v: %x, %x indexes as %d of %d", s, m, o, i, s.Size())
			}
			hits[i]++
			if hits[i] == 1 {
				cm, co, _ := morris.Canonical(m, o)
				pm, po := s.Position(i)
				if rm, ro, _ := morris.Canonical(pm, po); rm != cm || ro != co {
					t.Fatalf("%v: %x, %x indexes as %d, whose position %x, %x is of another class", s, m, o, i, pm, po)
				}
			}
		})
		if n != s.Placements() {
			t.Fatalf("%v: %d placements, want %d", s, n, s.Placements())
		}
		cells := uint64(0)
		s.each(0, s.rows(), func(i uint64, m, o morris.Bits, orbit uint64) {
			cells++
			if uint64(hits[i]) != orbit || s.Index(m, o) != i {
				t.Fatalf("%v: cell %d (orbit %d) has %d placements; its position indexes as %d", s, i, orbit, hits[i], s.Index(m, o))
			}
			hits[i] = 0
		})
		for i, h := range hits {
			if h != 0 {
				t.Fatalf("%v: %d placements index as %d, a hole", s, h, i)
			}
		}
		if cells != s.Classes() {
			t.Errorf("%v: %d cells hold a class, Burnside counts %d classes", s, cells, s.Classes())
		}
	}
	if got := (Space{9, 9}).Placements(); got != 1307504*5005 {
		t.Errorf("9-9 has %d placements", got)
	}
}

func TestRankOrdersSetsOfASize(t *testing.T) {
	for k := 1; k <= 9; k++ {
		c, r := uint32(1)<<k-1, uint64(0)
		for c < 1<<morris.NPoints {
			if rank(c) != r || unrank(r, k) != c || bits.OnesCount32(c) != k {
				t.Fatalf("k %d: set %x has rank %d, want %d", k, c, rank(c), r)
			}
			c, r = nextComb(c), r+1
		}
		if r != binom[morris.NPoints][k] {
			t.Errorf("k %d: %d sets", k, r)
		}
	}
}

// compress is the renumbering by its definition (a point of other moves
// down by the mover's points below it), for random disjoint sets of every
// size up to 9 against 9.
func TestCompressRenumbersOverTheFreePoints(t *testing.T) {
	r := xrand.New(5)
	for range 200000 {
		var m, o uint32
		for bits.OnesCount32(m) < int(r.Uint64()%10) {
			m |= 1 << (r.Uint64() % morris.NPoints)
		}
		for bits.OnesCount32(o) < int(r.Uint64()%10) {
			o |= 1 << (r.Uint64() % morris.NPoints) &^ m
		}
		var want uint32
		for p := range morris.NPoints {
			if o>>p&1 == 1 {
				want |= 1 << (p - bits.OnesCount32(m&(1<<p-1)))
			}
		}
		if got := compress(o, m); got != want {
			t.Fatalf("compress(%x, %x) = %x, want %x", o, m, got, want)
		}
	}
}
