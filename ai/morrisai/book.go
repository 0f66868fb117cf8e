package morrisai

import (
	"context"
	"time"

	"gameai/ai/minimax"
	"gameai/ai/morrisdb"
	"gameai/games/morris"
)

// The book of the first placements (morrisdb.Book): after a random
// opening, the first placement each side makes is where the refuter cannot
// help (a proof there takes four times a move's time). The book has, for
// each class of the position after four plies, White's placement that
// keeps the position's value and Black's reply to each of White's that
// keeps at least a draw, all proved ahead of play.

// fromBook plays the book's move b in pos. A move proved to keep only a
// draw where more may be there (a reply: the book's proof looked for a
// draw once one was enough) gives the search its share of the time, and
// the search's own choice is played when the rest of the time proves it
// wins; otherwise, and wherever the book's move is a win or the position's
// value, the book's move at once.
func (k *Knowledge) fromBook(ctx context.Context, pos Pos, lim minimax.Limits,
	search func(Pos, minimax.Limits) minimax.Result[morris.Move], b morrisdb.BookMove) (minimax.Result[morris.Move], Checked) {
	book := minimax.Result[morris.Move]{Move: b.Move, HasMove: true, PV: []morris.Move{b.Move}}
	if b.Value == morrisdb.Won {
		book.Score = DBWin
	}
	c := Checked{Ran: true, Kept: true, Book: true}
	if b.Value == morrisdb.Won || b.Exact || pos.DB == nil {
		return book, c
	}
	o, done, ok := k.take()
	if !ok {
		c.Busy = true
		return book, c
	}
	defer done()
	deadline := time.Now().Add(lim.Time)
	first := search(pos, minimax.Limits{Time: time.Duration(float64(lim.Time) * firstShare)})
	if !first.HasMove || first.Move == b.Move {
		return book, c
	}
	n0 := o.Nodes
	pctx, cancel := context.WithDeadline(ctx, deadline)
	defer cancel()
	q := pos.P.Clone()
	q.Make(first.Move)
	// The opponent's outcome after the search's choice: at most Lost
	// (the choice wins) or more.
	w, err := o.SolveWithin(pctx, q, morrisdb.Lost, morrisdb.Drawn)
	c.Nodes = o.Nodes - n0
	if err == nil && w <= morrisdb.Lost {
		c.Won = true
		return first, c
	}
	return book, c
}
