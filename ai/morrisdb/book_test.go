package morrisdb_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"gameai/ai/morrisdb"
	"gameai/games/morris"
)

// The roots are the classes of the placements: their orbits add up to
// every placement of placed pieces a side, and no two are one class.
func TestBookRootsAreTheClassesOfThePlacements(t *testing.T) {
	for _, c := range []struct{ placed, inHand, classes, placements int }{
		{0, 9, 1, 1},
		{1, 3, 0, 24 * 23},
		{2, 7, 4200, 276 * 231}, // C(24,2)·C(22,2); 4,200 classes
	} {
		roots, err := morrisdb.BookRoots(c.placed, c.inHand)
		if err != nil {
			t.Fatal(err)
		}
		if c.classes > 0 && len(roots) != c.classes {
			t.Errorf("%d placed: %d roots, want %d", c.placed, len(roots), c.classes)
		}
		sum, seen := 0, map[[2]morris.Bits]bool{}
		for _, r := range roots {
			w, b := r.Pieces(morris.White), r.Pieces(morris.Black)
			cw, cb, orbit := morris.Canonical(w, b)
			if cw != w || cb != b || seen[[2]morris.Bits{w, b}] {
				t.Fatalf("%s: not its class's canonical placement, or met twice", r)
			}
			seen[[2]morris.Bits{w, b}] = true
			if r.SideToMove() != morris.White || r.InHand(morris.White) != c.inHand || r.InHand(morris.Black) != c.inHand || w.Count() != c.placed || b.Count() != c.placed {
				t.Fatalf("%s: want White to move, %d placed and %d in hand a side", r, c.placed, c.inHand)
			}
			sum += orbit
		}
		if sum != c.placements {
			t.Errorf("%d placed: the orbits add up to %d, want %d", c.placed, sum, c.placements)
		}
	}
	for _, bad := range [][2]int{{3, 6}, {-1, 9}, {2, 0}, {2, 8}} {
		if _, err := morrisdb.BookRoots(bad[0], bad[1]); err == nil {
			t.Errorf("BookRoots(%d, %d): no error", bad[0], bad[1])
		}
	}
}

// testBook solves the roots with one piece placed and two in hand a side:
// their games stay in the test database's spaces, and a side's third
// piece can close a mill (replies that win, draw and lose).
func testBook(t *testing.T, db *morrisdb.DB) ([]morrisdb.BookLine, []byte) {
	t.Helper()
	roots, err := morrisdb.BookRoots(1, 2)
	if err != nil {
		t.Fatal(err)
	}
	o := morrisdb.NewOpening(db, 18)
	var lines []morrisdb.BookLine
	var file bytes.Buffer
	for _, r := range roots {
		l, err := o.SolveBookLine(t.Context(), r)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, l)
		b, err := json.Marshal(l)
		if err != nil {
			t.Fatal(err)
		}
		file.Write(append(b, '\n'))
	}
	return lines, file.Bytes()
}

// Every line's claims, proved again by a search with a table of its own:
// the root's value, White's placement achieving it, and each reply worth
// at least what it says (Lost only where every reply loses).
func TestBookLinesHoldWhatTheySay(t *testing.T) {
	db := openDB(t)
	lines, _ := testBook(t, db)
	check := morrisdb.NewOpening(db, 16)
	solve := func(p *morris.Position) int {
		v, err := check.Solve(t.Context(), p)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	values, replies := map[int]int{}, map[int]int{}
	for _, l := range lines {
		root, err := morris.ParsePosition(morris.StandardRules, l.Root)
		if err != nil {
			t.Fatal(err)
		}
		if v := solve(root); v != l.Value {
			t.Fatalf("%s: %d for White, the line says %d", l.Root, v, l.Value)
		}
		values[l.Value]++
		m, _ := morris.ParseMove(l.Move)
		root.Make(m)
		if v := solve(root); v != -l.Value {
			t.Fatalf("%s %s: Black's value %d, want %d", l.Root, l.Move, v, -l.Value)
		}
		root.Unmake(m)
		open := 0
		for _, m := range root.GenMoves(nil) {
			root.Make(m)
			if !root.Outcome().Over {
				open++
			}
			root.Unmake(m)
		}
		if len(l.Replies) != open {
			t.Fatalf("%s: %d replies for %d placements that leave the game on", l.Root, len(l.Replies), open)
		}
		for _, r := range l.Replies {
			wm, _ := morris.ParseMove(r.Move)
			bm, _ := morris.ParseMove(r.Reply)
			root.Make(wm)
			all := solve(root)
			root.Make(bm)
			got := -solve(root)
			root.Unmake(bm)
			root.Unmake(wm)
			replies[r.Value]++
			if got < r.Value || r.Value == morrisdb.Lost && all != morrisdb.Lost {
				t.Fatalf("%s %s %s: Black gets %d (%d at best), the line says %d", l.Root, r.Move, r.Reply, got, all, r.Value)
			}
		}
	}
	if len(replies) < 3 {
		t.Errorf("the replies' values: %v; the sample lacks an outcome", replies)
	}
	t.Logf("%d roots: %v (White's outcome: count); replies %v (Black's)", len(lines), values, replies)
}

// The book read back plays its moves in every image of a position under
// the symmetries: the image of the move, which keeps the value.
func TestTheBookPlaysInEveryImageOfAPosition(t *testing.T) {
	db := openDB(t)
	lines, file := testBook(t, db)
	b, read, cut, err := morrisdb.ReadBook(bytes.NewReader(file))
	if err != nil || cut != 0 || len(read) != len(lines) || b.Roots != len(lines) {
		t.Fatalf("read back: %d lines of %d, cut %d, %v", len(read), len(lines), cut, err)
	}
	check := morrisdb.NewOpening(db, 16)
	n := 0
	for _, l := range lines {
		root, _ := morris.ParsePosition(morris.StandardRules, l.Root)
		positions := []*morris.Position{root}
		wm, _ := morris.ParseMove(l.Replies[len(l.Replies)/2].Move)
		after := root.Clone()
		after.Make(wm)
		if !after.Outcome().Over {
			positions = append(positions, after)
		}
		for _, p := range positions {
			for i := range morris.Symmetries {
				img := image(t, p, &morris.Symmetries[i])
				bm, ok := b.Lookup(img)
				if !ok {
					t.Fatalf("%s (image %d of %s): not in the book", img, i, p)
				}
				img.Make(bm.Move)
				v, err := check.Solve(t.Context(), img)
				if err != nil {
					t.Fatal(err)
				}
				if -v < bm.Value || bm.Exact && -v != bm.Value {
					t.Fatalf("%s: the book's %v leaves the mover %d, it says %d", img, bm.Move, -v, bm.Value)
				}
				n++
			}
		}
	}
	t.Logf("%d images looked up", n)
	// A position after the roots' plies is not in the book.
	p := lines[0]
	root, _ := morris.ParsePosition(morris.StandardRules, p.Root)
	for _, text := range []string{p.Replies[0].Move, p.Replies[0].Reply} {
		m, _ := morris.ParseMove(text)
		root.Make(m)
	}
	if _, ok := b.Lookup(root); ok {
		t.Errorf("%s: in the book, two plies past its roots", root)
	}
}

// image is p's image under s (the same side to move, hands and counters).
func image(t *testing.T, p *morris.Position, s *morris.Symmetry) *morris.Position {
	t.Helper()
	w, b := s.Apply(p.Pieces(morris.White)), s.Apply(p.Pieces(morris.Black))
	f := strings.Fields(p.String())
	q, err := morrisdb.Placement(morris.StandardRules, w, b, p.SideToMove())
	if err != nil {
		t.Fatal(err)
	}
	g := strings.Fields(q.String())
	f[0] = g[0]
	img, err := morris.ParsePosition(morris.StandardRules, strings.Join(f, " "))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// A book cut short by a kill reads as the lines whole before the cut; a
// line that does not hold is refused, naming it.
func TestReadBookDropsACutLineAndRefusesABadOne(t *testing.T) {
	db := openDB(t)
	lines, file := testBook(t, db)
	_, read, cut, err := morrisdb.ReadBook(bytes.NewReader(file[:len(file)-7]))
	if err != nil || cut == 0 || len(read) != len(lines)-1 {
		t.Fatalf("cut short: %d lines of %d, cut %d, %v", len(read), len(lines), cut, err)
	}
	first, _, _ := bytes.Cut(file, []byte{'\n'})
	for name, bad := range map[string]string{
		"not JSON":          "{\"root\":",
		"an illegal move":   strings.Replace(string(first), `"move":"`+lines[0].Move+`"`, `"move":"`+occupied(lines[0].Root)+`"`, 1),
		"a slide":           strings.Replace(string(first), `"move":"`+lines[0].Move+`"`, `"move":"a7-d7"`, 1),
		"Black to move":     strings.Replace(string(first), " w ", " b ", 1),
		"a value of 2":      strings.Replace(string(first), `"value":`+itoa(lines[0].Value)+`,"move"`, `"value":2,"move"`, 1),
		"a bad reply":       strings.Replace(string(first), `"reply":"`+lines[0].Replies[0].Reply+`"`, `"reply":"z9"`, 1),
		"an unknown square": strings.Replace(string(first), lines[0].Root, "WWW/.../...", 1),
	} {
		if bad == string(first) {
			t.Fatalf("%s: the line did not change", name)
		}
		_, _, _, err := morrisdb.ReadBook(strings.NewReader(string(first) + "\n" + bad + "\n"))
		if err == nil || !strings.Contains(err.Error(), "book line 2") {
			t.Errorf("%s: %v, want an error naming line 2", name, err)
		}
	}
}

func itoa(v int) string { b, _ := json.Marshal(v); return string(b) }

// occupied is a point the root's text has a piece on.
func occupied(root string) string {
	p, _ := morris.ParsePosition(morris.StandardRules, root)
	for q := range morris.NPoints {
		if (p.Pieces(morris.White) | p.Pieces(morris.Black)).Has(q) {
			return morris.Place(q).String()
		}
	}
	return ""
}

func FuzzReadBook(f *testing.F) {
	f.Add([]byte(`{"root":".../.../.../W...B./.../.../... w 3 3 0 2 -","value":0,"move":"a7","replies":[{"move":"a7","reply":"d7","value":0}]}` + "\n"))
	f.Add([]byte("{\"root\":\"x\"}\n{"))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, lines, cut, err := morrisdb.ReadBook(bytes.NewReader(data))
		if err != nil {
			return
		}
		if cut > len(data) || b.Roots != len(lines) {
			t.Fatalf("cut %d of %d bytes, %d roots for %d lines", cut, len(data), b.Roots, len(lines))
		}
		for _, l := range lines {
			root, err := morris.ParsePosition(morris.StandardRules, l.Root)
			if err != nil {
				t.Fatalf("%q: read, yet %v", l.Root, err)
			}
			if m, ok := b.Lookup(root); ok && !root.IsLegal(m.Move) {
				t.Fatalf("%s: the book's %v is not legal", root, m.Move)
			}
		}
	})
}
