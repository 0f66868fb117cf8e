package ai

import (
	"context"
	"errors"
	"time"

	"gameai/games"
)

// Limits bound one search. Zero means "no limit of this kind"; a search with
// no limit at all is refused by the service before it reaches an engine.
type Limits struct {
	Time       time.Duration
	Depth      int
	Nodes      int64
	Iterations int64
}

// IsZero reports whether no limit is set.
func (l Limits) IsZero() bool { return l == Limits{} }

// Result is what a search found and what it cost.
type Result struct {
	Move    games.Move
	Score   float64
	PV      []games.Move
	Depth   int
	Nodes   int64
	Elapsed time.Duration
	// Reused is the visits an MCTS search started with, from a tree kept
	// from an earlier search that reached this position (0: a new tree).
	Reused int64
	// Unchecked says a check the engine makes at this position did not
	// run (Morris's refuter, busy with another search): the answer is
	// below the engine's own and is not kept as its analysis.
	Unchecked bool
	// DB is a perfect-play database's value of the position for the side
	// to move ("win in 13": plies to the next capture), "" when none
	// covers it.
	DB string
}

// Info is a progress report of a running search (one per finished depth or
// every few thousand iterations, at the engine's choice).
type Info struct {
	Depth   int
	Score   float64
	Nodes   int64
	PV      []games.Move
	Elapsed time.Duration
}

// Request is one search: a position, limits, engine options (such as a
// strategy name) and an optional progress callback.
type Request struct {
	State    games.State
	Limits   Limits
	Options  map[string]string
	Progress func(Info)
	// Shared, when set, is a transposition table shared beyond this search,
	// which an engine that has one may start from and add to (only in
	// searches bounded by time alone: the others promise to repeat).
	Shared SharedTable
}

// SharedTable is the shallow part of a transposition table kept outside the
// engine (in Redis, or in memory): entries by position hash, encoded by the
// engine. It is one table per game, variant, rule options, engine, version
// and engine options (the evaluation), named by whoever gives it. Load is
// one round trip for all the hashes, Store one batch; a table that does not
// answer loads nothing and stores nothing, and the search goes on cold.
type SharedTable interface {
	Load(ctx context.Context, hashes []uint64) map[uint64][]byte
	Store(ctx context.Context, entries map[uint64][]byte)
}

// Engine finds a move. Search must honour ctx (return the best move so far
// when it is cancelled after a move is known), must not modify req.State, and
// must be safe to call from several goroutines at once.
type Engine interface {
	Search(ctx context.Context, req Request) (Result, error)
}

// ErrNoMove is returned for a terminal position.
var ErrNoMove = errors.New("ai: no legal move in this position")

// OptionError says that an engine option is unknown or has a bad value.
type OptionError struct {
	Name, Reason string
	// Unknown: the engine takes no option of that name.
	Unknown bool
}

func (e *OptionError) Error() string { return "engine option " + e.Name + ": " + e.Reason }
