package nested

// Problem is a one-player game for the nested searches. Its moves are codes
// in [0, Codes()); NRPA learns one weight per code, so a code should name
// the same move wherever it is legal.
type Problem interface {
	// Moves appends the legal moves of the current position to buf.
	Moves(buf []int32) []int32
	// Play plays a legal move.
	Play(code int32)
	// Undo takes back the last move played since the root.
	Undo()
	// Reset returns to the root position.
	Reset()
	// Depth is the number of moves played since the root.
	Depth() int
	// Score is the value of the current position (the result at the end).
	Score() float64
	// Codes bounds the move codes.
	Codes() int
}

// Sequence is a game from the root: its moves and final score.
type Sequence struct {
	Moves []int32
	Score float64
}

func (s Sequence) clone() Sequence {
	return Sequence{Moves: append([]int32(nil), s.Moves...), Score: s.Score}
}
