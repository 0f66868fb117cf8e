package morrisai

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gameai/ai/minimax"
	"gameai/ai/morrisdb"
	"gameai/games/morris"
)

// Refuting a placement. The evaluation, not the database, chooses the
// placements until the search reaches the positions where both hands are
// empty, and a placement it likes can lose with perfect play: against
// Sanmill at 1 s a move, 13 of 200 games were lost by our placements at
// the 6th to 8th plies (`gameai morris db judge`), none after. Proving the
// value of every placement there costs more than a move's time (1.4 to 13
// M nodes at some 2 M a second, cold); proving that the one the search
// chose loses costs 0.2 to 1.6 M. So the search runs first on part of the
// time, and the rest goes to a proof (morrisdb.Opening, with the database
// at the leaves) that the opponent wins after the chosen placement; a
// placement so refuted is scored lost and the search goes again, until a
// choice stands (proved not to lose, or not refuted in the time left).
// The bot and the service's engine search through it; the players made in
// process for matches and tournaments do not (play.go).

// refuteHands is the most pieces left in both hands at which placements
// are refuted: from the 6th ply (13 left). Before it one proof takes more
// than a move's time, and the search's time would be lost; the book
// (book.go), where there is one, has the 5th and 6th plies proved.
const refuteHands = 13

// searchShare is the part of a move's time the first search takes; the
// proofs and the searches again after a refutation share the rest.
const searchShare = 0.4

// firstShare is searchShare at the first placements refuted (12 or 13 in
// both hands: the 6th and 7th plies), where the proofs' table is empty and
// a proof that the search's choice loses takes up to a second (1.04 M
// nodes, seed 4905's lost 6th plies).
const firstShare = 0.2

// refuteTableBits sizes the proofs' table of bounds: 2^25 entries, 256
// MB a process, made at the start by Knowledge.Prepare (else with the first
// proof) and kept from move to move (what the proof at one placement
// found, the next reads).
const refuteTableBits = 25

// provedLoss scores a placement proved lost (for the opponent, one ply
// after the root): a win above every win the database knows, so that the
// search, in a position where every placement loses, prefers a loss the
// database knows the length of to one proved with no length (the
// opponent has further to go), and never plays a refuted one otherwise.
const provedLoss = DBWin + 1<<20

// refuted are the positions after the root's moves proved lost for the
// root's mover (by hash).
type refuted map[uint64]bool

// decides scores a position one ply after the root, for its side to move:
// a win where the root's move was refuted.
func (r refuted) decides(p *morris.Position, ply int) (bool, minimax.Score) {
	if ply != 1 || !r[p.Hash()] {
		return false, 0
	}
	return true, provedLoss
}

// Checked is what refuting did at one root.
type Checked struct {
	// Ran says the refuter looked at the search's choice (the zero
	// Checked: it did not run).
	Ran bool
	// Refuted counts the moves proved to lose and left out; Kept says
	// the move played was proved not to lose.
	Refuted int
	Kept    bool
	// Nodes are the proofs' nodes.
	Nodes uint64
	// Busy says a proof was due but another search held the refuter:
	// the answer is the search's alone, below what the engine would say
	// with its proof (not to be cached as the engine's answer).
	Busy bool
	// Book says the move is the book's (Kept: it keeps the value the
	// book proved), or, where Won, the search's own proved to win.
	Book bool
	Won  bool
}

// SearchChecked searches pos (made by k.Pos) within lim by search (the
// caller's searcher and table) and, in the placement phase with a database
// that covers the rules and a search bounded by time alone, refutes its
// choices in the
// time lim leaves (above). Any other search is search's alone.
func (k *Knowledge) SearchChecked(ctx context.Context, pos Pos, lim minimax.Limits,
	search func(Pos, minimax.Limits) minimax.Result[morris.Move]) (minimax.Result[morris.Move], Checked) {
	p := pos.P
	if lim.Depth == 0 && lim.Nodes == 0 && lim.Time > 0 {
		if b, ok := pos.Book.Lookup(p); ok && b.Value >= morrisdb.Drawn {
			return k.fromBook(ctx, pos, lim, search, b)
		}
	}
	hands := p.InHand(morris.White) + p.InHand(morris.Black)
	if pos.DB == nil || lim.Depth != 0 || lim.Nodes != 0 || lim.Time <= 0 || hands == 0 || hands > refuteHands {
		return search(pos, lim), Checked{}
	}
	o, done, ok := k.take()
	if !ok {
		return search(pos, lim), Checked{Busy: true}
	}
	defer done()
	deadline := time.Now().Add(lim.Time)
	share := searchShare
	if hands >= 12 {
		share = firstShare
	}
	first := search(pos, minimax.Limits{Time: time.Duration(float64(lim.Time) * share)})
	if first.HasMove && minimax.IsMate(first.Score) && first.Score > 0 {
		return first, Checked{Ran: true, Kept: true} // a win by the rules, seen to its end
	}
	if !first.HasMove {
		return first, Checked{}
	}
	n0 := o.Nodes
	pctx, cancel := context.WithDeadline(ctx, deadline)
	defer cancel()
	c := Checked{Ran: true}
	out := refuted{}
	moves := p.GenMoves(nil)
	res := first
	q := p.Clone()
	for {
		q.Make(res.Move)
		// The opponent's outcome after the move: at least Won (the move
		// loses) or at most Drawn (it does not).
		w, err := o.SolveWithin(pctx, q, morrisdb.Drawn, morrisdb.Won)
		h := q.Hash()
		q.Unmake(res.Move)
		if errors.Is(err, morrisdb.ErrOpeningSpace) {
			// A database without a space the placements reach (one
			// built part of the way): the search has the time left.
			if left := time.Until(deadline); left > 0 {
				pos.Refuted = out
				res = search(pos, minimax.Limits{Time: left})
			}
			break
		}
		if err != nil {
			break // not proved either way in time: the choice stands
		}
		if w < morrisdb.Won {
			c.Kept = true
			break
		}
		out[h] = true
		c.Refuted++
		if len(out) == len(moves) {
			res = first // every placement loses: the evaluation's choice
			break
		}
		pos.Refuted = out
		left := time.Until(deadline)
		if left <= 0 {
			// Out of time: a shallow search (milliseconds) chooses among
			// the rest.
			res = search(pos, minimax.Limits{Depth: fallbackDepth})
			break
		}
		// A quarter of what is left: the search's table is warm and the
		// next proof often short (50 k nodes at the 8th ply), and where
		// most placements lose a half each time left the fifth or sixth
		// choice unproved (seed 4907, rounds 32 and 96).
		res = search(pos, minimax.Limits{Time: left / researchDiv})
		if !res.HasMove || isRefuted(q, res.Move, out) {
			// The search sees every other placement lose as well (the
			// database scores a refuted one that empties the hands, and
			// may find its loss the longest).
			break
		}
	}
	c.Nodes = o.Nodes - n0
	return res, c
}

// researchDiv divides the time left for a search after a refutation.
const researchDiv = 4

// fallbackDepth is the depth of the search that chooses among the moves
// not refuted when the time is out.
const fallbackDepth = 3

// String is the bot's info line: "refuted 2 placements; the one played
// does not lose (1234567 nodes)".
func (c Checked) String() string {
	switch {
	case c.Book && c.Won:
		return fmt.Sprintf("the book's placement keeps a draw; the search's own wins, proved (%d nodes)", c.Nodes)
	case c.Book:
		return fmt.Sprintf("the book's placement, proved not to lose (%d nodes)", c.Nodes)
	}
	kept := "not proved either way"
	if c.Kept {
		kept = "does not lose"
	}
	return fmt.Sprintf("refuted %d placements; the one played %s (%d nodes)", c.Refuted, kept, c.Nodes)
}

func isRefuted(p *morris.Position, m morris.Move, out refuted) bool {
	p.Make(m)
	defer p.Unmake(m)
	return out[p.Hash()]
}
