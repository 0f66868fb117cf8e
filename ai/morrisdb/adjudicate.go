package morrisdb

import "gameai/games/morris"

// Adjudicate is the game's result under perfect play from p, for a referee
// that must stop a game (a ply limit, a dead loop): winner is White, Black
// or -1 for a draw. ok is false where the database does not say: a piece
// in a hand, a space not built, or rules it does not cover; a win the
// N-move rule ends before its next capture is a draw. Material
// would call a drawn 8 against 7 a win; the database does not.
func (db *DB) Adjudicate(p *morris.Position) (winner int, reason string, ok bool) {
	if !Covers(p.Rules()) {
		return 0, "", false
	}
	v, ok := db.value(p, morris.White)
	if !ok {
		return 0, "", false
	}
	switch {
	case v.IsWin():
		return morris.White, "white wins with perfect play (the database)", true
	case v.IsLoss():
		return morris.Black, "black wins with perfect play (the database)", true
	}
	return -1, "a draw with perfect play (the database)", true
}
