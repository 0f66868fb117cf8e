package morrisuci

import (
	"strings"
	"testing"

	"gameai/ai/morrisai"
	"gameai/ai/morrisdb"
	"gameai/ai/morrisdb/morrisdbtest"
	"gameai/internal/xrand"
)

// With the database, the bot's placements go through the refuter: it says
// what was refuted and that the placement played does not lose, and plays
// one that does not where one exists.
func TestTheBotsPlacementsAreRefuted(t *testing.T) {
	db := morrisdbtest.Open(t)
	k := morrisai.NewKnowledge(db, nil)
	o := morrisdb.NewOpening(db, 16)
	r := xrand.New(9)
	played := 0
	for played < 5 {
		p := morrisdbtest.Placing(t, r)
		safe := map[string]bool{}
		lose := 0
		for _, m := range p.GenMoves(nil) {
			q := p.Clone()
			q.Make(m)
			w, err := o.Solve(t.Context(), q)
			if err != nil {
				t.Fatal(err)
			}
			if w == morrisdb.Won {
				lose++
			} else {
				safe[m.Tokens()[0]] = true
			}
		}
		if len(safe) == 0 || lose == 0 {
			continue
		}
		played++
		s := newSessionKnowing(t, k)
		s.send("position fen " + p.String())
		// Time enough for the proofs' table (256 MB) to be allocated
		// and cleared beside other packages' tests: the proofs on this
		// database take milliseconds.
		s.send("go movetime 3000")
		if l := s.expect("info string refuted"); !strings.Contains(l, "the one played does not lose") {
			t.Errorf("%s: %q", p, l)
		}
		if l := s.expect("bestmove"); !safe[strings.TrimPrefix(l, "bestmove ")] {
			t.Errorf("%s: %q loses (%d of %d placements lose)", p, l, lose, lose+len(safe))
		}
		s.send("quit")
		<-s.done
	}
}
