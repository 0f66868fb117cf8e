// Package mcts is Monte Carlo tree search, generic over games: UCT with
// RAVE (Gelly and Silver's β schedule), transpositions with shared
// statistics (UCT-2: Childs, Brodeur and Kocsis), first-play urgency in the
// order of the game's move priors, playouts by the game's policy with a
// cut-off and an evaluation, team-aware selection (the root's side
// maximises, its teammates are sampled by prior, opponents minimise), time
// and iteration limits, cancellation and root parallelism.
package mcts

// Role is how a player chooses in the tree, relative to the root's player.
type Role uint8

// The roles.
const (
	// Max is the root's player: it picks what is best for its side.
	Max Role = iota
	// Min is an opponent: it picks what is worst for the root's side.
	Min
	// Chance is a teammate whose choices are not ours: its moves are
	// sampled in proportion to their priors.
	Chance
)

// State is a game position as MCTS sees it. P is the state's own pointer
// type: the search keeps one scratch state per thread and copies the root
// into it at every iteration (copy-make), so CopyFrom must not allocate
// once warmed up.
type State[P any, M comparable] interface {
	// CopyFrom makes the state a copy of src.
	CopyFrom(src P)
	// Moves appends the legal moves of the player to move; none when the
	// game is over.
	Moves(buf []M) []M
	// Play plays a legal move.
	Play(m M)
	// ToMove is the player to move.
	ToMove() int
	// Over reports whether the game is over.
	Over() bool
	// Reward is the outcome for player's side in [0, 1] (1 a win, 0.5 a
	// draw): of the finished game, or estimated where a playout was cut off.
	Reward(player int) float64
	// Hash identifies the position (for transpositions).
	Hash() uint64
	// Role is how player chooses when root is the root's player.
	Role(root, player int) Role
	// Prior is a move's weight (> 0): the order in which unvisited moves
	// are tried, and a teammate's odds of playing it.
	Prior(m M) float64
	// MoveKey maps a move to [0, KeySpace) for RAVE; moves of different
	// players are told apart by the player.
	MoveKey(m M) int
	KeySpace() int
	// Players is the number of players.
	Players() int
	// PlayoutMove picks a move for a playout from the legal moves (the
	// game's default policy, e.g. towards the target), using r.
	PlayoutMove(moves []M, r *Rand) M
}

// PlayoutStepper is what a game may add to skip building the move list in
// playouts: choose a move by its playout policy and play it in one pass,
// returning it (false when there is no move). The search uses it when the
// state has it.
type PlayoutStepper[M comparable] interface {
	PlayoutStep(r *Rand) (M, bool)
}

// PriorLister is what a game may add when a node's priors are weighed
// together rather than one by one: a mixture of distributions, each
// normalised over the node's moves. It appends the priors of moves (each
// > 0) to buf; the search uses it in place of Prior when the state has it.
type PriorLister[M comparable] interface {
	Priors(moves []M, buf []float64) []float64
}
