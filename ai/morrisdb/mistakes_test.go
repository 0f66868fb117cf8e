package morrisdb

import (
	"strconv"
	"strings"
	"testing"

	"gameai/games/morris"
	"gameai/internal/xrand"
)

// Games played at random from placement positions whose game stays in the
// test database's spaces: every move that lowers its mover's outcome (by
// plain minimax while placing, the database after) is a mistake, and no
// other move is.
func TestMistakesAreTheMovesThatLowerTheOutcome(t *testing.T) {
	db := smallDB(t)
	o := NewOpening(db, 16)
	r := xrand.New(8)
	outcome := func(p *morris.Position, side int) int {
		if out := p.Outcome(); out.Over {
			switch out.Winner {
			case side:
				return Won
			case -1:
				return Drawn
			}
			return Lost
		}
		if p.InHand(morris.White) == 0 && p.InHand(morris.Black) == 0 {
			v, ok := db.value(p, side)
			if !ok {
				t.Fatalf("%s: not built", p)
			}
			return v.Outcome()
		}
		v := naive(t, db, p.Clone())
		if side != p.SideToMove() {
			v = -v
		}
		return v
	}
	found := 0
	for range 40 {
		start := smallPlacement(t, r)
		p := start.Clone()
		var moves []morris.Move
		var want []Mistake
		for len(moves) < 30 && !p.Outcome().Over {
			ms := p.GenMoves(nil)
			m := ms[r.Uint64()%uint64(len(ms))]
			us := p.SideToMove()
			before := outcome(p, us)
			p.Make(m)
			moves = append(moves, m)
			if after := outcome(p, us); after < before {
				want = append(want, Mistake{Ply: len(moves), Side: us, Move: m, Before: before, After: after})
			}
		}
		first, got, err := o.Mistakes(t.Context(), start, moves, 1)
		if err != nil {
			t.Fatal(err)
		}
		if w := outcome(start.Clone(), morris.White); first != w {
			t.Fatalf("%s: first %d, want %d", start, first, w)
		}
		if len(got) != len(want) {
			t.Fatalf("%s %v: mistakes %v, want %v", start, moves, got, want)
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("%s %v: mistake %v, want %v", start, moves, got[i], want[i])
			}
		}
		found += len(got)
	}
	if found == 0 {
		t.Error("no mistake in 40 random games")
	}
	if _, _, err := o.Mistakes(t.Context(), morris.NewPosition(morris.StandardRules), nil, 1); err == nil || !strings.Contains(err.Error(), "not built") {
		t.Errorf("the start, its spaces not built: %v", err)
	}
}

// smallPlacement is a random position of the placement phase whose game
// stays in the test database's spaces: 3 or 4 pieces a side in all, one
// to three on the board, one to three in the hands.
func smallPlacement(t *testing.T, r *xrand.Rand) *morris.Position {
	t.Helper()
	for {
		var white, black morris.Bits
		tw, tb := 3+int(r.Uint64()%2), 3+int(r.Uint64()%2)
		wb, bb := 1+int(r.Uint64()%3), 1+int(r.Uint64()%3)
		for white.Count() < wb {
			white |= 1 << (r.Uint64() % morris.NPoints)
		}
		for black.Count() < bb {
			black |= 1 << (r.Uint64() % morris.NPoints) &^ white
		}
		wh, bh := tw-wb, tb-bb
		side := int(r.Uint64() % 2)
		if side == morris.White && wh != bh || side == morris.Black && bh != wh+1 || wh+bh == 0 || wh+bh > 3 || wh < 0 || bh < 0 {
			continue
		}
		p, err := Placement(morris.StandardRules, white, black, side)
		if err != nil {
			t.Fatal(err)
		}
		f := strings.Fields(p.String())
		f[2], f[3] = strconv.Itoa(wh), strconv.Itoa(bh)
		q, err := morris.ParsePosition(morris.StandardRules, strings.Join(f, " "))
		if err != nil {
			t.Fatal(err)
		}
		if !q.Outcome().Over {
			return q
		}
	}
}
