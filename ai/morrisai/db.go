package morrisai

import (
	"gameai/ai/minimax"
	"gameai/ai/morrisdb"
	"gameai/games/morris"
)

// DBWin is the score of a position the perfect-play database says is won,
// less its distance in plies to the next capture: above any evaluation,
// below the search's own wins by distance to the end. A lost one scores
// its negation.
const DBWin minimax.Score = 1 << 26

// probe is the database's value of the position for the side to move:
// when both hands are empty, its space is built, and a decided game can
// be converted before the N-move rule draws it (a win in d at clock c
// captures with the clock at c+d-1, which must be below the rule's n).
func (p Pos) probe() (morrisdb.Value, bool) {
	q := p.P
	if p.DB == nil || q.InHand(morris.White) != 0 || q.InHand(morris.Black) != 0 {
		return 0, false
	}
	us := q.SideToMove()
	v, ok := p.DB.Lookup(q.Pieces(us), q.Pieces(1-us))
	if !ok {
		return 0, false
	}
	if morrisdb.TooLate(v, q) {
		return 0, false
	}
	return v, true
}

// dbScore is a decided value's score. At a capture (or the last
// placement: the clock is 0) the conversion it counts to has just been
// reached: the distance is 0 then, so that the capture that wins now is
// preferred to a quiet move into a short win, as the database's own
// distances, which count a winning capture as one ply, have it.
func dbScore(v morrisdb.Value, converted bool) minimax.Score {
	d := v.Distance()
	if converted {
		d = 0
	}
	s := DBWin - minimax.Score(d)
	if v.IsLoss() {
		return -s
	}
	return s
}
