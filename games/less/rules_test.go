package less

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gameai/games"
)

func sq(t *testing.T, name string) int {
	t.Helper()
	s, err := ParseSquare(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// layout builds walls from a list of "a1-a2:2" entries on an empty board.
func layout(t *testing.T, entries ...string) *Walls {
	t.Helper()
	w := &Walls{}
	for _, e := range entries {
		pair, n, _ := strings.Cut(e, ":")
		a, b, _ := strings.Cut(pair, "-")
		x, y := sq(t, a), sq(t, b)
		for d := range 4 {
			if int(neighbour[x][d]) == y {
				w[x][d], w[y][(d+2)%4] = n[0]-'0', n[0]-'0'
			}
		}
	}
	return w
}

func TestWallLayout(t *testing.T) {
	w, err := ParseWalls(FixtureLayout)
	if err != nil {
		t.Fatal(err)
	}
	if walled, double := w.Count(); walled != 30 || double != 2 {
		t.Errorf("fixture: %d walled edges, %d double; want 30 and 2", walled, double)
	}
	if w.String() != FixtureLayout {
		t.Errorf("layout does not round-trip")
	}
	// Digit 2 is between a2 and a3; digit 8 between a1 and b1.
	l := layout(t, "a2-a3:1", "a1-b1:2")
	if s := l.String(); s[1] != '1' || s[7] != '2' || strings.Count(s, "0") != 110 {
		t.Errorf("positions in the token: %s", s)
	}
	bad := []byte(FixtureLayout)
	bad[20] = '3'
	_, err = ParseWalls(string(bad))
	var pe *games.ParseError
	// Digit 21 is row b's sixth: between b6 and b7.
	if !errors.As(err, &pe) || pe.Offset != 20 || !strings.Contains(pe.Field, "b6 and b7") {
		t.Errorf("bad digit: %v (field %q)", err, pe.Field)
	}
	if _, err := ParseWalls(FixtureLayout[:100]); err == nil || !strings.Contains(err.Error(), "112") {
		t.Errorf("short layout: %v", err)
	}
}

func TestRandomWalls(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	if n, _ := RandomWalls(0, 0.5, r.Float64).Count(); n != 0 {
		t.Errorf("density 0: %d walls", n)
	}
	if n, d := RandomWalls(1, 0, r.Float64).Count(); n != 112 || d != 0 {
		t.Errorf("density 1: %d walls, %d double", n, d)
	}
	w := RandomWalls(0.3, 0.25, r.Float64)
	n, d := w.Count()
	if n < 20 || n > 50 || d == 0 || d > n/2 {
		t.Errorf("density 0.3: %d walls, %d double", n, d)
	}
	if _, err := ParseWalls(w.String()); err != nil {
		t.Error(err)
	}
}

func TestMoveCosts(t *testing.T) {
	// g2-g3 double walled: a step costs 3 and g1 cannot jump over g2 to
	// g3; g1-f1 single: 2, and it stops h1's jump over g1; nothing stops h2
	// jumping over g2 to f2, or h1 over h2 to h3.
	p := NewPosition(layout(t, "g2-g3:2", "g1-f1:1"))
	for _, c := range []struct {
		move string
		cost int
	}{{"g2g3", 3}, {"g1f1", 2}, {"g2f2", 1}, {"h2h3", 1}, {"h1f1", -1}, {"h2f2", 1}, {"g1g3", -1}, {"h1h3", 1}, {"g1g2", -1}, {"a1a2", -1}, {"g2e2", -1}} {
		a, err := ParseAction(c.move)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Cost(a.M[0]); got != c.cost {
			t.Errorf("%s costs %d, want %d", c.move, got, c.cost)
		}
	}
	// g1 over g2 to g3: the g1-g2 and g2-g3 edges: g2-g3 is walled.
	p = NewPosition(layout(t, "g2-g3:1"))
	if c := p.Cost(Move{int8(sq(t, "g1")), int8(sq(t, "g3"))}); c != -1 {
		t.Errorf("jump across a wall costs %d", c)
	}
}

func TestTurnsPointsAndOrder(t *testing.T) {
	p := NewPosition(&Walls{})
	if p.ToMove() != Yellow || p.Left() != 3 || p.Used(Yellow) != 3 || p.Used(Black) != 0 {
		t.Fatalf("start: %s, used %d", p, p.Used(Yellow))
	}
	mustApply(t, p, "h2h3")
	if p.ToMove() != Black || p.Used(Yellow) != 3 || p.Used(Black) != 3 || p.Turn() != 1 {
		t.Errorf("after an early stop: %s", p)
	}
	mustApply(t, p, "b2b3:b3b4:b4b5")
	if p.ToMove() != White || p.Turn() != 2 {
		t.Errorf("after three moves: %s", p)
	}
	for _, c := range []struct{ action, why string }{
		{"h3h4", "holds Yellow's piece"},
		{"g7g6:g6g5:g5g4:g4g3", "want 1 to 3 moves"},
		{"g8e8", "neither next to"},
		{"a1a2", "not one of White's"},
	} {
		a, err := ParseAction(c.action)
		if err != nil {
			if !strings.Contains(err.Error(), c.why) {
				t.Errorf("%s: %v", c.action, err)
			}
			continue
		}
		before := *p
		if err := p.Apply(a); err == nil || !strings.Contains(err.Error(), c.why) {
			t.Errorf("%s: %v, want %q", c.action, err, c.why)
		}
		if *p != before {
			t.Errorf("%s: a refused action changed the position", c.action)
		}
	}
	// A double wall costs the whole turn.
	q := NewPosition(layout(t, "g2-g3:2"))
	mustApply(t, q, "g2g3")
	if q.ToMove() != Black {
		t.Errorf("after a 3-point step the turn goes on: %s", q)
	}
	q = NewPosition(layout(t, "g2-g3:2"))
	a, _ := ParseAction("h2h3:g2g3")
	if err := q.Apply(a); err == nil || !strings.Contains(err.Error(), "costs 3 points, 2 left") {
		t.Errorf("over budget: %v", err)
	}
}

func mustApply(t *testing.T, p *Position, text string) {
	t.Helper()
	a, err := ParseAction(text)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Apply(a); err != nil {
		t.Fatalf("%s: %v", text, err)
	}
}

func TestActionsAreDistinctAndLegal(t *testing.T) {
	w, _ := ParseWalls(FixtureLayout)
	p := NewPosition(w)
	as := p.Actions()
	seen := map[[4]uint64]bool{}
	lengths := map[int8]int{}
	for _, a := range as {
		q := *p
		if err := q.Apply(a); err != nil {
			t.Fatalf("%s: %v", a, err)
		}
		if seen[q.pieces] {
			t.Errorf("%s repeats a position", a)
		}
		seen[q.pieces] = true
		lengths[a.N]++
		back, err := ParseAction(a.String())
		if err != nil || back != a {
			t.Errorf("%s does not round-trip", a)
		}
	}
	if len(as) < 20 || lengths[1] == 0 || lengths[2] == 0 || lengths[3] == 0 {
		t.Errorf("%d actions at the start (by length %v)", len(as), lengths)
	}
}

func TestTeammatesPiecesNilAndTheEnd(t *testing.T) {
	w := &Walls{}
	// Yellow home, White not: Yellow moves White's pieces.
	p, err := ParsePosition(w.String() + " a7,a8,b7,b8 a1,a2,b1,b2 f5,f6,g7,g8 c3,c4,d3,d4 4 3 0 15,12,12,12")
	if err != nil {
		t.Fatal(err)
	}
	if p.ToMove() != Yellow || p.Mover() != White {
		t.Fatalf("mover %d", p.Mover())
	}
	for _, a := range p.Actions() {
		if p.Pieces(White)&bit(int(a.M[0].From)) == 0 {
			t.Fatalf("%s moves a piece not White's", a)
		}
	}
	// Both of a team home: their turns pass by themselves, free.
	p, err = ParsePosition(w.String() + " a7,a8,b7,b8 d4,d5,e4,e5 a1,a2,b1,b2 c3,c4,c5,c6 1 3 0 21,21,18,18")
	if err != nil {
		t.Fatal(err)
	}
	if p.ToMove() != Black || !p.NilDue(White) {
		t.Fatalf("%s", p)
	}
	mustApply(t, p, "d4d3")
	if p.ToMove() != Red || p.Used(White) != 18 || p.Used(Red) != 21 {
		t.Errorf("White's turn should pass free: %s, used %v", p, p.used)
	}
	// The 80th turn ends the game; scores are points used plus the solo
	// distance of those not home.
	p, err = ParsePosition(w.String() + " a7,a8,b7,b8 d4,d5,e4,e5 a1,a2,b1,b2 c3,c4,c5,c6 79 3 0 60,60,60,60")
	if err != nil {
		t.Fatal(err)
	}
	mustApply(t, p, "c3d3")
	if !p.Over() {
		t.Fatal("not over after 80 turns")
	}
	d := DistancesFor(w)
	s := p.Scores(d)
	if s[Yellow] != 60 || s[White] != 60 || s[Black] != 60+d.Solo(Black, p.Pieces(Black)) || s[Red] <= 60 {
		t.Errorf("scores %v", s)
	}
	if r := (&State{P: p}).Result(); r[Yellow] != 1 || r[Black] != 0 {
		t.Errorf("result %v", r)
	}
}

func TestPositionText(t *testing.T) {
	w, _ := ParseWalls(FixtureLayout)
	p := NewPosition(w)
	r := rand.New(rand.NewPCG(9, 9))
	for !p.Over() {
		q, err := ParsePosition(p.Text())
		if err != nil || *q.g.walls != *p.g.walls || q.pieces != p.pieces || q.turn != p.turn || q.left != p.left || q.used != p.used {
			t.Fatalf("%s reads back as %v (%v)", p.Text(), q, err)
		}
		ms := p.Moves(nil)
		p.Play(ms[r.IntN(len(ms))])
	}
	if q, err := ParsePosition(p.Text()); err != nil || !q.Over() {
		t.Errorf("finished game: %v", err)
	}
	if q, err := ParsePosition(FixtureLayout); err != nil || q.pieces != Starts || q.Used(Yellow) != 3 {
		t.Errorf("layout alone: %v", err)
	}
	for _, c := range []struct{ text, field string }{
		{"", "position"},
		{FixtureLayout + " g1,g2,h1 a1,a2,b1,b2 g7,g8,h7,h8 a7,a8,b7,b8 0 3 0 3,0,0,0", "Yellow"},
		{FixtureLayout + " g1,g2,h1,h2 a1,a2,b1,g1 g7,g8,h7,h8 a7,a8,b7,b8 0 3 0 3,0,0,0", "Black"},
		{FixtureLayout + " g1,g2,h1,h2 a1,a2,b1,b2 g7,g8,h7,h8 a7,a8,b7,b8 81 3 0 3,0,0,0", "turn"},
		{FixtureLayout + " g1,g2,h1,h2 a1,a2,b1,b2 g7,g8,h7,h8 a7,a8,b7,b8 0 2 0 3,0,0,0", "points left"},
		{FixtureLayout + " g1,g2,h1,h2 a1,a2,b1,b2 g7,g8,h7,h8 a7,a8,b7,b8 0 3 0 3,0,0", "points used"},
		{FixtureLayout[:50], "walls"},
	} {
		_, err := ParsePosition(c.text)
		var pe *games.ParseError
		if !errors.As(err, &pe) || pe.Field != c.field {
			t.Errorf("%q: %v, want a ParseError on %q", c.text, err, c.field)
		}
	}
}

func TestAGameThroughTheCommonInterface(t *testing.T) {
	s, err := Game.NewState("", nil)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 1))
	for !s.Terminal() {
		ms := s.LegalMoves()
		if len(ms) == 0 {
			t.Fatalf("no moves in a live game: %s", s)
		}
		m := ms[r.IntN(len(ms))]
		parsed, err := s.ParseMove(m.String())
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Play(parsed); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	res := s.Result()
	if !slices.Contains([]float64{0, 0.5, 1}, res[0]) || res[0] != res[2] || res[1] != res[3] || res[0]+res[1] != 1 {
		t.Errorf("result %v", res)
	}
	if err := s.Play(Nil); err == nil {
		t.Error("a move after the end was accepted")
	}
}
