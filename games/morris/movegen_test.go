package morris

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// loopMoves is GenMoves through the per-point loops that serve every
// board, never the word-parallel standard ones.
func loopMoves(p *Position) []Move {
	us, them := p.side, 1-p.side
	if p.Material(int(us)) < 3 || p.Material(int(them)) < 3 {
		return nil
	}
	var buf []Move
	own, empty := p.occ[us], p.Empty()
	if p.hand[us] > 0 {
		buf = p.placeLoop(buf, own, empty)
		if !p.rules.Mixed {
			return buf
		}
	}
	return p.slideLoop(buf, own, empty, p.CanFly(int(us)))
}

// The word-parallel generation of the standard board gives the same moves
// as the loops, its mill pieces the same set as the list of mills and its
// running pieces the same count as the loop over them, on random games
// from every standard-board perft position (placing, moving, flying,
// Lasker's mixed turns, double mills, no flying).
func TestStandardMovesEqualTheLoop(t *testing.T) {
	rnd := rand.New(rand.NewPCG(5, 9))
	positions, mills, runs := 0, 0, 0
	for _, c := range perftCases {
		if c.position(t).rules.geo != standard {
			continue
		}
		for range 30 {
			p := c.position(t)
			for !p.Outcome().Over {
				got, want := p.GenMoves(nil), loopMoves(p)
				slices.Sort(got)
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Fatalf("%s %s: word-parallel %v, loop %v", c.name, p, got, want)
				}
				for s, side := range p.occ {
					var inMills Bits
					for _, m := range standard.mills {
						if side&m == m {
							inMills |= m
						}
					}
					if fast := millPiecesStandard(side); fast != inMills {
						t.Fatalf("%s %s: mill pieces %024b, want %024b", c.name, p, fast, inMills)
					}
					if inMills != 0 {
						mills++
					}
					fast, loop := p.running(s, inMills), runningLoop(standard, side, p.Empty(), inMills)
					if fast != loop {
						t.Fatalf("%s %s: side %d runs %d word-parallel, %d by the loop", c.name, p, s, fast, loop)
					}
					if loop > 0 {
						runs++
					}
				}
				positions++
				p.Make(got[rnd.IntN(len(got))])
			}
		}
	}
	if positions < 1000 || mills < 100 || runs < 50 {
		t.Errorf("only %d positions, %d with mills, %d with running pieces: the walk covers too little", positions, mills, runs)
	}
}
