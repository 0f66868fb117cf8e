// Package minimax is alpha-beta search for two-player zero-sum games:
// negamax with principal variation search, iterative deepening, a
// transposition table, move ordering (table move, tactical moves, killers,
// history), a time manager, draws and win/loss scores by distance, and
// context cancellation. It is generic over the game's position type, so the
// hot loop calls the game's methods directly.
package minimax

// Score is a search score from the side to move's view.
type Score int32

// Score bounds. A win found at ply n from the root scores Mate-n, so that
// the search prefers the quickest win and the slowest loss.
const (
	Inf  Score = 1 << 30
	Mate Score = 1 << 28
	// MateBound: scores beyond it are wins or losses by distance.
	MateBound Score = Mate - 1024
)

// IsMate reports whether s is a win or a loss found by the search.
func IsMate(s Score) bool { return s >= MateBound || s <= -MateBound }

// Tactical is the flag OrderKeys adds to a forcing move's key.
const Tactical = 1 << 30

// Position is what the search needs of a game. Moves must be comparable
// values (packed words): they are stored in the transposition table.
type Position[M comparable] interface {
	// GenMoves appends the legal moves; none means the side to move has
	// lost by the game's rules of play (Terminal says how it ends).
	GenMoves(buf []M) []M
	Make(m M)
	Unmake(m M)
	// Hash identifies the position for the transposition table.
	Hash() uint64
	// HashAfter is the Hash that Make(m) would give, without playing m:
	// the search fetches the table slot of the next move into the cache
	// while it searches the current one.
	HashAfter(m M) uint64
	// Terminal reports a game over by its rules before any move is
	// generated: a win, a loss or a draw, with the score for the side to
	// move (Mate for a win, -Mate for a loss, 0 for a draw; the search
	// adds the distance). ply is the distance from the root: a position
	// repeating one of the search's own path since the root is a draw the
	// side to move can claim, which the game may report here.
	Terminal(ply int) (over bool, score Score)
	// Evaluate scores a position that is not over, for the side to move.
	Evaluate() Score
	// OrderKeys appends, for each move, its history key in [0, KeySpace)
	// plus Tactical when the move is forcing (Morris: a mill), searched
	// early. One call for all the moves of a node.
	OrderKeys(moves []M, keys []int32) []int32
	// KeySpace bounds the history keys.
	KeySpace() int
}
