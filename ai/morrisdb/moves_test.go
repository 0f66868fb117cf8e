package morrisdb

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"gameai/games/morris"
	"gameai/internal/xrand"
)

// A position's value is its best move's: the shortest win, else a draw,
// else the longest loss; and a position the database does not hold says
// why.
func TestMovesGiveThePositionsValue(t *testing.T) {
	db := smallDB(t)
	r := xrand.New(21)
	seen := map[bool]int{}
	for _, s := range db.Spaces() {
		for range 300 {
			m, o := s.placementAt(r.Uint64() % s.Placements())
			p := position(m, o, r.Uint64()&1 == 0)
			v, moves, err := db.Moves(p)
			if err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			if len(moves) != len(p.GenMoves(nil)) {
				t.Fatalf("%s: %d moves valued of %d", p, len(moves), len(p.GenMoves(nil)))
			}
			best := Loss(0)
			for _, mv := range moves {
				if better(mv.Value, best) {
					best = mv.Value
				}
			}
			if best != v {
				t.Fatalf("%s is %v, its best move %v", p, v, best)
			}
			seen[v.IsWin()]++
		}
	}
	if seen[true] == 0 || seen[false] == 0 {
		t.Errorf("wins and others seen: %v", seen)
	}
	for text, why := range map[string]string{
		"WWW/.../.../....../.../.../BBB w 3 3 0 0 -": "in a hand",
		"WWW/WWW/.../....../.../BBB/BBB w 0 0 0 0 -": "6-6 is not built",
		"WW./.../.../....../.../.../BBB w 0 0 0 0 -": "game is over",
	} {
		p, err := morris.ParsePosition(morris.StandardRules, text)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := db.Moves(p); !errors.Is(err, ErrNotCovered) || !strings.Contains(err.Error(), why) {
			t.Errorf("%s: %v, want %q", text, err, why)
		}
	}
}

// better orders values for the side to move: a shorter win, then a draw,
// then a longer loss.
func better(a, b Value) bool {
	rank := func(v Value) int {
		switch {
		case v.IsWin():
			return 1000 - v.Distance()
		case v.IsLoss():
			return -1000 + v.Distance()
		}
		return 0
	}
	return rank(a) > rank(b)
}

// An outcome's name and a value's outcome, as the API, the job and the
// command say them.
func TestOutcomes(t *testing.T) {
	for v, want := range map[Value]string{Win(1): "win", Win(30): "win", Draw: "draw", Loss(0): "loss", Loss(7): "loss"} {
		if got := OutcomeName(v.Outcome()); got != want {
			t.Errorf("%v: %q, want %q", v, got, want)
		}
	}
	if !(Loss(3).Outcome() < Draw.Outcome() && Draw.Outcome() < Win(3).Outcome()) {
		t.Error("outcomes out of order: a slip is a fall in them")
	}
}

// A referee stopping a game asks the database, not the material: each
// position's result follows its value for White, and where the database
// does not say (a piece in a hand, a space not built) it says nothing.
func TestAdjudicateFollowsTheValue(t *testing.T) {
	db := smallDB(t)
	r := xrand.New(22)
	seen := map[int]int{}
	for _, s := range db.Spaces() {
		for range 200 {
			m, o := s.placementAt(r.Uint64() % s.Placements())
			p := position(m, o, r.Uint64()&1 == 0)
			winner, why, ok := db.Adjudicate(p)
			v, _, err := db.Moves(p)
			if !ok || err != nil {
				t.Fatalf("%s: adjudicated %v, valued %v", p, ok, err)
			}
			want := -1
			switch {
			case v.IsWin():
				want = p.SideToMove()
			case v.IsLoss():
				want = 1 - p.SideToMove()
			}
			if winner != want || why == "" {
				t.Fatalf("%s (%v for the side to move): winner %d (%q), want %d", p, v, winner, why, want)
			}
			seen[winner]++
		}
	}
	if seen[morris.White] == 0 || seen[morris.Black] == 0 || seen[-1] == 0 {
		t.Errorf("white, black and draws all seen: %v", seen)
	}
	for _, text := range []string{
		"WWW/.../.../....../.../.../BBB w 3 3 0 0 -",
		"WWW/WWW/.../....../.../BBB/BBB w 0 0 0 0 -",
	} {
		p, err := morris.ParsePosition(morris.StandardRules, text)
		if err != nil {
			t.Fatal(err)
		}
		if w, why, ok := db.Adjudicate(p); ok {
			t.Errorf("%s adjudicated %d (%s): the database does not hold it", text, w, why)
		}
	}
}

// withClock is p with its clock (plies since a placement or a removal) set.
func withClock(t *testing.T, p *morris.Position, clock int) *morris.Position {
	t.Helper()
	f := strings.Fields(p.String())
	f[4] = fmt.Sprint(clock)
	f[5] = fmt.Sprint(18 + clock) // the plies played: the placements, then the clock's
	q, err := morris.ParsePosition(p.Rules(), strings.Join(f, " "))
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// A win in d at clock c captures with the clock at c+d-1: it stands while
// that is below the N-move rule's n, and is a draw past it, for the judge
// and the adjudicator alike.
func TestTheNMoveRuleDrawsAWinTooLong(t *testing.T) {
	db := smallDB(t)
	n := morris.StandardRules.NMovePlies
	if n == 0 {
		t.Fatal("the standard rules have no N-move rule")
	}
	r := xrand.New(23)
	for _, s := range db.Spaces() {
		for range 20000 {
			m, o := s.placementAt(r.Uint64() % s.Placements())
			v, ok := db.Lookup(m, o)
			if !ok || !v.IsWin() || v.Distance() < 3 {
				continue
			}
			p := position(m, o, true)
			for _, c := range []int{n - v.Distance(), n - v.Distance() + 1} {
				q := withClock(t, p, c)
				got, _ := db.value(q, morris.White)
				winner, _, _ := db.Adjudicate(q)
				if holds := c+v.Distance() <= n; holds != got.IsWin() || holds != (winner == morris.White) || !holds && (got != Draw || winner != -1) {
					t.Errorf("%v at clock %d (n %d): valued %v, adjudicated %d", v, c, n, got, winner)
				}
			}
			return
		}
	}
	t.Fatal("no win of 3 plies or more found")
}
