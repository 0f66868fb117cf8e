package morrisai

import (
	"context"
	"testing"
	"time"

	"gameai/ai/minimax"
	"gameai/ai/morrisdb"
	"gameai/ai/morrisdb/morrisdbtest"
	"gameai/games/morris"
	"gameai/internal/xrand"
)

// outcomes is each move's outcome for the side to move of p, proved by a
// search of its own.
func outcomes(t *testing.T, o *morrisdb.Opening, p *morris.Position) map[morris.Move]int {
	t.Helper()
	out := map[morris.Move]int{}
	q := p.Clone()
	for _, m := range q.GenMoves(nil) {
		q.Make(m)
		w, err := o.Solve(t.Context(), q)
		if err != nil {
			t.Fatal(err)
		}
		out[m] = -w
		q.Unmake(m)
	}
	return out
}

// evalOnly is a search that sees only the evaluation (one ply), whatever
// its time: it gives placements away, for the refuter to catch.
func evalOnly(s *Searcher) func(Pos, minimax.Limits) minimax.Result[morris.Move] {
	return func(pos Pos, _ minimax.Limits) minimax.Result[morris.Move] {
		return s.Search(context.Background(), pos, minimax.Limits{Depth: 1})
	}
}

// Where a placement does not lose, the one played does not, and is proved
// so; where every placement loses, the one played is refuted and none is
// said to hold. The evaluation alone gives some positions away, so the
// refuter is seen at work.
func TestARefutedPlacementIsNotPlayed(t *testing.T) {
	k := withDB(t)
	db := k.DB()
	proof := morrisdb.NewOpening(db, 16)
	r := xrand.New(5)
	s := NewSearcher()
	coef, _, err := StrategyOption(nil)
	if err != nil {
		t.Fatal(err)
	}
	var saved, lost int
	for range 150 {
		p := morrisdbtest.Placing(t, r)
		moves := outcomes(t, proof, p)
		best := morrisdb.Lost
		for _, w := range moves {
			best = max(best, w)
		}
		plain := evalOnly(s)(k.Pos(p.Clone(), &coef), minimax.Limits{})
		res, c := k.SearchChecked(t.Context(), k.Pos(p.Clone(), &coef), minimax.Limits{Time: time.Minute}, evalOnly(s))
		if !res.HasMove {
			t.Fatalf("%s: no move", p)
		}
		if best == morrisdb.Lost {
			lost++
			if c.Refuted == 0 || c.Kept {
				t.Fatalf("%s is lost: %+v", p, c)
			}
			continue
		}
		if moves[res.Move] == morrisdb.Lost || !c.Kept {
			t.Fatalf("%s: played %v, worth %d, %+v", p, res.Move, moves[res.Move], c)
		}
		if moves[plain.Move] == morrisdb.Lost {
			saved++
			if c.Refuted == 0 {
				t.Fatalf("%s: the evaluation's %v loses, yet nothing refuted", p, plain.Move)
			}
		}
	}
	if saved == 0 || lost == 0 {
		t.Errorf("positions the refuter saved %d, lost positions %d: the sample shows neither", saved, lost)
	}
	t.Logf("of 150 positions the refuter saved %d; %d were lost whatever the move", saved, lost)
}

// No refuting without a database, at a fixed depth or node count (the
// answer must repeat), before the 6th ply, with both hands empty, or past
// the deadline: the search's own move, nothing proved.
func TestRefutingOnlyWhereItCan(t *testing.T) {
	k := withDB(t)
	db := k.DB()
	_, done, _ := k.take() // its table made, to count its nodes
	done()
	s := NewSearcher()
	coef, _, err := StrategyOption(nil)
	if err != nil {
		t.Fatal(err)
	}
	r := xrand.New(6)
	p := morrisdbtest.Placing(t, r)
	start := morris.NewPosition(morris.StandardRules)
	empty, _ := findPosition(t, db, morrisdb.Space{W: 4, B: 4}, r, func(v morrisdb.Value) bool { return v == morrisdb.Draw })
	noDB := k.Pos(p.Clone(), &coef)
	noDB.DB = nil
	for _, c := range []struct {
		name string
		pos  Pos
		lim  minimax.Limits
		ran  bool // it looks, but has no time to prove anything
	}{
		{"no database", noDB, minimax.Limits{Time: time.Minute}, false},
		{"a fixed depth", k.Pos(p.Clone(), &coef), minimax.Limits{Depth: 3, Time: time.Minute}, false},
		{"a node count", k.Pos(p.Clone(), &coef), minimax.Limits{Nodes: 1000}, false},
		{"the first placement", k.Pos(start, &coef), minimax.Limits{Time: time.Minute}, false},
		{"both hands empty", k.Pos(empty, &coef), minimax.Limits{Time: time.Minute}, false},
		{"past the deadline", k.Pos(p.Clone(), &coef), minimax.Limits{Time: time.Nanosecond}, true},
	} {
		before := k.ref.o.Nodes
		res, got := k.SearchChecked(t.Context(), c.pos, c.lim, evalOnly(s))
		want := evalOnly(s)(c.pos, c.lim)
		if got.Ran != c.ran || got.Refuted != 0 || got.Kept || k.ref.o.Nodes != before || res.Move != want.Move {
			t.Errorf("%s: %+v, %d nodes, played %v, the search's %v", c.name, got, k.ref.o.Nodes-before, res.Move, want.Move)
		}
	}
}

// A proof that meets a space the database lacks (one built part of the
// way) gives the time left back to the search, which goes again with it.
func TestAMissingSpaceLeavesTheTimeToTheSearch(t *testing.T) {
	k := withDB(t) // up to 4-4: the placements below reach 9-9
	coef, _, err := StrategyOption(nil)
	if err != nil {
		t.Fatal(err)
	}
	p := morris.NewPosition(morris.StandardRules)
	for _, text := range []string{"d6", "d2", "b4", "f4", "a7", "g1", "g7"} {
		m, err := morris.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		p.Make(m)
	}
	s := NewSearcher()
	var asked []minimax.Limits
	search := func(pos Pos, lim minimax.Limits) minimax.Result[morris.Move] {
		asked = append(asked, lim)
		return s.Search(t.Context(), pos, minimax.Limits{Depth: 2})
	}
	const budget = 10 * time.Second
	res, c := k.SearchChecked(t.Context(), k.Pos(p, &coef), minimax.Limits{Time: budget}, search)
	if !res.HasMove || c.Refuted != 0 || c.Kept || len(asked) != 2 {
		t.Fatalf("%+v, %+v, searches %v", res, c, asked)
	}
	if asked[0].Time != time.Duration(float64(budget)*searchShare) || asked[1].Time < budget/2 {
		t.Errorf("searches %v: the second should have the time the proof did not use", asked)
	}
}

// A bot prepares the refuter at start; a database that lacks a space the
// placements lead to (the tests' own, built to 4-4) gets no table: 256
// MB for proofs that could not finish.
func TestTheRefuterIsPreparedOnlyForADatabaseThatReachesTheStart(t *testing.T) {
	db := morrisdbtest.Open(t)
	if len(db.MissingForStart()) == 0 {
		t.Fatal("the test database has every space: the test needs one without")
	}
	for _, k := range []*Knowledge{nil, {db: db, bits: 16}} {
		k.Prepare()
		if k != nil && k.ref.o != nil {
			t.Errorf("Prepare on %v made a table", k.DB())
		}
	}
}
