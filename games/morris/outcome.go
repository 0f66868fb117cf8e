package morris

import "fmt"

// Outcome says whether a game is over, who won and why.
type Outcome struct {
	Over bool
	// Winner is White or Black, or -1 for a draw.
	Winner int
	Reason string
}

// Outcome applies the rules to the position: a side with fewer than three
// pieces (board and hand) loses, a side with no legal move loses, a full
// board draws (Twelve Men's Morris), and so do the N-move rule and the
// repetition of a position.
func (p *Position) Outcome() Outcome {
	for _, s := range [2]int{int(p.side), 1 - int(p.side)} {
		if p.Material(s) < 3 {
			return Outcome{true, 1 - s, fmt.Sprintf("%s has fewer than 3 pieces", sideName(s))}
		}
	}
	if p.Empty() == 0 {
		return Outcome{true, -1, "the board is full"}
	}
	if !p.HasMove() {
		return Outcome{true, 1 - int(p.side), fmt.Sprintf("%s has no legal move", sideName(int(p.side)))}
	}
	if n := p.rules.NMovePlies; n > 0 && int(p.clock) >= n {
		return Outcome{true, -1, fmt.Sprintf("%d plies without a placement or a removal", n)}
	}
	if n := p.rules.Repetitions; n > 0 && p.Repetitions()+1 >= n {
		return Outcome{true, -1, fmt.Sprintf("the position occurred %d times", n)}
	}
	return Outcome{Winner: -1}
}

func sideName(s int) string {
	if s == White {
		return "white"
	}
	return "black"
}
