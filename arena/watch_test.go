package arena_test

import (
	"context"
	"slices"
	"testing"

	"gameai/arena"
	"gameai/competition"
)

// A watcher sees the game as it starts and after every move, as far as
// it has gone, and the last it sees is the game played. The first look,
// before any move, is what replaces a retried game's earlier attempt.
func TestAWatcherSeesEveryMove(t *testing.T) {
	less := lessSpec(4, "gameai:greedy", "gameai:greedy:seed=3", "gameai:greedy", "gameai:greedy:seed=3")
	morris := arena.Spec{Game: competition.Morris, N: 2, Board: 4, Seed: 2, Clock: arena.Clock{MoveMS: 1000},
		Seats: []arena.Entrant{{ID: "gameai:alphabeta:strategy=ga-2019-best,depth=1"}, {ID: "gameai:alphabeta:strategy=petcu-e32,depth=1"}}}
	for _, s := range []arena.Spec{less, morris} {
		var seen []arena.Outcome
		s.Watch = func(o arena.Outcome) { seen = append(seen, o) }
		o, err := arena.Runner{}.Play(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		if len(seen) != len(o.Moves)+1 {
			t.Fatalf("%s: %d moves played, %d seen", s.Game, len(o.Moves), len(seen))
		}
		for i, w := range seen {
			if len(w.Moves) != i || !slices.Equal(w.Moves, o.Moves[:i]) || len(w.TimesMS) != i ||
				w.Board != o.Board || w.Result.N != s.N || len(w.ThinkMS) != len(o.ThinkMS) || w.Result.Score != nil {
				t.Fatalf("%s: after move %d the watcher saw %+v", s.Game, i, w)
			}
		}
		last := seen[len(seen)-1]
		if !slices.Equal(last.TimesMS, o.TimesMS) {
			t.Errorf("%s: times seen last %v, played %v", s.Game, last.TimesMS, o.TimesMS)
		}
	}
}
