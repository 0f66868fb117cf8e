package morrisdb

import (
	"math/bits"
	"testing"

	"gameai/games/morris"
	"gameai/internal/xrand"
)

// Every index of a space is one placement and back, in order, with the
// right piece counts.
func TestIndexIsABijection(t *testing.T) {
	for _, s := range []Space{{3, 3}, {4, 3}, {3, 4}} {
		next := uint64(0)
		s.each(0, s.movers(), func(i uint64, m, o morris.Bits) {
			if i != next {
				t.Fatalf("%v: index %d after %d", s, i, next-1)
			}
			next++
			if m.Count() != s.W || o.Count() != s.B || m&o != 0 || (m|o)>>morris.NPoints != 0 {
				t.Fatalf("%v: %d is %x, %x", s, i, m, o)
			}
			if s.Index(m, o) != i {
				t.Fatalf("%v: %x, %x indexes as %d, not %d", s, m, o, s.Index(m, o), i)
			}
			if m2, o2 := s.Position(i); m2 != m || o2 != o {
				t.Fatalf("%v: Position(%d) = %x, %x, want %x, %x", s, i, m2, o2, m, o)
			}
		})
		// Index is one to one (each placement gives back its own index),
		// so as many placements as indexes.
		if next != s.Size() {
			t.Errorf("%v: %d indexes, size %d", s, next, s.Size())
		}
	}
	if got := (Space{9, 9}).Size(); got != 1307504*5005 {
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
