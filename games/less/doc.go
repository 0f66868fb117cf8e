// Package less is Less, the four-player game of CodeCup 2017: the board
// and its walls, moves and their costs, turns of up to three points, the
// teammate's pieces once home, the 80-turn limit, scoring by points used
// plus the solo distance home, every distinct action of a turn, the action
// text of the CodeCup protocol, and a random wall generator. The rules
// follow ../shared/specs/less.md.
//
// Files: board.go (squares, walls, moves and their costs, the wall
// generator), position.go (a game in progress: play, turns, passes, the end,
// scores, and Hash, the Zobrist key of transposition tables), action.go
// (whole turns and every distinct action of one), distance.go (solo
// distances home, exact, and the route alone), text.go (the position text),
// game.go (the games.Game adapter) and playout.go.
//
// The hot path is playout.go (the MCTS playouts' move generation over
// per-direction square sets, without a move list) with position.go's Play
// and Hash, which every tree step and playout step calls.
package less
