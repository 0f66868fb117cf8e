package morrisai

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"gameai/ai/minimax"
	"gameai/ai/morrisdb"
	"gameai/games/morris"
	"gameai/internal/xrand"
)

// placing is a random position of the placement phase whose game stays in
// the test database's spaces: 3 or 4 pieces a side in all, one to three on
// the board, one to three in the hands.
func placing(t *testing.T, r *xrand.Rand) *morris.Position {
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
		// White places first: as many in each hand on White's turn, one
		// more in Black's on Black's.
		if side == morris.White && wh != bh || side == morris.Black && bh != wh+1 || wh+bh == 0 || wh+bh > 3 || wh < 0 || bh < 0 {
			continue
		}
		p := placed(t, morris.StandardRules, white, black, side)
		text := strings.Replace(p.String(), fmt.Sprintf(" %s 0 0 ", []string{"w", "b"}[side]),
			fmt.Sprintf(" %s %d %d ", []string{"w", "b"}[side], wh, bh), 1)
		q, err := morris.ParsePosition(morris.StandardRules, text)
		if err != nil {
			t.Fatal(err)
		}
		if !q.Outcome().Over {
			return q
		}
	}
}

// valued is the position's value and each move's (for the side to move),
// proved by a search of its own.
func valued(t *testing.T, o *morrisdb.Opening, p *morris.Position) (int, map[morris.Move]int) {
	t.Helper()
	v, err := o.Solve(t.Context(), p)
	if err != nil {
		t.Fatal(err)
	}
	moves := map[morris.Move]int{}
	q := p.Clone()
	for _, m := range q.GenMoves(nil) {
		q.Make(m)
		w, err := o.Solve(t.Context(), q)
		if err != nil {
			t.Fatal(err)
		}
		moves[m] = -w
		q.Unmake(m)
	}
	return v, moves
}

// The guard leaves out exactly the placements that lose the position's
// value; a search that sees only the evaluation (depth 1) then plays one
// that keeps it, where without the guard it gives some away.
func TestTheGuardLeavesOutThePlacementsThatLose(t *testing.T) {
	db := withDB(t)
	proof := morrisdb.NewOpening(db, 16)
	r := xrand.New(5)
	s := NewSearcher()
	coef, _, err := StrategyOption(nil)
	if err != nil {
		t.Fatal(err)
	}
	var guarded, lostWithout int
	for range 150 {
		p := placing(t, r)
		v, moves := valued(t, proof, p)
		g := guard(t.Context(), db, p, time.Now().Add(time.Minute))
		if v == morrisdb.Lost {
			if g != nil {
				t.Fatalf("%s is lost: the guard has nothing to keep, yet says %v", p, g.worse)
			}
			continue
		}
		if g == nil {
			t.Fatalf("%s (%d): no guard", p, v)
		}
		q := p.Clone()
		for m, w := range moves {
			q.Make(m)
			if g.worse[q.Hash()] != (w < v) {
				t.Fatalf("%s: %v is worth %d of %d, the guard says worse: %v", p, m, w, v, g.worse[q.Hash()])
			}
			q.Unmake(m)
		}
		if len(g.worse) > 0 {
			guarded++
		}
		pick := func(withGuard bool) morris.Move {
			pos := NewPos(p.Clone(), &coef)
			if withGuard {
				pos.Guard = g
			}
			res := s.Search(t.Context(), pos, minimax.Limits{Depth: 1})
			return res.Move
		}
		if m := pick(true); moves[m] != v {
			t.Fatalf("%s (%d): the guarded search played %v, worth %d", p, v, m, moves[m])
		}
		if m := pick(false); moves[m] != v {
			lostWithout++
		}
	}
	if guarded == 0 || lostWithout == 0 {
		t.Errorf("positions with a move left out %d, where the evaluation alone gave the value away %d", guarded, lostWithout)
	}
	t.Logf("%d positions with a placement left out; the evaluation alone gave the value away in %d", guarded, lostWithout)
}

// A guard out of time, one that a space missing stops, and one asked
// before the 7th placement say nothing.
func TestTheGuardSaysNothingItCannotProve(t *testing.T) {
	db := withDB(t)
	p := placing(t, xrand.New(6))
	if g := guard(t.Context(), db, p, time.Now().Add(-time.Second)); g != nil {
		t.Errorf("past its deadline: %v", g.worse)
	}
	q := morris.NewPosition(morris.StandardRules)
	for i, text := range []string{"d6", "d2", "b4", "f4", "a7", "g1", "g7"} {
		if i == 6 {
			if g := guard(t.Context(), db, q, time.Now().Add(time.Minute)); g != nil {
				t.Errorf("the 7th placement, its spaces (5-5 on) not built: %v", g.worse)
			}
		} else {
			// Too early: not a node searched (a search would have met a
			// missing space only after some).
			nodes := func() uint64 {
				if guardOpening.o == nil {
					return 0
				}
				return guardOpening.o.Nodes
			}
			before := nodes()
			if g := guard(t.Context(), db, q, time.Now().Add(time.Minute)); g != nil || nodes() != before {
				t.Errorf("placement %d, before the guard starts: %v, %d nodes", i+1, g, nodes()-before)
			}
		}
		m, err := morris.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		q.Make(m)
	}
	if g := guard(t.Context(), nil, p, time.Now().Add(time.Minute)); g != nil {
		t.Errorf("no database: %v", g.worse)
	}
}
