// Package morris is Nine Men's Morris with its Twelve Men's and Lasker
// variants and the rule options Sanmill's engine offers: positions with
// make and unmake, legal moves, perft, the position and move notations,
// game records, the 19-feature evaluation and the strategies that weigh it.
// The rules follow ../shared/specs/morris.md.
//
// Files: rules.go (variants, rule options, and Illegal, which says which
// rule a move breaks as a games.IllegalMoveError), board.go (points, their names, the lines of each
// board), position.go (a position: Make and Unmake with undo records,
// repetition and the draw rules), outcome.go (whether a game is over, who
// won and why), move.go (moves and their text), movegen.go and
// movegen_standard.go (move generation), lines.go (line counts of the
// evaluation), eval.go (the 19 features and Evaluate), strategy.go (the
// preset and tuned coefficient vectors), perft.go, text.go (the position
// text), record.go (PGN-like game records) and game.go (the games.Game
// adapter).
//
// The hot path of every search is movegen.go, movegen_standard.go (the
// standard board word-parallel), lines.go and eval.go, with position.go's
// Make and Unmake: they allocate nothing.
package morris
