package lessai

import "gameai/ai/mcts"

// DefaultConfig is the MCTS setting of the Less engines: RAVE, transpositions,
// every move tried once before any twice (first-play urgency 1, in the
// order of the move priors), expansion stopped 24 moves deep. Playouts stop
// at HorizonTurns (Node); PlayoutLimit, 64 moves, is only a backstop (a
// turn is at most three steps, so 16 turns never reach it). Changes against
// the CodeCup 2017 runner-up are in docs/strength.md. Measured against greedy bots, 3 s a
// game, 20 games on each of two sets of layouts (mean margin a game):
// first-play urgency 0.55 and playouts of 40: +2.5; urgency 1: +9.6 and
// +8.1; urgency 1 and playouts of 64: +17.0 and +8.6 (`go run -tags lessexp
// ./scripts/lesstune -games 20`). This is the setting of the mcts engine and
// of the tree under uct; uct (RAVE off) is the default engine.
// A copy each call: the setting is no state to change.
func DefaultConfig() mcts.Config {
	return mcts.Config{C: 0.4, RAVE: true, RaveK: 300, FPU: 1, Transpositions: true, MaxDepth: 24, ExpandAfter: 1, PlayoutLimit: 64, MaxNodes: 1 << 20}
}
