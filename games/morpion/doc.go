// Package morpion implements Morpion Solitaire (Join Five) in its 5T
// (touching) and 5D (disjoint) variants: the board, the standard notations
// (Pentasol text, JSON, the move-layer code), the DNA preference encoding,
// layer analysis and pictures. The rules and encodings follow
// ../shared/specs/morpion.md.
//
// Files: geometry.go (coordinates, lines, the reference frame), board.go and
// tracks.go (the hot path: allocation-free play and undo with an incremental
// list of legal moves), playout.go (random playouts), grid.go (a game as a
// move sequence, replay and validation), pentasol.go, json.go, layers.go,
// dna.go, picture.go, and game.go (the games.Game adapter).
//
// # Board size
//
// The board is 64×64 points with the start cross at 27..36 on both axes, so a
// line can reach 27 points beyond the cross in every direction before it
// meets the edge. The best games known (the 178-move 5T record, the 82-move
// 5D record, Bruneau's 170) span at most 26 points across, extending at most
// 13 points beyond the cross; the DNA's 40×40 line window extends 19 beyond.
// Random playouts stay far closer (a test checks a million of them never come
// within 8 points of the edge), so the edge never cuts a game short; a move
// that would leave the board is refused with the reason "outside the board".
// 64 is also the width of a uint64, which makes every line of points one
// machine word (see tracks.go).
package morpion
