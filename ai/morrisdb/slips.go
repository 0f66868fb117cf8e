package morrisdb

import (
	"fmt"

	"gameai/games/morris"
)

// Slip is a move after which the database values the game lower for the
// side that made it: a win given up for a draw or a loss, or a draw for a
// loss (both positions with both hands empty, in spaces it holds).
type Slip struct {
	Ply  int // from 1, the move's place in the game
	Side int // morris.White or morris.Black
	Move morris.Move
	// Before and After are the position's values for that side, before
	// the move and after it.
	Before, After Value
}

func (s Slip) String() string {
	return fmt.Sprintf("ply %d, %s %v: %v before, %v after", s.Ply, []string{"white", "black"}[s.Side], s.Move, s.Before, s.After)
}

// Slips replays moves from start (not changed) and lists every move that
// the database says threw away a win or a draw. Nothing is listed under
// rules it does not cover.
func (db *DB) Slips(start *morris.Position, moves []morris.Move) ([]Slip, error) {
	if !Covers(start.Rules()) {
		return nil, nil
	}
	p := start.Clone()
	var out []Slip
	for i, m := range moves {
		if !p.IsLegal(m) {
			return out, fmt.Errorf("ply %d: %v is not legal in %s", i+1, m, p)
		}
		us := p.SideToMove()
		before, okBefore := db.value(p, us)
		p.Make(m)
		after, okAfter := db.value(p, us)
		if okBefore && okAfter && after.Outcome() < before.Outcome() {
			out = append(out, Slip{Ply: i + 1, Side: us, Move: m, Before: before, After: after})
		}
	}
	return out, nil
}

// value is the database's value of p for side, when both hands are empty
// and p's space is built; a side left with two pieces has lost. A win
// whose next capture the N-move rule would not wait for is a draw: the
// game is drawn before it (the engine's probe reads it so too).
func (db *DB) value(p *morris.Position, side int) (Value, bool) {
	if p.InHand(morris.White) != 0 || p.InHand(morris.Black) != 0 {
		return 0, false
	}
	switch {
	case p.Pieces(side).Count() < 3:
		return Loss(0), true
	case p.Pieces(1-side).Count() < 3:
		return Win(1), true
	}
	mover := p.SideToMove()
	v, ok := db.Lookup(p.Pieces(mover), p.Pieces(1-mover))
	if ok && TooLate(v, p) {
		v = Draw
	}
	if !ok || mover == side {
		return v, ok
	}
	switch {
	case v.IsWin():
		return Loss(v.Distance()), true
	case v.IsLoss():
		return Win(v.Distance()), true
	}
	return Draw, true
}
