// Package morrisai plays Nine Men's Morris: the alpha-beta engine with the
// 19-coefficient evaluation and the MCTS engine, the binding of the game to
// the generic searches, and strategy options.
package morrisai

import (
	"gameai/ai/minimax"
	"gameai/ai/morrisdb"
	"gameai/games/morris"
)

// Pos is a Morris position as alpha-beta sees it: the game's position and
// the strategy that evaluates it. A value type, so that the generic search
// is compiled for it and calls its methods directly.
type Pos struct {
	P *morris.Position
	C *morris.Coefficients
	// DB, when set (NewPos), decides the positions with both hands empty
	// that it covers.
	DB *morrisdb.DB
	// Book, when set (NewPos), has the first placements after an opening
	// solved (book.go).
	Book *morrisdb.Book
	// Refuted, when set, scores as lost the root's moves a proof refuted
	// (refute.go).
	Refuted refuted
}

func (p Pos) GenMoves(buf []morris.Move) []morris.Move { return p.P.GenMoves(buf) }
func (p Pos) Make(m morris.Move)                       { p.P.Make(m) }
func (p Pos) Unmake(m morris.Move)                     { p.P.Unmake(m) }
func (p Pos) Hash() uint64                             { return p.P.Hash() ^ millKey[p.P.LastMill()+1] }
func (p Pos) HashAfter(m morris.Move) uint64           { return p.P.HashAfter(m) ^ millKey[millAfter(p.P, m)+1] }
func (p Pos) KeySpace() int                            { return 25 * morris.NPoints }

// millKey tells apart, in the table, positions that differ only in whose
// last move closed a mill (none, White, Black): the evaluation reads it
// (the closed-mill feature), the position's own hash does not (a
// repetition is of the board, the side and the hands).
var millKey = [3]uint64{0, 0x7f4a7c159e3779b9, 0x94d049bb133111eb}

// millAfter is whose last move closed a mill once m is played: the mover's
// when m removes (a mill with nothing to remove, which Make also counts,
// is rare enough to cost only a prefetch of the wrong slot).
func millAfter(p *morris.Position, m morris.Move) int {
	if m.Removes() {
		return p.SideToMove()
	}
	return -1
}

// OrderKeys keys a move by from (24 for a placement) and to; a move that
// closes a mill and removes is tactical.
func (p Pos) OrderKeys(moves []morris.Move, keys []int32) []int32 {
	for _, m := range moves {
		f := m.From()
		if f < 0 {
			f = morris.NPoints
		}
		k := int32(f*morris.NPoints + m.To())
		if m.Removes() {
			k |= minimax.Tactical
		}
		keys = append(keys, k)
	}
	return keys
}

// Evaluate is the strategy's score for the side to move. The search calls
// it only where Terminal said the game goes on.
func (p Pos) Evaluate() minimax.Score {
	return minimax.Score(p.P.EvaluateLive(p.P.SideToMove(), p.C))
}

// Terminal applies the rules: fewer than three pieces or no move loses, a
// full board draws, and so do the N-move rule, the repetition count, and a
// repetition of a position of the search's own path (the side to move can
// claim it by repeating). Then the database, when there is one, decides a
// won or lost position it covers (DBWin less the distance); a drawn one is
// searched on, so that the engine still picks the draw whose evaluation
// gives the opponent the most chances to go wrong.
func (p Pos) Terminal(ply int) (bool, minimax.Score) {
	q := p.P
	us := q.SideToMove()
	switch {
	case q.Material(us) < 3:
		return true, -minimax.Mate
	case q.Material(1-us) < 3:
		return true, minimax.Mate
	case q.Empty() == 0:
		return true, 0
	case !q.HasMove():
		return true, -minimax.Mate
	}
	r := q.Rules()
	if r.NMovePlies > 0 && q.Clock() >= r.NMovePlies {
		return true, 0
	}
	if r.Repetitions > 0 && q.Clock() >= 4 {
		if q.RepeatsSince(ply) || q.Repetitions()+1 >= r.Repetitions {
			return true, 0
		}
	}
	if v, ok := p.probe(); ok && v != morrisdb.Draw {
		return true, dbScore(v, q.Clock() == 0)
	}
	return p.Refuted.decides(q, ply)
}
