package morris

import "testing"

// Each ending the rules read off a position is a value with its winner and
// its words: fewer than three pieces, no legal move, a full board (Twelve
// Men's Morris), the N-move rule, a repetition; the referee's endings are
// adjudicated only when decided on material.
func TestEndingsAreValues(t *testing.T) {
	twelve := MustRules(Twelve, nil)
	for _, c := range []struct {
		name   string
		rules  *Rules
		pos    string
		moves  []string
		ending Ending
		winner int
	}{
		{"the start", StandardRules, ".../.../.../....../.../.../... w 9 9 0 0 -", nil, NotOver, -1},
		{"white down to two", StandardRules, "WBB/B../.../....../.../.../W.. w 0 0 5 40 -", nil, FewerThanThree, Black},
		{"white hemmed in", StandardRules, "WBW/.../.../B....B/.../.../WBW w 0 0 5 40 -", nil, NoLegalMove, Black},
		{"the board full", twelve, "WBW/BWB/WBW/BWBWBW/WBW/BWB/BBW w 0 0 0 24 -", nil, BoardFull, -1},
		{"100 plies of moving", StandardRules, "WW./B../.../W....B/.../.../B.. w 0 0 100 140 -", nil, NMoveRule, -1},
		{"a position three times", StandardRules, "WW./B../.../W....B/.../.../B.. w 0 0 0 40 -",
			[]string{"d7-g7", "a1-d1", "g7-d7", "d1-a1", "d7-g7", "a1-d1", "g7-d7", "d1-a1"}, Repetition, -1},
	} {
		p, err := ParsePosition(c.rules, c.pos)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for _, s := range c.moves {
			m, err := ParseMove(s)
			if err != nil {
				t.Fatalf("%s: %s: %v", c.name, s, err)
			}
			if bad := p.Illegal(m); bad != nil {
				t.Fatalf("%s: %v", c.name, bad)
			}
			p.Make(m)
		}
		o := p.Outcome()
		if o.Ending != c.ending || o.Winner != c.winner || o.Over != (c.ending != NotOver) || (o.Over && o.Reason == "") {
			t.Errorf("%s: %+v, want %s won by %d", c.name, o, c.ending, c.winner)
		}
	}
	for e := NotOver; e <= Forfeit; e++ {
		if e.String() == "" || e.String() == "ending "+string(rune('0'+e)) {
			t.Errorf("ending %d has no name", e)
		}
		if e.Adjudicated() != (e == PlyLimit || e == DeadLoop) {
			t.Errorf("%s adjudicated: %v", e, e.Adjudicated())
		}
	}
}
