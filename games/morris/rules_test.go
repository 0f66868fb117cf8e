package morris

import (
	"slices"
	"strings"
	"testing"

	"gameai/games"
)

func pos(t *testing.T, r *Rules, text string) *Position {
	t.Helper()
	p, err := ParsePosition(r, text)
	if err != nil {
		t.Fatalf("%q: %v", text, err)
	}
	return p
}

func moveStrings(p *Position) []string {
	var out []string
	for _, m := range p.GenMoves(nil) {
		out = append(out, m.String())
	}
	slices.Sort(out)
	return out
}

func rulesWith(t *testing.T, v Variant, opts map[string]string) *Rules {
	t.Helper()
	o, err := games.ResolveOptions(OptionSpecs, opts)
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewRules(v, o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestBoardHas16MillsAnd32Adjacencies(t *testing.T) {
	if n := len(standard.mills); n != 16 {
		t.Errorf("%d mills, want 16", n)
	}
	edges, degree := 0, map[int]int{}
	for p := range NPoints {
		degree[standard.adj[p].Count()]++
		edges += standard.adj[p].Count()
	}
	if edges/2 != 32 {
		t.Errorf("%d adjacencies, want 32", edges/2)
	}
	// Corners have 2 neighbours, mid-points of the outer and inner squares
	// 3, and b4 d2 d6 f4 have 4.
	if degree[2] != 12 || degree[3] != 8 || degree[4] != 4 {
		t.Errorf("degrees %v, want 12 of 2, 8 of 3, 4 of 4", degree)
	}
	for _, name := range []string{"b4", "d2", "d6", "f4"} {
		p, _ := ParsePoint(name)
		if standard.adj[p].Count() != 4 {
			t.Errorf("%s has %d neighbours", name, standard.adj[p].Count())
		}
	}
	if n := len(diagonals.mills); n != 20 {
		t.Errorf("twelve men's morris: %d mills, want 20", n)
	}
}

func TestMoveNotationRoundTrips(t *testing.T) {
	for _, text := range []string{"d6", "d6-d5", "c3xa4", "d5-c5xg7", "d5-c5xg7xa1", "a1-g7xb4"} {
		m, err := ParseMove(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if m.String() != text {
			t.Errorf("%s prints as %s", text, m)
		}
	}
	m, _ := ParseMove("D5-C5XG7")
	if m.String() != "d5-c5xg7" || strings.Join(m.Tokens(), " ") != "d5-c5 xg7" {
		t.Errorf("upper case %s, tokens %v", m, m.Tokens())
	}
	for _, bad := range []string{"", "d4", "h1", "d6-d6", "xb4", "d6xb4xb4", "d6x", "d6-", "a1xb2xc3xd1"} {
		if _, err := ParseMove(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

func TestPositionTextRoundTrips(t *testing.T) {
	for _, c := range perftCases {
		p := c.position(t)
		q := pos(t, p.rules, p.String())
		if q.String() != p.String() || q.Hash() != p.Hash() {
			t.Errorf("%s: %q reads back as %q", c.name, p.String(), q.String())
		}
		// And after a few moves played with make/unmake.
		for range 6 {
			ms := p.GenMoves(nil)
			if len(ms) == 0 {
				break
			}
			p.Make(ms[len(ms)/2])
			q := pos(t, p.rules, p.String())
			if q.String() != p.String() || q.Hash() != p.Hash() || q.LastMill() != p.LastMill() {
				t.Errorf("%s: %q reads back as %q", c.name, p.String(), q.String())
			}
		}
	}
	if s := NewPosition(StandardRules).String(); s != ".../.../.../....../.../.../... w 9 9 0 0 -" {
		t.Errorf("start = %q", s)
	}
}

func TestPositionTextErrorsSayWhere(t *testing.T) {
	for _, c := range []struct{ text, field string }{
		{"", "position"},
		{".../.../... w 9 9 0 0 -", "board"},
		{".../.../.../...../.../.../... w 9 9 0 0 -", "rank 4"},
		{".../.../.../....X./.../.../... w 9 9 0 0 -", "point f4"},
		{".../.../.../....../.../.../... x 9 9 0 0 -", "side to move"},
		{".../.../.../....../.../.../... w 10 9 0 0 -", "white's pieces in hand"},
		{".../.../.../....../.../.../... w 9 -1 0 0 -", "black's pieces in hand"},
		{".../.../.../....../.../.../... b 9 9 0 0 -", "white's pieces in hand"},
		{".../.../.../....../.../.../... w 9 9 5 2 -", "clock"},
		{".../.../.../....../.../.../... w 9 9 0 0 q", "last mill"},
		{"WWW/WWW/WWW/W...../.../.../... w 0 0 0 20 -", "white's pieces in hand"},
		// A ply count past int32 once wrapped to a negative ply that did not read back.
		{"B../.../B.B/...B../..B/..B/BBB B 0 0 0 11000000000 B", "ply"},
	} {
		_, err := ParsePosition(StandardRules, c.text)
		pe, ok := err.(*games.ParseError)
		if !ok {
			t.Errorf("%q: error %v, want a ParseError", c.text, err)
			continue
		}
		if pe.Field != c.field {
			t.Errorf("%q: field %q (%v), want %q", c.text, pe.Field, pe, c.field)
		}
	}
	_, err := ParsePosition(StandardRules, ".../.../.../....X./.../.../... w 9 9 0 0 -")
	if pe := err.(*games.ParseError); pe.Offset != 16 {
		t.Errorf("bad point at offset %d, want 16", pe.Offset)
	}
}

func TestMillRemovesAPieceOutsideMills(t *testing.T) {
	// White closes a7-d7-g7 with g7; black's b6-d6-f6 is a mill, so only
	// a4 may go.
	p := pos(t, StandardRules, "WW./BBB/.../B...../.../.../... w 5 5 0 8 -")
	var withG7 []string
	for _, m := range moveStrings(p) {
		if strings.HasPrefix(m, "g7") {
			withG7 = append(withG7, m)
		}
	}
	if !slices.Equal(withG7, []string{"g7xa4"}) {
		t.Errorf("g7 moves %v, want only g7xa4", withG7)
	}
	// With every black piece in mills, any may go.
	p = pos(t, StandardRules, "WW./BBB/.../....../.../.../... w 6 6 0 6 -")
	withG7 = nil
	for _, m := range moveStrings(p) {
		if strings.HasPrefix(m, "g7") {
			withG7 = append(withG7, m)
		}
	}
	if !slices.Equal(withG7, []string{"g7xb6", "g7xd6", "g7xf6"}) {
		t.Errorf("all in mills: %v", withG7)
	}
	// Option: removal from mills always allowed.
	r := rulesWith(t, Nine, map[string]string{OptRemoveFromMills: "true"})
	p = pos(t, r, "WW./BBB/.../B...../.../.../... w 5 5 0 8 -")
	n := 0
	for _, m := range moveStrings(p) {
		if strings.HasPrefix(m, "g7x") {
			n++
		}
	}
	if n != 4 {
		t.Errorf("remove_from_mills: %d removals with g7, want 4", n)
	}
	if bad := pos(t, StandardRules, "WW./BBB/.../B...../.../.../... w 5 5 0 8 -").Illegal(mustMove(t, "g7xd6")); bad == nil ||
		bad.Move != "g7xd6" || !strings.Contains(bad.Reason, "stands in a mill") {
		t.Errorf("removing from a mill: %+v", bad)
	}
	if bad := pos(t, StandardRules, "WW./BBB/.../B...../.../.../... w 5 5 0 8 -").Illegal(mustMove(t, "g7")); bad == nil ||
		!strings.Contains(bad.Reason, "name the piece it removes") {
		t.Errorf("mill without removal: %+v", bad)
	}
}

func mustMove(t *testing.T, s string) Move {
	t.Helper()
	m, err := ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestSlidingFlyingAndItsOption(t *testing.T) {
	// White has 3 pieces (b4, a1, d1), black 6: white flies.
	text := "BB./BB./.../.W..B./.B./.../WW. w 0 0 3 40 -"
	p := pos(t, StandardRules, text)
	pairs := map[[2]int]bool{}
	for _, m := range p.GenMoves(nil) {
		pairs[[2]int{m.From(), m.To()}] = true
	}
	if !p.CanFly(White) || len(pairs) != 3*15 || !slices.Contains(moveStrings(p), "b4-g7") {
		t.Errorf("flying: %d piece-to-point moves, want 3 pieces times 15 empty points", len(pairs))
	}
	r := rulesWith(t, Nine, map[string]string{OptFlying: "false"})
	p = pos(t, r, text)
	if p.CanFly(White) {
		t.Error("flying disabled but CanFly")
	}
	got := moveStrings(p)
	want := []string{"a1-a4", "b4-a4", "b4-b2", "b4-b6", "b4-c4", "d1-d2", "d1-g1"}
	// b4-b6 is occupied by black: not a move.
	want = slices.DeleteFunc(want, func(s string) bool { return s == "b4-b6" })
	if !slices.Equal(got, want) {
		t.Errorf("slides %v, want %v", got, want)
	}
	if bad := p.Illegal(mustMove(t, "a1-g7")); bad == nil || !strings.Contains(bad.Reason, "not next to") {
		t.Errorf("a far move without flying: %+v", bad)
	}
}

func TestOutcomes(t *testing.T) {
	cases := []struct {
		name   string
		r      *Rules
		text   string
		over   bool
		winner int
	}{
		{"start", StandardRules, ".../.../.../....../.../.../... w 9 9 0 0 -", false, -1},
		{"black reduced to two", StandardRules, "WWW/.../.../W..B../B../.../... b 0 0 0 50 w", true, White},
		{"white has no move", StandardRules, "WB./.../.../WB..../.../.B./WWB w 0 0 4 50 -", true, Black},
		{"black to move is not stuck", StandardRules, "WB./.../.../WB..../.../.B./WWB b 0 0 4 50 -", false, -1},
		{"n-move rule", StandardRules, "WW./.../.../....../BB./.W./B.B w 0 0 100 150 -", true, -1},
		{"n-move rule not yet", StandardRules, "WW./.../.../....../BB./.W./B.B w 0 0 99 150 -", false, -1},
		{"board full", rulesWith(t, Twelve, nil), "WBW/BWB/WBW/BWBWBW/BWB/WBW/BWB w 0 0 0 24 -", true, -1},
	}
	for _, c := range cases {
		p := pos(t, c.r, c.text)
		o := p.Outcome()
		if o.Over != c.over || (o.Over && o.Winner != c.winner) {
			t.Errorf("%s: %+v, want over %v winner %d", c.name, o, c.over, c.winner)
		}
		if o.Over && o.Reason == "" {
			t.Errorf("%s: no reason", c.name)
		}
	}
}

func TestThreefoldRepetitionDraws(t *testing.T) {
	start := "WW./W../.../....../BB./.W./B.B w 0 0 0 40 -"
	p := pos(t, StandardRules, start)
	cycle := []string{"d2-b2", "a1-a4", "b2-d2", "a4-a1"}
	for i := range 2 * len(cycle) {
		if o := p.Outcome(); o.Over {
			t.Fatalf("over after %d plies: %+v", i, o)
		}
		p.Make(mustMove(t, cycle[i%len(cycle)]))
	}
	// The start position now stands for the third time.
	if o := p.Outcome(); !o.Over || o.Winner != -1 || !strings.Contains(o.Reason, "3 times") {
		t.Errorf("after two cycles: %+v, want a draw by repetition", o)
	}
	if p.Repetitions() != 2 {
		t.Errorf("Repetitions = %d, want 2", p.Repetitions())
	}
	r := rulesWith(t, Nine, map[string]string{OptRepetitions: "0"})
	q := pos(t, r, start)
	for i := range 12 {
		q.Make(mustMove(t, cycle[i%len(cycle)]))
	}
	if o := q.Outcome(); o.Over {
		t.Errorf("repetitions off: %+v", o)
	}
}

func TestLaskerMixesPlacingAndMoving(t *testing.T) {
	r := rulesWith(t, Lasker, nil)
	p := NewPosition(r)
	if len(p.GenMoves(nil)) != 24 {
		t.Fatalf("lasker start: %d moves", len(p.GenMoves(nil)))
	}
	p.Make(mustMove(t, "d6"))
	p.Make(mustMove(t, "a1"))
	ms := moveStrings(p)
	if !slices.Contains(ms, "d6-d7") || !slices.Contains(ms, "b4") {
		t.Errorf("lasker: white may place or move: %v", ms)
	}
	if p.InHand(White) != 9 {
		t.Errorf("in hand %d, want 9", p.InHand(White))
	}
	if n := NewPosition(rulesWith(t, Twelve, nil)).InHand(Black); n != 12 {
		t.Errorf("twelve men's morris: %d pieces, want 12", n)
	}
}

func TestDoubleMillRemovesTwoUnderItsRule(t *testing.T) {
	r := rulesWith(t, Nine, map[string]string{OptTwoOnDoubleMill: "true"})
	p := pos(t, r, "BBB/WB./..B/W.W.../BBW/WWB/.W. w 1 1 0 16 -")
	doubles := 0
	for _, m := range p.GenMoves(nil) {
		if m.Removal2() >= 0 {
			doubles++
			q := p.Clone()
			q.Make(m)
			if q.Pieces(Black).Count() != p.Pieces(Black).Count()-2 {
				t.Errorf("%s removed %d", m, p.Pieces(Black).Count()-q.Pieces(Black).Count())
			}
		}
	}
	if doubles == 0 {
		t.Fatal("no double-mill move in the fixture")
	}
	// Under the standard rules the same move removes one.
	q := pos(t, StandardRules, "BBB/WB./..B/W.W.../BBW/WWB/.W. w 1 1 0 16 -")
	for _, m := range q.GenMoves(nil) {
		if m.Removal2() >= 0 {
			t.Errorf("standard rules: %s removes two", m)
		}
	}
}

func TestMakeUnmakeRestoresEverything(t *testing.T) {
	for _, c := range perftCases {
		p := c.position(t)
		before, hash := p.String(), p.Hash()
		for _, m := range p.GenMoves(nil) {
			p.Make(m)
			if p.Hash() != p.computeHash() {
				t.Fatalf("%s: incremental hash differs after %s", c.name, m)
			}
			p.Unmake(m)
			if p.String() != before || p.Hash() != hash {
				t.Fatalf("%s: %s then unmake gives %s", c.name, m, p)
			}
		}
	}
}

// HashAfter, which Make takes its hash from, must agree with the hash
// computed from scratch three plies deep from every perft position. The
// pieces in the vertical order must follow Make and Unmake too.
func TestHashAfterIsTheHashFromScratch(t *testing.T) {
	vertical := func(p *Position) bool {
		return p.vocc == [2]Bits{permute(&vperm, p.occ[0]), permute(&vperm, p.occ[1])}
	}
	var walk func(p *Position, depth int) int
	walk = func(p *Position, depth int) int {
		n := 0
		for _, m := range p.GenMoves(nil) {
			after := p.HashAfter(m)
			p.Make(m)
			if want := p.computeHash(); after != want || p.Hash() != want {
				t.Fatalf("%s after %s: HashAfter %x, Make %x, from scratch %x", p, m, after, p.Hash(), want)
			}
			if !vertical(p) {
				t.Fatalf("%s after %s: vertical order %v does not match the pieces", p, m, p.vocc)
			}
			n++
			if depth > 1 {
				n += walk(p, depth-1)
			}
			p.Unmake(m)
			if !vertical(p) {
				t.Fatalf("%s after undoing %s: vertical order %v does not match the pieces", p, m, p.vocc)
			}
		}
		return n
	}
	for _, c := range perftCases {
		if n := walk(c.position(t), 3); n < 100 {
			t.Errorf("%s: only %d moves checked", c.name, n)
		}
	}
}

func TestMakeDoesNotAllocate(t *testing.T) {
	p := pos(t, StandardRules, "W../BBB/.WB/.B..WB/W../B../.BB w 0 0 0 30 b")
	buf := make([]Move, 0, MaxMoves)
	allocs := testing.AllocsPerRun(100, func() {
		ms := p.GenMoves(buf[:0])
		for _, m := range ms {
			p.Make(m)
			p.Unmake(m)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per generate-make-unmake round", allocs)
	}
}

func TestAfterReplaysARecord(t *testing.T) {
	var moves []Move
	p := NewPosition(StandardRules)
	for range 5 {
		m := p.GenMoves(nil)[0]
		p.Make(m)
		moves = append(moves, m)
	}
	q := After(StandardRules, moves)
	if q.String() != p.String() || q.SideToMove() != Black {
		t.Errorf("After: %s, want %s with black to move", q, p)
	}
}
