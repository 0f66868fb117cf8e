package morrisai

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"gameai/ai/minimax"
	"gameai/ai/morrisdb"
	"gameai/games/morris"
)

// smallBook is the book of the roots with one piece placed and two in hand
// a side, solved on the test database and read back as a file.
func smallBook(t *testing.T, db *morrisdb.DB) (*morrisdb.Book, []morrisdb.BookLine) {
	t.Helper()
	roots, err := morrisdb.BookRoots(1, 2)
	if err != nil {
		t.Fatal(err)
	}
	o := morrisdb.NewOpening(db, 16)
	var file bytes.Buffer
	for _, r := range roots {
		l, err := o.SolveBookLine(t.Context(), r)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(l)
		file.Write(append(b, '\n'))
	}
	b, lines, _, err := morrisdb.ReadBook(&file)
	if err != nil {
		t.Fatal(err)
	}
	return b, lines
}

// At a root the book's move is played at once; after each of White's
// placements, the book's reply or the search's own choice where a proof
// shows it wins: never a move worth less than the book's. The evaluation
// alone chooses other placements often, so both ways are seen. A search to
// a depth does not read the book (its answer must repeat).
func TestTheBookIsPlayedAndASearchOnlyOverridesItWithAWin(t *testing.T) {
	k := withDB(t)
	db := k.DB()
	book, lines := smallBook(t, db)
	k.book = book
	proof := morrisdb.NewOpening(db, 16)
	s := NewSearcher()
	coef, _, err := StrategyOption(nil)
	if err != nil {
		t.Fatal(err)
	}
	var roots, replies, won int
	for _, l := range lines {
		root, _ := morris.ParsePosition(morris.StandardRules, l.Root)
		positions := []*morris.Position{root.Clone()}
		for _, m := range root.GenMoves(nil) {
			q := root.Clone()
			q.Make(m)
			if !q.Outcome().Over {
				positions = append(positions, q)
			}
		}
		for i, p := range positions {
			want, ok := book.Lookup(p)
			if !ok {
				t.Fatalf("%s: not in the book", p)
			}
			res, c := k.SearchChecked(t.Context(), k.Pos(p.Clone(), &coef), minimax.Limits{Time: time.Minute}, evalOnly(s))
			if !res.HasMove || !c.Book && want.Value >= morrisdb.Drawn {
				t.Fatalf("%s: %v, %+v: the book's %v not looked at", p, res.Move, c, want.Move)
			}
			if want.Value < morrisdb.Drawn {
				if c.Book {
					t.Fatalf("%s: a book move that loses was played as the book's", p)
				}
				continue
			}
			q := p.Clone()
			q.Make(res.Move)
			v, err := proof.Solve(t.Context(), q)
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case -v < want.Value:
				t.Fatalf("%s: played %v, worth %d to the mover; the book's %v is worth %d", p, res.Move, -v, want.Move, want.Value)
			case res.Move != want.Move && (!c.Won || -v != morrisdb.Won):
				t.Fatalf("%s: played %v, not the book's %v, and not proved to win (%+v, worth %d)", p, res.Move, want.Move, c, -v)
			case i == 0 && res.Move != want.Move:
				t.Fatalf("%s: a root's exact move %v overridden by %v", p, want.Move, res.Move)
			}
			if i == 0 {
				roots++
			} else {
				replies++
			}
			if c.Won {
				won++
			}
			if say := c.String(); !strings.HasPrefix(say, "the book's placement") || c.Won != strings.Contains(say, "the search's own wins") {
				t.Fatalf("%s: the bot would say %q (%+v)", p, say, c)
			}
		}
	}
	if won == 0 || replies == 0 {
		t.Errorf("%d roots, %d replies played, %d wins of the search's own: the sample shows no override", roots, replies, won)
	}
	t.Logf("%d roots and %d replies played from the book, %d of them the search's own proved wins", roots, replies, won)
	root, _ := morris.ParsePosition(morris.StandardRules, lines[0].Root)
	if _, c := k.SearchChecked(t.Context(), k.Pos(root, &coef), minimax.Limits{Depth: 2}, evalOnly(s)); c.Book {
		t.Errorf("a search to a depth read the book")
	}
}
