// Package morrisdb is Nine Men's Morris solved for the moving and flying
// phases (standard rules, both hands empty) by retrograde analysis, and
// read back for the engines.
//
// A space W-B holds every placement in which the side to move has W pieces
// on the board and the other side B, C(24,W)·C(24−W,B) of them (no
// reachability filter), stored once for each class that the board's 16
// symmetries make of them (games/morris Symmetries): a row for each class
// of the mover's sets, a cell in it for each set of the other side's
// points, ranked among the free points; where the row's set has
// symmetries of its own, the cells of a class but one are holes
// (classindex.go, index.go: 3% of all cells). Solving on classes counts a
// position's moves as its orbit's size (solve.go, table). A move without
// a capture leads from W-B into B-W,
// so the two are solved together (solve.go); a capture leads into
// (B−1)-W, solved before (Plan). Each position gets its value for the
// side to move, a win, a draw or a loss, with the plies to the next capture
// or the end of the game (value.go): following the shortest win converts
// it inside any N-move rule that a capture resets. Files (file.go) are
// written once each, so a build that was stopped goes on where it stopped
// (build.go), and mapped into memory to be read (db.go): by the engines'
// probe, to judge the moves of a game (slips.go) and to decide a game a
// referee stops (adjudicate.go). The placement phase is searched with the
// database at its leaves (opening.go): the start's value, where a game
// was lost (mistakes.go), whether an engine's placement loses (morrisai's
// refute.go) and whether a match's random opening is a draw.
package morrisdb
