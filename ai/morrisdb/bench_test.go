package morrisdb

import (
	"testing"

	"gameai/games/morris"
	"gameai/internal/xrand"
)

// BenchmarkLookup is a probe's cost: a random placement of 4-4 (the file
// in the page cache), indexed and read.
func BenchmarkLookup(b *testing.B) {
	db := smallDBB(b)
	pos := placements(Space{4, 4})
	b.ResetTimer()
	var sink Value
	for i := range b.N {
		p := pos[i&(len(pos)-1)]
		v, _ := db.Lookup(p[0], p[1])
		sink += v
	}
	_ = sink
}

// BenchmarkIndex is the index alone: the mover's class and the
// symmetry to its representative, the ranking.
func BenchmarkIndex(b *testing.B) {
	s := Space{7, 7}
	pos := placements(s)
	b.ResetTimer()
	var sink uint64
	for i := range b.N {
		p := pos[i&(len(pos)-1)]
		sink += s.Index(p[0], p[1])
	}
	_ = sink
}

func smallDBB(b *testing.B) *DB {
	b.Helper()
	if err := Build(b.Context(), built.dir, Space{4, 4}, nil); err != nil {
		b.Fatal(err)
	}
	db, err := Open(built.dir)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	return db
}

// placements are 4096 random placements of s, the benchmarks' inputs.
func placements(s Space) [][2]morris.Bits {
	r := xrand.New(1)
	pos := make([][2]morris.Bits, 1<<12)
	for i := range pos {
		m, o := s.placementAt(r.Uint64() % s.Placements())
		pos[i] = [2]morris.Bits{m, o}
	}
	return pos
}

// BenchmarkPropagate is one level of the retrograde pass over 4-4 (51 M
// placements), a quarter of them decided at other distances and one in a
// thousand at this one: the scan for those, which every level pays over
// the whole pair (a hundred and fifty levels in 6-4), and their
// predecessors.
func BenchmarkPropagate(b *testing.B) {
	s := Space{4, 4}
	r := xrand.New(3)
	t := &table{space: s, val: newValues(s.Size()), left: make([]uint16, s.Size())}
	for i := range t.val.cells {
		if r.Uint64()%4 == 0 {
			t.val.cells[i] = uint8(Win(1 + int(r.Uint64()%20)))
		}
	}
	for range s.Size() / 1000 {
		t.val.set(r.Uint64()%s.Size(), []Value{Win(30), Loss(30)}[r.Uint64()&1])
	}
	p := &table{space: s, val: newValues(s.Size()), left: make([]uint16, s.Size())}
	b.SetBytes(int64(s.Size()))
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		clear(p.val.cells)
		for i := range p.left {
			p.left[i] = 0xffff
		}
		b.StartTimer()
		propagate(t, p, 30, nil)
	}
}

// BenchmarkOrderOpening is the proofs' move ordering (with threats) at
// placement-phase positions 6 to 15 plies in, played at random: it runs at
// every node a proof searches.
func BenchmarkOrderOpening(b *testing.B) {
	r := xrand.New(5)
	var pos []*morris.Position
	for len(pos) < 256 {
		p := morris.NewPosition(morris.StandardRules)
		for range 6 + int(r.Uint64()%10) {
			moves := p.GenMoves(nil)
			p.Make(moves[r.Uint64()%uint64(len(moves))])
		}
		if p.InHand(morris.White)+p.InHand(morris.Black) > 0 && !p.Outcome().Over {
			pos = append(pos, p)
		}
	}
	moves := make([][]morris.Move, len(pos))
	for i, p := range pos {
		moves[i] = p.GenMoves(nil)
	}
	buf := make([]morris.Move, 0, 64)
	b.ResetTimer()
	for i := range b.N {
		j := i & (len(pos) - 1)
		orderOpening(pos[j], append(buf[:0], moves[j]...), true)
	}
}
