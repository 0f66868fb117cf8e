package morrisdb

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"gameai/games/morris"
	"gameai/internal/xrand"
)

// naive is the placement phase's value by plain minimax, the database at
// the leaves: what Opening must find with its table and cut-offs.
func naive(t *testing.T, db *DB, p *morris.Position) int {
	us := p.SideToMove()
	switch {
	case p.Material(us) < 3:
		return Lost
	case p.Material(1-us) < 3:
		return Won
	}
	if p.InHand(morris.White) == 0 && p.InHand(morris.Black) == 0 {
		v, ok := db.Lookup(p.Pieces(us), p.Pieces(1-us))
		if !ok {
			t.Fatalf("%s: not built", p)
		}
		return v.Outcome()
	}
	best := Lost
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
	db := smallDB(t)
	o := NewOpening(db, 16)
	threats := NewOpening(db, 16)
	threats.Threats = true
	r := xrand.New(4)
	seen := map[int]int{}
	for n := 0; n < 60; {
		p := smallPlacement(t, r)
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
			// move win? (at least Won if so, at most Drawn if not)
			w, err := threats.SolveWithin(t.Context(), q, Drawn, Won)
			if err != nil || (w >= Won) != (want == Won) {
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

// The start's lines are the classes of its first two placements, each
// pair of points in one; the start's bounds are White's best first
// placement against Black's worst reply.
func TestStartLinesAndBounds(t *testing.T) {
	lines := StartLines()
	if got, want := uint64(len(lines)), (Space{1, 1}).Classes(); got != want {
		t.Errorf("%d lines, want %d classes of a piece against a piece", got, want)
	}
	for w := range morris.NPoints {
		for b := range morris.NPoints {
			if w != b && lineOf(lines, w, b) < 0 {
				t.Fatalf("no line for %d, %d", w, b)
			}
		}
	}
	if lo, hi := StartBounds(lines); lo != Lost || hi != Won {
		t.Errorf("nothing solved: %d..%d", lo, hi)
	}
	for i := range lines {
		lines[i].Solved, lines[i].Value = true, Drawn
	}
	if lo, hi := StartBounds(lines); lo != Drawn || hi != Drawn {
		t.Errorf("every line drawn: %d..%d", lo, hi)
	}
	// Every reply to a corner of the outer square wins for White, one
	// reply to each other first placement loses: White wins.
	corner := lines[lineOf(lines, 0, 1)].White
	for i := range lines {
		if lines[i].White == corner {
			lines[i].Value = Won
		}
	}
	if lo, hi := StartBounds(lines); lo != Won || hi != Won {
		t.Errorf("a first placement whose replies all lose for Black: %d..%d", lo, hi)
	}
	lines[lineOf(lines, 0, 1)].Solved = false
	if lo, hi := StartBounds(lines); lo != Drawn || hi != Won {
		t.Errorf("one of its replies unsolved: %d..%d", lo, hi)
	}
}

// The directory's names say what is missing as the opened database does.
func TestMissingForStartInReadsTheNames(t *testing.T) {
	db := smallDB(t)
	in, err := MissingForStartIn(built.dir)
	if err != nil {
		t.Fatal(err)
	}
	if want := db.MissingForStart(); len(in) != 49-len(db.Spaces()) || !slices.Equal(in, want) {
		t.Errorf("missing by name %v, by the database %v", in, want)
	}
	if in, err := MissingForStartIn(t.TempDir()); err != nil || len(in) != 49 {
		t.Errorf("an empty directory: %d missing, %v", len(in), err)
	}
}
