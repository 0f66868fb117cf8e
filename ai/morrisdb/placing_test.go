package morrisdb_test

// The placement phase's search checked against plain minimax, in a
// package of its own so that it draws its positions from morrisdbtest (the
// generator the engines' tests use; morrisdb's own tests cannot import
// it).

import (
	"strconv"
	"strings"
	"testing"

	"gameai/ai/morrisdb"
	"gameai/ai/morrisdb/morrisdbtest"
	"gameai/games/morris"
	"gameai/internal/xrand"
)

// openDB is the test database up to 4-4.
func openDB(t *testing.T) *morrisdb.DB {
	t.Helper()
	return morrisdbtest.Open(t)
}

// dbOutcome is the database's outcome of p (both hands empty) for side,
// a win the N-move rule ends first a draw.
func dbOutcome(t *testing.T, db *morrisdb.DB, p *morris.Position, side int) int {
	t.Helper()
	mover := p.SideToMove()
	v, ok := db.Lookup(p.Pieces(mover), p.Pieces(1-mover))
	if !ok {
		t.Fatalf("%s: not built", p)
	}
	o := v.Outcome()
	if morrisdb.TooLate(v, p) {
		o = morrisdb.Drawn
	}
	if side != mover {
		o = -o
	}
	return o
}

// naive is the placement phase's value by plain minimax, the database at
// the leaves: what Opening must find with its table and cut-offs.
func naive(t *testing.T, db *morrisdb.DB, p *morris.Position) int {
	us := p.SideToMove()
	switch {
	case p.Material(us) < 3:
		return morrisdb.Lost
	case p.Material(1-us) < 3:
		return morrisdb.Won
	}
	if p.InHand(morris.White) == 0 && p.InHand(morris.Black) == 0 {
		v, ok := db.Lookup(p.Pieces(us), p.Pieces(1-us))
		if !ok {
			t.Fatalf("%s: not built", p)
		}
		return v.Outcome()
	}
	best := morrisdb.Lost
	for _, m := range p.GenMoves(nil) {
		p.Make(m)
		best = max(best, -naive(t, db, p))
		p.Unmake(m)
	}
	return best
}

// Positions of the placement phase that end in spaces up to 4-4 (3 or 4
// pieces a side: wins, draws and losses): the
// search with its table and cut-offs finds what plain minimax finds, one
// table serving them all, and every outcome is met; so does a search in
// the window (draw, win) with threats first.
func TestOpeningIsMinimax(t *testing.T) {
	db := openDB(t)
	o := morrisdb.NewOpening(db, 16)
	threats := morrisdb.NewOpening(db, 16)
	threats.Threats = true
	r := xrand.New(4)
	seen := map[int]int{}
	for n := 0; n < 60; {
		p := morrisdbtest.Placing(t, r)
		wh, bh := p.InHand(morris.White), p.InHand(morris.Black)
		// The board with a piece fewer in each hand first, where there
		// is one: the table must tell the two apart.
		for _, less := range []int{1, 0} {
			if less == 1 && (min(wh, bh) == 0 || wh+bh == 2) {
				continue
			}
			f := strings.Fields(p.String())
			f[2], f[3] = strconv.Itoa(wh-less), strconv.Itoa(bh-less)
			q, err := morris.ParsePosition(morris.StandardRules, strings.Join(f, " "))
			if err != nil {
				t.Fatal(err)
			}
			want := naive(t, db, q.Clone())
			got, err := o.Solve(t.Context(), q)
			if err != nil || got != want {
				t.Fatalf("%s: %d (%v), minimax %d", q, got, err, want)
			}
			// The refuter's question, in its order: does the side to
			// move win? (at least morrisdb.Won if so, at most morrisdb.Drawn if not)
			// Its table warmed now and then while in use: the entries
			// Warm zeroes are proved again.
			if n%10 == 0 {
				threats.Warm()
			}
			w, err := threats.SolveWithin(t.Context(), q, morrisdb.Drawn, morrisdb.Won)
			if err != nil || (w >= morrisdb.Won) != (want == morrisdb.Won) {
				t.Fatalf("%s: %d (%v) in the window (draw, win), minimax %d", q, w, err, want)
			}
			seen[want]++
		}
		n++
	}
	if len(seen) != 3 {
		t.Errorf("outcomes met: %v", seen)
	}
	if o.Nodes == 0 || o.Leaves == 0 {
		t.Errorf("%d nodes, %d leaves", o.Nodes, o.Leaves)
	}
}

// Games played at random from placement positions whose game stays in the
// test database's spaces: every move that lowers its mover's outcome (by
// plain minimax while placing, the database after) is a mistake, and no
// other move is.
func TestMistakesAreTheMovesThatLowerTheOutcome(t *testing.T) {
	db := openDB(t)
	o := morrisdb.NewOpening(db, 16)
	r := xrand.New(8)
	outcome := func(p *morris.Position, side int) int {
		if out := p.Outcome(); out.Over {
			switch out.Winner {
			case side:
				return morrisdb.Won
			case -1:
				return morrisdb.Drawn
			}
			return morrisdb.Lost
		}
		if p.InHand(morris.White) == 0 && p.InHand(morris.Black) == 0 {
			return dbOutcome(t, db, p, side)
		}
		v := naive(t, db, p.Clone())
		if side != p.SideToMove() {
			v = -v
		}
		return v
	}
	found := 0
	for range 40 {
		start := morrisdbtest.Placing(t, r)
		p := start.Clone()
		var moves []morris.Move
		var want []morrisdb.Mistake
		for len(moves) < 30 && !p.Outcome().Over {
			ms := p.GenMoves(nil)
			m := ms[r.Uint64()%uint64(len(ms))]
			us := p.SideToMove()
			before := outcome(p, us)
			p.Make(m)
			moves = append(moves, m)
			if after := outcome(p, us); after < before {
				want = append(want, morrisdb.Mistake{Ply: len(moves), Side: us, Move: m, Before: before, After: after})
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
