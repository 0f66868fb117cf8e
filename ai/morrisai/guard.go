package morrisai

import (
	"context"
	"sync"
	"time"

	"gameai/ai/minimax"
	"gameai/ai/morrisdb"
	"gameai/games/morris"
)

// The placement guard. The evaluation, not the database, chooses the
// placements until the search reaches the positions where both hands are
// empty; a placement it likes can lose with perfect play (against Sanmill
// at 1 s a move, 4 of 100 games were lost by our placements at the 6th
// and 7th plies, `gameai morris db judge`; none after). Before the search, the guard
// proves the position's value with the database at the placement phase's
// leaves (morrisdb.Opening, Gasser's search that proves the start a draw)
// and which placements keep that value; the search then chooses among
// those by the evaluation (a drawn game keeps its traps), the others
// scored as lost.

// guardTableBits sizes the guard's table of proved bounds: 2^25 entries,
// 256 MB a process, allocated with the first guarded search. It is kept
// from move to move: what one placement proved, the next reads.
const guardTableBits = 25

// guardShare is the part of a move's time the guard may take; the search
// has the rest. Late in the placement phase a proof takes milliseconds.
const guardShare = 0.5

// guardHands is the most pieces left in the hands at which the guard
// starts: from the 7th placement (12 left). Before it a proof costs
// more than a move's time (measured on the games lost to Sanmill: 33 M
// nodes at the 5th ply, 3.5 to 13 M at the 6th, some 2 M a second; at the
// 7th 20 k, at the 8th up to 0.6 M), and the time it took from the search
// lost games: a match with the guard from the 5th ply scored +13 =6 -3 in
// its first 22 games against 0.820 without it.
const guardHands = 12

// provedLoss scores a move the guard proved lost (for its mover's
// opponent, at the ply after the root): a win, below every win whose
// distance the database or the search knows.
const provedLoss = DBWin - 1<<20

// guardOpening is the process's guard: one search at a time takes it (a
// concurrent search goes unguarded rather than wait or allocate another
// table).
var guardOpening struct {
	mu sync.Mutex
	o  *morrisdb.Opening
	db *morrisdb.DB
}

// rootGuard is what the guard proved at a root: the positions after the
// root's moves that lose the root's value (by hash).
type rootGuard struct {
	worse map[uint64]bool
}

// guard proves, within the deadline, the value of p (in the placement
// phase, under the database's rules) and which of its moves fall below it.
// It returns nil when it cannot say: no database, a space missing, the
// guard busy, p not in the placement phase or too early in it, or time
// out before every move is classified.
func guard(ctx context.Context, db *morrisdb.DB, p *morris.Position, deadline time.Time) *rootGuard {
	inHand := p.InHand(morris.White) + p.InHand(morris.Black)
	if db == nil || !morrisdb.Covers(p.Rules()) || inHand == 0 || inHand > guardHands || !time.Now().Before(deadline) {
		return nil
	}
	if !guardOpening.mu.TryLock() {
		return nil
	}
	defer guardOpening.mu.Unlock()
	if guardOpening.db != db {
		guardOpening.o, guardOpening.db = morrisdb.NewOpening(db, guardTableBits), db
	}
	o := guardOpening.o
	ctx, cancel := context.WithDeadline(ctx, deadline)
	defer cancel()
	v, err := o.Solve(ctx, p)
	if err != nil || v == morrisdb.Lost {
		return nil // a lost position: every move loses, the evaluation chooses
	}
	g := &rootGuard{worse: map[uint64]bool{}}
	q := p.Clone()
	for _, m := range q.GenMoves(nil) {
		q.Make(m)
		// The move keeps v when the opponent's value after it is at most -v.
		w, err := o.SolveWithin(ctx, q, -v, -v+1)
		if err != nil {
			return nil
		}
		if w > -v {
			g.worse[q.Hash()] = true
		}
		q.Unmake(m)
	}
	return g
}

// decides is the guard's verdict on the position one ply after the root,
// for its side to move: a win where the root's move fell below the root's
// value.
func (g *rootGuard) decides(p *morris.Position, ply int) (bool, minimax.Score) {
	if g == nil || ply != 1 || !g.worse[p.Hash()] {
		return false, 0
	}
	return true, provedLoss
}
