package morrisai

import (
	"context"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"gameai/ai"
	"gameai/ai/morrisdb"
	"gameai/ai/morrisdb/morrisdbtest"
	"gameai/games/morris"
	"gameai/internal/xrand"
)

// withDB is the knowledge of the shared test database up to 4-4, its
// refuter's table small.
func withDB(t *testing.T) *Knowledge {
	return &Knowledge{db: morrisdbtest.Open(t), bits: 16}
}

// placed is a position with both hands empty: White's and Black's pieces,
// the side to move.
func placed(t *testing.T, r *morris.Rules, white, black morris.Bits, side int) *morris.Position {
	t.Helper()
	p, err := morrisdb.Placement(r, white, black, side)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// findPosition is a random placement of a space whose value pass accepts,
// with the mover White or Black at random.
func findPosition(t *testing.T, db *morrisdb.DB, s morrisdb.Space, r *xrand.Rand, pass func(morrisdb.Value) bool) (*morris.Position, morrisdb.Value) {
	t.Helper()
	for range 1_000_000 {
		m, o := s.Position(r.Uint64() % s.Size())
		v, _ := db.Lookup(m, o)
		if !pass(v) {
			continue
		}
		if r.Uint64()&1 == 0 {
			return placed(t, morris.StandardRules, m, o, morris.White), v
		}
		return placed(t, morris.StandardRules, o, m, morris.Black), v
	}
	t.Fatalf("%v: no such position", s)
	return nil, 0
}

// after is the database's value after m for the side then to move
// (Loss(0) when the capture ended the game).
func after(t *testing.T, db *morrisdb.DB, p *morris.Position, m morris.Move) morrisdb.Value {
	t.Helper()
	q := p.Clone()
	q.Make(m)
	us := q.SideToMove()
	if q.Pieces(us).Count() < 3 {
		return morrisdb.Loss(0)
	}
	v, ok := db.Lookup(q.Pieces(us), q.Pieces(1-us))
	if !ok {
		t.Fatalf("after %v in %s: not in the database", m, p)
	}
	return v
}

func search(t *testing.T, k *Knowledge, p *morris.Position, lim ai.Limits) ai.Result {
	t.Helper()
	res, err := NewAlphaBeta(k).Search(context.Background(), ai.Request{State: &morris.State{P: p}, Limits: lim})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// With the database, a won position is converted by the shortest way, a
// lost one resisted by the longest, and the answer says so; a drawn one
// never moves into a loss.
func TestTheEnginePlaysByTheDatabase(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the test database when missing")
	}
	k := withDB(t)
	db := k.DB()
	r := xrand.New(5)
	for _, c := range []struct {
		space morrisdb.Space
		want  func(morrisdb.Value) bool
	}{
		{morrisdb.Space{W: 3, B: 3}, func(v morrisdb.Value) bool { return v.IsWin() && v.Distance() >= 5 }},
		{morrisdb.Space{W: 3, B: 3}, func(v morrisdb.Value) bool { return v.IsLoss() && v.Distance() >= 4 }},
		{morrisdb.Space{W: 4, B: 3}, func(v morrisdb.Value) bool { return v.IsLoss() && v.Distance() >= 3 }},
		{morrisdb.Space{W: 3, B: 4}, func(v morrisdb.Value) bool { return v.IsWin() }},
		{morrisdb.Space{W: 4, B: 4}, func(v morrisdb.Value) bool { return v.IsWin() && v.Distance() >= 3 }},
	} {
		for range 3 {
			p, v := findPosition(t, db, c.space, r, c.want)
			start := time.Now()
			res := search(t, k, p, ai.Limits{Time: 5 * time.Second})
			if res.DB != v.String() {
				t.Errorf("%s: the answer says %q, the database %v", p, res.DB, v)
			}
			if took := time.Since(start); took > time.Second {
				t.Errorf("%s (%v): %v for a move the database decides", p, v, took)
			}
			got := after(t, db, p, res.Move.(morris.Move))
			switch {
			case v.IsWin() && (!got.IsLoss() || (got.Distance()+1 != v.Distance() && !res.Move.(morris.Move).Removes())):
				t.Errorf("%s (%v): %v leaves the opponent %v", p, v, res.Move, got)
			case v.IsLoss() && got.Distance()+1 != v.Distance() && !res.Move.(morris.Move).Removes():
				t.Errorf("%s (%v): %v leaves the opponent %v, not the longest", p, v, res.Move, got)
			}
		}
	}
	// Draws of 4-4 in which some move loses: a short search keeps the draw.
	for found := 0; found < 5; {
		p, _ := findPosition(t, db, morrisdb.Space{W: 4, B: 4}, r, func(v morrisdb.Value) bool { return v == morrisdb.Draw })
		losing := 0
		for _, m := range p.GenMoves(nil) {
			if after(t, db, p, m).IsWin() {
				losing++
			}
		}
		if losing == 0 {
			continue
		}
		found++
		res := search(t, k, p, ai.Limits{Depth: 2})
		if got := after(t, db, p, res.Move.(morris.Move)); got != morrisdb.Draw || res.DB != "draw" {
			t.Errorf("%s (draw, %d moves lose): %v leaves the opponent %v; the answer says %q", p, losing, res.Move, got, res.DB)
		}
	}
}

// Without a database, or under other rules, nothing is said of one.
func TestNoDatabaseNoVerdict(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the test database when missing")
	}
	p := placed(t, morris.StandardRules, 0b111, 0b111<<21, morris.White)
	if res := search(t, nil, p, ai.Limits{Depth: 2}); res.DB != "" {
		t.Errorf("no database: the answer says %q", res.DB)
	}
	k := withDB(t)
	if res := search(t, k, p, ai.Limits{Depth: 2}); res.DB == "" {
		t.Error("with the database: no verdict on a 3-3 position")
	}
	noFlying := morris.MustRules(morris.Nine, map[string]string{morris.OptFlying: "false"})
	q := placed(t, noFlying, 0b111, 0b111<<21, morris.White)
	if res := search(t, k, q, ai.Limits{Depth: 2}); res.DB != "" {
		t.Errorf("without flying: the answer says %q", res.DB)
	}
}

// The placement phase's search reads the database where its last piece
// is placed: with one piece left in Black's hand, a search of two plies
// picks a placement whose position the database values best for Black
// (among placements some of which lose), and scores it as the database's.
func TestThePlacementPhaseProbesWhereTheHandsEmpty(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the test database when missing")
	}
	k := withDB(t)
	db := k.DB()
	r := xrand.New(8)
	rank := func(v morrisdb.Value) int { // the opponent's value, from Black's side
		switch {
		case v.IsLoss():
			return 2
		case v.IsWin():
			return 0
		}
		return 1
	}
	checked := 0
	for tries := 0; checked < 10 && tries < 20000; tries++ {
		var white, black morris.Bits
		for white.Count() < 4 {
			white |= 1 << (r.Uint64() % morris.NPoints)
		}
		for black.Count() < 2 {
			black |= 1 << (r.Uint64() % morris.NPoints) &^ white
		}
		p, err := morrisdb.Placement(morris.StandardRules, white, black, morris.Black)
		if err != nil {
			t.Fatal(err)
		}
		text := strings.Replace(p.String(), " b 0 0 ", " b 0 1 ", 1)
		if p, err = morris.ParsePosition(morris.StandardRules, text); err != nil {
			t.Fatal(err)
		}
		best, worst := -1, 3
		for _, m := range p.GenMoves(nil) {
			k := rank(after(t, db, p, m))
			best, worst = max(best, k), min(worst, k)
		}
		if best == worst {
			continue
		}
		checked++
		res := search(t, k, p, ai.Limits{Depth: 2})
		if got := rank(after(t, db, p, res.Move.(morris.Move))); got != best {
			t.Errorf("%s: %v leaves White %v, but a placement leaves White worse off", p, res.Move, after(t, db, p, res.Move.(morris.Move)))
		}
		if best != 1 && math.Abs(res.Score) < float64(DBWin)-1000 {
			t.Errorf("%s: score %v, not the database's", p, res.Score)
		}
	}
	if checked < 10 {
		t.Errorf("only %d positions checked", checked)
	}
}

// The engine reads a win as the judge does: a win in d at clock c stands
// while c+d is within the N-move rule's n (the capture is made with the
// clock at c+d-1), and is left to the search past it.
func TestTheProbeKeepsAWinTheNMoveRuleAllows(t *testing.T) {
	k := withDB(t)
	db := k.DB()
	n := morris.StandardRules.NMovePlies
	p, v := findPosition(t, db, morrisdb.Space{W: 3, B: 3}, xrand.New(31), func(v morrisdb.Value) bool { return v.IsWin() && v.Distance() >= 3 })
	for _, c := range []int{n - v.Distance(), n - v.Distance() + 1} {
		f := strings.Fields(p.String())
		f[4], f[5] = strconv.Itoa(c), strconv.Itoa(18+c)
		q, err := morris.ParsePosition(morris.StandardRules, strings.Join(f, " "))
		if err != nil {
			t.Fatal(err)
		}
		got, ok := k.Probe(q)
		if holds := c+v.Distance() <= n; ok != holds || ok && got != v {
			t.Errorf("%v at clock %d (n %d): probed %v, %v", v, c, n, got, ok)
		}
	}
}
