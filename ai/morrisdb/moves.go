package morrisdb

import (
	"errors"
	"fmt"

	"gameai/games/morris"
)

// MoveValue is a legal move and what it makes of the position for the
// side that plays it: a win in d when it leads to the opponent's loss in
// d−1 (a capture: d is 1, the capture being the conversion), a loss in d
// when it leads to the opponent's win in d−1, or a draw.
type MoveValue struct {
	Move  morris.Move
	Value Value
}

// ErrNotCovered is a position the database does not hold: rules other
// than its own, a piece still in a hand, or a space not built.
var ErrNotCovered = errors.New("not in the database")

// Moves is the value of p for the side to move and each legal move's, in
// the order the game generates them; a move is best when its value is the
// position's. The error wraps ErrNotCovered, saying why, when p or a
// position a move leads to is not the database's.
func (db *DB) Moves(p *morris.Position) (Value, []MoveValue, error) {
	switch {
	case !Covers(p.Rules()):
		return 0, nil, fmt.Errorf("%w: it holds Nine Men's Morris under the standard rules (flying, pieces in mills safe, one removal a mill)", ErrNotCovered)
	case p.InHand(morris.White) != 0 || p.InHand(morris.Black) != 0:
		return 0, nil, fmt.Errorf("%w: a piece is still in a hand; it holds the moving and flying phases", ErrNotCovered)
	}
	us := p.SideToMove()
	s := Space{p.Pieces(us).Count(), p.Pieces(1 - us).Count()}
	if !s.valid() {
		return 0, nil, fmt.Errorf("%w: the game is over", ErrNotCovered)
	}
	v, ok := db.Lookup(p.Pieces(us), p.Pieces(1-us))
	if !ok {
		return 0, nil, fmt.Errorf("%w: the space %v is not built", ErrNotCovered, s)
	}
	q := p.Clone()
	var out []MoveValue
	for _, m := range q.GenMoves(nil) {
		w, err := db.after(q, m)
		if err != nil {
			return 0, nil, fmt.Errorf("%w: after %v, %v", ErrNotCovered, m, err)
		}
		out = append(out, MoveValue{Move: m, Value: moveValue(w, m.Removes())})
	}
	return v, out, nil
}

// moveValue is what a move makes of the position for its mover, w being
// the value after it for the opponent: a capture converts (distance 1),
// a quiet move is one ply more than what it leads to.
func moveValue(w Value, capture bool) Value {
	d := w.Distance() + 1
	if capture {
		d = 1
	}
	switch {
	case w.IsLoss():
		return Win(d)
	case w.IsWin():
		return Loss(d)
	}
	return Draw
}
