package morris

import "fmt"

// Ending is how a game ended, as a value a referee or a tally reads (the
// sentence beside it is for people). The first are the rules' own, read
// off a position; the last four a referee decides.
type Ending uint8

const (
	// NotOver: the game goes on.
	NotOver Ending = iota
	// FewerThanThree: a side has fewer than three pieces on the board and
	// in hand; it loses.
	FewerThanThree
	// NoLegalMove: the side to move cannot move; it loses.
	NoLegalMove
	// BoardFull: every point is taken (Twelve Men's Morris); a draw.
	BoardFull
	// NMoveRule: the N-move rule's plies passed without a placement or a
	// removal; a draw.
	NMoveRule
	// Repetition: the position occurred the rules' number of times; a
	// draw.
	Repetition
	// PlyLimit: the referee's limit of plies; decided on material.
	PlyLimit
	// DeadLoop: the sides repeat a cycle the referee ends; decided on
	// material.
	DeadLoop
	// IllegalMove: the loser played a move the rules forbid (the rules'
	// model decides it, whatever the player said).
	IllegalMove
	// Forfeit: the loser failed the referee otherwise (its clock, a
	// crash, a false claim, an unreadable answer: the fault says which).
	Forfeit
)

var endingNames = [...]string{"not over", "fewer than three", "no legal move", "board full", "n-move rule", "repetition",
	"ply limit", "dead loop", "illegal move", "forfeit"}

func (e Ending) String() string {
	if int(e) < len(endingNames) {
		return endingNames[e]
	}
	return fmt.Sprintf("ending %d", e)
}

// Adjudicated reports whether a referee decided the game on material
// rather than the rules ending it.
func (e Ending) Adjudicated() bool { return e == PlyLimit || e == DeadLoop }

// Outcome says whether a game is over, who won, how and why.
type Outcome struct {
	Over bool
	// Winner is White or Black, or -1 for a draw.
	Winner int
	Ending Ending
	// Reason says the ending in words, with its particulars.
	Reason string
}

// Outcome applies the rules to the position: a side with fewer than three
// pieces (board and hand) loses, a side with no legal move loses, a full
// board draws (Twelve Men's Morris), and so do the N-move rule and the
// repetition of a position.
func (p *Position) Outcome() Outcome {
	for _, s := range [2]int{int(p.side), 1 - int(p.side)} {
		if p.Material(s) < 3 {
			return Outcome{true, 1 - s, FewerThanThree, fmt.Sprintf("%s has fewer than 3 pieces", sideName(s))}
		}
	}
	if p.Empty() == 0 {
		return Outcome{true, -1, BoardFull, "the board is full"}
	}
	if !p.HasMove() {
		return Outcome{true, 1 - int(p.side), NoLegalMove, fmt.Sprintf("%s has no legal move", sideName(int(p.side)))}
	}
	if n := p.rules.NMovePlies; n > 0 && int(p.clock) >= n {
		return Outcome{true, -1, NMoveRule, fmt.Sprintf("%d plies without a placement or a removal", n)}
	}
	if n := p.rules.Repetitions; n > 0 && p.Repetitions()+1 >= n {
		return Outcome{true, -1, Repetition, fmt.Sprintf("the position occurred %d times", n)}
	}
	return Outcome{Winner: -1}
}

func sideName(s int) string {
	if s == White {
		return "white"
	}
	return "black"
}
